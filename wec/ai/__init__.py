"""The computer opponent (`wec.AI`), and the baseline players.

The search runs in the Cython core without the GIL (wec/_core/search.pyx): alpha-beta over
actions, iterative deepening, a transposition table on the Zobrist hash. A *fair* AI (the
default) decides from `game.observation(its colour)` only: it searches a game built from what its
side may know, so hidden enemies cannot influence its choice (R10.6).
"""
from __future__ import annotations

import functools
import random
import re
import threading
import time
from numbers import Integral, Real
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from wec import rules
from wec.ai import weights
from wec.game.action import Action, parse_action
from wec.game.errors import OptionsError, PositionError, WecError, shown
from wec.game.game import Game
from wec.game.notation import parse_turn
from wec.game.observation import REVEALED_FOR_GOOD

@dataclass(frozen=True)
class Level:
    """How hard one AI level searches (a row of LEVELS)."""

    depth: int
    """Deepest iteration, in actions (End Turn costs none: 2 = a Move and the reply)."""
    quiescence: int
    """Actions of captures, fires and End Turns searched past the depth (0: none)."""
    nodes: int
    """Node cap per action (0: only the time limit)."""


LEVELS = {
    1: Level(depth=1, quiescence=0, nodes=0),
    2: Level(depth=1, quiescence=2, nodes=0),
    3: Level(depth=1, quiescence=4, nodes=0),
    4: Level(depth=2, quiescence=4, nodes=0),
    5: Level(depth=40, quiescence=10, nodes=0),
}
"""Levels differ by what each one searches to the end: 1 judges its Move as it lands; 2 and 3
also see the captures, fires and End Turns that follow (2 and 4 actions); 4 searches the
opponent's reply too (depth 2); 5 (the default) deepens for as long as the turn's `seconds`
allow. Every level is bounded by the time too, and an `AI(nodes=...)` budget caps any of them.
Each scores over +100 Elo against the one below at 1 s per turn (bench/README.md). Tried and
dropped as further steps: node caps (a search stopped inside the depth-2 iteration was hardly
stronger than one with a smaller cap), quiescence deeper than 4 at depth 2, a share of the time
between levels 4 and 5, and random Moves below level 1 (level 1 is already near random)."""
GREEDY = Level(depth=3, quiescence=6, nodes=45_000)
"""The greedy baseline's search: its own turn to End Turn (a Move and its Fires), judged
statically (GreedyPlayer) — the row it has used since the baseline's results were recorded."""
LEVEL_DEPTH = {k: v.depth for k, v in LEVELS.items()}
DEFAULT_LEVEL = max(LEVELS)
SAMPLES = 3
"""Determinizations searched with AI(samples=SAMPLES); the default is 1 (the last sightings):
at a second per turn the depth a single search reaches is worth more than the hedge."""
CLEARING_JOURNEYS = False
"""Below the root the search also tries, before a side's Move, one journey of each piece that
may journey (R9.1; the whole list, ~200 a piece, only at the root): a piece that jumps away
opens a way through its square. Without it the search cannot foresee the enemy's Jump Pack
Fire that clears the path of a Cleric's long Move onto the conversion of the primary piece, at
any depth (game 1 of bench/results/ai4-ai1-cdcf375.jsonl: `FI1:JU/FP(3,5)1JP->(1,1)`,
`MV:CL(9,9)<->(2,6)`, `FI2:CS/CL(2,6)<->(1,5)`, the 4-second side's King converted). Off until
a match says it is worth its nodes (bench/README.md, item 3)."""
MOVE_DEPTH = False
"""Depth counts Moves only (a turn's Fires and article actions cost none), so depth 2 is always
the side's Move and the opponent's whole reply. Counting every action, a turn that begins with
a Fire leaves the reply to quiescence, which tries capturing Moves only: in game 0 of
bench/results/ai4-ai1-cdcf375.jsonl the 4-second side judged its last turn at depth 2 as
-1961 though every line lost (move depth 2 says so, in 4.3 M nodes). Off until a match says
the cost (depth 1 takes about the nodes depth 2 took) is worth it (bench/README.md, item 3)."""
ALGORITHMS = ("alphabeta", "ismcts")
"""AI(algorithm=...): "alphabeta" (the default: the iterative-deepening alpha-beta search of
the levels) or "ismcts" (Information-Set MCTS, wec.ai.ismcts; `level` does not apply to it)."""
MOVE_SHARE = 0.8
"""Share of the turn's remaining time for the first decision of a turn: its search plans the
whole turn, and the later actions follow the plan while the game goes as foreseen."""


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
    """The evaluation table in the core's index order: wec.ai.weights, or a table of the same
    shape ({"pieces": {code: v}, "articles": {code: v}, "weights": {name: v}}) from tuning."""
    table = table or weights.table()
    pieces, articles, w = table["pieces"], table["articles"], table["weights"]
    return {"pieces": [int(pieces[t.code]) for t in rules.PIECE_TYPES],
            "articles": [0] + [int(articles[a]) for a in rules.ARTICLES],
            "stunned": int(w["stunned"]),
            "projectile_near_primary": int(w["projectile_near_primary"]),
            "mobility": int(w["mobility"]), "reserve_armed": int(w["reserve_armed"]),
            "primary_guard": int(w.get("primary_guard", 0)),
            "cooling": int(w.get("cooling", 0)), "win": int(w["win"])}


