"""The two-turn part of the tactics suite (positions 61 on), built and checked by make_tactics.py.

Each theme places its pieces at random (a fixed seed per position) and keeps a position only when
the exhaustive check of its category holds (wec.tools.tactic_search; every turn and every reply
are the rules engine's legal actions, whole turns up to End Turn, states merged only when equal
in everything; nothing is pruned by the AI's judgement). What each category's check proves:

- win-in-two and journey (goal "win2"): (1) no turn of the side wins now; (2) after the recorded
  first turn, every distinct reply of the opponent either loses for it or leaves the side a
  winning turn (the number of replies is recorded, `verified.replies`); (3) the first turn
  matters: a turn of the side that is not a win in two is recorded (`verified.fails`), with a
  reply that escapes it. For journey the recorded first turn also starts a transport journey
  (R9: Jump Pack, Scuba Suit or Bike) of the piece that wins with it.
- parry (goal "survive"): (1) no turn of the side wins now; (2) of all the side's distinct
  turns (`verified.turns`) exactly `verified.saving` leave the opponent no winning turn; every
  other turn allows a reply that wins (R11.1); (3) the saving turns are at most half of all, and
  the recorded solution is one of them.

--check recomputes these figures and compares them with the files.
"""
from __future__ import annotations

import random
from typing import Callable

import wec
from wec import rules
from wec.game.coredata import square_of
from wec.tools import tactic_search as search
from wec.tools import tactics
from wec.tools.tactics import Tactic

from make_tactics import (DIRS, OTHER, fillers, game_of, line_square, piece, position, quiet_turn,
                          square)

PRIMARY = ("K", "DI", "AV", "PR")
MOST_REPLIES = 400
"""A win in two with more distinct replies is left out: judging a player's turn tries them all."""
MOST_TURNS = 3000
"""A parry with more distinct turns is left out (the check tries every turn and reply)."""
WORK = 300_000
"""Actions a candidate position's search may apply before it is left out (search.at_most): a
bound in work, not time, so the build is the same on every machine."""


