"""Hand-checked cases for the pure-Python reference move generator ``tests/reference.py``.

Every expected value below was worked out by hand from RULES.md / ENGINE-NOTES.md; the rule ids
are cited.  Offsets are White's frame (R1.5); Black's are negated.
"""

import reference as ref
from reference import ReferenceGame, reference_perft, standard_position


def P(t, color, r, c, level="G", **kw):
    d = {"type": t, "color": color, "square": [r, c], "level": level}
    d.update(kw)
    return d


def game(pieces, to_move="white", options=None, articles=None):
    pos = {"format": "wec-position", "version": 1, "to_move": to_move, "pieces": pieces}
    if options:
        pos["options"] = options
    if articles:
        pos["articles"] = articles
    return ReferenceGame.from_position(pos)


def texts(g, prefix=""):
    return {t for t in g.legal_move_texts() if t.startswith(prefix)}


def ground(g):
    out = {}
    for a in g.position()["articles"]:
        out.setdefault(tuple(a["square"]), []).append(a["type"])
    return {k: sorted(v) for k, v in out.items()}


# ------------------------------------------------------------------ R4.5 tank, R4.2 paths

def test_lone_right_tank_in_corner_has_one_move():
    # R4.5 WC range 7 right tank: (7,3) (3,-7) (-7,-3) (-3,7); from (1,1) only (7,3) stays on the
    # board (path (2,1)..(5,1) straight, then (6,2) (7,3) (8,4)).  R4.2: riders land exactly.
    g = game([P("TA", "white", 1, 1, hand="right")])
    assert g.legal_move_texts() == ["MV:TA(1,1)>->(8,4)"]


def test_lone_left_tank_in_corner_has_one_move():
    # R4.5 left tank (7,-3) (-3,-7) (-7,3) (3,7): only (3,7) -> (4,8), via (1,2)..(1,5) then
    # anticlockwise diagonal (2,6) (3,7).
    g = game([P("TA", "white", 1, 1, hand="left")])
    assert g.legal_move_texts() == ["MV:TA(1,1)<->(4,8)"]


def test_tank_path_blocked_and_destination_rules():
    # R4.2: any piece (either colour) on the path blocks; R4.2.2 combat capture at the end;
    # R3.1: a friendly non-coexisting piece at the destination blocks.
    blocked = game([P("TA", "white", 1, 1, hand="right"), P("RP", "black", 6, 2)])
    assert texts(blocked, "MV:TA") == set()
    capture = game([P("TA", "white", 1, 1, hand="right"), P("RP", "black", 8, 4)])
    assert texts(capture, "MV:TA") == {"MV:TA(1,1)>->(8,4)"}
    capture.apply("MV:TA(1,1)>->(8,4)")
    assert [(p["type"], p["color"]) for p in capture.position()["pieces"]] == [("TA", "white")]
    own = game([P("TA", "white", 1, 1, hand="right"), P("RP", "white", 8, 4)])
    assert texts(own, "MV:TA") == set()
    coexist = game([P("TA", "white", 1, 1, hand="right"), P("DS", "white", 8, 4)])
    assert texts(coexist, "MV:TA") == {"MV:TA(1,1)>->(8,4)"}


def _dests(kind, movement, hand, rng, rng2=0):
    return {p[-1] for p in ref._rider_paths(kind, movement, hand, rng, rng2)}


