"""The scenario's settings: side to move, turn number, each side's government (R2.1) and the
game options (docs/RULES.md R13, `wec.Options`), all undoable edits of the document."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QPushButton, QScrollArea, QSpinBox, QVBoxLayout, QWidget)

from wec.gui.widgets.options_form import OptionsWidget, label_of
from wec import rules
from wec.game.options import GOVERNMENTS

from wec.gui.editor import model
from wec.gui.editor.document import EditorDocument

SKIPPED = ("government_black", "government_white")  # set in the panel with the pieces


class OptionsDialog(QDialog):
    """Every option of the scenario, as the game's Play > Options shows them (grouped, labels in
    words: wec.gui.widgets.options_form.OptionsWidget); `values()` is what differs from the
    standard."""

    def __init__(self, options: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Scenario options")
        self.setObjectName("editor_options")
        self.form = OptionsWidget(options, skip=SKIPPED)
        self.widgets = self.form.widgets
        scroll = QScrollArea()
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b01c1c;")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(
            self.restore_defaults)
        layout.addWidget(buttons)
        self.keep = {k: v for k, v in options.items() if k in SKIPPED}
        self.resize(860, 640)

    def restore_defaults(self) -> None:
        self.form.restore_defaults()

    def values(self) -> dict[str, Any]:
        """The options that differ from the standard (a position's "options")."""
        return {**self.keep, **self.form.changes()}


class ScenarioPanel(QWidget):
    """Side to move, turn, governments and the options button."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        form = QFormLayout(self)
        form.setContentsMargins(4, 4, 4, 4)
        self.to_move = QComboBox()
        for c in rules.COLORS:
            self.to_move.addItem(c.capitalize(), c)
        self.turn = QSpinBox()
        self.turn.setRange(1, 10**6)
        self.gov: dict[str, QComboBox] = {}
        form.addRow("To move", self.to_move)
        form.addRow("Turn", self.turn)
        for color in rules.COLORS:
            box = QComboBox()
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(8)
            for g in GOVERNMENTS:
                primary, secondary = rules.GOVERNMENTS[g]
                box.addItem(f"{g} ({primary} + {secondary})", g)
            box.setToolTip("R2.1: changes the option and turns this side's government pieces "
                           "(board and reserves) into the new ones")
            form.addRow(f"{color.capitalize()} government", box)
            box.currentIndexChanged.connect(lambda _i, c=color: self._government(c))
            self.gov[color] = box
        self.options_button = QPushButton("Options…")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: #555;")
        form.addRow(self.options_button)
        form.addRow(self.summary)
        self.to_move.currentIndexChanged.connect(
            lambda _i: doc.edit("Set side to move", lambda p: model.set_top(
                p, to_move=self.to_move.currentData())))
        self.turn.valueChanged.connect(
            lambda v: doc.edit("Set turn", lambda p: model.set_top(p, turn=v), "turn"))
        self.options_button.clicked.connect(self.edit_options)
        doc.changed.connect(self.refresh)
        self.refresh()

    def _government(self, color: str) -> None:
        g = self.gov[color].currentData()
        self.doc.edit(f"{color.capitalize()} government: {g}",
                      lambda p: model.set_government(p, color, g))

    def refresh(self) -> None:
        pos = self.doc.position
        for w, value in ((self.to_move, pos["to_move"]),):
            w.blockSignals(True)
            w.setCurrentIndex(max(0, w.findData(value)))
            w.blockSignals(False)
        self.turn.blockSignals(True)
        self.turn.setValue(int(pos.get("turn", 1)) if isinstance(pos.get("turn"), int) else 1)
        self.turn.blockSignals(False)
        for color, box in self.gov.items():
            box.blockSignals(True)
            box.setCurrentIndex(max(0, box.findData(model.government_of(pos, color))))
            box.blockSignals(False)
        changed = {k: v for k, v in pos["options"].items() if k not in SKIPPED}
        self.summary.setText("Options: " + (", ".join(f"{label_of(k)} = {v}"
                                                      for k, v in changed.items())
                                            if changed else "standard"))

    def edit_options(self) -> None:
        dialog = OptionsDialog(self.doc.position["options"], self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            values = dialog.values()
            self.doc.edit("Set options", lambda p: model.set_options(p, values))
