"""The move list: one plain-language line per action, grouped by turn, clickable per
action, the R12.2 turn string in the tool tip and in File > Copy history; built from the seat's
record and kept up to date action by action."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import wec
from wec.gui.play.move_list import action_words

pytestmark = pytest.mark.gui
OFF = {"options": {"invisible_pieces": False}}


def white_first() -> wec.Game:
    """An editor position with White to move (as the board editor makes)."""
    pos = wec.Game.new(wec.Options(invisible_pieces=False)).position()
    pos["to_move"] = "white"
    return wec.Game.from_position(pos)


def test_a_position_with_white_to_move_lists_white_first(make_window):
    w = make_window(white_first(), mode="hotseat")
    assert w.play("MV:RP(2,10)->(3,9)") and w.play("END")
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    rows = [t for t, _ in w.history.rows()]
    assert rows == ["  0. (start)", "  1. White", "Rocket Launcher Pawn (2,10) → (3,9)",
                    "  2. Black", "Rocket Launcher Pawn (9,1) → (8,2)"]


def test_each_action_has_its_line_and_a_click_shows_the_position_after_it(make_window, qtbot):
    """A click looks at the position after the action (the game stays where it is);
    wec/gui/play/navigation.py."""
    w = make_window(mode="hotseat", **OFF)
    for text in ("MV:RP(9,1)->(8,2)", "END", "MV:RP(2,10)->(3,9)", "END",
                 "MV:SP(9,2)->(8,3)", "FI:ST/SP(8,3)->(7,3)", "END"):
        assert w.play(text), w.last_message
    black = w.history.list.topLevelItem(3)
    assert black.text(0).strip() == "3. Black" and black.childCount() == 2
    move, fire = black.child(0), black.child(1)
    assert move.text(0) == "Stunner Pawn (9,2) → (8,3)"
    assert fire.text(0) == ("Stunner Pawn (8,3) fires Stunner towards (7,3): White Flame Pawn "
                            "(2,3) stunned for 3 turns; White Anti-aircraft battery (2,3) "
                            "stunned for 3 turns")
    assert black.toolTip(0) == w.game.history()[2]  # the R12.2 turn string (R12.2)
    assert black.toolTip(0).startswith("MV:SP(9,2)->(8,3),FI1:ST/SP(8,3)->(7,3)")
    rect = w.history.list.visualItemRect(move)
    qtbot.mouseClick(w.history.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert w.navigation.shown_ply() == 5 and w.game.ply == 7  # a view: the game stays
    assert w.board.snapshot.at(8, 3, "G")[0].type == "SP"  # the Stunner Pawn has moved ...
    assert w.board.snapshot.at(2, 3, "G")[0].stun == 0  # ... and not fired yet
    assert w.history.list.currentItem() is move
    w.navigation.navigate("next_action")
    assert w.navigation.shown_ply() == 6 and w.history.list.currentItem() is fire
    w.actions_by_name["prev_action"].trigger()
    assert w.navigation.shown_ply() == 5
    w.navigation.navigate("last")
    assert w.navigation.viewing is None and w.game.ply == 7


def test_copy_history_gives_the_turn_strings_and_the_words(make_window):
    w = make_window(mode="hotseat", **OFF)
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    w.actions_by_name["copy_history"].trigger()
    text = QApplication.clipboard().text()
    assert text == "1. Black: MV:RP(9,1)->(8,2)\n    Rocket Launcher Pawn (9,1) → (8,2)\n"


def test_the_list_is_updated_from_the_last_action_only(make_window, monkeypatch):
    w = make_window(mode="hotseat", **OFF)
    for text in ("MV:RP(9,1)->(8,2)", "END", "MV:RP(2,10)->(3,9)", "END"):
        assert w.play(text)
    starts = []
    real = wec.Game.action_notes

    def spy(self, color=None, start=0, **kw):
        starts.append(start)
        return real(self, color, start, **kw)
    monkeypatch.setattr(wec.Game, "action_notes", spy)
    kept = w.history.list.topLevelItem(1)
    assert w.play("MV:SP(9,2)->(8,3)")
    assert starts == [4] and w.history.list.topLevelItem(1) is kept
    w.navigation.undo()  # only the cursor moves: nothing is read again
    assert starts[-1] == 5 and w.history.list.topLevelItemCount() == 4


def test_hidden_actions_read_as_the_seat_may_read_them():
    assert action_words("MOVE", "MV:?") == "an unseen piece moves"
    assert action_words("FIRE", None) == ""  # a Fire the reader never saw: no line
    assert action_words("FIRE", None, ("X*FP(4,4)B",)) == \
        "an unseen action: Black Flame Pawn (4,4) captured"
    assert action_words("END", None) == ""
    assert action_words("EXCHANGE", "EX:DO(3,3)1SL->SL->?") == \
        "Dozer (3,3) gives SAM Launcher to an unseen piece"
    assert action_words("REINFORCE", "RE:(8,1)SU") == "Submarine enters at (8,1) (reinforcement)"
    assert action_words("FIRE", "FI:RL/RP(9,1)->(8,1)", ("R->(6,1)", "RK*DO(5,1)W")) == (
        "Rocket Launcher Pawn (9,1) fires Rocket Launcher towards (8,1): a rocket flies to "
        "(6,1); White Dozer (5,1) destroyed by a rocket")


def test_against_the_computer_the_list_is_the_humans_record(make_window):
    game = wec.Game.new()
    ai = wec.AI(level=1, seconds=0.1, nodes=500)
    for _ in range(4):
        for a in ai.choose_turn(game):
            game.apply(a)
    assert game.to_move == "black"  # the human's turn: the computer waits
    w = make_window(game, mode="human_vs_computer", human="black")
    from wec.gui.play.history_panel import HistoryPanel
    ref = HistoryPanel()
    obs = game.observation("black")
    ref.update_record("ref", obs.action_notes(0), 0, first_turn=1, played=game.ply,
                      turn_strings=obs.history())
    assert w.history.rows() == ref.rows()
