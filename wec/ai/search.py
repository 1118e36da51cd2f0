"""The alpha-beta search's settings: the levels, the depths iterative deepening visits, the
algorithms an AI may use, what a search reports as it goes, and a fixed-depth search."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wec._core.searcher import Searcher
from wec.ai.params import DEFAULT_PARAMS, SearchParams
from wec.ai.weights import search_values


@dataclass(frozen=True)
class Level:
    """How hard one AI level searches (a row of LEVELS)."""

    depth: int
    """Deepest iteration, in actions (End Turn costs none: 2 = a Move and the reply)."""
    quiescence: int
    """Actions of captures, fires and End Turns searched past the depth (0: none)."""
    nodes: int
    """Node cap per action (0: only the time limit)."""
    turns: bool = False
    """Depth counts whole turns, the turn searched as a unit (SearchParams.move_depth and the
    parts after it); else it counts actions."""


LEVELS = {
    1: Level(depth=1, quiescence=0, nodes=0),
    2: Level(depth=1, quiescence=2, nodes=0),
    3: Level(depth=1, quiescence=4, nodes=0),
    4: Level(depth=2, quiescence=4, nodes=0),
    5: Level(depth=40, quiescence=10, nodes=0, turns=True),
}
"""Levels differ by what each one searches to the end: 1 judges its Move as it lands; 2 and 3
also see the captures, fires and End Turns that follow (2 and 4 actions); 4 searches the
opponent's reply too (depth 2 in actions); 5 (the default) deepens in whole turns (its own, the
opponent's whole reply, ...: Level.turns) for as long as the turn's `seconds` allow. Every level
is bounded by the time too, and an `AI(nodes=...)` budget caps any of them. Each beat the one
below by a clear margin in a match at 1 s per turn (bench/README.md). Tried and
dropped as further steps: node caps (a search stopped inside the depth-2 iteration was hardly
stronger than one with a smaller cap), quiescence deeper than 4 at depth 2, a share of the time
between levels 4 and 5, and random Moves below level 1 (level 1 is already near random)."""
GREEDY = Level(depth=3, quiescence=6, nodes=45_000)
"""The greedy baseline's search: its own turn to End Turn (a Move and its Fires), judged
statically (GreedyPlayer) — the row it has used since the baseline's results were recorded."""
LEVEL_DEPTH = {k: v.depth for k, v in LEVELS.items()}
DEFAULT_LEVEL = max(LEVELS)
ALGORITHMS = ("alphabeta", "ismcts")
"""AI(algorithm=...): "alphabeta" (the default: the iterative-deepening alpha-beta search of
the levels) or "ismcts" (Information-Set MCTS, wec.ai.ismcts; `level` does not apply to it)."""


def turns_searched(depth: int, move_depth: bool) -> int:
    """The whole turns a completed iteration of `depth` searched at full width: its depth when
    depth counts Moves (a turn has exactly one Move, R6.1); counting actions, a turn may take
    three before its Move (two Fires, R6.1), so depth // 3 for certain."""
    return depth if move_depth else depth // 3


@dataclass(frozen=True)
class Progress:
    """What the search reports after each completed depth."""

    depth: int
    """Depth in actions."""
    nodes: int
    """Nodes searched for this action so far."""
    score: int
    """Score for the side to move (a pawn = 100)."""
    best: str
    """The best action found, as text."""
    turns: int = 0
    """Depth completed in turns: the whole turns (a Move with the Fires around it; each side's
    in turn) searched at full width from the decision (a turn in progress counts as one)."""


def iteration_depths(deepest: int, move_depth: bool = False) -> list[int]:
    """The depths iterative deepening searches. Counting actions: 1, then even depths only (an
    odd depth ends with the AI's own Move and its Fires, which the opponent answers only by
    capturing: the AI's attacks look unanswerable there, so an odd iteration, even cut short,
    would prefer over-optimistic plans to the even one before it). Counting Moves, every
    depth: each is a whole turn more, and an odd one ends with the AI's whole turn answered by
    the opponent's captures and Fires, as a chess engine's odd ply is answered in quiescence
    (the step from 2 to 4 turns costs many times the nodes of 2: without 3 a longer think gains
    nothing)."""
    if move_depth:
        return list(range(1, deepest + 1))
    return [d for d in range(1, deepest + 1) if d == 1 or d % 2 == 0]


def turn_flags(level: Level, params: SearchParams) -> dict[str, Any]:
    """The Searcher's switches of the turn search at `level` (all off where it counts
    actions)."""
    on = level.turns
    return {"move_depth": on and params.move_depth,
            "fires_after_move": on and params.fires_after_move,
            "root_reductions": on and params.root_reductions,
            "qs_tt": on and params.quiescence_table,
            "null_turn": on and params.null_turn,
            "late_moves": params.late_moves if on else 0,
            "late_moves_2": params.late_moves_2 if on else 0,
            "futility": params.futility if on else 0,
            "idle_root_depth": params.idle_root_depth if on else 0,
            "journey_root_depth": params.journey_root_depth if on else 0,
            "deep_reductions": on and params.deep_reductions,
            "aim_order": on and params.aim_order,
            "root_order": on and params.root_order,
            "idle_fire_reductions": on and params.idle_fire_reductions,
            "even_reductions": on and params.even_reductions,
            "idle_even_reductions": on and params.idle_even_reductions,
            "reductions": params.reductions, "clearing": params.clearing}


def fixed_depth_search(game: Any, depth: int) -> tuple[int, int]:
    """A whole search of `game` (a wec Game) to `depth` with the default level's search (its
    quiescence, depth in turns) and no time or node limit: (nodes, index of the best action in
    its legal actions). It is deterministic; the node-count signature (wec.tools.signature)
    sums it over fixed positions."""
    level = LEVELS[DEFAULT_LEVEL]
    search = Searcher(game._engine, search_values(), tt_bits=18, qdepth=level.quiescence,
                      **turn_flags(level, DEFAULT_PARAMS))
    search.reset()
    used = index = 0
    for d in range(1, depth + 1):
        index, _, complete, used = search.iteration(d, index if d > 1 else -1, 0, 0.0)
        if not complete:
            raise RuntimeError("a fixed-depth search cannot be cut short")
    return used, index


def static_score(game: Any) -> int:
    """The evaluation of `game` as it stands, for its side to move (a pawn = 100): the static
    evaluation a search scores its leaves with, without a search (cheap: bench/README.md)."""
    return int(Searcher(game._engine, search_values(), tt_bits=10).evaluate())
