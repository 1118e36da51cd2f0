"""GUI tests run offscreen, with the data folder and QSettings in temporary folders."""
from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"  # before Qt is imported anywhere

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QSettings, Qt  # noqa: E402

SCREENSHOTS = os.environ.get("WEC_SCREENSHOT_DIR")
"""Set it (e.g. to docs/screenshots) to keep the screenshots the tests take (app and editor)."""


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
    """Where screenshots go: WEC_SCREENSHOT_DIR if set, else a temporary folder."""
    folder = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def make_window(qtbot):
    """A play window (made by the launcher, so File > Board Editor opens the editor) with test
    preferences: no delays, no animation, no evaluation bar (it asks the computer's helper
    process; its tests switch it on), choosers answered by a function (default: the first
    choice) and confirmations answered yes."""
    from wec.gui.play.collector import pin_collection_to_this_thread, unpin
    from wec.gui.launcher import play_window
    from wec.gui.play.settings import Preferences
    made = []
    pin_collection_to_this_thread()  # as `wec play` does (wec/gui/app.py)

    def make(game=None, **prefs):
        prefs.setdefault("animate", False)
        prefs.setdefault("eval_bar", False)
        w = play_window(game, prefs=Preferences(**prefs))
        w.computer.delay_ms = 0
        w.choose = lambda title, labels: 0
        w.confirm = lambda title, text: True
        qtbot.addWidget(w)
        w.resize(1280, 860)
        w.show()
        qtbot.waitExposed(w)
        made.append(w)
        return w

    yield make
    for w in made:
        w.shutdown()
    unpin()


@pytest.fixture
def click(qtbot):
    """click(window, row, col, level="G", button=left): a click on the real board widget."""
    def do(window, row: int, col: int, level: str = "G",
           button=Qt.MouseButton.LeftButton) -> None:
        p = window.board.square_center(row, col, level)
        qtbot.mouseClick(window.board, button, pos=QPoint(int(p.x()), int(p.y())))
    return do
