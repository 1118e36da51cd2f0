"""The position format (FORMATS.md "Position format"): round trips, defaults and validation.

Every bad input must raise `wec.PositionError` naming the entry (FORMATS.md: "rejected with
PositionError naming the entry"); rule ids cite RULES.md.
"""
from __future__ import annotations

import copy
import json
import random
import re

import pytest

import wec
from wec.game.clock import TimeControl

# Keys FORMATS.md documents for each entry of the format.
DOC_TOP_KEYS = {"format", "version", "to_move", "turn", "options", "pieces", "articles", "reserves"}
DOC_PIECE_KEYS = {"type", "color", "square", "level", "hand", "articles", "stun", "home"}
DOC_ARTICLE_KEYS = {"type", "square"}
DOC_RESERVE_KEYS = {"type", "color", "square", "hand", "armed"}


def base() -> dict:
    """A small legal position: two kings, a friendly non-coexisting piece, White to move.

    Extra pieces appended by a test get index 3, 4, ...
    """
    return {
        "format": "wec-position", "version": 1, "to_move": "white",
        "pieces": [
            {"type": "K", "color": "white", "square": [1, 5], "level": "G"},
            {"type": "K", "color": "black", "square": [10, 6], "level": "G"},
            {"type": "TA", "color": "white", "square": [1, 1], "level": "G"},
        ],
    }


def add(pos: dict, *pieces: dict) -> dict:
    pos["pieces"].extend(pieces)
    return pos


def piece(type_: str, color: str, row: int, col: int, level: str = "G", **extra) -> dict:
    return {"type": type_, "color": color, "square": [row, col], "level": level, **extra}


def rejects(pos, *names: str) -> str:
    """`Game.from_position(pos)` raises PositionError whose message names every one of `names`."""
    with pytest.raises(wec.PositionError) as info:
        wec.Game.from_position(pos)
    msg = str(info.value)
    for name in names:
        assert name in msg, f"message {msg!r} does not name {name!r}"
    return msg


def test_base_position_is_accepted():
    """FORMATS.md: the helper position of this file is legal (control for every rejection below)."""
    game = wec.Game.from_position(base())
    assert len(game.pieces()) == 3
    assert game.to_move == "white"


def test_api_position_error_class():
    """FORMATS.md errors: PositionError is a WecError (and a ValueError)."""
    assert issubclass(wec.PositionError, wec.WecError)
    assert issubclass(wec.PositionError, ValueError)


# --- round trips (FORMATS.md: "Game.from_position(game.position()) is equal") ---------------------

def _same(a: wec.Game, b: wec.Game) -> None:
    assert a.position() == b.position()
    assert a.hash == b.hash
    assert a.to_move == b.to_move and a.turn == b.turn
    assert sorted(map(str, a.legal_actions())) == sorted(map(str, b.legal_actions()))


def test_api_round_trip_standard_position():
    """FORMATS.md: Game.from_position(Game.new().position()) gives an equal position and hash."""
    game = wec.Game.new()
    _same(wec.Game.from_position(game.position()), game)


def test_api_round_trip_through_json_text():
    """FORMATS.md: the position is JSON; dumping and loading it keeps the game equal."""
    game = wec.Game.new()
    text = json.dumps(game.position())
    _same(wec.Game.from_position(json.loads(text)), game)


@pytest.mark.parametrize("opts", [
    wec.Options(movement="standard_chess", government_black="dictatorship"),
    wec.Options(movement="mass_destruction", md_pawns="forward", government_white="democracy"),
    wec.Options(stealthy_primary=True, primary_may_fly=False, tank_range=6),
], ids=["standard_chess", "mass_destruction", "misc"])
def test_api_round_trip_keeps_options(opts):
    """FORMATS.md: the position's `options` carries the non-standard options through round trips."""
    game = wec.Game.new(opts)
    again = wec.Game.from_position(game.position())
    assert again.options == opts
    _same(again, game)


def test_api_round_trip_mid_game_and_mid_turn():
    """FORMATS.md + R6.1: round trips hold after whole turns and between the Move and End Turn."""
    game = wec.Game.new()
    rng = random.Random(7)
    for _ in range(8):
        game.apply(rng.choice(game.legal_moves()))
        mid = wec.Game.from_position(json.loads(json.dumps(game.position())))
        _same(mid, game)
        assert [str(a) for a in mid.legal_actions()] == [str(a) for a in game.legal_actions()]
        game.apply("END")
        _same(wec.Game.from_position(game.position()), game)


