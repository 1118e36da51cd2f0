"""Looking back at an earlier position: what the board shows of it, and the banner above the
board while it is shown ("Viewing turn 7 — Play from here / Back to game").

The earlier position is read as the side at the screen read it then, never more:
`Game.copy_at(ply)` stands a copy of the game after that many actions (the game in hand does not
move), and the copy's `observation(side)` is what that side knew there (its own pieces, the
enemies it saw, its last sightings and its record up to then, R10.6, R12.3); the whole copy only
where the seat sees the whole game (nothing hidden, a finished game, a spectator).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

import wec
from wec import Game
from wec.gui.play.board_widget import Highlights
from wec.gui.play.last_turn import last_turn_arrows
from wec.gui.play.seat import Seat
from wec.gui.play.snapshot import BoardSnapshot


@dataclass
class EarlierView:
    """One earlier position as the seat may see it."""

    ply: int
    turn: int
    to_move: str
    snapshot: BoardSnapshot
    highlights: Highlights
    judged: tuple[dict[str, Any], list[Any], str]
    """What the evaluation bar judges of it: the seen position, the last sightings and whose
    view (wec/gui/play/eval_bar.py)."""


def earlier_view(game: Game, side: str | None, ply: int) -> EarlierView:
    """The position after `ply` actions of `game`'s line (and redo line), as `side` saw it then
    (None: the whole position, for a seat that sees everything)."""
    earlier = game.copy_at(ply)
    seat = Seat(earlier, side)
    source: Any = seat.source()
    turns = seat.history(source)
    last: set[tuple[int, int]] = set()
    if turns:
        last = {(int(r), int(c)) for r, c in
                re.findall(r"\((\d+),(\d+)\)", turns[-1].split(",RS:")[0])}
    highlights = Highlights(set(), set(), None, last,
                            last_turn_arrows(turns[-1] if turns else None))
    judged = (earlier.position(), [], earlier.to_move) if side is None else \
        (source.position(), wec.ai.searched_sightings(source), side)
    return EarlierView(ply, earlier.turn, earlier.to_move,
                       BoardSnapshot.of(source, viewer=side), highlights, judged)


class BrowseBar(QWidget):
    """The banner over the board while an earlier position is shown."""

    playFromHere = Signal()
    backToGame = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("browse_bar")
        self.setStyleSheet("QWidget#browse_bar { background: #fff3c4; border: 2px solid "
                           "#c89b00; border-radius: 6px; }")
        self.label = QLabel("")
        self.label.setObjectName("browse_text")
        self.label.setStyleSheet("font-size: 15px; font-weight: bold; color: #5a4500;")
        self.play_button = QPushButton("Play from here")
        self.play_button.setObjectName("browse_play_from_here")
        self.play_button.clicked.connect(self.playFromHere.emit)
        self.back_button = QPushButton("Back to game")
        self.back_button.setObjectName("browse_back")
        self.back_button.setToolTip("Back to the position of the game in hand (End)")
        self.back_button.clicked.connect(self.backToGame.emit)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 3, 8, 3)
        row.addWidget(self.label, 1)
        row.addWidget(self.play_button)
        row.addWidget(self.back_button)
        self.hide()

    def show_view(self, view: EarlierView, live_ply: int, *, may_play: bool) -> None:
        where = "ahead of the game (redo line)" if view.ply > live_ply else \
            f"{live_ply - view.ply} action{'s' if live_ply - view.ply != 1 else ''} back"
        self.label.setText(f"Viewing turn {view.turn} — {view.to_move.capitalize()} to move, "
                           f"after {view.ply} action{'s' if view.ply != 1 else ''} ({where})")
        self.label.setToolTip("An earlier position, as the side at the screen saw it then; the "
                              "game itself has not moved.")
        self.play_button.setEnabled(may_play)
        self.play_button.setToolTip(
            "Take the game back (or forward) to this position, as Undo does" if may_play else
            "Undo is off in a competitive game (R12.3): this position can only be viewed")
        self.show()

    def text(self) -> str:
        return self.label.text()
