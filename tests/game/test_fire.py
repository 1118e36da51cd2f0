"""Fire (RULES.md section 7), each rule set up as a position and played through the facade."""
from __future__ import annotations

import pytest

import wec
from builders import find, fire, game, piece, play

W, B = "white", "black"


def types_at(g: wec.Game, r: int, c: int, level: str = "G") -> list[tuple[str, str]]:
    return sorted((p.type, p.color) for p in g.pieces_at(r, c, level))


def kings(**extra):
    return (piece("K", W, 1, 1), piece("K", B, 10, 10))


# --- R7.1 flame ------------------------------------------------------------------------------------

def test_R7_1_flame_hits_every_piece_at_the_firers_level_within_range():
    g = game(*kings(), piece("TA", W, 5, 5, hand="right"), piece("DS", B, 6, 5), piece("DO", B, 6, 5),
             piece("RP", B, 7, 5), piece("RP", B, 8, 5), piece("CH", B, 6, 5, "A", hand="left"))
    fire(g, (5, 5, "G"), "FL", (6, 5))
    assert types_at(g, 6, 5) == []              # both pieces of the first square
    assert types_at(g, 7, 5) == []              # distance 2 = flame range
    assert types_at(g, 8, 5) == [("RP", B)]     # beyond the range
    assert types_at(g, 6, 5, "A") == [("CH", B)]  # another level is untouched


def test_R7_1_flame_range_option():
    g = game(*kings(), piece("TA", W, 5, 5, hand="right"), piece("RP", B, 7, 5), flame_range=1)
    fire(g, (5, 5, "G"), "FL", (6, 5))
    assert types_at(g, 7, 5) == [("RP", B)]


def test_R7_0_R11_1_a_king_killed_by_its_own_sides_flame_loses():
    # the King's inherent Anti-Flame stops one hit; a tank carrying a second flamer fires
    # with strength 2 (R5.3, R7.8) and kills its own King (fratricide, R7.0)
    g = game(piece("K", W, 6, 5), piece("K", B, 10, 10),
             piece("TA", W, 5, 5, hand="right", articles=["FL"]), piece("RP", W, 2, 2, home=False))
    fire(g, (5, 5, "G"), "FL", (6, 5))
    assert g.result is None and types_at(g, 6, 5) == []
    play(g, find(g, origin=(2, 2, "G"), dest=(3, 3, "G")))
    g.end_turn()
    assert g.result == B


# --- R7.8 defence stacking ----------------------------------------------------------------------

def test_R7_8_one_anti_stops_one_hit():
    g = game(*kings(), piece("TA", W, 5, 5, hand="right"), piece("RP", B, 6, 5, articles=["AFL"]))
    fire(g, (5, 5, "G"), "FL", (6, 5))
    assert types_at(g, 6, 5) == [("RP", B)]


def test_R7_8_two_hits_beat_one_anti():
    # two flames the same turn from two tanks: the second hit exceeds the one Anti-Flame
    g = game(*kings(), piece("TA", W, 5, 5, hand="right"), piece("TA", W, 6, 3, hand="right"),
             piece("RP", B, 6, 5, articles=["AFL"]))
    fire(g, (5, 5, "G"), "FL", (6, 5))
    assert types_at(g, 6, 5) == [("RP", B)]
    fire(g, (6, 3, "G"), "FL", (6, 4))
    assert types_at(g, 6, 5) == []


def test_R7_8_R5_3_strength_two_beats_one_anti_in_one_fire():
    # a flame pawn has inherent FL; carrying a second FL its Fire has strength 2
    g = game(*kings(), piece("FP", W, 5, 5, articles=["FL"], home=False),
             piece("RP", B, 6, 5, articles=["AFL"]))
    fire(g, (5, 5, "G"), "FL", (6, 5))
    assert types_at(g, 6, 5) == []


def test_R7_8_hit_counts_clear_at_end_turn():
    g = game(*kings(), piece("TA", W, 5, 5, hand="right"), piece("RP", W, 2, 2, home=False),
             piece("TA", W, 6, 3, hand="right"), piece("RP", B, 6, 5, articles=["AFL"]))
    fire(g, (5, 5, "G"), "FL", (6, 5))
    play(g, find(g, origin=(2, 2, "G"), dest=(3, 3, "G")))
    g.end_turn()
    play(g, find(g, origin=(10, 10, "G"), dest=(9, 9, "G")))
    g.end_turn()
    fire(g, (6, 3, "G"), "FL", (6, 4))  # one hit this turn: stopped again
    assert types_at(g, 6, 5) == [("RP", B)]


