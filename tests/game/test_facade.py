"""The `wec.Game` facade (its API reference, `make docs`; FORMATS.md "perft") on the standard game.

The expected set-up is written out here from RULES.md (R2.4, R2.5, R5.4, R8.5), not read from
`wec.rules`, so a mistake in the engine's tables shows up.
"""
from __future__ import annotations

import collections
import random
import re

import pytest

import wec

# --- RULES.md tables, as written there ----------------------------------------------------------

# R2.5, White rows 1 and 2, columns 1..10 ("A+B" share the Ground).
WHITE_ROW1 = ["TA", "DO+SU", "CL", "CH+JE", "K", "Q", "CH+JE", "CL", "DO+SU", "TA"]
WHITE_ROW2 = ["RP", "SP", "FP+AAA", "CP+DS", "SHP", "XP", "CP+DS", "FP+AAA", "SP", "RP"]
# R2.5, Black as printed.
BLACK_ROW10 = ["TA", "DO+SU", "CL", "CH+JE", "Q", "K", "CH+JE", "CL", "DO+SU", "TA"]
BLACK_ROW9 = ["RP", "SP", "FP+AAA", "CP+DS", "XP", "SHP", "CP+DS", "FP+AAA", "SP", "RP"]

# R2.5 "Per side: 10 pawns, 2 TA, 2 DO, 2 SU, 2 CH, 2 DS, 2 AAA, 2 CL, 2 JE, K, Q."
PER_SIDE = {"RP": 2, "SP": 2, "FP": 2, "CP": 2, "XP": 1, "SHP": 1,
            "TA": 2, "DO": 2, "SU": 2, "CH": 2, "DS": 2, "AAA": 2, "CL": 2, "JE": 2, "K": 1, "Q": 1}

# R5.4, rows 3..8, columns 1..10.
ARTICLES_R5_4 = {
    8: ["SH", "TL", "BI+SL", "JP", "SC", "SC", "JP", "BI+SL", "TL", "ASH"],
    7: ["ATL", "ASH", "SL", "ACS", "ARL", "AFL", "AST", "SL", "ASH", "ATL"],
    6: ["TL", "SH", "ASL", "CS", "XXX+RL", "XXX+FL", "ST", "ASL", "SH", "TL"],
    5: ["TL", "SH", "ASL", "ST", "XXX+FL", "XXX+RL", "CS", "ASL", "SH", "TL"],
    4: ["ATL", "ASH", "SL", "AST", "AFL", "ARL", "ACS", "SL", "ASH", "ATL"],
    3: ["ASH", "TL", "BI+SL", "JP", "SC", "SC", "JP", "BI+SL", "TL", "SH"],
}

# R8.5 White's reserves on row 8, columns 1..10: (type, hand).
WHITE_RESERVES = [("SU", None), ("JE", None), ("DS", None), ("CL", "left"), ("Q", None),
                  ("DO", None), ("TA", "right"), ("AAA", None), ("JE", None), ("SU", None)]

GOVERNMENTS = {"monarchy": ("K", "Q"), "dictatorship": ("DI", "AS"),
               "theocracy": ("AV", "AC"), "democracy": ("PR", "PM")}

HANDED = {"TA", "CL", "CH"}

# RULES.md R12.2 grammar for the turn strings this milestone produces (Move/Doze and Results).
_TYPE = r"(?:DO|TA|CH|JE|SU|DS|AAA|CL|Q|K|PR|PM|DI|AS|AC|AV|RP|FP|SHP|SP|CP|XP|SOP)"
_ART = r"(?:FL|ST|CS|TL|RL|SL|SH|XXX|ARL|ASL|ATL|ACS|AST|AFL|ASH|BI|SC|JP)"
_NUM = r"(?:10|[1-9])"
_LOC = rf"\({_NUM},{_NUM}\)"
_LEVEL = r"[\^v]?"
_PIECE = rf"{_TYPE}{_LEVEL}{_LOC}(?:[123]{_ART}+)?[<>]?"
_RESULT = (rf"(?:RK|TK|SK|FK|STK|CK|X|R|T|S|{_TYPE})"
           rf"(?:->{_LOC}|v{_LOC}|\*{_PIECE}[BW](?:\d{{1,3}})?)?")
