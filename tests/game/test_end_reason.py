"""Why a game ended (`Game.end_reason`), each way of R11 played through the facade."""
from __future__ import annotations

from builders import find, fire, game, piece, play

W, B = "white", "black"


def test_R11_1_a_primary_piece_destroyed_ends_the_game_at_end_turn():
    # the White Tank's Flame of strength 2 beats the Black King's Anti-Flame (R5.3, R7.8)
    g = game(piece("K", W, 1, 1), piece("K", B, 6, 5),
             piece("TA", W, 5, 5, hand="right", articles=["FL"]), piece("RP", W, 2, 2, home=False))
    fire(g, (5, 5, "G"), "FL", (6, 5))
    assert g.end_reason is None  # decided at End Turn only
    play(g, find(g, origin=(2, 2, "G"), dest=(3, 3, "G")))
    g.end_turn()
    assert g.result == W and g.end_reason == "primary destroyed"


def test_R6_5_no_legal_move_at_the_start_of_a_turn_loses():
    # Black's only piece is stunned: it has no Move when its turn starts
    g = game(piece("K", W, 1, 1), piece("K", B, 10, 10, stun=3))
    play(g, find(g, origin=(1, 1, "G"), dest=(2, 2, "G")))
    g.end_turn()
    assert g.result == W and g.end_reason == "no legal move"


def test_R11_2_resignation_and_agreement():
    g = game(piece("K", W, 1, 1), piece("K", B, 10, 10))
    assert g.end_reason is None
    g.resign(B)
    assert g.result == W and g.end_reason == "resignation"
    g = game(piece("K", W, 1, 1), piece("K", B, 10, 10))
    g.agree_draw()
    assert g.result == "draw" and g.end_reason == "agreement"


def test_R11_3_quiet_turns_draw():
    g = game(piece("K", W, 1, 1), piece("K", B, 10, 10), quiet_turn_draw=1)
    play(g, find(g, origin=(1, 1, "G"), dest=(2, 2, "G")))
    g.end_turn()
    assert g.result == "draw" and g.end_reason == "quiet turns"
