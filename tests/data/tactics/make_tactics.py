"""Build the tactics suite: `python tests/data/tactics/make_tactics.py` writes it into the package
(wec/tools/data/tactics, tactics.SUITE).

Each theme places its pieces at random (a fixed seed per position), keeps a position only when
the rules engine confirms the tactic by trying every turn (wec.tools.tactics), and writes it as
NN-theme.json with a verified solving turn. What is checked, per theme:

- win-move / win-fire / win-projectile: a turn wins (R11.1), and no turn of a Move and End
  Turn alone wins (the Fire is needed) for the Fire themes; the solving turn is the shortest
  winning one found;
- save-*: the side loses if it just moves a far piece (a turn of the opponent then wins), a
  saving turn exists, and without the named threat piece (the stunner, the converter) or with
  the projectile gone there is no such loss (the theme is what threatens);
- material-fire: the best material gain needs two Fires (one Fire or none gains less);
- transport: a save exists, and none exists without the transport (the Jump Pack, Bike,
  Scuba Suit, or the helicopter that carries the primary piece away);
- pickup: the goal is reached, and not without the right article lying there.

These first 60 positions are of the category "one-turn". The two-turn categories (win-in-two,
parry, journey: positions 61 on) are built by make_two_turn.py (PLAN2), whose docstring states
what each category's exhaustive check proves.

`--check` re-verifies the files instead of writing them: every recorded solution reaches its goal,
and for the two-turn categories the whole proof is recomputed and compared with the file's
`verified` figures (this takes minutes).
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

import wec  # noqa: E402
from wec.tools import tactics  # noqa: E402
from wec.ai import weights  # noqa: E402
from wec.game.errors import WecError  # noqa: E402
from wec.tools.tactics import Tactic  # noqa: E402

OTHER = {"black": "white", "white": "black"}
HANDED = {"TA", "CL", "CH"}
ARMY = ["FP", "RP", "SP", "CP", "XP", "SOP", "DS", "DO", "AAA"]
"""Filler pieces (no primary pieces)."""


def piece(code: str, color: str, square, level: str = "G", **extra) -> dict:
    entry = {"type": code, "color": color, "square": list(square), "level": level}
    if code in HANDED and "hand" not in extra:
        entry["hand"] = "right"
    entry.update(extra)
    return entry


def position(to_move: str, pieces: list[dict], articles=(), projectiles=()) -> dict:
    pos = {"format": "wec-position", "version": 1, "to_move": to_move, "turn": 9,
           "pieces": pieces}
    if articles:
        pos["articles"] = [{"type": a, "square": list(s)} for a, s in articles]
    if projectiles:
        pos["projectiles"] = list(projectiles)
    return pos


def game_of(pos: dict) -> wec.Game | None:
    try:
        g = wec.Game.from_position(pos)
    except WecError:
        return None
    return g if g.result is None else None


def square(rng: random.Random, taken: set, near=None, dist: int = 10) -> tuple[int, int]:
    """A free square, within king distance `dist` of `near` if given."""
    while True:
        s = (rng.randint(1, 10), rng.randint(1, 10))
        if s in taken:
            continue
        if near and max(abs(s[0] - near[0]), abs(s[1] - near[1])) > dist:
            continue
        taken.add(s)
        return s


def line_square(start, direction, steps):
    r, c = start[0] + direction[0] * steps, start[1] + direction[1] * steps
    return (r, c) if 1 <= r <= 10 and 1 <= c <= 10 else None


DIRS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]


def fillers(rng: random.Random, taken: set, pieces: list, n_own: int, n_enemy: int,
            side: str) -> None:
    for color, n in ((side, n_own), (OTHER[side], n_enemy)):
        for _ in range(n):
            pieces.append(piece(rng.choice(ARMY), color, square(rng, taken)))


def moves_then_end_win(game: wec.Game) -> bool:
    """Does a turn of just a Move and End Turn win?"""
    side = game.to_move
    for m in game.legal_moves():
        g = game.clone()
        g.apply(m)
        if g.result is None:
            g.apply("END")
        if g.result == side:
            return True
    return False


def short_turns(game: wec.Game, limit: int = 20_000):
    """Turns of the side to move, the shortest first: each Move then End Turn; each Move with
    one other action before or after it; each Move followed by two other actions; then every
    turn (wec.tools.tactics.turns, up to `limit`)."""
    moves = [str(m) for m in game.legal_moves()]
    for m in moves:
        yield [m, "END"]
    for m in moves:
        g = game.clone()
        g.apply(m)
        if g.result is not None:
            continue
        for a in g.legal_actions():
            if a.kind != "end":
                yield [m, str(a), "END"]
    for a in game.legal_actions():
        if a.kind in ("move", "doze"):
            continue
        g = game.clone()
        g.apply(a)
        for m in g.legal_moves():
            yield [str(a), str(m), "END"]
    for m in moves:  # a Move then two other actions (a Pickup and a Fire with it)
        g = game.clone()
        g.apply(m)
        if g.result is not None:
            continue
        for a in g.legal_actions():
            if a.kind == "end":
                continue
            h = g.clone()
            h.apply(a)
            if h.result is None:
                for b in h.legal_actions():
                    if b.kind != "end":
                        yield [m, str(a), str(b), "END"]
    if limit:
        yield from tactics.turns(game, limit=limit)


def _completes(game: wec.Game, turn: list[str]) -> wec.Game | None:
    """The game after `turn`, None if the turn is not legal there."""
    g = game.clone()
    try:
        for a in turn:
            if g.result is not None:
                return None
            g.apply(a)
    except WecError:
        return None
    return g


def shortest_win(game: wec.Game) -> list[str] | None:
    for turn in short_turns(game):
        g = _completes(game, turn)
        if g is not None and g.result == game.to_move:
            return turn
    return None


def quiet_turn(game: wec.Game) -> list[str] | None:
    """A turn that does nothing about the position: the Move of the own piece farthest from the
    own primary piece, then End Turn."""
    side = game.to_move
    primary = next(p for p in game.pieces(side) if p.type in ("K", "DI", "AV", "PR"))
    moves = sorted(game.legal_moves(), key=lambda a: -max(abs(a.origin[0] - primary.row),
                                                          abs(a.origin[1] - primary.col)))
    for m in moves:
        if m.piece in ("K", "DI", "AV", "PR"):
            continue
        return [str(m), "END"]
    return None


def loses_after(game: wec.Game, turn: list[str]) -> bool:
    return not tactics.survives(game, turn)


def saving_turn(game: wec.Game, must: str | None = None, limit: int = 4000) -> list[str] | None:
    """A short turn after which the opponent cannot win (containing `must` if given)."""
    for turn in short_turns(game, limit=limit):
        if must and not any(must in a for a in turn):
            continue
        g = _completes(game, turn)
        if g is not None and (g.result == game.to_move or
                              (g.result is None and not tactics.can_win_now(g))):
            return turn
    return None


def without(pos: dict, index: int) -> dict:
    out = copy.deepcopy(pos)
    del out["pieces"][index]
    for p in out.get("projectiles", []):
        if p.get("target") is not None and p["target"] > index:
            p["target"] -= 1
    return out


# --- the themes ----------------------------------------------------------------------------------

PRIMARY_ANTIS = {"K": ("AFL", "ARL"), "DI": ("ACS", "ARL"), "AV": ("AST", "ARL"),
                 "PR": ("ACS", "AFL")}


def win_move(rng: random.Random, side: str) -> Tactic | None:
    attacker = rng.choice(["Q", "TA", "CL", "CH", "AS", "AC", "PM", "FP", "SP", "CP", "K"])
    taken: set = set()
    own_primary = square(rng, taken)
    a_sq = square(rng, taken)
    target = square(rng, taken, near=a_sq, dist=7)
    enemy = rng.choice(["K", "DI", "AV", "PR"])
    pieces = [piece("K", side, own_primary), piece(attacker, side, a_sq),
              piece(enemy, OTHER[side], target)]
    fillers(rng, taken, pieces, rng.randint(1, 3), rng.randint(2, 4), side)
    pos = position(side, pieces)
    game = game_of(pos)
    if game is None:
        return None
    wins = [a for a in game.legal_moves() if a.piece == attacker and a.origin[:2] == a_sq
            and a.dest[:2] == target]
    if not wins:
        return None
    solution = [str(wins[0]), "END"]
    g = game.clone()
    for a in solution:
        g.apply(a)
    if g.result != side:
        return None
    return Tactic("", "win-move", "win", pos, tuple(solution),
                  note=f"the {attacker} captures the enemy primary piece {enemy} (R4.2.2, R11.1)")


def win_fire(rng: random.Random, side: str) -> Tactic | None:
    kind = rng.choice(["flame", "flame", "conversion", "two-flames"])
    taken: set = set()
    pieces = [piece("K", side, square(rng, taken))]
    d = rng.choice(DIRS)
    if kind == "flame":
        firer = rng.choice(["TA", "FP"])
        enemy = rng.choice(["DI", "AV"])  # no Anti-Flame (R7.8)
        f_sq = square(rng, taken)
        t_sq = line_square(f_sq, d, rng.randint(1, 2))
        how = f"the {firer}'s Flame (R7.1) destroys the {enemy} (no Anti-Flame, R7.8)"
    elif kind == "conversion":
        firer = rng.choice(["CL", "CP"])
        enemy = rng.choice(["K", "AV"])  # no Anti-Conversion
        f_sq = square(rng, taken)
        t_sq = line_square(f_sq, d, 1)
        how = f"the {firer}'s Conversion (R7.5) converts the {enemy}"
    else:
        firer = "TA"
        enemy = "K"  # one Anti-Flame: two Flame hits destroy it (R7.8)
        f_sq = square(rng, taken)
        t_sq = line_square(f_sq, d, 2)
        how = "two Flames (R6.1: two Fires a turn) beat the King's one Anti-Flame (R7.8)"
    if t_sq is None or t_sq in taken:
        return None
    taken.add(t_sq)
    pieces += [piece(firer, side, f_sq), piece(enemy, OTHER[side], t_sq)]
    if kind == "two-flames":  # a Flame Pawn next to the King, on another line
        p_sq = line_square(t_sq, rng.choice([x for x in DIRS if x != (-d[0], -d[1])]), 1)
        if p_sq is None or p_sq in taken:
            return None
        taken.add(p_sq)
        pieces.append(piece("FP", side, p_sq))
    fillers(rng, taken, pieces, rng.randint(1, 2), rng.randint(2, 3), side)
    pos = position(side, pieces)
    game = game_of(pos)
    if game is None or moves_then_end_win(game):
        return None
    solution = shortest_win(game)
    if solution is None or not any(a.startswith("FI:") for a in solution):
        return None
    return Tactic("", "win-fire", "win", pos, tuple(solution), note=how)


def win_projectile(rng: random.Random, side: str) -> Tactic | None:
    kind = rng.choice(["rocket", "rocket", "in-flight", "homing-sam"])
    taken: set = set()
    pieces = [piece("K", side, square(rng, taken))]
    projectiles = []
    d = rng.choice(DIRS)
    if kind == "rocket":
        f_sq = square(rng, taken)
        t_sq = line_square(f_sq, d, 2)
        if t_sq is None or t_sq in taken:
            return None
        taken.add(t_sq)
        pieces += [piece("RP", side, f_sq), piece("PR", OTHER[side], t_sq)]
        how = ("a Rocket fired at the President two squares away is created next to it and "
               "lands at End Turn (R7.6, R7.7, R6.4)")
    elif kind == "in-flight":
        t_sq = square(rng, taken)
        p_sq = line_square(t_sq, d, 1)
        if p_sq is None or p_sq in taken:
            return None
        taken.add(p_sq)
        pieces.append(piece("PR", OTHER[side], t_sq))
        projectiles.append({"type": "RL", "square": list(p_sq), "level": "G",
                            "direction": [-d[0], -d[1]], "strength": 1, "owner": side})
        # the rocket lands at End Turn whatever the Move, unless a piece steps into its way:
        # an enemy guard next to the President would be hit instead if it moved there, so the
        # side must just not block it with its own piece; a trap: capturing the guard
        g_sq = line_square(t_sq, rng.choice(DIRS), 1)
        if g_sq is None or g_sq in taken:
            return None
        taken.add(g_sq)
        pieces.append(piece(rng.choice(["Q", "TA", "AC"]), OTHER[side], g_sq))
        how = "the own Rocket in flight lands on the President at End Turn (R7.7, R6.4)"
    else:
        # a SAM homing on the enemy primary piece carried in the Air by its helicopter
        f_sq = square(rng, taken)
        t_sq = square(rng, taken, near=f_sq, dist=3)
        if max(abs(t_sq[0] - f_sq[0]), abs(t_sq[1] - f_sq[1])) < 2:
            return None
        pieces += [piece("SOP", side, f_sq), piece("CH", OTHER[side], t_sq, "A"),
                   piece("K", OTHER[side], t_sq, "A")]
        how = ("a SAM (R7.6: aimed, or homing within range 3) at the King carried in the Air "
               "by its helicopter: it lands at End Turn and destroys both (R7.7; no Anti-SAM)")
    fillers(rng, taken, pieces, rng.randint(1, 2), rng.randint(1, 3), side)
    pos = position(side, pieces, projectiles=projectiles)
    game = game_of(pos)
    if game is None:
        return None
    if kind != "in-flight" and moves_then_end_win(game):
        return None
    solution = shortest_win(game)
    if solution is None:
        return None
    if kind == "in-flight":  # a trap exists: some turn does not win
        if all(_wins(game, t) for t in tactics.turns(game, limit=2000)):
            return None
    elif not any(a.startswith("FI:") for a in solution):
        return None
    return Tactic("", "win-projectile", "win", pos, tuple(solution), note=how)


def _wins(game: wec.Game, turn: list[str]) -> bool:
    g = game.clone()
    for a in turn:
        g.apply(a)
    return g.result == game.to_move


def _threat_tactic(theme: str, pos: dict, threat_indices: list[int], how: str,
                   must: str | None = None, projectile_threat: bool = False) -> Tactic | None:
    """A save-type tactic: a quiet turn loses, a saving turn exists, and without the threat
    (pieces at threat_indices, or the projectiles) the quiet turn does not lose."""
    game = game_of(pos)
    if game is None:
        return None
    quiet = quiet_turn(game)
    if quiet is None or not loses_after(game, quiet):
        return None
    bare = copy.deepcopy(pos)
    if projectile_threat:
        bare["projectiles"] = []
    for i in sorted(threat_indices, reverse=True):
        bare = without(bare, i)
    bare_game = game_of(bare)
    if bare_game is None:
        return None
    bare_quiet = quiet_turn(bare_game)
    if bare_quiet is None or loses_after(bare_game, bare_quiet):
        return None
    solution = saving_turn(game, must)
    if solution is None:
        return None
    return Tactic("", theme, "survive", pos, tuple(solution), note=how)


def save_projectile(rng: random.Random, side: str) -> Tactic | None:
    taken: set = set()
    d = rng.choice(DIRS)
    own = square(rng, taken)
    steps = rng.choice([1, 2])
    p_sq = line_square(own, d, steps)
    if p_sq is None or p_sq in taken:
        return None
    taken.add(p_sq)
    kind = rng.choice(["RL", "RL", "TL"])
    pieces = [piece("PR", side, own)]
    if kind == "TL":  # the President carried at Sub by its submarine: a torpedo
        pieces = [piece("PR", side, own, "S"), piece("SU", side, own, "S")]
    projectiles = [{"type": kind, "square": list(p_sq), "level": "G" if kind == "RL" else "S",
                    "direction": [-d[0], -d[1]], "strength": 1, "owner": OTHER[side]}]
    pieces.append(piece("K", OTHER[side], square(rng, taken)))
    fillers(rng, taken, pieces, rng.randint(2, 3), rng.randint(1, 3), side)
    pos = position(side, pieces, projectiles=projectiles)
    where = "next to" if steps == 1 else "two squares from"
    how = (f"an enemy {'Rocket' if kind == 'RL' else 'Torpedo'} in flight {where} the "
           f"President (no Anti-{'Rocket' if kind == 'RL' else 'Torpedo'}) lands at "
           f"{'this' if steps == 1 else 'the next'} End Turn (R7.7): get out of its line")
    return _threat_tactic("save-projectile", pos, [], how, projectile_threat=True)


def save_stunner(rng: random.Random, side: str) -> Tactic | None:
    """The King holds an Anti-Conversion against the converter; a stunner in line would make it
    drop it (R7.3.3) and the converter then converts the King (two Fires, R6.1)."""
    taken: set = set()
    own = square(rng, taken)
    d = rng.choice(DIRS)
    s_sq = line_square(own, d, rng.randint(2, 5))
    c_sq = square(rng, taken, near=own, dist=2)
    if s_sq is None or s_sq in taken:
        return None
    taken.add(s_sq)
    for k in range(1, 6):  # nothing between the stunner and the King
        between = line_square(own, d, k)
        if between == s_sq:
            break
        taken.add(between)
    stunner = rng.choice(["SP", "CH"])
    pieces = [piece("K", side, own, articles=["ACS"]),
              piece(stunner, OTHER[side], s_sq), piece("CP", OTHER[side], c_sq),
              piece("K", OTHER[side], square(rng, taken))]
    fillers(rng, taken, pieces, rng.randint(2, 3), rng.randint(0, 2), side)
    pos = position(side, pieces)
    how = (f"the enemy {stunner}'s Stunner in line with the King would make it drop its "
           "Anti-Conversion (R7.3.3), then the Conversion Pawn converts it (R7.5, R11.1)")
    return _threat_tactic("save-stunner", pos, [1], how)


def save_conversion(rng: random.Random, side: str) -> Tactic | None:
    taken: set = set()
    own = square(rng, taken)
    converter = rng.choice(["CP", "CL", "CP"])
    c_sq = square(rng, taken, near=own, dist=rng.choice([1, 2, 3]))
    pieces = [piece("K", side, own), piece(converter, OTHER[side], c_sq),
              piece("K", OTHER[side], square(rng, taken))]
    fillers(rng, taken, pieces, rng.randint(2, 3), rng.randint(0, 2), side)
    pos = position(side, pieces)
    how = (f"the enemy {converter} reaches the King and converts it next turn (R7.5; the King "
           "has no Anti-Conversion, R11.1)")
    return _threat_tactic("save-conversion", pos, [1], how)


def material_fire(rng: random.Random, side: str) -> Tactic | None:
    taken: set = set()
    pieces = [piece("K", side, square(rng, taken)), piece("K", OTHER[side], square(rng, taken))]
    firers = rng.sample(["TA", "FP", "SP", "RP"], 2)
    for f in firers:
        f_sq = square(rng, taken)
        pieces.append(piece(f, side, f_sq))
        d = rng.choice(DIRS)
        for k in (1, 2):
            t = line_square(f_sq, d, k)
            if t is None or t in taken:
                continue
            if rng.random() < 0.7:
                taken.add(t)
                pieces.append(piece(rng.choice(["Q", "TA", "CL", "DS", "DO", "AAA"]),
                                    OTHER[side], t))
    fillers(rng, taken, pieces, rng.randint(0, 2), rng.randint(0, 2), side)
    pos = position(side, pieces)
    game = game_of(pos)
    if game is None:
        return None
    base = tactics.material(game, side)
    best = {0: -10**9, 1: -10**9, 2: -10**9}
    best_turn = None
    for turn in tactics.turns(game, limit=20_000):
        g = game.clone()
        for a in turn:
            g.apply(a)
        if g.result is not None:
            return None  # a win or a loss: not a material tactic
        fires = sum(a.startswith("FI:") for a in turn)
        gain = tactics.material(g, side) - base
        if gain > best[fires] or (gain == best[fires] and fires == 2 and best_turn
                                  and len(turn) < len(best_turn)):
            best[fires] = gain
            if fires == 2:
                best_turn = turn
    if best_turn is None or best[2] < 300 or best[2] <= max(best[0], best[1]):
        return None
    return Tactic("", "material-fire", "material", pos, tuple(best_turn), gain=best[2],
                  note=f"two Fires win {best[2]} (one Fire at most {max(best[0], best[1])})")


def transport(rng: random.Random, side: str) -> Tactic | None:
    """The King must escape a capture or conversion next turn; it can only by a transport."""
    kind = rng.choice(["JP", "BI", "SC", "CH"])
    taken: set = set()
    own = square(rng, taken)
    pieces = [piece("K", side, own, articles=[kind] if kind != "CH" else [])]
    if kind == "CH":
        pieces.append(piece("CH", side, own, "G"))  # shares the King's Ground square
    n_threats = rng.randint(1, 2)
    for _ in range(n_threats):
        pieces.append(piece(rng.choice(["CP", "CL", "Q", "CP"]), OTHER[side],
                            square(rng, taken, near=own, dist=3)))
    pieces.append(piece("K", OTHER[side], square(rng, taken)))
    fillers(rng, taken, pieces, rng.randint(2, 4), 0, side)
    pos = position(side, pieces)
    game = game_of(pos)
    if game is None:
        return None
    quiet = quiet_turn(game)
    if quiet is None or not loses_after(game, quiet):
        return None
    bare = copy.deepcopy(pos)
    if kind == "CH":
        bare = without(bare, 1)
    else:
        bare["pieces"][0]["articles"] = []
    bare_game = game_of(bare)
    if bare_game is None or saving_turn(bare_game, limit=0) is not None:
        return None
    solution = saving_turn(game, limit=0)
    if solution is None:
        return None
    what = {"JP": "its Jump Pack (R9.2: into the Air)", "BI": "its Bike (R9)",
            "SC": "its Scuba Suit (R9.2: under water)",
            "CH": "the helicopter, as its passenger (R4.8)"}[kind]
    return Tactic("", "transport", "survive", pos, tuple(solution),
                  note=f"the King is lost next turn unless it escapes by {what}")


def pickup(rng: random.Random, side: str) -> Tactic | None:
    kind = rng.choice(["weapon", "weapon", "defence"])
    taken: set = set()
    if kind == "weapon":  # pick up the Flame, not the Stunner, and burn the Dictator
        pieces = [piece("K", side, square(rng, taken))]
        p_sq = square(rng, taken)
        d = rng.choice(DIRS)
        t_sq = line_square(p_sq, d, rng.randint(1, 2))
        if t_sq is None or t_sq in taken:
            return None
        taken.add(t_sq)
        holder = rng.choice(["XP", "DS", "DO", "AAA"])
        pieces += [piece(holder, side, p_sq), piece("DI", OTHER[side], t_sq)]
        right, wrong = "FL", rng.choice(["ST", "AFL", "SL"])
        articles = [(wrong, p_sq), (right, p_sq)] if rng.random() < 0.5 else \
            [(right, p_sq), (wrong, p_sq)]
        fillers(rng, taken, pieces, rng.randint(1, 2), rng.randint(1, 2), side)
        pos = position(side, pieces, articles=articles)
        game = game_of(pos)
        if game is None or moves_then_end_win(game):
            return None
        bare = copy.deepcopy(pos)
        bare["articles"] = [{"type": wrong, "square": list(p_sq)}]
        bare_game = game_of(bare)
        if bare_game is None or tactics.winning_turn(bare_game) is not None:
            return None
        solution = shortest_win(game)
        if solution is None:
            return None
        return Tactic("", "pickup", "win", pos, tuple(solution),
                      note=f"pick up the Flame (not the {wrong}) and burn the Dictator "
                           "(R8.1, R7.1)")
    # defence: a Rocket next to the President, which cannot get out of its line
    own = square(rng, taken)
    d = rng.choice(DIRS)
    p_sq = line_square(own, d, 1)
    if p_sq is None or p_sq in taken:
        return None
    taken.add(p_sq)
    pieces = [piece("PR", side, own)]
    for dd in DIRS:  # own pieces all around: no square to step to
        s = line_square(own, dd, 1)
        if s and s not in taken:
            taken.add(s)
            pieces.append(piece(rng.choice(["DS", "AAA", "DO"]), side, s))
    projectiles = [{"type": "RL", "square": list(p_sq), "level": "G",
                    "direction": [-d[0], -d[1]], "strength": 1, "owner": OTHER[side]}]
    wrong = rng.choice(["ASL", "ATL", "AST"])
    articles = [("ARL", own), (wrong, own)] if rng.random() < 0.5 else [(wrong, own), ("ARL", own)]
    pieces.append(piece("K", OTHER[side], square(rng, taken)))
    fillers(rng, taken, pieces, 1, rng.randint(0, 2), side)
    pos = position(side, pieces, articles=articles, projectiles=projectiles)
    game = game_of(pos)
    if game is None:
        return None
    quiet = quiet_turn(game)
    if quiet is None or not loses_after(game, quiet):
        return None
    bare = copy.deepcopy(pos)
    bare["articles"] = [{"type": wrong, "square": list(own)}]
    bare_game = game_of(bare)
    if bare_game is None or saving_turn(bare_game, limit=0) is not None:
        return None
    solution = saving_turn(game, must="PU:", limit=0)
    if solution is None:
        return None
    return Tactic("", "pickup", "survive", pos, tuple(solution),
                  note=f"pick up the Anti-Rocket (not the {wrong}): the President cannot step "
                       "out of the Rocket's line (R7.8, R8.1)")


PLAN = [("win-move", win_move, 12), ("win-fire", win_fire, 8), ("win-projectile", win_projectile, 6),
        ("save-projectile", save_projectile, 6), ("save-stunner", save_stunner, 5),
        ("save-conversion", save_conversion, 6), ("material-fire", material_fire, 6),
        ("transport", transport, 5), ("pickup", pickup, 6)]


def build(out: Path, only: list[str] | None = None, tries: int = 4000) -> int:
    """Write each theme's positions, numbered in PLAN then PLAN2 order (a theme rebuilt alone
    keeps its numbers); returns how many were written."""
    from make_two_turn import PLAN2  # the two-turn themes, numbered after these
    n = 0
    first = 0
    for theme, make, count in PLAN + PLAN2:
        start, first = first, first + count
        if only and theme not in only:
            continue
        for old in out.glob(f"*-{theme}.json"):
            old.unlink()
        made = 0
        seed = 0
        while made < count and seed < tries:
            seed += 1
            rng = random.Random(f"{theme}:{seed}")
            side = "black" if (made + seed) % 2 else "white"
            try:
                tactic = make(rng, side)
            except WecError:
                tactic = None
            if tactic is None:
                continue
            n += 1
            made += 1
            name = f"{start + made:02d}-{theme}"
            (out / f"{name}.json").write_text(json.dumps(tactics.dump(tactic), indent=1) + "\n")
            print(f"{name}: seed {seed}, {' '.join(tactic.solution)}", flush=True)
        if made < count:
            print(f"{theme}: only {made} of {count} after {tries} tries", flush=True)
    return n


def check(folder: Path) -> int:
    """Every file's solution reaches its goal (by the rules engine), and each two-turn tactic's
    proof holds again with the recorded figures; returns the failures."""
    from make_two_turn import check as check_two_turn
    bad = 0
    for t in tactics.suite(folder):
        problem = None if tactics.judge(t, list(t.solution)) else "the solution does not solve it"
        if problem is None and t.category != "one-turn":
            problem = check_two_turn(t)
        print(f"{t.name}: {problem or 'ok'}", flush=True)
        bad += problem is not None
    return bad


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify the files' solutions")
    parser.add_argument("themes", nargs="*", help="rebuild only these themes")
    args = parser.parse_args()
    if args.check:
        sys.exit(1 if check(tactics.SUITE) else 0)
    print(f"{build(tactics.SUITE, args.themes)} tactics written")