TURN_RE = re.compile(
    rf"MV:{_PIECE}->{_LEVEL}{_LOC}(?:-TRA->{_PIECE})?(?:,DO>{_LOC}{_TYPE}{_LOC}(?:,{_TYPE}{_LOC})*)?"
    rf"(?:,RS:{_RESULT}(?:,{_RESULT})*)?")


def expected_pieces(gov_black: str = "monarchy", gov_white: str = "monarchy") -> collections.Counter:
    """R2.5 set-up with R2.1 governments and R2.4 hands: Counter of (type, color, row, col, hand)."""
    out: collections.Counter = collections.Counter()
    rows = {"white": {1: WHITE_ROW1, 2: WHITE_ROW2}, "black": {10: BLACK_ROW10, 9: BLACK_ROW9}}
    gov = {"black": GOVERNMENTS[gov_black], "white": GOVERNMENTS[gov_white]}
    for color, table in rows.items():
        for row, cells in table.items():
            for col, cell in enumerate(cells, start=1):
                for code in cell.split("+"):
                    code = {"K": gov[color][0], "Q": gov[color][1]}.get(code, code)
                    hand = None
                    if code in HANDED:  # R2.4: owner's left half is White 1-5, Black 6-10
                        left = col <= 5 if color == "white" else col >= 6
                        hand = "left" if left else "right"
                    out[(code, color, row, col, hand)] += 1
    return out


def expected_reserves(gov_black: str = "monarchy", gov_white: str = "monarchy") -> collections.Counter:
    """R8.5: White on row 8; Black the same turned a half turn, on row 3."""
    out: collections.Counter = collections.Counter()
    for c, (code, hand) in enumerate(WHITE_RESERVES, start=1):
        w = GOVERNMENTS[gov_white][1] if code == "Q" else code
        b = GOVERNMENTS[gov_black][1] if code == "Q" else code
        out[(w, "white", 8, c, hand)] += 1
        out[(b, "black", 3, 11 - c, hand)] += 1
    return out


def state(game: wec.Game) -> tuple:
    return (game.position(), game.hash, game.to_move, game.turn, game.history(),
            [str(a) for a in game.legal_actions()])


@pytest.fixture
def game() -> wec.Game:
    return wec.Game.new()


# --- the standard set-up (R2.5, R5.4, R8.5, R1.4) -------------------------------------------------

def test_r2_5_tables_as_printed_are_half_turn_symmetric():
    """R2.5: the test's own Black rows (as printed) are White's turned 180° (self-check)."""
    assert BLACK_ROW10 == WHITE_ROW1[::-1]
    assert BLACK_ROW9 == WHITE_ROW2[::-1]
    for row, cells in ARTICLES_R5_4.items():
        assert ARTICLES_R5_4[11 - row] == cells[::-1]


def test_r2_5_piece_counts(game):
    """R2.5: 56 pieces, 28 per side, with the per-type counts of each side."""
    assert len(game.pieces()) == 56
    for color in ("black", "white"):
        mine = game.pieces(color)
        assert len(mine) == 28
        assert all(p.color == color for p in mine)
        assert collections.Counter(p.type for p in mine) == PER_SIDE


def test_r2_5_every_piece_on_its_square(game):
    """R2.5 + R2.4: every piece on its set-up square at Ground, with the R2.4 hand, no articles,
    no stun."""
    got = collections.Counter((p.type, p.color, p.row, p.col, p.hand) for p in game.pieces())
    assert got == expected_pieces()
    for p in game.pieces():
        assert p.level == "G" and p.articles == () and p.stun == 0 and p.cooldowns == {}


@pytest.mark.parametrize("color,row,col,hand", [
    ("white", 1, 1, "left"), ("white", 1, 3, "left"), ("white", 1, 4, "left"),
    ("white", 1, 7, "right"), ("white", 1, 8, "right"), ("white", 1, 10, "right"),
    ("black", 10, 10, "left"), ("black", 10, 8, "left"), ("black", 10, 7, "left"),
    ("black", 10, 4, "right"), ("black", 10, 3, "right"), ("black", 10, 1, "right"),
])
def test_r2_4_handedness_at_set_up(game, color, row, col, hand):
    """R2.4 decision: handed pieces on the owner's left half are left handed."""
    (p,) = [p for p in game.pieces_at(row, col, "G") if p.type in HANDED]
    assert p.color == color and p.hand == hand


def test_r2_4_unhanded_pieces_have_no_hand(game):
    """R2.4 / API PieceInfo.hand: None for types other than TA, CL, CH."""
    for p in game.pieces():
        assert (p.hand is not None) == (p.type in HANDED), p


