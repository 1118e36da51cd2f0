"""The optional set-up phase of an online game (`"setup": "negotiate"` in `create`), the
manual's WiFi game: both seats pick a colour (the same choice is resolved at random), either
proposes new terms (options, a scenario, clocks, or a saved online game) and the other accepts
or refuses, and either ends the set-up ("Setup Fine"), which starts the game on the agreed
terms, Black moving first (or continues the saved game where it stood).

A saved online game is named by a seat of it: its game id and that seat's token, which the
seat's own save holds (nothing else of a save is read: the game continues from the server's
own stored game). As the manual and the Steam version say, it is reloadable only by the same
players in the same colours: the proposer's token must hold one side of it, the accepter's
the other side, and each then plays the side it had, whatever the colour wishes.

During the set-up the two seats are the host (who created the game) and the guest; the store
keeps them as black and white, and they change sides when the set-up ends if the colours say
so.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from wec.game.errors import WecError, cut
from wec.game.game import Game
from wec.game.options import Options
from wec.online import protocol as p
from wec.online.clocks import control_of
from wec.online.store import StoredGame, token_matches
from wec.rules import scenarios

HOST, GUEST = "host", "guest"
ROLE_SIDE = {HOST: "black", GUEST: "white"}
"""The side each role holds in the store during the set-up."""
SIDE_ROLE = {side: role for role, side in ROLE_SIDE.items()}


@dataclass(frozen=True)
class SavedGame:
    """A saved online game proposed (or agreed) to be continued."""
    game: str
    sides: dict[str, str]
    """Role (host, guest) -> its side in the saved game, as each seat proved with its token."""
    names: dict[str, str]
    """The saved game's players by side."""
    turn: int
    version: int

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "sides": dict(self.sides), "names": dict(self.names),
                "turn": self.turn, "version": self.version}


@dataclass(frozen=True)
class Terms:
    """What a game starts from: the changed options, a scenario (None: the standard set-up)
    and clocks (None: none); or a saved game it continues."""
    options: dict[str, Any] = field(default_factory=dict)
    scenario: str | None = None
    time_control: dict[str, float] | None = None
    saved: SavedGame | None = None

    def to_dict(self) -> dict[str, Any]:
        terms: dict[str, Any] = {"options": dict(self.options), "scenario": self.scenario}
        if self.time_control is not None:
            terms["time_control"] = dict(self.time_control)
        if self.saved is not None:
            terms["saved"] = self.saved.to_dict()
        return terms


@dataclass
class Setup:
    """A set-up going on: the colour wishes, the agreed terms and a proposal waiting."""
    terms: Terms
    wishes: dict[str, str] = field(default_factory=lambda: {HOST: "random", GUEST: "random"})
    proposal: Terms | None = None
    proposed_by: str | None = None

    def frame(self, game_id: str, role: str | None, names: dict[str, str],
              presence: dict[str, str]) -> dict[str, Any]:
        """The `setup` event for a seat (`role`) or a spectator (None)."""
        return {"type": "setup", "game": game_id, "role": role,
                "names": {SIDE_ROLE[s]: n for s, n in names.items()},
                "presence": {SIDE_ROLE[s]: status for s, status in presence.items()},
                "wishes": dict(self.wishes), "agreed": self.terms.to_dict(),
                "proposal": None if self.proposal is None else
                {**self.proposal.to_dict(), "by": self.proposed_by}}


def build_game(terms: Terms) -> Game:
    """The game the terms start (competitive: each side reads only its own record, R12.3); a
    term the game refuses raises ProtocolError(bad_options)."""
    try:
        options = Options.from_dict(terms.options)
        if terms.scenario is not None:
            if terms.scenario not in scenarios.SCENARIOS:
                raise p.ProtocolError(p.BAD_OPTIONS, f"no scenario {terms.scenario!r}")
            pos = scenarios.load(terms.scenario)
            pos["options"] = {**pos.get("options", {}), **options.changes()}
            game = Game.from_position(pos)
        else:
            game = Game.new(options)
        game.set_time_control(control_of(terms.time_control))
    except (WecError, TypeError, ValueError) as e:
        raise p.ProtocolError(p.BAD_OPTIONS, cut(e, 200)) from None
    game.set_competitive()
    return game


def host_side(wishes: dict[str, str]) -> str:
    """The host's side from both wishes: different colours as wished, one colour against
    "random" as wished, the same wish (a clash, or both random) at random."""
    host, guest = wishes[HOST], wishes[GUEST]
    if host != "random" and host != guest:
        return host
    if host == "random" and guest != "random":
        return "white" if guest == "black" else "black"
    return secrets.choice(p.SIDES)


def saved_side(stored: StoredGame | None, token: str, own_id: str) -> str:
    """The side `token` holds in the saved game `stored` (its id checked, its state too: a
    game that is over, not started or continued already cannot be continued), or
    ProtocolError."""
    if stored is None:
        raise p.ProtocolError(p.NO_SUCH_GAME, "no saved game of that id on this server")
    if stored.id == own_id or stored.phase == "setup":
        raise p.ProtocolError(p.NOT_STARTED, "that game has not started: nothing to continue")
    if stored.phase == "continued" or stored.result is not None:
        raise p.ProtocolError(p.GAME_OVER, "that game is over, or was continued already")
    for seat in stored.seats.values():
        if token_matches(token, seat.token_hash):
            return seat.side
    raise p.ProtocolError(p.BAD_TOKEN, "that token holds no seat of the saved game")
