"""The desktop app, driven through its real widgets, offscreen."""
from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QImage

import wec
from wec.gui.play.demo import busy_game

pytestmark = pytest.mark.gui

OFF = {"options": {"invisible_pieces": False}}
"""Hotseat without hidden pieces: no hand-off screen between turns."""


def grab(widget, path: Path) -> QImage:
    image = widget.grab().toImage()
    assert image.save(str(path)), path
    return image


def test_screenshot_command(tmp_path, qapp):
    from wec.cli import main
    out = tmp_path / "standard.png"
    assert main(["play", "--screenshot", str(out)]) == 0
    image = QImage(str(out))
    assert image.width() >= 1000 and image.height() >= 700
    assert not (tmp_path / "data" / "autosave.json").exists()  # a screenshot saves nothing


def test_play_a_short_game_by_clicks(make_window, click, qtbot, shot_dir):
    w = make_window(mode="hotseat", **OFF)
    click(w, 5, 5)  # nothing there: explained
    assert "No piece of yours" in w.last_message
    click(w, 9, 1)  # Black's Rocket Launcher Pawn
    assert (8, 2, "G") in w.board.highlights.destinations
    click(w, 6, 6)  # not a destination: explained, nothing played
    assert "cannot move" in w.last_message and w.game.ply == 0
    click(w, 9, 1)
    click(w, 8, 2)
    assert w.game.actions() == ["MV:RP(9,1)->(8,2)"]
    assert w.game.pieces_at(8, 2, "G")[0].type == "RP"
    click(w, 9, 3)
    assert "already made" in w.last_message
    qtbot.mouseClick(w.end_turn_button, Qt.MouseButton.LeftButton)
    assert w.game.to_move == "white"
    click(w, 2, 10)
    click(w, 3, 9)
    qtbot.mouseClick(w.end_turn_button, Qt.MouseButton.LeftButton)
    assert w.game.turn == 3 and len(w.game.history()) == 2
    assert w.history.list.topLevelItemCount() == 3  # start + two turns
    assert w.board.highlights.last_turn >= {(2, 10), (3, 9)}
    grab(w, shot_dir / "after_two_turns.png")


def test_level_chooser_and_drag_and_drop(make_window, qtbot):
    w = make_window(mode="hotseat", **OFF)
    asked = []

    def choose(title, labels):
        asked.append((title, labels))
        return next(i for i, label in enumerate(labels) if label.startswith("Submarine"))
    w.choose = choose
    p = w.board.square_center(10, 2, "A")  # Air band of a square holding DO + SU: ask
    qtbot.mouseClick(w.board, Qt.MouseButton.LeftButton, pos=QPoint(int(p.x()), int(p.y())))
    assert asked and asked[0][0] == "Which piece moves?"
    assert w.picker.selected == (10, 2, "G") and w.picker.candidates[0].piece == "SU"
    w.human.cancel_selection()
    # drag the Stunner Pawn from (9,2) to (8,3)
    a, b = w.board.square_center(9, 2), w.board.square_center(8, 3)
    qtbot.mousePress(w.board, Qt.MouseButton.LeftButton, pos=QPoint(int(a.x()), int(a.y())))
    mid = (a + b) / 2
    qtbot.mouseMove(w.board, QPoint(int(mid.x()), int(mid.y())))
    qtbot.mouseMove(w.board, QPoint(int(b.x()), int(b.y())))
    qtbot.mouseRelease(w.board, Qt.MouseButton.LeftButton, pos=QPoint(int(b.x()), int(b.y())))
    assert w.game.actions() == ["MV:SP(9,2)->(8,3)"]


def test_fire_a_weapon(make_window, click):
    w = make_window(mode="hotseat", **OFF)
    wanted = next(a for a in w.game.legal_actions()
                  if a.kind == "fire" and a.piece == "TA" and a.target is None)

    def choose(title, labels):
        key = {"Which weapon?": f"({wanted.article})"}.get(title, "Tank")
        return next(i for i, label in enumerate(labels) if key in label)
    w.choose = choose
    r, c, lvl = wanted.origin
    click(w, r, c, lvl, Qt.MouseButton.RightButton)
    assert wanted.dest in w.board.highlights.destinations
    click(w, wanted.dest[0], wanted.dest[1], "G", Qt.MouseButton.RightButton)
    assert w.game.actions() == [str(wanted)]
    assert w.game.pieces_at(r, c, lvl)[0].cooldowns  # the weapon is cooling down