def test_r5_4_every_square_holds_the_standard_articles(game):
    """R5.4: 68 articles on Ground exactly where the table puts them; rows 1, 2, 9, 10 hold none."""
    total = 0
    for row in range(1, 11):
        for col in range(1, 11):
            got = game.articles_at(row, col)
            assert isinstance(got, tuple)
            want = ARTICLES_R5_4[row][col - 1].split("+") if row in ARTICLES_R5_4 else []
            assert sorted(got) == sorted(want), (row, col)
            total += len(got)
    assert total == 68
    assert len(game.position()["articles"]) == 68


def test_r8_5_standard_reserves(game):
    """R8.5: 20 reserves — White on row 8, Black on row 3 (half turn) — unarmed, not entered."""
    reserves = game.position()["reserves"]
    assert len(reserves) == 20
    got = collections.Counter((r["type"], r["color"], r["square"][0], r["square"][1], r["hand"])
                              for r in reserves)
    assert got == expected_reserves()
    assert all(r["armed"] is False for r in reserves)


def test_r1_4_black_moves_first(game):
    """R1.4 / API: a new game has Black to move on turn 1, no result, no history."""
    assert game.to_move == "black"
    assert game.turn == 1
    assert game.result is None
    assert game.history() == []
    assert all(a.origin[0] >= 9 for a in game.legal_moves())  # only Black's pieces move


@pytest.mark.parametrize("gov_black,gov_white", [
    ("dictatorship", "theocracy"), ("democracy", "monarchy"), ("theocracy", "dictatorship"),
    ("monarchy", "democracy"),
])
def test_r2_1_governments_replace_k_and_q(gov_black, gov_white):
    """R2.1: a government replaces K/Q (and the reserve Q) with its primary/secondary types."""
    game = wec.Game.new(wec.Options(government_black=gov_black, government_white=gov_white))
    got = collections.Counter((p.type, p.color, p.row, p.col, p.hand) for p in game.pieces())
    assert got == expected_pieces(gov_black, gov_white)
    reserves = collections.Counter((r["type"], r["color"], r["square"][0], r["square"][1],
                                    r["hand"]) for r in game.position()["reserves"])
    assert reserves == expected_reserves(gov_black, gov_white)
    if gov_black != "monarchy":
        assert not [p for p in game.pieces("black") if p.type in ("K", "Q")]


def _dests_of(code: str) -> set:
    pos = {"format": "wec-position", "version": 1, "to_move": "white",
           "pieces": [{"type": code, "color": "white", "square": [3, 3], "level": "G"},
                      {"type": "K", "color": "black", "square": [10, 10], "level": "G"}]}
    game = wec.Game.from_position(pos)
    return {a.dest for a in game.legal_moves() if a.origin == (3, 3, "G")}


def test_r2_1_primary_types_move_like_the_king():
    """R2.1 / R4.4: every primary type moves like the King — 1 step in 8 directions."""
    king = {(3 + dr, 3 + dc, "G") for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)}
    for code in ("K", "DI", "AV", "PR"):
        assert _dests_of(code) == king, code


def test_r2_1_secondary_types_move_like_the_queen():
    """R2.1 / R4.7: every secondary type moves like the Queen (Weapon Chess, ranges 7: from (3,3)
    the on-board squares among `(+-7,+-3) (+-3,+-7)` are (6,10) and (10,6))."""
    queen = _dests_of("Q")
    assert queen == {(6, 10, "G"), (10, 6, "G")}
    for code in ("AS", "AC", "PM"):
        assert _dests_of(code) == queen, code


# --- legal actions and the turn (R6.1) ------------------------------------------------------------

def test_r6_1_no_end_before_the_move(game):
    """R6.1: End Turn is allowed only after the Move."""
    actions = game.legal_actions()
    assert actions
    assert all(a.kind != "end" for a in actions)
    assert "END" not in [str(a) for a in actions]


def test_r6_1_end_only_after_the_move_and_one_move_per_turn(game):
    """R6.1: before the Move no END; after it END is legal and no second Move or Doze is."""
    assert "end" not in {a.kind for a in game.legal_actions()}
    game.apply(game.legal_moves()[0])
    kinds = [a.kind for a in game.legal_actions()]
    assert kinds.count("end") == 1 and kinds[-1] == "end"
    assert game.legal_moves() == []
    assert "move" not in kinds and "doze" not in kinds


