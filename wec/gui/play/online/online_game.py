"""The game an online seat holds: built from its `state` frame's observation alone (the seat's
`Game.observation(side).position()`, docs/PROTOCOL.md), with the server's legal actions, the
seat's history and the result as the server sent them. Nothing of the other side's secrets is
in it, because the frame has none."""
from __future__ import annotations

from typing import Any

from wec.ai.view import loadable
from wec.game.action import Action, parse_action
from wec.game.errors import PositionError
from wec.game.game import Game


class OnlineGame(Game):
    """A game of the seat's observation; `legal_actions`, `history` and `result` are the
    server's."""

    frame: dict[str, Any]

    @classmethod
    def of_state(cls, frame: dict[str, Any]) -> "OnlineGame":
        pos = dict(frame["observation"])
        pos.pop("enemy_reserves", None)  # markers only (R8.4): the position format has no slot
        pos["result"] = None  # the server's result is kept apart (a resignation is no position)
        try:
            game = cls.from_position(pos)
        except PositionError:
            game = cls.from_position(loadable(pos).position())
        assert isinstance(game, OnlineGame)
        game.frame = frame
        game.set_competitive()
        return game

    @property
    def result(self) -> str | None:
        return self.frame.get("result")

    def legal_actions(self) -> list[Action]:
        return [parse_action(text) for text in self.frame.get("legal") or []]

    def history(self, color: str | None = None) -> list[str]:
        return [str(t) for t in self.frame.get("history") or []]

    @property
    def end_reason(self) -> str | None:
        """The server's reason; an abandoned game is recorded as the absent side resigning."""
        reason = self.frame.get("reason")
        if self.result is None or reason in (None, "play"):
            return None
        return "resignation" if reason == "abandonment" else str(reason)
