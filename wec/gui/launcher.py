"""Where the play window and the board editor meet: the only module that knows both.

`wec.gui.play` and `wec.gui.editor` never import each other (an import-linter contract). The
launcher makes either window and wires the two directions with callbacks: the play window's
File > Board Editor calls `open_editor(parent, position, on_play)`, and the editor's "Play from
here" calls `on_play(position, mode)` — the play window's `play_from_editor` when the editor was
opened from a game, else a new play window (`wec editor` alone). The editor's board is turned as
the game's: the game window's board when opened from it, else as a new game window would turn
it (the saved preferences).
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from wec.game.game import Game
from wec.gui import editor
from wec.gui.drawing.board_geometry import bottom_of
from wec.gui.editor.model import Position
from wec.gui.editor.window import EditorWindow, PlayCallback
from wec.gui.play.main_window import MainWindow
from wec.gui.play.orientation import bottom_side, is_flipped
from wec.gui.play.settings import Preferences, load_preferences


def play_window(game: Game | None = None, **options: Any) -> MainWindow:
    """A play window (`MainWindow(game, **options)`) whose File > Board Editor opens the board
    editor."""
    return MainWindow(game, open_editor=open_editor, **options)


def preferred_bottom(prefs: Preferences) -> str:
    """The side a new play window with `prefs` draws at the bottom (the human's side, turned by
    View > Flip board)."""
    bottom = bottom_side(prefs.mode, prefs.human, None, "black", turn_board=prefs.turn_board)
    return bottom_of(is_flipped(bottom, prefs.flipped))


def game_bottom(parent: QWidget | None = None) -> str:
    """The side the game draws at the bottom: the play window `parent`'s board as it is now, or
    without one what a new play window would show (the saved preferences)."""
    if isinstance(parent, MainWindow):
        return bottom_of(parent.board.flipped)
    return preferred_bottom(load_preferences())


def editor_window(position: Position | None = None, *, on_play: PlayCallback | None = None,
                  game_position: Position | None = None,
                  parent: QWidget | None = None, bottom: str | None = None) -> EditorWindow:
    """A board editor window whose "Play from here" calls `on_play(position, mode)`, or without
    `on_play` opens a new play window on the position (kept in the editor's `play_windows`);
    `bottom` at the bottom of its board, by default the game's (`game_bottom`)."""
    window = EditorWindow(position, on_play=on_play, game_position=game_position, parent=parent,
                          bottom=bottom or game_bottom(parent))
    if on_play is None:
        window.on_play = partial(play_in_new_window, window)
    return window


def open_editor(parent: QWidget | None = None, position: Position | None = None,
                on_play: Callable[[Position, str], Any] | None = None) -> EditorWindow:
    """Open the board editor as a top-level window on `position` and return it, shown
    (`wec.gui.editor.open_editor`), its board turned as the game's (`game_bottom`); without
    `on_play` its Play opens a new play window."""
    window = editor.open_editor(parent, position, on_play=on_play, bottom=game_bottom(parent))
    if on_play is None:
        window.on_play = partial(play_in_new_window, window)
    return window


def play_in_new_window(editor: EditorWindow, position: Position, mode: str) -> bool:
    """The editor's Play without a game window: a new play window on `position` in `mode`."""
    window = play_window()
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    if not window.play_from_editor(position, mode):
        window.close()
        return False
    window.show()
    editor.play_windows.append(window)
    return True