def test_api_legal_moves_are_the_moves_and_dozes(game):
    """API: legal_moves() is the Move and Doze actions among legal_actions()."""
    moves = game.legal_moves()
    assert moves == [a for a in game.legal_actions() if a.kind in ("move", "doze")]
    assert {a.kind for a in moves} == {"move", "doze"}


def test_api_legal_actions_are_distinct(game):
    """FORMATS.md perft: actions with the same text are one action; the list holds each once."""
    texts = [str(a) for a in game.legal_actions()]
    assert len(texts) == len(set(texts))


def test_api_apply_accepts_action_or_text():
    """API: apply takes an Action or its text; both give the same game."""
    a, b = wec.Game.new(), wec.Game.new()
    for i in range(3):
        move = a.legal_moves()[(i * 7) % len(a.legal_moves())]
        a.apply(move)
        b.apply(str(move))
        assert state(a) == state(b)
        a.apply(wec.Action("end"))
        b.apply("END")
        assert state(a) == state(b)


def test_api_apply_returns_the_applied_action(game):
    """API: apply gives back the action it made (same text)."""
    move = game.legal_moves()[3]
    assert str(game.apply(str(move))) == str(move)


def test_api_text_round_trips_for_every_legal_action_of_the_standard_position(game):
    """API: `str(a)` is the action's text — parse_action reads it back to the same action."""
    for a in game.legal_actions():
        back = wec.parse_action(str(a))
        assert str(back) == str(a)
        assert (back.kind, back.piece, back.origin, back.dest, back.passenger, back.group) == \
            (a.kind, a.piece, a.origin, a.dest, a.passenger, a.group)


def _apply_each_by_text(game: wec.Game) -> None:
    before = state(game)
    for a in game.legal_actions():
        game.apply(str(a))
        assert game.moved == (a.kind in ("move", "doze"))
        assert ("END" in [str(x) for x in game.legal_actions()]) == game.moved
        game.undo()
        assert state(game) == before, str(a)


def test_api_apply_text_of_every_legal_action_black(game):
    """API: `apply(str(a))` is legal for every legal action (Black's first turn); undo restores."""
    _apply_each_by_text(game)


def test_api_apply_text_of_every_legal_action_white(game):
    """API: the same for White's first turn."""
    game.apply(game.legal_moves()[0])
    game.end_turn()
    assert game.to_move == "white"
    _apply_each_by_text(game)


def test_api_parse_action_end():
    """API / ENGINE-NOTES: "END" is the end action."""
    a = wec.parse_action("END")
    assert a.kind == "end" and str(a) == "END"


# --- illegal actions (API: IllegalActionError, game unchanged) ----------------------------------

ILLEGAL_TEXTS = [
    "MV:TA(10,1)>->(5,5)",          # a tank square it cannot reach
    "MV:TA(10,1)>->(3,9)",          # wrong hand/offset
    "MV:RP(2,1)->(3,2)",            # a White pawn while Black is to move
    "MV:K(10,6)->(8,6)",            # two squares for a one-step piece
    "MV:K(5,5)->(5,6)",             # no piece there
    "MV:SP(9,2)->(8,2)",            # a pawn attack square without an enemy
    "MV:JE(10,7)->^(9,7)",          # a jet on Ground may only take off
    "MV:ZZ(1,1)->(2,2)",            # no such type
    "hello",
    "",
    "MV:",
    "MV:K(10,6)->(11,6)",           # off the board
    "DZ:DO(10,9)->(9,8)@(1,1)",     # doze group not a neighbour
    "END",                          # before the Move (R6.1)
]


@pytest.mark.parametrize("text", ILLEGAL_TEXTS)
def test_api_illegal_text_raises_and_leaves_the_game(game, text):
    """API: an illegal action raises IllegalActionError; position() and hash are unchanged."""
    before = state(game)
    with pytest.raises(wec.IllegalActionError):
        game.apply(text)
    assert state(game) == before


@pytest.mark.parametrize("bad", [
    wec.Action("move", "TA", (10, 1, "G"), (5, 5, "G")),
    wec.Action("move", "TA", (1, 1, "G"), (8, 4, "G")),
    wec.Action("end"),
    42,
    None,
])
def test_api_illegal_action_object_raises(game, bad):
    """API: apply takes an Action or its text; an illegal Action, END before the Move, or
    something else raises IllegalActionError and changes nothing."""
    before = state(game)
    with pytest.raises(wec.IllegalActionError):
        game.apply(bad)
    assert state(game) == before