def test_rider_tables_match_rules_text():
    wc, sc, md = "weapon_chess", "standard_chess", "mass_destruction"
    # R4.5
    assert _dests("tank", wc, "right", 7) == {(7, 3), (3, -7), (-7, -3), (-3, 7)}
    assert _dests("tank", wc, "left", 7) == {(7, -3), (-3, -7), (-7, 3), (3, 7)}
    assert (6, 2) in _dests("tank", wc, "right", 6) and (8, 4) in _dests("tank", wc, "right", 8)
    assert _dests("tank", sc, "left", 7) == {(7, 0), (0, 7), (-7, 0), (0, -7)}
    assert _dests("tank", md, "right", 7) == {(7, -1), (1, 7), (-7, 1), (-1, -7)}
    assert _dests("tank", md, "left", 7) == {(7, 1), (-1, 7), (-7, -1), (1, -7)}
    # R4.6
    assert _dests("cleric", wc, "left", 7) == {(7, 3), (3, -7), (-7, -3), (-3, 7)}
    assert _dests("cleric", wc, "right", 7) == {(7, -3), (3, 7), (-7, 3), (-3, -7)}
    assert (6, 4) in _dests("cleric", wc, "left", 6) and (8, 4) in _dests("cleric", wc, "left", 8)
    assert _dests("cleric", sc, "right", 7) == {(7, 7), (7, -7), (-7, 7), (-7, -7)}
    assert _dests("cleric", md, "left", 7) == {(5, -1), (-1, -5), (-5, 1), (1, 5)}
    assert _dests("cleric", md, "right", 7) == {(5, 1), (1, -5), (-5, -1), (-1, 5)}
    # R4.7: WC the 8 squares (+-7,+-3) (+-3,+-7), each along two paths; MD 16 destinations
    q = ref._rider_paths("queen", wc, None, 7, 7)
    assert len(q) == 16
    assert {p[-1] for p in q} == {(a * 7, b * 3) for a in (1, -1) for b in (1, -1)} | \
        {(a * 3, b * 7) for a in (1, -1) for b in (1, -1)}
    assert len(_dests("queen", md, None, 7, 7)) == 16
    assert len(_dests("queen", sc, None, 7, 7)) == 8


def test_wc_queen_needs_one_clear_path():
    # R4.7: (7,3) is reachable along the right-tank path (4 up then diagonal) and the left-cleric
    # path (5 diagonal then 2 turned left).  Block the tank path: the cleric path still serves.
    g = game([P("Q", "white", 1, 1), P("RP", "black", 3, 1)])
    assert texts(g, "MV:Q") == {"MV:Q(1,1)->(8,4)", "MV:Q(1,1)->(4,8)"}
    g = game([P("Q", "white", 1, 1), P("RP", "black", 3, 1), P("RP", "black", 3, 3)])
    # (8,4): tank path blocked at (3,1), cleric path blocked at (3,3); (4,8): tank path along
    # row 1 is clear.
    assert texts(g, "MV:Q") == {"MV:Q(1,1)->(4,8)"}


# ------------------------------------------------------------------ R4.3 pawns

def test_pawn_double_step_blocked_by_piece_between():
    # R4.3 WC: moves (1,-1) (1,1), first move also (2,-2) (2,2) with the square between empty.
    # A friendly DS (coexistence, R3.1) on (3,6): the pawn may step onto it but not jump it.
    g = game([P("SP", "white", 2, 5), P("DS", "white", 3, 6)])
    assert texts(g, "MV:SP") == {"MV:SP(2,5)->(3,4)", "MV:SP(2,5)->(4,3)", "MV:SP(2,5)->(3,6)"}
    # "home": false -> no double step at all
    g = game([P("SP", "white", 2, 5, home=False), P("DS", "white", 3, 6)])
    assert texts(g, "MV:SP") == {"MV:SP(2,5)->(3,4)", "MV:SP(2,5)->(3,6)"}
    # not on its second row -> no double step by default (FORMATS.md)
    g = game([P("SP", "white", 3, 5)])
    assert texts(g, "MV:SP") == {"MV:SP(3,5)->(4,4)", "MV:SP(3,5)->(4,6)"}


def test_black_pawn_moves_mirror():
    # R1.5: Black's forward is row - 1.
    g = game([P("RP", "black", 9, 1)], to_move="black")
    assert texts(g) == {"MV:RP(9,1)->(8,2)", "MV:RP(9,1)->(7,3)"}


def test_wc_pawn_attacks_are_capture_only_and_moves_never_capture():
    # R4.3 WC: attack (1,0) (0,-1) (0,1) capture only; diagonal moves never capture.
    g = game([P("FP", "white", 4, 5, home=False), P("RP", "black", 5, 5), P("RP", "black", 4, 6),
              P("RP", "black", 5, 4)])
    assert texts(g, "MV:FP") == {"MV:FP(4,5)->(5,5)", "MV:FP(4,5)->(4,6)", "MV:FP(4,5)->(5,6)"}