def test_api_round_trip_of_a_hand_made_position():
    """FORMATS.md: a position with carried pieces, articles, stun and reserves round trips."""
    pos = add(base(),
              piece("CH", "white", 5, 5, "A", hand="right"),
              piece("TA", "white", 5, 5, "A", hand="left", articles=["FL"]),
              piece("SU", "black", 6, 6, "S"),
              piece("XP", "black", 6, 6, "S", articles=["SH", "AFL"]),
              piece("SP", "black", 7, 2, stun=2),
              piece("CL", "white", 4, 4, articles=["XXX", "ST", "ASH"]))
    pos["articles"] = [{"type": "SH", "square": [8, 1]}, {"type": "BI", "square": [8, 1]}]
    pos["reserves"] = [{"type": "SU", "color": "white", "square": [8, 2], "hand": None,
                        "armed": True},
                       {"type": "TA", "color": "black", "square": [3, 4], "hand": "right"}]
    first = wec.Game.from_position(pos)
    _same(wec.Game.from_position(first.position()), first)


def test_api_from_position_file_path(tmp_path):
    """FORMATS.md: `Game.from_position` takes a str path to a position file."""
    game = wec.Game.new()
    path = tmp_path / "start.json"
    path.write_text(json.dumps(game.position()), encoding="utf-8")
    _same(wec.Game.from_position(str(path)), game)


def test_api_from_position_does_not_change_the_input():
    """FORMATS.md: reading a position leaves the caller's dict as it was."""
    pos = add(base(), piece("SP", "white", 2, 3))
    before = copy.deepcopy(pos)
    wec.Game.from_position(pos)
    assert pos == before


def test_api_position_is_a_copy():
    """FORMATS.md: `position()` returns data; changing it does not change the game."""
    game = wec.Game.new()
    pos = game.position()
    pos["pieces"].clear()
    pos["to_move"] = "white"
    assert len(game.pieces()) == 56 and game.to_move == "black"
    assert len(game.position()["pieces"]) == 56


# --- position() writes every key (FORMATS.md) -----------------------------------------------------

def test_api_position_writes_every_documented_key():
    """FORMATS.md: `Game.position()` writes every key, of every entry."""
    pos = wec.Game.new().position()
    assert DOC_TOP_KEYS <= set(pos)
    assert pos["pieces"] and pos["articles"] and pos["reserves"]
    for p in pos["pieces"]:
        assert DOC_PIECE_KEYS <= set(p), p
    for a in pos["articles"]:
        assert DOC_ARTICLE_KEYS <= set(a), a
    for r in pos["reserves"]:
        assert DOC_RESERVE_KEYS <= set(r), r


def test_api_position_writes_every_key_the_reader_knows():
    """FORMATS.md: "Game.position() writes every key": every key the reader accepts is written
    (`sightings` only when they hold what a position without them would not give: not at the
    public start, tests/game/test_position_sightings.py)."""
    from wec.game import position as fmt
    pos = wec.Game.new().position()
    # "clock" only in a game with clocks, "sightings" only when a side knows what a position
    # without them would not give: a game without either is written as it always was
    assert set(pos) == set(fmt.TOP_KEYS) - {"clock", "sightings"}
    assert "clock" in wec.Game.new(time_control=TimeControl(60, 1)).position()
    assert all(set(p) == set(fmt.PIECE_KEYS) for p in pos["pieces"])
    assert all(set(a) == set(fmt.ARTICLE_KEYS) for a in pos["articles"])
    assert all(set(r) == set(fmt.RESERVE_KEYS) for r in pos["reserves"])


def test_api_position_written_header():
    """FORMATS.md: format "wec-position", version 1, and the side and turn of the game."""
    pos = wec.Game.new().position()
    assert (pos["format"], pos["version"], pos["to_move"], pos["turn"]) == \
        ("wec-position", 1, "black", 1)
    assert pos["options"] == {}


# --- defaults (FORMATS.md: "Everything else has the standard default") ----------------------------

