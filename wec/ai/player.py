"""The computer player (`wec.AI`) and the baseline players (RandomPlayer, GreedyPlayer).

The search runs in the Cython core without the GIL (wec/_core/search.pyx): alpha-beta over
actions, iterative deepening, a transposition table on the Zobrist hash. A *fair* AI (the
default) decides from `game.observation(its colour)` only: it searches a game built from what its
side may know (wec.ai.view), so hidden enemies cannot influence its choice (R10.6).
"""
from __future__ import annotations

import functools
import random
import threading
import time
from numbers import Integral, Real
from typing import Any, Callable

from wec._core.searcher import Searcher
from wec.ai import ismcts
from wec.ai.params import DEFAULT_PARAMS, SearchParams
from wec.ai.plan import plan_entries, plan_hash
from wec.ai.search import ALGORITHMS, DEFAULT_LEVEL, GREEDY, LEVELS, Level, Progress, \
    iteration_depths, turn_flags, turns_searched
from wec.ai.view import draw_near, loadable, place_hidden, place_last_seen, searched_sightings, \
    with_reserve_guesses
from wec.ai.weights import WEIGHTS, search_values
from wec.game.action import Action
from wec.game.errors import OptionsError, shown
from wec.game.game import Game


def _check_seconds(seconds: object, name: str) -> None:
    """None (no time limit), 0 (as fast as possible) or a positive number of seconds."""
    if seconds is None:
        return
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float, Real)) or \
            not 0 <= float(seconds) < float("inf"):
        raise OptionsError(f"{name}: expected None or a number of seconds >= 0, got "
                           f"{shown(seconds)}")


def _is_count(value: object, least: int) -> bool:
    """An integer (numpy's too, not a bool) of at least `least`."""
    if isinstance(value, bool) or not isinstance(value, (int, Integral)):
        return False
    return int(value) >= least