def test_pickup_and_exchange(make_window, click):
    w = make_window(mode="hotseat", **OFF)
    click(w, 9, 1)
    click(w, 8, 2)
    w.actions_by_name["left_pickup"].trigger()
    click(w, 8, 2)
    assert w.game.actions()[-1] == "PU:RP(8,2)^TL"
    assert w.game.pieces_at(8, 2, "G")[0].articles == ("TL",)
    w.actions_by_name["left_exchange"].trigger()
    click(w, 8, 2)
    assert (9, 2, "G") in w.board.highlights.targets
    click(w, 9, 2)
    assert w.game.actions()[-1] == "EX:RP(8,2)1TL->TL->SP(9,2)"
    assert w.game.pieces_at(9, 2, "G")[0].articles == ("TL",)
    w.actions_by_name["left_drop"].trigger()
    click(w, 9, 2)
    assert w.game.actions()[-1].startswith("DR:SP(9,2)")


def test_undo_redo_and_rewind_from_the_history(make_window, qtbot):
    w = make_window(mode="hotseat", **OFF)
    for text in ("MV:RP(9,1)->(8,2)", "END", "MV:RP(2,10)->(3,9)", "END",
                 "MV:SP(9,2)->(8,3)", "END"):
        assert w.play(text)
    assert w.history.list.topLevelItemCount() == 4
    w.actions_by_name["undo"].trigger()
    assert w.game.ply == 5
    w.actions_by_name["redo"].trigger()
    assert w.game.ply == 6
    item = w.history.list.topLevelItem(1)  # after Black's first turn
    rect = w.history.list.visualItemRect(item)
    qtbot.mouseClick(w.history.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    # the history only looks back (wec/gui/play/navigation.py): the game stays at ply 6
    assert w.navigation.shown_ply() == 2 and w.game.ply == 6
    assert w.history.list.topLevelItemCount() == 4  # the turns ahead stay listed
    qtbot.mouseClick(w.history.buttons["next"], Qt.MouseButton.LeftButton)
    assert w.navigation.shown_ply() == 4
    qtbot.keyClick(w.board, Qt.Key.Key_Left)
    assert w.navigation.shown_ply() == 2
    qtbot.mouseClick(w.history.buttons["first"], Qt.MouseButton.LeftButton)
    assert w.navigation.shown_ply() == 0 and w.game.ply == 6
    qtbot.mouseClick(w.navigation.bar.play_button, Qt.MouseButton.LeftButton)  # play from here
    assert w.game.ply == 0 and w.game.to_move == "black" and len(w.game.redo_actions()) == 6
    qtbot.mouseClick(w.history.buttons["last"], Qt.MouseButton.LeftButton)
    assert w.navigation.shown_ply() == 6 and w.game.ply == 0  # the redo line, looked at
    qtbot.mouseClick(w.navigation.bar.play_button, Qt.MouseButton.LeftButton)
    assert w.game.ply == 6


def test_save_load_and_a_bad_file(make_window, tmp_path):
    w = make_window(mode="hotseat", **OFF)
    w.play("MV:RP(9,1)->(8,2)")
    w.play("END")
    path = tmp_path / "game.json"
    assert w.files.save_to(str(path))
    w.files.new_game_now()
    assert w.game.ply == 0
    assert w.files.load_file(str(path))
    assert w.game.actions() == ["MV:RP(9,1)->(8,2)", "END"]
    kept = w.game
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "wec-save", "version": 1, "options"')
    assert not w.files.load_file(str(bad))
    assert w.game is kept and "not a save file" in w.last_error
    assert any(d.objectName() == "error_box" and d.isVisible() for d in w.dialogs)
    wrong = tmp_path / "wrong.json"
    data = json.loads(path.read_text())
    data["actions"][0] = "MV:RP(9,1)->(5,5)"
    wrong.write_text(json.dumps(data))
    assert not w.files.load_file(str(wrong))
    assert "ply 1" in w.last_error and w.game is kept


def test_autosave_and_resume_after_a_crash(make_window, private_files):
    w = make_window(mode="hotseat", **OFF)
    w.play("MV:RP(9,1)->(8,2)")
    assert (private_files / "autosave.json").exists()
    w.shutdown()
    # the program "crashes"; the next start resumes the unfinished game, as a chess GUI does
    w2 = make_window(mode="hotseat", **OFF)
    assert w2.game.actions() == ["MV:RP(9,1)->(8,2)"] and "Resumed" in w2.last_message
    w2.files.new_game_now()
    w2.actions_by_name["continue"].trigger()  # the game left is still at hand
    assert w2.game.actions() == ["MV:RP(9,1)->(8,2)"]


def test_every_dialog_opens(make_window, shot_dir, qtbot):
    w = make_window(mode="hotseat", **OFF)
    dialogs = {"options": w.preferences.options_dialog(), "colours": w.preferences.colours_dialog(),
               "status": w.show_status(), "square_select": w.square_select()}
    for name, dlg in dialogs.items():
        qtbot.waitExposed(dlg)
        assert dlg.isVisible(), name
        grab(dlg, shot_dir / f"dialog_{name}.png")
        dlg.reject()
    editor = w.open_board_editor()  # the editor package, or a message that it is missing
    if editor is None:
        assert any(d.objectName() == "no_editor" for d in w.dialogs)
    else:
        editor.close()
    w.show_error("Cannot load the game", "example.json:\nnot a save file")
    grab(w.dialogs[-1], shot_dir / "dialog_error.png")
    w.dialogs[-1].close()
    w.offers.resign()
    assert w.game.result == "white" and \
        w.last_game_over == "White wins: Black resigned (R11.2). The game ended on turn 1."
    box = w.dialogs[-1]
    assert box.objectName() == "game_over" and box.isVisible()
    grab(box, shot_dir / "dialog_game_over.png")
    box.close()


def test_options_dialog_lists_every_option_and_applies_a_change(make_window):
    w = make_window(mode="hotseat", **OFF)
    dlg = w.preferences.options_dialog()
    assert set(dlg.widgets) == {f.name for f in dataclasses.fields(wec.Options)}
    assert all(dlg.widgets[n].toolTip() for n in dlg.widgets)  # the field's docstring
    dlg.set_value("flame_range", 3)
    dlg.set_value("government_white", "democracy")
    dlg.accept()
    assert w.game.options.flame_range == 3
    assert any(p.type == "PR" for p in w.game.pieces("white"))
    bad = w.preferences.options_dialog()
    bad.set_value("jet_sub_combat", True)  # only with standard chess movement (R4.9)
    bad.accept()
    assert bad.isVisible() and "jet_sub_combat" in bad.error.text()
    bad.reject()


def test_view_options_and_preferences(make_window):
    w = make_window(mode="hotseat", **OFF)
    usual = w.board.flipped  # your own side at the bottom: Black to move, flipped
    for name in ("discs", "lighting", "big_board", "flip", "last_seen", "show_reserves",
                 "possible_locations"):
        w.actions_by_name[name].trigger()
    assert w.board.flipped != usual and not w.board.detailed and not w.side.isVisible()
    w.actions_by_name["save_prefs"].trigger()
    from wec.gui.play.settings import load_preferences
    assert load_preferences().flipped is True
    w.actions_by_name["restore_defaults"].trigger()
    assert w.board.flipped == usual and load_preferences().flipped is False


def test_the_level_menu_follows_the_level_table_and_an_unknown_saved_level_falls_back(
        make_window):
    import dataclasses
    import json
    from wec.gui.play.settings import Preferences, _settings, load_preferences
    from wec.ai import DEFAULT_LEVEL, LEVELS
    w = make_window(mode="hotseat", **OFF)
    assert sorted(n for n in LEVELS if f"level_{n}" in w.actions_by_name) == sorted(LEVELS)
    assert f"level_{max(LEVELS) + 1}" not in w.actions_by_name
    old = dataclasses.asdict(Preferences())
    old["ai_level"] = max(LEVELS) + 1  # saved by a version that had one more level
    _settings().setValue("preferences", json.dumps(old))
    assert load_preferences().ai_level == DEFAULT_LEVEL


def test_hotseat_hand_off_hides_the_board(make_window, click, qtbot):
    w = make_window(mode="hotseat")  # invisible pieces on (the standard)
    assert w.handoff.isVisible() and w.board.hidden
    click(w, 9, 1)
    assert w.game.ply == 0  # the hidden board takes no clicks
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)
    assert not w.board.hidden and w.snapshot.viewer == "black"
    shown = {(p.row, p.col, p.type) for lv in w.snapshot.pieces.values() for ps in lv.values()
             for p in ps}
    assert (2, 3, "AAA") not in shown  # White's stealthy AAA is hidden from Black (R10)
    click(w, 9, 1)
    click(w, 8, 2)
    qtbot.mouseClick(w.end_turn_button, Qt.MouseButton.LeftButton)
    assert w.handoff.isVisible() and w.board.hidden
    assert "White to play" in w.handoff.label.text()  # its screenshot: test_secrets.py
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)
    assert w.snapshot.viewer == "white"


