"""The game a fair computer player searches (wec.ai.view): built
from its side's observation alone (R10.6), it must still hold what that side may infer — enemy
reserves it knows only as squares (R8.4, R8.5) and hidden enemies whose last-seen square cannot
hold them any more — and nothing of the hidden truth."""
from __future__ import annotations

import copy

import wec
from builders import find, fire, piece, play, position
from wec.ai import SearchParams, flamed, searched_sightings, view_game
from wec.ai.view import dozed_sightings, draw_near
from wec.game.observation import LastSeen

W, B = "white", "black"


def black_view(g: wec.Game) -> wec.Game:
    obs = g.observation(B)
    return view_game(obs.position(), obs.last_seen(), B)


def reserves(g: wec.Game, color: str) -> dict[tuple[int, int], tuple[str, bool]]:
    return {tuple(r["square"]): (r["type"], r["armed"]) for r in g.position()["reserves"]
            if r["color"] == color}


def test_enemy_reserves_are_guessed_from_the_standard_reserves_not_read_from_the_truth():
    # R8.4: Black sees that (8,1) holds a White reserve, not which; R8.5 says which it is in
    # the standard set-up, and that is all Black's view may use
    true = wec.rules.standard_position()
    altered = copy.deepcopy(true)
    for r in altered["reserves"]:
        if r["color"] == W and r["square"] == [8, 1]:
            r["type"] = "JE"
    one, two = black_view(wec.Game.from_position(true)), black_view(
        wec.Game.from_position(altered))
    assert one.position() == two.position()
    guessed = reserves(one, W)
    assert guessed[(8, 1)] == ("SU", False) and guessed[(8, 5)] == ("Q", False)
    assert len(guessed) == 10
    assert not any(armed for _, armed in guessed.values())  # no White piece near row 8 yet
    assert reserves(one, B) == reserves(wec.Game.from_position(true), B)  # its own, in full


def test_an_enemy_reserve_near_a_hidden_enemy_is_taken_as_armed_and_can_enter():
    # R8.4, R10.6: Black last saw a White AAA on (7,5), beside the standard White Queen's square
    # (8,5): stepping on it while hidden, the AAA arms it unseen, so the view takes it as armed
    # and a Reinforce there is foreseen; (8,1), a Submarine's square, has nothing near
    pos = position(piece("K", B, 10, 10), piece("K", W, 1, 1), to_move=B)
    pos["reserves"] = [
        {"type": "DS", "color": W, "square": [8, 5], "hand": None, "armed": False},
        {"type": "DS", "color": W, "square": [8, 1], "hand": None, "armed": False},
    ]
    seen = LastSeen(marker=99, type="AAA", color=W, square=(7, 5), level="G", turn=1)
    view = view_game(wec.Game.from_position(pos).observation(B).position(), [seen], B)
    assert reserves(view, W) == {(8, 5): ("Q", True), (8, 1): ("SU", False)}
    view.apply(next(a for a in view.legal_moves() if a.piece == "K"))
    view.end_turn()
    assert any(str(a).startswith("RE:(8,5)") for a in view.legal_actions())


def test_a_non_standard_reserve_square_is_guessed_as_a_tank():
    pos = position(piece("K", B, 10, 10), piece("K", W, 1, 1), to_move=B)
    pos["reserves"] = [{"type": "CL", "color": W, "square": [5, 5], "hand": "left",
                        "armed": False}]
    assert reserves(black_view(wec.Game.from_position(pos)), W) == {(5, 5): ("TA", False)}


def test_a_hidden_enemy_whose_sighting_is_filled_is_put_nearest_to_the_own_primary_piece():
    # R10.6: Black last saw a White AAA at (5,5); two Black pieces now fill that square's Ground,
    # so the AAA has moved: the view keeps it one step away, on the side of Black's King (row 6:
    # four king steps from it, where the other neighbours are five or six)
    pos = position(piece("K", B, 10, 5), piece("K", W, 1, 1), piece("TA", B, 5, 5, hand="right"),
                   piece("DS", B, 5, 5), to_move=B)
    seen = LastSeen(marker=99, type="AAA", color=W, square=(5, 5), level="G", turn=1)
    view = view_game(pos, [seen], B)
    aaa = [(p.row, p.col, p.level) for p in view.pieces(W) if p.type == "AAA"]
    assert len(aaa) == 1 and aaa[0][0] == 6 and abs(aaa[0][1] - 5) <= 1 and aaa[0][2] == "G"


