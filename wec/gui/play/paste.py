"""File > Paste position (Ctrl+Shift+V): a position (JSON, docs/FORMATS.md) from the clipboard
becomes the game in hand.

The text is checked by the facade (`Game.from_position`, whose message names the field at
fault); a bad one is refused in a one-line error and the game in hand stays. A game in progress
is replaced only after a yes to "Abandon the game in progress?", as File > New asks.
"""
from __future__ import annotations

import json

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from wec import Game, WecError
from wec.gui.play.game_files import GameFiles
from wec.gui.play.host import PlayWindow


def position_from_text(text: str) -> Game:
    """The game of a pasted position; WecError or ValueError with one line saying what is
    wrong."""
    text = text.strip()
    if not text:
        raise ValueError("the clipboard is empty: copy a position (JSON) first")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    if not isinstance(data, dict):
        raise ValueError(f"a position is a JSON object, not a {type(data).__name__}")
    if data.get("format") == "wec-save":
        raise ValueError("this is a saved game, not a position: File > Load opens a save")
    return Game.from_position(data)


def one_line(message: str) -> str:
    """The first line of an error, as the error dialog shows it."""
    return " ".join(message.split("\n", 1)[0].split())


class PastePosition(QObject):
    """File > Paste position."""

    def __init__(self, window: PlayWindow, files: GameFiles) -> None:
        super().__init__()
        self.win = window
        self.files = files

    def paste(self, text: str | None = None) -> bool:
        """Start a game from the position on the clipboard (or `text`); False if refused."""
        w = self.win
        if w.handoff_pending:
            return False
        if text is None:
            text = QApplication.clipboard().text()
        try:
            game = position_from_text(text)
        except (WecError, ValueError) as e:
            w.show_error("Cannot paste the position", f"Not a valid position: {one_line(str(e))}")
            return False
        if not self.files.may_discard("Paste position"):
            w.say("The game in hand stays.")
            return False
        self.files.start_game(game)
        w.say(f"Playing the pasted position (turn {game.turn}, {game.to_move.capitalize()} to "
              "move).")
        return True
