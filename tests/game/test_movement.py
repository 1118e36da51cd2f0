"""Movement rules of RULES.md section 4 (and R3 capacity), each set up as a position."""
from __future__ import annotations

import pytest

import wec
from builders import dests, find, game, piece, play

W, B = "white", "black"


# --- R4.2 paths ----------------------------------------------------------------------------------

def test_R4_2_tank_path_blocked_by_any_piece_before_destination():
    # right tank range 7 from (1,1): forward path (2..5,1) then (6,2) (7,3) (8,4)
    open_board = game(piece("TA", W, 1, 1, hand="right"))
    assert dests(open_board, 1, 1) == {(8, 4, "G")}
    for blocker_color in (W, B):
        g = game(piece("TA", W, 1, 1, hand="right"), piece("DS", blocker_color, 4, 1))
        assert dests(g, 1, 1) == set()
        g = game(piece("TA", W, 1, 1, hand="right"), piece("DS", blocker_color, 7, 3))
        assert dests(g, 1, 1) == set()


def test_R4_2_path_runs_at_the_movers_level_only():
    # pieces in the Air over the path do not block a Ground tank
    g = game(piece("TA", W, 1, 1, hand="right"), piece("JE", B, 4, 1, "A"), piece("SU", B, 6, 2, "S"))
    assert dests(g, 1, 1) == {(8, 4, "G")}


def test_R4_2_riders_land_exactly_at_range():
    # a tank never stops short to capture a piece on its path
    g = game(piece("TA", W, 1, 1, hand="right"), piece("RP", B, 5, 1))
    assert dests(g, 1, 1) == set()


def test_R4_2_range_option_changes_destination():
    g = game(piece("TA", W, 1, 1, hand="right"), tank_range=6)
    assert dests(g, 1, 1) == {(7, 3, "G")}


# --- R4.2.1, R4.2.2, R3.1, R3.2 captures and capacity -------------------------------------------

def test_R4_2_2_combat_move_captures_all_enemies_at_that_level():
    g = game(piece("TA", W, 1, 1, hand="right"), piece("DO", B, 8, 4), piece("DS", B, 8, 4),
             piece("JE", B, 8, 4, "A"), piece("K", B, 10, 10), piece("K", W, 1, 10))
    play(g, find(g, origin=(1, 1, "G"), dest=(8, 4, "G")))
    at = g.pieces_at(8, 4)
    assert [(p.type, p.color, p.level) for p in at if p.level == "G"] == [("TA", W, "G")]
    assert [(p.type, p.level) for p in at if p.level == "A"] == [("JE", "A")]  # other level untouched


def test_R4_2_2_non_combat_piece_may_not_enter_enemy_level():
    g = game(piece("DS", W, 5, 5), piece("RP", B, 6, 5))
    assert (6, 5, "G") not in dests(g, 5, 5)
    assert (6, 6, "G") in dests(g, 5, 5)


def test_R4_4_primary_government_piece_captures_by_moving():
    g = game(piece("K", W, 5, 5), piece("RP", B, 6, 5))
    assert (6, 5, "G") in dests(g, 5, 5)


def test_R3_1_coexistence_needed_to_share_a_level():
    g = game(piece("K", W, 5, 5), piece("DS", W, 6, 5), piece("RP", W, 6, 6), piece("DS", W, 4, 4),
             piece("DO", W, 4, 4))
    d = dests(g, 5, 5)
    assert (6, 5, "G") in d        # K + DS: the destroyer coexists
    assert (6, 6, "G") not in d    # K + pawn: neither coexists
    assert (4, 4, "G") not in d    # already two pieces there
    g2 = game(piece("DS", W, 5, 5), piece("DO", W, 6, 5))
    assert (6, 5, "G") in dests(g2, 5, 5)  # two coexisting pieces


def test_R3_2_a_mixed_pair_level_cannot_be_entered():
    g = game(piece("K", W, 5, 5), piece("DS", W, 6, 5), piece("DO", B, 6, 5))
    assert (6, 5, "G") not in dests(g, 5, 5)


