"""The hotseat hand-off screen: with invisible pieces on, between turns the board is hidden until
the next player clicks, so neither player sees the other's hidden pieces (R10.6)."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class HandOff(QWidget):
    """An opaque cover over the board with "pass to <side>" and a Continue button."""

    ready = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handoff")
        self.setAutoFillBackground(False)
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.label = QLabel("")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setStyleSheet("color: #f4ecd8; font-size: 22px; font-weight: bold;")
        self.label.setWordWrap(True)
        lay.addWidget(self.label)
        self.button = QPushButton("I am ready — show my board")
        self.button.setObjectName("handoff_ready")
        self.button.clicked.connect(self.ready)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        lay.addStretch(1)
        self.hide()

    def show_for(self, side: str) -> None:
        self.label.setText(f"{side.capitalize()} to play.\n\nPass the computer to {side.capitalize()}"
                           f" — the board stays hidden until {side.capitalize()} is ready.")
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#2b241c"))
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.ready.emit()
