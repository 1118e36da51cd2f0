"""The fair view: the game a fair AI searches, built from its side's observation alone (R10.6).

The observation's position with the enemy reserves, known only as squares, guessed
(reserve_guesses), and each hidden enemy piece put back where it was last seen (place_last_seen)
or, for a further determinization, on a square drawn near that sighting (draw_near). Sightings
that the side's own Flames or any projectile have swept since are forgotten
(searched_sightings).
"""
from __future__ import annotations

import dataclasses
import random
import re
from typing import Any, Callable

from wec import rules
from wec.ai.params import DEFAULT_PARAMS, SearchParams
from wec.ai.search import static_score
from wec.game.action import parse_action
from wec.game.errors import PositionError, WecError
from wec.game.game import Game
from wec.game.notation import parse_turn


def loadable(pos: dict) -> Game:
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


def place_hidden(pos: dict, seen: Any, square: tuple[int, int], me: str) -> dict:
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


def place_last_seen(pos: dict, seen: Any, me: str,
                    places: Callable[[], dict] | None = None,
                    params: SearchParams = DEFAULT_PARAMS) -> dict:
    """`pos` with the hidden enemy piece `seen` put back where it was last seen; where it cannot
    be now (a piece this side sees fills that square, or this side would see it there), on the
    nearest square (king distance, at most `params.near_reach`; then the nearest to the own
    primary piece) among its possible locations (`places()`, Observation.possible_locations;
    None: every square) where it fits and stays hidden. Left out, the piece would be forgotten:
    the search would not see the battery or submarine that moved away from its last sighting."""
    placed = place_hidden(pos, seen, seen.square, me)
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
                  for r, c in where if 0 < max(abs(r - r0), abs(c - c0)) <= params.near_reach)
    for _, _, r, c in near[:params.near_tries]:
        placed = place_hidden(pos, seen, (r, c), me)
        if placed is not pos:
            return placed
    return pos


def _primary_squares(pos: dict, me: str) -> list[tuple[int, int]]:
    return [tuple(p["square"]) for p in pos["pieces"] if p["color"] == me and
            rules.PIECE_TYPES[rules.TYPE_INDEX[p["type"]]].role == "primary"]


def draw_near(rng: random.Random, places: frozenset, sighting: tuple[int, int]) -> tuple[int, int]:
    """One of a hidden piece's possible squares, drawn with weight 1 / (1 + d)^2 for a square d
    king steps from its last sighting. Uniform draws would hedge nothing: after three enemy turns
    the possible squares cover most of the board, while the enemy moves one piece a turn and a
    hidden piece has most often stayed where it was seen or near it."""
    squares = sorted(places)
    r0, c0 = sighting
    weights = [1.0 / (1 + max(abs(r - r0), abs(c - c0))) ** 2 for r, c in squares]
    return rng.choices(squares, weights)[0]


def reserve_guesses(pos: dict, enemy_reserves: list, last_seen: list, me: str,
                    params: SearchParams = DEFAULT_PARAMS) -> list[dict]:
    """The enemy reserves this side knows of only as squares (R8.4), as reserves a search can
    call in: each square's piece of the standard reserves (R8.5, public: the enemy's government
    read off its primary piece) or else a Tank; armed where this side saw it armed (R8.4, the
    observation's `armed`) or while a hidden enemy piece was last seen near its square (that
    arming would not have been seen; `params.arming_reach`). Without them the search never
    foresees a Reinforce, and a piece entering beside its primary piece and firing comes as a
    surprise."""
    enemy = rules.COLORS[1 - rules.COLORS.index(me)]
    near = [s.square for s in last_seen if s.color == enemy]
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
        armed = r.get("armed") is True or any(
            max(abs(a - square[0]), abs(b - square[1])) <= params.arming_reach for a, b in near)
        out.append({"type": like["type"], "color": enemy, "square": list(square),
                    "hand": like["hand"], "armed": armed})
    return out


def with_reserve_guesses(pos: dict, enemy_reserves: list, last_seen: list, me: str,
                         params: SearchParams = DEFAULT_PARAMS) -> dict:
    """`pos` with the enemy reserves guessed (reserve_guesses), those its loader accepts (a
    guess that clashes with a known reserve of the square is left out)."""
    guesses = reserve_guesses(pos, enemy_reserves, last_seen, me, params)
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