def iteration_depths(deepest: int) -> list[int]:
    """The depths iterative deepening searches: 1, then even depths only. An odd depth ends
    with the AI's own Move and its Fires, which the opponent answers only by capturing: the
    AI's attacks look unanswerable there, so an odd iteration (even cut short) would prefer
    over-optimistic plans to the even one before it."""
    return [d for d in range(1, deepest + 1) if d == 1 or d % 2 == 0]


def _loadable(pos: dict) -> Game:
    """A game of an observation's position. An observation can hold a piece the position
    format cannot place alone (seen once: a piece at Sub whose carrier is not in the
    observation); such a piece is left out of the searched game, one at a time, rather than
    failing the decision."""
    for _ in range(len(pos["pieces"]) + 1):
        try:
            return Game.from_position(pos)
        except PositionError as e:
            match = re.match(r"pieces\[(\d+)\]", str(e))
            if not match:
                raise
            pos = _without_piece(pos, int(match.group(1)))
    return Game.from_position(pos)


def _without_piece(pos: dict, drop: int) -> dict:
    """`pos` without pieces[drop]; piece indices in lock-ons and homing targets renumbered."""
    def renumber(i: int | None) -> int | None:
        return None if i is None or i == drop else (i - 1 if i > drop else i)
    pieces = [{**p, "locks": [renumber(t) for t in p.get("locks", [])]} if p.get("locks") else p
              for i, p in enumerate(pos["pieces"]) if i != drop]
    projectiles = [{**q, "target": renumber(q.get("target"))} for q in pos.get("projectiles", [])]
    return {**pos, "pieces": pieces, "projectiles": projectiles}


def _place_hidden(pos: dict, seen, square: tuple[int, int], me: str) -> dict:
    """`pos` with the hidden enemy piece `seen` put on `square`, where it must stay hidden from
    `me` as it is in the true game: with no articles if it is hidden so, else with a Stealth
    article (what hid it is unknown); left out if there is no room or it would be seen there
    anyway (then it cannot be there)."""
    for articles in ([], ["SH"]):
        entry = {"type": seen.type, "color": seen.color, "square": list(square),
                 "level": seen.level, "home": False, "articles": articles}
        trial = {**pos, "pieces": pos["pieces"] + [entry]}
        try:
            game = Game.from_position(trial)
        except WecError:
            return pos  # no room there
        if not any(p.type == seen.type and p.color == seen.color
                   for p in game.can_see(me, square[0], square[1], seen.level)):
            return trial
    return pos


NEAR_TRIES = 10
"""Squares tried around a last sighting that cannot hold the hidden piece any more..."""
NEAR_REACH = 2
"""... within this many king steps of it."""