def test_R4_2_4_captured_articles_drop_by_the_ring():
    # the captured XP at (10,1) carries 2 articles, dropped in R7.3.3 order
    g = game(piece("K", W, 9, 1), piece("XP", B, 10, 1, articles=["FL", "SL"]),
             piece("K", B, 1, 10), articles=(("ST", (10, 1)), ("TL", (10, 1)), ("CS", (9, 2))))
    play(g, find(g, origin=(9, 1, "G"), dest=(10, 1, "G")))
    # Seen from Black (forward = row-1, left = col+1) the ring around (10,1) starts (10,1) itself
    # (full), then forward-left (9,2) (one free place: FL), then forward (9,1) (SL).
    assert g.articles_at(10, 1) == ("ST", "TL")
    assert sorted(g.articles_at(9, 2)) == ["CS", "FL"]
    assert g.articles_at(9, 1) == ("SL",)
    assert g.check() == []


# --- R4.3 pawns ------------------------------------------------------------------------------------

def test_R4_3_weapon_chess_pawn_double_step_only_from_home():
    g = game(piece("RP", W, 2, 5), piece("RP", W, 4, 2))
    assert dests(g, 2, 5) == {(3, 4, "G"), (3, 6, "G"), (4, 3, "G"), (4, 7, "G")}
    assert dests(g, 4, 2) == {(5, 1, "G"), (5, 3, "G")}  # not on its home row


def test_R4_3_double_step_needs_the_square_between_empty():
    g = game(piece("RP", W, 2, 5), piece("DS", B, 3, 4))
    assert dests(g, 2, 5) == {(3, 6, "G"), (4, 7, "G")}


def test_R4_3_home_flag_false_means_no_double_step():
    g = game(piece("RP", W, 2, 5, home=False))
    assert dests(g, 2, 5) == {(3, 4, "G"), (3, 6, "G")}


def test_R4_3_pawn_leaves_home_and_loses_the_double_step():
    g = game(piece("RP", W, 2, 5), piece("K", B, 10, 10), piece("K", W, 1, 1))
    play(g, find(g, origin=(2, 5, "G"), dest=(3, 4, "G")))
    g.end_turn()
    play(g, find(g, origin=(10, 10, "G"), dest=(9, 9, "G")))
    g.end_turn()
    assert dests(g, 3, 4) == {(4, 3, "G"), (4, 5, "G")}


def test_R4_3_pawn_attacks_only_on_attack_squares():
    enemies = [piece("DS", B, r, c) for r, c in ((3, 5), (2, 4), (2, 6), (3, 4), (3, 6))]
    g = game(piece("RP", W, 2, 5, home=False), *enemies)
    # moves (3,4) (3,6) are occupied: no capture there; attacks (3,5) (2,4) (2,6) capture
    assert dests(g, 2, 5) == {(3, 5, "G"), (2, 4, "G"), (2, 6, "G")}


def test_R4_3_black_pawn_moves_towards_row_1():
    g = game(piece("RP", B, 9, 5), to_move=B)
    assert dests(g, 9, 5) == {(8, 4, "G"), (8, 6, "G"), (7, 3, "G"), (7, 7, "G")}


def test_R4_3_standard_chess_pawn():
    g = game(piece("RP", W, 2, 5), piece("DS", B, 3, 4), piece("DS", B, 3, 6),
             movement="standard_chess")
    assert dests(g, 2, 5) == {(3, 5, "G"), (4, 5, "G"), (3, 4, "G"), (3, 6, "G")}


def test_R4_3_mass_destruction_pawn_captures_on_every_square():
    g = game(piece("RP", W, 2, 5), piece("DS", B, 3, 5), movement="mass_destruction")
    assert dests(g, 2, 5) == {(3, 4, "G"), (3, 5, "G"), (3, 6, "G"), (2, 4, "G"), (2, 6, "G")}
    g = game(piece("RP", W, 2, 5), movement="mass_destruction", md_pawns="all_but_front")
    assert dests(g, 2, 5) == {(3, 4, "G"), (3, 6, "G"), (2, 4, "G"), (2, 6, "G")}


# --- R4.8 helicopter -----------------------------------------------------------------------------

