"""File > New: the New Game dialog, as a chess GUI has it: who plays (against the computer,
hotseat, computer against computer), your side, the computer's level in words and its time per
turn, the starting position (the standard set-up or a predefined scenario, wec/scenarios), the
clocks (wec/gui/play/clocks.py) and competitive play (R12.3). The other game options stay in Play > Options.
"""
from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QDoubleSpinBox, QFormLayout, QLabel, QVBoxLayout, QWidget)

import wec
from wec.rules import scenarios
from wec.ai import LEVELS

from wec.gui.play.clocks import ClockChoice
from wec.gui.play.settings import MODES, Preferences

MODE_WORDS = {"human_vs_computer": "Against the computer",
              "hotseat": "Two players at this computer (hotseat)",
              "computer_vs_computer": "Computer against computer (watch)"}
LEVEL_WORDS = {
    1: "Beginner — judges its Move as it lands",
    2: "Casual — also sees the fires that follow",
    3: "Club — sees the turn's captures and fires",
    4: "Strong — also weighs your reply",
    5: "Expert — searches as deep as its time allows",
}
"""The levels of wec.ai.LEVELS in a player's words (each level beats the one below)."""
STANDARD = ""
"""The scenario combo's entry for the standard set-up (with Play > Options' options)."""


def level_words(n: int) -> str:
    return f"{n}. {LEVEL_WORDS.get(n, f'Level {n}')}"


def scenario_title(name: str) -> str:
    return name.replace("_", " ").capitalize()


class NewGameDialog(QDialog):
    """Choose the new game; `result_game()` and `result_preferences()` read the choice."""

    def __init__(self, prefs: Preferences, parent: QWidget | None = None,
                 scenario: str = STANDARD) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setObjectName("new_game")
        self.prefs = prefs
        form = QFormLayout()
        self.mode = QComboBox()
        self.mode.setObjectName("new_mode")
        for m in MODES:
            self.mode.addItem(MODE_WORDS[m], m)
        self.mode.setCurrentIndex(self.mode.findData(prefs.mode))
        form.addRow("Players", self.mode)
        self.side = QComboBox()
        self.side.setObjectName("new_side")
        self.side.addItem("Black (moves first)", "black")
        self.side.addItem("White", "white")
        self.side.setCurrentIndex(self.side.findData(prefs.human))
        form.addRow("Your side", self.side)
        self.level = QComboBox()
        self.level.setObjectName("new_level")
        for n in sorted(LEVELS):
            self.level.addItem(level_words(n), n)
        self.level.setCurrentIndex(self.level.findData(prefs.ai_level))
        form.addRow("Computer's strength", self.level)
        self.seconds = QDoubleSpinBox()
        self.seconds.setObjectName("new_seconds")
        self.seconds.setRange(0.1, 120.0)
        self.seconds.setSingleStep(0.5)
        self.seconds.setDecimals(1)
        self.seconds.setSuffix(" s per turn")
        self.seconds.setValue(prefs.ai_seconds)
        form.addRow("Computer's time", self.seconds)
        self.scenario = QComboBox()
        self.scenario.setObjectName("new_scenario")
        self.scenario.addItem("Standard game (Play > Options)", STANDARD)
        for name, text in scenarios.SCENARIOS.items():
            if name == "standard":
                continue
            self.scenario.addItem(scenario_title(name), name)
            self.scenario.setItemData(self.scenario.count() - 1, text, 3)  # tool tip role
        self.scenario.setCurrentIndex(max(0, self.scenario.findData(scenario)))
        form.addRow("Start from", self.scenario)
        self.clock = ClockChoice()
        form.addRow("Clock", self.clock)
        self.about = QLabel("")
        self.about.setWordWrap(True)
        self.about.setStyleSheet("color: #555;")
        self.about.setMinimumHeight(self.fontMetrics().lineSpacing() * 4)  # the longest text
        self.about.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.competitive = QCheckBox("Competitive (R12.3): no undo, each side reads only what "
                                     "it saw")
        self.competitive.setObjectName("new_competitive")
        self.competitive.setChecked(bool(prefs.options.get("competitive", False)))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.start = buttons.addButton("Start", QDialogButtonBox.ButtonRole.AcceptRole)
        self.start.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.about)
        lay.addWidget(self.competitive)
        lay.addWidget(buttons)
        self.setMinimumWidth(560)
        self.mode.currentIndexChanged.connect(self._sync)
        self.scenario.currentIndexChanged.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        mode = self.mode.currentData()
        self.side.setEnabled(mode == "human_vs_computer")
        computer = mode != "hotseat"
        self.level.setEnabled(computer)
        self.seconds.setEnabled(computer)
        name = self.scenario.currentData()
        self.about.setText(scenarios.SCENARIOS.get(name, "The standard set-up (R2.5) with the "
                                                         "options of Play > Options.")
                           if name else "The standard set-up (R2.5) with the options of "
                                        "Play > Options.")

    def result_preferences(self) -> Preferences:
        prefs = copy.deepcopy(self.prefs)
        prefs.mode = str(self.mode.currentData())
        prefs.human = str(self.side.currentData())
        prefs.ai_level = int(self.level.currentData())
        prefs.ai_seconds = float(self.seconds.value())
        opts = dict(prefs.options)
        opts["competitive"] = self.competitive.isChecked()
        prefs.options = wec.Options.from_dict(opts).changes()
        return prefs

    def result_game(self) -> wec.Game:
        """The game chosen (a scenario keeps its own options; competitive as ticked)."""
        name = self.scenario.currentData()
        competitive = self.competitive.isChecked()
        clock = self.clock.time_control()
        if not name:
            return wec.Game.new(self.result_preferences().game_options(), clock)
        pos: dict[str, Any] = scenarios.load(str(name))
        if competitive:
            pos.setdefault("options", {})["competitive"] = True
        game = wec.Game.from_position(pos)
        game.set_time_control(clock)
        return game
