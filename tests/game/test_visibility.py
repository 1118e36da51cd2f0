"""Visibility (RULES.md section 10), hidden enemies (R4.2.3, R10.7), observations (R10.6) and
competitive mode (R12.3), each set up as a position and played through the facade.

The readings follow docs/ENGINE-NOTES.md "Hidden information"."""
from __future__ import annotations

import json

import pytest

import wec
from builders import find, fire, game, piece, play

W, B = "white", "black"


# --- helpers -------------------------------------------------------------------------------------

def sees(g: wec.Game, color: str, r: int, c: int, level: str = "G") -> list[tuple[str, str]]:
    """(type, colour) of the pieces `color` sees at that level of that square."""
    return sorted((p.type, p.color) for p in g.can_see(color, r, c, level))


def types_at(g: wec.Game, r: int, c: int, level: str = "G") -> list[tuple[str, str]]:
    """(type, colour) of every piece there (the truth, not a side's view)."""
    return sorted((p.type, p.color) for p in g.pieces_at(r, c, level))


def locks_of(g: wec.Game, r: int, c: int, level: str = "G", code: str | None = None):
    """The pieces the Anti-Stealths of the piece at (r, c, level) are locked on, as
    (type, row, col) or None, from the position format's `locks` (R10.2)."""
    pos = g.position()
    pieces = pos["pieces"]
    mine = [p for p in pieces if p["square"] == [r, c] and p["level"] == level
            and code in (None, p["type"])]
    assert len(mine) == 1, mine
    return [None if t is None else (pieces[t]["type"], *pieces[t]["square"])
            for t in mine[0]["locks"]]


def pickup(g: wec.Game, origin, article: str) -> None:
    play(g, find(g, kind="pickup", origin=origin, article=article))


def pass_turn(g: wec.Game) -> None:
    """The side to move moves its King one step (the first listed) and ends its turn."""
    k = next(a for a in g.legal_moves() if a.piece == "K" and a.kind == "move")
    play(g, k)
    g.end_turn()


def kings():
    return (piece("K", W, 1, 1), piece("K", B, 10, 10))


# --- R10.0 invisible pieces option ---------------------------------------------------------------

def hidden_enemies():
    return (*kings(), piece("AAA", B, 5, 5), piece("RP", B, 6, 3, articles=["SH"]),
            piece("SU", B, 6, 6, "S"))


def test_R10_0_with_invisible_pieces_stealthy_and_submerged_enemies_are_hidden():
    g = game(*hidden_enemies())
    assert sees(g, W, 5, 5) == [] and sees(g, W, 6, 3) == [] and sees(g, W, 6, 6, "S") == []


def test_R10_0_invisible_pieces_off_makes_every_piece_visible():
    g = game(*hidden_enemies(), invisible_pieces=False)
    assert sees(g, W, 5, 5) == [("AAA", B)]
    assert sees(g, W, 6, 3) == [("RP", B)]
    assert sees(g, W, 6, 6, "S") == [("SU", B)]


# --- R10.1 stealth -------------------------------------------------------------------------------

def test_R10_1_stealthy_enemies_are_invisible_a_piece_without_stealth_is_visible():
    g = game(*kings(), piece("RP", B, 5, 5, articles=["SH"]), piece("AAA", B, 5, 7),
             piece("SHP", B, 7, 3), piece("RP", B, 6, 1), piece("XP", B, 7, 8, articles=["ASH"]))
    assert sees(g, W, 5, 5) == []            # SH article
    assert sees(g, W, 5, 7) == []            # AAA: inherent SH
    assert sees(g, W, 7, 3) == []            # SHP: inherent SH
    assert sees(g, W, 6, 1) == [("RP", B)]   # no stealth
    assert sees(g, W, 7, 8) == [("XP", B)]   # an Anti-Stealth is not stealth
    # a side always sees its own pieces
    assert sees(g, B, 5, 5) == [("RP", B)] and sees(g, B, 5, 7) == [("AAA", B)]
    assert sees(g, B, 7, 3) == [("SHP", B)]


def test_R10_1_R8_1_a_king_cannot_pick_up_stealth():
    # a DS shares the King's square: the Stealth lying there is open to it, not to the King
    g = game(piece("K", W, 3, 3), piece("DS", W, 3, 3), piece("K", B, 10, 10),
             articles=(("SH", (3, 3)),))
    pickups = {(a.piece, a.article) for a in g.legal_actions() if a.kind == "pickup"}
    assert ("DS", "SH") in pickups and ("K", "SH") not in pickups


def test_R10_1_R8_1_a_king_may_not_start_with_stealth_without_the_option():
    with pytest.raises(wec.PositionError):
        game(piece("K", W, 3, 3, articles=["SH"]), piece("K", B, 10, 10))


def test_R10_1_with_stealthy_primary_a_king_holding_stealth_is_hidden():
    g = game(piece("K", W, 3, 3), piece("K", B, 10, 10), articles=(("SH", (3, 3)),),
             stealthy_primary=True)
    assert sees(g, B, 3, 3) == [("K", W)]
    pickup(g, (3, 3, "G"), "SH")
    assert sees(g, B, 3, 3) == []
    assert sees(g, W, 3, 3) == [("K", W)]


# --- R10.2 lock-on -------------------------------------------------------------------------------

