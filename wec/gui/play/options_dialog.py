"""Play > Options: every `wec.Options` field, generated from the dataclass, grouped by topic.

Each field gets a widget by its type (a check box for bool, a spin box for int, a combo box for
the choice fields) and its docstring as label tip; fields not named in `TOPICS` land in "Other",
so a new option always appears. The dialog also holds the sides, the play mode, the computer's
level and time, and the governments (which are options too).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout,
                               QGroupBox, QLabel, QScrollArea, QSpinBox, QVBoxLayout, QWidget)

import wec
from wec.ai import LEVELS

from wec.gui.play.settings import MODES, Preferences
from wec.gui.widgets.options_form import OptionsWidget

MODE_LABELS = {"hotseat": "Hotseat (two humans)", "human_vs_computer": "Human vs computer",
               "computer_vs_computer": "Computer vs computer (autoplay)"}


class OptionsDialog(QDialog):
    """Every game option plus the sides and the computer; `result_preferences()` after exec."""

    def __init__(self, prefs: Preferences, parent: QWidget | None = None, *,
                 locked: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("options_dialog")
        self.setWindowTitle("Play options")
        self.prefs = prefs
        current = prefs.game_options()
        outer = QVBoxLayout(self)
        sides = QGroupBox("Sides and computer")
        form = QFormLayout(sides)
        self.mode = QComboBox()
        for m in MODES:
            self.mode.addItem(MODE_LABELS[m], m)
        self.mode.setCurrentIndex(MODES.index(prefs.mode))
        form.addRow("Play", self.mode)
        self.human = QComboBox()
        self.human.addItems(["black", "white"])
        self.human.setCurrentText(prefs.human)
        form.addRow("Your side (vs computer)", self.human)
        self.level = QSpinBox()
        self.level.setRange(min(LEVELS), max(LEVELS))
        self.level.setValue(prefs.ai_level)
        form.addRow("Computer level", self.level)
        self.seconds = QDoubleSpinBox()
        self.seconds.setRange(0.1, 120.0)
        self.seconds.setSingleStep(0.5)
        self.seconds.setValue(prefs.ai_seconds)
        self.seconds.setSuffix(" s per turn")
        form.addRow("Computer time", self.seconds)
        outer.addWidget(sides)
        inner = OptionsWidget(current)
        self.form = inner
        self.widgets = inner.widgets
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        outer.addWidget(scroll, 1)
        self.error = QLabel("")
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        outer.addWidget(self.error)
        if locked:
            inner.setEnabled(False)
            outer.addWidget(QLabel("A competitive game is in progress: rule changes apply to the "
                                   "next game only (R12.3)."))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.RestoreDefaults)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(
            self.restore_defaults)
        outer.addWidget(self.buttons)
        self.resize(900, 640)

    def set_value(self, name: str, value: Any) -> None:
        """Set one option's widget (for tests and Restore Defaults)."""
        self.form.set_value(name, value)

    def restore_defaults(self) -> None:
        self.form.restore_defaults()

    def chosen_options(self) -> wec.Options:
        """The options set in the dialog (wec.OptionsError when invalid)."""
        return wec.Options(**self.form.values())

    def accept(self) -> None:
        try:
            self.chosen_options()
        except wec.OptionsError as e:
            self.error.setText(str(e))
            return
        super().accept()

    def result_preferences(self) -> Preferences:
        prefs = dataclasses.replace(self.prefs)
        prefs.options = self.chosen_options().changes()
        prefs.mode = str(self.mode.currentData())
        prefs.human = self.human.currentText()
        prefs.ai_level = self.level.value()
        prefs.ai_seconds = self.seconds.value()
        return prefs