def test_R4_8_helicopter_needs_a_clear_air_path():
    # right CH at (5,5): leap (2,2) has one shortest path via (6,6) Air
    g = game(piece("CH", W, 5, 5, hand="right"), piece("JE", B, 6, 6, "A"))
    assert (7, 7, "G") not in dests(g, 5, 5)
    # leap (2,1) to (7,6) has two paths: via (6,5) or (6,6); one blocked is fine
    assert (7, 6, "G") in dests(g, 5, 5)
    g = game(piece("CH", W, 5, 5, hand="right"), piece("JE", B, 6, 6, "A"), piece("JE", B, 6, 5, "A"))
    assert (7, 6, "G") not in dests(g, 5, 5)
    # Ground pieces do not block the flight
    g = game(piece("CH", W, 5, 5, hand="right"), piece("DS", B, 6, 6))
    assert (7, 7, "G") in dests(g, 5, 5)


def test_R4_8_level_choice_from_ground_and_air():
    g = game(piece("CH", W, 5, 5, hand="right"))
    assert {lvl for *_, lvl in dests(g, 5, 5)} == {"G", "A"}
    g = game(piece("CH", W, 5, 5, "A", hand="right"))
    assert {lvl for *_, lvl in dests(g, 5, 5, "A")} == {"G"}


def test_R2_3_helicopter_takes_its_passenger_or_not():
    g = game(piece("CH", W, 5, 5, hand="right"), piece("JE", W, 5, 5), piece("K", W, 1, 1),
             piece("K", B, 10, 10))
    with_p = dests(g, 5, 5, passenger=True, code="CH")
    without = dests(g, 5, 5, passenger=False, code="CH")
    assert with_p == without  # open board: every destination both ways
    a = find(g, origin=(5, 5, "G"), dest=(7, 7, "A"), passenger=True, piece="CH")
    assert str(a) == "MV:CH(5,5)>->^(7,7)-TRA->JE(5,5)"
    play(g, a)
    assert {(p.type, p.level) for p in g.pieces_at(7, 7)} == {("CH", "A"), ("JE", "A")}


def test_R3_4_passenger_left_in_the_air_is_destroyed_and_drops_its_articles():
    g = game(piece("CH", W, 5, 5, "A", hand="right"), piece("RP", W, 5, 5, "A", articles=["FL"]),
             piece("K", W, 1, 1), piece("K", B, 10, 10))
    assert dests(g, 5, 5, "A", passenger=False)  # legal, but the passenger falls
    play(g, find(g, origin=(5, 5, "A"), dest=(7, 7, "G"), passenger=False, piece="CH"))
    assert [p.type for p in g.pieces_at(5, 5)] == []
    assert g.articles_at(5, 5) == ("FL",)


def test_R3_4_passenger_in_the_air_has_no_move_of_its_own():
    g = game(piece("CH", W, 5, 5, "A", hand="right"), piece("K", W, 5, 5, "A"))
    assert dests(g, 5, 5, "A") == {a.dest for a in g.legal_moves() if a.piece == "CH"}
    assert not [a for a in g.legal_moves() if a.piece == "K"]


def test_R3_4_primary_may_fly_off_keeps_the_king_on_the_ground():
    g = game(piece("CH", W, 5, 5, hand="right"), piece("K", W, 5, 5), primary_may_fly=False)
    assert {a.dest[2] for a in g.legal_moves() if a.piece == "CH" and a.passenger} == {"G"}
    g = game(piece("CH", W, 5, 5, hand="right"), piece("K", W, 5, 5))
    assert {a.dest[2] for a in g.legal_moves() if a.piece == "CH" and a.passenger} == {"G", "A"}


def test_R4_8_helicopter_captures_while_carrying():
    g = game(piece("CH", W, 5, 5, hand="right"), piece("DS", W, 5, 5), piece("RP", B, 7, 7))
    assert (7, 7, "G") in dests(g, 5, 5, passenger=True)


def test_R4_2_1_passenger_needs_room_at_destination():
    g = game(piece("CH", W, 5, 5, hand="right"), piece("DS", W, 5, 5), piece("DO", W, 7, 7))
    assert (7, 7, "G") in dests(g, 5, 5, passenger=False)
    assert (7, 7, "G") not in dests(g, 5, 5, passenger=True)


