"""`wec editor`: run the board editor alone, or save a screenshot of it and exit."""
from __future__ import annotations

import os
import sys
from typing import Any


def screenshot(window: Any, path: str) -> None:
    """Lay the window out, paint it and save it as a PNG."""
    from PySide6.QtWidgets import QApplication
    window.show()
    for _ in range(5):
        QApplication.processEvents()
    if not window.grab().save(path, "PNG"):
        raise OSError(f"cannot write the screenshot {path}")


def run(position_file: str | None = None, screenshot_file: str | None = None,
        size: tuple[int, int] = (1500, 960)) -> int:
    """Open the editor on a position file (or the standard set-up); with `screenshot_file` open
    it offscreen on that position, save a PNG and return."""
    if screenshot_file:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from wec import WecError

    from wec.gui.editor.model import PositionShapeError
    from wec.gui.editor.window import EditorWindow, read_position_file
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName("WEC")
    app.setApplicationName("wec")
    try:
        position = read_position_file(position_file) if position_file else None
    except (PositionShapeError, WecError) as e:
        print(f"wec: {e}", file=sys.stderr)
        return 2
    window = EditorWindow(position)
    if screenshot_file:
        window.resize(*size)
        try:
            screenshot(window, screenshot_file)
        except OSError as e:
            print(f"wec: {e}", file=sys.stderr)
            return 2
        finally:
            window.close()
        return 0
    window.show()
    return int(app.exec())