def test_r6_1_second_move_is_illegal(game):
    """R6.1: exactly one Move per turn — a second Move raises and changes nothing."""
    first, second = game.legal_moves()[0], game.legal_moves()[-1]
    game.apply(first)
    before = state(game)
    for again in (second, str(second), first):
        with pytest.raises(wec.IllegalActionError):
            game.apply(again)
        assert state(game) == before


def test_r6_1_end_twice_is_illegal(game):
    """R6.1: after END the new side has not moved yet, so another END is illegal."""
    game.apply(game.legal_moves()[0])
    game.end_turn()
    before = state(game)
    with pytest.raises(wec.IllegalActionError):
        game.apply("END")
    assert state(game) == before


def test_api_illegal_action_error_class():
    """API errors: IllegalActionError is a WecError."""
    assert issubclass(wec.IllegalActionError, wec.WecError)


def test_api_parse_action_garbage():
    """API: text that is no action is an IllegalActionError from parse_action."""
    for text in ["hello", "MV:K(10,6)", "MV:K(a,b)->(1,1)", "XX:K(10,6)->(9,6)"]:
        with pytest.raises(wec.IllegalActionError):
            wec.parse_action(text)


def test_api_game_still_usable_after_an_illegal_action(game):
    """API: the game is unchanged — a legal move still works after an error."""
    with pytest.raises(wec.IllegalActionError):
        game.apply("END")
    move = game.legal_moves()[0]
    game.apply(move)
    game.end_turn()
    assert game.to_move == "white" and game.turn == 2


# --- undo (API, R12.4) ----------------------------------------------------------------------------

def test_r12_4_undo_restores_every_step_exactly(game):
    """API undo / R12.4: each undo restores position, hash, side, turn and history exactly."""
    rng = random.Random(2024)
    stack = []
    for _ in range(60):  # random actions of every kind
        stack.append(state(game))
        game.apply(rng.choice(game.legal_actions()))
    assert game.turn > 5
    while stack:
        game.undo()
        assert state(game) == stack.pop()
    with pytest.raises(wec.IllegalActionError):
        game.undo()


def test_api_undo_with_nothing_to_undo(game):
    """API: undo() with nothing to undo raises IllegalActionError and changes nothing."""
    before = state(game)
    with pytest.raises(wec.IllegalActionError):
        game.undo()
    assert state(game) == before


def test_api_undo_of_end_returns_to_the_mid_turn(game):
    """API: undo takes back one action — after undoing END the Move is still made."""
    move = game.legal_moves()[5]
    game.apply(move)
    mid = state(game)
    game.end_turn()
    game.undo()
    assert state(game) == mid
    assert game.moved and game.to_move == "black" and game.turn == 1


def test_api_undo_then_replay_gives_the_same_hash(game):
    """API undo: the incremental hash after undo + redo equals the hash of the first time."""
    game.apply(game.legal_moves()[10])
    game.end_turn()
    h = game.hash
    game.undo()
    game.undo()
    game.apply(game.legal_moves()[10])
    game.end_turn()
    assert game.hash == h


def test_api_hash_changes_with_the_position(game):
    """API hash: a Move changes the hash, and the side to move is part of it."""
    h0 = game.hash
    game.apply(game.legal_moves()[0])
    assert game.hash != h0
    h1 = game.hash
    game.end_turn()
    assert game.hash != h1


# --- turn and side (R1.4, R6.4) -------------------------------------------------------------------

def test_r1_4_turn_increments_at_end_and_sides_alternate(game):
    """R1.4 / R6.4 / API turn: the turn number grows by 1 at each END (not at the Move);
    Black plays odd turns, White even ones."""
    rng = random.Random(3)
    for n in range(1, 11):
        assert game.turn == n
        assert game.to_move == ("black" if n % 2 else "white")
        game.apply(rng.choice(game.legal_moves()))
        assert game.turn == n and game.to_move == ("black" if n % 2 else "white")
        game.end_turn()
    assert game.turn == 11 and game.to_move == "black"


# --- reading: pieces, pieces_at, articles_at (API) ---------------------------------------------

