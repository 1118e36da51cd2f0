"""Copies of a game are the game.

Everything that can change a future event is in the position and in the hash, so at any ply a
copy by position (`Game.from_position(game.position())`), a `clone()` and a save reloaded, fed the
same later actions, stay equal to the game to the end: position, hash, result, side to move, the
legal list in the same order, and what each side observes. Random games of every scenario with
random options; the slow suite plays 200, every CI run 20.
"""
from __future__ import annotations

import json
import random

import pytest

import wec
from wec.rules import scenarios
from builders import game, piece

B, W = "black", "white"

OPTION_CHOICES = {
    "stun_turns": (1, 2, 3),
    "flame_range": (1, 2, 3),
    "stunner_rate": (1, 2),
    "projectile_rate": (1, 2, 4),
    "homing_range": (2, 3, 5),
    "one_action_per_piece": (False, True),
    "movement_only": (False, True),
    "quiet_turn_draw": (0, 6),
    "lock_on": (True, False),
    "range_detection": (False, True),
    "dominance": ("submersion", "stealth"),
    "doze_enemies": (True, False),
    "jet_rocket_range": (0, 2),
}


def random_start(rng: random.Random) -> dict:
    pos = scenarios.load(rng.choice(sorted(scenarios.SCENARIOS)))
    extra = {k: rng.choice(v) for k, v in rng.sample(sorted(OPTION_CHOICES.items()), 4)}
    pos["options"] = {**pos.get("options", {}), **extra}
    return pos


def legal_texts(g) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def observed(g, color: str, *, record: bool) -> str:
    """What `color` observes, its last sightings and the enemy reserves it saw armed included
    (the position's `sightings`); `record`: with its history (a copy by position starts a record
    of its own, and knows the turn's losses from its position)."""
    obs = g.observation(color)
    data = {"position": obs.position(), "legal": [str(a) for a in obs.legal_actions()],
            "last_seen": [repr(s) for s in obs.last_seen()]}
    if record:
        data["history"] = obs.history()
    else:
        data["position"]["turn_state"].pop("primary_lost")
    return json.dumps(data, sort_keys=True, default=str)


def assert_same(g, copy, what: str, *, deep: bool, record: bool, views: bool = False) -> None:
    assert copy.position() == g.position(), what
    assert copy.hash == g.hash, what
    assert (copy.result, copy.to_move, copy.turn, copy.moved) == \
        (g.result, g.to_move, g.turn, g.moved), what
    if deep:
        assert legal_texts(copy) == legal_texts(g), what
    if views:
        for color in (B, W):
            assert observed(copy, color, record=record) == observed(g, color, record=record), \
                f"{what}: observation of {color}"


def play_and_compare(seed: int, tmp_path, n_actions: int = 60, max_copies: int = 12) -> None:
    rng = random.Random(seed)
    g = wec.Game.from_position(random_start(rng))
    copies: list[tuple[str, wec.Game, bool]] = []
    for ply in range(n_actions):
        if g.result is not None:
            break
        lost = ply and g.position()["turn_state"]["primary_lost"] != {B: 0, W: 0}
        if len(copies) < max_copies and (rng.random() < 0.06 or lost):
            copies.append((f"seed {seed} ply {ply}: by position",
                           wec.Game.from_position(g.position()), False))
            copies.append((f"seed {seed} ply {ply}: clone", g.clone(), True))
            path = tmp_path / f"s{seed}-{ply}.json"
            g.save(path)
            copies.append((f"seed {seed} ply {ply}: save reloaded", wec.Game.load(path), True))
            for what, c, record in copies[-3:]:
                assert_same(g, c, what, deep=True, record=record, views=True)
        actions = g.legal_actions()
        ends = [a for a in actions if a.kind == "end"]
        action = ends[0] if ends and rng.random() < 0.35 else rng.choice(actions)
        text = str(action)
        g.apply(action)
        deep = rng.random() < 0.15
        for what, c, record in copies:
            c.apply(text)
            assert_same(g, c, f"{what}, then {text} (ply {ply})", deep=deep, record=record)
    for what, c, record in copies:
        assert_same(g, c, f"{what}: at the end", deep=True, record=record, views=True)


@pytest.mark.parametrize("seed", range(20))
def test_copies_stay_equal_to_the_game(seed, tmp_path):
    play_and_compare(seed, tmp_path)