def test_api_defaults_of_optional_keys():
    """FORMATS.md: only format, version, to_move, pieces (type, color, square, level) are needed;
    the rest defaults: turn 1, no options, no articles, no reserves, stun 0, no carried articles."""
    game = wec.Game.from_position(base())
    pos = game.position()
    assert pos["turn"] == 1 and game.turn == 1
    assert pos["options"] == {} and game.options == wec.Options()
    assert pos["articles"] == [] and pos["reserves"] == []
    for p in pos["pieces"]:
        assert p["articles"] == [] and p["stun"] == 0


def test_r2_4_default_hand_follows_the_owners_half():
    """R2.4 decision as the standard default: a handed piece without "hand" is left handed on its
    owner's left half (White columns 1-5, Black 6-10), else right handed; unhanded pieces None."""
    pos = base()
    pos["pieces"] = [
        piece("TA", "white", 3, 5), piece("TA", "white", 3, 6),
        piece("CL", "black", 8, 6), piece("CL", "black", 8, 5),
        piece("CH", "white", 4, 1), piece("CH", "black", 7, 10),
        piece("K", "white", 1, 1),
    ]
    got = [(p["type"], p["color"], tuple(p["square"]), p["hand"])
           for p in wec.Game.from_position(pos).position()["pieces"]]
    assert sorted(got) == sorted([
        ("TA", "white", (3, 5), "left"), ("TA", "white", (3, 6), "right"),
        ("CL", "black", (8, 6), "left"), ("CL", "black", (8, 5), "right"),
        ("CH", "white", (4, 1), "left"), ("CH", "black", (7, 10), "left"),
        ("K", "white", (1, 1), None),
    ])


def _homes(pos: dict) -> dict:
    return {(p["type"], p["color"], tuple(p["square"])): p["home"]
            for p in wec.Game.from_position(pos).position()["pieces"]}


def test_r4_3_pawn_on_its_own_second_row_defaults_home():
    """R4.3 / FORMATS.md: a pawn on its own second row (White 2, Black 9) gets home=True."""
    pos = add(base(), piece("SP", "white", 2, 3), piece("RP", "black", 9, 8),
              piece("XP", "white", 2, 6), piece("SHP", "black", 9, 1))
    homes = _homes(pos)
    assert homes[("SP", "white", (2, 3))] is True
    assert homes[("RP", "black", (9, 8))] is True
    assert homes[("XP", "white", (2, 6))] is True
    assert homes[("SHP", "black", (9, 1))] is True


def test_r4_3_pawn_elsewhere_defaults_not_home():
    """R4.3 / FORMATS.md: a pawn off its own second row — the enemy's second row too — is not
    home; non-pawns are never home."""
    pos = add(base(), piece("SP", "white", 4, 8), piece("SP", "white", 9, 3),
              piece("CP", "black", 2, 2), piece("FP", "black", 5, 5),
              piece("DS", "white", 2, 9))
    homes = _homes(pos)
    assert homes[("SP", "white", (4, 8))] is False
    assert homes[("SP", "white", (9, 3))] is False
    assert homes[("CP", "black", (2, 2))] is False
    assert homes[("FP", "black", (5, 5))] is False
    assert homes[("DS", "white", (2, 9))] is False
    assert homes[("K", "white", (1, 5))] is False


def test_r4_3_home_false_is_respected():
    """FORMATS.md: `"home": false` on a pawn on its own second row is kept."""
    pos = add(base(), piece("SP", "white", 2, 8, home=False))
    assert _homes(pos)[("SP", "white", (2, 8))] is False


def test_r4_3_home_decides_the_double_step():
    """R4.3: only a home pawn has the diagonal double step `(2,-2)`, `(2,2)`."""
    pos = add(base(), piece("SP", "white", 2, 3), piece("SP", "white", 2, 8, home=False))
    moves = {str(a) for a in wec.Game.from_position(pos).legal_moves() if a.piece == "SP"}
    assert "MV:SP(2,3)->(4,1)" in moves and "MV:SP(2,3)->(4,5)" in moves
    assert "MV:SP(2,8)->(3,7)" in moves and "MV:SP(2,8)->(3,9)" in moves
    assert "MV:SP(2,8)->(4,6)" not in moves and "MV:SP(2,8)->(4,10)" not in moves


