"""The move list: the record grouped by turn ("12. White"), one plain-language line per action
under it (wec/gui/play/move_list.py), the R12.2 turn string in the turn's tool tip. A click on an
action shows the position after it, on a turn the position after the turn, on "(start)" the
initial position — a view only, the game does not move (wec/gui/play/navigation.py); first /
previous / next / last turn and previous / next action buttons.

It is kept up to date action by action: the window hands it the notes from the first action
that changed, so a long game costs no more per action than a short one.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (QHBoxLayout, QPushButton, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from wec.gui.play.move_list import note_words

PLY = Qt.ItemDataRole.UserRole
"""An item's data: how many actions the position it shows comes after."""
AHEAD = Qt.ItemDataRole.UserRole + 1
TURN_ENDS = ("END", "RESIGN", "DRAW")


class HistoryPanel(QWidget):
    """`plyChosen(n)` asks for the position after n actions (0 = the start)."""

    plyChosen = Signal(int)
    navigate = Signal(str)
    """"first", "prev", "next", "last" (turns), "prev_action", "next_action"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QTreeWidget()
        self.list.setObjectName("history")
        self.list.setHeaderHidden(True)
        self.list.setRootIsDecorated(False)
        self.list.setIndentation(14)
        # one line per row: rows of one height let a jump across a long game (Home, a
        # click far back) lay out only what is in view (wrapped rows cost 40-50 ms there);
        # a line too long for the panel ends in "…" and its tool tip says it all
        self.list.setWordWrap(False)
        self.list.setAlternatingRowColors(True)
        self.list.setUniformRowHeights(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.header().setStretchLastSection(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.itemClicked.connect(self._clicked)
        self.bold = QFont(self.list.font())
        self.bold.setBold(True)
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for name, label, tip in (("first", "|<", "Go to start (Home)"),
                                 ("prev", "<<", "Previous turn (Left)"),
                                 ("prev_action", "<", "Previous action (Ctrl+Left)"),
                                 ("next_action", ">", "Next action (Ctrl+Right)"),
                                 ("next", ">>", "Next turn (Right)"),
                                 ("last", ">|", "Go to end (End)")):
            b = QPushButton(label)
            b.setToolTip(tip)
            b.setObjectName(f"history_{name}")
            b.clicked.connect(lambda _=False, n=name: self.navigate.emit(n))
            row.addWidget(b)
            self.buttons[name] = b
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.list, 1)
        lay.addLayout(row)
        self.clear()

    # --- the model -------------------------------------------------------------------------------

    def clear(self) -> None:
        """Empty (a new game, or the cover is up)."""
        self.list.clear()
        self.key: Any = None
        """Whose record of which game is shown (the window's choice)."""
        self.notes: list[Any] = []
        self.first_turn = 1
        self.turn_items: list[QTreeWidgetItem] = []
        self.items: dict[int, QTreeWidgetItem] = {}
        """Action rows by ply (actions the reader may not read have none)."""
        self.played = 0
        self.changed_from = 0
        self.tips_set = 0
        """The turns whose tool tip is their finished turn string."""
        start = QTreeWidgetItem(["  0. (start)"])
        start.setData(0, PLY, 0)
        self.list.addTopLevelItem(start)
        self.start_item = start

    def update_record(self, key: Any, notes: list[Any], start: int, *, first_turn: int,
                      played: int, turn_strings: list[str]) -> None:
        """Show the record `key` (game and reader): `notes` are its actions from index `start`
        on (the earlier ones are unchanged since the last call with this key), `played` of
        all of them are on the board, the rest are the redo line (greyed); `turn_strings` the
        R12.2 strings of the turns (tool tips)."""
        if key != self.key:
            self.clear()
            self.key = key
            start = 0
        self.first_turn = first_turn
        self.changed_from = start if notes or start < len(self.notes) else len(self.notes)
        self._truncate(start)
        kept = len(self.turn_items) - 1  # the last kept turn may go on with the new notes
        for note in notes:
            self._append(note)
        # tool tips of the turns made or changed now (a turn string, once finished, stays)
        for i in range(max(0, min(kept, self.tips_set)), len(self.turn_items)):
            tip = turn_strings[i] if i < len(turn_strings) else ""
            item = self.turn_items[i]
            if item.toolTip(0) != tip:
                item.setToolTip(0, tip)
        self.tips_set = min(len(turn_strings), len(self.turn_items))
        self._set_cursor(played)

    def _truncate(self, start: int) -> None:
        for ply in range(start, len(self.notes)):  # only the rows from `start` on
            item = self.items.pop(ply, None)
            parent = item.parent() if item is not None else None
            if item is not None and parent is not None:
                parent.removeChild(item)
        del self.notes[start:]
        while self.turn_items and int(self.turn_items[-1].data(0, PLY + 2)) >= start:
            item = self.turn_items.pop()
            self.list.takeTopLevelItem(self.list.indexOfTopLevelItem(item))
        if self.turn_items:
            last = self.turn_items[-1]
            last.setData(0, PLY, start)  # reopened, or as it was
            last.setData(0, PLY + 3, any(n.kind in TURN_ENDS for n in
                                         self.notes[int(last.data(0, PLY + 2)):]))

    def _open_turn(self, note: Any) -> QTreeWidgetItem:
        """The turn the note belongs to (a new one after the last turn's end)."""
        if self.turn_items and not self.turn_items[-1].data(0, PLY + 3):
            return self.turn_items[-1]
        number = self.first_turn + len(self.turn_items)
        item = QTreeWidgetItem([f"{number:3d}. {note.side.capitalize()}"])
        item.setData(0, PLY + 2, note.ply)  # its first action
        item.setData(0, PLY + 3, False)  # ended?
        item.setFont(0, self.bold)
        self.list.addTopLevelItem(item)
        item.setExpanded(True)
        self.turn_items.append(item)
        return item

    def _append(self, note: Any) -> None:
        self.notes.append(note)
        turn = self._open_turn(note)
        turn.setData(0, PLY, note.ply + 1)
        if note.kind in TURN_ENDS:
            turn.setData(0, PLY + 3, True)
        words = note_words(note)
        if words:
            item = QTreeWidgetItem([words])
            item.setData(0, PLY, note.ply + 1)
            item.setToolTip(0, words + "\n" + ", ".join(x for x in (note.part, *note.results)
                                                         if x))
            turn.addChild(item)
            self.items[note.ply] = item

    # --- the cursor ------------------------------------------------------------------------------

    def _set_cursor(self, played: int) -> None:
        """Grey the rows after the position shown; select the row of the last action played.
        Only the rows after the lower of the old and new cursor (and after the first action
        changed) are looked at."""
        grey = QBrush(QColor("#8a8a8a"))
        low = min(self.played, played, self.changed_from)
        for item in self._rows_after(low):
            ahead = int(item.data(0, PLY)) > played
            if item.data(0, AHEAD) is not None and bool(item.data(0, AHEAD)) == ahead:
                continue
            item.setData(0, AHEAD, ahead)
            if ahead:
                item.setForeground(0, grey)
            else:
                item.setData(0, Qt.ItemDataRole.ForegroundRole, None)
        current = self.row_for(played)
        if self.list.currentItem() is not current:
            self.list.setCurrentItem(current)
            self.list.scrollToItem(current)
        self.played = played

    def mark(self, ply: int) -> None:
        """Select the row of an earlier position looked at (the greyed rows stay those after the
        game's own position)."""
        item = self.row_for(ply)
        if self.list.currentItem() is not item:
            self.list.setCurrentItem(item)
            self.list.scrollToItem(item)

    def _rows_after(self, low: int) -> list[QTreeWidgetItem]:
        """The turn and action rows showing a position after more than `low` actions."""
        rows: list[QTreeWidgetItem] = []
        for turn in reversed(self.turn_items):
            if int(turn.data(0, PLY)) <= low:
                break
            rows.append(turn)
            rows.extend(_children(turn))
        return rows

    def row_for(self, played: int) -> QTreeWidgetItem:
        """The row of the last readable action among the first `played` (the start if none)."""
        for ply in range(played - 1, -1, -1):
            item = self.items.get(ply)
            if item is not None:
                return item
            if ply < played - 64:  # a long stretch the reader may not read: the turn's row
                break
        for turn in reversed(self.turn_items):
            if int(turn.data(0, PLY + 2)) < played:
                return turn
        return self.start_item

    def rows(self) -> list[tuple[str, str]]:
        """Every row's text and tool tip, top to bottom (tests compare views with it)."""
        out = []
        for top in [self.start_item, *self.turn_items]:
            out.append((top.text(0), top.toolTip(0)))
            out.extend((c.text(0), c.toolTip(0)) for c in _children(top))
        return out

    def text(self) -> str:
        """The record as text: a line per turn, "12. White: <R12.2 turn string>", then its
        actions in words (File > Copy history)."""
        lines = []
        for turn in self.turn_items:
            lines.append(f"{turn.text(0).strip()}: {turn.toolTip(0)}".rstrip(": "))
            lines.extend(f"    {c.text(0)}" for c in _children(turn))
        return "\n".join(lines) + ("\n" if lines else "")

    def _clicked(self, item: QTreeWidgetItem) -> None:
        self.plyChosen.emit(int(item.data(0, PLY)))


def _children(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    return [c for c in (item.child(i) for i in range(item.childCount())) if c is not None]