def test_sc_and_md_pawns():
    sc = game([P("FP", "white", 2, 5), P("RP", "black", 3, 6)],
              options={"movement": "standard_chess"})
    assert texts(sc, "MV:FP") == {"MV:FP(2,5)->(3,5)", "MV:FP(2,5)->(4,5)", "MV:FP(2,5)->(3,6)"}
    # MD: no double step; the five squares are move and attack squares (R4.3).
    md = game([P("FP", "white", 2, 5), P("RP", "black", 2, 6), P("RP", "white", 3, 4)],
              options={"movement": "mass_destruction"})
    assert texts(md, "MV:FP") == {"MV:FP(2,5)->(3,5)", "MV:FP(2,5)->(3,6)", "MV:FP(2,5)->(2,4)",
                                  "MV:FP(2,5)->(2,6)"}
    fwd = game([P("FP", "white", 2, 5)],
               options={"movement": "mass_destruction", "md_pawns": "all_but_front"})
    assert texts(fwd) == {"MV:FP(2,5)->(3,4)", "MV:FP(2,5)->(3,6)", "MV:FP(2,5)->(2,4)",
                          "MV:FP(2,5)->(2,6)"}


# ------------------------------------------------------------------ R4.11 dozer

DOZE_POS = [P("DO", "white", 1, 1), P("DS", "white", 1, 1), P("FP", "white", 1, 2),
            P("RP", "black", 2, 2)]


def test_doze_count_tiny_position():
    # R4.11.  Dozer DO + partner DS on (1,1); neighbours with Ground pieces: (1,2) FP (white),
    # (2,2) RP (black); (2,1) is empty.  Only directions keeping (1,1)'s pieces on the board:
    # (0,1), (1,0), (1,1).  Groups: {}, {12}, {22}, {12,22}.
    #  (0,1): DO+DS land on (1,2); FP must leave -> {12} (FP->(1,3)), {12,22} (RP->(2,3))  = 2
    #  (1,0): DO+DS -> (2,1) empty; FP->(2,2) needs RP gone (enemies never share, R3.2):
    #         {} ok, {12} no, {22} ok (RP->(3,2)), {12,22} ok                            = 3
    #  (1,1): DO+DS -> (2,2): RP must leave -> {22}, {12,22} (FP->(2,3))                   = 2
    # total 7 doze actions.
    g = game(DOZE_POS)
    assert texts(g, "DZ:") == {
        "DZ:DO(1,1)->(1,2)@(1,2)", "DZ:DO(1,1)->(1,2)@(1,2)(2,2)",
        "DZ:DO(1,1)->(2,1)@", "DZ:DO(1,1)->(2,1)@(2,2)", "DZ:DO(1,1)->(2,1)@(1,2)(2,2)",
        "DZ:DO(1,1)->(2,2)@(2,2)", "DZ:DO(1,1)->(2,2)@(1,2)(2,2)",
    }


def test_doze_enemies_option_off():
    # R4.11 option off: (2,2) (an enemy) cannot be chosen; groups {} and {12}:
    # (0,1) {12} ok; (1,0) {} ok; (1,0) {12} would put FP onto the unmoved RP: no;
    # (1,1) would put DO+DS onto the unmoved RP: no.  -> 2
    g = game(DOZE_POS, options={"doze_enemies": False})
    assert texts(g, "DZ:") == {"DZ:DO(1,1)->(1,2)@(1,2)", "DZ:DO(1,1)->(2,1)@"}