def test_r4_3_standard_set_up_pawns_are_home():
    """R4.3 + R2.5: in the standard set-up all 20 pawns are home, no other piece is."""
    pawns = {"FP", "RP", "SP", "CP", "XP", "SHP"}
    for p in wec.Game.new().position()["pieces"]:
        assert p["home"] is (p["type"] in pawns), p


# --- missing and unknown keys (FORMATS.md "Required keys", "Unknown keys ... are rejected") -------

@pytest.mark.parametrize("key", ["format", "version", "to_move", "pieces"])
def test_api_missing_required_top_key(key):
    """FORMATS.md: format, version, to_move and pieces are required."""
    pos = base()
    del pos[key]
    rejects(pos, key)


@pytest.mark.parametrize("key", ["type", "color", "square", "level"])
def test_api_missing_required_piece_key(key):
    """FORMATS.md: each piece needs type, color, square and level; the message names the entry."""
    pos = base()
    del pos["pieces"][2][key]
    rejects(pos, "pieces[2]", key)


@pytest.mark.parametrize("key", ["type", "square"])
def test_api_missing_required_article_key(key):
    """FORMATS.md: a lying article needs its type and square."""
    pos = base()
    pos["articles"] = [{"type": "FL", "square": [5, 5]}, {"type": "SH", "square": [5, 6]}]
    del pos["articles"][1][key]
    rejects(pos, "articles[1]", key)


@pytest.mark.parametrize("key", ["type", "color", "square"])
def test_api_missing_required_reserve_key(key):
    """FORMATS.md: a reserve needs its type, color and square."""
    pos = base()
    pos["reserves"] = [{"type": "SU", "color": "white", "square": [8, 1]}]
    del pos["reserves"][0][key]
    rejects(pos, "reserves[0]", key)


def test_api_unknown_top_key():
    """FORMATS.md: unknown keys are rejected (top level)."""
    pos = base()
    pos["colour"] = "white"
    rejects(pos, "colour")


def test_api_unknown_piece_key():
    """FORMATS.md: unknown keys are rejected (a piece)."""
    pos = base()
    pos["pieces"][2]["owner"] = "white"
    rejects(pos, "pieces[2]", "owner")


def test_api_unknown_article_key():
    """FORMATS.md: unknown keys are rejected (a lying article)."""
    pos = base()
    pos["articles"] = [{"type": "FL", "square": [5, 5]}, {"type": "FL", "square": [5, 6], "x": 1}]
    rejects(pos, "articles[1]", "'x'")


def test_api_unknown_reserve_key():
    """FORMATS.md: unknown keys are rejected (a reserve)."""
    pos = base()
    pos["reserves"] = [{"type": "SU", "color": "white", "square": [8, 1], "level": "G"}]
    rejects(pos, "reserves[0]", "level")


def test_api_unknown_option_name():
    """FORMATS.md: unknown keys are rejected (the options object)."""
    pos = base()
    pos["options"] = {"tank_rnage": 6}
    rejects(pos, "options", "tank_rnage")


def test_api_bad_option_value():
    """FORMATS.md + R13: a bad option value in a position is a PositionError naming the option."""
    pos = base()
    pos["options"] = {"tank_range": -3}
    rejects(pos, "options", "tank_range")


def test_api_jet_sub_combat_with_weapon_chess_in_a_position():
    """R4.9: the options of a position are validated together."""
    pos = base()
    pos["options"] = {"jet_sub_combat": True}
    rejects(pos, "options", "jet_sub_combat")


# --- wrong types, formats, values ---------------------------------------------------------------

@pytest.mark.parametrize("value", ["wec-save", "WEC-POSITION", None, 1])
def test_api_wrong_format(value):
    """FORMATS.md: "format" is "wec-position"."""
    pos = base()
    pos["format"] = value
    rejects(pos, "format")


@pytest.mark.parametrize("value", [0, 2, "1", 1.0, True, None])
def test_api_wrong_version(value):
    """FORMATS.md: "version" is the integer 1."""
    pos = base()
    pos["version"] = value
    rejects(pos, "version")


@pytest.mark.parametrize("value", ["red", "Black", "b", None])
def test_api_bad_to_move(value):
    """FORMATS.md: colours are "black" and "white"."""
    pos = base()
    pos["to_move"] = value
    rejects(pos, "to_move")


@pytest.mark.parametrize("value", [0, -1, "1", 1.5, True])
def test_api_bad_turn(value):
    """FORMATS.md: "turn" is a 1-based turn number."""
    pos = base()
    pos["turn"] = value
    rejects(pos, "turn")


