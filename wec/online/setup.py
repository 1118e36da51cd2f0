"""The optional set-up phase of an online game (`"setup": "negotiate"` in `create`), the
manual's WiFi game: both seats pick a colour (the same choice is resolved at random), either
proposes new terms (options, a scenario) and the other accepts or refuses, and either ends the
set-up ("Setup Fine"), which starts the game on the agreed terms, Black moving first.

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
from wec.rules import scenarios

HOST, GUEST = "host", "guest"
ROLE_SIDE = {HOST: "black", GUEST: "white"}
"""The side each role holds in the store during the set-up."""
SIDE_ROLE = {side: role for role, side in ROLE_SIDE.items()}


@dataclass(frozen=True)
class Terms:
    """What a game starts from: the changed options and a scenario (None: the standard set-up)."""
    options: dict[str, Any] = field(default_factory=dict)
    scenario: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"options": dict(self.options), "scenario": self.scenario}


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
