"""Where the play window and the board editor meet: the only module that knows both.

`wec.gui.play` and `wec.gui.editor` never import each other (an import-linter contract). The
launcher makes either window and wires the two directions with callbacks: the play window's
File > Board Editor calls `open_editor(parent, position, on_play)`, and the editor's "Play from
here" calls `on_play(position, mode)` — the play window's `play_from_editor` when the editor was
opened from a game, else a new play window (`wec editor` alone).
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from wec.game.game import Game
from wec.gui import editor
from wec.gui.editor.model import Position
from wec.gui.editor.window import EditorWindow, PlayCallback
from wec.gui.play.main_window import MainWindow


def play_window(game: Game | None = None, **options: Any) -> MainWindow:
    """A play window (`MainWindow(game, **options)`) whose File > Board Editor opens the board
    editor."""
    return MainWindow(game, open_editor=open_editor, **options)


def editor_window(position: Position | None = None, *, on_play: PlayCallback | None = None,
                  game_position: Position | None = None,
                  parent: QWidget | None = None) -> EditorWindow:
    """A board editor window whose "Play from here" calls `on_play(position, mode)`, or without
    `on_play` opens a new play window on the position (kept in the editor's `play_windows`)."""
    window = EditorWindow(position, on_play=on_play, game_position=game_position, parent=parent)
    if on_play is None:
        window.on_play = partial(play_in_new_window, window)
    return window


def open_editor(parent: QWidget | None = None, position: Position | None = None,
                on_play: Callable[[Position, str], Any] | None = None) -> EditorWindow:
    """Open the board editor as a top-level window on `position` and return it, shown
    (`wec.gui.editor.open_editor`); without `on_play` its Play opens a new play window."""
    window = editor.open_editor(parent, position, on_play=on_play)
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
