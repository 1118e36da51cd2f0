"""Looking back along the move list (wec/gui/play/navigation.py, browse_bar.py): an earlier
position is shown as the side at the screen saw it then (R10.6, R12.3) without moving the game;
"Play from here" takes the game there as Undo does (none in a competitive game, R12.3)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

import wec
from wec.gui.play.snapshot import BoardSnapshot

pytestmark = pytest.mark.gui
OFF = {"options": {"invisible_pieces": False}}
OPENING = ("MV:RP(9,1)->(8,2)", "END", "MV:RP(2,10)->(3,9)", "END", "MV:SP(9,2)->(8,3)",
           "FI:ST/SP(8,3)->(7,3)", "END")


def pieces(snap: BoardSnapshot) -> set[tuple]:
    return {(p.type, p.color, p.row, p.col, p.level) for sq in snap.pieces.values()
            for level in sq.values() for p in level}


def test_a_click_shows_the_earlier_board_and_the_game_stays(make_window, qtbot):
    w = make_window(mode="hotseat", **OFF)
    for text in OPENING:
        assert w.play(text), w.last_message
    line = w.game.actions()
    turn2 = w.history.list.topLevelItem(1)  # "1. Black": the position after Black's turn 1
    qtbot.mouseClick(w.history.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=w.history.list.visualItemRect(turn2).center())
    assert w.game.actions() == line and w.game.ply == 7  # nothing undone
    assert pieces(w.board.snapshot) == pieces(BoardSnapshot.of(w.game.copy_at(2)))
    assert w.board.snapshot.at(8, 2, "G")[0].type == "RP" and not w.board.snapshot.at(8, 3, "G")
    assert w.navigation.bar.isVisible()
    assert w.navigation.bar.text().startswith("Viewing turn 2 — White to move, after 2 actions")
    assert w.board.highlights.arrows  # the last turn's arrow of that position: Black's Move
    # the arrow keys go on looking, from the position shown
    QTest.keyClick(w.board, Qt.Key.Key_Right)
    assert w.navigation.shown_ply() == 4 and w.game.ply == 7
    w.actions_by_name["prev_turn"].trigger()  # Undo > Previous turn (Left)
    assert w.navigation.shown_ply() == 2 and len(w.game.actions()) == 7
    w.actions_by_name["goto_start"].trigger()
    assert w.navigation.shown_ply() == 0 and w.board.snapshot.at(9, 1, "G")
    # a click on the board only looks
    w.board.squareClicked.emit(9, 2, "G", Qt.MouseButton.LeftButton)
    assert w.game.ply == 7 and "earlier position" in w.last_message
    qtbot.mouseClick(w.navigation.bar.back_button, Qt.MouseButton.LeftButton)
    assert w.navigation.viewing is None and not w.navigation.bar.isVisible()
    assert pieces(w.board.snapshot) == pieces(BoardSnapshot.of(w.game))


def test_play_from_here_takes_the_game_back_as_undo_does(make_window, qtbot):
    w = make_window(mode="hotseat", **OFF)
    for text in OPENING:
        assert w.play(text)
    w.navigation.goto_ply(4)
    assert w.game.ply == 7
    qtbot.mouseClick(w.navigation.bar.play_button, Qt.MouseButton.LeftButton)
    assert w.game.ply == 4 and w.game.actions() == list(OPENING[:4])
    assert w.game.redo_actions() == list(OPENING[4:])  # as Undo: Redo goes forward again
    assert w.navigation.viewing is None and not w.navigation.bar.isVisible()
    other = next(str(a) for a in w.game.legal_moves() if str(a) != OPENING[4])
    assert w.play(other) and w.game.actions()[-1] == other  # and play goes on from there


def test_a_competitive_game_shows_only_what_the_side_saw_then_and_never_plays_back(
        make_window, qtbot):
    game = wec.Game.new()
    game.set_competitive()
    for text in ("MV:RP(9,1)->(8,2)", "END", "MV:AAA(2,3)->(3,3)", "END"):
        game.replay_action(text)  # White's AAA moves hidden from Black (R10.1)
    w = make_window(game, mode="human_vs_computer", human="black")
    assert w.game.to_move == "black"  # the human's turn: the computer waits
    w.navigation.goto_ply(3)  # after White's hidden Move
    shown = pieces(w.board.snapshot)
    then = game.copy_at(3)
    assert shown == pieces(BoardSnapshot.of(then.observation("black"), viewer="black"))
    assert ("AAA", "white", 3, 3, "G") not in shown  # where it truly stood then: not shown
    assert ("AAA", "white", 3, 3, "G") in pieces(BoardSnapshot.of(then))
    assert not w.navigation.bar.play_button.isEnabled()
    w.navigation.play_from_here()
    assert w.game.ply == 4 and "competitive" in w.last_message  # refused (R12.3)
    w.navigation.navigate("last")
    assert w.navigation.viewing is None


def test_nothing_is_looked_at_under_the_cover(make_window, qtbot):
    w = make_window(mode="hotseat")
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)
    assert w.play("MV:RP(9,1)->(8,2)")
    w.navigation.goto_ply(0)
    assert w.navigation.viewing is not None
    assert w.play("END")  # the cover goes up for White: the looking back ends
    assert w.handoff_pending and w.navigation.viewing is None
    w.actions_by_name["goto_start"].setEnabled(True)
    w.navigation.navigate("first")
    assert w.navigation.viewing is None and not w.navigation.bar.isVisible()
