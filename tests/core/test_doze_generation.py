"""R4.11 Doze generation on crowded positions with several Dozers.

The core generates Dozes in two modes: listing them, and only counting them (perft's last ply,
has_move). Along random games that doze often: the count equals the list; each Dozer's Dozes are
listed once each, by group, then by direction; and (without hidden pieces, R10.0) the list equals
the pure-Python reference's (tests/reference.py, written separately from RULES.md).
"""
from __future__ import annotations

import random

import pytest

import wec
from wec import rules
from reference import ReferenceGame

PARTNERS = ("SU", "CH", "DO", "DS", "AAA", "RP", "TA")


def crowded_position(rng: random.Random, hidden: bool, one_action: bool) -> dict:
    """Dozers with their partners (R4.11) and pieces of both sides packed into a few rows and
    columns, so that groups, chains of emptied targets (a square that goes only when the one it
    is pushed onto goes too) and the 4-piece limit all come up."""
    pieces: list[dict] = []
    here: dict[tuple, list[dict]] = {}

    def add(p: dict) -> bool:  # R3.1: two per level, friends, one coexisting
        key = (tuple(p["square"]), p["level"])
        there = here.get(key, [])
        if there:
            a = rules.PIECE_TYPES[rules.TYPE_INDEX[p["type"]]]
            b = rules.PIECE_TYPES[rules.TYPE_INDEX[there[0]["type"]]]
            if len(there) == 2 or there[0]["color"] != p["color"] or not (a.coexist or b.coexist):
                return False
        pieces.append(p)
        here.setdefault(key, []).append(p)
        return True

    r0, c0, size = rng.randint(1, 8), rng.randint(1, 8), rng.randint(3, 5)

    def square() -> list[int]:
        return [min(10, r0 + rng.randrange(size)), min(10, c0 + rng.randrange(size))]

    for color in ("white", "black"):
        add({"type": "K", "color": color, "square": [rng.randint(1, 10), rng.randint(1, 10)],
             "level": "G"})
    to_move = rng.choice(("white", "black"))
    for i in range(rng.randint(1, 4)):  # the first for the side to move, able to doze
        color, sq = to_move if i == 0 else rng.choice(("white", "black")), square()
        if add({"type": "DO", "color": color, "square": sq, "level": "G",
                "stun": 0 if i == 0 else rng.choice((0, 0, 0, 2))}):
            partner = rng.choice(PARTNERS)
            add({"type": partner, "color": color, "square": sq, "level": "G"}
                | ({"hand": "left"} if rules.PIECE_TYPES[rules.TYPE_INDEX[partner]].handed
                   else {}))
    for _ in range(rng.randint(4, 30)):
        code = rng.choice(list(rules.TYPE_INDEX))
        kind = rules.PIECE_TYPES[rules.TYPE_INDEX[code]]
        p = {"type": code, "color": rng.choice(("white", "black")), "square": square(),
             "level": "G" if rng.random() < 0.8 else kind.level}
        if kind.handed:
            p["hand"] = rng.choice(("left", "right"))
        if hidden and kind.role != "primary" and rng.random() < 0.3:
            p["articles"] = ["SH"]  # stealth (R10.2): some Ground pieces hidden from the mover
        add(p)
    options = {"doze_enemies": rng.random() < 0.7, "invisible_pieces": hidden,
               "one_action_per_piece": one_action}
    return {"format": "wec-position", "version": 1, "to_move": to_move,
            "turn": 1, "options": options, "pieces": pieces, "articles": []}


def play_one(g: wec.Game, rng: random.Random, moves: list[wec.Action]) -> None:
    """A Doze more often than not, when there is one; any action otherwise."""
    dozes = [a for a in moves if a.kind == "doze"]
    g.apply(rng.choice(dozes) if dozes and rng.random() < 0.6 else rng.choice(g.legal_actions()))


def doze_order(action: wec.Action) -> tuple[int, int]:
    """(group, direction) as the core orders a Dozer's Dozes: the group as its bit set of the
    neighbour directions (rules.DIRECTIONS), then the direction of the step."""
    r, c, _ = action.origin
    group = sum(1 << rules.DIRECTIONS.index((gr - r, gc - c)) for gr, gc in action.group)
    return group, rules.DIRECTIONS.index((action.dest[0] - r, action.dest[1] - c))


@pytest.mark.parametrize("seed", range(24))
def test_counted_dozes_are_the_listed_ones_in_order(seed):
    rng = random.Random(9100 + seed)
    g = wec.Game.from_position(crowded_position(rng, hidden=seed % 2 == 0,
                                                one_action=seed % 3 == 0))
    n_dozes = 0
    for _ in range(40):
        moves = g.legal_moves()
        assert wec.perft(g, 1) == len(moves), g.position()  # counting mode = listing mode
        by_dozer: dict[tuple, list[tuple[int, int]]] = {}
        for a in moves:
            if a.kind == "doze":
                by_dozer.setdefault((a.origin, a.piece, a.articles), []).append(doze_order(a))
        for keys in by_dozer.values():
            assert keys == sorted(set(keys)), g.position()  # once each, by group then direction
            n_dozes += len(keys)
        if not g.legal_actions():
            break
        play_one(g, rng, moves)
        if g.result:
            break
    assert n_dozes  # the game did doze


@pytest.mark.parametrize("seed", range(16))
def test_dozes_match_the_reference_on_crowded_positions(seed):
    rng = random.Random(9300 + seed)
    pos = crowded_position(rng, hidden=False, one_action=False)  # what the reference reads
    g = wec.Game.from_position(pos)
    ref = ReferenceGame.from_position(pos)
    for _ in range(25):
        core = sorted(str(a) for a in g.legal_moves())
        assert core == sorted(ref.legal_move_texts()), g.position()
        if not core:
            break
        text = rng.choice([t for t in core if t.startswith("DZ")] or core)
        g.apply(text)
        ref.apply(text)
        g.end_turn()
        ref.end_turn()
        if g.result:
            break