def test_doze_group_limit_and_application():
    # R4.11: at most 4 pieces in the group.  Dozer on (5,5) with partner; every neighbour holds
    # one white RP: groups of up to 4 of the 8 squares; moving up (1,0) keeps everything on the
    # board, and a square's RP can move up only if the square above is emptied (or it's the top row
    # of the block).  We only check counting of one simple direction by brute force here.
    pcs = [P("DO", "white", 5, 5), P("DS", "white", 5, 5)]
    g = game(pcs + [P("RP", "white", 6, 5, home=False)])
    # direction (1,0): DO+DS land on (6,5): RP must be in the group -> "@(6,5)" only.
    assert {t for t in texts(g, "DZ:") if "->(6,5)@" in t} == {"DZ:DO(5,5)->(6,5)@(6,5)"}
    g.apply("DZ:DO(5,5)->(6,5)@(6,5)")
    sq = {(p["type"], tuple(p["square"])) for p in g.position()["pieces"]}
    assert sq == {("DO", (6, 5)), ("DS", (6, 5)), ("RP", (7, 5))}
    # group size: 5 single-piece neighbours can't all be chosen
    many = game(pcs + [P("RP", "white", 4, c, home=False) for c in (4, 5, 6)]
                + [P("RP", "white", 5, 4, home=False), P("RP", "white", 5, 6, home=False)])
    for t in texts(many, "DZ:"):
        assert t.count("(") - 2 <= 4


def test_doze_clears_pawn_home_flag():
    # R4.3 home flag is cleared when the pawn leaves its square, dozing included.
    g = game([P("DO", "white", 1, 2), P("SU", "white", 1, 2), P("SP", "white", 2, 2)])
    g.apply("DZ:DO(1,2)->(1,3)@(2,2)")
    sp = [p for p in g.position()["pieces"] if p["type"] == "SP"][0]
    assert sp["square"] == [2, 3] and sp["home"] is False


def test_stunned_dozer_and_stunned_partner():
    # R4.2.5 / ENGINE-NOTES R4.11: a stunned Dozer cannot doze; a stunned partner can be dozed
    # (but cannot Move itself).
    g = game([P("DO", "white", 5, 5, stun=1), P("DS", "white", 5, 5)])
    assert texts(g, "DZ:") == set() and texts(g, "MV:DO") == set()
    g = game([P("DO", "white", 5, 5), P("DS", "white", 5, 5, stun=2)])
    assert len(texts(g, "DZ:")) == 8 and texts(g, "MV:DS") == set()


# ------------------------------------------------------------------ R4.2.4 / R7.3.3 drop ring

def test_capture_drops_articles_by_ring_in_corner():
    # R4.2.4 + R7.3.3.  White K (9,9) takes a black CP on (10,10) carrying XXX FL RL (R5.1: XXX
    # plus 2).  Ring seen from Black (the removed piece's owner): forward = row-1, left = col+1.
    #   own square (10,10) holds SH           -> FL goes there (now 2)
    #   ring 1, Black's order FL (9,11)off, F (9,10) full, FR (9,9) holds ASH -> RL (now 2),
    #          L (10,11)off, R (10,9) full, BL/B/BR off
    #   ring 2 forward edge left->right: (8,12)off (8,11)off (8,10) empty -> XXX
    # Articles go in the canonical order FL ST CS RL ... XXX (ENGINE-NOTES).
    arts = [{"type": "SH", "square": [10, 10]},
            {"type": "TL", "square": [9, 10]}, {"type": "TL", "square": [9, 10]},
            {"type": "ASH", "square": [9, 9]},
            {"type": "SC", "square": [10, 9]}, {"type": "SC", "square": [10, 9]}]
    g = game([P("K", "white", 9, 9), P("CP", "black", 10, 10, articles=["XXX", "FL", "RL"])],
             articles=arts)
    g.apply("MV:K(9,9)->(10,10)")
    assert ground(g) == {(10, 10): ["FL", "SH"], (9, 10): ["TL", "TL"], (9, 9): ["ASH", "RL"],
                         (10, 9): ["SC", "SC"], (8, 10): ["XXX"]}


def test_drop_ring_white_orientation():
    # R7.3.3 seen from White at (1,1): own, ring 1 FL (2,0)off, F (2,1), FR (2,2), L off, R (1,2).
    # Own square full, (2,1) full -> first article to (2,2), second too, third to (1,2).
    arts = [{"type": "SH", "square": [1, 1]}, {"type": "SH", "square": [1, 1]},
            {"type": "TL", "square": [2, 1]}, {"type": "TL", "square": [2, 1]}]
    g = game([P("K", "black", 2, 2), P("RP", "white", 1, 1, articles=["XXX", "ST", "ACS"])],
             to_move="black", articles=arts)
    g.apply("MV:K(2,2)->(1,1)")
    assert ground(g) == {(1, 1): ["SH", "SH"], (2, 1): ["TL", "TL"], (2, 2): ["ACS", "ST"],
                         (1, 2): ["XXX"]}


