"""The validation panel: the problems of the edited position in words (`wec.gui.editor.validation`).

A click on a problem selects its first square on the board. The headline says whether the
position can be played ("Play from here" is enabled only then).
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from wec.gui.editor.validation import Problem


class ProblemsPanel(QWidget):
    """Every problem of the position, never blocking an edit."""

    problemActivated = Signal(object)
    """the list of squares of the problem clicked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        layout.addWidget(self.headline)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        layout.addWidget(self.list)
        self.list.currentItemChanged.connect(self._activated)
        self.set_problems([])

    def set_problems(self, problems: list[Problem]) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for p in problems:
            where = ", ".join(f"({r}, {c})" for r, c in p.squares[:6])
            more = " …" if len(p.squares) > 6 else ""
            item = QListWidgetItem(p.text + (f"   [{where}{more}]" if where else ""))
            item.setData(Qt.ItemDataRole.UserRole, list(p.squares))
            item.setToolTip(p.text)
            self.list.addItem(item)
        self.list.blockSignals(False)
        if problems:
            n = len(problems)
            self.headline.setText(f"<b style='color:#b01c1c'>{n} problem{'s' if n > 1 else ''}"
                                  f"</b>: Play from here is disabled until the position is legal."
                                  f" Marked squares are framed in red.")
        else:
            self.headline.setText("<b style='color:#1b7a2a'>The position is legal</b>: "
                                  "ready to play from here.")

    def texts(self) -> list[str]:
        return [self.list.item(i).toolTip() for i in range(self.list.count())]

    def _activated(self, item: QListWidgetItem | None, _prev: object) -> None:
        if item is not None:
            self.problemActivated.emit(item.data(Qt.ItemDataRole.UserRole))
