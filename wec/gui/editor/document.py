"""The edited position with its undo stack: every edit is a `PositionEdit` on a QUndoStack.

An edit is a pair of whole positions (before, after); positions are small, so a snapshot per edit
keeps undo exact whatever the edit did (re-numbered lock-ons included). Edits of one field of one
thing in a row (a spin box being turned) merge into one undo step.
"""
from __future__ import annotations

import copy
from typing import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from wec.gui.editor import model, validation
from wec.gui.editor.model import Position

MERGE_ID = 0x5745


class PositionEdit(QUndoCommand):
    """One edit of the position: redo sets `after`, undo sets `before`."""

    def __init__(self, doc: "EditorDocument", before: Position, after: Position, text: str,
                 merge_key: str | None = None) -> None:
        super().__init__(text)
        self.doc = doc
        self.before = before
        self.after = after
        self.merge_key = merge_key

    def redo(self) -> None:
        self.doc._set(self.after)

    def undo(self) -> None:
        self.doc._set(self.before)

    def id(self) -> int:
        return MERGE_ID if self.merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, PositionEdit) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        self.setText(other.text())
        return True


class EditorDocument(QObject):
    """The position being edited, its problems, and the undo stack."""

    changed = Signal()
    """The position changed (an edit, undo or redo)."""

    def __init__(self, position: Position | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self._position = model.normalize(position) if position else model.standard_position()
        self._problems: list[validation.Problem] | None = None

    @property
    def position(self) -> Position:
        """The edited position (do not change it in place: use `edit`)."""
        return self._position

    def copy(self) -> Position:
        return copy.deepcopy(self._position)

    @property
    def problems(self) -> list[validation.Problem]:
        if self._problems is None:
            self._problems = validation.problems(self._position)
        return self._problems

    def is_legal(self) -> bool:
        return not self.problems

    def _set(self, pos: Position) -> None:
        self._position = pos
        self._problems = None
        self.changed.emit()

    def edit(self, text: str, change: Callable[[Position], Position],
             merge_key: str | None = None) -> bool:
        """Apply `change` (a `model` function of the position) as one undoable edit, the result
        in the editor's form (`model.normalize`); False (and nothing on the stack) when it
        changes nothing."""
        before = self._position
        after = model.normalize(change(before))
        if after == before:
            return False
        self.undo_stack.push(PositionEdit(self, before, after, text, merge_key))
        return True

    def replace(self, pos: Position, text: str) -> None:
        """Replace the whole position (Clear, standard set-up, paste, load) as one edit."""
        new = model.normalize(pos)
        self.edit(text, lambda _old: new)
