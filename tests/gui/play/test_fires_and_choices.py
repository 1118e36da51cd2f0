"""Fires that hit one's own pieces, clicks on a shared square's tokens and a Dozer's push, played
by clicks in the real window."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

import wec
from wec.gui.play import self_hits

pytestmark = pytest.mark.gui
OFF = {"options": {"invisible_pieces": False}}


def position(*pieces: dict, to_move: str = "black") -> wec.Game:
    return wec.Game.from_position({
        "format": "wec-position", "version": 1, "to_move": to_move, "turn": 1,
        "options": {"invisible_pieces": False}, "pieces": list(pieces), "articles": []})


def piece(code: str, color: str, row: int, col: int, level: str = "G", **extra) -> dict:
    return {"type": code, "color": color, "square": [row, col], "level": level, **extra}


def click_token(qtbot, w, p, button=Qt.MouseButton.LeftButton) -> None:
    """A click on the very token the board draws for piece `p`."""
    rect = next(it.rect for it in w.board.square_items(p.row, p.col)
                if it.kind == "piece" and it.obj == p)
    c = rect.center()
    qtbot.mouseClick(w.board, button, pos=QPoint(int(c.x()), int(c.y())))


def own(w, code: str, row: int, col: int, level: str = "G"):
    return next(p for p in w.snapshot.at(row, col, level) if p.type == code)


# --- a Fire on one's own pieces (R7.0) --------------------------------------------------------

def test_R7_1_a_flame_towards_ones_own_pawn_is_marked_and_asked_about_once(make_window, qtbot,
                                                                           click):
    game = position(piece("K", "white", 1, 1), piece("K", "black", 10, 10),
                    piece("TA", "black", 5, 5, hand="right"), piece("RP", "black", 7, 5))
    w = make_window(game, mode="hotseat")
    asked: list[str] = []
    answers = [False, True]
    w.confirm = lambda title, text: asked.append(text) or answers.pop(0)
    click(w, 5, 5, "G", Qt.MouseButton.RightButton)  # the Tank aims its Flame
    assert w.picker.stage == "fire"
    # the Flame north reaches (7,5) (R7.1, range 2): its aim is marked, and the Pawn it hits
    assert [p.type for p in w.overlays.self_hits[(6, 5, "G")]] == ["RP"]
    assert [p.type for p in w.overlays.hit_pieces()] == ["RP"]
    assert (4, 5, "G") not in w.overlays.self_hits
    click(w, 6, 5, "G", Qt.MouseButton.RightButton)
    assert asked == ["This Fire hits your own Rocket Launcher Pawn at (7,5). Fire anyway?"]
    assert w.game.ply == 0 and "cancelled" in w.last_message
    assert not w.overlays.self_hits  # the aim is given up with the Fire
    click(w, 5, 5, "G", Qt.MouseButton.RightButton)
    click(w, 6, 5, "G", Qt.MouseButton.RightButton)
    assert len(asked) == 2 and w.game.actions() == ["FI:FL/TA(5,5)>->(6,5)"]
    assert w.game.pieces_at(7, 5) == []


def test_a_fire_hitting_no_own_piece_is_not_asked_about(make_window, click):
    game = position(piece("K", "white", 1, 1), piece("K", "black", 10, 10),
                    piece("TA", "black", 5, 5, hand="right"), piece("RP", "white", 7, 5))
    w = make_window(game, mode="hotseat")
    asked = []
    w.confirm = lambda title, text: asked.append(text) or True
    click(w, 5, 5, "G", Qt.MouseButton.RightButton)
    assert w.overlays.self_hits == {}
    click(w, 6, 5, "G", Qt.MouseButton.RightButton)
    assert asked == [] and w.game.ply == 1


def test_R7_3_a_stunner_hits_the_first_piece_the_side_knows_of():
    game = position(piece("K", "white", 1, 1), piece("K", "black", 10, 10),
                    piece("SP", "black", 5, 5), piece("RP", "white", 7, 5),
                    piece("K", "black", 8, 5))
    fire = next(a for a in game.legal_actions() if a.kind == "fire" and a.article == "ST"
                and a.dest[:2] == (6, 5))
    assert self_hits.fire_squares(fire, game.options, game.pieces_at) == [(7, 5, "G")]
    assert self_hits.own_hits(fire, "black", game.options, game.pieces_at) == []
    down = next(a for a in game.legal_actions() if a.kind == "fire" and a.article == "ST"
                and a.dest[:2] == (4, 5))
    assert self_hits.fire_squares(down, game.options, game.pieces_at) == []


# --- tokens of a shared square --------------------------------------------------------------

def test_a_click_on_one_token_of_a_shared_ground_selects_it_without_a_chooser(make_window,
                                                                               qtbot):
    w = make_window(mode="hotseat", **OFF)
    asked = []
    w.choose = lambda title, labels: asked.append(title) or 0
    su = own(w, "SU", 10, 2)
    click_token(qtbot, w, su)
    assert asked == [] and w.picker.candidates[0].piece == "SU"
    assert w.piece_panel.piece == su
    click_token(qtbot, w, su)  # the selected piece again: the selection is cleared
    assert not w.picker.stage
    do = own(w, "DO", 10, 2)
    click_token(qtbot, w, do)
    assert asked == [] and w.picker.candidates[0].piece == "DO"


def test_a_click_on_the_air_token_of_a_shared_square_selects_the_air_piece(make_window, qtbot):
    game = position(piece("K", "white", 1, 1), piece("K", "black", 10, 10),
                    piece("RP", "black", 5, 5), piece("JE", "black", 5, 5, "A"))
    w = make_window(game, mode="hotseat")
    asked = []
    w.choose = lambda title, labels: asked.append(title) or 0
    click_token(qtbot, w, own(w, "JE", 5, 5, "A"))
    assert asked == [] and w.picker.candidates[0].piece == "JE"
    assert w.picker.selected == (5, 5, "A")
    click_token(qtbot, w, own(w, "JE", 5, 5, "A"))  # cleared: (5,5) is one of its landings
    assert not w.picker.stage
    click_token(qtbot, w, own(w, "RP", 5, 5))
    assert asked == [] and w.picker.candidates[0].piece == "RP"


# --- a Dozer's push (R4.11) -------------------------------------------------------------------

def test_R4_11_a_dozers_push_is_chosen_on_the_board(make_window, qtbot, click):
    w = make_window(mode="hotseat", **OFF)
    asked = []
    w.choose = lambda title, labels: asked.append((title, labels)) or 0
    click_token(qtbot, w, own(w, "DO", 10, 2))
    click(w, 9, 2)  # forward: alone, or dozing with its partner and a group (R4.11)
    assert asked == [] and w.picker.stage == "doze" and w.game.ply == 0
    # where the pieces of each square it may push would go, one square forward
    assert {p.dest for p in w.overlays.pushes} == {(8, 1), (8, 2), (8, 3), (9, 1), (9, 3)}
    assert {(p.origin, p.dest) for p in w.overlays.pushes} >= {((9, 2), (8, 2)),
                                                               ((10, 1), (9, 1))}
    assert w.overlays.dozer_dest == (9, 2, "G")
    assert not any(p.chosen for p in w.overlays.pushes)  # first: the Dozer alone
    click(w, 8, 1)  # push the pawn of (9,1): the smallest legal group with it
    assert {p.origin for p in w.overlays.pushes if p.chosen} == {(9, 1), (9, 2)}
    click(w, 8, 3)
    assert {p.origin for p in w.overlays.pushes if p.chosen} == {(9, 1), (9, 2), (9, 3)}
    click(w, 8, 3)  # and out again
    assert {p.origin for p in w.overlays.pushes if p.chosen} == {(9, 1), (9, 2)}
    click(w, 9, 2)  # the Dozer's destination plays the choice
    assert asked == [] and w.game.actions() == ["DZ:DO(10,2)->(9,2)@(9,1)(9,2)"]
    assert not w.overlays.pushes
    assert [p.type for p in w.game.pieces_at(8, 1)] == ["RP"]


def test_the_weapon_chooser_marks_weapons_that_can_hit_ones_own_pieces(make_window, click):
    game = position(piece("K", "white", 1, 1), piece("K", "black", 10, 10),
                    piece("TA", "black", 5, 5, hand="right", articles=["RL"]),
                    piece("RP", "black", 7, 5))
    w = make_window(game, mode="hotseat")
    asked = []
    w.choose = lambda title, labels: asked.append((title, labels)) or 0
    click(w, 5, 5, "G", Qt.MouseButton.RightButton)
    title, labels = asked[0]
    assert title == "Which weapon?"
    flame = next(t for t in labels if t.startswith("Flame"))
    rocket = next(t for t in labels if t.startswith("Rocket"))
    assert "⚠" in flame and "⚠" not in rocket  # a Rocket starts on (6,5): nobody there


def test_dont_ask_again_holds_for_the_rest_of_the_game(make_window, click):
    game = position(piece("K", "white", 1, 1), piece("K", "black", 10, 10),
                    piece("TA", "black", 5, 5, hand="right"), piece("RP", "black", 7, 5))
    w = make_window(game, mode="hotseat")
    asked = []
    w.confirm = lambda title, text: asked.append(text) or False
    w.human.quiet_self_hits = w.game_serial  # as the box's check box leaves it
    click(w, 5, 5, "G", Qt.MouseButton.RightButton)
    click(w, 6, 5, "G", Qt.MouseButton.RightButton)
    assert asked == [] and w.game.ply == 1