# ------------------------------------------------------------------ R4.8 helicopter, carriers

def test_helicopter_leaps_levels_and_air_path():
    # R4.8 right hand WC: corners and (2,1) (-1,2) (-2,-1) (1,-2); from (1,1) only (3,3) and
    # (3,2) are on the board; from Ground it ends at Ground or Air.
    g = game([P("CH", "white", 1, 1, hand="right")])
    assert texts(g) == {"MV:CH(1,1)>->(3,3)", "MV:CH(1,1)>->^(3,3)",
                        "MV:CH(1,1)>->(3,2)", "MV:CH(1,1)>->^(3,2)"}
    # A jet in the Air of (2,2): (3,3)'s only shortest king path is blocked; (3,2) can still go
    # via (2,1).
    g = game([P("CH", "white", 1, 1, hand="right"), P("JE", "black", 2, 2, "A")])
    assert texts(g, "MV:CH") == {"MV:CH(1,1)>->(3,2)", "MV:CH(1,1)>->^(3,2)"}
    g = game([P("CH", "white", 1, 1, hand="right"), P("JE", "black", 2, 2, "A"),
              P("JE", "black", 2, 1, "A")])
    assert texts(g, "MV:CH") == set()
    # Ground pieces don't block the flight.
    g = game([P("CH", "white", 1, 1, hand="right"), P("RP", "black", 2, 2),
              P("RP", "black", 2, 1)])
    assert len(texts(g, "MV:CH")) == 4


def test_helicopter_in_air_lands_only_and_passenger():
    # R4.8 an airborne CH must end on Ground; with its passenger (R2.3) and without.
    g = game([P("CH", "white", 1, 1, "A", hand="right"), P("K", "white", 1, 1, "A"),
              P("K", "black", 10, 10)])
    assert texts(g, "MV:CH") == {
        "MV:CH^(1,1)>->(3,3)", "MV:CH^(1,1)>->(3,3)-TRA->K^(1,1)",
        "MV:CH^(1,1)>->(3,2)", "MV:CH^(1,1)>->(3,2)-TRA->K^(1,1)"}
    # K at Air only as a passenger has no move of its own (ENGINE-NOTES R3.4/R4.1)
    assert texts(g, "MV:K") == set()
    # leaving the passenger behind destroys it (ENGINE-NOTES R2.3); R11.1 the mover loses.
    g.apply("MV:CH^(1,1)>->(3,3)")
    assert not [p for p in g.position()["pieces"] if p["color"] == "white" and p["type"] == "K"]
    g.end_turn()
    assert g.result == "black"


def test_helicopter_captures_with_passenger_and_primary_may_fly():
    g = game([P("CH", "white", 1, 1, hand="right"), P("K", "white", 1, 1),
              P("RP", "black", 3, 2)])
    t = texts(g, "MV:CH")
    assert "MV:CH(1,1)>->(3,2)-TRA->K(1,1)" in t            # combat with passenger (R4.8)
    assert "MV:CH(1,1)>->^(3,2)-TRA->K(1,1)" in t
    g2 = game([P("CH", "white", 1, 1, hand="right"), P("K", "white", 1, 1)],
              options={"primary_may_fly": False})
    assert texts(g2, "MV:CH") == {"MV:CH(1,1)>->(3,3)", "MV:CH(1,1)>->^(3,3)",
                                  "MV:CH(1,1)>->(3,2)", "MV:CH(1,1)>->^(3,2)",
                                  "MV:CH(1,1)>->(3,3)-TRA->K(1,1)",
                                  "MV:CH(1,1)>->(3,2)-TRA->K(1,1)"}