def test_api_pieces_by_color(game):
    """API pieces(color): only that side's pieces; pieces() is both."""
    black, white = game.pieces("black"), game.pieces("white")
    assert {p.color for p in black} == {"black"} and {p.color for p in white} == {"white"}
    assert len(black) + len(white) == len(game.pieces()) == 56


def test_api_piece_info_fields(game):
    """API PieceInfo: type, color, row, col, level, hand, articles, stun, cooldowns."""
    (ta,) = game.pieces_at(1, 1)
    assert (ta.type, ta.color, ta.row, ta.col, ta.level, ta.hand, ta.articles, ta.stun,
            ta.cooldowns) == ("TA", "white", 1, 1, "G", "left", (), 0, {})


def test_api_pieces_at_levels(game):
    """API pieces_at(row, col, level): by level, or every level when level is None."""
    assert sorted(p.type for p in game.pieces_at(1, 2, "G")) == ["DO", "SU"]
    assert game.pieces_at(1, 2, "A") == [] and game.pieces_at(1, 2, "S") == []
    assert sorted(p.type for p in game.pieces_at(1, 2)) == ["DO", "SU"]
    assert game.pieces_at(5, 5) == []
    assert [p.type for p in game.pieces_at(10, 6)] == ["K"]


def test_api_pieces_at_after_dive_and_take_off(game):
    """R4.10 / R4.9 / API pieces_at: a SU diving is at Sub, a JE taking off is in the Air."""
    game.apply("MV:SU(10,9)->v(10,9)")
    assert [p.type for p in game.pieces_at(10, 9, "S")] == ["SU"]
    assert [p.type for p in game.pieces_at(10, 9, "G")] == ["DO"]
    assert sorted(p.type for p in game.pieces_at(10, 9)) == ["DO", "SU"]
    game.end_turn()
    game.apply(game.legal_moves()[0])
    game.end_turn()
    game.apply("MV:JE(10,7)->^(10,7)")
    assert [p.type for p in game.pieces_at(10, 7, "A")] == ["JE"]
    assert [p.type for p in game.pieces_at(10, 7, "G")] == ["CH"]


def test_api_articles_at_empty_and_pair(game):
    """API articles_at: a tuple of codes lying on that Ground."""
    assert game.articles_at(1, 1) == ()
    assert sorted(game.articles_at(3, 3)) == ["BI", "SL"]
    assert game.articles_at(8, 10) == ("ASH",)


# --- history (R12.1, R12.2) -----------------------------------------------------------------------

def test_r12_1_history_one_string_per_finished_turn(game):
    """R12.1 / API history(): one string per finished turn; the turn in progress is not listed."""
    rng = random.Random(11)
    for n in range(6):
        assert len(game.history()) == n
        game.apply(rng.choice(game.legal_moves()))
        assert len(game.history()) == n
        game.end_turn()
        assert len(game.history()) == n + 1
        assert game.history()[-1].startswith("MV:")


def test_r12_2_history_of_a_dive(game):
    """R12.2 `Turn = "MV:" Piece "->" Level Loc ...`: a SU diving is "MV:SU(10,9)->v(10,9)"."""
    game.apply("MV:SU(10,9)->v(10,9)")
    game.end_turn()
    assert game.history() == ["MV:SU(10,9)->v(10,9)"]


def test_r12_2_history_of_a_carry(game):
    """R12.2 `Passenger = "-TRA->" Piece`: the SU diving with its DO."""
    game.apply("MV:SU(10,9)->v(10,9)-TRA->DO(10,9)")
    game.end_turn()
    assert game.history() == ["MV:SU(10,9)->v(10,9)-TRA->DO(10,9)"]


def test_r12_2_history_of_a_handed_piece(game):
    """R12.2 `Orient`: the hand of a CH is written after its square."""
    game.apply("MV:CH(10,7)<->^(8,5)")
    game.end_turn()
    assert game.history() == ["MV:CH(10,7)<->^(8,5)"]


def test_r12_2_history_of_a_doze(game):
    """R12.2 `Doze = ",DO>" Loc Type Loc {"," Type Loc}`: partner first, then the group."""
    game.apply("DZ:DO(10,9)->(9,8)@(9,8)")
    game.end_turn()
    (turn,) = game.history()
    assert turn.startswith("MV:DO(10,9)->(9,8),DO>(9,8)SU(10,9),")
    rest = turn[len("MV:DO(10,9)->(9,8),DO>(9,8)SU(10,9),"):]
    assert sorted(re.findall(r"[A-Z]+\(\d+,\d+\)", rest)) == ["AAA(9,8)", "FP(9,8)"]
    assert rest in ("AAA(9,8),FP(9,8)", "FP(9,8),AAA(9,8)")
    assert TURN_RE.fullmatch(turn)