# --- R7.2 rate of fire --------------------------------------------------------------------------

def test_R7_2_flame_rate_counts_the_firing_turn():
    g = game(*kings(), piece("TA", W, 5, 5, hand="right"), piece("RP", W, 2, 2, home=False))
    fire(g, (5, 5, "G"), "FL", (6, 5))
    can_fire = []
    for _ in range(4):
        play(g, [a for a in g.legal_moves() if a.piece == "RP"][0])
        g.end_turn()
        play(g, [a for a in g.legal_moves() if a.piece == "K"][0])
        g.end_turn()
        can_fire.append(any(a.kind == "fire" and a.article == "FL" for a in g.legal_actions()))
    # rate 4, the firing turn counting as one: White's next 3 turns are blocked, the 4th fires
    assert can_fire == [False, False, False, True]


def test_R7_2_the_count_down_travels_with_the_article():
    g = game(*kings(), piece("RP", W, 5, 5, articles=["FL"], home=False),
             piece("RP", W, 5, 6, home=False))
    fire(g, (5, 5, "G"), "FL", (6, 5))
    play(g, find(g, kind="exchange", origin=(5, 5, "G"), article="FL"))
    receiver = [p for p in g.pieces_at(5, 6) if p.type == "RP"][0]
    assert receiver.cooldowns == {"FL": 4}
    assert not any(a.kind == "fire" and a.article == "FL" for a in g.legal_actions())


# --- R7.3 stunner -------------------------------------------------------------------------------

def test_R7_3_stunner_hits_the_first_occupied_square_only():
    g = game(*kings(), piece("SP", W, 2, 5), piece("RP", B, 6, 5), piece("RP", B, 7, 5))
    fire(g, (2, 5, "G"), "ST", (3, 5))
    assert [p.stun for p in g.pieces_at(6, 5)] == [3]
    assert [p.stun for p in g.pieces_at(7, 5)] == [0]


def test_R7_3_both_stunners_of_a_piece_fire_together():
    # inherent ST + carried ST = strength 2, beating one Anti-Stunner (R6.2, R5.3, R7.8)
    g = game(*kings(), piece("SP", W, 2, 5, articles=["ST"]), piece("RP", B, 6, 5, articles=["AST"]))
    fire(g, (2, 5, "G"), "ST", (3, 5))
    assert [p.stun for p in g.pieces_at(6, 5)] == [3]
    sp = [p for p in g.pieces_at(2, 5) if p.type == "SP"][0]
    assert sp.cooldowns == {"ST": 2}  # both are cooling down


def test_R7_3_1_stunned_piece_cannot_move_fire_or_pick_up():
    g = game(*kings(), piece("SP", W, 2, 5), piece("TA", B, 6, 5, hand="left"), to_move=W,
             articles=(("SH", (6, 5)),))
    fire(g, (2, 5, "G"), "ST", (3, 5))
    play(g, find(g, origin=(1, 1, "G"), dest=(2, 2, "G")))
    g.end_turn()
    acting = {(a.kind, a.origin) for a in g.legal_actions() if a.origin == (6, 5, "G")}
    assert acting == set()


def test_R7_3_2_stun_counts_down_at_the_owners_end_turn_and_never_stacks():
    g = game(*kings(), piece("SP", W, 2, 5), piece("SP", W, 2, 6), piece("RP", B, 6, 5),
             piece("RP", B, 6, 6))
    fire(g, (2, 5, "G"), "ST", (3, 5))
    play(g, find(g, origin=(1, 1, "G"), dest=(2, 2, "G")))
    g.end_turn()                      # White's End Turn: Black's count stays
    assert [p.stun for p in g.pieces_at(6, 5)] == [3]
    play(g, find(g, origin=(10, 10, "G"), dest=(9, 9, "G")))
    g.end_turn()                      # Black's End Turn: 3 -> 2
    assert [p.stun for p in g.pieces_at(6, 5)] == [2]


