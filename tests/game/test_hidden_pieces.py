"""Rules fidelity where hidden pieces, journeys, carriers and identical pieces meet.

Each test sets up a position, acts through the facade and asserts what the rule text demands:
journeys meeting hidden enemies (R4.2.3, R9.4), a passenger dying with its carrier (R3.4), the
transported piece never becoming the Moved one (R9.1), dozes judged by what the mover sees
(R4.11.1) and identical twins on one level (R7.2, R7.9, R10.7)."""
from __future__ import annotations

import wec
from builders import fire, game, piece, play

W, B = "white", "black"
KINGS = (piece("K", W, 1, 1), piece("K", B, 10, 10))


def where(g: wec.Game, code: str, color: str) -> list[tuple[int, int, str]]:
    return sorted((p.row, p.col, p.level) for p in g.pieces(color) if p.type == code)


def types_at(g: wec.Game, r: int, c: int, level: str = "G") -> list[tuple[str, str]]:
    return sorted((p.type, p.color) for p in g.pieces_at(r, c, level))


def reloads(g: wec.Game) -> None:
    """The engine's own loader takes the position back (R3.1, R3.4 hold) unchanged."""
    assert g.check() == []
    assert wec.Game.from_position(g.position()).position() == g.position()


def texts(g: wec.Game, prefix: str = "") -> list[str]:
    return sorted(t for t in map(str, g.legal_actions()) if t.startswith(prefix))


def observed(g: wec.Game, color: str, prefix: str = "") -> list[str]:
    return sorted(t for t in map(str, g.observation(color).legal_actions())
                  if t.startswith(prefix))


def pass_turn(g: wec.Game) -> None:
    """The side to move moves its King (the first listed King move) and ends its turn."""
    play(g, next(a for a in g.legal_moves() if a.piece == "K"))
    g.end_turn()


# --- item 1: journeys meet hidden enemies rising, diving, landing, surfacing (R4.2.3, R9.4) ------

def test_R4_2_3_R9_2_a_scuba_dive_into_a_hidden_submarine_captures_it_and_stops():
    g = game(*KINGS, piece("RP", W, 3, 5, articles=["SC"], home=False), piece("SU", B, 3, 5, "S"))
    play(g, "FI:SC/RP(3,5)1SC->(7,5)")
    assert where(g, "SU", B) == []                       # captured where it was met
    assert where(g, "RP", W) == [(3, 5, "G")]            # stopped in its own square
    assert g.pieces_at(3, 5)[0].journey is None         # the journey ended
    reloads(g)


def test_R4_2_3_R9_2_a_jump_rising_into_a_hidden_jet_captures_it_and_its_passenger():
    g = game(*KINGS, piece("RP", W, 3, 5, articles=["JP"], home=False),
             piece("JE", B, 3, 5, "A", articles=["SH"]))
    play(g, "FI:JU/RP(3,5)1JP->(7,5)")
    assert where(g, "JE", B) == []
    assert where(g, "RP", W) == [(3, 5, "G")]
    assert g.articles_at(3, 5) == ("SH",)                # R4.2.4: its article drops
    reloads(g)


def test_R4_2_3_R9_4_landing_on_a_hidden_enemy_captures_it():
    g = game(*KINGS, piece("RP", W, 3, 5, articles=["JP"], home=False),
             piece("DS", B, 5, 5, articles=["SH"]))
    play(g, "FI:JU/RP(3,5)1JP->(5,5)")
    assert where(g, "RP", W) == [(4, 5, "A")]
    play(g, next(a for a in g.legal_moves() if a.piece == "K"))
    g.end_turn()
    pass_turn(g)                                         # White's turn: it lands on (5,5)
    assert where(g, "DS", B) == []
    assert where(g, "RP", W) == [(5, 5, "G")]
    reloads(g)


def test_R4_2_3_R9_4_surfacing_on_a_hidden_enemy_captures_it():
    g = game(*KINGS, piece("RP", W, 3, 5, articles=["SC"], home=False),
             piece("DS", B, 5, 5, articles=["SH"]))
    play(g, "FI:SC/RP(3,5)1SC->(5,5)")
    assert where(g, "RP", W) == [(4, 5, "S")]
    play(g, next(a for a in g.legal_moves() if a.piece == "K"))
    g.end_turn()
    pass_turn(g)
    assert where(g, "DS", B) == []
    assert where(g, "RP", W) == [(5, 5, "G")]
    reloads(g)


