"""What a side reads of the other side's turn depends only on what it sees (RULES.md R10.6,
R12.2, R12.3): a carrier and its passenger, one hidden and one in view, read as the piece in
view moving alone. Each case is a position played through the facade."""
from __future__ import annotations

import json

import wec
from wec.game.notation import parse_turn
from builders import game, piece, play

W, B = "white", "black"


def kings() -> tuple[dict, dict]:
    return piece("K", W, 1, 1), piece("K", B, 10, 10)


def submarine_with_dozer() -> wec.Game:
    """A White Submarine with Stealth (hidden from Black: no lock-on, R10.1) and a White Dozer
    (in Black's view) share the Ground of (1,9) (R2.2); White to move."""
    return game(*kings(), piece("SU", W, 1, 9, articles=["SH"]), piece("DO", W, 1, 9), to_move=W)


def after_turn(g: wec.Game, move: str) -> wec.Game:
    play(g, move)
    g.end_turn()
    return g


def black_view(g: wec.Game) -> str:
    return json.dumps(g.observation(B).to_dict(), sort_keys=True)


def test_R12_2_R10_6_a_hidden_carriers_move_reads_as_its_visible_passengers_move():
    g = submarine_with_dozer()
    assert [p.type for p in g.can_see(B, 1, 9, "G")] == ["DO"]
    after_turn(g, "MV:SU(1,9)1SH->(2,9)-TRA->DO(1,9)")
    # Black saw the Dozer go from (1,9) to (2,9) and nothing else: that is what it reads
    assert g.history(B) == ["MV:DO(1,9)->(2,9)"]
    assert g.observation(B).history() == ["MV:DO(1,9)->(2,9)"]
    assert [n.part for n in g.action_notes(B)] == ["MV:DO(1,9)->(2,9)", None]
    # the owner reads its own turn in full
    assert g.history(W) == ["MV:SU(1,9)1SH->(2,9)-TRA->DO(1,9)"]
    assert parse_turn(g.history(B)[0]).move.type == "DO"


def test_R10_6_the_dozer_carried_or_alone_gives_black_the_same_view():
    # the same board for Black either way, so the same history and the same observation: nothing
    # in Black's record may tell of the hidden Submarine (R10.6)
    carried = after_turn(submarine_with_dozer(), "MV:SU(1,9)1SH->(2,9)-TRA->DO(1,9)")
    alone = after_turn(submarine_with_dozer(), "MV:DO(1,9)->(2,9)")
    assert carried.history(B) == alone.history(B) == ["MV:DO(1,9)->(2,9)"]
    assert black_view(carried) == black_view(alone)
    assert carried.history(W) != alone.history(W)


def test_R12_3_a_hidden_carriers_dive_names_only_the_passenger_black_saw():
    g = after_turn(submarine_with_dozer(), "MV:SU(1,9)1SH->v(1,9)-TRA->DO(1,9)")
    assert g.history(B) == ["MV:DO(1,9)->v(1,9)"]
    assert "SU" not in g.history(B)[0] and "SH" not in g.history(B)[0]


def test_R12_3_a_hidden_carrier_moving_alone_is_still_an_unseen_move():
    g = after_turn(submarine_with_dozer(), "MV:SU(1,9)1SH->(2,9)")
    assert g.history(B) == ["MV:?"]


def test_R10_6_a_visible_carrier_with_or_without_its_hidden_passenger_reads_the_same():
    # the reverse case: a Black helicopter in White's view, a pawn with Stealth hidden beside it
    def helicopter() -> wec.Game:
        return game(*kings(), piece("CH", B, 6, 5, "A", hand="left"),
                    piece("RP", B, 6, 5, "A", articles=["SH"], home=False), to_move=B)

    carried = after_turn(helicopter(), "MV:CH^(6,5)<->(4,3)-TRA->RP^(6,5)1SH")
    alone = after_turn(helicopter(), "MV:CH^(6,5)<->(4,3)")
    assert carried.history(W) == alone.history(W) == ["MV:CH^(6,5)<->(4,3)"]