def test_R7_3_1_a_new_stun_resets_to_the_option_value():
    g = game(*kings(), piece("SP", W, 2, 5), piece("RP", B, 6, 5, stun=1), stun_turns=3)
    fire(g, (2, 5, "G"), "ST", (3, 5))
    assert [p.stun for p in g.pieces_at(6, 5)] == [3]


def test_R7_3_3_drop_ring_in_a_corner_with_full_squares():
    # Black's XP at (1,1) (White's corner) is stunned; seen from Black, forward is row-1 (off),
    # left is col+1. Ring order from (1,1): (1,1) itself, then ring 1: FL (0,2) off, F (0,1) off,
    # FR (0,0) off, L (1,2), R (1,0) off, BL (2,2), B (2,1), BR (2,0) off; then ring 2 ...
    g = game(piece("K", W, 5, 1), piece("K", B, 10, 10),
             piece("SP", W, 4, 1), piece("XP", B, 1, 1, articles=["FL", "RL"]),
             piece("DS", B, 1, 2, articles=["XXX", "CS", "TL"]),
             articles=(("SH", (1, 1)), ("ST", (1, 1)), ("SH", (1, 2)), ("ST", (1, 2)),
                       ("ASH", (2, 2))), to_move=W)
    fire(g, (4, 1, "G"), "ST", (3, 1))
    assert g.articles_at(1, 1) == ("SH", "ST")      # full already
    assert g.articles_at(1, 2) == ("SH", "ST")      # L: full
    assert sorted(g.articles_at(2, 2)) == ["ASH", "FL"]  # BL: one free place
    assert g.articles_at(2, 1) == ("RL",)           # B
    assert [p.articles for p in g.pieces_at(1, 1)] == [()]
    assert g.check() == []


def test_R7_3_3_drop_ring_on_an_edge_seen_from_white():
    # White's RP at (5,10) (right edge) with an XXX and two articles, its own square full:
    # ring 1 for White: FL (6,9), F (6,10), FR (6,11) off, L (5,9), R off, BL (4,9), B (4,10) ...
    g = game(piece("K", W, 1, 1), piece("K", B, 10, 1), piece("SP", B, 9, 10),
             piece("RP", W, 5, 10, articles=["XXX", "FL", "SL"], home=False),
             articles=(("SH", (5, 10)), ("ST", (5, 10)), ("ASH", (6, 9)), ("TL", (6, 9))),
             to_move=B)
    fire(g, (9, 10, "G"), "ST", (8, 10))
    assert sorted(g.articles_at(6, 9)) == ["ASH", "TL"]  # full, skipped
    drops = {sq: g.articles_at(*sq) for sq in ((6, 10), (5, 9), (4, 9))}
    assert [len(v) for v in drops.values()] == [2, 1, 0]
    assert sorted(drops[(6, 10)] + drops[(5, 9)]) == ["FL", "SL", "XXX"]


def test_R7_3_4_a_stunned_jump_pack_traveller_falls():
    g = game(*kings(), piece("RP", W, 3, 3, articles=["JP"], home=False),
             piece("CH", B, 4, 8, "A", hand="left"))
    fire(g, (3, 3, "G"), "JU", (8, 3), path="beeline")
    assert [(p.row, p.col, p.level) for p in g.pieces() if p.journey] == [(4, 3, "A")]
    play(g, find(g, origin=(1, 1, "G"), dest=(2, 2, "G")))
    g.end_turn()
    # the Black helicopter's stunner acts in the Air: the first Air piece west is the traveller
    fire(g, (4, 8, "A"), "ST", (4, 7))
    rp = [p for p in g.pieces() if p.type == "RP"][0]
    assert (rp.row, rp.col, rp.level, rp.stun, rp.journey, rp.articles) == (4, 3, "G", 3, None, ())
    assert g.articles_at(4, 3) == ("JP",)
    assert g.check() == []


# --- R7.5 conversion ----------------------------------------------------------------------------

def test_R7_5_conversion_changes_sides_with_articles():
    g = game(*kings(), piece("CP", W, 5, 5, home=False), piece("RP", B, 6, 5, articles=["FL"], stun=0))
    fire(g, (5, 5, "G"), "CS", (6, 5))
    assert [(p.type, p.color, p.articles) for p in g.pieces_at(6, 5)] == [("RP", W, ("FL",))]