class AI:
    """A computer player: `choose_action(game)` / `choose_turn(game)`; `stop()` from another
    thread returns the best found so far."""

    def __init__(self, level: int = DEFAULT_LEVEL, seconds: float | None = 1.0,
                 nodes: int | None = None, seed: int | None = 0, fair: bool = True,
                 on_progress: Callable[[Progress], None] | None = None,
                 table: dict | None = None, samples: int = 1,
                 algorithm: str = "alphabeta", params: SearchParams = DEFAULT_PARAMS) -> None:
        """`seconds` is the time for a whole turn (shared out among its actions; None: no time
        limit, the level's depth and `nodes` bound it; 0: as fast as possible, one whole depth-1
        search per action), `nodes` a node budget per action (deterministic: same game, same
        seed and budget, same choice; with SearchParams.keep_table its earlier decisions too);
        `samples` the determinizations searched when enemy pieces are hidden (fair play); `algorithm` one of ALGORITHMS (with "ismcts", `nodes`
        caps the iterations per action and `samples` does not apply: each iteration draws its
        own determinization); `params` the search's parameters (SearchParams: the time share,
        how the fair view is built, the IS-MCTS parameters)."""
        if algorithm not in ALGORITHMS:
            raise OptionsError(f"AI algorithm: expected one of {', '.join(ALGORITHMS)}, got "
                               f"{shown(algorithm)}")
        if isinstance(level, bool) or level not in LEVELS:
            raise OptionsError(f"AI level: expected one of {sorted(LEVELS)}, got {shown(level)}")
        _check_seconds(seconds, "AI seconds")
        if nodes is not None and not _is_count(nodes, 0):
            raise OptionsError(f"AI nodes: expected None or a count >= 0, got {shown(nodes)}")
        if not _is_count(samples, 1):
            raise OptionsError(f"AI samples: expected a count >= 1, got {shown(samples)}")
        if not isinstance(params, SearchParams):
            raise OptionsError(f"AI params: expected a SearchParams, got {shown(params)}")
        if on_progress is not None and not callable(on_progress):
            raise OptionsError(f"AI on_progress: expected a function, got {shown(on_progress)}")
        self.level = level
        self.algorithm = algorithm
        self.params = params
        self.last_rate = 0.0
        """IS-MCTS: iterations per second of the last decision."""
        self._row = LEVELS[level]
        self.seconds = seconds
        self.nodes = nodes
        self.seed = seed
        self.fair = fair
        self.on_progress = on_progress
        self.values = search_values(table)
        self._stop = threading.Event()
        self._stop_lock = threading.Lock()
        self._deciding = 0
        """Decisions in progress (choose_turn runs choose_action inside): a stop() applies to
        them only."""
        self._engine: Any = None
        """What stop() stops: the searched game's engine, or the IS-MCTS searcher's stopper."""
        self.last_nodes = 0
        self._turn_key: tuple | None = None
        self._turn_spent = 0.0
        self._turn_started = 0.0  # monotonic time of the turn's first decision
        self._turn_only = False
        self._turn_stopped = False
        self.samples = max(1, samples)
        self._plan: list[tuple[int, Action]] = []
        self._plan_key: tuple | None = None
        self._kept: tuple[tuple, Searcher] | None = None
        """The settings and Searcher of the last decision (SearchParams.keep_table)."""

    def stop(self) -> None:
        """Ask a running search to return its best action now (thread-safe). A stop applies to
        the decision in progress only: one arriving after it ended does nothing, so it cannot
        cut the next decision short."""
        with self._stop_lock:
            if not self._deciding:
                return
            self._stop.set()
            self._turn_stopped = True
            engine = self._engine
        if engine is not None:
            engine.stop()

    def _begin_decision(self) -> None:
        with self._stop_lock:
            if not self._deciding:  # a new decision: nothing of an earlier stop remains
                self._stop.clear()
                self._turn_stopped = False
            self._deciding += 1

    def _end_decision(self) -> None:
        with self._stop_lock:
            self._deciding -= 1
            self._stop.clear()  # a stop() ends this action; choose_turn hurries the rest

    def view(self, game: Game) -> Game:
        """The game its search plays in for the side to move: the first of its views (fair: the
        hidden enemy pieces where they were last seen), or the true game."""
        return self._views(game, 1)[0]

    def _views(self, game: Game, count: int) -> list[Game]:
        """Games to search. Fair: `count` determinizations of the side's observation (R10.6).
        The first puts each hidden enemy piece back where it was last seen; the others put it
        on a square drawn from its possible locations (observation.possible_locations), the
        squares near its last sighting likelier (draw_near), with a generator seeded by the
        AI's seed and the observation's turn — the same observation always gives the same
        views. A drawn square that cannot hold the piece leaves it out; the last sighting falls
        back on a square near it. Every view holds the enemy reserves as guessed from their
        squares (wec.ai.view.reserve_guesses). Not fair: the true game."""
        if not self.fair:
            return [Game.from_position(game.position())]
        obs = game.observation(game.to_move)
        sightings = searched_sightings(obs, self.params)
        base = with_reserve_guesses(obs._game_position(), obs.position().get("enemy_reserves", []),
                                    sightings, obs.color, self.params)
        hidden = [seen for seen in sightings if seen.type is not None]
        if not hidden:
            return [loadable(base)]
        places = functools.cache(obs.possible_locations)
        rng = random.Random(f"{self.seed}:{obs.turn}:{obs.to_move}:{len(obs.history())}")
        views = []
        for sample in range(count):
            pos = base
            for seen in hidden:
                if sample and places().get(seen.marker):
                    square = draw_near(rng, places()[seen.marker], seen.square)
                    pos = place_hidden(pos, seen, square, obs.color)
                else:
                    pos = place_last_seen(pos, seen, obs.color, places, self.params)
            views.append(loadable(pos))
        return views

    def choose_action(self, game: Game, *, seconds: float | None = None,
                      nodes: int | None = None) -> Action:
        """The action the AI would play now (the game is not changed). With hidden enemies a
        fair AI searches `samples` determinizations, each with its share of the budget, and plays
        the action most of them prefer (ties: the last-seen placement's choice)."""
        if game.result is not None:
            raise ValueError("the game is over")
        _check_seconds(seconds, "choose_action seconds")
        self._begin_decision()
        try:
            return self._choose_action(game, seconds, nodes)
        finally:
            self._end_decision()

    def _choose_action(self, game: Game, seconds: float | None, nodes: int | None) -> Action:
        started = time.monotonic()
        seconds = self._share(game) if seconds is None else seconds
        nodes = self.nodes if nodes is None else nodes
        level = self._row
        if level.nodes and (not nodes or nodes > level.nodes):
            nodes = level.nodes
        try:
            if self.algorithm == "ismcts":
                return ismcts.choose(self, game, seconds, nodes)
            views = self._views(game, self.samples)
            if len(views) == 1:
                planned = self.planned(views[0])
                if planned is not None:
                    return self._legal_or_replan(game, planned, level)
                action, _, plan = self._search(views[0], level, seconds, nodes)
                self.set_plan(plan, game)
                return self._legal_or_replan(game, action, level)
            votes: dict[str, float] = {}
            chosen: dict[str, Action] = {}
            total = 0
            for i, view in enumerate(views):
                left = None if seconds is None else 0.0 if seconds <= 0 else max(
                    (started + seconds - time.monotonic()) / (len(views) - i), 0.002)
                action, used, _ = self._search(view, level, left,
                                               nodes // len(views) if nodes else None,
                                               report=i == 0)
                total += used
                key = str(action)
                votes[key] = votes.get(key, 0.0) + (1.5 if i == 0 else 1.0)
                chosen.setdefault(key, action)
            self.last_nodes = total
            return self._legal_or_replan(game, chosen[max(votes, key=lambda k: votes[k])], level)
        finally:
            self._turn_spent += time.monotonic() - started

    def _legal_or_replan(self, game: Game, action: Action, level: Level) -> Action:
        """`action` if it is legal by the side's observation (which has the true game's legal
        actions, R10.7); otherwise (a determinization put a hidden piece where it no longer is)
        a quick search of the observation itself, without guesses."""
        obs_game = loadable(game.observation(game.to_move)._game_position())
        if action in obs_game.legal_actions():
            return action
        self._plan = []
        return self._search(obs_game, level, 0.05, 20_000)[0]

    def planned(self, view: Game) -> Action | None:
        """The next action of this turn's plan, if the game went as the plan foresaw (it is
        taken off the plan); None, and the plan dropped, otherwise."""
        if not self._plan or self._plan_key != (view.turn, view.to_move):
            self._plan = []
            return None
        expected, action = self._plan.pop(0)
        if plan_hash(view) != expected or action not in view.legal_actions():
            self._plan = []
            return None
        return action

    def _search(self, view: Game, level: Level, seconds: float | None,
                nodes: int | None, report: bool = True
                ) -> tuple[Action, int, list[tuple[int, Action]]]:
        """Iterative deepening in one view: its best action, the nodes searched, and the plan
        for the rest of the turn (state hash expected before each later action, the action).
        Progress is reported from the main view only."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0], 0, []
        params = self.params
        qdepth = level.quiescence if params.quiescence < 0 else params.quiescence
        flags = turn_flags(level, params)
        search = self._searcher(view, level, qdepth, flags)
        search.reset()
        self._engine = search
        if self._stop.is_set():
            search.stop()
        # seconds None: no deadline (the level's depth and the node budget bound the search);
        # 0: as fast as possible, the one iteration that judges every action, whole
        fastest = seconds is not None and seconds <= 0
        deadline = time.monotonic() + seconds if seconds is not None and not fastest else 0.0
        deepest = min(level.depth, params.max_depth) if params.max_depth > 0 else level.depth
        depths = iteration_depths(deepest, flags["move_depth"])
        depths = depths[:1] if fastest else depths
        best, first, used = None, -1, 0
        try:
            for depth in depths:
                index, score, complete, used = search.iteration(
                    depth, first, nodes or 0, deadline)
                # a cut-short iteration still counts once its first action (the previous best)
                # is searched: any action it prefers was searched to the full depth
                if index >= 0:
                    best, first = index, index
                    if complete and report and self.on_progress:
                        self.on_progress(Progress(depth, used, score, str(legal[index]),
                                                  turns_searched(depth, flags["move_depth"])))
                self.last_nodes = used
                if not complete:
                    break
                if abs(score) > WEIGHTS["win"] // 2:
                    break  # a forced result: deeper search changes nothing
            best = best if best is not None else 0
            steps = search.plan(best)
        finally:
            self._engine = None
        return legal[best], used, plan_entries(view, steps, lambda sim, i: sim.legal_actions()[i])

    def _searcher(self, view: Game, level: Level, qdepth: int,
                  flags: dict[str, bool]) -> Searcher:
        """The Searcher for `view`: with SearchParams.keep_table the one of the AI's earlier
        decisions made with the same settings, its transposition table kept (rebound to
        `view`); else a new one."""
        key = (level.depth, qdepth, self._turn_only, tuple(sorted(flags.items())))
        if self.params.keep_table and self._kept is not None and self._kept[0] == key:
            self._kept[1].rebind(view._engine)
            return self._kept[1]
        search = Searcher(view._engine, self.values, qdepth=qdepth,
                          turn_only=self._turn_only, max_depth=level.depth, **flags)
        self._kept = (key, search) if self.params.keep_table else None
        return search

    def _share(self, game: Game) -> float | None:
        """This action's part of the turn's time: most of it for the first decision (which
        plans the turn), half of what is left for any later one that must search again."""
        if self.seconds is None:
            return None
        if self.seconds <= 0:
            return 0.0  # as fast as possible
        key = (game.turn, game.to_move)
        if key != self._turn_key:
            self._turn_key, self._turn_spent = key, 0.0
            self._turn_started = time.monotonic()
        # the turn's time is wall time from its first decision: what the caller does between
        # the actions (apply them, draw them, hand them over) is spent from it too
        elapsed = max(time.monotonic() - self._turn_started, self._turn_spent)
        left = max(self.seconds - elapsed, 0.0)
        first = self._turn_spent == 0.0
        return max(left * (self.params.move_share if first else 0.5), 0.005)

    def set_plan(self, entries: list[tuple[int, Action]], game: Game) -> None:
        """The rest of the turn `game` is at, as plan entries (plan_entries): followed by the
        next decisions of that turn while the game goes as they expect."""
        self._plan, self._plan_key = entries, (game.turn, game.to_move)

    def stopping(self) -> bool:
        """Whether stop() was called during the decision in progress."""
        return self._stop.is_set()

    def attach(self, stoppable: Any) -> None:
        """What stop() reaches while a search runs: an object with `stop()` (the alpha-beta
        Searcher, or the IS-MCTS searcher); None when the search has ended."""
        self._engine = stoppable

    @property
    def plan(self) -> list[Action]:
        """The rest of the turn its last search foresaw after the action it chose (its
        principal variation within the turn), next first; [] when it must search again."""
        return [action for _, action in self._plan]

    def begin_turn(self, game: Game, started: float) -> None:
        """The side to move's turn began at `started` (time.monotonic()): its time counts from
        then (a caller that hands the turn over from elsewhere, e.g. another process)."""
        self._turn_key, self._turn_spent = (game.turn, game.to_move), 0.0
        self._turn_started = min(started, time.monotonic())

    def choose_turn(self, game: Game) -> list[Action]:
        """A whole turn for the side to move, ending with End Turn (the game is not changed).
        Hidden enemies met on the way (R4.2.3) are not foreseen: play a turn action by action
        with choose_action() where that matters."""
        self._begin_decision()
        try:
            sim = self.view(game)
            turn: list[Action] = []
            self._turn_key, self._turn_spent = (sim.turn, sim.to_move), 0.0
            self._turn_started = time.monotonic()
            while sim.result is None:
                # after a stop() the rest of the turn is decided at once
                action = self.choose_action(sim, seconds=0.0 if self._turn_stopped else None)
                turn.append(action)
                sim.apply(action)
                if action.kind == "end":
                    break
            return turn
        finally:
            self._end_decision()


class RandomPlayer:
    """Plays a uniformly random legal action (a baseline)."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose_action(self, game: Game, **_: object) -> Action:
        return self.rng.choice(game.legal_actions())


class GreedyPlayer(AI):
    """The best single turn by the evaluation (a baseline): it searches its own turn's actions
    to End Turn and judges the result statically, without the opponent's reply."""

    def __init__(self, seed: int | None = 0) -> None:
        super().__init__(level=DEFAULT_LEVEL, seconds=None, seed=seed)
        self._row = GREEDY
        self._turn_only = True

    def choose_action(self, game: Game, *, seconds: float | None = None,
                      nodes: int | None = None) -> Action:
        return super().choose_action(game, seconds=seconds, nodes=nodes or 2_000_000)