def move_to(g: wec.Game, code: str, row: int, col: int) -> None:
    g.apply(next(a for a in g.legal_moves() if a.piece == code and
                 (a.dest[0], a.dest[1]) == (row, col)))


def enemy_armed(g: wec.Game, color: str) -> dict[tuple[int, int], bool | None]:
    return {tuple(r["square"]): r["armed"] for r in g.observation(color).reserves()
            if r["color"] != color}


def test_an_arming_seen_is_remembered_after_the_piece_leaves_an_unseen_one_stays_unknown():
    # R8.4: a White piece Black sees standing on the Ground of (8,5) arms that reserve, and Black
    # knows it from then on (R10.6: it saw the piece there), even once the piece has gone; the
    # AAA (inherent stealth, R10.1) arms (8,1) unseen, so Black's observation says nothing of it
    pos = position(piece("K", B, 1, 10), piece("K", W, 10, 10), piece("DO", W, 7, 5),
                   piece("AAA", W, 7, 1), to_move=W)
    pos["reserves"] = [
        {"type": "DS", "color": W, "square": [8, 5], "hand": None, "armed": False},
        {"type": "DS", "color": W, "square": [8, 1], "hand": None, "armed": False},
    ]
    g = wec.Game.from_position(pos)
    assert enemy_armed(g, B) == {(8, 5): None, (8, 1): None}
    black_king = [(1, 10), (1, 9)] * 3  # popped from the end
    for white in [("DO", 8, 5), ("AAA", 8, 1)]:
        move_to(g, *white)
        g.end_turn()
        move_to(g, "K", *black_king.pop())
        g.end_turn()
    assert reserves(g, W) == {(8, 5): ("DS", True), (8, 1): ("DS", True)}  # the truth
    assert enemy_armed(g, B) == {(8, 5): True, (8, 1): None}
    # the Dozer walks off, three king steps away: Black still knows (8,5) is armed
    for row in (7, 6, 5):
        move_to(g, "DO", row, 5)
        g.end_turn()
        move_to(g, "K", *black_king.pop())
        g.end_turn()
    assert enemy_armed(g, B) == {(8, 5): True, (8, 1): None}
    assert reserves(black_view(g), W)[(8, 5)] == ("Q", True)
    assert enemy_armed(g.clone(), B) == enemy_armed(g, B)
    # undo takes back what was seen with the actions taken back (R12.4)
    while g.ply:
        g.undo()
    assert enemy_armed(g, B) == {(8, 5): None, (8, 1): None}
    g.redo()  # the Dozer's Move onto (8,5): armed at the end of that action
    assert enemy_armed(g, B) == {(8, 5): True, (8, 1): None}


def test_enemy_reserves_armed_in_the_initial_position_are_known():
    # R10: the initial position is public, the arming of its reserves included
    pos = position(piece("K", B, 1, 10), piece("K", W, 10, 10), to_move=B)
    pos["reserves"] = [{"type": "DS", "color": W, "square": [8, 1], "hand": None, "armed": True}]
    assert enemy_armed(wec.Game.from_position(pos), B) == {(8, 1): True}


def test_samples_draw_a_hidden_piece_near_its_last_sighting_more_often_than_far():
    # R10.6: every square of its possible locations may be drawn, the near ones likelier
    import random

    board = frozenset((r, c) for r in range(1, 11) for c in range(1, 11)) - {(5, 5)}
    rng = random.Random(1)
    draws = [draw_near(rng, board, (5, 5)) for _ in range(2000)]
    near = sum(max(abs(r - 5), abs(c - 5)) <= 1 for r, c in draws) / len(draws)
    assert near > 0.2  # 8 of 99 squares (0.08) under a uniform draw; 0.28 expected here
    assert any(max(abs(r - 5), abs(c - 5)) >= 4 for r, c in draws)  # far ones stay possible
    assert set(draws) <= board
    assert [draw_near(random.Random(1), board, (5, 5)) for _ in range(3)] == \
        [draw_near(random.Random(1), board, (5, 5)) for _ in range(3)]