def test_R7_5_conversion_does_not_touch_own_pieces():
    g = game(*kings(), piece("CP", W, 5, 5, home=False), piece("DS", W, 6, 5), piece("DO", B, 6, 5))
    fire(g, (5, 5, "G"), "CS", (6, 5))
    assert types_at(g, 6, 5) == [("DO", W), ("DS", W)]


def test_R7_5_partial_conversion_on_ground_leaves_a_mixed_pair():
    g = game(*kings(), piece("CP", W, 5, 5, home=False), piece("DS", B, 6, 5, articles=["ACS"]),
             piece("DO", B, 6, 5))
    fire(g, (5, 5, "G"), "CS", (6, 5))
    assert types_at(g, 6, 5) == [("DO", W), ("DS", B)]
    assert g.check() == []
    # R3.2: nobody may enter that level while the mixed pair exists
    g2 = wec.Game.from_position(g.position())
    assert all(a.dest != (6, 5, "G") for a in g2.legal_moves())


def test_R7_5_conversion_kill_of_a_passenger():
    # a Black CH in the Air carries a Black RP; a White CP (itself carried in the Air, since
    # conversion acts at the firer's level) converts the carrier only (the passenger has an
    # Anti-Conversion): the passenger is destroyed
    g = game(*kings(), piece("CH", W, 5, 5, "A", hand="left"),
             piece("CP", W, 5, 5, "A", home=False),
             piece("CH", B, 6, 5, "A", hand="left"), piece("RP", B, 6, 5, "A", articles=["ACS"]))
    fire(g, (5, 5, "A"), "CS", (6, 5))
    assert types_at(g, 6, 5, "A") == [("CH", W)]
    assert g.articles_at(6, 5) == ("ACS",)  # the passenger's article drops by the ring
    assert g.check() == []


def test_R7_5_R11_1_converting_the_enemy_king_wins():
    g = game(piece("K", W, 1, 1), piece("K", B, 6, 5), piece("CP", W, 5, 5, home=False),
             piece("RP", W, 2, 2, home=False))
    fire(g, (5, 5, "G"), "CS", (6, 5))
    play(g, find(g, origin=(2, 2, "G"), dest=(3, 3, "G")))
    g.end_turn()
    assert g.result == W


# --- R7.6, R7.7 projectiles -------------------------------------------------------------------

def test_R7_7_rocket_flies_one_square_each_end_turn_and_hits():
    g = game(*kings(), piece("RP", W, 2, 5), piece("DS", B, 6, 5))
    fire(g, (2, 5, "G"), "RL", (3, 5))
    assert [(p.kind, p.square) for p in g.projectiles()] == [("RL", (3, 5))]
    play(g, find(g, origin=(1, 1, "G"), dest=(2, 2, "G")))
    g.end_turn()
    assert [p.square for p in g.projectiles()] == [(4, 5)]
    play(g, find(g, origin=(10, 10, "G"), dest=(9, 9, "G")))
    g.end_turn()
    assert [p.square for p in g.projectiles()] == [(5, 5)]
    play(g, find(g, origin=(2, 2, "G"), dest=(3, 3, "G")))
    g.end_turn()
    assert g.projectiles() == [] and types_at(g, 6, 5) == []


def test_R7_7_a_piece_that_moves_into_a_projectile_is_hit():
    g = game(*kings(), piece("RP", W, 2, 5), piece("DS", B, 4, 6))
    fire(g, (2, 5, "G"), "RL", (3, 5))
    play(g, find(g, origin=(1, 1, "G"), dest=(2, 2, "G")))
    g.end_turn()
    play(g, find(g, origin=(4, 6, "G"), dest=(4, 5, "G")))  # the rocket is at (4,5)
    assert types_at(g, 4, 5) == [] and g.projectiles() == []


def test_R7_7_projectile_leaving_the_board_is_gone():
    g = game(*kings(), piece("RP", W, 9, 5, home=False))
    fire(g, (9, 5, "G"), "RL", (10, 5))
    play(g, find(g, origin=(1, 1, "G"), dest=(2, 2, "G")))
    g.end_turn()
    assert g.projectiles() == []


