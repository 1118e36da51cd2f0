"""Board editor fixtures; offscreen Qt, private data and settings folders and the screenshot
folder come from tests/gui/conftest.py."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt


@pytest.fixture
def editor(qtbot):
    """make(position=None, on_play=None): an EditorWindow made by the launcher (without
    `on_play` its Play opens a game window), shown offscreen."""
    from wec.gui.launcher import editor_window
    made = []

    def make(position=None, on_play=None, game_position=None):
        w = editor_window(position, on_play=on_play, game_position=game_position)
        qtbot.addWidget(w)
        w.resize(1500, 960)
        w.show()
        qtbot.waitExposed(w)
        made.append(w)
        return w

    yield make
    for w in made:
        w.close()


@pytest.fixture
def click(qtbot):
    """click(window, row, col, level="G", button=left): a click on the editor's board in the
    middle of that level's band (right of the article column)."""
    def do(window, row: int, col: int, level: str = "G",
           button=Qt.MouseButton.LeftButton) -> None:
        p = window.canvas.point_of(row, col, level)
        qtbot.mouseClick(window.canvas, button, pos=QPoint(int(p.x()), int(p.y())))
    return do


@pytest.fixture
def stamp(click):
    """stamp(window, code, color, row, col, level="G"): choose a piece tool and click."""
    def do(window, code: str, color: str, row: int, col: int, level: str = "G") -> None:
        pal = window.palette_widget
        (pal.white if color == "white" else pal.black).setChecked(True)
        pal.choose("piece", code)
        click(window, row, col, level)
    return do
