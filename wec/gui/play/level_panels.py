"""The three level panels (Air, Ground, Sub) of one square, drawn large beside the board."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QHelpEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from wec.game.action import PieceInfo

from wec.gui.drawing import glyphs
from wec.gui.play import tooltips
from wec.gui.play.snapshot import BoardSnapshot

LEVEL_TITLES = (("A", "Air"), ("G", "Ground"), ("S", "Sub"))


class LevelPanels(QWidget):
    """Air, Ground and Sub of the focused square, top to bottom; a click picks a piece."""

    pieceClicked = Signal(object, object)
    """The PieceInfo clicked and the Qt.MouseButton (left: the left button's action, right:
    Fire, as on the board)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.snapshot = BoardSnapshot.empty()
        self.square: tuple[int, int] | None = None
        self.detailed = True
        self.lighting = True
        self.palette_ = glyphs.DEFAULT_PALETTE.copy()
        self.setMinimumSize(180, 210)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:
        return QSize(240, 300)

    def show_square(self, snapshot: BoardSnapshot, square: tuple[int, int] | None) -> None:
        self.snapshot = snapshot
        self.square = square
        self.update()

    def _panels(self) -> list[tuple[str, str, QRectF]]:
        h = (self.height() - 4) / 3
        return [(lvl, title, QRectF(2, 2 + i * h, self.width() - 4, h - 4))
                for i, (lvl, title) in enumerate(LEVEL_TITLES)]

    def _slots(self, level: str, rect: QRectF) -> tuple[list[PieceInfo], list[QRectF],
                                                         tuple[str, ...], list[QRectF]]:
        body = QRectF(rect.left() + 4, rect.top() + 18, rect.width() - 8, rect.height() - 22)
        if self.square is None:
            return [], [], (), []
        pieces = self.snapshot.at(*self.square, level)
        arts = self.snapshot.articles_at(*self.square) if level == "G" else ()
        art_rects = []
        if arts:
            w = body.width() * 0.28
            art_rects = [QRectF(body.left(), body.top() + i * body.height() / 2 + 2, w - 4,
                                body.height() / 2 - 4) for i in range(len(arts[:2]))]
            body = body.adjusted(w, 0, 0, 0)
        return pieces, glyphs.slot_rects(body, max(1, len(pieces))), arts, art_rects

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.fillRect(self.rect(), self.palette().window())
        tint = {"A": QColor(120, 170, 255, 60), "G": QColor(200, 180, 140, 70),
                "S": QColor(40, 150, 90, 60)}
        for level, title, rect in self._panels():
            p.setPen(QColor("#6b5c45"))
            p.setBrush(tint[level])
            p.drawRoundedRect(rect, 6, 6)
            p.setPen(self.palette().windowText().color())
            p.setFont(glyphs.label_font(12))
            sq = f"  {self.square}" if self.square else ""
            p.drawText(rect.adjusted(6, 2, -4, 0), Qt.AlignmentFlag.AlignLeft, f"{title}{sq}")
            pieces, slots, arts, art_rects = self._slots(level, rect)
            for piece, slot in zip(pieces, slots):
                cd = max(piece.cooldowns.values()) if piece.cooldowns else None
                glyphs.draw_piece(p, slot, piece.type, piece.color, piece.level, piece.hand,
                                  detailed=self.detailed, stun=piece.stun, cooldown=cd,
                                  n_articles=len(piece.articles), lighting=self.lighting,
                                  palette=self.palette_)
            for code, r in zip(arts, art_rects):
                glyphs.draw_article(p, r, code, lighting=self.lighting)
            if not pieces and not arts:
                p.setPen(QColor("#8a7b66"))
                p.setFont(glyphs.label_font(11, bold=False))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, "empty")
        p.end()

    def piece_at(self, pos: QPointF) -> PieceInfo | None:
        for level, _title, rect in self._panels():
            pieces, slots, _a, _r = self._slots(level, rect)
            for piece, slot in zip(pieces, slots):
                if slot.contains(pos):
                    return piece
        return None

    def piece_center(self, piece: PieceInfo) -> QPointF:
        """Where `piece` is drawn (tests click there)."""
        for level, _title, rect in self._panels():
            pieces, slots, _a, _r = self._slots(level, rect)
            for p, slot in zip(pieces, slots):
                if p == piece:
                    return slot.center()
        raise LookupError(piece)

    def tooltip_at(self, pos: QPointF) -> str:
        piece = self.piece_at(pos)
        if piece is not None:
            return tooltips.piece_tip(piece)
        for level, _title, rect in self._panels():
            _p, _s, arts, art_rects = self._slots(level, rect)
            for code, r in zip(arts, art_rects):
                if r.contains(pos) and self.square is not None:
                    return tooltips.article_tip(code, self.square)
        return ""

    def event(self, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.ToolTip and isinstance(ev, QHelpEvent):
            text = self.tooltip_at(QPointF(ev.pos()))
            if text:
                QToolTip.showText(ev.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(ev)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        piece = self.piece_at(event.position())
        if piece is not None:
            self.pieceClicked.emit(piece, event.button())