def test_a_visible_enemy_beside_a_reserve_does_not_arm_the_guess():
    # R8.4: a White piece Black sees standing on (8,5) would be seen arming it (`armed`), and the
    # searched view holds the visible Tank beside it, so the view does not take (8,5) as armed;
    # the last sighting of a hidden AAA beside (8,1) does arm that one; with arming_reach 0 the
    # sighting (one step away) is too far to arm it
    pos = position(piece("K", B, 10, 10), piece("K", W, 1, 1), piece("TA", W, 7, 5, hand="right"),
                   to_move=B)
    pos["reserves"] = [
        {"type": "DS", "color": W, "square": [8, 5], "hand": None, "armed": False},
        {"type": "DS", "color": W, "square": [8, 1], "hand": None, "armed": False},
    ]
    seen = LastSeen(marker=99, type="AAA", color=W, square=(7, 2), level="G", turn=1)
    obs = wec.Game.from_position(pos).observation(B)
    view = view_game(obs.position(), [seen], B)
    assert reserves(view, W) == {(8, 5): ("Q", False), (8, 1): ("SU", True)}
    view = view_game(obs.position(), [seen], B, SearchParams(arming_reach=0))
    assert reserves(view, W) == {(8, 5): ("Q", False), (8, 1): ("SU", False)}


def flame_position(aaa_moves: bool) -> wec.Game:
    """White's Flame Pawn on (5,5); a Black AAA (stealthy, R10) on (5,7), two squares east, and
    a Black Submarine at Sub on (5,6), both hidden from White and known where they stand from
    the public initial position; Black plays first: the AAA steps away to (6,8) or the King
    steps."""
    g = wec.Game.from_position(position(
        piece("K", W, 1, 1), piece("FP", W, 5, 5), piece("K", B, 10, 10),
        piece("AAA", B, 5, 7), piece("SU", B, 5, 6, level="S"), to_move=B))
    obs = g.observation(W)
    assert not obs.pieces(B)[1:] and {s.square for s in obs.last_seen()} == {(5, 7), (5, 6)}
    black = find(g, origin=(5, 7, "G"), dest=(6, 8, "G")) if aaa_moves else \
        next(a for a in g.legal_moves() if a.piece == "K")
    play(g, black)
    g.end_turn()
    return g


def test_a_hidden_enemy_on_a_square_the_side_flamed_is_left_out_of_its_view():
    # R7.1: every piece at the firer's level on the two squares east of (5,5) is hit; White's
    # record does not say whether its Flame destroyed anything hidden (R12.3), but an AAA still
    # on (5,7) was destroyed and one that had left is elsewhere: the view leaves it out either
    # way, decided from White's own action, never from the truth (the AAA lives on in one game)
    views = []
    for aaa_moves in (False, True):
        g = flame_position(aaa_moves)
        fire(g, (5, 5, "G"), "FL", (5, 6))
        assert any(p.type == "AAA" for p in g.pieces(B)) == aaa_moves
        obs = g.observation(W)
        assert {s.square for s in obs.last_seen()} >= {(5, 6)}  # the sightings themselves stay
        kept = searched_sightings(obs)
        # the Submarine at Sub on the flamed (5,6) was not hit (a flame hits its own level)
        assert [(s.type, s.square, s.level) for s in kept] == [("SU", (5, 6), "S")]
        # SearchParams.forget_flamed off: the flamed sighting stays
        assert "AAA" in {s.type for s in searched_sightings(obs, SearchParams(forget_flamed=False))}
        view = wec.AI(seed=1).view(g)
        assert [p.type for p in view.pieces(B) if p.type == "AAA"] == []
        views.append([(p.type, p.square, p.level) for p in view.pieces(B) if p.type != "K"])
        for _ in (W, B):  # and in the turns after, from White's history
            play(g, next(a for a in g.legal_moves() if a.piece == "K"))
            g.end_turn()
        assert [s.type for s in searched_sightings(g.observation(W))] == ["SU"]
    assert views[0] == views[1] == [("SU", (5, 6), "S")]  # only Black's King move differs