def test_R10_2_R2_5_standard_set_up_the_stealth_pawns_are_locked_on_each_other():
    g = wec.Game.new()
    # White sees Black's Stealth Pawn (9,6) but neither Black AAA (9,3), (9,8)
    assert ("SHP", B) in sees(g, W, 9, 6)
    assert ("AAA", B) not in sees(g, W, 9, 3) and ("AAA", B) not in sees(g, W, 9, 8)
    assert sees(g, W, 9, 3) == [("FP", B)]
    # and Black sees White's (2,5) but not the AAAs (2,3), (2,8)
    assert ("SHP", W) in sees(g, B, 2, 5)
    assert sees(g, B, 2, 3) == [("FP", W)] and sees(g, B, 2, 8) == [("FP", W)]
    assert locks_of(g, 2, 5) == [("SHP", 9, 6)]
    assert locks_of(g, 9, 6) == [("SHP", 2, 5)]


def test_R10_2_picking_up_an_anti_stealth_locks_on_the_nearest_invisible_stealthy_enemy():
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", B, 8, 8), piece("AAA", B, 7, 4),
             piece("RP", B, 6, 6), articles=(("ASH", (5, 5)),))
    assert sees(g, W, 7, 4) == [] and sees(g, W, 8, 8) == []
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [("AAA", 7, 4)]       # distance 2 before distance 3
    assert sees(g, W, 7, 4) == [("AAA", B)]
    assert sees(g, W, 8, 8) == []


def test_R10_2_tie_break_lower_row_for_white():
    # both at distance 2; White counts rows from its side: row 3 before row 7
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", B, 7, 5), piece("AAA", B, 3, 5),
             articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [("AAA", 3, 5)]
    assert sees(g, W, 3, 5) == [("AAA", B)] and sees(g, W, 7, 5) == []


def test_R10_2_tie_break_lower_column_for_white():
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", B, 7, 7), piece("AAA", B, 7, 3),
             articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [("AAA", 7, 3)]
    assert sees(g, W, 7, 3) == [("AAA", B)] and sees(g, W, 7, 7) == []


def test_R10_2_tie_break_lower_row_as_black_counts_it():
    # Black's row 1 is row 10: (7,5) is its row 4, (3,5) its row 8
    g = game(*kings(), piece("RP", B, 5, 5), piece("AAA", W, 3, 5), piece("AAA", W, 7, 5),
             articles=(("ASH", (5, 5)),), to_move=B)
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [("AAA", 7, 5)]
    assert sees(g, B, 7, 5) == [("AAA", W)] and sees(g, B, 3, 5) == []


def test_R10_2_tie_break_lower_column_as_black_counts_it():
    # Black's column 1 is column 10: (3,7) is its column 4, (3,3) its column 8
    g = game(*kings(), piece("RP", B, 5, 5), piece("AAA", W, 3, 3), piece("AAA", W, 3, 7),
             articles=(("ASH", (5, 5)),), to_move=B)
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [("AAA", 3, 7)]
    assert sees(g, B, 3, 7) == [("AAA", W)] and sees(g, B, 3, 3) == []


def test_R10_2_distance_comes_before_the_tie_break():
    # (6,6) is at distance 1 but on a higher row and column than (3,3) at distance 2
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", B, 3, 3), piece("AAA", B, 6, 6),
             articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [("AAA", 6, 6)]


def test_R10_2_the_locked_piece_is_visible_to_the_lockers_side_only():
    # the lock makes the Black AAA visible to White; White's own stealthy AAA stays hidden
    # from Black (a lock is one-sided)
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", W, 5, 6), piece("AAA", B, 7, 5),
             articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    assert sees(g, W, 7, 5) == [("AAA", B)]
    assert sees(g, B, 7, 5) == [("AAA", B)]
    assert sees(g, B, 5, 6) == []
    assert [p for p in g.observation(B).pieces(W) if p.type == "AAA"] == []


def test_R10_2_the_lock_holds_after_the_target_moves_far_away():
    # the Black right tank (9,9), 2 king steps from the locker, goes to (2,6): 5 steps away
    g = game(*kings(), piece("RP", W, 7, 7), piece("TA", B, 9, 9, hand="right", articles=["SH"]),
             articles=(("ASH", (7, 7)),))
    pickup(g, (7, 7, "G"), "ASH")
    assert sees(g, W, 9, 9) == [("TA", B)]
    pass_turn(g)
    play(g, find(g, origin=(9, 9, "G"), dest=(2, 6, "G")))
    g.end_turn()
    assert sees(g, W, 2, 6) == [("TA", B)]
    assert locks_of(g, 7, 7) == [("TA", 2, 6)]
    pass_turn(g)
    assert sees(g, W, 2, 6) == [("TA", B)]


def test_R10_2_the_lock_ends_when_the_anti_stealth_is_dropped():
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", B, 7, 5), articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    assert sees(g, W, 7, 5) == [("AAA", B)]
    play(g, find(g, kind="drop", origin=(5, 5, "G"), article="ASH"))
    assert sees(g, W, 7, 5) == []