def searched_sightings(obs: Any, params: SearchParams = DEFAULT_PARAMS) -> list:
    """The last sightings (Observation.last_seen) a fair search puts back on the board: all but
    those whose square and level this side's own Flame swept in a turn since the sighting's
    (R7.1: every piece there is hit; Observation.flame_sweeps). A hidden piece still there was
    destroyed unseen (the shooter's record does not name it, R12.3), one that had left is
    somewhere else: either way it is not where it was seen, and kept there it is a phantom the
    search plays around (and flames again) for the rest of the game — the largest source of
    phantoms in self-play games (bench/README.md). Likewise a square and level a projectile, of
    either side, was created on or flew into (R7.7: it hits every piece there, or there was
    none; projectiles are public, R10.6): the projectiles' flights at End Turn were the largest
    source left. Decided from what the side saw, never from whether the piece died; both maps
    are kept action by action (Entry.swept), so this costs the same in a long game. Each
    sighting also follows the dozes since (dozed_sightings, from a map kept the same way,
    Entry.dozes), a sweep counting only while the piece would have stood where it swept.
    `params.forget_flamed`, `params.forget_swept` and `params.follow_dozes` switch each."""
    seen = obs.last_seen()
    if not seen:
        return seen
    sweeps = [read() for on, read in ((params.forget_swept, obs.projectile_sweeps),
                                      (params.forget_flamed, obs.flame_sweeps)) if on]
    return dozed_sightings(seen, obs.dozes() if params.follow_dozes else {}, sweeps)


def dozed_sightings(seen: list, dozes: dict, sweeps: list[dict] | tuple = ()) -> list:
    """The sightings `seen` carried along by the dozes since, as the side's own record names
    them (`dozes`: Observation.dozes, square -> a tuple of (turn, row step, col step), oldest
    first), less those a weapon swept where they stood (`sweeps`: maps of (row, col, level) ->
    the last turn a weapon went through it, Observation.projectile_sweeps and flame_sweeps).
    R4.11.1 moves every hidden piece at the Ground of a dozed square with the group, one step
    the Dozer's way: a hidden piece last seen there is put where the doze pushed it, as of that
    turn, and followed from there. A sweep of a square from the turn the piece was taken to
    stand there until the turn of the doze that pushed it away (the turn's Move comes before
    its Fires) forgets it; a later one, after it had left, does not. Without the dozes, a
    stealthy AAA that shared a pawn's square when the pawn was dozed stays, in the view, where
    the game began, a step or two from where it stands: the commonest wrong square of a hidden
    piece in games against an omniscient AI (bench/README.md). Per push, a dict read and a
    look through that square's dozes: the cost does not grow with the game's length, only with
    how often one square was dozed."""
    out = []
    for s in seen:
        followed = _followed(s, dozes if s.level == "G" and s.type is not None else {}, sweeps)
        if followed is not None:
            out.append(followed)
    return out


def _followed(seen: Any, dozes: dict, sweeps: list[dict] | tuple) -> Any:
    """The sighting `seen` pushed by each doze of its square from its turn on, then of the
    square it was pushed to after that doze's turn (a turn holds one doze: one step each);
    None if a weapon swept a square while it stood there."""
    square, turn, pushed = seen.square, seen.turn, False
    while True:
        step = next(((when, dr, dc) for when, dr, dc in dozes.get(square, ())
                     if when > turn or (when == turn and not pushed)), None)
        until = None if step is None else step[0]
        key = (square[0], square[1], seen.level)
        if any(turn <= swept.get(key, -1) and (until is None or swept[key] < until)
               for swept in sweeps):
            return None
        if step is None:
            break
        turn, square, pushed = step[0], (square[0] + step[1], square[1] + step[2]), True
    return dataclasses.replace(seen, square=square, turn=turn) if pushed else seen


def view_game(position: dict, last_seen: list, color: str,
              params: SearchParams = DEFAULT_PARAMS) -> Game:
    """The game a fair player of `color` searches (R10.6), from its observation alone: the
    observation's position (`Observation.position()`) with the enemy reserves, known only as
    squares, guessed (reserve_guesses) and each hidden enemy piece put back where it was last
    seen (`Observation.last_seen()`; place_last_seen). The app's hint and the computer's draw
    judgement read a side's view through it in another process."""
    pos = {k: v for k, v in position.items() if k != "enemy_reserves"}
    pos = with_reserve_guesses(pos, position.get("enemy_reserves", []), last_seen, color, params)
    for seen in last_seen:
        if seen.type is not None:
            pos = place_last_seen(pos, seen, color, params=params)
    return loadable(pos)


def view_score(position: dict, last_seen: list, color: str,
               params: SearchParams = DEFAULT_PARAMS) -> int:
    """The evaluation of what `color` may know, for the side to move there (a pawn = 100): the
    static evaluation of its fair view (view_game: its observation's position, hidden enemies
    where it last saw them, enemy reserves guessed), never of the true game. The app's
    evaluation bar shows it; building the view is most of the cost (bench/README.md)."""
    return static_score(view_game(position, last_seen, color, params))
