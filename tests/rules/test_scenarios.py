"""The predefined scenarios (wec/scenarios): every file loads, is sound and canonical, and each one
is what its description says."""
from __future__ import annotations

import json
import random

import pytest

import wec
from wec.rules import scenarios
from wec.rules.scenarios import PUZZLE_SOLUTIONS, PUZZLE_WINNERS, SCENARIOS, load

NAMES = sorted(SCENARIOS)
AIR_SUB_PIECES = {"CH", "JE", "SU"}
AIR_SUB_ARTICLES = {"JP", "SC", "SL", "TL", "ASL", "ATL"}


def standard() -> dict:
    return wec.Game.new().position()


def key(p: dict) -> tuple:
    return (p["type"], p["color"], tuple(p["square"]), p["level"], p["hand"], tuple(p["articles"]))


def mirror(p: dict) -> tuple:
    """A piece turned a half turn and given to the other side (R2.5); the hand is kept."""
    return (p["type"], {"white": "black", "black": "white"}[p["color"]],
            (11 - p["square"][0], 11 - p["square"][1]), p["level"], p["hand"],
            tuple(p["articles"]))


# --- the package ------------------------------------------------------------------------------

def test_files_match_the_table():
    folder = scenarios.path("standard").parent
    assert {p.stem for p in folder.glob("*.json")} == set(SCENARIOS)
    for name in SCENARIOS:
        assert scenarios.path(name).is_file()
        assert SCENARIOS[name].strip()


def test_unknown_name_is_a_key_error():
    with pytest.raises(KeyError, match="unknown scenario 'nope'"):
        scenarios.path("nope")
    with pytest.raises(KeyError, match="standard"):
        load("nope")


def test_puzzle_solutions_name_scenarios():
    assert set(PUZZLE_SOLUTIONS) <= set(SCENARIOS)
    assert set(PUZZLE_WINNERS) == set(PUZZLE_SOLUTIONS)


# --- every scenario ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_file_format(name):
    text = scenarios.path(name).read_text(encoding="utf-8")
    pos = json.loads(text)
    assert pos == load(name)
    assert pos["format"] == "wec-position" and pos["version"] == 1
    assert text == json.dumps(pos, indent=1, ensure_ascii=False) + "\n"
    assert pos["result"] is None and pos["turn"] == 1 and not pos["moved"]
    assert pos["projectiles"] == []


@pytest.mark.parametrize("name", NAMES)
def test_loads_sound_and_round_trips(name):
    pos = load(name)
    game = wec.Game.from_position(pos)
    assert game.check() == []
    assert game.result is None
    assert game.to_move == pos["to_move"]
    assert game.legal_moves(), f"{name}: {game.to_move} has no legal Move"
    assert wec.Game.from_position(game.position()).position() == game.position()
    assert game.position() == pos  # the file is canonical: exactly what Game.position() writes
    assert wec.Game.from_position(str(scenarios.path(name))).position() == pos
    # both Kings are on the board and neither side is empty-handed
    for color in ("black", "white"):
        assert [p for p in game.pieces(color) if p.type == "K"], f"{name}: no {color} King"


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_playout_stays_sound(name, seed):
    rng = random.Random(f"{name}-{seed}")
    game = wec.Game.from_position(load(name))
    for _ in range(40):
        if game.result is not None:
            break
        actions = game.legal_actions()
        assert actions, f"{name}: no legal action in an unfinished game"
        ends = [a for a in actions if a.kind == "end"]
        if ends and rng.random() < 0.35:
            action = ends[0]
        else:
            action = rng.choice(actions)
        game.apply(action)
        problems = game.check()
        assert problems == [], f"{name} after {game.actions()}: {problems}"
    assert wec.Game.from_position(game.position()).position() == game.position()


# --- what each scenario is --------------------------------------------------------------------

def test_standard_is_the_new_game():
    assert load("standard") == standard()
    assert load("standard")["options"] == {}


def test_no_articles():
    pos, std = load("no_articles"), standard()
    game = wec.Game.from_position(pos)
    assert pos["articles"] == []
    assert all(game.articles_at(r, c) == () for r in range(1, 11) for c in range(1, 11))
    assert sum(len(p.articles) for p in game.pieces()) == 0
    assert pos["pieces"] == std["pieces"]
    assert pos["reserves"] == std["reserves"] and len(pos["reserves"]) == 20
    assert pos["options"] == {}


def test_ground_only():
    pos, std = load("ground_only"), standard()
    game = wec.Game.from_position(pos)
    assert all(p.level == "G" for p in game.pieces())
    assert not [p for p in game.pieces() if p.type in AIR_SUB_PIECES]
    assert not [a for p in game.pieces() for a in p.articles if a in AIR_SUB_ARTICLES]
    assert not [a for a in pos["articles"] if a["type"] in AIR_SUB_ARTICLES]
    assert not [r for r in pos["reserves"] if r["type"] in AIR_SUB_PIECES]
    # the rest of the standard set-up is all there
    assert sorted(map(key, pos["pieces"])) == sorted(
        key(p) for p in std["pieces"] if p["type"] not in AIR_SUB_PIECES)
    assert pos["articles"] == [a for a in std["articles"] if a["type"] not in AIR_SUB_ARTICLES]
    assert pos["reserves"] == [r for r in std["reserves"] if r["type"] not in AIR_SUB_PIECES]
    # the Stealth Pawns' mutual lock of the standard set-up is kept (R2.5, R10.2)
    shp = [i for i, p in enumerate(pos["pieces"]) if p["type"] == "SHP"]
    assert pos["pieces"][shp[0]]["locks"] == [shp[1]]
    assert pos["pieces"][shp[1]]["locks"] == [shp[0]]