def _place_last_seen(pos: dict, seen, me: str,
                     places: Callable[[], dict] | None = None) -> dict:
    """`pos` with the hidden enemy piece `seen` put back where it was last seen; where it cannot
    be now (a piece this side sees fills that square, or this side would see it there), on the
    nearest square (king distance, at most NEAR_REACH; then the nearest to the own primary
    piece) among its possible locations (`places()`, Observation.possible_locations; None: every
    square) where it fits and stays hidden. Left out, the piece would be forgotten: the search
    would not see the battery or submarine that moved away from its last sighting."""
    if APPROACH_REACH and places is not None:
        placed = _approach(pos, seen, me, places().get(seen.marker, frozenset()))
        if placed is not pos:
            return placed
    placed = _place_hidden(pos, seen, seen.square, me)
    if placed is not pos:
        return placed
    r0, c0 = seen.square
    where = places().get(seen.marker, frozenset()) if places is not None else \
        {(r, c) for r in range(1, 11) for c in range(1, 11)}
    # ties toward this side's primary government piece: a piece that slipped away from its
    # sighting is judged where it would threaten most, not where it would be harmless
    kings = _primary_squares(pos, me) or [(r0, c0)]
    near = sorted((max(abs(r - r0), abs(c - c0)),
                   min(max(abs(r - kr), abs(c - kc)) for kr, kc in kings), r, c)
                  for r, c in where if 0 < max(abs(r - r0), abs(c - c0)) <= NEAR_REACH)
    for _, _, r, c in near[:NEAR_TRIES]:
        placed = _place_hidden(pos, seen, (r, c), me)
        if placed is not pos:
            return placed
    return pos


APPROACH_REACH = 0
"""A hidden enemy piece last seen within this many king steps of this side's primary piece, and
with an enemy turn since to have moved, is put one step nearer to that piece (where it fits and
stays hidden) instead of on its sighting: near the primary piece, the piece that stepped closer
unseen is the one that costs the game (a Stealth Pawn one step from its sighting stunned a King
that walked beside it). 0: off — offline (bench/fair_views.py, 47 such decisions of 29 games)
it fixed that decision and cost as much on others, where the piece had not moved."""


def _primary_squares(pos: dict, me: str) -> list[tuple[int, int]]:
    return [tuple(p["square"]) for p in pos["pieces"] if p["color"] == me and
            rules.PIECE_TYPES[rules.TYPE_INDEX[p["type"]]].role == "primary"]


def _approach(pos: dict, seen, me: str, where: frozenset) -> dict:
    """`pos` with the hidden piece `seen` one king step from its sighting toward this side's
    primary piece (APPROACH_REACH), among its possible locations `where`; `pos` unchanged if the
    sighting is farther, or no such square fits it hidden."""
    kings = _primary_squares(pos, me)
    if not kings:
        return pos
    r0, c0 = seen.square

    def reach(r: int, c: int) -> int:
        return min(max(abs(r - kr), abs(c - kc)) for kr, kc in kings)

    here = reach(r0, c0)
    if here > APPROACH_REACH:
        return pos
    steps = sorted((reach(r, c), r, c) for r, c in where
                   if max(abs(r - r0), abs(c - c0)) == 1 and reach(r, c) < here)
    for _, r, c in steps[:NEAR_TRIES]:
        placed = _place_hidden(pos, seen, (r, c), me)
        if placed is not pos:
            return placed
    return pos


def _draw_near(rng: random.Random, places: frozenset, sighting: tuple[int, int]) -> tuple[int, int]:
    """One of a hidden piece's possible squares, drawn with weight 1 / (1 + d)^2 for a square d
    king steps from its last sighting. Uniform draws would hedge nothing: after three enemy turns
    the possible squares cover most of the board, while the enemy moves one piece a turn and a
    hidden piece has most often stayed where it was seen or near it."""
    squares = sorted(places)
    r0, c0 = sighting
    weights = [1.0 / (1 + max(abs(r - r0), abs(c - c0))) ** 2 for r, c in squares]
    return rng.choices(squares, weights)[0]


ARMING_REACH = 1
"""An enemy reserve not seen armed is taken as armed (R8.4) while an enemy piece this side last
saw (a hidden one, see ARMING_BY_VISIBLE) stands within this many king steps of its activation
square."""
ARMING_BY_VISIBLE = False
"""Count the enemy pieces this side sees now as well (the guess before 2026-11-24, with reach 2).
Off: a piece in view that stands on the square arms it in plain sight (the observation's `armed`
says so) and one beside it is in the searched view, which sees it step on; only the hidden ones
can arm unseen. In 30 games of fair against omniscient (bench/results, 53cc66e saves) the guess
with the visible pieces took 720 unarmed reserve-decisions as armed for 3 armed ones it would
otherwise have missed; without them (reach 1) 39 and 3. Over the 200 games of the fair-against-
omniscient match (bench/results/ab-arming-hidden-r1-1s.jsonl) it scored 0.380 against 0.343,
0.350 and 0.345 for three runs with the old guess on the same games (+25 Elo, within noise)."""


