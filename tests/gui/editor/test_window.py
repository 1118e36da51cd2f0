"""The board editor: building by clicks, validation, undo/redo, files, play from here."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from wec.gui.editor import model
from wec import Game

pytestmark = pytest.mark.gui


def _settle() -> None:
    """Let pending layouts run before a screenshot."""
    from PySide6.QtWidgets import QApplication
    for _ in range(3):
        QApplication.processEvents()


def _kings_and_pawns(w, stamp) -> None:
    stamp(w, "K", "white", 1, 5)
    stamp(w, "K", "black", 10, 6)
    stamp(w, "RP", "white", 2, 1)
    stamp(w, "RP", "black", 9, 10)


def test_build_a_scenario_by_clicks_from_an_empty_board(editor, stamp, click, shot_dir) -> None:
    w = editor()
    w.actions_by_name["clear"].trigger()
    assert w.position["pieces"] == [] and w.position["articles"] == []
    assert not w.actions_by_name["play_hotseat"].isEnabled()  # nothing to play with
    _kings_and_pawns(w, stamp)
    stamp(w, "TA", "white", 1, 1)
    stamp(w, "CH", "black", 10, 4)
    stamp(w, "JE", "white", 4, 4, level="A")
    pal = w.palette_widget
    pal.choose("article", "SH")
    click(w, 5, 5)
    click(w, 5, 5)  # stamping: the tool stays
    pal.to_piece.setChecked(True)
    click(w, 1, 1)  # given to the Tank standing there
    pal.to_piece.setChecked(False)
    pal.white.setChecked(True)
    pal.reserve.setChecked(True)
    pal.choose("piece", "CL")
    click(w, 3, 3)
    pal.reserve.setChecked(False)
    pos = w.position
    pieces = {(p["type"], p["color"], tuple(p["square"]), p["level"]) for p in pos["pieces"]}
    assert pieces == {("K", "white", (1, 5), "G"), ("K", "black", (10, 6), "G"),
                      ("RP", "white", (2, 1), "G"), ("RP", "black", (9, 10), "G"),
                      ("TA", "white", (1, 1), "G"), ("CH", "black", (10, 4), "G"),
                      ("JE", "white", (4, 4), "A")}
    tank = next(p for p in pos["pieces"] if p["type"] == "TA")
    assert tank["hand"] == "left" and tank["articles"] == ["SH"]  # R2.4 by column
    assert [a["type"] for a in pos["articles"]] == ["SH", "SH"]
    assert pos["reserves"] == [{"type": "CL", "color": "white", "square": [3, 3],
                                "hand": "left", "armed": False}]
    pawn = next(p for p in pos["pieces"] if p["type"] == "RP" and p["color"] == "white")
    assert pawn["home"] is True
    assert w.doc.problems == []
    assert w.actions_by_name["play_hotseat"].isEnabled()
    game = Game.from_position(pos)
    assert len(game.pieces()) == 7 and game.articles_at(5, 5) == ("SH", "SH")
    _settle()
    w.grab().save(str(shot_dir / "editor-built-by-clicks.png"))


def test_an_illegal_placement_is_flagged_with_its_reason(editor, stamp, click, shot_dir) -> None:
    w = editor()
    w.actions_by_name["clear"].trigger()
    _kings_and_pawns(w, stamp)
    assert w.doc.problems == []
    stamp(w, "TA", "white", 5, 5, level="A")  # a Tank cannot fly by itself (R3.4)
    texts = w.problems.texts()
    assert any("cannot be at A of (5, 5) without a carrier (R3.4)" in t for t in texts), texts
    assert (5, 5) in w.canvas.marked
    assert not w.actions_by_name["play_hotseat"].isEnabled()
    assert not w.actions_by_name["play_human_vs_computer"].isEnabled()
    assert w.play("hotseat") is False
    # the edit was made all the same: validation never blocks
    assert any(p["type"] == "TA" and p["level"] == "A" for p in w.position["pieces"])
    stamp(w, "Q", "black", 1, 5)  # an enemy on the white King's Ground (R3.1)
    texts = w.problems.texts()
    assert any("K and Q cannot share (1, 5) G" in t for t in texts), texts
    assert {(5, 5), (1, 5)} <= w.canvas.marked
    _settle()
    w.grab().save(str(shot_dir / "editor-problems.png"))
    # the eraser clears them again
    w.palette_widget.choose("eraser")
    click(w, 5, 5, "A")
    click(w, 1, 5)  # the right-hand slot: the Queen placed last
    assert w.doc.problems == []
    assert not w.canvas.marked


def test_the_manuals_warnings(editor, stamp) -> None:
    w = editor()
    w.actions_by_name["clear"].trigger()
    texts = w.problems.texts()
    assert any("Black has no primary government piece" in t for t in texts)
    assert any("White has no legal Move" in t for t in texts)
    _kings_and_pawns(w, stamp)
    assert w.doc.problems == []
    # stun the white side's every mobile piece
    for i, p in enumerate(w.position["pieces"]):
        if p["color"] == "white":
            w.doc.edit("stun", lambda pos, i=i: model.update_piece(pos, i, stun=2))
    texts = w.problems.texts()
    assert any("White's last mobile pieces are stunned" in t for t in texts), texts
    assert (1, 5) in w.canvas.marked
    # more than 200 articles (R3.3): the drop ring would find no place
    many = w.doc.copy()
    many["articles"] = [{"type": "SH", "square": [r, c]} for r in range(1, 11)
                        for c in range(1, 11)] * 2
    many["pieces"][0]["articles"] = ["FL"]
    w.doc.replace(many, "many")
    assert any("201 articles, more than 200 (R3.3)" in t for t in w.problems.texts())


def test_undo_and_redo_every_edit(editor, stamp, click) -> None:
    w = editor()
    start = w.doc.copy()
    w.actions_by_name["clear"].trigger()
    states = [w.doc.copy()]
    stamp(w, "K", "white", 1, 5)
    states.append(w.doc.copy())
    stamp(w, "K", "black", 10, 5)
    states.append(w.doc.copy())
    w.palette_widget.choose("article", "FL")
    click(w, 4, 4)
    states.append(w.doc.copy())
    w.scenario.gov["white"].setCurrentIndex(w.scenario.gov["white"].findData("democracy"))
    states.append(w.doc.copy())
    assert any(p["type"] == "PR" for p in w.position["pieces"])
    assert w.position["options"]["government_white"] == "democracy"
    # a drag moves the black King, a right click removes the article
    a = w.canvas.point_of(10, 5)
    b = w.canvas.point_of(8, 3)
    qt = w.canvas
    from PySide6.QtTest import QTest
    QTest.mousePress(qt, Qt.MouseButton.LeftButton, pos=QPoint(int(a.x()), int(a.y())))
    QTest.mouseMove(qt, QPoint(int((a.x() + b.x()) / 2), int((a.y() + b.y()) / 2)))
    QTest.mouseMove(qt, QPoint(int(b.x()), int(b.y())))
    QTest.mouseRelease(qt, Qt.MouseButton.LeftButton, pos=QPoint(int(b.x()), int(b.y())))
    assert [p["square"] for p in w.position["pieces"] if p["color"] == "black"] == [[8, 3]]
    states.append(w.doc.copy())
    art = w.canvas.square_rect(4, 4)
    items = [i for i in __import__("wec.gui.editor.layout", fromlist=["x"]).square_items(
        w.position, (4, 4), art) if i.kind == "article"]
    c = items[0].rect.center()
    QTest.mouseClick(qt, Qt.MouseButton.RightButton, pos=QPoint(int(c.x()), int(c.y())))
    assert w.position["articles"] == []
    states.append(w.doc.copy())
    stack = w.doc.undo_stack
    for expected in reversed(states[:-1]):
        w.actions_by_name["undo"].trigger()
        assert w.doc.position == expected
    w.actions_by_name["undo"].trigger()
    assert w.doc.position == model.normalize(start)
    assert not stack.canUndo()
    for expected in states:
        w.actions_by_name["redo"].trigger()
        assert w.doc.position == expected
    assert not stack.canRedo()


def test_property_panel_edits_respect_slots_and_merge(editor, stamp, shot_dir) -> None:
    w = editor()
    w.actions_by_name["clear"].trigger()
    _kings_and_pawns(w, stamp)
    stamp(w, "TA", "white", 3, 3)
    panel = w.properties
    assert panel.item == ("piece", 4)
    pe = panel.piece_editor
    pe.give_code.setCurrentIndex(pe.give_code.findData("XXX"))
    pe.give.click()
    assert w.position["pieces"][4]["articles"] == ["XXX"]
    for code in ("FL", "RL"):
        pe.give_code.setCurrentIndex(pe.give_code.findData(code))
        pe.give.click()
    assert w.position["pieces"][4]["articles"] == ["XXX", "FL", "RL"]
    assert not pe.give.isEnabled()  # 3 slots with a box (R5.1)
    n = w.doc.undo_stack.count()
    for v in (1, 2, 3):
        pe.stun.setValue(v)
    assert w.position["pieces"][4]["stun"] == 3
    assert w.doc.undo_stack.count() == n + 1  # one spin box, one undo step
    pe.cool_spins["FL"].setValue(2)
    assert w.position["pieces"][4]["cooldowns"] == {"FL": 2}
    pe.hand.setCurrentIndex(pe.hand.findData("right"))
    assert w.position["pieces"][4]["hand"] == "right"
    _settle()
    w.grab().save(str(shot_dir / "editor-properties.png"))
    pe.level.setCurrentIndex(pe.level.findData("A"))
    assert any("(R3.4)" in t for t in w.problems.texts())
    w.actions_by_name["undo"].trigger()
    assert w.doc.problems == []
    panel.lay_code.setCurrentIndex(panel.lay_code.findData("SH"))
    panel.lay.click()
    panel.lay.click()
    assert not panel.lay.isEnabled()  # at most 2 articles on a square's Ground (R3.3)
    panel.launch.click()
    assert w.position["projectiles"][0]["level"] == "G"
    game = Game.from_position(w.position)
    assert game.projectiles()[0].kind == "RL"


def test_save_then_load_gives_the_identical_position(editor, stamp, tmp_path) -> None:
    w = editor()
    w.actions_by_name["clear"].trigger()
    _kings_and_pawns(w, stamp)
    stamp(w, "SU", "black", 7, 7, level="S")
    stamp(w, "CH", "white", 4, 4, level="A")
    w.doc.edit("give", lambda p: model.give_article(p, 0, "FL"))
    path = tmp_path / "scenario.json"
    assert w.save_to(str(path))
    saved = w.doc.copy()
    assert json.loads(path.read_text(encoding="utf-8")) == saved
    w.actions_by_name["standard"].trigger()
    assert w.position != saved
    assert w.load_file(str(path))
    assert w.doc.position == saved
    other = editor()
    assert other.load_file(str(path)) and other.doc.position == saved
    assert Game.from_position(str(path)).position() == Game.from_position(saved).position()
    # a broken file is refused with its reason; the position stays
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "wec-position", "to_move": "black", "pieces": [{"type": "ZZ"}]}')
    assert not w.load_file(str(bad))
    assert "'ZZ' is not a known type" in w.last_message
    assert w.doc.position == saved


def test_copy_and_paste_the_position_as_json(editor, stamp) -> None:
    w = editor()
    w.actions_by_name["copy"].trigger()
    text = QGuiApplication.clipboard().text()
    assert json.loads(text) == w.doc.position
    w.actions_by_name["clear"].trigger()
    w.actions_by_name["paste"].trigger()
    assert w.doc.position == model.standard_position()
    assert w.paste_position("not json") is False
    assert w.doc.position == model.standard_position()


def test_play_from_here_starts_a_game_of_the_edited_position(editor, stamp) -> None:
    played = []
    game0 = Game.new()
    game0.apply(game0.legal_moves()[0])
    game0.end_turn()
    w = editor(position=game0.position(), on_play=lambda pos, mode: played.append((pos, mode)),
               game_position=game0.position())
    assert w.doc.position == model.normalize(game0.position())
    stamp(w, "JE", "black", 5, 5, level="A")
    w.doc.edit("stun", lambda p: model.update_piece(p, 0, stun=1))
    assert w.doc.problems == []
    w.actions_by_name["play_hotseat"].trigger()
    w.actions_by_name["play_human_vs_computer"].trigger()
    assert [m for _, m in played] == ["hotseat", "human_vs_computer"]
    pos = played[0][0]
    game = Game.from_position(pos)
    assert model.normalize(game.position()) == w.doc.position
    assert game.position() == Game.from_position(w.doc.position).position()
    assert game.to_move == "white" and game.pieces_at(5, 5, "A")[0].type == "JE"
    # the game position the editor started from is one menu entry away
    w.actions_by_name["clear"].trigger()
    w.actions_by_name["game_position"].trigger()
    assert w.doc.position == model.normalize(game0.position())


def test_play_from_here_without_a_callback_opens_the_game_window(editor, qtbot) -> None:
    pytest.importorskip("wec.gui.launcher")
    w = editor()
    assert w.play("hotseat")
    game_window = w.play_windows[-1]  # deletes itself on close
    assert game_window.game.position() == Game.from_position(w.doc.position).position()
    game_window.shutdown()
    game_window.close()


def test_open_editor_and_the_command_line_screenshot(qtbot, tmp_path) -> None:
    from wec.gui.editor import open_editor
    win = open_editor(None, Game.new().position())
    qtbot.addWidget(win)
    assert win.isWindow() and win.isVisible()
    assert win.doc.is_legal()
    win.close()
    out = tmp_path / "editor.png"
    from wec import cli
    assert cli.main(["editor", "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 10_000


def test_scenario_settings_side_to_move_governments_and_options(editor, shot_dir) -> None:
    from wec.gui.editor.scenario_panel import OptionsDialog
    w = editor()
    sp = w.scenario
    sp.to_move.setCurrentIndex(sp.to_move.findData("white"))
    assert w.position["to_move"] == "white"
    sp.gov["black"].setCurrentIndex(sp.gov["black"].findData("theocracy"))
    types = {p["type"] for p in w.position["pieces"] if p["color"] == "black"}
    assert {"AV", "AC"} <= types and not {"K", "Q"} & types
    assert {r["type"] for r in w.position["reserves"] if r["color"] == "black"} >= {"AC"}
    dialog = OptionsDialog(w.position["options"], w)
    dialog.widgets["movement"].setCurrentIndex(dialog.widgets["movement"].findData(
        "standard_chess"))
    dialog.widgets["stun_turns"].setValue(2)
    dialog.widgets["invisible_pieces"].setChecked(False)
    dialog.show()
    _settle()
    dialog.grab().save(str(shot_dir / "editor-options.png"))
    values = dialog.values()
    assert values == {"government_black": "theocracy", "movement": "standard_chess",
                      "stun_turns": 2, "invisible_pieces": False}
    w.doc.edit("Set options", lambda p: model.set_options(p, values))
    dialog.close()
    game = Game.from_position(w.position)
    assert game.options.movement == "standard_chess" and game.options.government_black == \
        "theocracy"
    # an option the rules refuse is listed as a problem, the edit is kept
    w.doc.edit("bad", lambda p: model.set_options(p, {**values, "jet_sub_combat": True,
                                                       "movement": "weapon_chess"}))
    assert any("jet_sub_combat" in t for t in w.problems.texts())
    w.actions_by_name["undo"].trigger()
    assert w.doc.problems == []


def test_the_game_windows_board_editor_plays_the_edited_position(qtbot, stamp) -> None:
    launcher = pytest.importorskip("wec.gui.launcher")
    from wec.gui.play.settings import Preferences
    game_window = launcher.play_window(None, prefs=Preferences(animate=False), persist=False,
                                       autosave=False, paused=True)
    qtbot.addWidget(game_window)
    try:
        ed = game_window.open_board_editor()
        assert ed is not None and ed.isWindow()
        # against the computer the editor shows what the human (Black) sees
        seen = game_window.game.observation("black").position()
        seen.pop("enemy_reserves")
        assert ed.doc.position == model.normalize(seen)
        stamp(ed, "JE", "white", 5, 5, level="A")
        ed.actions_by_name["play_hotseat"].trigger()
        assert game_window.game.position() == Game.from_position(ed.doc.position).position()
        ed.close()
    finally:
        game_window.shutdown()


def test_flip_delete_key_and_dragging_off_the_board(editor, stamp, click) -> None:
    from PySide6.QtTest import QTest
    w = editor()
    w.actions_by_name["clear"].trigger()
    _kings_and_pawns(w, stamp)
    assert w.bottom() == "black"  # as a new game window draws it: the human's side, Black
    w.actions_by_name["flip"].trigger()
    assert not w.canvas.flipped and w.bottom() == "white"
    w.actions_by_name["flip"].trigger()
    assert w.canvas.flipped and w.last_message == "Black at the bottom."
    stamp(w, "DO", "white", 2, 3)
    assert [p["square"] for p in w.position["pieces"] if p["type"] == "DO"] == [[2, 3]]
    assert w.canvas.square_at(w.canvas.point_of(2, 3, "S")) == (2, 3, "S")
    w.palette_widget.choose("pointer")
    click(w, 2, 3)
    assert w.properties.item == ("piece", 4)
    w.actions_by_name["delete"].trigger()
    assert len(w.position["pieces"]) == 4
    a = w.canvas.point_of(9, 10)
    QTest.mousePress(w.canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(a.x()), int(a.y())))
    QTest.mouseMove(w.canvas, QPoint(int(a.x()) + 20, int(a.y())))
    QTest.mouseMove(w.canvas, QPoint(2, 2))
    QTest.mouseRelease(w.canvas, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))
    assert [p["type"] for p in w.position["pieces"] if p["color"] == "black"] == ["K"]