def test_R10_2_the_lock_ends_when_the_anti_stealth_is_exchanged_away():
    # the giver (5,5) locks on (7,7) (distance 2; (5,2) is at 3). Given to the DS at (5,4),
    # the Anti-Stealth locks anew from there: (5,2) at distance 2, (7,7) at 3
    g = game(*kings(), piece("RP", W, 5, 5), piece("DS", W, 5, 4), piece("AAA", B, 7, 7),
             piece("AAA", B, 5, 2), articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [("AAA", 7, 7)]
    play(g, find(g, kind="exchange", origin=(5, 5, "G"), article="ASH", target=(5, 4, "G")))
    assert locks_of(g, 5, 5) == []
    assert locks_of(g, 5, 4) == [("AAA", 5, 2)]
    assert sees(g, W, 7, 7) == []
    assert sees(g, W, 5, 2) == [("AAA", B)]


def test_R10_2_the_lock_ends_when_the_target_loses_its_stealth():
    # the target drops its Stealth and picks it up again: the lock is gone for good
    g = game(*kings(), piece("RP", W, 5, 5), piece("TA", B, 7, 5, hand="right", articles=["SH"]),
             articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    pass_turn(g)
    play(g, find(g, kind="drop", origin=(7, 5, "G"), article="SH"))
    assert locks_of(g, 5, 5) == [None]
    assert sees(g, W, 7, 5) == [("TA", B)]   # not stealthy now
    pickup(g, (7, 5, "G"), "SH")
    assert sees(g, W, 7, 5) == []
    assert locks_of(g, 5, 5) == [None]


def test_R10_2_the_lock_ends_when_the_locker_is_destroyed():
    # a Black flame tank burns the locker; its Anti-Stealth drops (R4.2.4) and the lock ends
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", B, 8, 8),
             piece("TA", B, 5, 7, hand="right"), articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    assert sees(g, W, 8, 8) == [("AAA", B)]
    pass_turn(g)
    fire(g, (5, 7, "G"), "FL", (5, 6))
    assert types_at(g, 5, 5) == []
    assert sees(g, W, 8, 8) == []
    assert "ASH" in g.articles_at(5, 5)                     # the Anti-Stealth drops (R4.2.4)


def test_R10_2_the_lock_ends_when_the_target_is_destroyed():
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", B, 7, 5),
             piece("TA", W, 7, 3, hand="right"), articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [("AAA", 7, 5)]
    fire(g, (7, 3, "G"), "FL", (7, 4))  # the AAA at distance 2 burns
    assert types_at(g, 7, 5) == []
    assert locks_of(g, 5, 5) == [None]


def test_R10_2_the_lock_ends_when_the_locker_is_converted():
    # a Black Conversion Pawn converts the locker: the Black AAA is hidden from White again
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", B, 8, 8), piece("CP", B, 6, 5),
             articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    assert sees(g, W, 8, 8) == [("AAA", B)]
    pass_turn(g)
    fire(g, (6, 5, "G"), "CS", (5, 5))
    assert types_at(g, 5, 5) == [("RP", B)]
    assert sees(g, W, 8, 8) == []
    assert locks_of(g, 5, 5) == [None]


def test_R10_2_the_lock_ends_when_the_target_is_converted():
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", B, 7, 5), piece("CP", W, 6, 5),
             articles=(("ASH", (5, 5)),))
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [("AAA", 7, 5)]
    fire(g, (6, 5, "G"), "CS", (7, 5))
    assert types_at(g, 7, 5) == [("AAA", W)]
    assert locks_of(g, 5, 5) == [None]


def test_R10_2_a_second_anti_stealth_locks_on_the_next_nearest_still_invisible_piece():
    # the first lock takes (6,6); the second picker at (5,6) is nearer to (6,6) (distance 1)
    # than to (7,8) (distance 2), but (6,6) is visible already
    g = game(*kings(), piece("RP", W, 5, 5), piece("FP", W, 5, 6), piece("AAA", B, 6, 6),
             piece("AAA", B, 7, 8), articles=(("ASH", (5, 5)), ("ASH", (5, 6))))
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [("AAA", 6, 6)]
    assert sees(g, W, 7, 8) == []
    pass_turn(g)
    pass_turn(g)
    pickup(g, (5, 6, "G"), "ASH")
    assert locks_of(g, 5, 6) == [("AAA", 7, 8)]
    assert sees(g, W, 6, 6) == [("AAA", B)] and sees(g, W, 7, 8) == [("AAA", B)]


def test_R10_2_a_lock_on_nothing_stays_empty():
    # no stealthy enemy when the Anti-Stealth is picked up: nothing is locked, and a piece that
    # becomes stealthy later is not locked afterwards (a lock is made only when an ASH is got)
    g = game(*kings(), piece("RP", W, 5, 5), piece("RP", B, 7, 5, home=False),
             articles=(("ASH", (5, 5)), ("SH", (7, 5))))
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [None]
    pass_turn(g)
    assert sees(g, W, 7, 5) == [("RP", B)]
    pickup(g, (7, 5, "G"), "SH")
    assert sees(g, W, 7, 5) == []
    assert locks_of(g, 5, 5) == [None]


def test_R10_2_lock_on_off_no_lock():
    g = game(*kings(), piece("RP", W, 5, 5), piece("AAA", B, 7, 5), articles=(("ASH", (5, 5)),),
             lock_on=False)
    pickup(g, (5, 5, "G"), "ASH")
    assert locks_of(g, 5, 5) == [None]
    assert sees(g, W, 7, 5) == []


# --- R10.3 range detection -----------------------------------------------------------------------

def detect_position(**options):
    return game(*kings(), piece("RP", W, 5, 5, articles=["ASH"]), piece("AAA", B, 8, 5),
                piece("AAA", B, 9, 1), **options)


def test_R10_3_range_detection_is_off_by_default():
    g = detect_position()
    assert sees(g, W, 8, 5) == [] and sees(g, W, 9, 1) == []


def test_R10_3_range_detection_sees_stealthy_enemies_within_the_detect_range():
    g = detect_position(range_detection=True)
    assert sees(g, W, 8, 5) == [("AAA", B)]   # 3 king steps
    assert sees(g, W, 9, 1) == []              # 4 king steps


def test_R10_3_stealth_detect_range_option():
    g = detect_position(range_detection=True, stealth_detect_range=4)
    assert sees(g, W, 9, 1) == [("AAA", B)]
    g = detect_position(range_detection=True, stealth_detect_range=2)
    assert sees(g, W, 8, 5) == []


def test_R10_3_an_inherent_anti_stealth_detects_too():
    g = game(*kings(), piece("SHP", W, 5, 5, home=False), piece("AAA", B, 7, 7),
             range_detection=True)
    assert sees(g, W, 7, 7) == [("AAA", B)]


def test_R10_3_range_detection_follows_the_pieces():
    g = game(*kings(), piece("RP", W, 5, 5, articles=["ASH"]), piece("AAA", B, 8, 6),
             range_detection=True, to_move=B)
    assert sees(g, W, 8, 6) == [("AAA", B)]
    play(g, find(g, origin=(8, 6, "G"), dest=(9, 6, "G")))
    assert sees(g, W, 9, 6) == []


# --- R10.4 submersion ----------------------------------------------------------------------------

@pytest.mark.parametrize("holder", [
    piece("DS", W, 8, 5),
    piece("SU", W, 8, 5),
    piece("SOP", W, 8, 5, home=False),
    piece("RP", W, 8, 5, articles=["TL"]),
], ids=["DS", "SU", "SOP", "TL-article"])
def test_R10_4_a_submerged_piece_is_seen_within_sonar_range_of_a_torpedo_launcher(holder):
    g = game(*kings(), piece("SU", B, 5, 5, "S"), holder)
    assert sees(g, W, 5, 5, "S") == [("SU", B)]          # 3 king steps


@pytest.mark.parametrize("holder", [
    piece("DS", W, 9, 5),
    piece("RP", W, 8, 5),                                  # no torpedo launcher
], ids=["DS-at-4", "no-TL"])
def test_R10_4_a_submerged_piece_out_of_every_sonar_is_invisible(holder):
    g = game(*kings(), piece("SU", B, 5, 5, "S"), holder)
    assert sees(g, W, 5, 5, "S") == []
    assert sees(g, B, 5, 5, "S") == [("SU", B)]


def test_R10_4_the_same_submarine_at_ground_is_visible():
    g = game(*kings(), piece("SU", B, 5, 5))
    assert sees(g, W, 5, 5) == [("SU", B)]


def test_R10_4_sonar_range_option():
    g = game(*kings(), piece("SU", B, 5, 5, "S"), piece("DS", W, 7, 5), sonar_range=1)
    assert sees(g, W, 5, 5, "S") == []
    g = game(*kings(), piece("SU", B, 5, 5, "S"), piece("DS", W, 9, 5), sonar_range=4)
    assert sees(g, W, 5, 5, "S") == [("SU", B)]


def test_R10_4_diving_out_of_sonar_hides_the_submarine():
    g = game(*kings(), piece("SU", B, 5, 5), to_move=B)
    assert sees(g, W, 5, 5) == [("SU", B)]
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 5, "S")))
    assert sees(g, W, 5, 5, "S") == []


