"""The computer opponent (API.md `wec.AI`), and the baseline players.

The search runs in the Cython core without the GIL (wec/_core/search.pyx): alpha-beta over
actions, iterative deepening, a transposition table on the Zobrist hash. A *fair* AI (the
default) decides from `game.observation(its colour)` only: it searches a game built from what its
side may know, so hidden enemies cannot influence its choice (R10.6).
"""
from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from typing import Callable

from . import rules, weights
from .action import Action
from .errors import WecError
from .game import Game

LEVEL_DEPTH = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


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


def search_values(table: dict | None = None) -> dict:
    """The evaluation table in the core's index order: wec.weights, or a table of the same
    shape ({"pieces": {code: v}, "articles": {code: v}, "weights": {name: v}}) from tuning."""
    table = table or weights.table()
    pieces, articles, w = table["pieces"], table["articles"], table["weights"]
    return {"pieces": [int(pieces[t.code]) for t in rules.PIECE_TYPES],
            "articles": [0] + [int(articles[a]) for a in rules.ARTICLES],
            "stunned": int(w["stunned"]),
            "projectile_near_primary": int(w["projectile_near_primary"]),
            "mobility": int(w["mobility"]), "reserve_armed": int(w["reserve_armed"]),
            "win": int(w["win"])}


class AI:
    """A computer player: `choose_action(game)` / `choose_turn(game)`; `stop()` from another
    thread returns the best found so far."""

    def __init__(self, level: int = 3, seconds: float | None = 1.0, nodes: int | None = None,
                 seed: int | None = 0, fair: bool = True,
                 on_progress: Callable[[Progress], None] | None = None,
                 table: dict | None = None) -> None:
        if level not in LEVEL_DEPTH:
            raise ValueError(f"AI level must be one of {sorted(LEVEL_DEPTH)}, got {level!r}")
        self.level = level
        self.seconds = seconds
        self.nodes = nodes
        self.seed = seed
        self.fair = fair
        self.on_progress = on_progress
        self.values = search_values(table)
        self._stop = threading.Event()
        self._engine = None
        self.last_nodes = 0

    def stop(self) -> None:
        """Ask a running search to return its best action now (thread-safe)."""
        self._stop.set()
        engine = self._engine
        if engine is not None:
            engine.search_stop()

    def _view(self, game: Game) -> Game:
        """The game the search plays in. Fair: the side's observation, with each hidden enemy
        piece put back where it was last seen (still hidden) when that square has room — a
        determinization from what the side knows (R10.6). Otherwise the true game."""
        if not self.fair:
            return Game.from_position(game.position())
        obs = game.observation(game.to_move)
        pos = obs._game_position()
        for seen in obs.last_seen():
            if seen.type is None:
                continue
            entry = {"type": seen.type, "color": seen.color, "square": list(seen.square),
                     "level": seen.level, "home": False}
            trial = {**pos, "pieces": pos["pieces"] + [entry]}
            try:
                Game.from_position(trial)
            except WecError:
                continue  # no room there any more: leave it out
            pos = trial
        return Game.from_position(pos)

    def choose_action(self, game: Game, *, seconds: float | None = None,
                      nodes: int | None = None) -> Action:
        """The action the AI would play now (the game is not changed)."""
        if game.result is not None:
            raise ValueError("the game is over")
        view = self._view(game)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        engine = view._engine
        engine.search_setup(self.values)
        engine.search_reset()
        self._engine = engine
        if self._stop.is_set():
            engine.search_stop()
        seconds = self.seconds if seconds is None else seconds
        nodes = self.nodes if nodes is None else nodes
        deadline = time.monotonic() + seconds if seconds else 0.0
        best, first = None, -1
        try:
            for depth in range(1, LEVEL_DEPTH[self.level] + 1):
                index, score, complete, used = engine.search_iteration(
                    depth, first, nodes or 0, deadline)
                if index >= 0 and (complete or best is None):
                    best, first = index, index
                    if self.on_progress:
                        self.on_progress(Progress(depth, used, score, str(legal[index])))
                self.last_nodes = used
                if not complete:
                    break
                if abs(score) > weights.WEIGHTS["win"] // 2:
                    break  # a forced result: deeper search changes nothing
        finally:
            self._engine = None
        if best is None:
            best = 0
        return legal[best]

    def choose_turn(self, game: Game) -> list[Action]:
        """A whole turn for the side to move, ending with End Turn (the game is not changed).
        Hidden enemies met on the way (R4.2.3) are not foreseen: play a turn action by action
        with choose_action() where that matters."""
        sim = self._view(game)
        turn: list[Action] = []
        budget = self.seconds
        while sim.result is None:
            share = None if budget is None else max(budget / 3, 0.01)
            action = self.choose_action(sim, seconds=share)
            turn.append(action)
            start = time.monotonic()
            sim.apply(action)
            if budget is not None and share is not None:
                budget = max(0.0, budget - share - (time.monotonic() - start))
            if action.kind == "end":
                break
        return turn


class RandomPlayer:
    """Plays a uniformly random legal action (a baseline)."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose_action(self, game: Game, **_: object) -> Action:
        return self.rng.choice(game.legal_actions())


class GreedyPlayer(AI):
    """The best action by the evaluation one action ahead (a baseline)."""

    def __init__(self, seed: int | None = 0) -> None:
        super().__init__(level=1, seconds=None, seed=seed)
