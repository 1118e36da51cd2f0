"""Play > Options: every `wec.Options` field, generated from the dataclass, grouped by topic.

Each field gets a widget by its type (a check box for bool, a spin box for int, a combo box for
the choice fields) and its docstring as label tip; fields not named in `TOPICS` land in "Other",
so a new option always appears. The dialog also holds the sides, the play mode, the computer's
level and time, and the governments (which are options too).
"""
from __future__ import annotations

import ast
import dataclasses
import inspect
import textwrap
from functools import lru_cache
from typing import Any

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFormLayout, QGroupBox, QHBoxLayout, QLabel, QScrollArea,
                               QSpinBox, QVBoxLayout, QWidget)

import wec
from wec import options as wec_options
from wec.ai import LEVELS

from .settings import MODES, Preferences

TOPICS: list[tuple[str, tuple[str, ...]]] = [
    ("Movement (R4)", ("movement", "md_pawns", "jet_sub_combat", "tank_range", "cleric_range",
                       "queen_tank_range", "queen_cleric_range", "doze_enemies")),
    ("Governments (R2.1)", ("government_black", "government_white")),
    ("Fire (R7)", ("flame_range", "stunner_range", "stun_turns", "stunner_rate", "flame_rate",
                   "conversion_rate", "projectile_rate", "homing_range", "jet_rocket_range")),
    ("Hidden pieces (R10)", ("invisible_pieces", "lock_on", "range_detection",
                             "stealth_detect_range", "sonar_range", "dominance",
                             "stealthy_primary")),
    ("Turn and articles (R3, R6, R9)", ("primary_may_fly", "one_action_per_piece",
                                         "movement_only", "transport_from_carrier")),
    ("End of game and mode (R11, R12)", ("quiet_turn_draw", "competitive")),
]

CHOICES: dict[str, tuple[str, ...]] = {
    "movement": wec_options.MOVEMENTS, "md_pawns": wec_options.MD_PAWNS,
    "government_black": wec_options.GOVERNMENTS, "government_white": wec_options.GOVERNMENTS,
    "dominance": wec_options.DOMINANCE}

MODE_LABELS = {"hotseat": "Hotseat (two humans)", "human_vs_computer": "Human vs computer",
               "computer_vs_computer": "Computer vs computer (autoplay)"}


@lru_cache(maxsize=1)
def option_docs() -> dict[str, str]:
    """Each Options field's attribute docstring (the string right after it in the class)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(wec.Options)))
    cls = tree.body[0]
    out: dict[str, str] = {}
    body = getattr(cls, "body", [])
    for node, nxt in zip(body, body[1:]):
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(nxt, ast.Expr)):
            continue
        doc = nxt.value
        if isinstance(doc, ast.Constant) and isinstance(doc.value, str):
            out[node.target.id] = " ".join(doc.value.split())
    return out


def grouped_fields() -> list[tuple[str, list[dataclasses.Field]]]:
    """The Options fields by topic; every field appears exactly once."""
    fields = {f.name: f for f in dataclasses.fields(wec.Options)}
    out = []
    seen: set[str] = set()
    for title, names in TOPICS:
        group = [fields[n] for n in names if n in fields]
        seen |= {f.name for f in group}
        if group:
            out.append((title, group))
    rest = [f for n, f in fields.items() if n not in seen]
    if rest:
        out.append(("Other", rest))
    return out


def label_of(name: str) -> str:
    return name.replace("_", " ").capitalize()


class OptionsDialog(QDialog):
    """Every game option plus the sides and the computer; `result_preferences()` after exec."""

    def __init__(self, prefs: Preferences, parent: QWidget | None = None, *,
                 locked: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("options_dialog")
        self.setWindowTitle("Play options")
        self.prefs = prefs
        self.widgets: dict[str, QWidget] = {}
        current = prefs.game_options()
        docs = option_docs()
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
        inner = QWidget()
        grid = QHBoxLayout(inner)
        columns = [QVBoxLayout(), QVBoxLayout()]
        for i, (title, fields) in enumerate(grouped_fields()):
            box = QGroupBox(title)
            fl = QFormLayout(box)
            for f in fields:
                w = self._widget(f, getattr(current, f.name))
                tip = docs.get(f.name, "")
                w.setToolTip(tip)
                w.setObjectName(f"option_{f.name}")
                lab = QLabel(label_of(f.name))
                lab.setToolTip(tip)
                fl.addRow(lab, w)
                self.widgets[f.name] = w
            columns[0 if i in (0, 1, 4) else 1].addWidget(box)
        for c in columns:
            c.addStretch(1)
            grid.addLayout(c)
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

    def _widget(self, f: dataclasses.Field, value: Any) -> QWidget:
        if f.name in CHOICES:
            w = QComboBox()
            w.addItems(list(CHOICES[f.name]))
            w.setCurrentText(str(value))
            return w
        if f.type in ("bool", bool):
            c = QCheckBox()
            c.setChecked(bool(value))
            return c
        if f.type in ("int", int):
            s = QSpinBox()
            s.setRange(0, 10000)
            s.setValue(int(value))
            return s
        from PySide6.QtWidgets import QLineEdit
        return QLineEdit(str(value))

    def _value(self, name: str) -> Any:
        w = self.widgets[name]
        if isinstance(w, QComboBox):
            return w.currentText()
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, QSpinBox):
            return w.value()
        return w.text()  # type: ignore[attr-defined]

    def set_value(self, name: str, value: Any) -> None:
        """Set one option's widget (for tests and Restore Defaults)."""
        w = self.widgets[name]
        if isinstance(w, QComboBox):
            w.setCurrentText(str(value))
        elif isinstance(w, QCheckBox):
            w.setChecked(bool(value))
        elif isinstance(w, QSpinBox):
            w.setValue(int(value))

    def restore_defaults(self) -> None:
        default = wec.Options()
        for name in self.widgets:
            self.set_value(name, getattr(default, name))

    def chosen_options(self) -> wec.Options:
        """The options set in the dialog (wec.OptionsError when invalid)."""
        return wec.Options(**{name: self._value(name) for name in self.widgets})

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
