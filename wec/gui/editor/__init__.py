"""The WEC board editor: its own top-level window that edits a position (the position format of
docs/FORMATS.md) and hands it to the game.

`open_editor(parent, position, on_play)` opens it; the launcher (`wec.gui.launcher`) opens it
from the game window and gives it a Play that starts a game, and `wec editor` runs it alone
(`wec.gui.app.run_editor`). The editor never imports the game window (`wec.gui.play`).

Modules by concern: `model` (the position dict and its edits), `document` (undo stack),
`validation` (problems in words, with squares), `layout` and `canvas` (the board), `palette`,
`properties`, `scenario_panel`, `problems_panel`, `window`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from wec.gui.editor.window import EditorWindow


def open_editor(parent: "QWidget | None" = None, position: dict[str, Any] | None = None,
                on_play: Callable[[dict[str, Any], str], Any] | None = None, *,
                bottom: str = "white") -> "EditorWindow":
    """Open the board editor as a top-level window and return it (shown).

    It starts from `position` (the current game's, also offered as File > Current game
    position) or the standard set-up. "Play from here" calls `on_play(position_dict, mode)`,
    `mode` "hotseat" or "human_vs_computer" (the names of `wec.gui.play.settings.MODES`); without
    `on_play` Play says that the game window is not available (`wec.gui.launcher.open_editor`
    gives one). `bottom` is the side the game draws at the bottom: the editor's board is turned
    the same way.
    """
    from wec.gui.editor.window import EditorWindow  # PySide6: only when a window is made
    window = EditorWindow(position, on_play=on_play, game_position=position, parent=parent,
                          bottom=bottom)
    if parent is None:  # a parent keeps (and finally deletes) its editor window
        from PySide6.QtCore import Qt  # PySide6, as above
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    window.show()
    window.raise_()
    return window


__all__ = ["open_editor"]