def _reserve_guesses(pos: dict, enemy_reserves: list, last_seen: list, me: str) -> list[dict]:
    """The enemy reserves this side knows of only as squares (R8.4), as reserves a search can
    call in: each square's piece of the standard reserves (R8.5, public: the enemy's government
    read off its primary piece) or else a Tank; armed where this side saw it armed (R8.4, the
    observation's `armed`) or while a hidden enemy piece was last seen near its square (that
    arming would not have been seen; ARMING_REACH, ARMING_BY_VISIBLE). Without them the search never foresees a Reinforce, and a piece entering
    beside its primary piece and firing comes as a surprise."""
    enemy = rules.COLORS[1 - rules.COLORS.index(me)]
    near = [s.square for s in last_seen if s.color == enemy]
    if ARMING_BY_VISIBLE:
        near += [tuple(p["square"]) for p in pos["pieces"] if p["color"] == enemy]
    primary = next((p["type"] for p in pos["pieces"] if p["color"] == enemy and
                    rules.PIECE_TYPES[rules.TYPE_INDEX[p["type"]]].role == "primary"), "K")
    government = next((g for g, (first, _) in rules.GOVERNMENTS.items() if first == primary),
                      "monarchy")
    standard = {tuple(r["square"]): r for r in
                rules.standard_position(government, government)["reserves"]
                if r["color"] == enemy}
    out = []
    for r in enemy_reserves:
        if r.get("entered"):
            continue
        square = tuple(r["square"])
        like = standard.get(square, {"type": "TA", "hand": "right"})
        armed = r.get("armed") is True or \
            any(max(abs(a - square[0]), abs(b - square[1])) <= ARMING_REACH for a, b in near)
        out.append({"type": like["type"], "color": enemy, "square": list(square),
                    "hand": like["hand"], "armed": armed})
    return out


def _with_reserve_guesses(pos: dict, enemy_reserves: list, last_seen: list, me: str) -> dict:
    """`pos` with the enemy reserves guessed (_reserve_guesses), those its loader accepts (a
    guess that clashes with a known reserve of the square is left out)."""
    guesses = _reserve_guesses(pos, enemy_reserves, last_seen, me)
    if not guesses:
        return pos
    whole = {**pos, "reserves": pos.get("reserves", []) + guesses}
    try:
        Game.from_position(whole)
        return whole
    except WecError:
        pass  # one at a time, then
    for guess in guesses:
        trial = {**pos, "reserves": pos.get("reserves", []) + [guess]}
        try:
            Game.from_position(trial)
        except WecError:
            continue
        pos = trial
    return pos


FORGET_FLAMED = True
"""Leave out of the fair view a hidden enemy piece whose last-seen square and level this side's
own Flame has swept since (searched_sightings)."""

FORGET_SWEPT = True
"""Leave out of the fair view a hidden enemy piece whose last-seen square and level a projectile
was created on or flew into since (searched_sightings; Observation.projectile_sweeps)."""


def flamed(text: str, flame_range: int) -> set[tuple[int, int, str]]:
    """(row, col, level) of every square the Flames of an R12.2 turn string, or of one Fire's
    action text (`FI:...`), swept (for reading saves; a game keeps its own, Observation.
    flame_sweeps): each piece at the firer's level on the squares 1 .. flame
    range away in the direction fired (R7.1; nothing stops a flame)."""
    fires: list[tuple[int, int, str, int, int]] = []  # firer row, col, level; square fired at
    if text.startswith("FI:"):
        action = parse_action(text)
        if action.article == "FL" and action.origin and action.dest:
            (r0, c0, level), (r1, c1, _) = action.origin, action.dest
            fires.append((r0, c0, level, r1, c1))
    else:
        fires = [(f.piece.square[0], f.piece.square[1], f.piece.level, f.dest[0], f.dest[1])
                 for f in parse_turn(text).fires if f.article == "FL" and f.dest]
    out: set[tuple[int, int, str]] = set()
    for r0, c0, level, r1, c1 in fires:
        dr, dc = r1 - r0, c1 - c0
        out.update((r0 + k * dr, c0 + k * dc, level) for k in range(1, flame_range + 1))
    return out


