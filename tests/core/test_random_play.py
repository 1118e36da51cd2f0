"""Random play with invariants after every action (OpenSpiel / Stockfish style).

After each apply and each undo: the core's checker (capacity R3.1-R3.4, slots R5.1, articles
R3.3 conserved, hash = recomputation) is clean; the position round-trips through the position
format with an equal hash; undo restores position and hash exactly.
"""
from __future__ import annotations

import random

import pytest

import wec
from wec import rules

MOVEMENTS = ("weapon_chess", "standard_chess", "mass_destruction")


def check_round_trip(g: wec.Game) -> None:
    pos = g.position()
    again = wec.Game.from_position(pos)
    assert again.position() == pos
    assert again.hash == g.hash


def random_game(g: wec.Game, rng: random.Random, n_actions: int) -> list[tuple[int, dict]]:
    """Play random actions; return (hash, position) before each one."""
    seen = []
    for _ in range(n_actions):
        actions = g.legal_actions()
        if not actions:
            break
        seen.append((g.hash, g.position()))
        g.apply(rng.choice(actions))
        problems = g.check()
        assert problems == [], (problems, g.actions()[-3:])
        check_round_trip(g)
    return seen


def undo_all(g: wec.Game, seen: list[tuple[int, dict]]) -> None:
    for h, pos in reversed(seen):
        g.undo()
        assert g.check() == []
        assert g.hash == h
        assert g.position() == pos


@pytest.mark.parametrize("seed", range(6))
def test_random_play_from_the_standard_setup(seed):
    rng = random.Random(seed)
    g = wec.Game.new(wec.Options(movement=MOVEMENTS[seed % 3]))
    seen = random_game(g, rng, 300)
    undo_all(g, seen)
    assert g.position() == wec.Game.new(wec.Options(movement=MOVEMENTS[seed % 3])).position()


def random_position(rng: random.Random) -> dict:
    """A random legal position: pieces at Ground (carriers and natural levels too), articles."""
    codes = list(rules.TYPE_INDEX)
    pieces: list[dict] = []
    count: dict[tuple, list[dict]] = {}

    def can_add(p: dict) -> bool:
        here = count.get((tuple(p["square"]), p["level"]), [])
        if len(here) >= 2:
            return False
        if here:
            other = here[0]
            a = rules.PIECE_TYPES[rules.TYPE_INDEX[p["type"]]]
            b = rules.PIECE_TYPES[rules.TYPE_INDEX[other["type"]]]
            if other["color"] != p["color"] or not (a.coexist or b.coexist):
                return False
        return True

    for color in ("black", "white"):
        king = {"type": "K", "color": color, "square": [rng.randint(1, 10), rng.randint(1, 10)],
                "level": "G"}
        if can_add(king):
            pieces.append(king)
            count.setdefault((tuple(king["square"]), "G"), []).append(king)
    for _ in range(rng.randint(4, 40)):
        code = rng.choice(codes)
        ptype = rules.PIECE_TYPES[rules.TYPE_INDEX[code]]
        level = ptype.level if rng.random() < 0.5 else "G"
        p = {"type": code, "color": rng.choice(("black", "white")),
             "square": [rng.randint(1, 10), rng.randint(1, 10)], "level": level,
             "stun": rng.choice((0, 0, 0, 1, 3))}
        if ptype.handed:
            p["hand"] = rng.choice(("left", "right"))
        if rng.random() < 0.3:
            p["articles"] = [rng.choice(rules.ARTICLES[:-1])]
        if ptype.role == "primary" and p.get("articles") == ["SH"]:  # R8.1
            del p["articles"]
        if can_add(p):
            pieces.append(p)
            count.setdefault((tuple(p["square"]), level), []).append(p)
    articles = []
    per_square: dict[tuple, int] = {}
    for _ in range(rng.randint(0, 60)):
        sq = (rng.randint(1, 10), rng.randint(1, 10))
        if per_square.get(sq, 0) < 2:
            per_square[sq] = per_square.get(sq, 0) + 1
            articles.append({"type": rng.choice(rules.ARTICLES), "square": list(sq)})
    options = {"movement": rng.choice(MOVEMENTS), "doze_enemies": rng.random() < 0.7,
               "primary_may_fly": rng.random() < 0.7}
    if options["movement"] == "mass_destruction":
        options["md_pawns"] = rng.choice(("sides_and_forward", "forward", "all_but_front"))
    if options["movement"] == "standard_chess" and rng.random() < 0.5:
        options["jet_sub_combat"] = True
    for name in ("tank_range", "cleric_range", "queen_tank_range", "queen_cleric_range"):
        options[name] = rng.randint(1, 9)
    return {"format": "wec-position", "version": 1, "to_move": rng.choice(("black", "white")),
            "turn": 1, "options": options, "pieces": pieces, "articles": articles}


@pytest.mark.parametrize("seed", range(40))
def test_random_play_from_random_positions(seed):
    rng = random.Random(1000 + seed)
    g = wec.Game.from_position(random_position(rng))
    assert g.check() == []
    check_round_trip(g)
    seen = random_game(g, rng, 120)
    undo_all(g, seen)


@pytest.mark.slow  # ~17 000 facade apply/undo pairs: minutes; the release run of CI keeps it
def test_perft_leaves_equal_python_walk_of_the_facade():
    """perft (moves mode) from a random mid-game equals a Python-level walk over the facade."""
    rng = random.Random(7)
    g = wec.Game.new()
    for _ in range(12):
        g.apply(rng.choice(g.legal_actions()))
    while g.moved:
        g.end_turn()

    def walk(game: wec.Game, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for a in game.legal_moves():
            game.apply(a)
            game.end_turn()
            total += walk(game, depth - 1)
            game.undo()
            game.undo()
        return total

    assert walk(g, 2) == wec.perft(g, 2)


@pytest.mark.parametrize("seed", range(3))
def test_whole_random_games_with_every_action_kind_end_or_reach_the_cap(seed):
    """Whole games, every action kind: invariants after each action; the game ends (R11) or
    reaches the turn cap."""
    rng = random.Random(300 + seed)
    g = wec.Game.new()
    kinds = set()
    n_articles = 68
    while g.result is None and g.turn <= 400:
        actions = g.legal_actions()
        # prefer the turn to go on: End Turn as soon as it is legal, half of the time
        ends = [a for a in actions if a.kind == "end"]
        a = ends[0] if ends and rng.random() < 0.5 else rng.choice(actions)
        kinds.add(a.kind)
        g.apply(a)
        assert g.check() == []
        carried = sum(len(p.articles) for p in g.pieces())
        lying = sum(len(g.articles_at(r, c)) for r in range(1, 11) for c in range(1, 11))
        assert carried + lying == n_articles
        if len(g.actions()) % 25 == 0:
            check_round_trip(g)
            for legal in g.legal_actions():  # every action's text reads back as that action
                assert wec.parse_action(str(legal)) == legal
    assert g.result is not None or g.turn > 400
    assert {"move", "fire", "end"} <= kinds
