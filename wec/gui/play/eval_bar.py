"""The evaluation bar beside the board: a vertical scale, dark (Black) from one end and light
(White) from the other, with the number in pawns at the end of the side ahead.

The number is the computer's static evaluation of what the side at the screen may know
(`wec.ai.view_score`: its observation, hidden enemies where it last saw them, as the hint's
search sees it), never of the game itself: two games that differ only in where the other side's
hidden pieces stand give the same number. With nothing hidden from the seat (hotseat without
hidden pieces, a spectator, a finished game) it is the position itself.

It is shown where the side at the screen may ask for a hint (wec/gui/play/offers.py): never
under the hand-off cover; in a competitive game only on the human's own turn, as Play > Hint; and
View > Evaluation bar switches it off. Building the view costs 10-15 ms of Python, so the
computer's helper process judges it (`AIWorker.score`, beside any search it runs): a thread of
the window's own process would hold the interpreter lock the window needs (it made the window
wait up to 136 ms on a busy machine). An answer for a position already left is dropped.
"""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

import wec
from wec.gui.play.analysis import black_share, score_words
from wec.gui.play.browse_bar import EarlierView
from wec.gui.play.host import PlayWindow

TICKS = (100, 300, 900)
"""Scale marks at one pawn, a minor piece's worth and a Queen's, on both sides of even."""
RESULT_SCORE = {"black": 10_000, "white": -10_000, "draw": 0}
ABOUT = ("The computer's evaluation of what {who} may know — {words}.\n"
         "In pawns (a pawn = 1.00, a Tank 4.50, a Queen 9.00), from {who}'s view only: hidden "
         "enemies count where they were last seen, never where they are.\n"
         "The bar's share is 0.5 + 0.5·tanh(pawns / 4): even in the middle, a pawn up about "
         "62 %; the marks are at 1, 3 and 9 pawns.")


class EvalBar(QWidget):
    """The vertical bar: Black's share from the bottom when Black is at the bottom."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("eval_gauge")
        self.score: int | None = None
        """The evaluation for Black shown (None: waiting)."""
        self.black_at_bottom = True
        self.setFixedWidth(26)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)

    def set_score(self, score_for_black: int | None, about: str = "") -> None:
        self.score = score_for_black
        self.setToolTip(about)
        self.update()

    def number(self) -> str:
        """The pawns the side ahead is up ("1.2", "0.0"), "won" at a finished game."""
        s = self.score
        if s is None:
            return "…"
        if abs(s) >= RESULT_SCORE["black"]:
            return "won"  # a finished game: the side ahead has won
        return f"{abs(s) / 100:.1f}" if abs(s) < 1000 else f"{abs(s) // 100}"

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        r = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        light, dark = QColor("#f4f0e6"), QColor("#262626")
        p.fillRect(r, QColor("#bdbdbd") if self.score is None else light)
        share = 0.5 if self.score is None else black_share(self.score)
        if self.score is not None:
            h = r.height() * share
            top = r.bottom() - h if self.black_at_bottom else r.top()
            p.fillRect(QRectF(r.left(), top, r.width(), h), dark)
        p.setPen(QPen(QColor("#c0392b"), 1))
        mid = r.top() + r.height() / 2
        p.drawLine(int(r.left()), int(mid), int(r.right()), int(mid))
        p.setPen(QPen(QColor("#888"), 1))
        for pawns in TICKS:  # the scale: the same share either side of even
            for sign in (1, -1):
                y = r.top() + r.height() * (1 - black_share(sign * pawns))
                p.drawLine(int(r.left()), int(y), int(r.left() + 5), int(y))
                p.drawLine(int(r.right() - 5), int(y), int(r.right()), int(y))
        p.setPen(QPen(QColor("#777"), 1))
        p.drawRect(r)
        if self.score is not None:
            font = QFont(self.font())
            font.setPixelSize(11)
            font.setBold(True)
            p.setFont(font)
            black_ahead = self.score >= 0
            at_bottom = black_ahead == self.black_at_bottom
            box = QRectF(r.left(), r.bottom() - 16 if at_bottom else r.top() + 2, r.width(), 14)
            p.setPen(QColor("#f4f0e6") if black_ahead else QColor("#262626"))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, self.number())
        p.end()


class EvalGauge(QObject):
    """Keeps the bar beside the board up to date, from the seat's view only."""

    def __init__(self, window: PlayWindow, bar: EvalBar,
                 looked_at: Callable[[], EarlierView | None] = lambda: None) -> None:
        super().__init__()
        self.win = window
        self.bar = bar
        self.looked_at = looked_at
        """The earlier position shown instead of the game's, if any: the bar judges it."""
        self.stamp: tuple = ()
        """The position the bar shows, or was asked for."""
        self.ticket = -1
        """The helper's ticket of the judgement asked for last."""
        self.to_move = "black"
        window.worker.scored.connect(self._answer)

    def allowed(self) -> bool:
        """The side at the screen may see the bar (as it may ask for a hint)."""
        w = self.win
        if not w.prefs.eval_bar or w.handoff_pending or w.seat.covered:
            return False
        g = w.game
        if w.seat.side is None or g.result is not None:
            return True  # nothing is hidden from the seat
        if g.competitive:
            return w.human_to_act()  # as Play > Hint: on the human's own turn only
        return not w.is_computer(w.seat.side) or w.watcher == w.seat.side

    def set_shown(self, on: bool) -> None:
        """View > Evaluation bar."""
        self.win.prefs.eval_bar = bool(on)
        self.after_refresh()

    def after_refresh(self) -> None:
        """After the views were re-read: hide the bar, or ask for the position's evaluation."""
        w = self.win
        g = w.game
        shown = self.allowed()
        self.bar.setVisible(shown)
        if not shown:
            self.stamp = ()
            return
        self.bar.black_at_bottom = w.board.flipped  # flipped: Black's rows at the bottom
        side = w.seat.side
        earlier = self.looked_at()
        stamp = (w.game_serial, g.ply, g.hash, side, earlier.ply if earlier else None)
        if stamp == self.stamp:
            self.bar.update()
            return
        self.stamp = stamp
        if earlier is not None:  # looking back: that position, as the seat saw it then
            self.to_move = earlier.to_move
            self.bar.set_score(None, "Judging the position…")
            self.ticket = w.worker.score(earlier.judged)
            return
        if g.result is not None:
            self._show(RESULT_SCORE[g.result])
            return
        if side is None:
            view: tuple[Any, Any, str] = (g.position(), [], g.to_move)
        else:  # the seat's observation, as the views just read it
            obs = w.source if getattr(w.source, "color", None) == side else \
                g.observation(side)
            view = (obs.position(), wec.ai.searched_sightings(obs), side)
        self.to_move = g.to_move
        self.bar.set_score(None, "Judging the position…")
        self.ticket = w.worker.score(view)

    def _answer(self, ticket: int, score: int, error: str) -> None:
        if ticket != self.ticket or not self.stamp or not self.bar.isVisible():
            return  # asked for another position since
        if error:
            self.bar.set_score(None, f"No evaluation: {error}")
            return
        self._show(score if self.to_move == "black" else -score)

    def _show(self, score: int) -> None:
        w = self.win
        who = w.seat.side.capitalize() if w.seat.side else "both players"
        self.bar.set_score(score, ABOUT.format(who=who, words=score_words(score)))