def stealthy_sub(**options):
    return game(*kings(), piece("SU", B, 5, 5, "S", articles=["SH"]), piece("DS", W, 7, 5),
                **options)


def test_R10_4_submersion_dominant_a_detected_stealthy_submerged_piece_is_visible():
    g = stealthy_sub()
    assert sees(g, W, 5, 5, "S") == [("SU", B)]


def test_R10_4_stealth_dominant_a_detected_stealthy_submerged_piece_needs_its_stealth_neutralised():
    g = stealthy_sub(dominance="stealth")
    assert sees(g, W, 5, 5, "S") == []


def test_R10_4_stealth_dominant_range_detection_neutralises_the_stealth():
    g = game(*kings(), piece("SU", B, 5, 5, "S", articles=["SH"]), piece("DS", W, 7, 5),
             piece("RP", W, 6, 6, articles=["ASH"]), dominance="stealth", range_detection=True)
    assert sees(g, W, 5, 5, "S") == [("SU", B)]


def test_R10_4_stealth_dominant_a_lock_neutralises_the_stealth():
    g = game(*kings(), piece("SU", B, 5, 5, "S", articles=["SH"]), piece("DS", W, 7, 5),
             piece("RP", W, 6, 6), articles=(("ASH", (6, 6)),), dominance="stealth")
    assert sees(g, W, 5, 5, "S") == []
    pickup(g, (6, 6, "G"), "ASH")
    assert locks_of(g, 6, 6) == [("SU", 5, 5)]
    assert sees(g, W, 5, 5, "S") == [("SU", B)]


def test_R10_4_a_lock_does_not_reveal_a_submerged_piece_out_of_sonar():
    # ENGINE-NOTES: "Lock-ons do not reveal a submerged piece" (R10.4: no lock-on for submersion)
    g = game(*kings(), piece("SU", B, 5, 5, "S", articles=["SH"]), piece("RP", W, 6, 6),
             articles=(("ASH", (6, 6)),))
    pickup(g, (6, 6, "G"), "ASH")
    assert locks_of(g, 6, 6) == [("SU", 5, 5)]
    assert sees(g, W, 5, 5, "S") == []


# --- R10.5 / R7.10 reveal ------------------------------------------------------------------------

def test_R10_5_R7_10_a_hidden_firer_is_revealed_until_the_end_of_the_opponents_next_turn():
    g = game(*kings(), piece("AAA", B, 5, 5), piece("RP", W, 3, 3, home=False), to_move=B)
    assert sees(g, W, 5, 5) == []
    fire(g, (5, 5, "G"), "SL", (6, 5))
    assert sees(g, W, 5, 5) == [("AAA", B)]
    pass_turn(g)                                       # Black's turn ends
    assert g.to_move == W
    assert sees(g, W, 5, 5) == [("AAA", B)]          # all through White's next turn
    play(g, find(g, origin=(3, 3, "G"), dest=(4, 4, "G")))
    assert sees(g, W, 5, 5) == [("AAA", B)]
    g.end_turn()                                       # White's next turn ends
    assert sees(g, W, 5, 5) == []