def test_R4_2_5_stunned_piece_cannot_move_nor_be_carried():
    g = game(piece("CH", W, 5, 5, hand="right"), piece("DS", W, 5, 5, stun=2), piece("K", W, 1, 1, stun=1))
    assert dests(g, 5, 5, passenger=True) == set()
    assert dests(g, 1, 1) == set()


# --- R4.9 jet, R4.10 submarine ---------------------------------------------------------------------

def test_R4_9_jet_on_ground_only_takes_off():
    g = game(piece("JE", W, 5, 5))
    assert dests(g, 5, 5) == {(5, 5, "A")}


def test_R4_9_jet_in_air_flies_one_or_two_or_lands():
    g = game(piece("JE", W, 5, 5, "A"))
    expected = {(5, 5, "G")}
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr or dc:
                expected |= {(5 + dr, 5 + dc, "A"), (5 + 2 * dr, 5 + 2 * dc, "A")}
    assert dests(g, 5, 5, "A") == expected


def test_R4_9_jet_two_square_flight_needs_the_air_between_empty():
    g = game(piece("JE", W, 5, 5, "A"), piece("CH", B, 6, 5, "A"))
    d = dests(g, 5, 5, "A")
    assert (7, 5, "A") not in d and (6, 5, "A") not in d  # non-combat: cannot enter the enemy


def test_R4_9_jet_sub_combat_option():
    g = game(piece("JE", W, 5, 5, "A"), piece("CH", B, 6, 5, "A"), piece("CH", B, 7, 7, "A"),
             piece("DS", B, 5, 5), movement="standard_chess", jet_sub_combat=True)
    d = dests(g, 5, 5, "A")
    assert (6, 5, "A") in d        # 1-square flight captures
    assert (7, 7, "A") not in d    # the 2-square flight never does
    assert (5, 5, "G") in d        # landing captures


def test_R4_10_submarine_dives_surfaces_and_steps():
    g = game(piece("SU", W, 5, 5), piece("DS", W, 5, 5))
    assert dests(g, 5, 5, passenger=False, code="SU") == {(5, 5, "S")} | {
        (5 + dr, 5 + dc, "G") for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc}
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 5, "S"), passenger=True, piece="SU"))
    assert {(p.type, p.level) for p in g.pieces_at(5, 5)} == {("SU", "S"), ("DS", "S")}


def test_R4_10_submarine_is_non_combat():
    g = game(piece("SU", W, 5, 5, "S"), piece("SU", B, 5, 6, "S"), piece("DS", B, 5, 5))
    d = dests(g, 5, 5, "S")
    assert (5, 6, "S") not in d and (5, 5, "G") not in d


# --- R4.11 dozer -------------------------------------------------------------------------------------

def test_R4_11_no_partner_no_doze():
    g = game(piece("DO", W, 5, 5), piece("RP", W, 6, 5))
    assert [a for a in g.legal_moves() if a.kind == "doze"] == []


def test_R4_11_doze_groups_and_directions():
    # Dozer + partner, one neighbour square with a pawn: groups {} and {(6,5)}
    g = game(piece("DO", W, 5, 5), piece("SU", W, 5, 5), piece("RP", W, 6, 5))
    dozes = [a for a in g.legal_moves() if a.kind == "doze"]
    empty = {a.dest for a in dozes if a.group == ()}
    # pushing only itself and its partner: 7 directions (forward is blocked by the pawn)
    assert empty == {(5 + dr, 5 + dc, "G") for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (dr or dc) and (dr, dc) != (1, 0)}
    with_pawn = {a.dest for a in dozes if a.group == ((6, 5),)}
    assert len(with_pawn) == 8
    a = find(g, kind="doze", dest=(6, 5, "G"), group=((6, 5),))
    play(g, a)
    assert {p.type for p in g.pieces_at(6, 5)} == {"DO", "SU"}
    assert [p.type for p in g.pieces_at(7, 5)] == ["RP"]


