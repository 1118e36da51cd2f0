"""The analysis line under the board's side panel: an evaluation bar (Black's share on the
left, White's on the right) and a line of words: the last hint, or the computer's last turn
(its depth, and — when the seat may see everything — its score and best action), kept visible
after its move.

Which numbers may be shown is the seat's question (R10.6): the computer's own score comes from
its pieces, hidden from a human who plays against it, so then only the human's own view is
judged (the hint's evaluation, from the human's observation).
"""
from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

DRAW_ACCEPT = 50
"""The computer accepts a draw when its evaluation of its own view is at most this (half a
pawn, a pawn = 100): about even, or worse for it."""


def accepts_draw(score_for_computer: int) -> bool:
    """The computer's answer to a draw offer, from its evaluation (score for itself)."""
    return score_for_computer <= DRAW_ACCEPT


def black_share(score_for_black: int) -> float:
    """The bar's Black part, 0..1: even is half, a pawn up about 0.62, a rook up about 0.92."""
    return 0.5 + 0.5 * math.tanh(score_for_black / 400.0)


def score_words(score_for_black: int) -> str:
    """"+1.25 for Black", "even" (in pawns)."""
    if abs(score_for_black) < 10:
        return "about even"
    side = "Black" if score_for_black > 0 else "White"
    return f"+{abs(score_for_black) / 100:.2f} for {side}"


class EvalBar(QWidget):
    """A horizontal bar: dark (Black) from the left, light (White) to the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.share: float | None = None
        self.setFixedHeight(14)
        self.setMinimumWidth(80)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_score(self, score_for_black: int | None) -> None:
        self.share = None if score_for_black is None else black_share(score_for_black)
        self.setToolTip("" if score_for_black is None else score_words(score_for_black))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        r = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        p.fillRect(r, QColor("#bdbdbd") if self.share is None else QColor("#f4f0e6"))
        if self.share is not None:
            p.fillRect(QRectF(r.left(), r.top(), r.width() * self.share, r.height()),
                       QColor("#262626"))
            p.setPen(QPen(QColor("#c0392b"), 1))
            x = r.left() + r.width() / 2
            p.drawLine(int(x), int(r.top()), int(x), int(r.bottom()))
        p.setPen(QPen(QColor("#777"), 1))
        p.drawRect(r)
        p.end()


class AnalysisLine(QWidget):
    """The bar and its words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("analysis")
        self.bar = EvalBar()
        self.bar.setObjectName("eval_bar")
        self.label = QLabel("")
        self.label.setObjectName("analysis_text")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setMinimumHeight(self.fontMetrics().lineSpacing() * 2 + 4)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 2, 0, 2)
        lay.setSpacing(2)
        lay.addWidget(self.bar)
        lay.addWidget(self.label)
        self.score: int | None = None
        self.clear()

    def show_line(self, text: str, score_for_black: int | None = None, *,
                  keep_score: bool = False) -> None:
        """Words, and the bar (a score for Black; None greys it unless `keep_score`)."""
        self.label.setText(text)
        if score_for_black is not None or not keep_score:
            self.score = score_for_black
            self.bar.set_score(score_for_black)
        self.bar.setVisible(self.score is not None)  # no grey bar with nothing to say
        self.label.setVisible(bool(text))

    def clear(self) -> None:
        self.show_line("")

    def text(self) -> str:
        return self.label.text()