def test_R10_5_a_revealed_piece_that_moves_stays_visible_until_the_reveal_ends():
    g = game(*kings(), piece("AAA", B, 5, 5), to_move=B)
    fire(g, (5, 5, "G"), "SL", (6, 5))
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 6, "G")))
    assert sees(g, W, 5, 6) == [("AAA", B)]
    g.end_turn()
    assert sees(g, W, 5, 6) == [("AAA", B)]
    pass_turn(g)
    assert sees(g, W, 5, 6) == []


def test_R10_5_a_submerged_piece_that_fires_is_revealed():
    g = game(*kings(), piece("SU", B, 5, 5, "S", articles=["TL"]), to_move=B)
    assert sees(g, W, 5, 5, "S") == []
    fire(g, (5, 5, "S"), "TL", (4, 5))
    assert sees(g, W, 5, 5, "S") == [("SU", B)]
    pass_turn(g)
    pass_turn(g)
    assert sees(g, W, 5, 5, "S") == []


def test_R10_5_a_hidden_piece_that_captures_is_revealed():
    # a Black Stealth Pawn attacks forward (towards row 1) onto a White pawn
    g = game(*kings(), piece("SHP", B, 6, 5, home=False), piece("RP", W, 5, 5, home=False),
             to_move=B)
    assert sees(g, W, 6, 5) == []
    play(g, find(g, origin=(6, 5, "G"), dest=(5, 5, "G")))
    assert types_at(g, 5, 5) == [("SHP", B)]
    assert sees(g, W, 5, 5) == [("SHP", B)]
    g.end_turn()
    assert sees(g, W, 5, 5) == [("SHP", B)]
    pass_turn(g)
    assert sees(g, W, 5, 5) == []


# --- R4.2.3 / R10.7 hidden enemies ---------------------------------------------------------------

def test_R10_7_R4_2_3_a_path_through_a_hidden_enemy_is_listed_and_stops_there_with_a_capture():
    # right tank (1,3): (2,3) (3,3) (4,3) (5,3) then (6,4) (7,5) (8,6); a hidden AAA on (3,3)
    g = game(*kings(), piece("TA", W, 1, 3, hand="right"), piece("AAA", B, 3, 3))
    move = find(g, origin=(1, 3, "G"), dest=(8, 6, "G"))
    play(g, move)
    assert types_at(g, 3, 3) == [("TA", W)]
    assert types_at(g, 8, 6) == []
    assert [p for p in g.pieces(B) if p.type == "AAA"] == []
    g.end_turn()
    turn = g.history()[-1]
    assert turn.startswith("MV:TA(1,3)>->(8,6)")          # the intended Move
    assert "X*AAA(3,3)B" in turn and "TA->(3,3)" in turn   # and the actual result
    # the mover's side reads the intended Move and where its piece stopped; the owner of the
    # hidden piece reads its loss
    assert g.history(W)[-1].startswith("MV:TA(1,3)>->(8,6)") and "TA->(3,3)" in g.history(W)[-1]
    assert "X*AAA(3,3)B" in g.history(B)[-1]


def test_R4_2_3_R10_6_the_capturer_forgets_the_sighting_of_the_hidden_piece_it_captured():
    # the capturer reads what it met (R4.2.3), so its view no longer holds the AAA where it was
    # last seen: a piece it knows gone is not searched around as if it still stood there
    g = game(*kings(), piece("TA", W, 1, 3, hand="right"), piece("AAA", B, 3, 3))
    assert [(s.type, s.square) for s in g.observation(W).last_seen()] == [("AAA", (3, 3))]
    play(g, find(g, origin=(1, 3, "G"), dest=(8, 6, "G")))
    assert "X*AAA(3,3)B" in g.observation(W).action_notes()[-1].results
    assert g.observation(W).last_seen() == []
    g.undo()  # the record's entries carry the sightings
    assert [(s.type, s.square) for s in g.observation(W).last_seen()] == [("AAA", (3, 3))]


def test_R4_2_3_R10_6_which_of_two_alike_hidden_pieces_was_captured_does_not_leak():
    # two Black AAAs last seen on (4,2) and (4,4); one of them steps unseen to (3,3), where the
    # White Tank's path meets it. White reads "an AAA on (3,3)": its sightings afterwards must
    # be the same whichever AAA it was (the one kept is the one White itself would keep)
    views = []
    for start in ((4, 2), (4, 4)):
        g = game(*kings(), piece("TA", W, 1, 3, hand="right"), piece("AAA", B, 4, 2),
                 piece("AAA", B, 4, 4), to_move=B)
        play(g, find(g, origin=(*start, "G"), dest=(3, 3, "G")))
        g.end_turn()
        before = g.observation(W)
        play(g, find(g, origin=(1, 3, "G"), dest=(8, 6, "G")))
        assert types_at(g, 3, 3) == [("TA", W)]
        after = g.observation(W)
        views.append((before.to_dict(), after.to_dict(),
                      [(s.marker, s.type, s.square, s.turn) for s in after.last_seen()]))
    assert views[0] == views[1]
    assert len(views[0][2]) == 1 and views[0][2][0][1] == "AAA"


def test_R10_7_a_visible_enemy_on_the_path_blocks_the_move():
    g = game(*kings(), piece("TA", W, 1, 3, hand="right"), piece("RP", B, 3, 3, home=False))
    assert not [a for a in g.legal_moves() if a.origin == (1, 3, "G") and a.dest == (8, 6, "G")]