def test_R4_11_at_most_four_dozed_pieces():
    many = [piece("DS", W, 6, c) for c in (4, 5, 6)] + [piece("DO", W, 6, c) for c in (4, 5)]
    g = game(piece("DO", W, 5, 5), piece("SU", W, 5, 5), *many)
    groups = {a.group for a in g.legal_moves() if a.kind == "doze"}
    assert ((6, 4), (6, 5)) in groups or ((6, 4), (6, 6)) in groups
    for grp in groups:
        n = sum(len([p for p in g.pieces_at(r, c) if p.level == "G"]) for r, c in grp)
        assert n <= 4
    assert ((6, 4), (6, 5), (6, 6)) not in groups  # 5 pieces


def test_R4_11_enemy_dozing_option():
    base = (piece("DO", W, 5, 5), piece("SU", W, 5, 5), piece("RP", B, 6, 5))
    g = game(*base)
    assert any(a.group == ((6, 5),) for a in g.legal_moves() if a.kind == "doze")
    g = game(*base, doze_enemies=False)
    assert not any(a.group for a in g.legal_moves() if a.kind == "doze")


def test_R4_11_doze_respects_final_capacity():
    # pushing the pawn at (6,5) north onto (7,5) holding a friendly pawn: two pawns cannot share
    g = game(piece("DO", W, 5, 5), piece("SU", W, 5, 5), piece("RP", W, 6, 5), piece("RP", W, 7, 5))
    assert not any(a.group == ((6, 5),) and a.dest == (6, 5, "G")
                   for a in g.legal_moves() if a.kind == "doze")
    # ... but onto a friendly destroyer (coexists) it can
    g = game(piece("DO", W, 5, 5), piece("SU", W, 5, 5), piece("RP", W, 6, 5), piece("DS", W, 7, 5))
    assert any(a.group == ((6, 5),) and a.dest == (6, 5, "G")
               for a in g.legal_moves() if a.kind == "doze")


def test_R4_11_dozing_clears_the_pawn_home_flag_and_never_captures():
    g = game(piece("DO", W, 1, 5), piece("SU", W, 1, 5), piece("RP", W, 2, 5), piece("K", W, 1, 1),
             piece("K", B, 10, 10))
    play(g, find(g, kind="doze", dest=(1, 6, "G"), group=((2, 5),)))
    assert [p.home for p in g.pieces_at(2, 6)] == [False]
    assert len(g.pieces()) == 5


def test_R4_2_5_stunned_pieces_can_be_dozed_but_a_stunned_dozer_cannot_doze():
    g = game(piece("DO", W, 5, 5), piece("SU", W, 5, 5, stun=2), piece("RP", W, 6, 5, stun=1))
    assert any(a.group == ((6, 5),) for a in g.legal_moves() if a.kind == "doze")
    g = game(piece("DO", W, 5, 5, stun=1), piece("SU", W, 5, 5))
    assert not [a for a in g.legal_moves() if a.kind == "doze"]


# --- R6.5, R11.1 -----------------------------------------------------------------------------------

def test_R11_1_capturing_the_enemy_king_wins_at_end_turn():
    g = game(piece("K", W, 5, 5), piece("K", B, 6, 6), piece("RP", B, 9, 9))
    play(g, find(g, origin=(5, 5, "G"), dest=(6, 6, "G")))
    assert g.result is None  # decided at End Turn
    g.end_turn()
    assert g.result == W
    assert g.legal_actions() == []
    g.undo()
    assert g.result is None


def test_R6_5_no_legal_move_at_the_start_of_the_turn_loses():
    # Black's only piece is a stunned pawn: after White's turn, Black has no Move
    g = game(piece("K", W, 1, 1), piece("K", B, 10, 10, stun=3), piece("RP", W, 9, 9))
    play(g, find(g, origin=(1, 1, "G"), dest=(2, 2, "G")))
    g.end_turn()
    assert g.result == W


def test_identical_pieces_sharing_a_level_give_one_action():
    g = game(piece("DS", W, 5, 5), piece("DS", W, 5, 5))
    assert len(g.legal_moves()) == 8
    g = game(piece("DS", W, 5, 5, articles=["FL"]), piece("DS", W, 5, 5))
    assert len(g.legal_moves()) == 16