def test_r12_2_history_strings_follow_the_grammar(game):
    """R12.2: every recorded turn of a random game matches the grammar."""
    rng = random.Random(99)
    for _ in range(24):
        if game.result is not None:
            break
        game.apply(rng.choice(game.legal_moves()))
        game.end_turn()
    for turn in game.history():
        assert TURN_RE.fullmatch(turn), turn


def test_r12_1_undo_removes_the_turn_from_history(game):
    """R12.1 / API: undoing END takes the turn string back out of the history."""
    game.apply(game.legal_moves()[0])
    game.end_turn()
    assert len(game.history()) == 1
    game.undo()
    assert game.history() == []


# --- perft (FORMATS.md "perft") -------------------------------------------------------------------

def test_api_perft_depth_0_is_1(game):
    """FORMATS.md perft: depth 0 is the root itself."""
    assert wec.perft(game, 0) == 1
    assert wec.perft(game, 0, mode="actions") == 1


def test_api_perft_depth_1_counts_distinct_moves(game):
    """FORMATS.md perft: depth 1 counts each distinct legal Move/Doze once."""
    assert wec.perft(game, 1) == len({str(a) for a in game.legal_moves()}) == len(game.legal_moves())


def test_api_perft_actions_depth_2_counts_every_second_action(game):
    """FORMATS.md perft mode="actions": one ply is one action of any kind."""
    assert wec.perft(game, 1, mode="actions") == len(game.legal_actions())
    total = 0
    for a in game.legal_actions():
        game.apply(a)
        total += len(game.legal_actions())
        game.undo()
    assert wec.perft(game, 2, mode="actions") == total


def test_api_perft_actions_mid_turn(game):
    """FORMATS.md perft actions: after the Move, the actions left are Fires etc. and END (R6.1)."""
    game.apply(game.legal_moves()[0])
    assert wec.perft(game, 1, mode="actions") == len(game.legal_actions())


def test_api_perft_moves_depth_2_by_hand(game):
    """FORMATS.md perft: depth 2 of "moves" = sum over Black's moves of White's distinct replies."""
    total = 0
    for move in game.legal_moves():
        game.apply(move)
        game.end_turn()
        total += len({str(a) for a in game.legal_moves()})
        game.undo()
        game.undo()
    assert wec.perft(game, 2) == total


def test_api_perft_leaves_the_game_unchanged(game):
    """FORMATS.md perft: counting does not change the game."""
    game.apply(game.legal_moves()[2])
    game.end_turn()
    before = state(game)
    wec.perft(game, 2)
    wec.perft(game, 3, mode="actions")
    assert state(game) == before


@pytest.mark.parametrize("mode", ["bad", "Moves", "", None])
def test_api_perft_bad_mode(game, mode):
    """FORMATS.md perft: mode is "moves" or "actions"; anything else is a ValueError."""
    with pytest.raises(ValueError):
        wec.perft(game, 1, mode=mode)


# --- clone (API) ----------------------------------------------------------------------------------

def test_api_clone_is_equal(game):
    """API clone(): an equal game — position, hash, side, turn, history and legal actions."""
    rng = random.Random(5)
    for _ in range(9):
        game.apply(rng.choice(game.legal_actions()))
    copy = game.clone()
    assert state(copy) == state(game)


def test_api_clone_is_independent(game):
    """API clone(): changing the clone leaves the original alone, and the other way round."""
    game.apply(game.legal_moves()[0])
    game.end_turn()
    before = state(game)
    copy = game.clone()
    copy.apply(copy.legal_moves()[0])
    copy.end_turn()
    assert state(game) == before
    copy_state = state(copy)
    game.apply(game.legal_moves()[-1])
    assert state(copy) == copy_state


def test_api_clone_can_undo_to_the_start(game):
    """API clone() / R12.4: the clone keeps the record, so it undoes back to the start."""
    start = state(game)
    game.apply(game.legal_moves()[0])
    game.end_turn()
    copy = game.clone()
    copy.undo()
    copy.undo()
    assert state(copy) == start