@pytest.mark.long  # 200 games: minutes (`make test-long`); the 20 above run in every pass
@pytest.mark.parametrize("seed", range(20, 220))
def test_copies_stay_equal_to_the_game_long(seed, tmp_path):
    play_and_compare(seed, tmp_path, n_actions=100, max_copies=6)


# --- the defects behind the copy property (each failed before the fix) ------------------------

def test_R11_1_a_win_is_not_lost_by_copying_in_mid_turn():
    """The primary lost this turn decides R11.1 at End Turn: the position carries it."""
    pos = {"format": "wec-position", "version": 1, "to_move": "white", "turn": 1, "pieces": [
        {"type": "K", "color": "white", "square": [5, 5], "level": "G"},
        {"type": "K", "color": "black", "square": [5, 6], "level": "G"},
        {"type": "RP", "color": "black", "square": [9, 9], "level": "G"}]}
    g = wec.Game.from_position(pos)
    g.apply("MV:K(5,5)->(5,6)")
    assert g.position()["turn_state"]["primary_lost"] == {B: 1, W: 0}
    by_position = wec.Game.from_position(g.position())
    clone = g.clone()
    assert by_position.hash == g.hash
    for copy in (g, by_position, clone):
        copy.end_turn()
        assert copy.result == "white"


def test_R11_1_primary_lost_is_in_the_hash():
    pos = {"format": "wec-position", "version": 1, "to_move": "white", "turn": 1, "pieces": [
        {"type": "K", "color": "white", "square": [5, 5], "level": "G"},
        {"type": "K", "color": "black", "square": [5, 6], "level": "G"}]}
    plain = wec.Game.from_position(pos)
    lost = wec.Game.from_position({**pos, "turn_state": {"primary_lost": {"black": 1}}})
    assert plain.hash != lost.hash
    assert lost.check() == []


def test_R7_3_3_carried_articles_drop_in_slot_order_in_a_copy_too():
    """A TA carrying XXX, ST, FL in that slot order is flamed: its articles drop by the ring in
    slot order; the position keeps the order, so a copy drops the same article on each square."""
    g = game(piece("TA", B, 6, 4, hand="right", articles=["XXX", "ST", "FL"]),
             piece("TA", W, 6, 2, hand="right", articles=["FL"]),
             piece("K", B, 10, 10), piece("K", W, 1, 1))
    assert g.position()["pieces"][0]["articles"] == ["XXX", "ST", "FL"]
    copy = wec.Game.from_position(g.position())
    for x in (g, copy):
        x.apply("FI:FL/TA(6,2)1FL>->(6,3)")
    assert copy.position()["articles"] == g.position()["articles"]
    assert g.articles_at(6, 4) and copy.articles_at(6, 4) == g.articles_at(6, 4)


def test_R5_1_slots_stay_packed_so_the_drop_order_survives_a_copy():
    """An article given away leaves no hole: a new one goes last, in the game and in a copy, so
    when the piece is destroyed its articles drop in the same order (R4.2.4, R7.3.3)."""
    g = game(piece("XP", W, 5, 5, articles=["FL", "ST"]), piece("TA", W, 5, 6, hand="right"),
             piece("TA", B, 5, 3, hand="right", articles=["FL"]),
             piece("K", B, 10, 10), piece("K", W, 1, 1), articles=(("RL", (5, 5)),))
    g.apply(next(a for a in g.legal_actions() if a.kind == "exchange" and a.article == "FL"
                 and a.swap is None))
    copy = wec.Game.from_position(g.position())
    for x in (g, copy):
        x.apply(next(a for a in x.legal_actions() if a.kind == "pickup"))
        assert x.position()["pieces"][0]["articles"] == ["ST", "RL"]
        x.apply(next(a for a in x.legal_actions() if a.kind == "move" and a.piece == "K"))
        x.end_turn()
        x.apply("FI:FL/TA(5,3)1FL>->(5,4)")  # the XP burns: ST, then RL, drop on (5,5)
    assert [a["type"] for a in g.position()["articles"]] == ["ST", "RL"]
    assert copy.position() == g.position() and copy.hash == g.hash


