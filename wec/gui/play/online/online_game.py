"""The game an online seat holds: built from its `state` frame's observation alone (the seat's
`Game.observation(side).position()`, docs/PROTOCOL.md), with the server's legal actions, the
seat's history and the result as the server sent them. Nothing of the other side's secrets is
in it, because the frame has none."""
from __future__ import annotations

import re
import time
from typing import Any, Callable

from wec.ai.view import loadable
from wec.game.action import Action, parse_action
from wec.game.clock import ClockReading, TimeControl
from wec.game.errors import PositionError
from wec.game.game import Game
from wec.game.record import ActionNote

PART = re.compile(r",(?=(?:MV|DZ|FI\d?|PU|DR|EX|RE|RS):)")
KINDS = {"MV": "MOVE", "DZ": "DOZE", "FI": "FIRE", "PU": "PICKUP", "DR": "DROP", "EX": "EXCHANGE",
         "RE": "REINFORCE"}


def turn_notes(history: list[str], to_move: str) -> list[ActionNote]:
    """The seat's move list from its turn strings (R12.2 as it may read them, R12.3): one note
    per action part, the turn's results on its last action, and the End Turn; the sides
    alternate back from the side to move."""
    notes: list[ActionNote] = []
    other = "white" if to_move == "black" else "black"
    for i, turn in enumerate(history):
        side = to_move if (len(history) - i) % 2 == 0 else other
        results: tuple[str, ...] = ()
        for part in PART.split(turn):
            if part.startswith("RS:"):
                results = (part[3:],)
                continue
            head = part.split(":", 1)[0]
            kind = KINDS.get(head[:2], "MOVE")
            text = "FI:" + part.split(":", 1)[1] if kind == "FIRE" else part
            notes.append(ActionNote(len(notes), side, kind, text))
        if results and notes:
            notes[-1] = ActionNote(notes[-1].ply, notes[-1].side, notes[-1].kind,
                                   notes[-1].part, results)
        notes.append(ActionNote(len(notes), side, "END", None))
    return notes


def spectator_position(frame: dict[str, Any]) -> dict[str, Any]:
    """A spectator's board (docs/PROTOCOL.md: the pieces each side's enemy sees, the articles
    and the projectiles, while the game goes on) as a position: the position format's other
    keys at their defaults, no reserve (neither side's is public), and a projectile's owner the
    side not to move when the frame does not name it."""
    board = frame["observation"]
    if "format" in board:  # over: the whole position
        return dict(board)
    other = "white" if board.get("to_move") == "black" else "black"
    projectiles = [{"target": None, "strength": 1, "owner": pr.get("color") or other,
                    **{k: v for k, v in pr.items() if k != "color"}}
                   for pr in board.get("projectiles") or []]
    return {"format": "wec-position", "version": 1, "moved": bool(frame.get("moved")),
            "options": {}, "reserves": [], "quiet": 0, "result": None, **board,
            "projectiles": projectiles}


class OnlineGame(Game):
    """A game of the seat's observation; `legal_actions`, `history` and `result` are the
    server's."""

    frame: dict[str, Any]
    notes: list[ActionNote]
    now: Callable[[], float] = time.monotonic
    """Seconds on a steady clock: the window's (tests give their own)."""
    received: float = 0.0
    """When the frame came (`now`): the running clock is shown counting down from there."""

    @classmethod
    def of_state(cls, frame: dict[str, Any]) -> "OnlineGame":
        pos = (spectator_position(frame) if frame.get("side") == "spectator"
               else dict(frame["observation"]))
        pos.pop("enemy_reserves", None)  # markers only (R8.4): the position format has no slot
        pos["result"] = None  # the server's result is kept apart (a resignation is no position)
        try:
            game = cls.from_position(pos)
        except PositionError:
            game = cls.from_position(loadable(pos).position())
        assert isinstance(game, OnlineGame)
        game.frame = frame
        game.notes = turn_notes([str(t) for t in frame.get("history") or []],
                                str(frame["to_move"]))
        game.set_competitive()
        return game

    def stamp(self, now: Callable[[], float]) -> None:
        """The frame came now (by the clock `now`)."""
        self.now = now
        self.received = now()

    @property
    def clock(self) -> ClockReading | None:
        """The server's clocks (its `clock`: each side's time left when it sent the frame),
        the running one counted down since the frame came. Only the server ends a game on
        time: a clock shown at 0 waits for its word."""
        spec = self.frame.get("clock")
        if not spec:
            return None
        left = dict(spec["remaining"])
        running = spec.get("running")
        if running in left and self.result is None:
            left[running] = max(0.0, left[running] - max(0.0, self.now() - self.received))
        control = TimeControl(spec["base_seconds"], spec.get("increment_seconds", 0.0))
        return ClockReading(control, float(left["black"]), float(left["white"]),
                            running if self.result is None else None, spec.get("flagged"))

    def charge(self, seconds: float) -> None:
        """The server keeps the time: the window charges nothing."""

    @property
    def result(self) -> str | None:
        return self.frame.get("result")

    def legal_actions(self) -> list[Action]:
        return [parse_action(text) for text in self.frame.get("legal") or []]

    @property
    def ply(self) -> int:
        """The actions of the seat's move list (its finished turns)."""
        return len(self.notes)

    def action_notes(self, color: str | None = None, start: int = 0, *,
                     ahead: bool = False) -> list[ActionNote]:
        return self.notes[start:]

    def history(self, color: str | None = None) -> list[str]:
        return [str(t) for t in self.frame.get("history") or []]

    @property
    def end_reason(self) -> str | None:
        """The server's reason; an abandoned game is recorded as the absent side resigning."""
        reason = self.frame.get("reason")
        if self.result is None or reason in (None, "play"):
            return None
        return "resignation" if reason == "abandonment" else str(reason)
