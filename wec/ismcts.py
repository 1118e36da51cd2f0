"""The Information-Set MCTS player: `wec.AI(algorithm="ismcts")` (issue 21).

Single-observer IS-MCTS (Cowling, Powley & Whitehouse 2012) runs in the Cython core without the
GIL (wec/_core/ismcts.pyx). This module builds what it searches from the side's observation
only (R10.6): the observed position with each hidden enemy piece put back where it was last seen
(as the default AI's first view does), and for each such piece the squares it could be on now
(Observation.possible_locations); the core draws a fresh placement of them per iteration.
"""
from __future__ import annotations

import math
import time
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import rules
from .action import Action
from .game import Game

if TYPE_CHECKING:
    from .ai import AI


@dataclass(frozen=True)
class IsmctsParams:
    """The search's constants."""

    exploration: float = 0.7
    """UCB1 constant (rewards are in [0, 1])."""
    rollout_turns: int = 1
    """End Turns a rollout plays before the evaluation judges it: 1, the end of the turn in
    progress (the tree searches the replies). Smoke matches against greedy at 0.5 s per turn on
    the same openings: 5/6 with 1, 1.5/6 with 2 (the opponent's random turn in a rollout of 2
    drowns the judgement in noise); 8/14 over two sets of openings with 1."""
    scale: float = 300.0
    """Evaluation units (a pawn = 100) per logistic unit of the reward."""
    max_nodes: int = 1 << 20
    """Tree nodes per decision (about 100 MB at most); past it the iterations go on as rollouts."""
    widening: float = 0.0
    """Progressive widening below the root (Coulom 2007; Chaslot et al. 2008): a node visited v
    times keeps at most 1 + widening * sqrt(v) children, expanded captures and aimed Fires
    first; 0 expands every legal action (~266 Moves at an enemy reply) before revisiting any."""


PARAMS = IsmctsParams()


class _Stopper:
    """What AI.stop() calls (`search_stop`) while an IS-MCTS search runs."""

    def __init__(self, searcher) -> None:
        self.search_stop = searcher.stop


def _square_index(square: tuple[int, int]) -> int:
    return (square[0] - 1) * 10 + (square[1] - 1)


def searched_game(game: Game, fair: bool) -> tuple[Game, list[tuple[int, int, list[int]]]]:
    """The game the search starts from and its hidden enemy pieces: (piece id, level index,
    candidate squares). Fair: built from the side's observation alone; not fair: the true game,
    nothing hidden."""
    from .ai import _loadable, _place_last_seen, _with_reserve_guesses
    if not fair:
        return Game.from_position(game.position()), []
    obs = game.observation(game.to_move)
    pos = _with_reserve_guesses(obs._game_position(), obs.position().get("enemy_reserves", []),
                                obs.last_seen(), obs.color)
    hidden = [seen for seen in obs.last_seen() if seen.type is not None]
    if not hidden:
        return _loadable(pos), []
    places = obs.possible_locations()
    for seen in hidden:
        pos = _place_last_seen(pos, seen, obs.color, lambda: places)
    view = _loadable(pos)
    side = rules.COLORS.index(obs.color)
    engine = view._engine
    unseen = [raw for raw in engine.pieces() if raw[2] != side and not engine.can_see(side, raw[0])]
    out = []
    for seen in hidden:  # each placed piece: the nearest one of its type to its last sighting
        r0, c0 = seen.square
        same = [raw for raw in unseen
                if (_type_code(raw), rules.LEVELS[raw[5]]) == (seen.type, seen.level)]
        if not same:
            continue  # left out: no room for it anywhere near
        raw = min(same, key=lambda raw: (max(abs(raw[4] // 10 + 1 - r0), abs(raw[4] % 10 + 1 - c0)),
                                         raw[4]))
        squares = sorted(places.get(seen.marker, ()))
        out.append((raw[0], raw[5], [_square_index(s) for s in squares]))
        unseen.remove(raw)
    return view, out


def _type_code(raw: tuple) -> str:
    return rules.PIECE_TYPES[raw[1]].code


def seed_of(ai_seed: int | None, game: Game) -> int:
    """The search's random seed: the AI's seed and what the side knows of the moment (the
    same observation always gives the same seed)."""
    text = f"{ai_seed}:{game.turn}:{game.to_move}:{len(game.history(game.to_move))}:" \
           f"{len(game.actions())}"
    return zlib.crc32(text.encode()) or 1


def choose(ai: "AI", game: Game, seconds: float | None, nodes: int | None) -> Action:
    """The IS-MCTS decision for the side to move: the most visited root action that is legal
    by the side's observation. `seconds` bounds the time (0: a token 100 iterations), `nodes`
    the iterations (deterministic: same observation, seed and budget, same action)."""
    from ._core.ismcts import IsmctsSearch
    from .ai import Progress, _loadable
    view, hidden = searched_game(game, ai.fair)
    legal = view.legal_actions()
    if len(legal) == 1:
        ai.last_nodes = 0
        return legal[0]
    searcher = IsmctsSearch()
    p = PARAMS
    searcher.setup(ai.values, exploration=p.exploration, rollout_turns=p.rollout_turns,
                   scale=p.scale, max_nodes=p.max_nodes, widening=p.widening)
    limit = int(nodes or 0)
    deadline = 0.0
    if seconds is not None:
        if seconds <= 0:
            limit = limit or 100
        else:
            deadline = time.monotonic() + seconds
    if not limit and not deadline:
        limit = 20_000  # neither a time nor a budget: a fixed effort, never an endless search
    ai._engine = _Stopper(searcher)
    try:
        if ai._stop.is_set():
            searcher.stop()
        started = time.monotonic()
        made = searcher.run(view._engine, hidden, iterations=limit, deadline=deadline,
                            seed=seed_of(ai.seed, game))
        ai.last_rate = made / max(time.monotonic() - started, 1e-9)
    finally:
        ai._engine = None
    ai.last_nodes = made
    allowed = {str(a) for a in _loadable(game.observation(game.to_move)._game_position())
               .legal_actions()} if ai.fair else {str(a) for a in game.legal_actions()}
    for raw, visits, mean, _ in searcher.root_children():
        action = view._to_action(raw)
        if str(action) in allowed:
            if ai.on_progress:
                score = int(p.scale * math.log(max(mean, 1e-6) / max(1 - mean, 1e-6)))
                ai.on_progress(Progress(1, made, score, str(action)))
            return action
    # nothing searched (stopped at once) or no root action legal in the observation
    return next((a for a in legal if str(a) in allowed), legal[0])


def simulation_rate(iterations: int = 20_000, game: Game | None = None) -> tuple[int, float]:
    """IS-MCTS speed: (iterations made, seconds) of one search from `game` (the standard
    set-up by default), the core's time only (wec bench, bench/)."""
    from ._core.ismcts import IsmctsSearch
    from .ai import search_values
    game = game or Game.new()
    searcher = IsmctsSearch()
    p = PARAMS
    searcher.setup(search_values(), exploration=p.exploration, rollout_turns=p.rollout_turns,
                   scale=p.scale, max_nodes=p.max_nodes, widening=p.widening)
    started = time.perf_counter()
    made = searcher.run(game._engine, [], iterations=iterations, seed=1)
    return made, time.perf_counter() - started