def test_R7_6_created_on_an_occupied_square_hits_at_once():
    g = game(*kings(), piece("RP", W, 2, 5), piece("DS", B, 3, 5))
    fire(g, (2, 5, "G"), "RL", (3, 5))
    assert types_at(g, 3, 5) == [] and g.projectiles() == []


def test_R7_6_R7_7_homing_sam_follows_a_jet_then_turns_directional_when_it_lands():
    # White AAA (inherent SL) at (3,3); Black JE in the Air at (5,5), within homing range 3
    g = game(*kings(), piece("AAA", W, 3, 3), piece("JE", B, 6, 6, "A"), piece("RP", W, 2, 9, home=False))
    fire(g, (3, 3, "G"), "SL", (6, 6, "A"), target=(6, 6, "A"))
    assert [(p.square, p.target) for p in g.projectiles()] == [((4, 4), (6, 6, "A"))]
    play(g, [a for a in g.legal_moves() if a.piece == "RP"][0])
    g.end_turn()                                   # SAM -> (5,5)
    # Black's jet flies away two squares to (6,8): the SAM follows it
    play(g, find(g, origin=(6, 6, "A"), dest=(6, 8, "A")))
    g.end_turn()                                   # SAM -> (6,6), towards (6,8)
    assert [(p.square, p.direction) for p in g.projectiles()] == [((6, 6), (1, 1))]
    play(g, [a for a in g.legal_moves() if a.piece == "RP"][0])
    g.end_turn()                                   # SAM -> (6,7)
    assert [p.square for p in g.projectiles()] == [(6, 7)]
    play(g, find(g, origin=(6, 8, "A"), dest=(6, 8, "G")))  # the jet lands: target lost
    g.end_turn()                                   # directional along its last step (0,1)
    assert [(p.square, p.target, p.direction) for p in g.projectiles()] == [((6, 8), None, (0, 1))]
    assert types_at(g, 6, 8) == [("JE", B)]        # on the Ground, below the SAM


def test_R7_9_jet_rocket_hits_the_ground_directly_below():
    g = game(*kings(), piece("JE", W, 5, 5, "A"), piece("DS", B, 5, 5), piece("DO", B, 5, 5))
    fire(g, (5, 5, "A"), "RL", target=(5, 5, "G"), other="DS(5,5)")
    assert types_at(g, 5, 5) == []  # the rocket hits every piece at that Ground


def test_R7_9_jet_rocket_needs_an_enemy_within_its_range():
    g = game(*kings(), piece("JE", W, 5, 5, "A"), piece("DS", B, 5, 6))
    assert not any(a.kind == "fire" and a.article == "RL" for a in g.legal_actions())
    g = game(*kings(), piece("JE", W, 5, 5, "A"), piece("DS", B, 5, 6), jet_rocket_range=1)
    assert any(a.kind == "fire" and a.article == "RL" for a in g.legal_actions())


def test_R6_1_history_lists_fires_and_results():
    g = game(*kings(), piece("TA", W, 5, 5, hand="right"), piece("RP", B, 6, 5))
    fire(g, (5, 5, "G"), "FL", (6, 5))
    play(g, find(g, origin=(1, 1, "G"), dest=(2, 2, "G")))
    g.end_turn()
    assert g.history() == ["MV:K(1,1)->(2,2),FI1:FL/TA(5,5)>->(6,5),RS:FK*RP(6,5)B"]


# --- R9.1 transport from a carrier ---------------------------------------------------------------

def test_R9_1_transport_from_a_carrier_option():
    pieces = (*kings(), piece("CH", W, 5, 5, "A", hand="left"),
              piece("RP", W, 5, 5, "A", articles=["JP"], home=False))
    g = game(*pieces)
    assert not [a for a in g.legal_actions() if a.kind == "fire" and a.article == "JU"]
    g = game(*pieces, transport_from_carrier=True)
    fire(g, (5, 5, "A"), "JU", (8, 5), path="beeline")
    rp = [p for p in g.pieces() if p.type == "RP"][0]
    assert (rp.row, rp.col, rp.level, rp.journey) == (6, 5, "A", ("JP", (8, 5), "beeline"))
    assert types_at(g, 5, 5, "A") == [("CH", W)]
