"""The whose-turn banner above the board: turn number, the side to move in large
type, what is left of the turn (the Move, Fires 0/1/2) and who plays each side.

It is built from what the seat may read only (wec/gui/play/seat.py): the turn, the side to move and
whether the Move is made are public (every player sees whose turn it is and waits for the End
Turn); the Fires used are counted from the mover's pieces marked `fired` in the seat's
observation, and only when the seat is the mover or sees everything: an enemy's Fires may come
from pieces the seat cannot see.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

MAX_FIRES = 2
"""R6.1: up to two Fires a turn."""

SIDE_STYLE = {"black": ("#1b1b1f", "#f4f0e6"), "white": ("#f7f3e8", "#1b1b1f")}
"""(background, text) of the side chip."""


@dataclass
class TurnFacts:
    """What the banner says."""

    turn: int
    to_move: str
    players: dict[str, str]
    """Side -> "you", "computer (level 3)", "player"."""
    moved: bool | None
    """None: not the seat's business (an enemy's turn seen from one side)."""
    fires: int | None
    result: str | None = None
    waiting: str = ""
    """A word on the computer's turn or a rewound game."""


def fires_used(source: Any, side: str) -> int:
    """The Fires `side` made this turn (R6.2: a piece fires at most once a turn, so the pieces
    marked `fired`), as `source` (its own observation) shows them."""
    return min(MAX_FIRES, sum(1 for p in source.pieces(side) if p.fired))


def players(mode: str, human: str, level: int) -> dict[str, str]:
    """Who plays each side, in words."""
    computer = f"computer (level {level})"
    if mode == "computer_vs_computer":
        return {"black": computer, "white": computer}
    if mode == "human_vs_computer":
        return {c: ("you" if c == human else computer) for c in ("black", "white")}
    return {"black": "player", "white": "player"}


def turn_facts(source: Any, seat_side: str | None, *, mode: str, human: str,
               level: int, result_text: str | None = None) -> TurnFacts:
    """The banner's facts from `source`: the seat's observation (or the game when the seat sees
    everything)."""
    mover = source.to_move
    mine = seat_side is None or seat_side == mover
    fires = None
    moved = None
    if mine:
        moved = bool(source.moved)
        fires = fires_used(source, mover)
    return TurnFacts(turn=source.turn, to_move=mover, players=players(mode, human, level),
                     moved=moved, fires=fires, result=result_text)


class TurnBanner(QFrame):
    """Large: "Turn 12 · Black to move"; beside it the Move and Fires of the turn; below, who
    plays each side."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("turn_banner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.facts: TurnFacts | None = None
        self.side_chip = QLabel()
        self.side_chip.setObjectName("turn_side")
        self.side_chip.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.side_chip.setMinimumWidth(300)  # "Turn 123 · White to move" at 18 px bold
        self.actions_label = QLabel()
        self.actions_label.setObjectName("turn_actions")
        self.actions_label.setTextFormat(Qt.TextFormat.RichText)
        # a longer text ("... is playing its turn — Computer ...") must not widen the board's
        # pane: the board then shifted by pixels and was painted afresh at each step
        self.actions_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.players_label = QLabel()
        self.players_label.setObjectName("turn_players")
        self.players_label.setTextFormat(Qt.TextFormat.RichText)
        self.players_label.setWordWrap(True)
        right = QVBoxLayout()
        right.setContentsMargins(0, 0, 0, 0)
        right.setSpacing(1)
        right.addWidget(self.actions_label)
        right.addWidget(self.players_label)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 3, 6, 3)
        row.addWidget(self.side_chip, 0)
        row.addLayout(right, 1)
        self.setFixedHeight(self.sizeHint().height() + 6)  # its text never moves the board
        self.clear()

    def clear(self) -> None:
        """Nothing to show (the hand-off cover is up)."""
        self.facts = None
        self.side_chip.setText("")
        self.side_chip.setStyleSheet("")
        self.actions_label.setText("")
        self.players_label.setText("")

    def show_facts(self, facts: TurnFacts) -> None:
        self.facts = facts
        bg, fg = SIDE_STYLE[facts.to_move]
        head = (f"Game over" if facts.result else
                f"Turn {facts.turn} · {facts.to_move.capitalize()} to move")
        self.side_chip.setText(head)
        self.side_chip.setStyleSheet(
            f"QLabel {{ background: {bg}; color: {fg}; border: 2px solid #8a6d3b; "
            f"border-radius: 6px; padding: 4px 10px; font-size: 18px; font-weight: bold; }}")
        self.side_chip.setMinimumWidth(max(300, self.side_chip.sizeHint().width()))  # never clipped
        self.actions_label.setText(self.actions_text(facts))
        self.players_label.setText(" &nbsp;·&nbsp; ".join(
            f"<b>{side.capitalize()}</b>: {who}" for side, who in facts.players.items()))

    @staticmethod
    def actions_text(facts: TurnFacts) -> str:
        if facts.result:
            return f"<b>{facts.result}</b>"
        who = facts.players.get(facts.to_move, "")
        if facts.moved is None:
            return f"{facts.to_move.capitalize()} is playing its turn — {who}{facts.waiting}"
        move = ("<span style='color:#2a7a2a'><b>Move ✓ done</b></span>" if facts.moved
                else "<span style='color:#a04000'><b>Move: to do</b></span>")
        fires = f"Fires <b>{facts.fires}/{MAX_FIRES}</b>"
        end = " · End Turn when ready" if facts.moved else ""
        return f"{move} · {fires}{end}{facts.waiting}"

    def text(self) -> str:
        """Everything the banner says, as plain text (tests)."""
        parts = [self.side_chip.text(), self.actions_label.text(), self.players_label.text()]
        return re.sub(r"<[^>]+>", "", " | ".join(parts)).replace("&nbsp;", " ")