def test_R4_2_3_a_non_combat_piece_moving_onto_a_hidden_enemy_captures_it():
    g = game(*kings(), piece("DS", W, 4, 4), piece("AAA", B, 5, 5), piece("RP", B, 5, 3,
             home=False))
    listed = {a.dest for a in g.legal_moves() if a.origin == (4, 4, "G")}
    assert (5, 5, "G") in listed              # hidden: listed (R10.7)
    assert (5, 3, "G") not in listed          # visible: non-combat may not enter (R4.2.2)
    play(g, find(g, origin=(4, 4, "G"), dest=(5, 5, "G")))
    assert types_at(g, 5, 5) == [("DS", W)]


def test_R4_2_3_a_dozed_piece_pushed_onto_a_hidden_enemy_captures_it():
    # Dozer + partner at (4,4), the pawn of (4,5) in the group, all one step forward: the pawn
    # lands on (5,5) where a Black AAA hides
    g = game(*kings(), piece("DO", W, 4, 4), piece("RP", W, 4, 4, home=False),
             piece("FP", W, 4, 5, home=False), piece("AAA", B, 5, 5))
    play(g, find(g, kind="doze", origin=(4, 4, "G"), dest=(5, 4, "G"), group=((4, 5),)))
    assert types_at(g, 5, 5) == [("FP", W)]
    assert types_at(g, 5, 4) == [("DO", W), ("RP", W)]


def test_R4_2_3_R9_4_a_journey_stepping_into_a_hidden_enemy_captures_and_stops():
    g = game(*kings(), piece("RP", W, 3, 3, articles=["BI"], home=False), piece("AAA", B, 4, 4))
    fire(g, (3, 3, "G"), "BI", (7, 7), path="beeline")
    assert types_at(g, 4, 4) == [("RP", W)]
    assert [p for p in g.pieces(B) if p.type == "AAA"] == []
    assert g.pieces_at(4, 4, "G")[0].journey is None      # the journey ended


def test_R4_2_3_R9_3_a_journey_meeting_a_hidden_enemy_on_a_later_step_stops_there():
    g = game(*kings(), piece("RP", W, 3, 3, articles=["BI"], home=False), piece("AAA", B, 5, 5))
    fire(g, (3, 3, "G"), "BI", (7, 7), path="beeline")
    assert types_at(g, 4, 4) == [("RP", W)]
    pass_turn(g)
    pass_turn(g)                               # White's turn starts: the journey steps on
    assert types_at(g, 5, 5) == [("RP", W)]
    assert [p for p in g.pieces(B) if p.type == "AAA"] == []
    assert g.pieces_at(5, 5, "G")[0].journey is None


# --- R10.6 observation ---------------------------------------------------------------------------

def summary(pieces):
    return sorted((p.type, p.color, p.row, p.col, p.level) for p in pieces)


def test_R10_6_an_observation_holds_own_pieces_and_only_the_visible_enemy_pieces():
    g = game(*kings(), piece("AAA", W, 3, 3), piece("RP", W, 4, 4, home=False),
             piece("SU", W, 2, 2, "S"), piece("AAA", B, 7, 7), piece("RP", B, 7, 3, home=False),
             piece("SU", B, 6, 6, "S"), piece("TA", B, 8, 8, articles=["SH"], hand="right"))
    ow, ob = g.observation(W), g.observation(B)
    assert summary(ow.pieces()) == sorted([
        ("K", W, 1, 1, "G"), ("AAA", W, 3, 3, "G"), ("RP", W, 4, 4, "G"), ("SU", W, 2, 2, "S"),
        ("K", B, 10, 10, "G"), ("RP", B, 7, 3, "G")])
    assert summary(ob.pieces()) == sorted([
        ("K", B, 10, 10, "G"), ("AAA", B, 7, 7, "G"), ("RP", B, 7, 3, "G"), ("SU", B, 6, 6, "S"),
        ("TA", B, 8, 8, "G"), ("K", W, 1, 1, "G"), ("RP", W, 4, 4, "G")])
    assert ow.pieces_at(7, 7) == [] and ow.pieces_at(6, 6, "S") == []
    # nothing hidden in the position part either
    pos = ow.position()
    assert sorted((p["type"], p["color"]) for p in pos["pieces"] if p["color"] == B) == \
        [("K", B), ("RP", B)]
    # ENGINE-NOTES: the initial position is public, so the hidden pieces are last seen there
    assert sorted((s.type, s.square, s.turn) for s in ow.last_seen()) == \
        [("AAA", (7, 7), 1), ("SU", (6, 6), 1), ("TA", (8, 8), 1)]


def test_R10_6_nothing_of_a_hidden_move_leaks_through_the_observation():
    g = game(*kings(), piece("AAA", B, 5, 5), piece("SU", B, 6, 6, "S"), to_move=B)
    play(g, find(g, origin=(5, 5, "G"), dest=(4, 6, "G")))
    g.end_turn()
    pass_turn(g)
    play(g, find(g, origin=(6, 6, "S"), dest=(7, 7, "S")))
    g.end_turn()
    o = g.observation(W)
    assert o.pieces(B) == [p for p in g.pieces(B) if p.type == "K"]
    text = json.dumps(o.to_dict())
    assert "[4, 6]" not in text and "[7, 7]" not in text
    assert all("(4,6)" not in t and "(7,7)" not in t for t in o.history())
    assert o.history()[0] == "MV:?" and o.history()[2] == "MV:?"


def test_R10_6_articles_on_the_ground_and_projectiles_are_in_every_observation():
    g = game(*kings(), piece("AAA", B, 5, 5), articles=(("SH", (3, 3)), ("ASH", (8, 8))),
             to_move=B)
    fire(g, (5, 5, "G"), "SL", (6, 6))
    for c in (W, B):
        o = g.observation(c)
        assert o.articles_at(3, 3) == ("SH",) and o.articles_at(8, 8) == ("ASH",)
        assert [(p.kind, p.square, p.level) for p in o.projectiles()] == [("SL", (6, 6), "A")]