def test_R4_2_3_R3_1_a_diver_never_overwrites_a_hidden_pair_in_the_occupancy():
    """The diver met a hidden White SU carrying a hidden FP at (3,5)S: it wrote itself over the
    FP's occupancy slot, so pieces_at lost the FP and the position no longer reloaded."""
    g = game(*KINGS, piece("RP", B, 3, 5, articles=["SC"], home=False),
             piece("SU", W, 3, 5, "S"), piece("FP", W, 3, 5, "S", home=False), to_move=B)
    play(g, "FI:SC/RP(3,5)1SC->(7,5)")
    assert types_at(g, 3, 5, "S") == []
    assert where(g, "FP", W) == [] and where(g, "SU", W) == []
    assert where(g, "RP", B) == [(3, 5, "G")]
    reloads(g)


# --- item 2: a passenger dies with its carrier (R3.4) --------------------------------------------

def test_R3_4_R7_6_a_passenger_falls_when_a_sam_destroys_its_helicopter():
    g = game(*KINGS, piece("AAA", W, 3, 5), piece("CH", B, 4, 5, "A", hand="left"),
             piece("RP", B, 4, 5, "A", articles=["ASL"], home=False))
    play(g, "FI:SL/AAA(3,5)->(4,5)")
    assert types_at(g, 4, 5, "A") == []                  # the RP's ASL stopped the hit; it fell
    assert "ASL" in g.articles_at(4, 5)
    reloads(g)


def test_R3_4_R7_6_a_passenger_drowns_when_a_torpedo_sinks_its_submarine():
    g = game(*KINGS, piece("DS", W, 3, 5), piece("SU", B, 4, 5, "S"),
             piece("RP", B, 4, 5, "S", articles=["ATL"], home=False))
    play(g, "FI:TL/DS(3,5)->(4,5)")
    assert types_at(g, 4, 5, "S") == []
    reloads(g)


def test_R3_4_R7_1_a_passenger_falls_when_flame_in_the_air_destroys_its_carrier():
    g = game(*KINGS, piece("CH", W, 3, 5, "A", hand="left"),
             piece("FP", W, 3, 5, "A", home=False),
             piece("CH", B, 4, 5, "A", hand="left"),
             piece("RP", B, 4, 5, "A", articles=["AFL"], home=False))
    play(g, "FI:FL/FP^(3,5)->(4,5)")
    assert types_at(g, 4, 5, "A") == []
    reloads(g)


def test_R3_4_R7_7_a_passenger_falls_when_a_projectile_hits_at_end_turn():
    g = game(*KINGS, piece("AAA", W, 3, 5), piece("CH", B, 5, 5, "A", hand="left"),
             piece("RP", B, 5, 5, "A", articles=["ASL"], home=False))
    play(g, "FI:SL/AAA(3,5)->(4,5)")                     # the SAM waits at (4,5)A
    assert types_at(g, 5, 5, "A") == [("CH", B), ("RP", B)]
    play(g, next(a for a in g.legal_moves() if a.piece == "K"))
    play(g, "END")                                       # it advances onto (5,5)A and hits
    assert types_at(g, 5, 5, "A") == []
    reloads(g)


# --- item 3: the transported piece never becomes the Moved piece (R9.1) --------------------------

def test_R9_1_a_bike_rider_whose_journey_ended_at_once_cannot_then_be_moved():
    g = game(*KINGS, piece("RP", W, 3, 3, articles=["BI"], home=False))
    play(g, "FI:BI/RP(3,3)1BI->(3,4)")
    assert where(g, "RP", W) == [(3, 4, "G")]
    assert [a for a in g.legal_moves() if a.piece == "RP"] == []
    assert [a for a in g.legal_moves() if a.piece == "K"]   # another piece makes the Move
    reloads(g)


# --- item 4: dozing and hidden pieces (R4.11.1) --------------------------------------------------

def test_R4_11_1_a_doze_onto_a_hidden_friend_of_the_dozed_enemy_does_not_happen():
    g = game(*KINGS, piece("DO", W, 5, 5), piece("DS", W, 5, 5), piece("RP", B, 6, 5, home=False),
             piece("CP", B, 7, 5, articles=["SH"], home=False))
    doze = "DZ:DO(5,5)->(6,5)@(6,5)"
    assert doze in texts(g) and doze in observed(g, W)   # judged by what White sees
    play(g, doze)
    assert types_at(g, 5, 5) == [("DO", W), ("DS", W)]   # nothing moved
    assert types_at(g, 6, 5) == [("RP", B)] and types_at(g, 7, 5) == [("CP", B)]
    assert g.moved and "END" in texts(g)                  # the Move is spent
    assert [p.type for p in g.can_see(W, 7, 5, "G")] == ["CP"]  # the hidden piece is revealed
    reloads(g)
    g.end_turn()
    assert g.history()[-1].startswith("MV:DO(5,5)") and "DO->(5,5)" in g.history()[-1]