def test_two_pieces_on_one_level_are_hit_in_a_canonical_order():
    """The order of two pieces sharing a level (which a hit reaches first) is by piece number,
    which a position keeps: a game and its copy by position list them alike after any moves."""
    g = game(piece("CP", B, 5, 5, articles=["SH"]), piece("DS", B, 5, 6),
             piece("K", B, 10, 10), piece("K", W, 1, 1), to_move="black")
    g.apply(next(a for a in g.legal_actions() if a.kind == "move" and a.piece == "DS"
                 and a.dest == (5, 5, "G")))
    copy = wec.Game.from_position(g.position())
    assert [p.type for p in g.pieces_at(5, 5, "G")] == [p.type for p in copy.pieces_at(5, 5, "G")]
    assert g.check() == [] and copy.hash == g.hash


# --- the facade's copy does not grow with the game ---------------------------------------------

def long_game(n: int, seed: int = 3) -> wec.Game:
    rng = random.Random(seed)
    g = wec.Game.new(wec.Options(quiet_turn_draw=0))
    while g.ply < n and g.result is None:
        acts = g.legal_actions()
        ends = [a for a in acts if a.kind == "end"]
        g.apply(ends[0] if ends and rng.random() < 0.5 else rng.choice(acts))
    return g


def test_clone_copies_the_record_and_undo_works():
    g = long_game(120)
    c = g.clone()
    assert c.actions() == g.actions() and c.history() == g.history()
    c.undo()
    c.undo()
    assert c.ply == g.ply - 2 and g.ply == len(g.actions())
    c.redo()
    c.redo()
    assert c.position() == g.position() and c.hash == g.hash
    assert c.history() == g.history()


def test_goto_reaches_every_ply_and_back():
    g = long_game(200)
    end = g.ply
    positions = {}
    for ply in (0, 17, end // 2, end - 1, end, 3):
        g.goto(ply)
        positions.setdefault(ply, g.position())
        assert g.ply == ply and g.check() == []
    g.goto(end)
    g.goto(3)
    assert g.position() == positions[3]
    ref = wec.Game.new(wec.Options(quiet_turn_draw=0))
    for text in g.actions():
        ref.apply(text)
    assert ref.position() == g.position() and ref.history() == g.history()


def test_R3_3_a_squares_articles_stay_packed_so_a_copy_lists_them_alike():
    """Picking up the first of two articles on a square leaves no hole: an article dropped
    there later comes second, in the game and in a copy by position (found by the slow copy
    property test, seed 72)."""
    g = game(piece("XP", W, 5, 5, articles=["JP"]), piece("K", B, 10, 10), piece("K", W, 1, 1),
             articles=(("FL", (5, 5)), ("ST", (5, 5))))
    g.apply("PU:XP(5,5)1JP^FL")
    copy = wec.Game.from_position(g.position())
    for x in (g, copy):
        x.apply(next(a for a in x.legal_actions() if a.kind == "drop" and a.article == "JP"))
        assert [a["type"] for a in x.position()["articles"]] == ["ST", "JP"]
    assert copy.position() == g.position() and copy.hash == g.hash


@pytest.mark.parametrize("seed", range(3))
def test_copies_share_the_trail_and_each_undoes_its_own_line(seed):
    """Engine.copy shares the trail so far (a clone does not grow with the game). A
    family of clones, each playing on, undoing below the point it was copied at, playing a
    different line and being copied again, must each undo back to the start exactly."""
    rng = random.Random(seed)
    start = long_game(0)
    family = [start]
    lines = [[]]  # the actions each member applied, to replay on a fresh game
    for _ in range(300):
        i = rng.randrange(len(family))
        g, line = family[i], lines[i]
        r = rng.random()
        if r < 0.15 and len(family) < 12:
            family.append(g.clone())
            lines.append(list(line))
        elif r < 0.35 and g.ply:
            g.undo()
            line.pop()
        elif g.result is None:
            a = rng.choice(g.legal_actions())
            g.apply(a)
            line.append(str(a))
    fresh = long_game(0)
    for g, line in zip(family, lines):
        ref = long_game(0)
        for text in line:
            ref.apply(text)
        assert g.position() == ref.position() and g.hash == ref.hash and g.check() == []
        while g.ply:
            g.undo()
        assert g.position() == fresh.position() and g.hash == fresh.hash and g.check() == []