def searched_sightings(obs: Any) -> list:
    """The last sightings (Observation.last_seen) a fair search puts back on the board: all but
    those whose square and level this side's own Flame swept in a turn since the sighting's
    (R7.1: every piece there is hit; Observation.flame_sweeps). A hidden piece still there was destroyed unseen (the
    shooter's record does not name it, R12.3), one that had left is somewhere else: either way
    it is not where it was seen, and kept there it is a phantom the search plays around (and
    flames again) for the rest of the game — 11 of the 24 phantoms in 32 self-play games were
    made so. Likewise a square and level a projectile, of either side, was created on or flew
    into (R7.7: it hits every piece there, or there was none; projectiles are public, R10.6):
    the projectiles' flights at End Turn were the largest source left (62 of 115 phantoms in
    100 games). Decided from what the side saw, never from whether the piece died; both maps
    are kept action by action (Entry.swept), so this costs the same in a long game."""
    seen = obs.last_seen()
    for forget, sweeps in ((FORGET_SWEPT, obs.projectile_sweeps),
                           (FORGET_FLAMED, obs.flame_sweeps)):
        if forget and seen:
            swept = sweeps()
            seen = [s for s in seen
                    if swept.get((s.square[0], s.square[1], s.level), -1) < s.turn]
    return seen


def view_game(position: dict, last_seen: list, color: str) -> Game:
    """The game a fair player of `color` searches (R10.6), from its observation alone: the
    observation's position (`Observation.position()`) with the enemy reserves, known only as
    squares, guessed (_reserve_guesses) and each hidden enemy piece put back where it was last
    seen (`Observation.last_seen()`; _place_last_seen). The app's hint and the computer's draw
    judgement read a side's view through it in another process."""
    pos = {k: v for k, v in position.items() if k != "enemy_reserves"}
    pos = _with_reserve_guesses(pos, position.get("enemy_reserves", []), last_seen, color)
    for seen in last_seen:
        if seen.type is not None:
            pos = _place_last_seen(pos, seen, color)
    return _loadable(pos)


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