def test_a_flame_elsewhere_keeps_the_hidden_enemy_where_it_was_seen():
    g = flame_position(False)
    fire(g, (5, 5, "G"), "FL", (5, 4))
    assert {s.type for s in searched_sightings(g.observation(W))} == {"AAA", "SU"}
    assert any(p.type == "AAA" and p.square == (5, 7) for p in wec.AI(seed=1).view(g).pieces(B))


def test_flamed_reads_the_squares_and_level_of_each_flame_in_a_turn_string():
    turn = "MV:FP(6,7)->(7,6),FI1:FL/FP(7,6)3RLJPXXX->(8,7),FI2:FL/JE^(4,4)1FL<->(3,4)"
    assert flamed(turn, 2) == {(8, 7, "G"), (9, 8, "G"), (3, 4, "A"), (2, 4, "A")}
    assert flamed("FI:ST/SP(4,2)->(5,3)", 2) == set()


def rocket_position(aaa_moves: bool) -> wec.Game:
    """A White Rocket in flight on (5,6) heading east; a Black AAA (stealthy, R10) on (5,7) at
    Ground and a Black Submarine under it at Sub, both hidden from White and known where they
    stand from the public initial position. Black plays first: the AAA steps away to (6,8) or
    the King steps; then Black's End Turn moves the Rocket into (5,7) (R6.4, R7.7)."""
    pos = position(piece("K", W, 1, 1), piece("K", B, 10, 10), piece("AAA", B, 5, 7),
                   piece("SU", B, 5, 7, level="S"), to_move=B)
    pos["projectiles"] = [{"type": "RL", "square": [5, 6], "level": "G", "direction": [0, 1],
                           "target": None, "strength": 1, "owner": W}]
    g = wec.Game.from_position(pos)
    assert {s.square for s in g.observation(W).last_seen()} == {(5, 7)}
    black = find(g, origin=(5, 7, "G"), dest=(6, 8, "G")) if aaa_moves else \
        next(a for a in g.legal_moves() if a.piece == "K")
    play(g, black)
    return g


def test_a_hidden_enemy_on_a_square_a_projectile_flew_into_is_left_out_of_its_view():
    # R7.7: at Black's End Turn the Rocket enters (5,7) and hits every piece at Ground there; an
    # AAA still there is destroyed, one that had left is elsewhere (the Rocket flies on). White
    # sees the projectiles (R10.6), not the hit: its view leaves the AAA out either way, and
    # keeps the Submarine at Sub (a Rocket travels at Ground, R7.6)
    views = []
    for aaa_moves in (False, True):
        g = rocket_position(aaa_moves)
        before = g.observation(W).projectile_sweeps()
        turn = g.turn
        g.end_turn()
        assert any(p.type == "AAA" for p in g.pieces(B)) == aaa_moves
        assert [p.square for p in g.projectiles()] == ([(5, 7)] if aaa_moves else [])
        obs = g.observation(W)
        assert obs.projectile_sweeps() == {**before, (5, 7, "G"): turn}
        assert {s.type for s in obs.last_seen()} >= {"AAA", "SU"}  # the sightings stay
        assert [(s.type, s.square, s.level) for s in searched_sightings(obs)] == \
            [("SU", (5, 7), "S")]
        view = wec.AI(seed=1).view(g)
        views.append(sorted((p.type, p.square, p.level) for p in view.pieces(B) if p.type != "K"))
        g.undo()  # and the record of flights goes back with the End Turn
        assert g.observation(W).projectile_sweeps() == before
        assert {s.type for s in searched_sightings(g.observation(W))} == {"AAA", "SU"}
        g.redo()
        assert g.observation(W).projectile_sweeps() == {**before, (5, 7, "G"): turn}
    assert views[0] == views[1] == [("SU", (5, 7), "S")]  # only Black's move differs


