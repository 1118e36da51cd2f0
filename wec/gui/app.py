"""`wec play` and `wec editor`: start the desktop app or the board editor, or save a screenshot
of either and exit. The windows come from the launcher (wec/gui/launcher.py), which wires the
play window's File > Board Editor and the editor's Play."""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from wec.files.opening import open_game_named_by
from wec.game.errors import WecError
from wec.game.game import Game
from wec.gui.systemlibs import x11_problem


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="wec play", description="Weapon Chess desktop app")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--scenario", help="a predefined scenario ('wec scenarios')")
    group.add_argument("--load", help="a save file")
    group.add_argument("--position", help="a position JSON file")
    p.add_argument("--screenshot", metavar="FILE",
                   help="open the window offscreen, save a PNG of it to FILE and exit")
    p.add_argument("--size", default="1280x860", help="window size for --screenshot (WxH)")
    return p


def initial_game(args: Any) -> Game | None:
    """The game named by --scenario/--load/--position, or None (a new game). The same reading
    as `wec play --text` (wec.files.opening): a position given to --load (or a save to
    --position) is named so."""
    if not (getattr(args, "load", None) or getattr(args, "scenario", None)
            or getattr(args, "position", None)):
        return None
    return open_game_named_by(args)


def screenshot(window: Any, path: str) -> None:
    """Lay the window out, paint it and save it as a PNG."""
    from PySide6.QtWidgets import QApplication  # PySide6 (see `application`)
    window.show()
    for _ in range(5):
        QApplication.processEvents()
    if not window.grab().save(path, "PNG"):
        raise OSError(f"cannot write the screenshot {path}")


def application(offscreen: bool) -> Any:
    """The QApplication (made once), named for QSettings; offscreen for a screenshot."""
    if offscreen:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # PySide6 is the optional `gui` extra: imported only when a window is made
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName("WEC")
    app.setApplicationName("wec")
    return app


def window_libraries_missing(otherwise: str) -> bool:
    """Say (one line) which system libraries Qt's X11 plugin lacks, and how to install them,
    rather than let Qt abort the process; True when some are missing."""
    problem = x11_problem()
    if problem:
        print(f"wec: {problem}; {otherwise}", file=sys.stderr)
    return bool(problem)


def run(args: Any) -> int:
    """Open the play window for parsed `wec play` arguments (see wec/cli)."""
    shot = getattr(args, "screenshot", None)
    if not shot and window_libraries_missing("or play in the terminal with `wec play --text`"):
        return 2
    app = application(bool(shot))
    # the windows and their settings need PySide6 (see `application`)
    from wec.gui.launcher import play_window
    from wec.gui.play.collector import pin_collection_to_this_thread
    from wec.gui.play.settings import Preferences
    pin_collection_to_this_thread(app)  # never a Qt object freed from another thread
    try:
        game = initial_game(args)
    except WecError as e:
        print(f"wec: {e}", file=sys.stderr)
        return 2
    if shot:
        window = play_window(game, prefs=Preferences(mode="computer_vs_computer"),
                             persist=False, autosave=False, paused=True)
        w, _, h = str(getattr(args, "size", "1280x860")).partition("x")
        window.resize(int(w), int(h))
        try:
            screenshot(window, shot)
        finally:
            window.shutdown()
            window.close()
        return 0
    window = play_window(game)
    window.show()
    code = app.exec()
    window.shutdown()
    return int(code)


def run_editor(position_file: str | None = None, screenshot_file: str | None = None,
               size: tuple[int, int] = (1500, 960)) -> int:
    """Open the board editor on a position file (or the standard set-up); with
    `screenshot_file` open it offscreen on that position, save a PNG and return."""
    if not screenshot_file and window_libraries_missing(
            "or `wec editor --screenshot FILE` for a picture of it"):
        return 2
    app = application(bool(screenshot_file))
    # the editor needs PySide6 (see `application`)
    from wec.gui.editor.model import PositionShapeError
    from wec.gui.editor.window import read_position_file
    from wec.gui.launcher import editor_window, preferred_bottom
    from wec.gui.play.settings import Preferences
    try:
        position = read_position_file(position_file) if position_file else None
    except (PositionShapeError, WecError) as e:
        print(f"wec: {e}", file=sys.stderr)
        return 2
    # a screenshot never reads the user's preferences: the default side at the bottom
    window = editor_window(position, bottom=preferred_bottom(Preferences()) if screenshot_file
                           else None)
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


def main(argv: list[str] | None = None) -> int:
    return run(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