@pytest.mark.parametrize("value", [{}, "pieces", None, 3])
def test_api_pieces_not_a_list(value):
    """FORMATS.md: "pieces" is a list."""
    pos = base()
    pos["pieces"] = value
    rejects(pos, "pieces")


def test_api_piece_not_an_object():
    """FORMATS.md: each entry of "pieces" is an object."""
    pos = base()
    pos["pieces"].append(["K", "white", [5, 5], "G"])
    rejects(pos, "pieces[3]")


@pytest.mark.parametrize("key", ["articles", "reserves"])
def test_api_article_and_reserve_lists_must_be_lists(key):
    """FORMATS.md: "articles" and "reserves" are lists."""
    pos = base()
    pos[key] = {"type": "FL"}
    rejects(pos, key)


def test_api_not_an_object_at_all():
    """FORMATS.md: a position is a JSON object."""
    with pytest.raises(wec.PositionError):
        wec.Game.from_position([1, 2, 3])  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["red", "BLACK", None])
def test_api_bad_piece_color(value):
    """FORMATS.md: colours are "black" and "white"; the message names pieces[3].color."""
    pos = add(base(), piece("DS", "white", 5, 5))
    pos["pieces"][3]["color"] = value
    rejects(pos, "pieces[3].color")


@pytest.mark.parametrize("value", ["ZZ", "king", "k", None, 5])
def test_api_bad_piece_type(value):
    """R2.1 / R12.2 `Type`: only the type codes of RULES.md exist."""
    pos = add(base(), piece("DS", "white", 5, 5))
    pos["pieces"][3]["type"] = value
    rejects(pos, "pieces[3].type")


@pytest.mark.parametrize("square", [[11, 2], [0, 5], [5, 0], [5, 11], [-1, -1], [10, 100]])
def test_r1_1_off_board_piece_square(square):
    """R1.1: rows and columns are 1..10; the message names pieces[3].square."""
    pos = add(base(), piece("DS", "white", 5, 5))
    pos["pieces"][3]["square"] = square
    rejects(pos, "pieces[3].square")


@pytest.mark.parametrize("square", ["a1", [5], [5, 5, 5], [5.0, 5], [True, 5], None, {"row": 5}])
def test_api_malformed_piece_square(square):
    """FORMATS.md: a square is [row, col] of two integers."""
    pos = add(base(), piece("DS", "white", 5, 5))
    pos["pieces"][3]["square"] = square
    rejects(pos, "pieces[3].square")


def test_r1_1_off_board_article_square():
    """R1.1 / R3.3: an article lies on a board square; the message names articles[0].square."""
    pos = base()
    pos["articles"] = [{"type": "FL", "square": [0, 4]}]
    rejects(pos, "articles[0].square")


def test_r1_1_off_board_reserve_square():
    """R1.1 / R8.4: an activation square is on the board."""
    pos = base()
    pos["reserves"] = [{"type": "SU", "color": "white", "square": [8, 11]}]
    rejects(pos, "reserves[0].square")


@pytest.mark.parametrize("level", ["X", "g", "Ground", "", None, 0])
def test_r1_3_bad_level(level):
    """R1.3: levels are "G", "A", "S"."""
    pos = add(base(), piece("DS", "white", 5, 5))
    pos["pieces"][3]["level"] = level
    rejects(pos, "pieces[3].level")


@pytest.mark.parametrize("type_", ["K", "DS", "SP", "JE", "SU", "DO", "AAA", "Q"])
def test_r2_4_hand_on_an_unhanded_piece(type_):
    """R2.4: only TA, CL, CH are handed; a hand on another type is rejected."""
    level = {"JE": "A", "SU": "S"}.get(type_, "G")
    pos = add(base(), piece(type_, "white", 5, 5, level, hand="left"))
    rejects(pos, "pieces[3].hand")


@pytest.mark.parametrize("hand", ["up", "<", "Left", 1])
def test_r2_4_bad_hand_value(hand):
    """R2.4 / FORMATS.md: a hand is "left" or "right"."""
    pos = add(base(), piece("CL", "white", 5, 5, hand=hand))
    rejects(pos, "pieces[3].hand")