def test_a_projectile_created_on_a_square_marks_it_and_the_turn_string_names_no_flight():
    # R7.6: the Rocket is created in the adjacent square east; R12.2 notates the creation
    # (R->(r,c)), never a flight step
    g = wec.Game.from_position(position(piece("K", W, 1, 1), piece("K", B, 10, 10),
                                        piece("RP", W, 5, 5), to_move=W))
    fire(g, (5, 5, "G"), "RL", (5, 6))
    turn = g.turn
    assert g.observation(B).projectile_sweeps() == {(5, 6, "G"): turn}
    play(g, next(a for a in g.legal_moves() if a.piece == "K"))
    g.end_turn()
    assert [p.square for p in g.projectiles()] == [(5, 7)]
    assert g.observation(B).projectile_sweeps() == {(5, 6, "G"): turn, (5, 7, "G"): turn}
    assert "R->(5,6)" in g.history()[-1] and "(5,7)" not in g.history()[-1]


def test_each_side_keeps_the_squares_its_own_flames_swept_and_not_the_enemys():
    # R7.1: White's Flame from (5,5) eastwards burns (5,6) and (5,7) at Ground (flame range 2);
    # White knows it fired, Black's record may not say where (R12.3): only White's map has them
    g = flame_position(False)
    turn = g.turn
    fire(g, (5, 5, "G"), "FL", (5, 6))
    assert g.observation(W).flame_sweeps() == {(5, 6, "G"): turn, (5, 7, "G"): turn}
    assert g.observation(B).flame_sweeps() == {}
    assert g.observation(W).projectile_sweeps() == {}
    g.undo()
    assert g.observation(W).flame_sweeps() == {}


def doze_position(aaa_on_the_dozed_square: bool, end: bool = True) -> wec.Game:
    """White's Dozer and its partner on (4,4); a White Flame Pawn on (4,5) with, when asked, the
    White AAA (stealthy: hidden from Black, R10.1) sharing its Ground (R2.2), else the AAA on
    (2,8). Black knows where the AAA stands from the public initial position. White dozes (4,5)
    one step south, (4,4) -> (5,4): the pawn and every hidden piece at its Ground go
    to (5,5) (R4.11.1); White ends its turn (`end`)."""
    aaa = (4, 5) if aaa_on_the_dozed_square else (2, 8)
    g = wec.Game.from_position(position(
        piece("K", W, 1, 1), piece("K", B, 10, 10), piece("DO", W, 4, 4),
        piece("RP", W, 4, 4, home=False), piece("FP", W, 4, 5, home=False),
        piece("AAA", W, *aaa)))
    assert {(s.type, s.square) for s in g.observation(B).last_seen()} == {("AAA", aaa)}
    play(g, find(g, kind="doze", origin=(4, 4, "G"), dest=(5, 4, "G"), group=((4, 5),)))
    if end:
        g.end_turn()
    return g


def test_R4_11_1_a_hidden_enemy_on_a_dozed_square_is_put_where_the_doze_pushed_it():
    # Black's record names the Dozer, its way and the pawn's square (R12.3), not the AAA; the
    # AAA was last seen at the Ground of that square, so it went to (5,5) with the pawn. The
    # view reads the record and the sighting, never the truth: an AAA last seen elsewhere
    # (2,8) stays there
    g = doze_position(True)
    assert [p.square for p in g.pieces(W) if p.type == "AAA"] == [(5, 5)]
    obs = g.observation(B)
    assert "AAA" not in "".join(obs.history())
    assert [(s.type, s.square) for s in obs.last_seen()] == [("AAA", (4, 5))]  # as seen
    moved = searched_sightings(obs)
    assert [(s.type, s.square, s.level) for s in moved] == [("AAA", (5, 5), "G")]
    assert moved[0].turn == g.turn - 1  # as of the doze's turn
    assert [(s.type, s.square) for s in searched_sightings(obs, SearchParams(
        follow_dozes=False))] == [("AAA", (4, 5))]
    assert [p.square for p in wec.AI(seed=1).view(g).pieces(W) if p.type == "AAA"] == [(5, 5)]
    assert [p.square for p in black_view_of(g) if p.type == "AAA"] == [(5, 5)]
    far = doze_position(False)
    assert [(s.type, s.square) for s in searched_sightings(far.observation(B))] == \
        [("AAA", (2, 8))]


