"""The Information-Set MCTS player: `wec.AI(algorithm="ismcts")`.

Single-observer IS-MCTS (Cowling, Powley & Whitehouse 2012) runs in the Cython core without the
GIL (wec/_core/ismcts.pyx). This module builds what it searches from the side's observation
only (R10.6): the observed position with each hidden enemy piece put back where it was last seen
(as the default AI's first view does), and for each such piece the squares it could be on now
(Observation.possible_locations); the core draws a fresh placement of them per iteration.
Its parameters are wec.ai.params.IsmctsParams (`AI(params=SearchParams(ismcts=...))`).
"""
from __future__ import annotations

import math
import time
import zlib
from typing import Any, Callable, Protocol

from wec import rules
from wec._core.ismcts import IsmctsSearch
from wec._core.searcher import Searcher
from wec.ai.params import DEFAULT_PARAMS, IsmctsParams, SearchParams
from wec.ai.plan import plan_entries
from wec.ai.search import GREEDY, Progress, iteration_depths
from wec.ai.view import loadable, place_last_seen, with_reserve_guesses
from wec.ai.weights import search_values
from wec.game.action import Action
from wec.game.coredata import ActionRecord, PieceRecord
from wec.game.game import Game


class Host(Protocol):
    """What the IS-MCTS decision reads and sets on the AI that runs it (wec.ai.player.AI): its
    settings, its stop signal and what a stop() reaches, its turn plan and figures."""

    fair: bool
    seed: int | None
    values: dict
    params: SearchParams
    on_progress: Callable[[Progress], None] | None
    last_nodes: int
    last_rate: float

    def planned(self, view: Game) -> Action | None: ...

    def set_plan(self, entries: list[tuple[int, Action]], game: Game) -> None: ...

    def stopping(self) -> bool: ...

    def attach(self, stoppable: Any) -> None: ...


TURN_SEARCH_NODES = 200_000
"""Node cap of the candidate turns' ranking (a midgame position's ranking stays well under it)."""
COMPLETION_NODES = 20_000
"""Node cap of each later action of a candidate turn (after the Move: its Fires and End Turn)."""
MAX_TURN_ACTIONS = 16
"""Actions of a candidate turn at most (the core's MAX_TURN_LEN)."""


class _Stopper:
    """What AI.stop() calls (`stop`) while an IS-MCTS search runs."""

    def __init__(self, searcher) -> None:
        self.stop = searcher.stop


def _square_index(square: tuple[int, int]) -> int:
    return (square[0] - 1) * 10 + (square[1] - 1)


