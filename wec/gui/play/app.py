"""`wec play`: start the desktop app (`main(argv)`), or save a screenshot and exit."""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from wec.files.opening import open_game_named_by
from wec.game.game import Game


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
    from PySide6.QtWidgets import QApplication
    window.show()
    for _ in range(5):
        QApplication.processEvents()
    image = window.grab()
    if not image.save(path, "PNG"):
        raise OSError(f"cannot write the screenshot {path}")


def run(args: Any) -> int:
    """Open the window for parsed `wec play` arguments (see wec/cli.py)."""
    shot = getattr(args, "screenshot", None)
    if shot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    import wec
    from wec.gui.play.main_window import MainWindow
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName("WEC")
    app.setApplicationName("wec")
    from wec.gui.play.collector import pin_collection_to_this_thread
    pin_collection_to_this_thread(app)  # never a Qt object freed from another thread
    try:
        game = initial_game(args)
    except wec.WecError as e:
        print(f"wec: {e}", file=sys.stderr)
        return 2
    if shot:
        from wec.gui.play.settings import Preferences
        window = MainWindow(game, prefs=Preferences(mode="computer_vs_computer"),
                            persist=False, autosave=False, paused=True)
        w, _, h = str(getattr(args, "size", "1280x860")).partition("x")
        window.resize(int(w), int(h))
        try:
            screenshot(window, shot)
        finally:
            window.shutdown()
            window.close()
        return 0
    window = MainWindow(game)
    window.show()
    code = app.exec()
    window.shutdown()
    return int(code)


def main(argv: list[str] | None = None) -> int:
    return run(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