def test_R10_6_a_homing_projectiles_target_is_left_out_when_it_cannot_be_seen():
    # a torpedo homes on a submarine seen by sonar; the submarine then moves out of sonar range
    g = game(*kings(), piece("SU", B, 5, 5, "S"), piece("DS", W, 8, 5))
    fire(g, (8, 5, "G"), "TL", (5, 5, "S"))
    pass_turn(g)
    assert [p.target for p in g.observation(W).projectiles()] == [(5, 5, "S")]
    play(g, find(g, origin=(5, 5, "S"), dest=(4, 4, "S")))
    g.end_turn()
    assert sees(g, W, 4, 4, "S") == []
    assert [p.target for p in g.projectiles()] == [(4, 4, "S")]
    assert [p.target for p in g.observation(B).projectiles()] == [(4, 4, "S")]
    assert [p.target for p in g.observation(W).projectiles()] == [None]
    assert [p["target"] for p in g.observation(W).position()["projectiles"]] == [None]


def test_R10_6_enemy_reserves_have_no_type():
    g = wec.Game.new()
    for c, other in ((W, B), (B, W)):
        res = g.observation(c).reserves()
        own = [r for r in res if r["color"] == c]
        enemy = [r for r in res if r["color"] == other]
        assert len(own) == 10 and len(enemy) == 10
        assert all(r["type"] is not None for r in own)
        assert all(r["type"] is None for r in enemy)
        row = 3 if other == B else 8
        assert sorted(tuple(r["square"]) for r in enemy) == [(row, c2) for c2 in range(1, 11)]


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def test_R10_6_observation_legal_actions_equal_the_games_for_the_side_to_move():
    g = wec.Game.new()
    assert texts(g.observation(B).legal_actions()) == texts(g.legal_actions())
    assert g.observation(W).legal_actions() == []
    play(g, g.legal_moves()[0])
    assert texts(g.observation(B).legal_actions()) == texts(g.legal_actions())
    g.end_turn()
    assert texts(g.observation(W).legal_actions()) == texts(g.legal_actions())
    assert g.observation(B).legal_actions() == []


def test_R10_6_R10_7_observation_legal_actions_with_hidden_enemies_in_the_way():
    g = game(*kings(), piece("TA", W, 1, 3, hand="right"), piece("DS", W, 4, 4),
             piece("AAA", B, 3, 3), piece("AAA", B, 5, 5), piece("SU", B, 5, 4, "S"),
             piece("RP", W, 6, 6, home=False), piece("AAA", W, 6, 7), piece("JE", B, 7, 7, "A"),
             articles=(("ASH", (6, 6)),))
    listed = texts(g.legal_actions())
    assert "MV:DS(4,4)->(5,5)" in listed and "MV:TA(1,3)>->(8,6)" in listed
    assert texts(g.observation(W).legal_actions()) == listed
    assert g.observation(B).legal_actions() == []
    # a lock (locks are re-indexed in the observation) makes the AAA (5,5) visible: the
    # non-combat DS may no longer enter its square, in the game and in the observation alike
    pickup(g, (6, 6, "G"), "ASH")
    assert locks_of(g, 6, 6) == [("AAA", 5, 5)]
    listed = texts(g.legal_actions())
    assert "MV:DS(4,4)->(5,5)" not in listed
    assert texts(g.observation(W).legal_actions()) == listed


def test_R10_6_last_seen_lists_hidden_enemies_where_and_when_last_visible():
    g = wec.Game.new()
    seen = {(s.type, s.square, s.level, s.turn) for s in g.observation(W).last_seen()}
    assert seen == {("AAA", (9, 3), "G", 1), ("AAA", (9, 8), "G", 1)}
    # a revealed AAA moves on while seen, then hides and moves again
    g = game(*kings(), piece("AAA", B, 5, 5), to_move=B)
    assert [(s.type, s.square) for s in g.observation(W).last_seen()] == [("AAA", (5, 5))]
    fire(g, (5, 5, "G"), "SL", (6, 5))
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 6, "G")))
    g.end_turn()
    assert g.observation(W).last_seen() == []                 # visible now
    pass_turn(g)                                              # turn 2 ends: hidden again
    assert g.turn == 3
    play(g, find(g, origin=(5, 6, "G"), dest=(5, 7, "G")))
    g.end_turn()
    last = g.observation(W).last_seen()
    assert [(s.type, s.color, s.square, s.level, s.turn) for s in last] == \
        [("AAA", B, (5, 6), "G", 2)]
    assert (5, 7) in g.observation(W).possible_locations()[last[0].marker]
    # the owner has no last sightings of its own pieces
    assert [s for s in g.observation(B).last_seen() if s.color == B] == []


# --- R12.3 competitive mode ----------------------------------------------------------------------

def competitive_game() -> wec.Game:
    g = game(*kings(), piece("AAA", B, 5, 5), piece("RP", W, 3, 3, home=False), to_move=B)
    g.set_competitive()
    return g


def test_R12_3_competitive_turns_undo_off():
    g = competitive_game()
    assert g.competitive
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 6, "G")))
    with pytest.raises(wec.IllegalActionError):
        g.undo()
    assert types_at(g, 5, 6) == [("AAA", B)]