@pytest.mark.parametrize("name,movement", [("standard_chess", "standard_chess"),
                                           ("mass_destruction", "mass_destruction")])
def test_movement_variants(name, movement):
    pos, std = load(name), standard()
    game = wec.Game.from_position(pos)
    assert pos["options"] == {"movement": movement}
    assert game.options.movement == movement
    assert pos["pieces"] == std["pieces"]
    assert pos["articles"] == std["articles"] and pos["reserves"] == std["reserves"]
    assert pos == wec.Game.new(wec.Options(movement=movement)).position()
    # the pawns really move another way (R4.3): Weapon Chess gives the Black RP (9,1) the
    # squares (8,2) and (7,3)
    rp = {a.dest for a in game.legal_moves() if a.origin == (9, 1, "G")}
    assert rp == {"standard_chess": {(8, 1, "G"), (7, 1, "G")},
                  "mass_destruction": {(8, 1, "G"), (8, 2, "G")}}[movement]


def test_stealth_duel():
    pos = load("stealth_duel")
    game = wec.Game.from_position(pos)
    assert pos["options"] == {"range_detection": True}
    for color in ("black", "white"):
        mine = game.pieces(color)
        types = [p.type for p in mine]
        for code in ("K", "SHP", "AAA", "DS"):
            assert code in types, (color, code)
        assert sum(p.type.endswith("P") for p in mine) >= 4
        assert [p for p in mine if p.type == "SU" and p.level == "S"]
        assert len([p for p in mine if "SH" in p.articles]) >= 2
        # the enemy does not see this side's stealthy and submerged pieces (R10.1, R10.4)
        enemy = "white" if color == "black" else "black"
        seen = {(p.type, p.row, p.col, p.level) for p in game.observation(enemy).pieces(color)}
        hidden = {(p.type, p.row, p.col, p.level) for p in mine} - seen
        assert {t for t, *_ in hidden} >= {"AAA", "SU"}
        assert "SHP" in {t for t, *_ in seen}  # locked on by the enemy Stealth Pawn
    ash = [tuple(a["square"]) for a in pos["articles"] if a["type"] == "ASH"]
    assert any(r <= 5 for r, _ in ash) and any(r >= 6 for r, _ in ash)
    # balanced: Black's army is White's turned a half turn, and so are the articles
    assert sorted(key(p) for p in pos["pieces"] if p["color"] == "black") == \
        sorted(mirror(p) for p in pos["pieces"] if p["color"] == "white")
    arts = sorted((a["type"], tuple(a["square"])) for a in pos["articles"])
    assert arts == sorted((t, (11 - r, 11 - c)) for t, (r, c) in arts)


def test_reinforcement_race():
    pos = load("reinforcement_race")
    game = wec.Game.from_position(pos)
    for color in ("black", "white"):
        mine = [p for p in pos["pieces"] if p["color"] == color]
        res = [r for r in pos["reserves"] if r["color"] == color]
        assert len(mine) <= 8 and len(res) >= len(mine) - 2
        assert not any(r["armed"] or r["entered"] for r in res)
        for r in res:  # each activation square is a couple of king steps from the own forces
            dist = min(max(abs(r["square"][0] - p["square"][0]),
                           abs(r["square"][1] - p["square"][1])) for p in mine)
            assert 1 <= dist <= 3, r
    assert sorted(key(p) for p in pos["pieces"] if p["color"] == "black") == \
        sorted(mirror(p) for p in pos["pieces"] if p["color"] == "white")
    # the race: a pawn arms a reserve in one turn and it enters two turns later (R8.4)
    for text in ("MV:CP(9,3)->(8,2)", "END", "MV:RP(2,3)->(3,4)", "END",
                 "MV:CP(8,2)->(7,1)", "RE:(8,2)CL>", "END"):
        game.apply(text)
        assert game.check() == []
    assert [p for p in game.pieces_at(8, 2) if p.type == "CL" and p.color == "black"]
    assert [r for r in game.reserves() if r["square"] == [3, 4] and r["armed"]]


def test_tactical_puzzle_solution_wins():
    pos = load("tactical_puzzle")
    winner = PUZZLE_WINNERS["tactical_puzzle"]
    assert pos["to_move"] == winner
    game = wec.Game.from_position(pos)
    for text in PUZZLE_SOLUTIONS["tactical_puzzle"]:
        assert game.is_legal(text), text
        game.apply(text)
        assert game.check() == []
        assert game.result is None
    game.apply("END")
    assert game.check() == []
    assert game.result == winner
    assert not [p for p in game.pieces() if p.type == "K" and p.color != winner]


def test_tactical_puzzle_needs_the_whole_idea():
    sol = PUZZLE_SOLUTIONS["tactical_puzzle"]
    # no capture of the King by a Move alone
    game = wec.Game.from_position(load("tactical_puzzle"))
    king = [p for p in game.pieces("black") if p.type == "K"][0]
    assert all(a.dest[:2] != (king.row, king.col) for a in game.legal_moves())
    # the flame alone does not beat the King's two Anti-Flames (R7.8)
    game = wec.Game.from_position(load("tactical_puzzle"))
    for text in sol[1:] + ["END"]:
        game.apply(text)
    assert game.result is None
    # moving the Tank first puts it in the stunner's way: the Tank is stunned, not the King
    game = wec.Game.from_position(load("tactical_puzzle"))
    game.apply(sol[1])
    game.apply(sol[0])
    assert [p.stun for p in game.pieces_at(8, 6) if p.type == "TA"] == [3]
    assert not game.is_legal(sol[2])
