"""A turn's plan: the rest of a searched turn, followed action by action while the game goes
as the search foresaw (each entry holds the hash the game is expected to have then)."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from wec.game.action import Action
from wec.game.errors import PositionError
from wec.game.game import Game
from wec.game.observation import REVEALED_FOR_GOOD


def plan_hash(game: Game) -> int:
    """The hash a plan expects of `game`: its hash as a fair view of it would have it. A fair
    view is built from an observation, which never says whether something was captured,
    destroyed or converted this turn (turn_state.violent: it could tell of a hidden piece's
    end, R10.6) and marks every enemy piece it sees revealed for good, a mark that a piece
    converted in the view keeps on the side to move. With these in the comparison, every
    capture or conversion mid-turn dropped a fair AI's plan, and the rest of the turn was
    searched again in a tenth of the time."""
    if not game._engine.turn_state()["violent"]:
        return game.hash
    pos = game.position()
    pos["turn_state"]["violent"] = False
    for entry in pos["pieces"]:
        if entry["color"] == pos["to_move"] and entry["revealed"] == REVEALED_FOR_GOOD:
            entry["revealed"] = 0
    try:
        return Game.from_position(pos).hash
    except PositionError:
        return game.hash


def plan_entries(view: Game, steps: Iterable[Any],
                 to_action: Callable[[Game, Any], Action]) -> list[tuple[int, Action]]:
    """The rest of a searched turn as plan entries: (the view's plan_hash expected before the
    action, the action) for every step after the first, `to_action` turning a step into an
    action of the view as it will be then. Stops at a step that is not legal there."""
    sim = view.clone()
    plan = []
    for step in steps:
        action = to_action(sim, step)
        plan.append((plan_hash(sim), action))
        if action not in sim.legal_actions():
            break
        sim.apply(action)
    return plan[1:]

