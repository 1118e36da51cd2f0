"""The board editor turned as the game's board, and pieces dragged from the palette and between
squares with the same outcome and the same problems as clicks."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from wec.gui.drawing.board_geometry import relative_place
from wec.gui.editor import palette as palette_mod

pytestmark = pytest.mark.gui

SQUARES = [(1, 1), (1, 10), (10, 1), (10, 10), (3, 7), (8, 2)]


def _places(board, rect_of) -> list[tuple[float, float]]:
    """Where each of SQUARES sits on a board, as shares of its width and height."""
    b = board.board_rect()
    return [relative_place(b, rect_of(*sq)) for sq in SQUARES]


def _same_places(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    return all(abs(x1 - x2) < 1e-9 and abs(y1 - y2) < 1e-9 for (x1, y1), (x2, y2) in zip(a, b))


@pytest.mark.parametrize("human", ["white", "black"])
def test_the_editor_puts_every_square_where_the_game_window_does(make_window, human) -> None:
    game_window = make_window(mode="human_vs_computer", human=human)
    assert game_window.board.flipped == (human == "black")  # the human's side at the bottom
    ed = game_window.open_board_editor()
    assert ed is not None
    try:
        assert ed.bottom() == human
        game = _places(game_window.board, game_window.board.square_rect)
        assert _same_places(_places(ed.canvas, ed.canvas.square_rect), game)
        # row 1 at the bottom for White, at the top for Black
        bottom_row = game[0][1] > game[2][1]
        assert bottom_row == (human == "white")
        ed.actions_by_name["flip"].trigger()  # the editor's own flip turns only the editor
        assert ed.bottom() != human and game_window.board.flipped == (human == "black")
        assert not _same_places(_places(ed.canvas, ed.canvas.square_rect), game)
    finally:
        ed.close()


def test_the_editor_follows_the_game_windows_flip(make_window) -> None:
    game_window = make_window(mode="human_vs_computer", human="black")
    game_window.actions_by_name["flip"].trigger()  # View > Flip board: White at the bottom
    assert not game_window.board.flipped
    ed = game_window.open_board_editor()
    try:
        assert ed.bottom() == "white"
        assert _same_places(_places(ed.canvas, ed.canvas.square_rect),
                            _places(game_window.board, game_window.board.square_rect))
    finally:
        ed.close()


def test_a_scenario_played_from_the_editor_is_not_turned_over(editor, stamp) -> None:
    w = editor()  # alone, as `wec editor`: turned as a new game window would be
    assert w.bottom() == "black"
    w.actions_by_name["play_human_vs_computer"].trigger()
    game_window = w.play_windows[-1]
    try:
        assert game_window.board.flipped == w.canvas.flipped
        assert _same_places(_places(w.canvas, w.canvas.square_rect),
                            _places(game_window.board, game_window.board.square_rect))
    finally:
        game_window.shutdown()
        game_window.close()


# --- dragging --------------------------------------------------------------------------------

def _deliver(canvas, mime, point: QPointF, *, seen: list | None = None) -> None:
    """What the platform's drag loop does over the board: enter, move, drop at `point`."""
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    action = Qt.DropAction.CopyAction
    QApplication.sendEvent(canvas, QDragEnterEvent(point.toPoint(), action, mime, buttons, mods))
    QApplication.sendEvent(canvas, QDragMoveEvent(point.toPoint(), action, mime, buttons, mods))
    if seen is not None:
        seen.append(canvas.drop_target())
    QApplication.sendEvent(canvas, QDropEvent(point, action, mime, buttons, mods))


@pytest.fixture
def drag_from_palette(monkeypatch):
    """drag_from_palette(window, kind, code, point) -> the drop target the board showed: a real
    press and move on the palette's button; the drag it starts is dropped on the board at
    `point` (the offscreen platform has no drag loop of its own)."""
    def do(window, kind: str, code: str, point: QPointF) -> object:
        seen: list = []
        started: list = []

        def run_drag(button, drag) -> None:
            started.append((button.kind, button.code))
            _deliver(window.canvas, drag.mimeData(), point, seen=seen)
        monkeypatch.setattr(palette_mod.PaletteButton, "run_drag", run_drag)
        button = window.palette_widget.buttons[(kind, code)]
        c = button.rect().center()
        QTest.mousePress(button, Qt.MouseButton.LeftButton, pos=c)
        QTest.mouseMove(button, c + QPoint(QApplication.startDragDistance() + 12, 4))
        QTest.mouseRelease(button, Qt.MouseButton.LeftButton, pos=c + QPoint(40, 4))
        assert started == [(kind, code)]
        return seen[0] if seen else None
    return do


def _pieces(w) -> set[tuple[str, str, tuple[int, int], str]]:
    return {(p["type"], p["color"], tuple(p["square"]), p["level"]) for p in w.position["pieces"]}


def _kings(w, stamp) -> None:
    w.actions_by_name["clear"].trigger()
    stamp(w, "K", "white", 1, 5)
    stamp(w, "K", "black", 10, 6)
    w.palette_widget.choose("pointer")


