"""Marks drawn over the board for a choice in progress: a Fire that would hit one's own pieces,
and a Dozer's push.

- Self-hit: while a Fire is aimed, each direction square or target whose Fire hits the side's own
  pieces (wec/gui/play/self_hits.py) gets a red dashed frame and a "!", and each own piece it hits
  a red ring around its token.
- Push: while a Dozer's push is chosen (wec/gui/play/doze_choice.py), an arrow from each square
  it may push to where that square's Ground pieces would go: solid orange with a ghost ring at the
  destination when the square is in the group of the moment, thin and dashed when it is not; the
  Dozer's own destination is framed (a click there plays the choice).

The board widget calls `paint` after its own overlay (`BoardWidget.overlays`); squares and tokens
are placed by the board's own geometry (`square_rect`, `square_items`), so the marks follow its
layout.
"""
from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF

from wec.gui.drawing import glyphs
from wec.gui.play.board_widget import BoardWidget
from wec.gui.play.doze_choice import Push

Square3 = tuple[int, int, str]
SELF_HIT = QColor(220, 30, 30)
PUSH = QColor(235, 120, 0)
PUSH_MAYBE = QColor(90, 90, 90, 200)


class BoardOverlays:
    """What the play window marks over the board for the choice in progress."""

    def __init__(self, board: BoardWidget) -> None:
        self.board = board
        self.self_hits: dict[Square3, list[Any]] = {}
        """Aim (direction square or target) -> the side's own pieces its Fire hits."""
        self.pushes: list[Push] = []
        self.dozer_origin: Square3 | None = None
        self.dozer_dest: Square3 | None = None
        board.overlays.append(self.paint)

    def show(self, self_hits: dict[Square3, list[Any]], pushes: list[Push],
             dozer: tuple[Square3, Square3] | None) -> None:
        """`dozer`: where the Dozer choosing its push stands and goes."""
        origin, dest = dozer if dozer is not None else (None, None)
        new = (self_hits, pushes, origin, dest)
        if new != (self.self_hits, self.pushes, self.dozer_origin, self.dozer_dest):
            self.self_hits, self.pushes, self.dozer_origin, self.dozer_dest = new
            self.board.update()

    def hit_pieces(self) -> list[Any]:
        """Every own piece some aimed Fire would hit (marked with a ring)."""
        out: list[Any] = []
        for hit in self.self_hits.values():
            out.extend(p for p in hit if p not in out)
        return out

    # --- painting ------------------------------------------------------------------------------

    def paint(self, painter: QPainter) -> None:
        if self.board.hidden:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        try:
            self._paint_self_hits(painter)
            self._paint_pushes(painter)
        finally:
            painter.restore()

    def _band(self, row: int, col: int, level: str) -> QRectF:
        return glyphs.square_layout(self.board.square_rect(row, col))[level]

    def token_rect(self, piece: Any) -> QRectF:
        """Where the board draws `piece` (its level's band if it is not drawn)."""
        for it in self.board.square_items(piece.row, piece.col):
            if it.kind == "piece" and it.obj == piece:  # the drawn body, not its whole slot
                return glyphs.body_rect(it.rect, piece.type, self.board.detailed)
        return self._band(piece.row, piece.col, piece.level)

    def _paint_self_hits(self, painter: QPainter) -> None:
        s = self.board.square_size()
        for (row, col, level) in self.self_hits:
            band = self._band(row, col, level)
            pen = QPen(SELF_HIT, max(2.0, s * 0.05), Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            w = pen.widthF()
            painter.drawRect(band.adjusted(w, w, -w, -w))
            font = QFont(painter.font())
            font.setBold(True)
            font.setPixelSize(max(8, int(band.height() * 0.7)))
            painter.setFont(font)
            painter.drawText(band.adjusted(w * 2, 0, 0, 0), Qt.AlignmentFlag.AlignLeft
                             | Qt.AlignmentFlag.AlignVCenter, "!")
        for p in self.hit_pieces():
            r = self.token_rect(p)
            painter.setPen(QPen(SELF_HIT, max(2.0, s * 0.045)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(r.adjusted(-1, -1, 1, 1))

    def _paint_pushes(self, painter: QPainter) -> None:
        if not self.pushes and self.dozer_dest is None:
            return
        s = self.board.square_size()
        for push in self.pushes:
            a = self._band(*push.origin, "G").center()
            b = self._band(*push.dest, "G").center()
            colour = PUSH if push.chosen else PUSH_MAYBE
            width = max(2.0, s * (0.07 if push.chosen else 0.035))
            arrow(painter, a, b, colour, width, dashed=not push.chosen)
            if push.chosen:  # a ghost where the pushed pieces would stand
                ghost = self._band(*push.dest, "G")
                painter.setPen(QPen(PUSH, width * 0.6, Qt.PenStyle.DotLine))
                painter.setBrush(QColor(PUSH.red(), PUSH.green(), PUSH.blue(), 50))
                side = min(ghost.width(), ghost.height()) * 0.8
                painter.drawEllipse(ghost.center(), side / 2, side / 2)
        if self.dozer_dest is not None and self.dozer_origin is not None:
            row, col, level = self.dozer_dest
            band = self._band(row, col, level)
            glyphs.draw_highlight(painter, band, PUSH, outline=True)
            start = self._band(*self.dozer_origin).center()
            arrow(painter, start, band.center(), PUSH, max(2.0, s * 0.07))


def arrow(painter: QPainter, start: QPointF, end: QPointF, colour: QColor, width: float, *,
          dashed: bool = False) -> None:
    """A straight arrow with a filled head at `end`."""
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = width * 3.0
    base = QPointF(end.x() - ux * head, end.y() - uy * head)
    painter.setPen(QPen(colour, width, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine,
                        Qt.PenCapStyle.RoundCap))
    painter.drawLine(start, base)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    nx, ny = -uy * head * 0.55, ux * head * 0.55
    painter.drawPolygon(QPolygonF([end, QPointF(base.x() + nx, base.y() + ny),
                                   QPointF(base.x() - nx, base.y() - ny)]))