class AI:
    """A computer player: `choose_action(game)` / `choose_turn(game)`; `stop()` from another
    thread returns the best found so far."""

    def __init__(self, level: int = DEFAULT_LEVEL, seconds: float | None = 1.0,
                 nodes: int | None = None, seed: int | None = 0, fair: bool = True,
                 on_progress: Callable[[Progress], None] | None = None,
                 table: dict | None = None, samples: int = 1,
                 algorithm: str = "alphabeta") -> None:
        """`seconds` is the time for a whole turn (shared out among its actions; None: no time
        limit, the level's depth and `nodes` bound it; 0: as fast as possible, one whole depth-1
        search per action), `nodes` a node budget per action (deterministic: same game, same
        seed and budget, same choice); `samples` the determinizations searched when enemy
        pieces are hidden (fair play); `algorithm` one of ALGORITHMS (with "ismcts", `nodes`
        caps the iterations per action and `samples` does not apply: each iteration draws its
        own determinization)."""
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
        if on_progress is not None and not callable(on_progress):
            raise OptionsError(f"AI on_progress: expected a function, got {shown(on_progress)}")
        self.level = level
        self.algorithm = algorithm
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
            engine.search_stop()

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

    def _view(self, game: Game) -> Game:
        """The game the search plays in: the first of `_views` (fair), or the true game."""
        return self._views(game, 1)[0]

    def _views(self, game: Game, count: int) -> list[Game]:
        """Games to search. Fair: `count` determinizations of the side's observation (R10.6).
        The first puts each hidden enemy piece back where it was last seen; the others put it
        on a square drawn from its possible locations (observation.possible_locations), the
        squares near its last sighting likelier (_draw_near), with a generator seeded by the
        AI's seed and the observation's turn — the same observation always gives the same
        views. A drawn square that cannot hold the piece leaves it out; the last sighting falls
        back on a square near it. Every view holds the enemy reserves as guessed from their
        squares (_reserve_guesses). Not fair: the true game."""
        if not self.fair:
            return [Game.from_position(game.position())]
        obs = game.observation(game.to_move)
        sightings = searched_sightings(obs)
        base = _with_reserve_guesses(obs._game_position(), obs.position().get("enemy_reserves", []),
                                     sightings, obs.color)
        hidden = [seen for seen in sightings if seen.type is not None]
        if not hidden:
            return [_loadable(base)]
        places = functools.cache(obs.possible_locations)
        rng = random.Random(f"{self.seed}:{obs.turn}:{obs.to_move}:{len(obs.history())}")
        views = []
        for sample in range(count):
            pos = base
            for seen in hidden:
                if sample and places().get(seen.marker):
                    square = _draw_near(rng, places()[seen.marker], seen.square)
                    pos = _place_hidden(pos, seen, square, obs.color)
                else:
                    pos = _place_last_seen(pos, seen, obs.color, places)
            views.append(_loadable(pos))
        return views

    def choose_action(self, game: Game, *, seconds: float | None = None,
                      nodes: int | None = None) -> Action:
        """The action the AI would play now (the game is not changed). With hidden enemies a
        fair AI searches SAMPLES determinizations, each with its share of the budget, and plays
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
                from wec.ai.ismcts import choose
                return choose(self, game, seconds, nodes)
            views = self._views(game, self.samples)
            if len(views) == 1:
                planned = self._planned(views[0])
                if planned is not None:
                    return self._legal_or_replan(game, planned, level)
                action, _, plan = self._search(views[0], level, seconds, nodes)
                self._plan, self._plan_key = plan, (game.turn, game.to_move)
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
        obs_game = _loadable(game.observation(game.to_move)._game_position())
        if action in obs_game.legal_actions():
            return action
        self._plan = []
        return self._search(obs_game, level, 0.05, 20_000)[0]

    def _planned(self, view: Game) -> Action | None:
        """The next action of this turn's plan, if the game went as the plan foresaw."""
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
        engine = view._engine
        engine.search_setup(self.values, qdepth=level.quiescence, turn_only=self._turn_only,
                            max_depth=level.depth, clearing=CLEARING_JOURNEYS,
                            move_depth=MOVE_DEPTH)
        engine.search_reset()
        self._engine = engine
        if self._stop.is_set():
            engine.search_stop()
        # seconds None: no deadline (the level's depth and the node budget bound the search);
        # 0: as fast as possible, the one iteration that judges every action, whole
        fastest = seconds is not None and seconds <= 0
        deadline = time.monotonic() + seconds if seconds is not None and not fastest else 0.0
        depths = iteration_depths(level.depth)[:1] if fastest else iteration_depths(level.depth)
        best, first, used = None, -1, 0
        try:
            for depth in depths:
                index, score, complete, used = engine.search_iteration(
                    depth, first, nodes or 0, deadline)
                # a cut-short iteration still counts once its first action (the previous best)
                # is searched: any action it prefers was searched to the full depth
                if index >= 0:
                    best, first = index, index
                    if complete and report and self.on_progress:
                        self.on_progress(Progress(depth, used, score, str(legal[index])))
                self.last_nodes = used
                if not complete:
                    break
                if abs(score) > weights.WEIGHTS["win"] // 2:
                    break  # a forced result: deeper search changes nothing
            best = best if best is not None else 0
            steps = engine.search_plan(best)
        finally:
            self._engine = None
        return legal[best], used, plan_entries(view, steps, lambda sim, i: sim.legal_actions()[i])

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
        return max(left * (MOVE_SHARE if first else 0.5), 0.005)

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
            sim = self._view(game)
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


SIGNATURE_POSITIONS = ("standard", "midgame_40", "crowded")
"""The fixed positions of the node-count signature (tests/data/positions, and the standard
set-up)."""


def signature(depth: int = 2, positions: list[Game] | None = None) -> tuple[int, int]:
    """The search's deterministic signature (the Stockfish "bench" idea): total nodes and the
    summed best-action indices of a fixed-depth search from each position — any functional
    change of the search or the evaluation changes it."""
    from pathlib import Path
    if positions is None:
        data = Path(__file__).resolve().parents[2] / "tests" / "data" / "positions"
        positions = [Game.new() if name == "standard" else
                     Game.from_position(str(data / f"{name}.json"))
                     for name in SIGNATURE_POSITIONS]
    nodes = best = 0
    for game in positions:
        engine = game._engine
        engine.search_setup(search_values(), tt_bits=18, qdepth=LEVELS[DEFAULT_LEVEL].quiescence)
        engine.search_reset()
        used = index = 0
        for d in range(1, depth + 1):
            index, _, complete, used = engine.search_iteration(d, index if d > 1 else -1, 0, 0.0)
            if not complete:
                raise RuntimeError("a signature search cannot be cut short")
        nodes += used
        best += index
    return nodes, best


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