def test_pieces_dragged_from_the_palette_land_on_the_band_they_are_dropped_on(
        editor, stamp, drag_from_palette) -> None:
    w = editor()
    _kings(w, stamp)
    pal, canvas = w.palette_widget, w.canvas
    pal.black.setChecked(True)
    shown = drag_from_palette(w, "piece", "TA", canvas.point_of(8, 3, "G"))
    assert shown == ("piece", (8, 3, "G"))  # the Ground band is framed before the drop
    assert ("TA", "black", (8, 3), "G") in _pieces(w)
    tank = next(p for p in w.position["pieces"] if p["type"] == "TA")
    assert tank["hand"] == "right"  # R2.4 by column, as a click places it
    assert pal.tool().kind == "pointer"  # the drag does not change the chosen tool
    QTest.mouseClick(pal.buttons[("piece", "DS")], Qt.MouseButton.LeftButton)
    assert (pal.tool().kind, pal.tool().code) == ("piece", "DS")  # a click still chooses
    pal.choose("pointer")
    assert w.properties.square == (8, 3) and w.properties.item is not None
    drag_from_palette(w, "piece", "JE", canvas.point_of(7, 7, "A"))
    drag_from_palette(w, "piece", "SU", canvas.point_of(6, 2, "S"))
    assert {("JE", "black", (7, 7), "A"), ("SU", "black", (6, 2), "S")} <= _pieces(w)
    assert w.doc.problems == []
    # one drop is one edit
    w.actions_by_name["undo"].trigger()
    assert not any(p["type"] == "SU" for p in w.position["pieces"])
    # the palette's fixed level wins over the band, as for a click
    pal.level.setCurrentIndex(pal.level.findData("G"))
    drag_from_palette(w, "piece", "DO", canvas.point_of(5, 5, "A"))
    assert ("DO", "black", (5, 5), "G") in _pieces(w)


def test_a_bad_drop_is_flagged_as_a_bad_click_is(editor, stamp, drag_from_palette) -> None:
    w = editor()
    _kings(w, stamp)
    w.palette_widget.white.setChecked(True)
    drag_from_palette(w, "piece", "TA", w.canvas.point_of(5, 5, "A"))
    assert ("TA", "white", (5, 5), "A") in _pieces(w)
    assert any("cannot be at A of (5, 5) without a carrier (R3.4)" in t
               for t in w.problems.texts())
    assert (5, 5) in w.canvas.marked
    assert not w.actions_by_name["play_hotseat"].isEnabled()


def test_articles_and_reserves_dragged_from_the_palette(editor, stamp,
                                                        drag_from_palette) -> None:
    w = editor()
    _kings(w, stamp)
    pal, canvas = w.palette_widget, w.canvas
    drag_from_palette(w, "article", "SH", canvas.point_of(4, 4, "G"))
    assert [(a["type"], a["square"]) for a in w.position["articles"]] == [("SH", [4, 4])]
    pal.to_piece.setChecked(True)  # "Give articles to the piece clicked": and dropped on
    king = canvas.point_of(1, 5, "G")
    item = canvas.item_at(king)
    assert item is not None and item.kind == "piece"
    drag_from_palette(w, "article", "FL", king)
    assert w.position["pieces"][item.index]["articles"] == ["FL"]
    pal.reserve.setChecked(True)
    drag_from_palette(w, "piece", "CL", canvas.point_of(3, 3, "G"))
    assert [(r["type"], r["square"]) for r in w.position["reserves"]] == [("CL", [3, 3])]


def test_a_palette_entry_dropped_off_the_board_changes_nothing(editor, stamp,
                                                                drag_from_palette) -> None:
    w = editor()
    _kings(w, stamp)
    before = w.doc.copy()
    assert drag_from_palette(w, "piece", "TA", QPointF(2, 2)) is None
    assert w.doc.position == before


def _drag_on_board(canvas, a: QPointF, b: QPointF, shot=None) -> object:
    """Press at a, move to b, release there; the drop target shown just before the release
    (the window grabbed into `shot` then)."""
    QTest.mousePress(canvas, Qt.MouseButton.LeftButton, pos=a.toPoint())
    QTest.mouseMove(canvas, ((a + b) / 2).toPoint())
    QTest.mouseMove(canvas, b.toPoint())
    shown = canvas.drop_target()
    if shot is not None:
        canvas.window().grab().save(str(shot))
    QTest.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=b.toPoint())
    return shown


@pytest.mark.parametrize("flip", [False, True])
def test_pieces_dragged_between_squares_and_levels(editor, stamp, flip, shot_dir) -> None:
    w = editor()
    _kings(w, stamp)
    if flip:
        w.actions_by_name["flip"].trigger()
    canvas = w.canvas
    stamp(w, "DS", "white", 2, 2)
    stamp(w, "JE", "white", 3, 3, level="A")
    w.palette_widget.choose("pointer")
    shown = _drag_on_board(canvas, canvas.point_of(2, 2, "G"), canvas.point_of(6, 8, "G"),
                           None if flip else shot_dir / "editor-drag.png")
    assert shown == ("piece", (6, 8, "G"))
    assert ("DS", "white", (6, 8), "G") in _pieces(w)
    # dropped on the Air band of the same square: the level comes from the band, and a Jet in
    # the Air of another square stays in the Air
    _drag_on_board(canvas, canvas.point_of(3, 3, "A"), canvas.point_of(9, 4, "A"))
    assert ("JE", "white", (9, 4), "A") in _pieces(w)
    _drag_on_board(canvas, canvas.point_of(6, 8, "G"), canvas.point_of(6, 8, "A"))
    assert ("DS", "white", (6, 8), "A") in _pieces(w)
    assert any("(6, 8)" in t and "R3.4" in t for t in w.problems.texts())
    w.actions_by_name["undo"].trigger()
    assert ("DS", "white", (6, 8), "G") in _pieces(w) and w.doc.problems == []
    # a click (no drag) with the pointer still chooses, it does not move
    QTest.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.point_of(6, 8).toPoint())
    assert w.properties.square == (6, 8) and ("DS", "white", (6, 8), "G") in _pieces(w)
