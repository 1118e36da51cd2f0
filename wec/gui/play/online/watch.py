"""Watching an online game (Play > Online… > Watch, the protocol's `watch`): a play window made
a spectator's screen. The board is the spectator's frame — until the game is over only what
both sides see (each side's pieces its enemy sees, the articles, the projectiles; the server
sends nothing hidden, docs/PROTOCOL.md), then the whole position — read-only; the move list
is the frame's history (the server sends a spectator the turns only at the end: they would
tell hidden moves); the bar says who plays each side, each one's presence, and the result."""
from __future__ import annotations

from typing import Any

from wec.gui.play.dialogs import game_over_text
from wec.gui.play.online.play import PRESENCE_WORDS, OnlinePlay
from wec.gui.play.online.session import OnlineSession


class WatchPlay(OnlinePlay):
    """A spectator of an online game in a play window: nothing to act, no save."""

    title = "WEC — watching an online game"

    def __init__(self, window: Any, session: OnlineSession, **kwargs: Any) -> None:
        kwargs["persist"] = False  # a spectator has no seat to keep
        super().__init__(window, session, **kwargs)
        self.presence: dict[str, str] = {"black": "empty", "white": "empty"}
        self.setup_panel.setEnabled(False)
        session.watching.connect(self._watching)
        self.bar.code.setText(f"Watching game {self._code()} at {session.url}")

    def _code(self) -> str:
        first = self.session.first
        return str(getattr(first, "game", "?"))

    def human_to_act(self) -> bool:
        return False

    def _watching(self, names: dict[str, str]) -> None:
        players = ", ".join(f"{side.capitalize()} {names[side]}" for side in ("black", "white")
                            if names.get(side))
        self.bar.code.setText(f"Watching game {self._code()} at {self.session.url}"
                              + (f"\nPlayers: {players}" if players else ""))

    def _name_players(self) -> None:
        """The banner names the two players."""
        facts = self.window.banner.facts
        names = self.session.names
        if facts is not None and self.session.last and names:
            facts.players = {side: names.get(side) or "?" for side in ("black", "white")}
            self.window.banner.show_facts(facts)

    def _setup(self, frame: dict[str, Any]) -> None:
        self.win.say("The players are agreeing the terms: the game has not started yet.")

    def _state(self, frame: dict[str, Any]) -> None:
        for side, status in (frame.get("presence") or {}).items():
            self.presence[str(side)] = str(status)
        super()._state(frame)

    def _say_turn(self, frame: dict[str, Any]) -> None:
        if not frame.get("started", True):
            self.win.say("Waiting for the second player to join.")
        else:
            self.win.say(f"Turn {frame['turn']}: {str(frame['to_move']).capitalize()} is "
                         "playing. You see only what both sides see.")

    def _presence(self, side: str, status: str) -> None:
        if side in self.presence:
            self.presence[side] = status
            self._show_opponent()

    def _show_opponent(self) -> None:
        """Both players' presence, and the result once there is one."""
        last = self.session.last or {}
        text = "; ".join(f"{side.capitalize()}: {PRESENCE_WORDS.get(status, status)}"
                         for side, status in self.presence.items())
        if last.get("result") is not None:
            text += f"\nResult: {game_over_text(self.win.game, short=True)}"
        elif last.get("draw_offer"):
            text += f" — {str(last['draw_offer']).capitalize()} offers a draw"
        self.bar.opponent.setText(text)
        self.bar.accept.hide()
        self.bar.claim.hide()