def test_R4_11_1_the_doze_list_does_not_depend_on_pieces_the_mover_cannot_see():
    g = game(*KINGS, piece("DO", B, 5, 7), piece("DS", B, 5, 7), piece("JE", W, 4, 6),
             piece("AAA", W, 4, 6), piece("XP", W, 3, 7, home=False), to_move=B)
    doze = "DZ:DO(5,7)->(4,8)@(4,6)"
    assert texts(g, "DZ:") == observed(g, B, "DZ:")
    assert doze in texts(g)
    play(g, doze)                                        # JE + hidden AAA + XP: no room
    assert types_at(g, 4, 6) == [("AAA", W), ("JE", W)]
    assert types_at(g, 5, 7) == [("DO", B), ("DS", B)]
    assert sorted(p.type for p in g.can_see(B, 4, 6, "G")) == ["AAA", "JE"]  # revealed (R10.5)
    reloads(g)


# --- item 5: identical twins (R7.9, R7.2, R10.7) -------------------------------------------------

def test_R7_9_R10_7_the_visible_twin_is_the_jet_rockets_target_when_the_other_hides():
    # two Black DS with Stealth share (5,5); White's Stealth Pawn is locked on the second one
    pos_pieces = [*KINGS, piece("DS", B, 5, 5, articles=["SH"]),
                  piece("DS", B, 5, 5, articles=["SH"]),
                  piece("SHP", W, 2, 5, home=False, locks=[3]), piece("JE", W, 5, 5, "A")]
    g = game(*pos_pieces)
    assert len(g.can_see(W, 5, 5, "G")) == 1
    assert "FI:RL/JE^(5,5)=>DS(5,5)1SH" in texts(g)
    assert texts(g, "FI:") == observed(g, W, "FI:")


def test_R7_2_a_ready_twin_fires_its_torpedo_while_the_other_cools_down():
    g = game(*KINGS, piece("DS", W, 5, 5, cooldowns={"TL": 3}), piece("DS", W, 5, 5))
    assert "FI:TL/DS(5,5)->(6,5)" in texts(g)
    g = game(*KINGS, piece("DS", W, 5, 5), piece("DS", W, 5, 5, cooldowns={"TL": 3}))
    assert "FI:TL/DS(5,5)->(6,5)" in texts(g)
    play(g, "FI:TL/DS(5,5)->(6,5)")
    assert "FI:TL/DS(5,5)->(6,5)" not in texts(g)        # both launchers have now fired


def test_R9_1_a_piece_that_journeyed_is_not_moved_as_a_passenger_either():
    # the RP jumps one square and lands beside its own helicopter; the helicopter may Move,
    # but not with the RP: the transported piece is not the Moved one
    g = game(*KINGS, piece("RP", W, 3, 3, articles=["JP"], home=False),
             piece("CH", W, 3, 4, hand="left"))
    play(g, "FI:JU/RP(3,3)1JP->(3,4)")
    assert types_at(g, 3, 4) == [("CH", W), ("RP", W)]
    assert [a for a in g.legal_moves() if a.piece == "CH"]
    assert [a for a in g.legal_moves() if a.piece == "CH" and a.passenger] == []


def test_R4_11_1_a_group_holding_more_than_4_pieces_with_the_unseen_ones_does_not_move():
    # White sees 3 Black pieces in the chosen squares; with the 3 hidden AAA there are 6 (> 4)
    g = game(*KINGS, piece("DO", W, 5, 5), piece("DS", W, 5, 5),
             piece("JE", B, 6, 4), piece("AAA", B, 6, 4), piece("DS", B, 6, 5),
             piece("AAA", B, 6, 5), piece("DO", B, 6, 6), piece("AAA", B, 6, 6))
    doze = "DZ:DO(5,5)->(6,5)@(6,4)(6,5)(6,6)"
    assert doze in texts(g) and doze in observed(g, W)
    play(g, doze)
    assert types_at(g, 5, 5) == [("DO", W), ("DS", W)]
    assert types_at(g, 6, 5) == [("AAA", B), ("DS", B)] and g.moved
    assert sorted(p.type for p in g.can_see(W, 6, 6, "G")) == ["AAA", "DO"]  # revealed
    reloads(g)
