"""The hotseat hand-off cover: between turns of a game with hidden pieces the whole window shows
only this cover, so neither player sees what the other may know (R10.6, R12.3).

Only an explicit "I am ready" takes it down: its button, or the named key (Enter). A stray click
anywhere on it does nothing; the window disables every menu action, toolbar button and shortcut
while it is up (wec/gui/play/seats.py, `Seats.begin_handoff`).
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QKeySequence, QPainter, QPaintEvent, QShortcut
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

READY_KEYS = ("Return", "Enter")
"""The named keys that mean "I am ready" (shown on the cover)."""


class HandOff(QWidget):
    """An opaque cover with "pass to <side>" and an "I am ready" button."""

    ready = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handoff")
        self.setAutoFillBackground(False)
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.label = QLabel("")
        self.label.setObjectName("handoff_label")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setStyleSheet("color: #f4ecd8; font-size: 22px; font-weight: bold;")
        self.label.setWordWrap(True)
        lay.addWidget(self.label)
        lay.addSpacing(24)
        self.button = QPushButton("I am ready — show my board (Enter)")
        self.button.setObjectName("handoff_ready")
        self.button.setStyleSheet("font-size: 16px; padding: 10px 28px;")
        # no focus frame that comes and goes: the cover looks the same whatever was pressed
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.button.clicked.connect(self.ready)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        lay.addStretch(1)
        # live only while the cover is shown (a shortcut of a hidden widget does not fire)
        self.keys = [QShortcut(QKeySequence(k), self, context=Qt.ShortcutContext.WindowShortcut)
                     for k in READY_KEYS]
        for key in self.keys:
            key.activated.connect(self.ready)
        self.hide()

    def show_for(self, side: str, text: str | None = None, *, ready_button: bool = True,
                 to_move: str | None = None) -> None:
        """The cover for `side` to take over, or with `text` (a question put to the other
        player, answered in a dialog: then no ready button and no ready key)."""
        name = side.capitalize()
        first = f"{name} to play." if to_move in (None, side) else f"{name}'s view next."
        self.label.setText(text or f"{first}\n\nPass the computer to {name} — nothing "
                                   f"of the game shows until {name} is ready.")
        self.button.setVisible(ready_button)
        for key in self.keys:
            key.setEnabled(ready_button)
        self.show()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#2b241c"))
        p.end()