def black_view_of(g: wec.Game) -> list:
    obs = g.observation(B)
    return view_game(obs.position(), searched_sightings(obs), B).pieces(W)


def stopped_doze_position(stops: bool) -> wec.Game:
    """White dozes the Black pawn on (6,5) one step south, (5,5) -> (6,5); with `stops`, a
    Black pawn hidden from White (stealthy, R10.1) stands on (7,5), the pawn's way: R4.11.1,
    the doze does not happen."""
    pieces = [piece("K", W, 1, 1), piece("K", B, 10, 10), piece("DO", W, 5, 5),
              piece("DS", W, 5, 5), piece("RP", B, 6, 5, home=False)]
    if stops:
        pieces.append(piece("CP", B, 7, 5, articles=["SH"], home=False))
    g = wec.Game.from_position(position(*pieces))
    play(g, "DZ:DO(5,5)->(6,5)@(6,5)")
    g.end_turn()
    return g


def test_R4_11_1_a_doze_that_did_not_happen_moves_no_sighting():
    # the doze stops on the hidden Black pawn of (7,5): nothing moved, and White's record says
    # so ("RS:DO->(5,5)": the Dozer stayed); White's record names no doze, and a sighting on
    # (6,5) stays there, while the same doze done is a step south for it
    stopped = stopped_doze_position(True)
    assert "DO->(5,5)" in stopped.observation(W).history()[-1]
    assert stopped.observation(W).dozes() == {}
    seen = [LastSeen(marker=1, type="AAA", color=B, square=(6, 5), level="G", turn=1)]
    done = stopped_doze_position(False)
    assert done.observation(W).history()[-1] == "MV:DO(5,5)->(6,5),DO>(6,5)DS(5,5),RP(6,5)"
    dozes = done.observation(W).dozes()
    assert dozes == {(6, 5): ((1, 1, 0),)}
    assert [s.square for s in dozed_sightings(seen, dozes)] == [(7, 5)]
    # a sighting at Air, on a square the doze did not choose, or made after the doze's turn,
    # stays where it was
    air = [LastSeen(marker=1, type="JE", color=B, square=(6, 5), level="A", turn=1)]
    assert dozed_sightings(air, dozes) == air
    aside = [LastSeen(marker=1, type="AAA", color=B, square=(6, 6), level="G", turn=1)]
    assert dozed_sightings(aside, dozes) == aside
    later = [LastSeen(marker=1, type="AAA", color=B, square=(6, 5), level="G", turn=2)]
    assert dozed_sightings(later, dozes) == later


def test_R4_11_1_a_sighting_follows_each_doze_from_where_the_last_pushed_it():
    # a sighting of turn 2 on (4,5): the turn-3 doze takes it south to (5,5) (it chose (5,5)
    # too, but one doze is one step), the turn-5 doze of (5,5) east to (5,6); the dozes of
    # (4,5) at turns 5 and 7 came after it had left
    dozes = {(4, 5): ((3, 1, 0), (5, 0, 1), (7, 1, 0)), (5, 5): ((3, 1, 0), (5, 0, 1))}
    seen = [LastSeen(marker=1, type="AAA", color=W, square=(4, 5), level="G", turn=2)]
    assert [(s.square, s.turn) for s in dozed_sightings(seen, dozes)] == [((5, 6), 5)]


