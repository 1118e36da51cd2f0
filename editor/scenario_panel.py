"""The scenario's settings: side to move, turn number, each side's government (R2.1) and the
game options (RULES.md §13, `wec.Options`), all undoable edits of the document."""
from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QLabel, QPushButton, QScrollArea, QSpinBox, QVBoxLayout, QWidget)

from wec import Options, rules
from wec.options import DOMINANCE, GOVERNMENTS, MD_PAWNS, MOVEMENTS

from . import model
from .document import EditorDocument

CHOICES = {"movement": MOVEMENTS, "md_pawns": MD_PAWNS, "government_black": GOVERNMENTS,
           "government_white": GOVERNMENTS, "dominance": DOMINANCE}
RANGES = {"stun_turns": (1, 255), "quiet_turn_draw": (0, 10000), "tank_range": (1, 9),
          "cleric_range": (1, 9), "queen_tank_range": (1, 9), "queen_cleric_range": (1, 9),
          "flame_range": (1, 9), "stunner_range": (1, 9),
          # R7.2 per-launcher rates: 0 = the projectile rate
          "rocket_rate": (0, 99), "sam_rate": (0, 99), "torpedo_rate": (0, 99)}
RATE = (1, 99)
SKIPPED = ("government_black", "government_white")  # set in the panel with the pieces


def option_docs() -> dict[str, str]:
    """Each option's one-line doc (the attribute docstrings of `wec.Options`)."""
    import ast
    import inspect
    import textwrap
    docs: dict[str, str] = {}
    tree = ast.parse(textwrap.dedent(inspect.getsource(Options)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    for a, b in zip(body, body[1:]):
        if isinstance(a, ast.AnnAssign) and isinstance(b, ast.Expr) and \
                isinstance(b.value, ast.Constant) and isinstance(a.target, ast.Name):
            docs[a.target.id] = str(b.value.value)
    return docs


class OptionsDialog(QDialog):
    """Every option of the scenario; shows what differs from the standard."""

    def __init__(self, options: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Scenario options")
        docs = option_docs()
        default = Options()
        self.widgets: dict[str, QWidget] = {}
        inner = QWidget()
        form = QFormLayout(inner)
        for f in dataclasses.fields(Options):
            if f.name in SKIPPED:
                continue
            value = options.get(f.name, getattr(default, f.name))
            w: QWidget
            if f.name in CHOICES:
                combo = QComboBox()
                for c in CHOICES[f.name]:
                    combo.addItem(c, c)
                combo.setCurrentIndex(max(0, combo.findData(value)))
                w = combo
            elif f.type == "bool":
                check = QCheckBox()
                check.setChecked(bool(value))
                w = check
            else:
                spin = QSpinBox()
                lo, hi = RANGES.get(f.name, RATE if f.name.endswith("_rate") else (0, 9))
                spin.setRange(lo, hi)
                spin.setValue(int(value))
                w = spin
            w.setToolTip(docs.get(f.name, ""))
            label = QLabel(f.name.replace("_", " "))
            label.setToolTip(docs.get(f.name, ""))
            form.addRow(label, w)
            self.widgets[f.name] = w
        scroll = QScrollArea()
        scroll.setWidget(inner)
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
        self.resize(460, 600)

    def restore_defaults(self) -> None:
        default = Options()
        for name, w in self.widgets.items():
            value = getattr(default, name)
            if isinstance(w, QComboBox):
                w.setCurrentIndex(max(0, w.findData(value)))
            elif isinstance(w, QCheckBox):
                w.setChecked(value)
            elif isinstance(w, QSpinBox):
                w.setValue(value)

    def values(self) -> dict[str, Any]:
        """The options that differ from the standard (a position's "options")."""
        default = Options()
        out = dict(self.keep)
        for name, w in self.widgets.items():
            if isinstance(w, QComboBox):
                value: Any = w.currentData()
            elif isinstance(w, QCheckBox):
                value = w.isChecked()
            else:
                assert isinstance(w, QSpinBox)
                value = w.value()
            if value != getattr(default, name):
                out[name] = value
        return out


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
        self.summary.setText("Options: " + (", ".join(f"{k} = {v}" for k, v in changed.items())
                                            if changed else "standard"))

    def edit_options(self) -> None:
        dialog = OptionsDialog(self.doc.position["options"], self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            values = dialog.values()
            self.doc.edit("Set options", lambda p: model.set_options(p, values))
