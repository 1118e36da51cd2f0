"""Turn, article, transport and end-of-game rules of RULES.md sections 5, 6, 8, 9 and 11.

Each test sets up a small position (tests/builders.py) and checks what the cited rule demands,
using the engine's readings of docs/ENGINE-NOTES.md where RULES.md leaves a choice.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import wec
from builders import find, game, piece, play, position

W, B = "white", "black"
KINGS = (piece("K", W, 1, 1), piece("K", B, 10, 10))
NON_MOVES = ("fire", "pickup", "drop", "exchange", "reinforce")


def kinds(g: wec.Game) -> set[str]:
    return {a.kind for a in g.legal_actions()}


def of_kind(g: wec.Game, kind: str, origin: tuple | None = None) -> list[wec.Action]:
    return [a for a in g.legal_actions() if a.kind == kind and (origin is None or a.origin == origin)]


def arts_of(g: wec.Game, row: int, col: int, level: str = "G") -> tuple[str, ...]:
    (p,) = g.pieces_at(row, col, level)
    return p.articles


def with_reserves(pos: dict, *reserves: dict) -> wec.Game:
    pos["reserves"] = list(reserves)
    return wec.Game.from_position(pos)


def reserve(code: str, color: str, row: int, col: int, hand: str | None = None,
            armed: bool = False) -> dict:
    return {"type": code, "color": color, "square": [row, col], "hand": hand, "armed": armed}


def any_move(g: wec.Game, row: int, col: int, level: str = "G") -> wec.Action:
    return next(a for a in g.legal_moves() if a.origin == (row, col, level))


def pass_turn(g: wec.Game) -> None:
    """The side to move makes its first legal Move and ends the turn."""
    play(g, g.legal_moves()[0])
    play(g, "END")


# --- R5.1 slots ----------------------------------------------------------------------------------

def test_R5_1_a_piece_with_one_article_cannot_pick_up_a_second():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), articles=(("SH", (5, 5)),))
    assert of_kind(g, "pickup") == []
    empty = game(*KINGS, piece("DO", W, 5, 5), articles=(("SH", (5, 5)),))
    assert [a.article for a in of_kind(empty, "pickup")] == ["SH"]


def test_R5_1_an_xxx_box_gives_two_more_slots():
    one = game(*KINGS, piece("DO", W, 5, 5, articles=["XXX", "FL"]), articles=(("SH", (5, 5)),))
    play(one, find(one, kind="pickup", article="SH"))
    assert sorted(arts_of(one, 5, 5)) == ["FL", "SH", "XXX"]
    full = game(*KINGS, piece("DO", W, 5, 5, articles=["XXX", "FL", "ST"]),
                articles=(("SH", (5, 5)),))
    assert of_kind(full, "pickup") == []


def test_R5_1_xxx_boxes_do_not_add_up():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["XXX", "XXX", "FL"]), articles=(("SH", (5, 5)),))
    assert of_kind(g, "pickup") == []


def test_R5_1_an_xp_carries_two_articles():
    g = game(*KINGS, piece("XP", W, 5, 5, home=False, articles=["FL"]), articles=(("SH", (5, 5)),))
    play(g, find(g, kind="pickup", article="SH"))
    assert sorted(arts_of(g, 5, 5)) == ["FL", "SH"]
    full = game(*KINGS, piece("XP", W, 5, 5, home=False, articles=["FL", "ST"]),
                articles=(("SH", (5, 5)),))
    assert of_kind(full, "pickup") == []


def test_R5_1_dropping_the_xxx_box_while_holding_two_others_is_not_offered():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["XXX", "FL", "ST"]))
    assert sorted(a.article for a in of_kind(g, "drop")) == ["FL", "ST"]
    with pytest.raises(wec.IllegalActionError):
        g.apply("DR:DO(5,5)3FLSTXXXvXXX")
    # with only one other article the box may go
    g1 = game(*KINGS, piece("DO", W, 5, 5, articles=["XXX", "FL"]))
    assert sorted(a.article for a in of_kind(g1, "drop")) == ["FL", "XXX"]


def test_R5_1_position_with_too_many_articles_is_rejected():
    with pytest.raises(wec.PositionError):
        game(*KINGS, piece("DO", W, 5, 5, articles=["FL", "ST"]))
    with pytest.raises(wec.PositionError):
        game(*KINGS, piece("XP", W, 5, 5, home=False, articles=["FL", "ST", "CS"]))


# --- R5.3 strength -------------------------------------------------------------------------------

@pytest.mark.parametrize("carried, destroyed", [([], False), (["FL"], True)])
def test_R5_3_inherent_plus_carried_flame_has_strength_two(carried, destroyed):
    # R7.8: one AFL stops a hit of strength 1; strength 2 (inherent FL + carried FL) beats it
    g = game(*KINGS, piece("TA", W, 5, 5, hand="right", articles=carried),
             piece("DO", B, 6, 5, articles=["AFL"]))
    play(g, find(g, kind="fire", article="FL", origin=(5, 5, "G"), dest=(6, 5, "G")))
    assert (g.pieces_at(6, 5, "G") == []) == destroyed
    if destroyed:
        assert g.articles_at(6, 5) == ("AFL",)  # R4.2.4: its article drops there
    # R6.2 / ENGINE-NOTES: every fired weapon starts its own count-down
    (ta,) = g.pieces_at(5, 5, "G")
    assert ta.cooldowns == {"FL": 4}
    assert g.position()["pieces"][2]["article_cooldowns"] == [4] * len(carried)


def test_R5_3_anti_strength_adds_inherent_and_carried():
    # a Flame Pawn has inherent AFL; with a carried AFL it has defence 2 and survives strength 2
    g = game(*KINGS, piece("TA", W, 5, 5, hand="right", articles=["FL"]),
             piece("FP", B, 6, 5, home=False, articles=["AFL"]))
    play(g, find(g, kind="fire", article="FL", origin=(5, 5, "G"), dest=(6, 5, "G")))
    assert [p.type for p in g.pieces_at(6, 5, "G")] == ["FP"]


# --- R6.1 the turn -------------------------------------------------------------------------------

def three_flamers() -> wec.Game:
    return game(*KINGS, piece("TA", W, 3, 3, hand="right"), piece("TA", W, 3, 6, hand="right"),
                piece("FP", W, 3, 9, home=False))


def test_R6_1_at_most_two_fires_per_turn():
    g = three_flamers()
    play(g, find(g, kind="fire", origin=(3, 3, "G"), dest=(4, 3, "G")))
    assert of_kind(g, "fire", (3, 6, "G")) and of_kind(g, "fire", (3, 9, "G"))
    play(g, find(g, kind="fire", origin=(3, 6, "G"), dest=(4, 6, "G")))
    assert of_kind(g, "fire") == []
    play(g, any_move(g, 1, 1))
    assert of_kind(g, "fire") == []
    with pytest.raises(wec.IllegalActionError):
        g.apply("FI:FL/FP(3,9)->(4,9)")


def test_R6_1_fires_are_allowed_before_and_after_the_move():
    g = three_flamers()
    assert not g.moved and of_kind(g, "fire")
    play(g, find(g, kind="fire", origin=(3, 3, "G"), dest=(4, 3, "G")))
    play(g, any_move(g, 1, 1))
    play(g, find(g, kind="fire", origin=(3, 6, "G"), dest=(4, 6, "G")))
    play(g, "END")
    assert g.to_move == B


def test_R6_1_end_turn_only_after_the_move_and_exactly_one_move():
    g = game(*KINGS, piece("DO", W, 5, 5))
    assert "end" not in kinds(g)
    with pytest.raises(wec.IllegalActionError):
        g.end_turn()
    play(g, any_move(g, 5, 5))
    assert "end" in kinds(g)
    assert g.legal_moves() == []  # one Move per turn
    play(g, "END")
    assert g.to_move == B


def test_R6_1_at_most_one_pickup_per_turn():
    g = game(*KINGS, piece("DO", W, 5, 5), piece("DO", W, 5, 6),
             articles=(("SH", (5, 5)), ("FL", (5, 6))))
    assert len(of_kind(g, "pickup")) == 2
    play(g, find(g, kind="pickup", origin=(5, 5, "G")))
    assert of_kind(g, "pickup") == []


def test_R6_1_at_most_one_drop_per_turn():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), piece("DO", W, 5, 7, articles=["ST"]))
    assert len(of_kind(g, "drop")) == 2
    play(g, find(g, kind="drop", origin=(5, 5, "G")))
    assert of_kind(g, "drop") == []


def test_R6_1_at_most_one_exchange_per_turn():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), piece("DO", W, 5, 6),
             piece("DO", W, 7, 5, articles=["ST"]), piece("DO", W, 7, 6))
    assert len(of_kind(g, "exchange")) == 2
    play(g, find(g, kind="exchange", origin=(5, 5, "G")))
    assert of_kind(g, "exchange") == []


def test_R6_1_at_most_one_reinforce_per_turn():
    g = with_reserves(position(*KINGS, piece("DO", W, 5, 5)),
                      reserve("DS", W, 8, 3, armed=True), reserve("AAA", W, 8, 8, armed=True))
    assert {a.dest for a in of_kind(g, "reinforce")} == {(8, 3, "G"), (8, 8, "G")}
    play(g, find(g, kind="reinforce", dest=(8, 3, "G")))
    assert of_kind(g, "reinforce") == []


def test_R6_1_pickup_drop_exchange_and_reinforce_together_in_one_turn():
    g = with_reserves(position(*KINGS, piece("DO", W, 5, 5), piece("DO", W, 5, 6, articles=["ST"]),
                               piece("DO", W, 3, 3, articles=["CS"]), articles=(("FL", (5, 5)),)),
                      reserve("DS", W, 8, 3, armed=True))
    play(g, find(g, kind="pickup", origin=(5, 5, "G")))
    play(g, find(g, kind="drop", origin=(3, 3, "G")))
    play(g, find(g, kind="exchange", origin=(5, 5, "G"), article="FL", swap="ST"))
    play(g, find(g, kind="reinforce"))
    play(g, any_move(g, 1, 1))
    play(g, "END")
    assert g.to_move == B


# --- R6.2 ----------------------------------------------------------------------------------------

def test_R6_2_a_piece_fires_at_most_once_per_turn():
    # a tank with inherent FL carrying a Stunner: after the Flame it cannot fire the Stunner
    g = game(*KINGS, piece("TA", W, 5, 5, hand="right", articles=["ST"]))
    assert {a.article for a in of_kind(g, "fire")} == {"FL", "ST"}
    play(g, find(g, kind="fire", article="FL", dest=(6, 5, "G")))
    assert of_kind(g, "fire") == []
    assert g.pieces_at(5, 5, "G")[0].fired


def test_R6_2_the_fired_flag_clears_next_turn():
    g = game(*KINGS, piece("TA", W, 5, 5, hand="right", articles=["ST"]), piece("DO", B, 9, 9))
    play(g, find(g, kind="fire", article="ST", dest=(6, 5, "G")))
    play(g, any_move(g, 1, 1))
    play(g, "END")
    pass_turn(g)
    assert g.to_move == W
    # the piece may fire again (the Flame was never fired); the Stunner (rate 2, R7.2, the
    # firing turn counting as one) is ready only one turn later
    assert {a.article for a in of_kind(g, "fire", (5, 5, "G"))} == {"FL"}
    play(g, any_move(g, *square_of_piece(g, "K")))
    play(g, "END")
    pass_turn(g)
    assert {a.article for a in of_kind(g, "fire", (5, 5, "G"))} == {"FL", "ST"}


# --- R6.3 options ----------------------------------------------------------------------------------

def test_R6_3_one_action_per_piece_moved_piece_cannot_fire():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), piece("TA", W, 3, 3, hand="right"),
             one_action_per_piece=True)
    assert of_kind(g, "fire", (5, 5, "G"))
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 6, "G")))
    assert of_kind(g, "fire", (5, 6, "G")) == []
    assert of_kind(g, "fire", (3, 3, "G"))  # another piece still may


def test_R6_3_one_action_per_piece_fired_piece_cannot_move():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), one_action_per_piece=True)
    play(g, find(g, kind="fire", origin=(5, 5, "G"), dest=(6, 5, "G")))
    assert [a for a in g.legal_moves() if a.origin == (5, 5, "G")] == []
    assert g.legal_moves()  # the King may still Move


def test_R6_3_one_action_per_piece_pickup_then_no_move_or_fire():
    g = game(*KINGS, piece("DO", W, 5, 5), articles=(("FL", (5, 5)),), one_action_per_piece=True)
    play(g, find(g, kind="pickup", origin=(5, 5, "G")))
    assert [a for a in g.legal_actions() if a.origin == (5, 5, "G")] == []


def test_R6_3_one_action_per_piece_both_exchange_partners_have_acted():
    g = game(*KINGS, piece("DO", W, 5, 6, articles=["FL"]), piece("DS", W, 5, 5),
             one_action_per_piece=True)
    play(g, find(g, kind="exchange"))
    assert {a.origin for a in g.legal_actions()} == {(1, 1, "G")}


def test_R6_3_one_action_per_piece_an_entered_reserve_has_acted():
    for option, may_act in ((False, True), (True, False)):
        g = with_reserves(position(*KINGS, one_action_per_piece=option),
                          reserve("DS", W, 8, 4, armed=True))
        play(g, find(g, kind="reinforce"))
        assert any(a.origin == (8, 4, "G") for a in g.legal_actions()) == may_act


def test_R6_3_without_the_option_a_moved_piece_may_fire():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]))
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 6, "G")))
    assert of_kind(g, "fire", (5, 6, "G"))


def test_R6_3_movement_only_leaves_only_moves():
    pieces = (*KINGS, piece("TA", W, 5, 5, hand="right", articles=["FL"]), piece("DO", W, 5, 6),
              piece("DO", W, 3, 3, articles=["ST"]), piece("DO", W, 3, 4, articles=["CS"]))
    arts = (("SH", (5, 6)),)
    res = reserve("DS", W, 8, 3, armed=True)
    normal = with_reserves(position(*pieces, articles=arts), res)
    assert set(NON_MOVES) <= kinds(normal)
    g = with_reserves(position(*pieces, articles=arts, movement_only=True), res)
    assert kinds(g) == {"move"}
    play(g, any_move(g, 1, 1))
    assert kinds(g) == {"end"}


# --- R8.1 pickup ---------------------------------------------------------------------------------

def test_R8_1_pickup_only_at_ground():
    # a jet in the Air over articles has a free slot but is not at Ground
    g = game(*KINGS, piece("JE", W, 5, 5, "A"), articles=(("FL", (5, 5)),))
    assert of_kind(g, "pickup") == []
    g = game(*KINGS, piece("JE", W, 5, 5), articles=(("FL", (5, 5)),))
    assert [a.article for a in of_kind(g, "pickup")] == ["FL"]


def test_R8_1_pickup_only_from_the_pieces_own_square():
    g = game(*KINGS, piece("DO", W, 5, 5), articles=(("FL", (5, 6)),))
    assert of_kind(g, "pickup") == []


def test_R8_1_pickup_moves_the_article_into_the_slot():
    g = game(*KINGS, piece("DO", W, 5, 5), articles=(("FL", (5, 5)), ("SH", (5, 5))))
    assert sorted(a.article for a in of_kind(g, "pickup")) == ["FL", "SH"]
    play(g, find(g, kind="pickup", article="SH"))
    assert arts_of(g, 5, 5) == ("SH",)
    assert g.articles_at(5, 5) == ("FL",)


@pytest.mark.parametrize("stealthy, offered", [(False, ["FL"]), (True, ["FL", "SH"])])
def test_R8_1_a_king_picks_up_stealth_only_with_stealthy_primary(stealthy, offered):
    g = game(piece("K", W, 5, 5), piece("K", B, 10, 10), articles=(("SH", (5, 5)), ("FL", (5, 5))),
             stealthy_primary=stealthy)
    assert sorted(a.article for a in of_kind(g, "pickup")) == offered


def test_R8_1_the_queen_may_pick_up_stealth():
    g = game(*KINGS, piece("Q", W, 5, 5), articles=(("SH", (5, 5)),))
    assert [a.article for a in of_kind(g, "pickup")] == ["SH"]


@pytest.mark.parametrize("stealthy, offered", [(False, False), (True, True)])
def test_R8_1_a_king_receives_stealth_by_exchange_only_with_stealthy_primary(stealthy, offered):
    g = game(piece("K", W, 5, 5), piece("K", B, 10, 10), piece("DO", W, 5, 6, articles=["SH"]),
             stealthy_primary=stealthy)
    assert bool(of_kind(g, "exchange")) == offered


def test_R8_1_a_stunned_piece_cannot_pick_up():
    g = game(*KINGS, piece("DO", W, 5, 5, stun=2), articles=(("FL", (5, 5)),))
    assert of_kind(g, "pickup") == []


# --- R8.2 drop -----------------------------------------------------------------------------------

def test_R8_2_drop_lands_on_the_carriers_ground():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), articles=(("SH", (5, 5)),))
    play(g, find(g, kind="drop", article="FL"))
    assert sorted(g.articles_at(5, 5)) == ["FL", "SH"]
    assert arts_of(g, 5, 5) == ()


def test_R8_2_drop_needs_fewer_than_two_articles_on_the_ground():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), articles=(("SH", (5, 5)), ("ST", (5, 5))))
    assert of_kind(g, "drop") == []


def test_R8_2_drop_from_the_air_lands_on_the_squares_ground():
    g = game(*KINGS, piece("JE", W, 5, 5, "A", articles=["FL"]), articles=(("SH", (5, 5)),))
    play(g, find(g, kind="drop", article="FL", origin=(5, 5, "A")))
    assert sorted(g.articles_at(5, 5)) == ["FL", "SH"]
    assert arts_of(g, 5, 5, "A") == ()
    full = game(*KINGS, piece("JE", W, 5, 5, "A", articles=["FL"]),
                articles=(("SH", (5, 5)), ("ST", (5, 5))))
    assert of_kind(full, "drop") == []


def test_R8_2_drop_from_sub_lands_on_the_squares_ground():
    g = game(*KINGS, piece("SU", W, 5, 5, "S", articles=["FL"]))
    play(g, find(g, kind="drop", article="FL", origin=(5, 5, "S")))
    assert g.articles_at(5, 5) == ("FL",)


def test_R8_2_inherent_abilities_cannot_be_dropped():
    # R5.2: a tank's FL is inherent
    g = game(*KINGS, piece("TA", W, 5, 5, hand="right"))
    assert of_kind(g, "drop") == []


# --- R8.3 exchange -------------------------------------------------------------------------------

def test_R8_3_exchange_between_adjacent_pieces_at_any_levels():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), piece("JE", W, 6, 6, "A"))
    ex = find(g, kind="exchange", origin=(5, 5, "G"))
    assert (ex.article, ex.swap, ex.target) == ("FL", None, (6, 6, "A"))
    play(g, ex)
    assert arts_of(g, 5, 5) == () and arts_of(g, 6, 6, "A") == ("FL",)


def test_R8_3_exchange_within_one_square_between_levels():
    g = game(*KINGS, piece("SU", W, 5, 5, "S", articles=["FL"]), piece("DO", W, 5, 5))
    ex = find(g, kind="exchange", origin=(5, 5, "S"))
    assert ex.target == (5, 5, "G")


def test_R8_3_no_exchange_two_squares_apart():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), piece("DO", W, 5, 7))
    assert of_kind(g, "exchange") == []
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), piece("DO", W, 7, 7))
    assert of_kind(g, "exchange") == []


@pytest.mark.parametrize("stunned", ["giver", "receiver"])
def test_R8_3_a_stunned_piece_takes_no_part_in_an_exchange(stunned):
    # R7.3.1: a stunned piece cannot Exchange
    g = game(*KINGS, piece("DO", W, 5, 6, articles=["FL"], stun=2 if stunned == "giver" else 0),
             piece("DS", W, 5, 5, stun=2 if stunned == "receiver" else 0))
    assert of_kind(g, "exchange") == []


def test_R8_3_no_exchange_with_an_enemy():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), piece("DO", B, 5, 6))
    assert of_kind(g, "exchange") == []


def test_R8_3_the_queen_exchanges_at_any_distance():
    g = game(*KINGS, piece("Q", W, 4, 4, articles=["FL"]), piece("DO", W, 9, 8, articles=["ST"]))
    # (the Queen may also give its FL to the empty-handed King, also at a distance)
    (ex,) = [a for a in of_kind(g, "exchange") if (9, 8, "G") in (a.origin, a.target)]  # swap only
    assert {ex.origin, ex.target} == {(4, 4, "G"), (9, 8, "G")}
    assert {ex.article, ex.swap} == {"FL", "ST"}
    play(g, ex)
    assert arts_of(g, 4, 4) == ("ST",) and arts_of(g, 9, 8) == ("FL",)


def test_R8_3_the_queen_receives_at_any_distance():
    g = game(*KINGS, piece("Q", W, 4, 4), piece("DO", W, 9, 8, articles=["ST"]))
    ex = find(g, kind="exchange")
    assert (ex.origin, ex.article, ex.swap, ex.target) == ((9, 8, "G"), "ST", None, (4, 4, "G"))
    play(g, ex)
    assert arts_of(g, 4, 4) == ("ST",) and arts_of(g, 9, 8) == ()


@pytest.mark.parametrize("government, secondary", [("dictatorship", "AS"), ("theocracy", "AC"),
                                                    ("democracy", "PM")])
def test_R8_3_every_secondary_government_piece_exchanges_at_any_distance(government, secondary):
    g = game(piece("K", B, 10, 10), piece(secondary, W, 4, 4), piece("DO", W, 9, 8, articles=["ST"]),
             government_white=government)
    assert find(g, kind="exchange").target == (4, 4, "G")


def test_R8_3_the_king_has_no_remote_exchange():
    g = game(piece("K", W, 4, 4), piece("K", B, 10, 10), piece("DO", W, 9, 8, articles=["ST"]))
    assert of_kind(g, "exchange") == []


def test_R8_3_swap_one_article_of_each():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), piece("DO", W, 6, 5, articles=["ST"]))
    exs = of_kind(g, "exchange")
    assert len(exs) == 1  # the swap is listed once (ENGINE-NOTES R8.3)
    assert {exs[0].article, exs[0].swap} == {"FL", "ST"}
    play(g, exs[0])
    assert arts_of(g, 5, 5) == ("ST",) and arts_of(g, 6, 5) == ("FL",)


def test_R8_3_slots_must_hold_a_full_piece_only_swaps():
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["FL"]), piece("DO", W, 6, 5, articles=["ST"]))
    exs = of_kind(g, "exchange")
    assert exs and all(a.swap is not None for a in exs)
    # the XXX box itself may not be given away while the giver still holds two other articles
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["XXX", "FL", "ST"]), piece("DO", W, 6, 5))
    given = {a.article for a in of_kind(g, "exchange") if a.origin == (5, 5, "G")}
    assert given == {"FL", "ST"}


def test_R8_3_exchanges_with_an_xxx_box_respect_the_slots():
    # A = DO(5,5) with XXX + FL, B = DS(6,5) with ST.
    g = game(*KINGS, piece("DO", W, 5, 5, articles=["XXX", "FL"]), piece("DS", W, 6, 5, articles=["ST"]))
    exs = {(a.origin[:2], a.article, a.swap) for a in of_kind(g, "exchange")}
    pairs = {frozenset((a, s)) for _, a, s in exs if s is not None}
    assert ((6, 5), "ST", None) in exs          # A has a free slot: B may give its ST
    assert ((5, 5), "FL", None) not in exs      # B is full
    assert ((5, 5), "XXX", None) in exs         # A keeps FL (1 slot), B gets ST + box (fine)
    assert frozenset(("FL", "ST")) in pairs     # a plain swap
    assert frozenset(("XXX", "ST")) not in pairs  # A would hold FL + ST without a box


# --- R8.4 reinforce ------------------------------------------------------------------------------

def test_R8_4_not_before_it_is_armed():
    g = with_reserves(position(*KINGS, piece("DO", W, 7, 4)), reserve("CL", W, 8, 4, hand="left"))
    assert of_kind(g, "reinforce") == []


def test_R8_4_armed_by_a_friendly_piece_on_its_ground_then_enters_when_empty():
    g = with_reserves(position(*KINGS, piece("DO", W, 7, 4), articles=(("FL", (8, 4)),)),
                      reserve("CL", W, 8, 4, hand="left"))
    play(g, find(g, origin=(7, 4, "G"), dest=(8, 4, "G")))
    assert g.reserves()[0]["armed"] is True
    assert of_kind(g, "reinforce") == []  # its Ground is not empty
    play(g, "END")
    pass_turn(g)
    play(g, find(g, origin=(8, 4, "G"), dest=(8, 5, "G")))
    re = find(g, kind="reinforce")
    assert (re.piece, re.dest, re.hand) == ("CL", (8, 4, "G"), "left")
    assert str(re) == "RE:(8,4)CL<"
    play(g, re)
    (cl,) = g.pieces_at(8, 4)
    assert (cl.type, cl.color, cl.level, cl.hand, cl.articles) == ("CL", W, "G", "left", ())
    assert g.articles_at(8, 4) == ("FL",)  # the articles lying there stay on the ground
    assert g.reserves()[0]["entered"] is True
    assert of_kind(g, "reinforce") == []


def test_R8_4_armed_at_the_end_of_an_action_even_if_the_piece_leaves():
    g = with_reserves(position(*KINGS, piece("DO", W, 7, 4)), reserve("DS", W, 8, 4))
    play(g, find(g, origin=(7, 4, "G"), dest=(8, 4, "G")))
    play(g, "END")
    pass_turn(g)
    assert g.reserves()[0]["armed"] is True


def test_R8_4_an_enemy_or_an_air_piece_does_not_arm():
    g = with_reserves(position(*KINGS, piece("DO", B, 7, 4), to_move=B), reserve("DS", W, 8, 4))
    play(g, find(g, origin=(7, 4, "G"), dest=(8, 4, "G")))
    play(g, "END")
    assert g.reserves()[0]["armed"] is False
    g = with_reserves(position(*KINGS, piece("JE", W, 7, 4, "A")), reserve("DS", W, 8, 4))
    play(g, find(g, origin=(7, 4, "A"), dest=(8, 4, "A")))
    play(g, "END")
    assert g.reserves()[0]["armed"] is False


def test_R8_4_no_entry_while_a_piece_stands_on_the_ground():
    for blocker in (piece("DO", W, 8, 4), piece("DO", B, 8, 4)):
        g = with_reserves(position(*KINGS, blocker), reserve("DS", W, 8, 4, armed=True))
        assert of_kind(g, "reinforce") == []
    # a piece in the Air does not block the Ground
    g = with_reserves(position(*KINGS, piece("JE", W, 8, 4, "A")), reserve("DS", W, 8, 4, armed=True))
    assert len(of_kind(g, "reinforce")) == 1


def test_R8_4_only_the_side_to_move_reinforces():
    g = with_reserves(position(*KINGS, to_move=B), reserve("DS", W, 8, 4, armed=True))
    assert of_kind(g, "reinforce") == []


def test_R8_4_two_unhanded_reserves_on_one_square():
    g = with_reserves(position(*KINGS), reserve("DS", W, 8, 4, armed=True),
                      reserve("DO", W, 8, 4, armed=True))
    assert {a.piece for a in of_kind(g, "reinforce")} == {"DS", "DO"}


# --- R9 transport --------------------------------------------------------------------------------

def square_of_piece(g: wec.Game, code: str, color: str = W) -> tuple[int, int, str]:
    (p,) = [p for p in g.pieces(color) if p.type == code]
    return p.row, p.col, p.level


def bike_game() -> wec.Game:
    return game(*KINGS, piece("DO", W, 3, 3, articles=["BI"]), piece("DS", B, 9, 9))


@pytest.mark.parametrize("path, squares", [
    ("beeline", [(4, 4), (5, 5), (6, 5), (7, 5)]),
    ("dogleg", [(4, 3), (5, 3), (6, 4), (7, 5)]),
])
def test_R9_bike_journey_beeline_and_dogleg(path, squares):
    g = bike_game()
    play(g, find(g, kind="fire", article="BI", dest=(7, 5, "G"), path=path))
    assert square_of_piece(g, "DO") == (*squares[0], "G")          # R9.3 one step when fired
    assert g.pieces_at(*squares[0], "G")[0].journey == ("BI", (7, 5), path)
    play(g, any_move(g, 1, 1))
    play(g, "END")
    assert square_of_piece(g, "DO") == (*squares[0], "G")          # not on the opponent's turn
    pass_turn(g)
    assert square_of_piece(g, "DO") == (*squares[1], "G")          # start of owner's next turn
    pass_turn(g)
    pass_turn(g)
    assert square_of_piece(g, "DO") == (*squares[2], "G")
    pass_turn(g)
    pass_turn(g)
    (do,) = [p for p in g.pieces(W) if p.type == "DO"]
    assert (do.row, do.col, do.level, do.journey) == (7, 5, "G", None)
    assert do.articles == ("BI",)  # the bike is kept


def test_R9_5_a_piece_on_a_journey_cannot_be_moved():
    g = bike_game()
    play(g, find(g, kind="fire", article="BI", dest=(7, 5, "G"), path="beeline"))
    assert [a for a in g.legal_moves() if a.origin == (4, 4, "G")] == []
    play(g, any_move(g, 1, 1))
    play(g, "END")
    pass_turn(g)
    assert [a for a in g.legal_moves() if a.origin == (5, 5, "G")] == []
    assert not [a for a in of_kind(g, "fire") if a.article == "BI"]  # not fired again


def test_R9_5_a_piece_on_a_journey_may_drop_and_exchange_but_not_its_transport():
    g = game(*KINGS, piece("DO", W, 3, 3, articles=["XXX", "BI", "FL"]), piece("DS", W, 4, 5))
    play(g, find(g, kind="fire", article="BI", dest=(3, 8, "G"), path="beeline"))
    traveller = (3, 4, "G")
    assert square_of_piece(g, "DO") == traveller
    drops = {a.article for a in of_kind(g, "drop", traveller)}
    assert "FL" in drops and "BI" not in drops
    gives = {a.article for a in of_kind(g, "exchange", traveller)}
    assert "FL" in gives and "BI" not in gives


def test_R9_1_the_piece_moved_this_turn_cannot_start_a_journey():
    g = bike_game()
    play(g, find(g, origin=(3, 3, "G"), dest=(3, 4, "G")))
    assert [a for a in of_kind(g, "fire") if a.article == "BI"] == []
    g = bike_game()
    play(g, any_move(g, 1, 1))
    assert [a for a in of_kind(g, "fire") if a.article == "BI"]  # another piece Moved: fine


def test_R9_1_only_from_ground():
    g = game(*KINGS, piece("JE", W, 3, 3, "A", articles=["BI"]))
    assert [a for a in of_kind(g, "fire") if a.article == "BI"] == []


def test_R9_2_jump_pack_rises_travels_in_the_air_and_lands():
    g = game(*KINGS, piece("RP", W, 3, 3, home=False, articles=["JP"]), piece("DS", B, 9, 9),
             piece("DS", B, 4, 3))  # a Ground piece in the way does not stop a jump
    play(g, find(g, kind="fire", article="JU", dest=(5, 3, "G"), path="beeline"))
    assert square_of_piece(g, "RP") == (4, 3, "A")
    assert g.pieces_at(3, 3) == []
    play(g, any_move(g, 1, 1))
    play(g, "END")
    assert square_of_piece(g, "RP") == (4, 3, "A")
    pass_turn(g)
    (rp,) = [p for p in g.pieces(W) if p.type == "RP"]
    assert (rp.row, rp.col, rp.level, rp.journey) == (5, 3, "G", None)


def test_R9_2_scuba_suit_dives_travels_at_sub_and_surfaces():
    g = game(*KINGS, piece("RP", W, 3, 3, home=False, articles=["SC"]), piece("DS", B, 9, 9),
             piece("DS", W, 4, 3))
    play(g, find(g, kind="fire", article="SC", dest=(5, 3, "G"), path="beeline"))
    assert square_of_piece(g, "RP") == (4, 3, "S")
    play(g, any_move(g, 1, 1))
    play(g, "END")
    pass_turn(g)
    (rp,) = [p for p in g.pieces(W) if p.type == "RP"]
    assert (rp.row, rp.col, rp.level, rp.journey) == (5, 3, "G", None)


def test_R9_4_bike_crash_ends_the_journey_where_it_is():
    g = game(*KINGS, piece("RP", W, 3, 3, home=False, articles=["BI"]), piece("DS", B, 9, 9),
             piece("DS", B, 3, 6))
    play(g, find(g, kind="fire", article="BI", dest=(3, 8, "G"), path="beeline"))
    assert square_of_piece(g, "RP") == (3, 4, "G")
    play(g, any_move(g, 1, 1))
    play(g, "END")
    pass_turn(g)
    assert square_of_piece(g, "RP") == (3, 5, "G")
    pass_turn(g)
    pass_turn(g)  # the next step would enter (3,6): crash
    (rp,) = [p for p in g.pieces(W) if p.type == "RP"]
    assert (rp.row, rp.col, rp.level, rp.journey) == (3, 5, "G", None)
    assert [p.type for p in g.pieces_at(3, 6)] == ["DS"]  # no capture
    assert any(a.origin == (3, 5, "G") for a in g.legal_moves())  # free to Move again


def test_R9_4_landing_on_a_ground_without_room_destroys_the_piece():
    # RP jumps (3,3) -> (3,5); friendly pawns hold the Ground of (3,4) and (3,5): it crashes on
    # landing and no Ground there can take it, so it is destroyed; its articles go by the drop ring
    g = game(*KINGS, piece("RP", W, 3, 3, home=False, articles=["JP"]), piece("DS", B, 9, 9),
             piece("SP", W, 3, 4, home=False), piece("CP", W, 3, 5, home=False))
    play(g, find(g, kind="fire", article="JU", dest=(3, 5, "G"), path="beeline"))
    assert square_of_piece(g, "RP") == (3, 4, "A")
    play(g, any_move(g, 1, 1))
    play(g, "END")
    pass_turn(g)
    assert [p for p in g.pieces(W) if p.type == "RP"] == []
    carried = sum(len(p.articles) for p in g.pieces())
    lying = sum(len(g.articles_at(r, c)) for r in range(1, 11) for c in range(1, 11))
    assert carried + lying == 1
    assert "JP" in g.articles_at(3, 5) + g.articles_at(3, 4)


def test_R9_4_a_one_square_jump_onto_a_full_ground_destroys_at_once():
    # (3,3) -> (3,4): the step made on the firing turn reaches the destination, whose Ground (a
    # friendly pawn, neither coexists) cannot take it: crash where it is, destroyed
    g = game(*KINGS, piece("RP", W, 3, 3, home=False, articles=["JP"]), piece("DS", B, 9, 9),
             piece("SP", W, 3, 4, home=False))
    play(g, find(g, kind="fire", article="JU", dest=(3, 4, "G"), path="beeline"))
    assert [p for p in g.pieces(W) if p.type == "RP"] == []
    assert [p.type for p in g.pieces_at(3, 4)] == ["SP"]
    assert g.articles_at(3, 4) == ("JP",)  # R4.2.4 / R7.3.3: the ring starts at its own square


def test_R9_4_a_jump_blocked_in_the_air_lands_where_it_is():
    # a visible jet in the Air of (3,5) stops the jump (3,3) -> (3,7) at (3,4), whose Ground is free
    g = game(*KINGS, piece("RP", W, 3, 3, home=False, articles=["JP"]), piece("JE", B, 3, 5, "A"))
    play(g, find(g, kind="fire", article="JU", dest=(3, 7, "G"), path="beeline"))
    assert square_of_piece(g, "RP") == (3, 4, "A")
    play(g, any_move(g, 1, 1))
    play(g, "END")
    pass_turn(g)
    (rp,) = [p for p in g.pieces(W) if p.type == "RP"]
    assert (rp.row, rp.col, rp.level, rp.journey, rp.articles) == (3, 4, "G", None, ("JP",))
    assert [p.type for p in g.pieces_at(3, 5, "A")] == ["JE"]


# --- R11 end of the game -------------------------------------------------------------------------

def test_R11_1_a_destroyed_king_decides_at_end_turn():
    g = game(piece("K", W, 1, 1), piece("K", B, 6, 5), piece("TA", W, 5, 5, hand="right",
                                                               articles=["FL"]))
    play(g, find(g, kind="fire", origin=(5, 5, "G"), dest=(6, 5, "G")))
    assert g.pieces_at(6, 5) == []
    assert g.result is None  # not yet: decided at End Turn
    play(g, any_move(g, 1, 1))
    assert g.result is None
    play(g, "END")
    assert g.result == W
    assert g.legal_actions() == []


def test_R11_1_own_loss_first_when_both_kings_die():
    # strength 2 flame through both kings (each has AFL 1): the mover loses
    g = game(piece("K", W, 6, 5), piece("K", B, 7, 5), piece("DO", W, 1, 1),
             piece("TA", W, 5, 5, hand="right", articles=["FL"]))
    play(g, find(g, kind="fire", origin=(5, 5, "G"), dest=(6, 5, "G")))
    assert g.pieces_at(6, 5) == [] and g.pieces_at(7, 5) == []
    assert g.result is None
    play(g, any_move(g, 1, 1))
    play(g, "END")
    assert g.result == B


def test_R11_1_own_king_destroyed_loses():
    g = game(piece("K", W, 6, 5), piece("K", B, 10, 10), piece("DO", W, 1, 1),
             piece("TA", W, 5, 5, hand="right", articles=["FL"]))
    play(g, find(g, kind="fire", origin=(5, 5, "G"), dest=(6, 5, "G")))
    play(g, any_move(g, 1, 1))
    play(g, "END")
    assert g.result == B


def test_R11_1_a_converted_king_counts_as_lost():
    # R7.5 conversion; the black king has ACS 0 (K: AFL, ARL)
    g = game(piece("K", W, 1, 1), piece("K", B, 6, 5), piece("CP", W, 5, 5, home=False))
    play(g, find(g, kind="fire", article="CS", origin=(5, 5, "G"), dest=(6, 5, "G")))
    assert [p.color for p in g.pieces_at(6, 5)] == [W]
    play(g, any_move(g, 1, 1))
    play(g, "END")
    assert g.result == W


def test_R11_2_resign():
    g = game(*KINGS, piece("DO", W, 5, 5))
    g.resign(W)
    assert g.result == B
    assert g.legal_actions() == []
    with pytest.raises(wec.IllegalActionError):
        g.apply(any_move(game(*KINGS, piece("DO", W, 5, 5)), 5, 5))
    g = game(*KINGS, piece("DO", W, 5, 5))
    g.resign(B)  # the side not to move may resign too
    assert g.result == W


def test_R11_2_agree_draw():
    g = game(*KINGS, piece("DO", W, 5, 5))
    play(g, any_move(g, 5, 5))
    g.agree_draw()
    assert g.result == "draw"
    assert g.legal_actions() == []
    with pytest.raises(wec.IllegalActionError):
        g.end_turn()
    with pytest.raises(wec.IllegalActionError):
        g.resign(W)


def test_R11_2_resign_and_draw_are_undoable_and_recorded():
    g = game(*KINGS, piece("DO", W, 5, 5))
    g.resign()
    assert g.actions()[-1] == "RESIGN:white"
    g.undo()
    assert g.result is None and g.legal_actions()


def quiet_game(n: int) -> wec.Game:
    return game(piece("K", W, 1, 1), piece("K", B, 10, 10), quiet_turn_draw=n)


@pytest.mark.parametrize("n", [2, 5])
def test_R11_3_quiet_turn_draw(n):
    g = quiet_game(n)
    for _ in range(n - 1):
        pass_turn(g)
        assert g.result is None
    pass_turn(g)
    assert g.result == "draw"
    assert g.legal_actions() == []


def test_R11_3_off_by_default():
    g = game(piece("K", W, 1, 1), piece("K", B, 10, 10))
    for _ in range(12):
        pass_turn(g)
    assert g.result is None


def test_R11_3_a_capture_restarts_the_count():
    def start() -> wec.Game:
        return game(piece("K", W, 1, 1), piece("K", B, 10, 10), piece("DO", B, 3, 3),
                    quiet_turn_draw=3)

    def turn(g: wec.Game, frm: tuple, to: tuple) -> None:
        play(g, find(g, origin=(*frm, "G"), dest=(*to, "G")))
        play(g, "END")

    quiet = start()
    turn(quiet, (1, 1), (2, 2))
    turn(quiet, (10, 10), (10, 9))
    assert quiet.result is None
    turn(quiet, (2, 2), (2, 3))       # third quiet turn: draw
    assert quiet.result == "draw"

    g = start()
    turn(g, (1, 1), (2, 2))
    turn(g, (10, 10), (10, 9))
    turn(g, (2, 2), (3, 3))           # the king captures the Dozer: the count restarts
    assert g.result is None
    assert g.pieces_at(3, 3)[0].color == W
    turn(g, (10, 9), (10, 10))
    turn(g, (3, 3), (3, 4))
    assert g.result is None
    turn(g, (10, 10), (10, 9))        # three quiet turns after the capture
    assert g.result == "draw"


def test_R6_5_no_legal_move_at_the_start_of_the_turn_loses():
    # Black has only a pawn on row 1: no move, no attack (no enemy beside it)
    g = game(piece("K", W, 5, 5), piece("RP", B, 1, 8, home=False))
    play(g, find(g, origin=(5, 5, "G"), dest=(5, 4, "G")))
    play(g, "END")
    assert g.result == W
    assert g.legal_actions() == []


def test_R6_5_a_side_with_a_move_plays_on():
    g = game(piece("K", W, 2, 7), piece("RP", B, 1, 8, home=False))
    play(g, find(g, origin=(2, 7, "G"), dest=(1, 7, "G")))  # now beside the pawn: it may attack
    play(g, "END")
    assert g.result is None
    assert [a.dest for a in g.legal_moves()] == [(1, 7, "G")]


def test_R6_5_a_loaded_position_whose_side_to_move_has_no_move_is_lost():
    # the same position as above, loaded at the start of Black's turn: Black has no legal Move
    # (only Rocket fires), so by R6.5 Black has lost; it could never End Turn (R6.1) anyway
    g = game(piece("K", W, 5, 4), piece("RP", B, 1, 8, home=False), to_move=B)
    assert g.legal_moves() == []
    assert g.result == W
    assert g.legal_actions() == []


# --- random games --------------------------------------------------------------------------------

ALL_KINDS = {"move", "doze", "fire", "pickup", "drop", "exchange", "reinforce", "end"}
WEIGHTS = {"reinforce": 50.0, "exchange": 8.0, "drop": 8.0, "pickup": 8.0, "doze": 3.0,
           "fire": 2.0, "move": 1.0, "end": 1.0}


def count_articles(g: wec.Game) -> int:
    pos = g.position()
    return sum(len(p["articles"]) for p in pos["pieces"]) + len(pos["articles"])


def reserve_squares(g: wec.Game) -> set[tuple[int, int]]:
    return {tuple(r["square"]) for r in g.reserves()
            if r["color"] == g.to_move and not r["armed"]}


def pick(g: wec.Game, rng: random.Random) -> wec.Action:
    actions = g.legal_actions()
    by_kind: dict[str, list[wec.Action]] = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    if "move" in by_kind and rng.random() < 0.6:
        arming = [a for a in by_kind["move"] if a.dest[2] == "G" and a.dest[:2] in reserve_squares(g)]
        if arming:
            return rng.choice(arming)
    names = sorted(by_kind)
    kind = rng.choices(names, weights=[WEIGHTS[k] for k in names])[0]
    return rng.choice(by_kind[kind])


@pytest.mark.parametrize("seed", [0, 1, 20240611])
def test_random_games_keep_the_invariants_and_use_every_action_kind(seed):
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    g = wec.Game.new()
    start = count_articles(g)
    assert start == 68  # R5.4
    for _ in range(400):
        if g.result is not None:
            g = wec.Game.new()
        a = pick(g, rng)
        play(g, a)
        seen[a.kind] += 1
        assert count_articles(g) == start, (a, g.actions()[-5:])
        again = wec.Game.from_position(g.position())
        assert again.hash == g.hash, g.actions()[-5:]
        assert again.check() == []
    assert set(seen) == ALL_KINDS, seen