def test_submarine_moves_and_passenger():
    # R4.10: 8 steps at its level + dive; each also with the passenger (R2.3) = 18.
    g = game([P("SU", "white", 5, 5), P("K", "white", 5, 5)])
    assert len(texts(g, "MV:SU")) == 18
    g = game([P("SU", "white", 5, 5), P("K", "white", 5, 5)], options={"primary_may_fly": False})
    assert len(texts(g, "MV:SU")) == 17
    assert "MV:SU(5,5)->v(5,5)-TRA->K(5,5)" not in texts(g)
    # a stunned passenger cannot be taken (R4.2.5)
    g = game([P("SU", "white", 5, 5), P("DS", "white", 5, 5, stun=1)])
    assert len(texts(g, "MV:SU")) == 9
    # non-combat: a black piece blocks its square
    g = game([P("SU", "white", 5, 5), P("RP", "black", 6, 5)])
    assert "MV:SU(5,5)->(6,5)" not in texts(g)
    g = game([P("SU", "white", 5, 5), P("RP", "black", 6, 5)],
             options={"movement": "standard_chess", "jet_sub_combat": True})
    assert "MV:SU(5,5)->(6,5)" in texts(g)


def test_jet_fighter():
    # R4.9: on Ground only take-off; in Air: land, 8 one-square and 8 two-square flights = 17.
    assert texts(game([P("JE", "white", 5, 5)])) == {"MV:JE(5,5)->^(5,5)"}
    assert len(texts(game([P("JE", "white", 5, 5, "A")]))) == 17
    # a black jet at (6,5) Air blocks the 1-square flight (non-combat) and the 2-square one (path)
    g = game([P("JE", "white", 5, 5, "A"), P("JE", "black", 6, 5, "A")])
    assert len(texts(g, "MV:JE")) == 15
    g = game([P("JE", "white", 5, 5, "A"), P("JE", "black", 6, 5, "A")],
             options={"movement": "standard_chess", "jet_sub_combat": True})
    assert "MV:JE^(5,5)->^(6,5)" in texts(g) and "MV:JE^(5,5)->^(7,5)" not in texts(g)


# ------------------------------------------------------------------ R3.x, R4.2.5, dedupe

def test_mixed_pair_cannot_be_entered():
    # R3.2
    g = game([P("K", "white", 4, 4), P("DS", "white", 5, 5), P("DS", "black", 5, 5)])
    assert "MV:K(4,4)->(5,5)" not in texts(g)
    assert len(texts(g, "MV:K")) == 7


def test_identical_pieces_sharing_a_level_dedupe():
    # FORMATS.md perft: actions are equal when their texts are equal.
    g = game([P("DS", "white", 5, 5), P("DS", "white", 5, 5)])
    assert len(g.legal_move_texts()) == 8
    g = game([P("DS", "white", 5, 5), P("DS", "white", 5, 5, articles=["FL"])])
    assert len(g.legal_move_texts()) == 16
    assert "MV:DS(5,5)1FL->(6,6)" in texts(g)


def test_stun_blocks_and_counts_down_on_owner_turns():
    # R4.2.5, R7.3.2 (R6.4: the mover's counters count down at its End Turn)
    g = game([P("TA", "white", 1, 1, hand="right", stun=2), P("DS", "white", 5, 5),
              P("DS", "black", 10, 1)])
    assert texts(g, "MV:TA") == set()
    g.apply("MV:DS(5,5)->(5,6)"); g.end_turn()          # white's stun 2 -> 1
    g.apply("MV:DS(10,1)->(9,1)"); g.end_turn()         # black's turn: no change
    assert texts(g, "MV:TA") == set()
    g.apply("MV:DS(5,6)->(5,5)"); g.end_turn()          # 1 -> 0
    g.apply("MV:DS(9,1)->(10,1)"); g.end_turn()
    assert texts(g, "MV:TA") == {"MV:TA(1,1)>->(8,4)"}


# ------------------------------------------------------------------ R11.1, R6.5, API

def test_capturing_enemy_king_wins_at_end_turn():
    g = game([P("K", "white", 5, 5), P("K", "black", 6, 6)])
    g.apply("MV:K(5,5)->(6,6)")
    assert g.result is None and g.legal_move_texts() == []
    g.end_turn()
    assert g.result == "white" and g.legal_move_texts() == []
    assert reference_perft(g, 1) == 0