def searched_game(game: Game, fair: bool, params: SearchParams = DEFAULT_PARAMS
                  ) -> tuple[Game, list[tuple[int, int, list[int]]]]:
    """The game the search starts from and its hidden enemy pieces: (piece id, level index,
    candidate squares). Fair: built from the side's observation alone; not fair: the true game,
    nothing hidden."""
    if not fair:
        return Game.from_position(game.position()), []
    obs = game.observation(game.to_move)
    pos = with_reserve_guesses(obs._game_position(), obs.position().get("enemy_reserves", []),
                               obs.last_seen(), obs.color, params)
    hidden = [seen for seen in obs.last_seen() if seen.type is not None]
    if not hidden:
        return loadable(pos), []
    places = obs.possible_locations()
    for seen in hidden:
        pos = place_last_seen(pos, seen, obs.color, lambda: places, params)
    view = loadable(pos)
    side = rules.COLORS.index(obs.color)
    engine = view._engine
    unseen = [raw for raw in engine.pieces()
              if raw.color != side and not engine.can_see(side, raw.pid)]
    out = []
    for seen in hidden:  # each placed piece: the nearest one of its type to its last sighting
        r0, c0 = seen.square
        same = [raw for raw in unseen
                if (_type_code(raw), rules.LEVELS[raw.level]) == (seen.type, seen.level)]
        if not same:
            continue  # left out: no room for it anywhere near
        raw = min(same, key=lambda raw: (max(abs(raw.sq // 10 + 1 - r0), abs(raw.sq % 10 + 1 - c0)),
                                         raw.sq))
        squares = sorted(places.get(seen.marker, ()))
        out.append((raw.pid, raw.level, [_square_index(s) for s in squares]))
        unseen.remove(raw)
    return view, out


def _type_code(raw: PieceRecord) -> str:
    return rules.PIECE_TYPES[raw.type].code


def seed_of(ai_seed: int | None, game: Game) -> int:
    """The search's random seed: the AI's seed and what the side knows of the moment (the
    same observation always gives the same seed)."""
    text = f"{ai_seed}:{game.turn}:{game.to_move}:{len(game.history(game.to_move))}:" \
           f"{len(game.actions())}"
    return zlib.crc32(text.encode()) or 1


def ranking_search(view: Game, values: dict) -> Searcher:
    """The search that ranks the root actions for candidate_turns (one exact greedy iteration)."""
    return Searcher(view._engine, values, qdepth=GREEDY.quiescence, turn_only=True, max_depth=1)


def candidate_turns(view: Game, values: dict, count: int, deadline: float = 0.0,
                    stopped: Callable[[], bool] = lambda: False,
                    ranking: Searcher | None = None) -> list[list[ActionRecord]]:
    """The best `count` whole turns of the side to move in `view`, as ActionRecords ending with
    End Turn (or the game's end): every root action scored exactly by one greedy iteration (the
    action, then quiescence over the turn's captures, Fires and End Turn, judged statically:
    GREEDY's quiescence), and each of the best completed the same way, an action at a
    time, to End Turn; a turn ending where a better one ends (its actions in another order)
    is left out. A second iteration for the ranking is not worth its time here: exact
    scores at depth 2 cost many times the nodes of depth 1 (bench/README.md). `deadline` (monotonic
    seconds, 0: none) cuts the ranking short (the actions searched by then are ranked);
    `stopped()` (AI.stop) ends the completions once one turn is whole: each is a search of its
    own, and eight of them in a slow build outlast a stop by many seconds. `ranking`: the
    ranking_search of `view` to use (one the caller can stop), else one is made here."""
    engine = view._engine
    search = ranking or ranking_search(view, values)
    search.reset()
    search.iteration(1, -1, TURN_SEARCH_NODES, deadline, exact=True)
    legal = engine.legal()
    side = engine.side
    turns: list[list[ActionRecord]] = []
    ends: set[int] = set()
    for index, _ in search.root_scores():
        if len(turns) == count or (turns and stopped()):
            break
        sim = engine.copy()
        sim_search = Searcher(sim, values, tt_bits=12, qdepth=GREEDY.quiescence, turn_only=True,
                              max_depth=1)
        turn = [legal[index]]
        sim.apply(legal[index])
        # (Engine.result -1: the game goes on)
        while sim.side == side and sim.result == -1 and len(turn) < MAX_TURN_ACTIONS:
            sim_search.reset()
            best = sim_search.iteration(1, -1, COMPLETION_NODES)[0]
            if best < 0:
                break
            raw = sim.legal()[best]
            turn.append(raw)
            sim.apply(raw)
        if sim.hash not in ends:  # the same turn in another order (a pickup before the Move)
            ends.add(sim.hash)
            turns.append(turn)
    return turns


def enemy_replies(view: Game, turns: list[list[ActionRecord]], values: dict, nodes: int,
                  deadline: float = 0.0, stopped: Callable[[], bool] = lambda: False
                  ) -> list[list[ActionRecord]]:
    """For each candidate turn, the enemy's reply as a greedy search of at most `nodes` nodes
    sees it (its own turn to End Turn at GREEDY's depth and quiescence, then the
    search's plan for the rest of it), as ActionRecords; [] where the game ends with the turn,
    no action was searched, `deadline` (monotonic seconds, 0: none) has passed or `stopped()`
    says so."""
    return [reply for reply, _ in scored_replies(view, turns, values, nodes, deadline, stopped)]


REPLY_LOST = -1_000_000
"""scored_replies' score of a reply to a turn that wins the game (the enemy has lost)."""


def scored_replies(view: Game, turns: list[list[ActionRecord]], values: dict, nodes: int,
                   deadline: float = 0.0, stopped: Callable[[], bool] = lambda: False
                   ) -> list[tuple[list[ActionRecord], int | None]]:
    """enemy_replies with each reply's score for the enemy (its search's last completed
    iteration, evaluation units): REPLY_LOST where the turn wins the game, None where nothing
    was searched (the deadline, `stopped()`, the game drawn or lost by the turn)."""
    side = view._engine.side
    out: list[tuple[list[ActionRecord], int | None]] = []
    for turn in turns:
        sim = view._engine.copy()
        for raw in turn:
            sim.apply(raw)
        if sim.result == side:  # (Engine.result: the winner's side index, -1 the game goes on)
            out.append(([], REPLY_LOST))
            continue
        if (deadline and time.monotonic() >= deadline) or stopped() or sim.result != -1 \
                or sim.side == side:
            out.append(([], None))
            continue
        search = Searcher(sim, values, tt_bits=16, qdepth=GREEDY.quiescence, turn_only=True,
                          max_depth=GREEDY.depth)
        search.reset()
        best = -1
        score: int | None = None
        for depth in iteration_depths(GREEDY.depth):
            index, value, complete, _ = search.iteration(depth, best, nodes, deadline)
            if index >= 0:
                best = index
            if not complete:
                break
            score = value
        reply: list[ActionRecord] = []
        for index in (search.plan(best, MAX_TURN_ACTIONS) if best >= 0 else []):
            raw = sim.legal()[index]
            reply.append(raw)
            sim.apply(raw)
        # the plan ends where the table does (its depth): the rest an action at a time, as
        # candidate_turns completes a turn (the Fires of a conversion, then the capture)
        while reply and sim.side != side and sim.result == -1 and len(reply) < MAX_TURN_ACTIONS:
            search.reset()
            index = search.iteration(1, -1, COMPLETION_NODES, deadline)[0]
            if index < 0:
                break
            raw = sim.legal()[index]
            reply.append(raw)
            sim.apply(raw)
        out.append((reply, score if reply else None))
    return out


def safest_turns(turns: list[list[ActionRecord]],
                 scored: list[tuple[list[ActionRecord], int | None]], count: int
                 ) -> tuple[list[list[ActionRecord]], list[list[ActionRecord]]]:
    """The `count` candidate turns whose expected replies score least for the enemy (a turn
    that wins first; a turn whose reply was not searched after every scored one, in the
    ranking's order), and those turns' replies: (turns, replies)."""
    def key(k: int) -> tuple:
        score = scored[k][1]
        return (score is None, score or 0, k)
    order = sorted(range(len(turns)), key=key)[:count]
    return [turns[k] for k in order], [scored[k][0] for k in order]


def choose(ai: Host, game: Game, seconds: float | None, nodes: int | None) -> Action:
    """The IS-MCTS decision for the side to move: the most visited root action that is legal
    by the side's observation. `seconds` bounds the time (0: a token 100 iterations), `nodes`
    the iterations (deterministic: same observation, seed and budget, same action). In
    root-turns mode the rest of the chosen turn becomes the AI's plan (AI.plan), followed while
    the game goes as the turn foresaw."""
    view, hidden = searched_game(game, ai.fair, ai.params)
    legal = view.legal_actions()
    if len(legal) == 1:
        ai.last_nodes = 0
        return legal[0]
    p = ai.params.ismcts
    if p.root_turns:
        planned = ai.planned(view)
        if planned is not None and planned in legal:
            ai.last_nodes = 0
            return planned
    searcher = IsmctsSearch()
    searcher.setup(ai.values, exploration=p.exploration, rollout_turns=p.rollout_turns,
                   scale=p.scale, max_nodes=p.max_nodes, widening=p.widening,
                   reply_nodes=p.reply_nodes, reply_depth=p.reply_depth, greed=p.greed,
                   threat_visits=p.threat_visits)
    limit = int(nodes or 0)
    deadline = 0.0
    started = time.monotonic()
    if seconds is not None:
        if seconds <= 0:
            limit = limit or 100
        else:
            deadline = started + seconds
    if not limit and not deadline:
        limit = 20_000  # neither a time nor a budget: a fixed effort, never an endless search
    turns: list[list[ActionRecord]] = []
    if p.root_turns and not ai.stopping():
        ranked = view.clone()
        ranking = ranking_search(ranked, ai.values)
        ai.attach(ranking)  # AI.stop() cuts the ranking short too
        try:
            turns = candidate_turns(ranked, ai.values,
                                    max(p.root_turns, p.reply_candidates if p.expected_replies
                                        else 0),
                                    started + p.turn_share * (deadline - started) if deadline
                                    else 0.0, ai.stopping, ranking)
        finally:
            ai.attach(None)
        replies: list[list[ActionRecord]] = []
        if p.expected_replies and turns and not ai.stopping():
            scored = scored_replies(
                view, turns, ai.values, p.expected_replies,
                started + (p.turn_share + p.reply_share) * (deadline - started) if deadline
                else 0.0, ai.stopping)
            turns, replies = safest_turns(turns, scored, p.root_turns)
        turns = turns[:p.root_turns]
        searcher.set_root_turns(turns)
        if replies:
            searcher.set_replies(replies)
    ai.attach(_Stopper(searcher))
    try:
        if ai.stopping():
            searcher.stop()
        started = time.monotonic()
        made = searcher.run(view._engine, hidden, iterations=limit, deadline=deadline,
                            seed=seed_of(ai.seed, game))
        ai.last_rate = made / max(time.monotonic() - started, 1e-9)
    finally:
        ai.attach(None)
    ai.last_nodes = made
    allowed = {str(a) for a in loadable(game.observation(game.to_move)._game_position())
               .legal_actions()} if ai.fair else {str(a) for a in game.legal_actions()}
    # a search stopped before its first iteration (AI.stop while the turns were ranked) has
    # the ranking's order, best first
    ranked_turns = searcher.root_turn_children() or [(k, 0, 0.0) for k in range(len(turns))]
    for k, visits, mean in ranked_turns:
        action = view._to_action(turns[k][0])
        if str(action) in allowed:
            _report(ai, p, made, mean, action)
            ai.set_plan(plan_entries(view, turns[k], Game._to_action), game)
            return action
    for raw, visits, mean, _ in searcher.root_children():
        action = view._to_action(raw)
        if str(action) in allowed:
            _report(ai, p, made, mean, action)
            return action
    # nothing searched (stopped at once) or no root action legal in the observation
    return next((a for a in legal if str(a) in allowed), legal[0])


def _report(ai: Host, p: IsmctsParams, made: int, mean: float, action: Action) -> None:
    if ai.on_progress:
        score = int(p.scale * math.log(max(mean, 1e-6) / max(1 - mean, 1e-6)))
        ai.on_progress(Progress(1, made, score, str(action)))


def simulation_rate(iterations: int = 20_000, game: Game | None = None,
                    p: IsmctsParams = IsmctsParams()) -> tuple[int, float]:
    """IS-MCTS speed: (iterations made, seconds) of one search from `game` (the standard
    set-up by default), the core's time only (wec bench, bench/)."""
    game = game or Game.new()
    searcher = IsmctsSearch()
    searcher.setup(search_values(), exploration=p.exploration, rollout_turns=p.rollout_turns,
                   scale=p.scale, max_nodes=p.max_nodes, widening=p.widening,
                   reply_nodes=p.reply_nodes, reply_depth=p.reply_depth, greed=p.greed,
                   threat_visits=p.threat_visits)
    started = time.perf_counter()
    made = searcher.run(game._engine, [], iterations=iterations, seed=1)
    return made, time.perf_counter() - started