@pytest.mark.parametrize("code", ["ZZ", "fl", "JU", "K", None])
def test_r5_bad_carried_article_code(code):
    """R5 / R12.2 `Article`: only the article codes exist (JU is a fire code, not an article)."""
    pos = add(base(), piece("DS", "white", 5, 5, articles=[code]))
    rejects(pos, "pieces[3].articles[0]")


def test_r5_carried_articles_not_a_list():
    """FORMATS.md: a piece's "articles" is a list of codes."""
    pos = add(base(), piece("DS", "white", 5, 5, articles="FL"))
    rejects(pos, "pieces[3].articles")


@pytest.mark.parametrize("code", ["ZZ", "JU", None])
def test_r5_bad_lying_article_code(code):
    """R5: a lying article has a known code."""
    pos = base()
    pos["articles"] = [{"type": "FL", "square": [5, 5]}, {"type": code, "square": [5, 6]}]
    rejects(pos, "articles[1].type")


@pytest.mark.parametrize("stun", [-1, 256, "2", 1.0])
def test_r7_3_bad_stun(stun):
    """R7.3.1 / R12.2 `Stun = 0..255`."""
    pos = add(base(), piece("DS", "white", 5, 5, stun=stun))
    rejects(pos, "pieces[3].stun")


def test_api_bad_home_type():
    """FORMATS.md: "home" is true or false."""
    pos = add(base(), piece("SP", "white", 2, 2, home="no"))
    rejects(pos, "pieces[3].home")


# --- slots (R5.1) ---------------------------------------------------------------------------------

@pytest.mark.parametrize("type_,articles", [
    ("TA", ["FL"]),
    ("K", ["AFL"]),
    ("TA", ["XXX", "FL", "ST"]),
    ("DS", ["XXX", "SH", "ASH"]),
    ("XP", ["FL", "ST"]),
    ("XP", ["SH"]),
])
def test_r5_1_articles_within_slots_accepted(type_, articles):
    """R5.1: one article; an XXX carrier holds it plus 2; an XP holds 2 (its XXX is one of 3)."""
    pos = add(base(), piece(type_, "white", 5, 5, articles=articles))
    game = wec.Game.from_position(pos)
    (p,) = game.pieces_at(5, 5, "G")
    assert sorted(p.articles) == sorted(articles)


@pytest.mark.parametrize("type_,articles", [
    ("TA", ["FL", "ST"]),
    ("K", ["AFL", "ARL"]),
    ("SP", ["SH", "FL"]),
    ("TA", ["XXX", "FL", "ST", "CS"]),
])
def test_r5_1_too_many_articles_for_the_slots(type_, articles):
    """R5.1: a piece carries at most 1 article, or with a carried XXX the XXX plus 2."""
    pos = add(base(), piece(type_, "white", 5, 5, articles=articles))
    rejects(pos, "pieces[3].articles")


def test_r5_1_xp_carries_at_most_two_articles():
    """R5.1: "an XP carries 2 articles" — its own XXX is one of its 3 slots."""
    pos = add(base(), piece("XP", "white", 5, 5, articles=["FL", "ST", "CS"]))
    rejects(pos, "pieces[3].articles")


# --- capacity (R3.1 - R3.4) -----------------------------------------------------------------------

def test_r3_1_three_pieces_at_one_level():
    """R3.1: a level holds at most 2 pieces, even all coexisting friends."""
    pos = add(base(), piece("DO", "white", 5, 5), piece("DS", "white", 5, 5),
              piece("AAA", "white", 5, 5))
    rejects(pos, "pieces[5]", "R3.1")


def test_r3_1_three_pieces_at_one_level_in_the_air():
    """R3.1: also in the Air (two CH and a JE)."""
    pos = add(base(), piece("CH", "white", 5, 5, "A"), piece("JE", "white", 5, 5, "A"),
              piece("JE", "white", 5, 5, "A"))
    rejects(pos, "pieces[5]")


def test_r3_1_two_coexisting_friends_share_a_level():
    """R3.1 (control): two friends share a level when one coexists; a square holds 6 pieces."""
    pos = add(base(),
              piece("CH", "white", 5, 5, "A"), piece("TA", "white", 5, 5, "A"),
              piece("DO", "white", 5, 5, "G"), piece("CL", "white", 5, 5, "G"),
              piece("SU", "white", 5, 5, "S"), piece("SP", "white", 5, 5, "S"))
    game = wec.Game.from_position(pos)
    assert len(game.pieces_at(5, 5)) == 6


