"""The move history: one R12.2 turn string per line, clickable to rewind (non-competitive games),
with first / previous / next / last buttons."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QHBoxLayout, QListWidget, QListWidgetItem, QPushButton,
                               QVBoxLayout, QWidget)


class HistoryPanel(QWidget):
    """Turn strings; `turnChosen(n)` asks to show the position after n turns (0 = the start)."""

    turnChosen = Signal(int)
    navigate = Signal(str)
    """"first", "prev", "next" or "last"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setObjectName("history")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.itemClicked.connect(self._clicked)
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for name, label, tip in (("first", "|<", "Go to start (Home)"),
                                 ("prev", "<", "Previous turn (Left)"),
                                 ("next", ">", "Next turn (Right)"),
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
        self._current = 0

    def set_turns(self, turns: list[str], current: int, *, future: list[str] | None = None,
                  rewind: bool = True) -> None:
        """`turns` played so far (`current` of them shown), `future` the turns redo would bring
        back (shown greyed). Only the rows that changed are touched: after each action one
        row at most changes, so a long game costs no more than a short one."""
        rows = [("  0. (start)", "", False)] + [
            (f"{i:3d}. {'Black' if i % 2 else 'White'}: {text}", text, i > len(turns))
            for i, text in enumerate(turns + (future or []), start=1)]
        lst = self.list
        while lst.count() > len(rows):
            lst.takeItem(lst.count() - 1)
        grey = QBrush(QColor("#8a8a8a"))
        for i, (label, tip, ahead) in enumerate(rows):
            item = lst.item(i) if i < lst.count() else None
            if item is None:
                item = QListWidgetItem()
                item.setData(Qt.ItemDataRole.UserRole, i)
                lst.addItem(item)
            elif item.text() == label and item.toolTip() == tip and \
                    (item.data(Qt.ItemDataRole.UserRole + 1) is True) == ahead:
                continue
            item.setText(label)
            item.setToolTip(tip)
            item.setData(Qt.ItemDataRole.UserRole + 1, ahead)
            if ahead:
                item.setForeground(grey)
            else:  # back to the list's own text colour
                item.setData(Qt.ItemDataRole.ForegroundRole, None)
        if lst.currentRow() != current or self._current != current:
            lst.setCurrentRow(current)
            lst.scrollToItem(lst.item(current))
        self._current = current
        for b in self.buttons.values():
            b.setEnabled(rewind)
        lst.setEnabled(True)
        self._rewind = rewind

    def _clicked(self, item: QListWidgetItem) -> None:
        if getattr(self, "_rewind", True):
            self.turnChosen.emit(int(item.data(Qt.ItemDataRole.UserRole)))