def test_R12_3_competitive_full_history_refused_until_the_game_ends():
    g = competitive_game()
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 6, "G")))
    g.end_turn()
    with pytest.raises(wec.IllegalActionError):
        g.history()
    play(g, find(g, origin=(3, 3, "G"), dest=(4, 4, "G")))
    g.end_turn()
    with pytest.raises(wec.IllegalActionError):
        g.history()
    g.resign(B)
    assert g.is_game_over()
    full = g.history()
    assert full[0].startswith("MV:AAA(5,5)->(5,6)")
    assert full[1].startswith("MV:RP(3,3)->(4,4)")


def test_R12_3_each_side_reads_its_own_history_a_hidden_move_is_MV_question_mark():
    g = competitive_game()
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 6, "G")))
    g.end_turn()
    play(g, find(g, origin=(3, 3, "G"), dest=(4, 4, "G")))
    g.end_turn()
    assert g.history(W) == ["MV:?", "MV:RP(3,3)->(4,4)"]
    assert g.history(B) == ["MV:AAA(5,5)->(5,6)", "MV:RP(3,3)->(4,4)"]
    assert g.observation(W).history() == g.history(W)
    assert g.observation(B).history() == g.history(B)


def test_R12_3_a_hidden_pieces_pickup_and_drop_are_left_out_of_the_opponents_history():
    g = game(*kings(), piece("AAA", B, 5, 5), piece("RP", W, 3, 3, home=False),
             articles=(("SL", (5, 5)),), to_move=B)
    g.set_competitive()
    pickup(g, (5, 5, "G"), "SL")
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 6, "G")))
    g.end_turn()
    play(g, find(g, origin=(3, 3, "G"), dest=(4, 4, "G")))
    g.end_turn()
    play(g, find(g, kind="drop", origin=(5, 6, "G"), article="SL"))
    play(g, find(g, origin=(5, 6, "G"), dest=(5, 7, "G")))
    g.end_turn()
    assert g.history(W) == ["MV:?", "MV:RP(3,3)->(4,4)", "MV:?"]
    own = g.history(B)
    assert own[0].startswith("MV:AAA(5,5)") and ",PU:AAA(5,5)^SL" in own[0]
    assert own[2].startswith("MV:AAA(5,6)") and ",DR:AAA(5,6)1SLvSL" in own[2]
    # the article it dropped lies on the ground for both to see (R10.6)
    assert g.observation(W).articles_at(5, 6) == ("SL",)


def test_R10_6_R12_3_a_doze_record_does_not_name_a_hidden_dozed_enemy():
    # White dozes the square (4,5): White sees the Black pawn there, not the Black AAA sharing
    # its Ground (AAA coexists). Both are dozed; White's history may name only what it saw.
    g = game(*kings(), piece("DO", W, 4, 4), piece("RP", W, 4, 4, home=False),
             piece("RP", B, 4, 5, home=False), piece("AAA", B, 4, 5))
    assert sees(g, W, 4, 5) == [("RP", B)]
    play(g, find(g, kind="doze", origin=(4, 4, "G"), dest=(4, 5, "G"), group=((4, 5),)))
    g.end_turn()
    assert sees(g, W, 4, 6) == [("RP", B)]
    assert "AAA" in g.history(B)[-1]                      # Black reads its own piece
    assert "AAA" not in g.history(W)[-1], g.history(W)    # White never saw it
    assert "AAA" not in "".join(g.observation(W).history())


def test_R10_6_R12_3_a_visible_carriers_move_does_not_name_a_hidden_passenger():
    # a Black helicopter (visible) carries a pawn with Stealth (hidden) from the Air of (6,5)
    g = game(*kings(), piece("CH", B, 6, 5, "A", hand="left"),
             piece("RP", B, 6, 5, "A", articles=["SH"], home=False), to_move=B)
    assert sees(g, W, 6, 5, "A") == [("CH", B)]
    play(g, find(g, origin=(6, 5, "A"), dest=(4, 3, "G"), passenger=True))
    g.end_turn()
    assert sees(g, W, 4, 3) == [("CH", B)]
    assert g.history(B)[-1].startswith("MV:CH^(6,5)<->(4,3)-TRA->RP^(6,5)1SH")
    assert g.history(W)[-1].startswith("MV:CH^(6,5)<->(4,3)")   # the carrier's Move is seen
    assert "RP" not in g.history(W)[-1] and "SH" not in g.history(W)[-1], g.history(W)


def test_R10_6_R12_3_an_exchange_record_does_not_name_a_hidden_receiver():
    # a visible Black pawn hands its Flame to the hidden Black AAA next to it
    g = game(*kings(), piece("RP", B, 6, 5, articles=["FL"], home=False), piece("AAA", B, 6, 6),
             to_move=B)
    play(g, find(g, kind="exchange", origin=(6, 5, "G"), article="FL", target=(6, 6, "G")))
    play(g, find(g, origin=(10, 10, "G"), dest=(9, 9, "G")))
    g.end_turn()
    assert sees(g, W, 6, 6) == []
    assert "AAA(6,6)" in g.history(B)[-1]
    assert "AAA" not in g.history(W)[-1] and "(6,6)" not in g.history(W)[-1], g.history(W)


def test_R12_3_the_full_history_after_the_game_ends_shows_hidden_moves():
    g = competitive_game()
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 6, "G")))
    g.end_turn()
    g.resign(W)
    assert g.result == B
    full = g.history()
    assert full[0] == "MV:AAA(5,5)->(5,6)"
    assert g.history(W)[0] == "MV:?"


def test_R12_3_a_non_competitive_game_gives_the_full_history_and_undoes():
    g = game(*kings(), piece("AAA", B, 5, 5), to_move=B)
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 6, "G")))
    g.end_turn()
    assert g.history() == ["MV:AAA(5,5)->(5,6)"]
    g.undo()
    g.undo()
    assert types_at(g, 5, 5) == [("AAA", B)]