@pytest.mark.parametrize("a,b", [("TA", "CL"), ("K", "Q"), ("SP", "FP"), ("TA", "TA")])
def test_r3_1_non_coexisting_friends_cannot_share(a, b):
    """R3.1: two friends share a level only if one of them has coexistence (R2.2)."""
    pos = add(base(), piece(a, "white", 5, 5), piece(b, "white", 5, 5))
    rejects(pos, "pieces[4]", "R3.1")


def test_r3_1_non_coexisting_enemies_cannot_share():
    """R3.1 / R3.2: enemies never share a level unless a coexisting pair was half converted."""
    pos = add(base(), piece("TA", "white", 5, 5), piece("CL", "black", 5, 5))
    rejects(pos, "pieces[4]")


@pytest.mark.parametrize("type_", ["TA", "K", "Q", "SP", "DS", "AAA", "DO", "CL", "SU"])
def test_r3_4_alone_in_the_air(type_):
    """R3.4: only JE and CH stand in the Air by themselves."""
    pos = add(base(), piece(type_, "white", 5, 5, "A"))
    rejects(pos, "pieces[3]", "R3.4")


@pytest.mark.parametrize("type_", ["TA", "K", "SP", "DS", "CH", "JE"])
def test_r3_4_alone_at_sub(type_):
    """R3.4: only a SU stands at Sub by itself."""
    pos = add(base(), piece(type_, "white", 5, 5, "S"))
    rejects(pos, "pieces[3]", "R3.4")


def test_r3_4_tank_with_a_jet_in_the_air():
    """R3.4 / R2.3: a JE does not carry; a TA next to it in the Air has no support."""
    pos = add(base(), piece("JE", "white", 5, 5, "A"), piece("TA", "white", 5, 5, "A"))
    rejects(pos, "pieces[4]", "R3.4")


def test_r3_4_tank_carried_by_a_helicopter():
    """R3.4 (control): a TA carried by a friendly CH may be in the Air."""
    pos = add(base(), piece("CH", "white", 5, 5, "A"), piece("TA", "white", 5, 5, "A"))
    assert len(wec.Game.from_position(pos).pieces_at(5, 5, "A")) == 2


def test_r3_4_primary_carried_into_air_with_primary_may_fly():
    """R3.4 (control): with the standard primary_may_fly a K may be carried into the Air."""
    pos = base()
    pos["pieces"][0]["square"] = [5, 5]
    pos["pieces"][0]["level"] = "A"
    add(pos, piece("CH", "white", 5, 5, "A"))
    assert [p.type for p in wec.Game.from_position(pos).pieces_at(5, 5, "A")].count("K") == 1


@pytest.mark.parametrize("carrier,level,primary", [("CH", "A", "K"), ("SU", "S", "K"),
                                                   ("CH", "A", "DI"), ("SU", "S", "PR")])
def test_r3_4_primary_carried_without_primary_may_fly(carrier, level, primary):
    """R3.4 / R13: with primary_may_fly off a primary government piece is never in Air or Sub."""
    pos = add(base(), piece(carrier, "white", 5, 5, level), piece(primary, "white", 5, 5, level))
    pos["options"] = {"primary_may_fly": False}
    rejects(pos, "pieces[4]", "primary_may_fly")


def test_r3_4_secondary_carried_without_primary_may_fly():
    """R3.4 (control): primary_may_fly concerns primary government pieces only."""
    pos = add(base(), piece("CH", "white", 5, 5, "A"), piece("Q", "white", 5, 5, "A"))
    pos["options"] = {"primary_may_fly": False}
    assert len(wec.Game.from_position(pos).pieces_at(5, 5, "A")) == 2


def test_r3_3_three_articles_on_one_square():
    """R3.3: at most 2 articles lie on a square."""
    pos = base()
    pos["articles"] = [{"type": "FL", "square": [5, 5]}, {"type": "SH", "square": [6, 5]},
                       {"type": "ST", "square": [5, 5]}, {"type": "SH", "square": [5, 5]}]
    rejects(pos, "articles[3]", "R3.3")


def _full_board_articles() -> list[dict]:
    return [{"type": "FL", "square": [r, c]} for r in range(1, 11) for c in range(1, 11)] * 2


