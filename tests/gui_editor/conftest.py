"""Board editor tests: offscreen Qt, the data folder and QSettings in temporary folders."""
from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"  # before Qt is imported anywhere

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QSettings, Qt  # noqa: E402

SCREENSHOTS = os.environ.get("WEC_SCREENSHOT_DIR")
"""Set it (e.g. to docs/screenshots) to keep the editor screenshots the tests take."""


@pytest.fixture(autouse=True)
def private_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Never touch the user's autosave or preferences."""
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("WEC_DATA_DIR", str(data))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path / "settings"))
    return data


@pytest.fixture
def shot_dir(tmp_path: Path) -> Path:
    folder = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def editor(qtbot):
    """make(position=None, on_play=None): an EditorWindow, shown offscreen."""
    from editor.window import EditorWindow
    made = []

    def make(position=None, on_play=None, game_position=None):
        w = EditorWindow(position, on_play=on_play, game_position=game_position)
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
