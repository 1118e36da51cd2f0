"""The WEC board editor (issue 8): its own top-level window that edits a position (the
position format of docs/FORMATS.md) and hands it to the game.

`open_editor(parent, position, on_play)` opens it from the game window; `wec editor` runs it
alone (`wec.gui.editor.app`). Modules by concern: `model` (the position dict and its edits),
`document` (undo stack), `validation` (problems in words, with squares), `layout` and `canvas`
(the board), `palette`, `properties`, `scenario_panel`, `problems_panel`, `window`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


def open_editor(parent: "QWidget | None" = None, position: dict[str, Any] | None = None,
                on_play: Callable[[dict[str, Any], str], Any] | None = None) -> "QWidget":
    """Open the board editor as a top-level window and return it (shown).

    It starts from `position` (the current game's, also offered as File > Current game
    position) or the standard set-up. "Play from here" calls `on_play(position_dict, mode)`,
    `mode` "hotseat" or "human_vs_computer" (the names of `wec.gui.play.settings.MODES`); without
    `on_play` it opens the game window (`wec.gui.play.main_window.MainWindow`) itself.
    """
    from wec.gui.editor.window import EditorWindow
    window = EditorWindow(position, on_play=on_play, game_position=position, parent=parent)
    if parent is None:  # a parent keeps (and finally deletes) its editor window
        from PySide6.QtCore import Qt
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    window.show()
    window.raise_()
    return window


__all__ = ["open_editor"]
