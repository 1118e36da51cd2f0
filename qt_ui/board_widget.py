"""The board: a custom-painted QWidget showing the three levels of all 100 squares at once.

It paints a `BoardSnapshot` (never the engine) with the primitives of `qt_ui.glyphs`, keeps the
highlights the play controller asks for, and turns mouse input into board signals: a click on a
square and level (`squareClicked`), and a drag of a piece from one square to another
(`pieceDragged`). Painting is a plain paintEvent: measured in bench/test_bench_paint.py it is well
under the 4 ms budget for a busy position, and a pixmap cache of piece glyphs per device pixel ratio
keeps HiDPI sharp.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from wec.action import PieceInfo

from . import glyphs
from .snapshot import BoardSnapshot

Square = tuple[int, int]
Square3 = tuple[int, int, str]


@dataclass
class Highlights:
    """What the controller marks on the board."""

    destinations: set[Square3]
    """Legal destinations of the selected piece (yellow fill)."""
    targets: set[Square3]
    """Homing / exchange targets (yellow frame around the level)."""
    selected: Square3 | None
    last_turn: set[Square]
    """Squares the last turn touched."""

    @classmethod
    def none(cls) -> "Highlights":
        return cls(set(), set(), None, set())


class BoardWidget(QWidget):
    """The 10x10 board with its Air, Ground and Sub bands in every square."""

    squareClicked = Signal(int, int, str, object)
    """row, col, level under the cursor, Qt.MouseButton."""
    pieceDragged = Signal(int, int, str, int, int)
    """from row, col, level -> to row, col (a drag-and-drop Move)."""
    squareHovered = Signal(int, int)
    keyNavigate = Signal(str)
    """"first", "prev", "next", "last" from Home/Left/Right/End when the window's shortcuts did
    not take the key (e.g. no active window)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.snapshot = BoardSnapshot.empty()
        self.highlights = Highlights.none()
        self.flipped = False
        self.detailed = True
        self.lighting = True
        self.show_last_seen = True
        self.show_possible = False
        self.show_reserves = True
        self.hidden = False
        """True while a hotseat hand-off hides the board (nothing of the position is painted)."""
        self.palette_ = glyphs.DEFAULT_PALETTE.copy()
        self._glyph_cache: dict[tuple, QPixmap] = {}
        self._press: tuple[QPointF, Square3] | None = None
        self._drag_pos: QPointF | None = None
        self._drag_piece: PieceInfo | None = None
        self._anim: QVariantAnimation | None = None
        self._anim_piece: PieceInfo | None = None
        self._anim_from: QPointF = QPointF()
        self._anim_to: QPointF = QPointF()
        self._anim_pos: QPointF | None = None
        self.setMouseTracking(True)
        self.setMinimumSize(360, 360)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    # --- state -----------------------------------------------------------------------------------

    def set_snapshot(self, snapshot: BoardSnapshot) -> None:
        self.snapshot = snapshot
        self.update()

    def set_highlights(self, highlights: Highlights) -> None:
        self.highlights = highlights
        self.update()

    def set_view(self, **flags: object) -> None:
        """Change view flags (flipped, detailed, lighting, show_last_seen, show_possible,
        show_reserves, hidden) and repaint."""
        for name, value in flags.items():
            if not hasattr(self, name):
                raise AttributeError(name)
            setattr(self, name, value)
        self._glyph_cache.clear()
        self.update()

    def set_palette(self, palette: glyphs.Palette) -> None:
        self.palette_ = palette.copy()
        self._glyph_cache.clear()
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(760, 760)

    # --- geometry --------------------------------------------------------------------------------

    def board_rect(self) -> QRectF:
        """The 10x10 squares (the coordinates sit in a margin left of and below it)."""
        side = min(self.width(), self.height())
        s = side / 10.45
        margin = s * 0.45
        left = (self.width() - side) / 2 + margin
        top = (self.height() - side) / 2
        return QRectF(left, top, s * 10, s * 10)

    def square_size(self) -> float:
        return self.board_rect().width() / 10

    def square_rect(self, row: int, col: int) -> QRectF:
        b = self.board_rect()
        s = b.width() / 10
        x = (10 - col) if self.flipped else (col - 1)
        y = (row - 1) if self.flipped else (10 - row)
        return QRectF(b.left() + x * s, b.top() + y * s, s, s)

    def square_at(self, pos: QPointF) -> Square3 | None:
        """(row, col, level) under a point, or None off the board."""
        b = self.board_rect()
        if not b.contains(pos):
            return None
        s = b.width() / 10
        x = min(9, int((pos.x() - b.left()) / s))
        y = min(9, int((pos.y() - b.top()) / s))
        col = 10 - x if self.flipped else x + 1
        row = y + 1 if self.flipped else 10 - y
        frac = (pos.y() - b.top()) / s - y
        level = "A" if frac < glyphs.BAND_SHARE["A"] else (
            "G" if frac < glyphs.BAND_SHARE["A"] + glyphs.BAND_SHARE["G"] else "S")
        return row, col, level

    def square_center(self, row: int, col: int, level: str = "G") -> QPointF:
        return glyphs.square_layout(self.square_rect(row, col))[level].center()

    def piece_rect(self, row: int, col: int, level: str, index: int = 0) -> QRectF:
        """Where piece `index` of a level of a square is drawn."""
        lay = glyphs.square_layout(self.square_rect(row, col))
        n = len(self.snapshot.at(row, col, level))
        area = glyphs.piece_area(lay[level], level, len(self.snapshot.articles_at(row, col)))
        return glyphs.slot_rects(area, max(1, n))[min(index, max(0, n - 1))]

    # --- painting --------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self.render_board(painter)
        finally:
            painter.end()

    def _cached(self, key: tuple, w: float, h: float, dpr: float, draw) -> QPixmap:
        """A pixmap of `draw(painter, QRectF(0, 0, w, h))`, kept by `key` and size."""
        full = key + (round(w, 1), round(h, 1), dpr)
        pix = self._glyph_cache.get(full)
        if pix is None:
            if len(self._glyph_cache) > 3000:
                self._glyph_cache.clear()
            pix = QPixmap(max(1, int(w * dpr + 0.999)), max(1, int(h * dpr + 0.999)))
            pix.setDevicePixelRatio(dpr)
            pix.fill(Qt.GlobalColor.transparent)
            gp = QPainter(pix)
            gp.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            gp.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            draw(gp, QRectF(0, 0, w, h))
            gp.end()
            self._glyph_cache[full] = pix
        return pix

    def _glyph(self, p: PieceInfo, rect: QRectF, dpr: float) -> QPixmap:
        cd = max(p.cooldowns.values()) if (p.cooldowns and p.fired) else None
        key = ("piece", p.type, p.color, p.level, p.hand, p.stun, cd, len(p.articles))

        def draw(gp: QPainter, r: QRectF) -> None:
            glyphs.draw_piece(gp, r, p.type, p.color, p.level, p.hand, detailed=self.detailed,
                              stun=p.stun, cooldown=cd, n_articles=len(p.articles),
                              lighting=self.lighting, palette=self.palette_)
        return self._cached(key, rect.width(), rect.height(), dpr, draw)

    def _background(self, dpr: float) -> QPixmap:
        """The squares and the coordinates (cached per size, flip, lighting, palette)."""
        key = ("board", self.flipped, self.lighting)

        def draw(gp: QPainter, _r: QRectF) -> None:
            pal = self.palette_
            gp.fillRect(QRectF(0, 0, self.width(), self.height()), QColor("#3d352b"))
            b = self.board_rect()
            s = b.width() / 10
            gp.fillRect(b.adjusted(-s * 0.45, 0, 0, s * 0.45), QColor("#efe6d2"))
            for row in range(1, 11):
                for col in range(1, 11):
                    glyphs.draw_square_background(gp, self.square_rect(row, col),
                                                  glyphs.square_is_dark(row, col), palette=pal,
                                                  lighting=self.lighting)
            self._paint_coordinates(gp, b, s)
            gp.setPen(QPen(pal.frame, max(1.0, s * 0.03)))
            gp.setBrush(Qt.BrushStyle.NoBrush)
            gp.drawRect(b)
        return self._cached(key, self.width(), self.height(), dpr, draw)

    def render_board(self, painter: QPainter) -> None:
        """Paint everything (also used by the benchmark to paint into a QImage)."""
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        pal = self.palette_
        b = self.board_rect()
        s = b.width() / 10
        painter.drawPixmap(0, 0, self._background(dpr))
        hl = self.highlights
        if self.hidden:
            return
        for (row, col) in hl.last_turn:
            painter.fillRect(self.square_rect(row, col), pal.last_turn)
        snap = self.snapshot
        if self.show_possible:
            for (row, col) in snap.possible:
                glyphs.draw_possible_location(painter, self.square_rect(row, col))
        for (row, col, level) in hl.destinations:
            lay = glyphs.square_layout(self.square_rect(row, col))
            glyphs.draw_highlight(painter, lay[level], pal.highlight)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        for (row, col), levels in snap.pieces.items():
            rect = self.square_rect(row, col)
            lay = glyphs.square_layout(rect)
            n_art = len(snap.articles_at(row, col))
            for level, pieces in levels.items():
                area = glyphs.piece_area(lay[level], level, n_art)
                for p, slot in zip(pieces, glyphs.slot_rects(area, len(pieces))):
                    if self._anim_piece is not None and p == self._anim_piece:
                        continue
                    if self._drag_piece is not None and self._drag_pos is not None and p == self._drag_piece:
                        painter.setOpacity(0.35)
                        painter.drawPixmap(slot.topLeft(), self._glyph(p, slot, dpr))
                        painter.setOpacity(1.0)
                        continue
                    painter.drawPixmap(slot.topLeft(), self._glyph(p, slot, dpr))
        for (row, col), codes in snap.articles.items():
            lay = glyphs.square_layout(self.square_rect(row, col))
            for code, r in zip(codes, glyphs.article_rects(lay["G"], len(codes))):
                painter.drawPixmap(r.topLeft(), self._cached(
                    ("article", code, self.lighting), r.width(), r.height(), dpr,
                    lambda gp, rr, c=code: glyphs.draw_article(gp, rr, c, lighting=self.lighting)))
        if self.show_reserves:
            for (row, col), entries in snap.reserves.items():
                for e in entries[:1]:
                    sq = self.square_rect(row, col)
                    key = ("reserve", e["color"], e.get("type"), bool(e.get("armed")), e.get("hand"))
                    painter.drawPixmap(sq.topLeft(), self._cached(
                        key, sq.width(), sq.height(), dpr,
                        lambda gp, rr, e=e: glyphs.draw_reserve_marker(
                            gp, rr, e["color"], e.get("type"), armed=bool(e.get("armed")),
                            hand=e.get("hand"), palette=pal)))
        if self.show_last_seen:
            for m in snap.last_seen:
                lay = glyphs.square_layout(self.square_rect(*m.square))
                taken = len(snap.at(m.square[0], m.square[1], m.level))
                slots = glyphs.slot_rects(lay[m.level], 2)
                glyphs.draw_last_seen(painter, slots[1 if taken else 0], m.type, m.color, m.level,
                                      palette=pal)
        for pr in snap.projectiles:
            lay = glyphs.square_layout(self.square_rect(*pr.square))
            band = lay[pr.level]
            box = QRectF(band.right() - band.height() * 1.1, band.top(), band.height(), band.height())
            glyphs.draw_projectile(painter, box, pr.kind, pr.direction, flipped=self.flipped,
                                   homing=pr.target is not None)
        for (row, col, level) in hl.targets:
            lay = glyphs.square_layout(self.square_rect(row, col))
            glyphs.draw_highlight(painter, lay[level], QColor(255, 200, 0), outline=True)
        if hl.selected is not None:
            row, col, level = hl.selected
            lay = glyphs.square_layout(self.square_rect(row, col))
            glyphs.draw_highlight(painter, lay[level], pal.selected, outline=True)
        self._paint_moving(painter, dpr, s)

    def _paint_coordinates(self, painter: QPainter, b: QRectF, s: float) -> None:
        glyphs.draw_coordinates(painter, b, s, self.square_rect, self.flipped,
                                self.palette_.coordinates)

    def _paint_moving(self, painter: QPainter, dpr: float, s: float) -> None:
        piece, pos = None, None
        if self._anim_piece is not None and self._anim_pos is not None:
            piece, pos = self._anim_piece, self._anim_pos
        elif self._drag_piece is not None and self._drag_pos is not None:
            piece, pos = self._drag_piece, self._drag_pos
        if piece is None or pos is None:
            return
        w, h = s * 0.5, s * 0.44
        rect = QRectF(pos.x() - w / 2, pos.y() - h / 2, w, h)
        painter.drawPixmap(rect.topLeft(), self._glyph(piece, rect, dpr))

    # --- animation -------------------------------------------------------------------------------

    def animate_piece(self, piece: PieceInfo, origin: Square3, dest: Square3, ms: int = 220) -> None:
        """Slide `piece` (already at `dest` in the snapshot) from `origin` to `dest`."""
        self.stop_animation()
        self._anim_piece = piece
        self._anim_from = self.square_center(*origin)
        self._anim_to = self.square_center(*dest)
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(ms)
        anim.setEasingCurve(QEasingCurve.Type.InOutQuad)
        anim.valueChanged.connect(self._on_anim)
        anim.finished.connect(self.stop_animation)
        self._anim = anim
        anim.start()

    def _on_anim(self, t: float) -> None:
        a, b = self._anim_from, self._anim_to
        self._anim_pos = QPointF(a.x() + (b.x() - a.x()) * t, a.y() + (b.y() - a.y()) * t)
        self.update()

    def stop_animation(self) -> None:
        if self._anim is not None:
            anim, self._anim = self._anim, None
            anim.stop()
        self._anim_piece = None
        self._anim_pos = None
        self.update()

    @property
    def animating(self) -> bool:
        return self._anim is not None

    def keyPressEvent(self, event: QKeyEvent) -> None:
        keys = {int(Qt.Key.Key_Left.value): "prev", int(Qt.Key.Key_Right.value): "next",
                int(Qt.Key.Key_Home.value): "first", int(Qt.Key.Key_End.value): "last"}
        key = int(event.key())
        if key in keys:
            self.keyNavigate.emit(keys[key])
            return
        super().keyPressEvent(event)

    # --- mouse -----------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        where = self.square_at(event.position())
        if where is None:
            return
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = (event.position(), where)
        else:
            self.squareClicked.emit(where[0], where[1], where[2], event.button())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        where = self.square_at(event.position())
        if where is not None:
            self.squareHovered.emit(where[0], where[1])
        if self._press is None or self.hidden:
            return
        start, (row, col, level) = self._press
        if self._drag_piece is None:
            if (event.position() - start).manhattanLength() < max(8.0, self.square_size() * 0.25):
                return
            pieces = self.snapshot.at(row, col, level) or [
                p for lvl in ("G", "A", "S") for p in self.snapshot.at(row, col, lvl)]
            if not pieces:
                return
            self._drag_piece = pieces[0]
        self._drag_pos = event.position()
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._press is None:
            return
        _, (row, col, level) = self._press
        self._press = None
        dragged = self._drag_piece
        self._drag_piece = None
        self._drag_pos = None
        self.update()
        where = self.square_at(event.position())
        if dragged is not None:
            if where is not None and where[:2] != (row, col):
                self.pieceDragged.emit(dragged.row, dragged.col, dragged.level, where[0], where[1])
            return
        if where is not None:
            self.squareClicked.emit(where[0], where[1], where[2], Qt.MouseButton.LeftButton)