@pytest.mark.timing
def test_the_ui_keeps_ticking_while_the_computer_thinks(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="white", ai_level=5, ai_seconds=30.0)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start(10)
    qtbot.waitUntil(lambda: w.worker.busy, timeout=3000)
    qtbot.wait(500)
    timer.stop()
    assert w.worker.busy and w.thinking.isVisible()
    assert len(ticks) >= 20, f"only {len(ticks)} timer ticks in 0.5 s while the AI thought"
    qtbot.mouseClick(w.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.game.ply >= 1, timeout=10000)
    w.shutdown()


def test_the_computer_plays_its_turn_one_action_at_a_time(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="black", ai_level=1, ai_seconds=0.2)
    w.computer.nodes = 2000
    seen = []
    w.worker.chosen.connect(seen.append)
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    qtbot.waitUntil(lambda: w.game.to_move == "black" and not w.worker.busy, timeout=20000)
    assert seen and seen[-1] == "END" and w.game.turn == 3
    assert w.history.list.topLevelItemCount() == 3


def test_screenshots_of_the_standard_and_a_busy_position(make_window, shot_dir, qtbot):
    w = make_window(mode="computer_vs_computer")
    w.computer.pause(True)
    w.actions_by_name["ai_pause"].setChecked(True)
    grab(w, shot_dir / "standard.png")
    w.files.start_game(busy_game())
    w.human.on_square_clicked(*_busy_square(w.game), "G", Qt.MouseButton.LeftButton)
    grab(w, shot_dir / "midgame.png")
    w.actions_by_name["discs"].trigger()  # View > Lettered discs
    grab(w, shot_dir / "midgame_discs.png")


