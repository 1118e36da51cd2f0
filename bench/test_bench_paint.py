"""Board repaint time (issue 7): a full paint of a busy mid-game into a QImage, offscreen.

Target: <= 4 ms per full repaint at 800x800 logical pixels. The glyph and background pixmaps are
cached by the widget, as they are in the running app after its first paint.
"""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

pytest.importorskip("PySide6")


@pytest.fixture(scope="module")
def busy_board():
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from qt_ui.board_widget import BoardWidget, Highlights
    from qt_ui.demo import busy_game
    from qt_ui.snapshot import BoardSnapshot
    game = busy_game()
    board = BoardWidget()
    board.resize(800, 800)
    board.set_snapshot(BoardSnapshot.of(game))
    legal = [a for a in game.legal_moves() if a.dest]
    board.set_highlights(Highlights({a.dest for a in legal[:12]}, set(), None, {(3, 3), (4, 4)}))
    yield app, board, game


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_full_repaint_of_a_busy_position(benchmark, figures, busy_board, dpr):
    from PySide6.QtGui import QImage, QPainter
    _app, board, game = busy_board
    image = QImage(int(800 * dpr), int(800 * dpr), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(dpr)

    def paint() -> None:
        painter = QPainter(image)
        board.render_board(painter)
        painter.end()

    paint()  # fill the glyph caches
    benchmark(paint)
    ms = benchmark.stats.stats.min * 1000
    figures[f"GUI full repaint busy board 800px dpr {dpr:g}, ms"] = ms
    assert len(game.pieces()) >= 40
    assert ms <= 4.0, f"repaint {ms:.2f} ms"


def test_uncached_first_paint(benchmark, figures, busy_board):
    """The first paint after a resize or a view change (caches empty)."""
    from PySide6.QtGui import QImage, QPainter
    _app, board, _game = busy_board
    image = QImage(800, 800, QImage.Format.Format_ARGB32_Premultiplied)

    def paint() -> None:
        board._glyph_cache.clear()
        painter = QPainter(image)
        board.render_board(painter)
        painter.end()

    benchmark.pedantic(paint, rounds=5, iterations=1)
    figures["GUI first paint (empty caches) 800px, ms"] = benchmark.stats.stats.min * 1000