def _dist(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _line(rng: random.Random, taken: set, start, lo: int, hi: int, avoid=()):
    """A free square on a line from `start` at distance lo..hi with the squares between free
    (they are then kept free); None if the line leaves the board or is blocked."""
    d = rng.choice([x for x in DIRS if x not in avoid])
    steps = rng.randint(lo, hi)
    end = line_square(start, d, steps)
    between = [line_square(start, d, k) for k in range(1, steps)]
    if end is None or end in taken or any(b in taken for b in between):
        return None, d
    taken.add(end)
    taken.update(between)
    return end, d


def _first_two_turn_win(game: wec.Game, wanted: Callable[[list], bool],
                        rank: Callable[[list], int] = lambda records: 0,
                        tries: int = 80) -> list[str] | None:
    """The first turn after which every reply leaves a win, among the turns that `wanted`
    accepts (a test of the engine's pieces at the turn's end), the `tries` best by `rank` then
    the shortest. Only which candidate is found depends on this order: each is proved whole."""
    engine = game._engine.copy()
    side = engine.side
    turns = []
    for raws in search.turn_ends(engine, side):
        records = engine.pieces()
        if engine.result == search.RESULT_NONE and wanted(records):
            turns.append((rank(records), len(raws), list(raws)))
    for _, _, raws in sorted(turns, key=lambda t: t[:2])[:tries]:
        turn = search.turn_texts(game, raws)
        if search.wins_in_two(search.after(game, turn), side, MOST_REPLIES).ok:
            return turn
    return None


PRIMARY_INDEX = {rules.TYPE_INDEX[t] for t in PRIMARY}


def _stunned(color: str) -> Callable[[list], bool]:
    """The enemy primary piece is stunned (records of Engine.pieces)."""
    c = rules.COLORS.index(color)
    return lambda records: any(r.color == c and r.type in PRIMARY_INDEX and r.stun > 0
                               for r in records)


def _on_journey(color: str) -> Callable[[list], bool]:
    c = rules.COLORS.index(color)
    return lambda records: any(r.color == c and r.journey is not None for r in records)


def _win_in_two_tactic(theme: str, category: str, pos: dict, wanted, note: str,
                       rank=lambda records: 0, work: int = WORK) -> Tactic | None:
    game = game_of(pos)
    try:
        with search.at_most(work):
            if game is None or search.has_win_now(game):
                return None
            solution = _first_two_turn_win(game, wanted, rank)
            if solution is None:
                return None
            verified = search.verify_win_in_two(game, solution)
    except (search.VerifyError, search.TooBig):
        return None
    return Tactic("", theme, "win2", pos, tuple(solution), note=note, category=category,
                  verified=verified)


# --- win in two: stun the primary piece now, kill it next turn ------------------------------------

def win_in_two(rng: random.Random, side: str) -> Tactic | None:
    """The enemy primary piece can be stunned now (R7.3: it cannot Move in its turn) and killed
    next turn by a weapon that cools down this turn (R7.2) or by a Queen one Move away."""
    kind = rng.choice(["flame", "convert", "rocket", "queen"])
    enemy = {"flame": "DI", "convert": "K", "rocket": "PR",
             "queen": rng.choice(["K", "DI", "PR"])}[kind]
    taken: set = set()
    t = square(rng, taken)
    pieces = [piece("K", side, square(rng, taken)), piece(enemy, OTHER[side], t)]
    stunner = rng.choice(["SP", "CH", "SP"])
    s_sq, s_dir = _line(rng, taken, t, 2, 5)
    if s_sq is None:
        return None
    pieces.append(piece(stunner, side, s_sq))
    if kind == "queen":
        k_sq = square(rng, taken, near=t, dist=7)
        pieces.append(piece("Q", side, k_sq))
        how = "the Queen captures it next turn (R4.2.2)"
    else:
        killer, weapon, lo, hi = {"flame": ("TA", "FL", 1, 2),
                                  "convert": (rng.choice(["CP", "CL"]), "CS", 1, 1),
                                  "rocket": ("RP", "RL", 2, 2)}[kind]
        k_sq, _ = _line(rng, taken, t, lo, hi, avoid=(s_dir,))
        if k_sq is None:
            return None
        pieces.append(piece(killer, side, k_sq, cooldowns={weapon: 1}))
        how = {"flame": "the Tank's Flame, cooling down this turn, burns it next turn "
                        "(R7.2, R7.1)",
               "convert": f"the {killer}'s Conversion, cooling down this turn, converts it "
                          "next turn (R7.2, R7.5)",
               "rocket": "the Rocket Launcher Pawn, cooling down this turn, fires next turn "
                         "and the Rocket lands at End Turn (R7.2, R7.6, R7.7)"}[kind]
    fillers(rng, taken, pieces, rng.randint(0, 1), rng.randint(1, 3), side)
    pos = position(side, pieces)
    note = (f"stun the {enemy} now with the {stunner}'s Stunner (R7.3: it cannot Move in its "
            f"turn); {how}")
    return _win_in_two_tactic("win-in-two", "win-in-two", pos, _stunned(OTHER[side]), note)


# --- journey: a transport journey brings the killer, the primary piece stunned meanwhile ----------

def journey(rng: random.Random, side: str) -> Tactic | None:
    transport = rng.choice(["JP", "SC", "BI"])
    kind = rng.choice(["convert", "flame"])
    enemy = "K" if kind == "convert" else "DI"
    taken: set = set()
    t = square(rng, taken)
    pieces = [piece("K", side, square(rng, taken)), piece(enemy, OTHER[side], t)]
    s_sq, s_dir = _line(rng, taken, t, 2, 5)
    if s_sq is None:
        return None
    pieces.append(piece("SP", side, s_sq))
    killer = "CP" if kind == "convert" else "TA"
    ring = [(t[0] + dr, t[1] + dc) for dr in range(-3, 4) for dc in range(-3, 4)
            if max(abs(dr), abs(dc)) == 3]
    ring = [q for q in ring if 1 <= q[0] <= 10 and 1 <= q[1] <= 10 and q not in taken]
    if not ring:
        return None
    k_sq = rng.choice(ring)  # three steps away: a journey of two, then the Fire
    taken.add(k_sq)
    pieces.append(piece(killer, side, k_sq, articles=[transport]))
    fillers(rng, taken, pieces, 0, rng.randint(1, 2), side)
    pos = position(side, pieces)
    what = {"JP": "Jump Pack (through the Air)", "SC": "Scuba Suit (under water)",
            "BI": "Bike"}[transport]
    weapon = "converts the King (R7.5)" if kind == "convert" else "burns the Dictator (R7.1)"
    note = (f"the {killer}'s {what} journey (R9.3: a square now, the next at the start of the "
            f"next turn) while the Stunner holds the {enemy} (R7.3); then it {weapon}")
    game = game_of(pos)
    if game is None:
        return None
    stunned, journeying = _stunned(OTHER[side]), _on_journey(side)
    enemy_pid = 1  # the enemy primary piece is the position's second piece

    def nearness(records: list) -> int:
        """How far the journey's destination is from the enemy primary piece."""
        target = next(r for r in records if r.pid == enemy_pid)
        d = min(_dist(square_of(r.journey.dest), square_of(target.sq))
                for r in records if r.journey is not None)
        return d if d > 0 else 9  # onto its square: the journey crashes (R9.4)

    return _win_in_two_tactic("journey", "journey", pos, lambda g: stunned(g) and journeying(g),
                              note, nearness, work=5 * WORK)  # a journey's many destinations


# --- parry: the opponent's next turn wins unless this turn stops it -------------------------------

def _parry_tactic(theme: str, pos: dict, note: str) -> Tactic | None:
    game = game_of(pos)
    if game is None:
        return None
    quiet = quiet_turn(game)  # cheap first: a quiet turn must lose before all turns are tried
    try:
        with search.at_most(WORK // 10):
            if quiet is None or tactics.survives(game, quiet):
                return None
    except search.TooBig:
        return None
    try:
        with search.at_most(WORK):
            verified = search.verify_parry(game, None, most_turns=MOST_TURNS)
    except (search.VerifyError, search.TooBig):
        return None
    solution = verified.pop("solution")
    return Tactic("", theme, "survive", pos, tuple(solution), note=note, category="parry",
                  verified=verified)


def parry_projectile(rng: random.Random, side: str) -> Tactic | None:
    """An enemy projectile two steps from the own primary piece: it advances at this End Turn and
    lands at the opponent's (R7.7)."""
    kind = rng.choice(["RL", "SL", "TL"])
    taken: set = set()
    own = square(rng, taken)
    d = rng.choice(DIRS)
    p_sq = line_square(own, d, 2)
    mid = line_square(own, d, 1)
    if p_sq is None or p_sq in taken or mid in taken:
        return None
    taken.update({p_sq, mid})
    if kind == "RL":
        pieces = [piece("PR", side, own)]
        level, target, what = "G", None, "Rocket (the President has no Anti-Rocket)"
    elif kind == "SL":
        pieces = [piece("CH", side, own, "A"), piece("K", side, own, "A")]
        level, target, what = "A", 1, "SAM homing on the King carried in the Air (R7.6)"
    else:
        pieces = [piece("SU", side, own, "S"), piece("PR", side, own, "S")]
        level, target, what = "S", 1, "Torpedo homing on the President carried at Sub (R7.6)"
    projectile = {"type": kind, "square": list(p_sq), "level": level,
                  "direction": [-d[0], -d[1]], "strength": 1, "owner": OTHER[side]}
    if target is not None:
        projectile["target"] = target
    pieces.append(piece("K", OTHER[side], square(rng, taken)))
    fillers(rng, taken, pieces, rng.randint(1, 2), rng.randint(0, 2), side)
    pos = position(side, pieces, projectiles=[projectile])
    note = (f"an enemy {what} two steps away advances at this End Turn and lands at the "
            "opponent's (R7.7, R6.4, R11.1): get out of its way or stop it now")
    return _parry_tactic("parry-projectile", pos, note)


def parry_stunner(rng: random.Random, side: str) -> Tactic | None:
    """The King holds an Anti-Conversion; an enemy stunner in line would make it drop it
    (R7.3.3), and the Conversion Pawn next to it would then convert it (two Fires, R6.1)."""
    taken: set = set()
    own = square(rng, taken)
    s_sq, _ = _line(rng, taken, own, 2, 5)
    if s_sq is None:
        return None
    c_sq = square(rng, taken, near=own, dist=2)
    stunner = rng.choice(["SP", "CH"])
    pieces = [piece("K", side, own, articles=["ACS"]), piece(stunner, OTHER[side], s_sq),
              piece(rng.choice(["CP", "CL"]), OTHER[side], c_sq),
              piece("K", OTHER[side], square(rng, taken))]
    fillers(rng, taken, pieces, rng.randint(1, 2), rng.randint(0, 1), side)
    pos = position(side, pieces)
    note = (f"the enemy {stunner}'s Stunner in line with the King would make it drop its "
            "Anti-Conversion (R7.3.3), then the converter converts it (R7.5, R11.1)")
    return _parry_tactic("parry-stunner", pos, note)


def parry_conversion(rng: random.Random, side: str) -> Tactic | None:
    """An enemy Cleric one Move from a square next to the King converts it in its turn (a Move
    then a Fire, R6.1, R7.5)."""
    taken: set = set()
    own = square(rng, taken)
    hand = rng.choice(["left", "right"])
    c_sq = _cleric_square(rng, taken, own, hand, OTHER[side])
    if c_sq is None:
        return None
    pieces = [piece("K", side, own), piece("CL", OTHER[side], c_sq, hand=hand),
              piece("K", OTHER[side], square(rng, taken))]
    fillers(rng, taken, pieces, rng.randint(1, 3), rng.randint(0, 1), side)
    pos = position(side, pieces)
    note = ("the enemy Cleric can Move next to the King and convert it in the same turn "
            "(R4.6, R7.5; the King has no Anti-Conversion)")
    return _parry_tactic("parry-conversion", pos, note)


CLERIC = {"left": [(7, 3), (3, -7), (-7, -3), (-3, 7)],
          "right": [(7, -3), (3, 7), (-7, 3), (-3, -7)]}
"""Weapon Chess Cleric destinations of range 7 for White (R4.6); Black's are negated (R1.5)."""


def _cleric_square(rng: random.Random, taken: set, king, hand: str, color: str):
    """A free square from which a Cleric of that hand and colour lands next to `king`."""
    sign = 1 if color == "white" else -1
    options = []
    for d in DIRS:
        near = (king[0] + d[0], king[1] + d[1])
        for dr, dc in CLERIC[hand]:
            s = (near[0] - sign * dr, near[1] - sign * dc)
            if 1 <= s[0] <= 10 and 1 <= s[1] <= 10 and s not in taken and \
                    1 <= near[0] <= 10 and 1 <= near[1] <= 10 and near not in taken:
                options.append(s)
    if not options:
        return None
    s = rng.choice(options)
    taken.add(s)
    return s


def parry_reinforcement(rng: random.Random, side: str) -> Tactic | None:
    """An armed enemy reserve next to the primary piece enters and fires in the same turn (R8.4).
    The reserve is the standard one of its square (R8.5), so the side can know what it is: the
    opponent sees that a square holds a reserve, not which (R8.4)."""
    kind = rng.choice(["CL", "TA"])
    own_type = "K" if kind == "CL" else "DI"
    reserve = next(dict(r, armed=True) for r in
                   rules.standard_position("monarchy", "monarchy")["reserves"]
                   if r["type"] == kind and r["color"] == OTHER[side])
    a_sq = tuple(reserve["square"])
    taken: set = {a_sq}
    own, _ = _line(rng, taken, a_sq, 1, 1 if kind == "CL" else 2)
    if own is None:
        return None
    pieces = [piece(own_type, side, own), piece("K", OTHER[side], square(rng, taken))]
    fillers(rng, taken, pieces, rng.randint(1, 3), rng.randint(0, 1), side)
    pos = position(side, pieces)
    pos["reserves"] = [reserve]
    weapon = "converts the King (R7.5)" if kind == "CL" else "burns the Dictator (R7.1)"
    note = (f"the enemy's armed reserve at {a_sq}, the standard {kind} of that square (R8.5), "
            f"can enter (R8.4) and at once fire: it {weapon}; move away, or stand on its "
            "activation square")
    return _parry_tactic("parry-reinforcement", pos, note)


PLAN2 = [("win-in-two", win_in_two, 10), ("parry-projectile", parry_projectile, 5),
         ("parry-stunner", parry_stunner, 3), ("parry-conversion", parry_conversion, 4),
         ("parry-reinforcement", parry_reinforcement, 3), ("journey", journey, 7)]
"""Theme, maker, count: 32 positions, numbered from 61 in this order."""


def check(tactic: Tactic) -> str | None:
    """Recompute a two-turn tactic's proof and compare it with the file's `verified`; the
    reason it fails, or None."""
    game = tactic.game()
    recorded = tactic.verified or {}
    try:
        if tactic.goal == "win2":
            got = search.verify_win_in_two(game, list(tactic.solution))
            fails = recorded.get("fails")
            if not fails or search.wins_in_two(search.after(game, fails),
                                               game._engine.side).ok:
                return f"the recorded failing turn {fails} wins in two"
            keys = ["replies"]
            if tactic.category == "journey" and not _on_journey(game.to_move)(
                    search.after(game, list(tactic.solution)).pieces()):
                return "the solution starts no journey"
        else:
            got = search.verify_parry(game, list(tactic.solution))
            keys = ["turns", "saving"]
    except search.VerifyError as e:
        return str(e)
    if any(recorded.get(k) != got[k] for k in keys):
        return f"verified {recorded} but found {got}"
    return None
