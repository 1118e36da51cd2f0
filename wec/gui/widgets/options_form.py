"""The options form: every `wec.Options` field, generated from the dataclass, grouped by topic.

Each field gets a widget by its type (a check box for bool, a spin box for int, a combo box for
the choice fields) and its docstring as label tip; fields not named in `TOPICS` land in "Other",
so a new option always appears. Shared by the play window's Play > Options and the board
editor's scenario options, which never import each other.
"""
from __future__ import annotations

import ast
import dataclasses
import inspect
import textwrap
from functools import lru_cache
from typing import Any

from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QSpinBox, QVBoxLayout, QWidget)

from wec.game import options as wec_options
from wec.game.options import Options

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

@lru_cache(maxsize=1)
def option_docs() -> dict[str, str]:
    """Each Options field's attribute docstring (the string right after it in the class)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(Options)))
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
    fields = {f.name: f for f in dataclasses.fields(Options)}
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


LABELS = {"md_pawns": "Mass Destruction pawns", "jet_sub_combat": "Jet / Sub combat",
          "tank_range": "Tank range", "queen_tank_range": "Queen's Tank range",
          "queen_cleric_range": "Queen's Cleric range", "doze_enemies": "Dozers push enemies",
          "government_black": "Black", "government_white": "White",
          "sam_rate": "SAM rate", "homing_range": "Homing range",
          "jet_rocket_range": "Jet rocket range", "lock_on": "Lock-on",
          "stealthy_primary": "Stealthy primary piece", "primary_may_fly": "Primary may fly",
          "quiet_turn_draw": "Draw after quiet turns (0: off)",
          "competitive": "Competitive (R12.3)"}
RANGES = {"stun_turns": (1, 255), "quiet_turn_draw": (0, 10000), "tank_range": (1, 9),
          "cleric_range": (1, 9), "queen_tank_range": (1, 9), "queen_cleric_range": (1, 9),
          "flame_range": (1, 9), "stunner_range": (1, 9),
          # R7.2 per-launcher rates: 0 = the projectile rate
          "rocket_rate": (0, 99), "sam_rate": (0, 99), "torpedo_rate": (0, 99)}
RATE = (1, 99)


def label_of(name: str) -> str:
    """A field's label in words ("Flame range"), never its raw name."""
    return LABELS.get(name, name.replace("_", " ").capitalize())


def value_range(name: str) -> tuple[int, int]:
    return RANGES.get(name, RATE if name.endswith("_rate") else (0, 9))


class OptionsWidget(QWidget):
    """Every `wec.Options` field (but `skip`), grouped by topic with labels in words and the
    field's docstring as tool tip: the one options form of Play > Options and of the board
    editor's scenario options."""

    def __init__(self, options: Options | dict[str, Any] | None = None,
                 parent: QWidget | None = None, *, skip: tuple[str, ...] = (),
                 columns: int = 2) -> None:
        super().__init__(parent)
        if isinstance(options, dict):
            default = Options()
            values = {f.name: options.get(f.name, getattr(default, f.name))
                      for f in dataclasses.fields(Options)}
        else:
            current = options or Options()
            values = {f.name: getattr(current, f.name) for f in dataclasses.fields(Options)}
        docs = option_docs()
        self.widgets: dict[str, QWidget] = {}
        grid = QHBoxLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        cols = [QVBoxLayout() for _ in range(max(1, columns))]
        for i, (title, fields) in enumerate(grouped_fields()):
            fields = [f for f in fields if f.name not in skip]
            if not fields:
                continue
            box = QGroupBox(title)
            fl = QFormLayout(box)
            for f in fields:
                w = self._widget(f, values[f.name])
                tip = docs.get(f.name, "")
                w.setToolTip(tip)
                w.setObjectName(f"option_{f.name}")
                lab = QLabel(label_of(f.name))
                lab.setToolTip(tip)
                fl.addRow(lab, w)
                self.widgets[f.name] = w
            col = cols[0] if len(cols) == 1 else cols[0 if i in (0, 1, 4) else 1]
            col.addWidget(box)
        for c in cols:
            c.addStretch(1)
            grid.addLayout(c)

    def _widget(self, f: dataclasses.Field, value: Any) -> QWidget:
        if f.name in CHOICES:
            w = QComboBox()
            for choice in CHOICES[f.name]:
                w.addItem(choice.replace("_", " "), choice)
            w.setCurrentIndex(max(0, w.findData(value)))
            return w
        if f.type in ("bool", bool):
            check = QCheckBox()
            check.setChecked(bool(value))
            return check
        s = QSpinBox()
        s.setRange(*value_range(f.name))
        s.setValue(int(value))
        return s

    def value(self, name: str) -> Any:
        w = self.widgets[name]
        if isinstance(w, QComboBox):
            return w.currentData()
        if isinstance(w, QCheckBox):
            return w.isChecked()
        assert isinstance(w, QSpinBox)
        return w.value()

    def set_value(self, name: str, value: Any) -> None:
        w = self.widgets[name]
        if isinstance(w, QComboBox):
            w.setCurrentIndex(max(0, w.findData(value)))
        elif isinstance(w, QCheckBox):
            w.setChecked(bool(value))
        elif isinstance(w, QSpinBox):
            w.setValue(int(value))

    def restore_defaults(self) -> None:
        default = Options()
        for name in self.widgets:
            self.set_value(name, getattr(default, name))

    def values(self) -> dict[str, Any]:
        """The fields shown, as set."""
        return {name: self.value(name) for name in self.widgets}

    def changes(self) -> dict[str, Any]:
        """The fields shown that differ from the standard (a position's "options")."""
        default = Options()
        return {k: v for k, v in self.values().items() if v != getattr(default, k)}