def test_a_sweep_forgets_a_sighting_only_while_the_piece_stood_on_the_swept_square():
    # R7.1, R7.7: a weapon through a square hits every piece there; R4.11.1: a doze of that
    # square at turn 5 takes a hidden piece one step south. Swept at turn 4, before the doze,
    # the piece died there or had left (forgotten: following the doze would make a phantom);
    # swept at turn 5, after the turn's Move, or later, it had gone south (kept, pushed); its
    # new square swept at turn 5 or later forgets it
    dozes = {(4, 5): ((5, 1, 0),)}
    seen = [LastSeen(marker=1, type="AAA", color=W, square=(4, 5), level="G", turn=2)]
    assert dozed_sightings(seen, dozes, [{(4, 5, "G"): 4}]) == []
    for late in (5, 7):
        kept = dozed_sightings(seen, dozes, [{}, {(4, 5, "G"): late}])
        assert [(s.square, s.turn) for s in kept] == [((5, 5), 5)]
        assert dozed_sightings(seen, dozes, [{(5, 5, "G"): late}]) == []
    assert dozed_sightings(seen, dozes, [{(5, 5, "G"): 4}]) == dozed_sightings(seen, dozes)
    assert dozed_sightings(seen, dozes, [{(4, 5, "G"): 1}]) == dozed_sightings(seen, dozes)


def test_the_dozes_a_record_names_are_kept_action_by_action():
    # Entry.dozes: White's map has the doze as soon as it is made (its Fires later in the turn
    # see the pushed sighting), undo takes it back; Black reads it too: it sees the Dozer and
    # the pawn (R12.3)
    g = wec.Game.from_position(position(
        piece("K", W, 1, 1), piece("K", B, 10, 10), piece("DO", W, 5, 5),
        piece("DS", W, 5, 5), piece("RP", B, 6, 5, home=False)))
    turn = g.turn
    play(g, "DZ:DO(5,5)->(6,5)@(6,5)")
    assert g.observation(W).dozes() == g.observation(B).dozes() == {(6, 5): ((turn, 1, 0),)}
    g.undo()
    assert g.observation(W).dozes() == g.observation(B).dozes() == {}
    g.redo()
    assert g.observation(B).dozes() == {(6, 5): ((turn, 1, 0),)}


def test_a_doze_counts_from_its_action_and_comes_back_with_the_game_s_copies():
    # before White's End Turn, Black has seen the doze (its record of the turn so far names it)
    # and its sighting of the AAA already follows; a copy, a copy at a ply and goto carry the
    # map with the state (Entry.dozes), and going back before the doze takes it away
    g = doze_position(True, end=False)
    pushed = [(s.type, s.square) for s in searched_sightings(g.observation(B))]
    assert pushed == [("AAA", (5, 5))]
    ply = len(g.actions())
    for other in (g.clone(), g.copy_at(ply)):
        assert [(s.type, s.square) for s in searched_sightings(other.observation(B))] == pushed
    g.goto(0)
    assert g.observation(B).dozes() == {}
    assert [(s.type, s.square) for s in searched_sightings(g.observation(B))] == \
        [("AAA", (4, 5))]
    g.goto(ply)
    assert [(s.type, s.square) for s in searched_sightings(g.observation(B))] == pushed


def test_a_hidden_dozer_s_doze_is_not_in_the_enemy_s_map():
    # Black cannot see the White Dozer (stealthy, R10.1): its record reads "MV:?" (R12.3) and
    # names no square, though it sees the pawn pushed
    g = wec.Game.from_position(position(
        piece("K", W, 1, 1), piece("K", B, 10, 10), piece("DO", W, 5, 5, articles=["SH"]),
        piece("DS", W, 5, 5), piece("RP", W, 4, 5, home=False)))
    play(g, find(g, kind="doze", origin=(5, 5, "G"), dest=(6, 5, "G"), group=((4, 5),)))
    g.end_turn()
    assert g.observation(B).history()[-1].startswith("MV:?")
    assert g.observation(B).dozes() == {}
    assert g.observation(W).dozes() == {(4, 5): ((g.turn - 1, 1, 0),)}
