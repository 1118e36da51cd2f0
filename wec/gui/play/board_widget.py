"""The board: a custom-painted QWidget showing the three levels of all 100 squares at once.

It paints a `BoardSnapshot` (never the engine) with the primitives of `wec.gui.drawing` (the
layout of a square, the glyphs, `board_paint` for the cached items and the arrows), keeps the
highlights the play controller asks for, and turns mouse input into board signals: a click on a
square and level (`squareClicked`), and a drag of a piece from one square to another
(`pieceDragged`).

Overlays: `add_overlay(paint)` adds a painter (`board_paint.Overlay`: called with the QPainter on
every repaint, over the position, the arrows and the highlights, under a dragged piece);
`remove_overlay(paint)` takes it away. A controller that marks something of the moment (a
preview, a warning: wec/gui/play/overlays.py) adds one and places its marks with this board's
geometry (`square_rect`, `level_rect`, `square_items`).

Painting is in two layers: the position (squares, pieces, articles,
reserves, last-seen markers, projectiles, the last turn's arrows) is rendered once per snapshot
and size into a pixmap (`_layer`); a repaint draws that pixmap and the overlay of the moment on
top (destinations, targets, the selection, a dragged or sliding piece). While the widget is being
resized the last layer is drawn scaled and the real one rendered once the size settles, so a live
resize never waits for a full render. Glyph pixmaps are cached per size and device pixel ratio
(HiDPI stays sharp). Figures: bench/test_bench_paint.py.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from PySide6.QtCore import (QEasingCurve, QEvent, QPointF, QRectF, QSize, Qt, QTimer,
                            QVariantAnimation, Signal)
from PySide6.QtGui import (QColor, QHelpEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent,
                           QPixmap, QResizeEvent)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from wec.game.action import PieceInfo

from wec.gui.drawing import board_geometry, board_paint, glyphs
from wec.gui.drawing.board_paint import GlyphCache, Look, Overlay
from wec.gui.play import tooltips
from wec.gui.play.snapshot import BoardSnapshot

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
    arrows: list[tuple[str, Square3, Square3]] = field(default_factory=list)
    """The last turn's Move ("move") and Fires ("fire") as the seat read them: (kind, from,
    to)."""

    @classmethod
    def none(cls) -> "Highlights":
        return cls(set(), set(), None, set())


@dataclass
class BoardItem:
    """One thing drawn in a square, where it is drawn (for painting, tool tips and tests)."""

    kind: str
    """"piece", "ghost" (last seen), "article", "reserve" or "projectile"."""
    obj: Any
    rect: QRectF
    level: str


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
        self.stretch = False
        """Big board: the squares may be wider than tall, so the board fills the window."""
        self.palette_ = glyphs.DEFAULT_PALETTE.copy()
        self._glyph_cache = GlyphCache()
        self._layers: dict[tuple, tuple[int, QPixmap]] = {}
        """The position layer per (width, height, dpr): (generation, pixmap); a few sizes kept
        (a view toggled back and forth finds its layer)."""
        self._generation = 0
        # the last layer rendered, to paint only the changed squares of the next position:
        # ((width, height, dpr), pixmap, square contents), None after a view or size change
        self._incremental: tuple | None = None
        self.squares_repainted = 0  # squares painted again by incremental renders (tests)
        self.layer_updates = 0  # incremental renders (tests)
        """Bumped whenever what the layer shows changes."""
        self.layer_renders = 0
        """How many times the position layer was rendered (tests: a selection does not)."""
        self._resizing = False
        self._last_resize = 0.0
        self._last_paint = 0.0
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(120)
        self._settle.timeout.connect(self._resize_settled)
        self.drag_destinations: Callable[[PieceInfo], set[Square3]] | None = None
        """Asked at the start of a drag: where the dragged piece may go (highlighted while
        dragging)."""
        self._drag_dests: set[Square3] = set()
        self._cursor_before = Qt.CursorShape.ArrowCursor
        self._press: tuple[QPointF, Square3] | None = None
        self._drag_pos: QPointF | None = None
        self._drag_piece: PieceInfo | None = None
        self._anim: QVariantAnimation | None = None
        self._anim_piece: PieceInfo | None = None
        self._anim_from: QPointF = QPointF()
        self._anim_to: QPointF = QPointF()
        self._anim_pos: QPointF | None = None
        self.overlays: list[Overlay] = []
        """Painters of the moment, called in the order they were added (the play window's
        marks: wec/gui/play/overlays.py)."""
        self.clicked_token: PieceInfo | None = None
        """While `squareClicked` is emitted for a click on a piece's token: that piece."""
        self.setMouseTracking(True)
        self.setMinimumSize(360, 360)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    # --- state -----------------------------------------------------------------------------------

    def _changed(self) -> None:
        """What the position layer shows changed: render it again at the next paint."""
        self._generation += 1
        self.update()

    def set_snapshot(self, snapshot: BoardSnapshot) -> None:
        self.snapshot = snapshot
        self._changed()

    def set_highlights(self, highlights: Highlights) -> None:
        old = self.highlights
        self.highlights = highlights
        if old.last_turn != highlights.last_turn or old.arrows != highlights.arrows:
            self._changed()
        else:
            self.update()

    def set_view(self, **flags: object) -> None:
        """Change view flags (flipped, detailed, lighting, show_last_seen, show_possible,
        show_reserves, hidden) and repaint."""
        for name, value in flags.items():
            if not hasattr(self, name):
                raise AttributeError(name)
            setattr(self, name, value)
        # the glyph pixmaps are kept by everything that shapes them (size, detail, lighting):
        # a view toggled back finds them
        self._layers.clear()
        self._incremental = None
        self._changed()

    def set_palette(self, palette: glyphs.Palette) -> None:
        self.palette_ = palette.copy()
        self._glyph_cache.clear()
        self._layers.clear()
        self._incremental = None
        self._changed()

    def sizeHint(self) -> QSize:
        return QSize(760, 760)

    def add_overlay(self, paint: Overlay) -> None:
        """Call `paint(painter)` over the board from the next repaint on."""
        if paint not in self.overlays:
            self.overlays.append(paint)
        self.update()

    def remove_overlay(self, paint: Overlay) -> None:
        if paint in self.overlays:
            self.overlays.remove(paint)
            self.update()

    # --- geometry --------------------------------------------------------------------------------

    def board_rect(self) -> QRectF:
        """The 10x10 squares (the coordinates sit in a margin left of and below it). Square
        squares, unless `stretch` (big board) lets them grow wider, up to 1.6 times as wide as
        tall, to fill the space (wec.gui.drawing.board_geometry, shared with the editor)."""
        return board_geometry.board_rect(self.width(), self.height(), stretch=self.stretch)

    def square_size(self) -> float:
        return self.board_rect().height() / 10

    def square_rect(self, row: int, col: int) -> QRectF:
        return board_geometry.square_rect(self.board_rect(), row, col, self.flipped)

    def square_at(self, pos: QPointF) -> Square3 | None:
        """(row, col, level) under a point, or None off the board."""
        return board_geometry.square_at(self.board_rect(), pos, self.flipped)

    def level_rect(self, row: int, col: int, level: str) -> QRectF:
        """The band of a level inside a square."""
        return glyphs.square_layout(self.square_rect(row, col))[level]

    def square_center(self, row: int, col: int, level: str = "G") -> QPointF:
        return self.level_rect(row, col, level).center()

    def piece_rect(self, row: int, col: int, level: str, index: int = 0) -> QRectF:
        """Where piece `index` of a level of a square is drawn."""
        rects = [it.rect for it in self.square_items(row, col)
                 if it.kind == "piece" and it.level == level]
        return rects[min(index, len(rects) - 1)] if rects else \
            glyphs.square_layout(self.square_rect(row, col))[level]

    def square_items(self, row: int, col: int) -> list[BoardItem]:
        """Everything drawn in a square and where: pieces and last-seen markers share their
        level's slots (a marker never covers a visible piece), articles in a column at the
        left of the Ground band, a reserve tag in a column at its right."""
        snap = self.snapshot
        lay = glyphs.square_layout(self.square_rect(row, col))
        arts = snap.articles_at(row, col)
        reserves = snap.reserves.get((row, col), []) if self.show_reserves else []
        ghosts = [m for m in snap.last_seen if m.square == (row, col)] \
            if self.show_last_seen else []
        items: list[BoardItem] = []
        narrow = False
        for level in glyphs.LEVELS:
            pieces = snap.at(row, col, level)
            here = [m for m in ghosts if m.level == level][:max(0, 2 - len(pieces))]
            n = len(pieces) + len(here)
            if not n:
                continue
            if level == "G":
                narrow = glyphs.crowded(len(arts), bool(reserves), n)
            area = glyphs.piece_area(lay[level], level, len(arts), reserve=bool(reserves),
                                     n_pieces=n)
            slots = glyphs.slot_rects(area, n)
            for p, slot in zip(pieces, slots):
                items.append(BoardItem("piece", p, slot, level))
            for m, slot in zip(here, slots[len(pieces):]):
                items.append(BoardItem("ghost", m, slot, level))
        for code, r in zip(arts, glyphs.article_rects(lay["G"], len(arts))):
            items.append(BoardItem("article", code, r, "G"))
        if reserves:
            items.append(BoardItem("reserve", reserves[0],
                                   glyphs.reserve_rect(lay["G"], narrow=narrow), "G"))
        for pr in snap.projectiles:
            if pr.square == (row, col):
                items.append(BoardItem("projectile", pr, glyphs.projectile_rect(lay[pr.level]),
                                       pr.level))
        return items

    def item_at(self, pos: QPointF) -> BoardItem | None:
        where = self.square_at(pos)
        if where is None:
            return None
        items = self.square_items(where[0], where[1])
        for kind in ("projectile", "reserve", "article", "piece", "ghost"):
            for it in items:
                if it.kind == kind and it.rect.contains(pos):
                    return it
        return None

    def tooltip_at(self, pos: QPointF) -> str:
        """The hover text of the point: the piece, article, reserve, marker or projectile there,
        else what the square holds at the level under the cursor."""
        where = self.square_at(pos)
        if where is None or self.hidden:
            return ""
        it = self.item_at(pos)
        row, col, level = where
        if it is None:
            here = [i for i in self.square_items(row, col) if i.level == level]
            if len(here) != 1:
                return f"({row},{col}) {tooltips.LEVEL_NAMES[level]}" + (
                    "" if here else ": empty")
            it = here[0]
        if it.kind == "piece":
            return tooltips.piece_tip(it.obj)
        if it.kind == "ghost":
            return tooltips.last_seen_tip(it.obj)
        if it.kind == "article":
            return tooltips.article_tip(it.obj, (row, col))
        if it.kind == "reserve":
            return tooltips.reserve_tip(it.obj)
        return tooltips.projectile_tip(it.obj)

    def event(self, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.ToolTip and isinstance(ev, QHelpEvent):
            text = self.tooltip_at(QPointF(ev.pos()))
            if text:
                QToolTip.showText(ev.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(ev)

    # --- painting --------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self.render_board(painter, stand_in=self._resizing)
        finally:
            painter.end()
            self._last_paint = time.monotonic()

    def resizeEvent(self, event: QResizeEvent) -> None:
        # a resize hard on the heels of another is a live resize (the user drags the window's
        # edge): the last layer is drawn scaled until the size settles; a single resize (a view
        # toggle, the window shown) renders at once
        # (measured from the later of the last resize and the paint that followed it, so a
        # slow render does not hide a live resize)
        now = time.monotonic()
        if self._layers and now - self._last_resize < 1.0 and \
                now - max(self._last_resize, self._last_paint) < 0.15:
            self._resizing = True
        if self._resizing:
            self._settle.start()
        self._last_resize = now
        super().resizeEvent(event)

    def _resize_settled(self) -> None:
        self._resizing = False
        self.update()

    def look(self) -> Look:
        """How the items are drawn now."""
        return Look(self.detailed, self.lighting, self.flipped, self.palette_,
                    glyphs.tag_px(self.square_size()))

    def _cached(self, key: tuple, w: float, h: float, dpr: float, draw) -> QPixmap:
        return self._glyph_cache.get(key, w, h, dpr, draw)

    def _glyph(self, p: PieceInfo, rect: QRectF, dpr: float) -> QPixmap:
        return board_paint.piece_pixmap(self._glyph_cache, p, rect, dpr, self.look())

    def detailed_now(self) -> bool:
        """Piece silhouettes (the default) or lettered discs: the same at every size and level."""
        return self.detailed

    def _background(self, dpr: float) -> QPixmap:
        """The squares and the coordinates (cached per size, flip, lighting, palette)."""
        key = ("board", self.flipped, self.lighting, self.stretch)
        return self._cached(key, self.width(), self.height(), dpr,
                            lambda gp, _r: board_paint.paint_background(
                                gp, self, self._glyph_cache, dpr, self.look()))

    def _layer(self, dpr: float) -> QPixmap:
        """The position at this size (rendered again only when it changed; after an action only
        the squares whose content changed are painted again)."""
        key = (self.width(), self.height(), dpr)
        kept = self._layers.get(key)
        if kept is not None and kept[0] == self._generation:
            return kept[1]
        contents = self._square_contents()
        inc = self._incremental
        if inc is not None and inc[0] == key and not self.hidden:
            pix, old = inc[1], inc[2]
            changed = [sq for sq in set(old) | set(contents) if old.get(sq) != contents.get(sq)]
            lp = QPainter(pix)
            try:
                for (row, col) in changed:
                    self._render_square(lp, row, col, dpr, clear=True)
            finally:
                lp.end()
            self.squares_repainted += len(changed)
            self.layer_updates += 1
        else:
            pix = QPixmap(max(1, int(self.width() * dpr)), max(1, int(self.height() * dpr)))
            pix.setDevicePixelRatio(dpr)
            lp = QPainter(pix)
            try:
                self._render_position(lp, dpr)
            finally:
                lp.end()
            self.layer_renders += 1
        self._incremental = None if self.hidden else (key, pix, contents)
        self._layers = {k: v for k, v in self._layers.items() if v[0] == self._generation}
        if len(self._layers) >= 3:
            self._layers.clear()
        self._layers[key] = (self._generation, pix)
        return pix

    def _square_contents(self) -> dict[tuple[int, int], tuple]:
        """What the layer shows in each square that shows anything, comparable between two
        positions (the squares of an action differ; the rest are copied, not painted)."""
        snap = self.snapshot
        out: dict[tuple[int, int], list] = {}

        def add(sq: tuple[int, int], what: object) -> None:
            out.setdefault(sq, []).append(what)
        for sq, levels in snap.pieces.items():
            add(sq, ("p", {lv: list(ps) for lv, ps in levels.items()}))
        for sq, arts in snap.articles.items():
            add(sq, ("a", arts))
        if self.show_last_seen:
            for m in snap.last_seen:
                add(m.square, ("g", m))
        for pr in snap.projectiles:
            add(pr.square, ("x", pr))
        if self.show_reserves:
            for sq, rs in snap.reserves.items():
                add(sq, ("r", rs))
        for sq in self.highlights.last_turn:
            add(sq, ("last",))
        if self.show_possible:
            for sq in snap.possible:
                add(sq, ("?",))
        moving = (self._anim_piece, self._drag_piece)
        for sq in list(out):
            if any(p is not None and (p.row, p.col) == sq for p in moving):
                add(sq, ("moving", moving))
        return {sq: tuple(v) for sq, v in out.items()}

    def _stand_in(self, painter: QPainter) -> bool:
        """While resizing: the last layer of this position scaled into the new board."""
        kept = [v[1] for k, v in self._layers.items() if v[0] == self._generation]
        if not kept:
            return False
        old = kept[-1]
        dpr = old.devicePixelRatio()
        ow, oh = old.width() / dpr, old.height() / dpr
        src = self._board_area(ow, oh)
        dst = self._board_area(self.width(), self.height())
        painter.fillRect(self.rect(), QColor("#3d352b"))
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawPixmap(dst, old, QRectF(src.left() * dpr, src.top() * dpr,
                                            src.width() * dpr, src.height() * dpr))
        return True

    def _board_area(self, w: float, h: float) -> QRectF:
        """The board and its coordinate margins in a widget of size w x h (square squares)."""
        side = min(w, h)
        return QRectF((w - side) / 2, (h - side) / 2, side, side) if not self.stretch else \
            QRectF(0, (h - side) / 2, w, side)

    def render_board(self, painter: QPainter, *, stand_in: bool = False) -> None:
        """Paint everything (also used by the benchmark to paint into a QImage)."""
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        layer = None
        if not (stand_in and self._stand_in(painter)):
            layer = self._layer(dpr)
            painter.drawPixmap(0, 0, layer)
        if not self.hidden:
            self._paint_arrows(painter, layer, dpr)
            self._paint_overlay(painter, dpr)

    def _render_position(self, painter: QPainter, dpr: float) -> None:
        """The layer: squares, last turn, pieces and everything else of the position (the last
        turn's arrows are drawn over it, with the overlay)."""
        painter.drawPixmap(0, 0, self._background(dpr))
        if self.hidden:
            return
        for (row, col) in self._square_contents():
            self._render_square(painter, row, col, dpr)

    def _render_square(self, painter: QPainter, row: int, col: int, dpr: float, *,
                       clear: bool = False) -> None:
        """One square of the layer, clipped to it; `clear`: its empty square first."""
        pal = self.palette_
        rect = self.square_rect(row, col)
        painter.save()
        painter.setClipRect(rect)
        if clear:
            bg = self._background(dpr)
            painter.drawPixmap(rect, bg, QRectF(rect.left() * dpr, rect.top() * dpr,
                                                rect.width() * dpr, rect.height() * dpr))
        if (row, col) in self.highlights.last_turn:
            painter.fillRect(rect, pal.last_turn)
        if self.show_possible and (row, col) in self.snapshot.possible:
            glyphs.draw_possible_location(painter, rect)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        for it in self.square_items(row, col):
            self._paint_item(painter, it, dpr)
        painter.restore()

    def _paint_arrows(self, painter: QPainter, layer: QPixmap | None, dpr: float) -> None:
        """The last turn's Move and Fires (over the layer: they cross squares), each from the
        edge of the piece it starts at to the edge of what it points to; then the squares they
        cross get their items back on top, so an arrow runs under pieces and never over a
        label."""
        s = self.square_size()
        width = max(2.0, s * 0.06)
        bounds = []
        for kind, a, b in self.highlights.arrows:
            # a Fire's ring (2.2 widths) stays off its target
            p0, p1 = board_paint.arrow_ends(self.square_center(*a), self.square_center(*b),
                                            self._level_box(*a), self._level_box(*b), width,
                                            width * (2.6 if kind == "fire" else 1.0))
            glyphs.draw_action_arrow(painter, p0, p1, kind, width)
            bounds.append(board_paint.arrow_bounds(p0, p1, width))
        if layer is not None and bounds:
            self._items_over_arrows(painter, bounds, layer, dpr)

    def _level_box(self, row: int, col: int, level: str) -> QRectF | None:
        """Where the pieces and markers at a level of a square are drawn, or None."""
        box = None
        for it in self.square_items(row, col):
            if it.level == level and it.kind in ("piece", "ghost"):
                body = glyphs.body_rect(it.rect, it.obj.type or "?", self.detailed) \
                    if it.kind == "piece" else it.rect
                box = QRectF(body) if box is None else box.united(body)
        return box

    def _items_over_arrows(self, painter: QPainter, bounds: list[QRectF], layer: QPixmap,
                           dpr: float) -> None:
        """The items of the squares under the arrows drawn again: labels copied back from the
        layer as they were, pieces and markers over the arrow."""
        for row in range(1, 11):
            for col in range(1, 11):
                rect = self.square_rect(row, col)
                if not any(rect.intersects(b) for b in bounds):
                    continue
                painter.save()
                painter.setClipRect(rect)
                for it in self.square_items(row, col):
                    if it.kind in board_paint.LABELS:
                        r = it.rect
                        painter.drawPixmap(r, layer, QRectF(r.left() * dpr, r.top() * dpr,
                                                            r.width() * dpr, r.height() * dpr))
                    else:
                        self._paint_item(painter, it, dpr)
                painter.restore()

    def _paint_item(self, painter: QPainter, it: BoardItem, dpr: float) -> None:
        if it.kind == "piece":
            p = it.obj
            if self._anim_piece is not None and p == self._anim_piece:
                return
            dragged = self._drag_piece is not None and p == self._drag_piece
            if dragged:
                painter.setOpacity(0.35)
            painter.drawPixmap(it.rect.topLeft(), self._glyph(p, it.rect, dpr))
            if dragged:
                painter.setOpacity(1.0)
        else:
            board_paint.paint_item(painter, self._glyph_cache, it.kind, it.obj, it.rect, dpr,
                                   self.look())

    def _paint_overlay(self, painter: QPainter, dpr: float) -> None:
        """What changes with every click: destinations, targets, the selection, a moving
        piece."""
        pal = self.palette_
        hl = self.highlights
        dests = self._drag_dests if self._drag_piece is not None else hl.destinations
        for (row, col, level) in dests:
            band = glyphs.square_layout(self.square_rect(row, col))[level]
            glyphs.draw_highlight(painter, band, pal.highlight)
        if self._drag_piece is not None and self._drag_pos is not None:
            under = self.square_at(self._drag_pos)
            if under is not None and any(d[:2] == under[:2] for d in dests):
                glyphs.draw_highlight(painter, self.square_rect(under[0], under[1]),
                                      QColor(255, 200, 0), outline=True)
        for (row, col, level) in hl.targets:
            lay = glyphs.square_layout(self.square_rect(row, col))
            glyphs.draw_highlight(painter, lay[level], QColor(255, 200, 0), outline=True)
        if hl.selected is not None:
            row, col, level = hl.selected
            lay = glyphs.square_layout(self.square_rect(row, col))
            glyphs.draw_highlight(painter, lay[level], pal.selected, outline=True)
        for paint in list(self.overlays):
            painter.save()
            paint(painter)
            painter.restore()
        self._paint_moving(painter, dpr, self.square_size())

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
        self._changed()
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
        if self._anim_piece is not None:
            self._anim_piece = None
            self._changed()
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
            self._emit_click(event.position(), where, event.button())

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
            # the piece in hand is the first one of the square that may move (a Tank that
            # cannot move beside a Dozer that can: the Dozer)
            reach = [(p, self.drag_destinations(p) if self.drag_destinations else set())
                     for p in pieces]
            p, self._drag_dests = next(((q, d) for q, d in reach if d), reach[0])
            self._drag_piece = p
            self._cursor_before = self.cursor().shape()
            self.setCursor(Qt.CursorShape.ClosedHandCursor)  # the piece is in hand
            self._changed()
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
        self._drag_dests = set()
        if dragged is not None:
            self.setCursor(self._cursor_before)
            self._changed()
        self.update()
        where = self.square_at(event.position())
        if dragged is not None:
            if where is not None and where[:2] != (row, col):
                self.pieceDragged.emit(dragged.row, dragged.col, dragged.level, where[0], where[1])
            return
        if where is not None:
            self._emit_click(event.position(), where, Qt.MouseButton.LeftButton)

    def _emit_click(self, pos: QPointF, where: Square3, button: Qt.MouseButton) -> None:
        """A click on a square; on a piece's token, at that token's level, the piece named in
        `clicked_token` meanwhile (a click on one of a shared square's tokens picks it)."""
        it = self.item_at(pos)
        token = it.obj if it is not None and it.kind == "piece" else None
        level = token.level if token is not None else where[2]
        self.clicked_token = token
        try:
            self.squareClicked.emit(where[0], where[1], level, button)
        finally:
            self.clicked_token = None