def test_no_legal_move_loses():
    # R6.5: Black's only piece, a right tank on (10,10), is blocked at (6,10).
    g = game([P("K", "white", 1, 1), P("DS", "white", 6, 10),
              P("TA", "black", 10, 10, hand="right")])
    g.apply("MV:K(1,1)->(1,2)")
    g.end_turn()
    assert g.result == "white" and g.to_move == "black" and g.turn == 2


def test_position_round_trip_and_copy():
    g = ReferenceGame.from_position(standard_position())
    pos = g.position()
    assert ReferenceGame.from_position(pos).position() == pos
    c = g.copy()
    c.apply("MV:JE(10,4)->^(10,4)")
    assert g.position() == pos and c.position() != pos


def test_standard_position_contents():
    pos = standard_position()
    # R2.5: per side 10 pawns + 2 x (TA DO SU CH DS AAA CL JE) + K + Q = 28
    assert len(pos["pieces"]) == 56 and len(pos["articles"]) == 68 and len(pos["reserves"]) == 20
    hands = {(p["color"], tuple(p["square"]), p["type"]): p["hand"] for p in pos["pieces"]
             if p["hand"]}
    assert hands[("white", (1, 1), "TA")] == "left" and hands[("white", (1, 7), "CH")] == "right"
    assert hands[("black", (10, 1), "TA")] == "right" and hands[("black", (10, 7), "CH")] == "left"


# ------------------------------------------------------------------ perft

def test_perft_standard_depth_1_hand_count():
    # Black to move, WC.  Counted piece by piece (Black's forward is row-1):
    #  pawns (R4.3: diagonal 1, diagonal 2 from home; no attacks possible):
    #    RP(9,1) 2, SP(9,2) 3, FP(9,3) 4, CP(9,4) 4, XP(9,5) 4, SHP(9,6) 4, CP(9,7) 4,
    #    FP(9,8) 4, SP(9,9) 3, RP(9,10) 2                                          = 34
    #  CH(10,4) right: leaps (8,2) (8,3) (8,6) (9,6); Air is empty; row 8 squares: G/A, each with
    #    and without JE = 4 x 3 = 12; (9,6) holds SHP: Ground alone (coexistence), Air with/without
    #    = 3 -> 15; CH(10,7) left likewise ((8,5) (8,8) (8,9) (9,5))                = 30
    #  JE take-off x2                                                               =  2
    #  DS(9,4): (10,3) CL, (10,5) Q, (9,5) XP (coexistence), (8,3) (8,4) (8,5) = 6;
    #    DS(9,7) = 6                                                                 = 12
    #  AAA(9,3): (10,3), (9,2), (8,2) (8,3) (8,4) = 5; AAA(9,8) = 5                  = 10
    #  DO(10,2): (10,1) (10,3) (9,1) (9,2) = 4; DO(10,9) = 4                        =  8
    #  SU(10,2): the same 4 + dive alone + dive with DO = 6; SU(10,9) = 6           = 12
    #  Dozes (R4.11), DO(10,2)+SU: only directions (-1,0) and (-1,1) can work:
    #    (-1,0) -> (9,2): SP must go; RP(9,1), TA(10,1) (needs RP gone), FP+AAA(9,3),
    #      CL(10,3) (needs (9,3) gone), <= 4 pieces: {SP} {SP,RP} {SP,RP,TA} {SP,93}
    #      {SP,93,CL} {SP,RP,93} = 6
    #    (-1,1) -> (9,3): FP+AAA must go (2 pieces); CL->(9,4) always full; RP, SP, TA (needs
    #      SP): {93} {93,RP} {93,SP} {93,RP,SP} {93,SP,TA} = 5       -> 11; DO(10,9) 11  = 22
    #  TA, CL, Q, K: no move (paths start on occupied squares / K boxed in)         =  0
    #  total 34 + 30 + 2 + 12 + 10 + 8 + 12 + 22                                    = 130
    g = ReferenceGame.from_position(standard_position())
    assert reference_perft(g, 1) == 130
    assert len(g.legal_move_texts()) == 130


def test_perft_standard_depth_2():
    # After any black first move White still has the mirrored 130 (no contact yet).
    g = ReferenceGame.from_position(standard_position())
    assert reference_perft(g, 2) == 130 * 130
