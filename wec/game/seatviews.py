"""Both sides' views of a game at once, for a program that shows each side its own view after
every action (the online server): what `Game.observation(side).position()` gives for the two
sides, made from one reading of the position, and the legal actions with their texts.

`Game.observation` reads the whole position once per side and spells out every piece and
projectile the side sees; a server that only sends the position reads it once for both and
spells nothing else. The values are equal to the observation's (the tests compare them).
"""
from __future__ import annotations

from typing import Any

from wec import rules
from wec.game.action import Action
from wec.game.actionlist import listed_texts
from wec.game.game import Game
from wec.game.position import position_dict
from wec.game.sightings import observed_position


def seat_positions(game: Game) -> dict[str, dict[str, Any]]:
    """{side: `game.observation(side).position()`} for both sides, equal in value. The two
    dicts share the parts both sides see alike (read them, do not change them)."""
    # the facade's own parts, read as Game.observation reads them (as wec.ai reads the engine)
    engine, knowledge = game._engine, game._knowledge
    pos = position_dict(engine, game.options)
    ids = [pid for pid in range(engine.n_pieces) if engine.is_alive(pid)]  # pieces()'s order
    return {color: observed_position(engine, knowledge, color, pos,
                                     game._knows_enemy_primary_lost(side),
                                     set(engine.visible(side)), ids)
            for side, color in enumerate(rules.COLORS)}


def legal_by_text(game: Game) -> dict[str, Action]:
    """The legal actions of the side to move by their texts (`str(action)`), in the order of
    `game.legal_actions()`; the texts of the actions met before are not spelled again."""
    actions = game.legal_actions()
    return dict(zip(listed_texts(actions), actions))