def test_r3_3_two_hundred_articles_accepted():
    """R3.3 (control): exactly 200 articles in all is allowed."""
    pos = base()
    pos["articles"] = _full_board_articles()
    assert len(wec.Game.from_position(pos).position()["articles"]) == 200


def test_r3_3_more_than_200_articles():
    """R3.3: a game holds at most 200 articles, carried ones included."""
    pos = base()
    pos["articles"] = _full_board_articles()
    pos["pieces"][2]["articles"] = ["FL"]
    rejects(pos, "articles", "200")


@pytest.mark.parametrize("primary", ["K", "DI", "AV", "PR"])
def test_r8_1_primary_cannot_hold_stealth(primary):
    """R8.1 / R10.1: a primary government piece holds no SH unless stealthy_primary."""
    pos = add(base(), piece(primary, "white", 5, 5, articles=["SH"]))
    rejects(pos, "pieces[3].articles", "stealthy_primary")


def test_r8_1_primary_may_hold_stealth_with_stealthy_primary():
    """R8.1 (control): with stealthy_primary on the same position is legal."""
    pos = add(base(), piece("K", "white", 5, 5, articles=["SH"]))
    pos["options"] = {"stealthy_primary": True}
    (k,) = wec.Game.from_position(pos).pieces_at(5, 5)
    assert k.articles == ("SH",)


def test_r8_1_secondary_may_hold_stealth():
    """R8.1 (control): the restriction is on primary pieces only."""
    pos = add(base(), piece("Q", "white", 5, 5, articles=["SH"]))
    (q,) = wec.Game.from_position(pos).pieces_at(5, 5)
    assert q.articles == ("SH",)


def test_r8_4_at_most_two_reserves_per_square():
    """R8.4: a square holds at most two (unhanded) reserves."""
    pos = base()
    pos["reserves"] = [{"type": "SU", "color": "white", "square": [8, 1]}] * 3
    rejects(pos, "reserves[2]")


def test_r8_4_one_handed_reserve_per_square():
    """R8.4: one handed reserve per square."""
    pos = base()
    pos["reserves"] = [{"type": "TA", "color": "white", "square": [8, 1], "hand": "left"},
                       {"type": "CL", "color": "white", "square": [8, 1], "hand": "right"}]
    rejects(pos, "reserves[1]")


# --- files (FORMATS.md: "a str path"; "PositionError (bad position dict or file ...)") ------------

def test_api_corrupt_json_file(tmp_path):
    """FORMATS.md: a file that is not JSON is a PositionError naming the file."""
    path = tmp_path / "broken.json"
    path.write_text('{"format": "wec-position", "version": 1, "pieces": [', encoding="utf-8")
    msg = rejects(str(path))
    assert "broken.json" in msg


def test_api_non_utf8_file(tmp_path):
    """FORMATS.md: positions are UTF-8 JSON; other bytes are a PositionError."""
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"format": "wec-position\xff\xfe"}')
    rejects(str(path), "latin.json")


def test_api_missing_file(tmp_path):
    """FORMATS.md: a missing file is a PositionError naming it (not a bare OSError)."""
    path = tmp_path / "nowhere" / "missing.json"
    rejects(str(path), "missing.json")


def test_api_file_with_a_bad_position(tmp_path):
    """FORMATS.md: a readable file with a bad entry names the entry."""
    pos = add(base(), piece("DS", "white", 5, 5))
    pos["pieces"][3]["square"] = [11, 5]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(pos), encoding="utf-8")
    rejects(str(path), "pieces[3].square")


def test_api_file_holding_a_json_list(tmp_path):
    """FORMATS.md: the file holds a JSON object."""
    path = tmp_path / "list.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    with pytest.raises(wec.PositionError):
        wec.Game.from_position(str(path))


def test_api_position_error_message_names_the_index():
    """FORMATS.md: the message names the entry, e.g. "pieces[3].square" — not another index."""
    pos = add(base(), piece("DS", "white", 5, 5), piece("DS", "white", 5, 6),
              piece("DS", "white", 5, 7))
    pos["pieces"][5]["square"] = [5, 12]
    msg = rejects(pos, "pieces[5].square")
    assert not re.search(r"pieces\[[0-46-9]\]", msg)