def _busy_square(game: wec.Game) -> tuple[int, int]:
    """A square with a piece carrying articles (for the piece panel)."""
    for p in game.pieces():
        if p.articles:
            return p.row, p.col
    return game.pieces()[0].row, game.pieces()[0].col


def test_the_history_panel_updates_only_what_changed(qapp):
    from wec.gui.play.history_panel import HistoryPanel
    from wec.game.record import ActionNote
    a = ActionNote(0, "black", "MOVE", "MV:RP(9,1)->(8,2)")
    end_b = ActionNote(1, "black", "END", None)
    c = ActionNote(2, "white", "MOVE", "MV:RP(2,10)->(3,9)")
    end_w = ActionNote(3, "white", "END", None)
    panel = HistoryPanel()
    panel.update_record("k", [a, end_b, c, end_w], 0, first_turn=1, played=2,
                        turn_strings=["A", "C"])
    first = panel.rows()
    assert [t for t, _ in first] == ["  0. (start)", "  1. Black", "Rocket Launcher Pawn (9,1) → (8,2)",
                                     "  2. White", "Rocket Launcher Pawn (2,10) → (3,9)"]
    assert first[1][1] == "A" and first[2][1] == first[2][0] + "\nMV:RP(9,1)->(8,2)"
    white = panel.list.topLevelItem(2)
    assert white.foreground(0).color().name() == "#8a8a8a"  # ahead of the position shown
    kept = panel.list.topLevelItem(1)
    x = ActionNote(2, "white", "MOVE", "MV:SP(2,9)->(3,8)")
    panel.update_record("k", [x], 2, first_turn=1, played=3, turn_strings=["A"])
    assert panel.list.topLevelItem(1) is kept  # the same items, kept
    assert panel.rows()[-1][0] == "Stunner Pawn (2,9) → (3,8)"
    assert panel.list.currentItem().text(0).endswith("(3,8)")
    assert panel.list.topLevelItem(2).data(0, Qt.ItemDataRole.ForegroundRole) is None
    panel.update_record("other", [], 0, first_turn=1, played=0, turn_strings=[])
    assert panel.list.topLevelItemCount() == 1 and panel.list.currentItem() is panel.start_item
