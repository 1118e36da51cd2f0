"""Painting a board's contents, shared by the game board's layer and its repaints: the cached
glyph pixmaps, one item of a square, the last turn's arrows under the labels, and the overlays
other parts of the window add.

Items are what a board lays out in a square (`kind`, `obj`, `rect`): "piece" (a PieceInfo),
"ghost" (a last-seen mark: `type`, `color`, `level`), "article" (a code), "reserve" (a reserve
entry) and "projectile" (a ProjectileInfo).

Overlays: a board keeps an ordered list of painters (`Overlay`), each called with the painter
after the highlights of the moment; an overlay draws what its controller asks for, where the
board's geometry (`square_rect`, `level_rect`, `square_items`) places it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap

from wec.gui.drawing import glyphs
from wec.gui.drawing.style import DEFAULT_PALETTE, Palette


Overlay = Callable[[QPainter], None]
"""An overlay painter: called on every repaint, over the position, the arrows and the
highlights, under a piece being dragged or sliding."""

LABELS = ("article", "reserve")
"""Items that carry a written code: an arrow never crosses them."""


class GlyphCache:
    """Pixmaps of glyphs, kept by what shapes them, their size and the device pixel ratio (a
    HiDPI screen stays sharp)."""

    def __init__(self) -> None:
        self._pix: dict[tuple, QPixmap] = {}

    def clear(self) -> None:
        self._pix.clear()

    def get(self, key: tuple, w: float, h: float, dpr: float,
            draw: Callable[[QPainter, QRectF], None]) -> QPixmap:
        """A pixmap of `draw(painter, QRectF(0, 0, w, h))`, kept by `key` and size."""
        full = key + (round(w, 1), round(h, 1), dpr)
        pix = self._pix.get(full)
        if pix is None:
            if len(self._pix) > 3000:
                self._pix.clear()
            pix = QPixmap(max(1, int(w * dpr + 0.999)), max(1, int(h * dpr + 0.999)))
            pix.setDevicePixelRatio(dpr)
            pix.fill(Qt.GlobalColor.transparent)
            gp = QPainter(pix)
            gp.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            gp.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            draw(gp, QRectF(0, 0, w, h))
            gp.end()
            self._pix[full] = pix
        return pix


@dataclass
class Look:
    """How the items are drawn: the view switches that shape a glyph."""

    detailed: bool = True
    """Piece silhouettes (False: lettered discs)."""
    lighting: bool = True
    flipped: bool = False
    palette: Palette = field(default_factory=DEFAULT_PALETTE.copy)
    tag_px: int = glyphs.MIN_TAG_PX


def piece_pixmap(cache: GlyphCache, p: Any, rect: QRectF, dpr: float, look: Look) -> QPixmap:
    """A piece's glyph; a weapon's count-down stays on it until it is ready again (R7.2), not
    only in the turn it fired."""
    cd = max(p.cooldowns.values()) if p.cooldowns else None
    key = ("piece", p.type, p.color, p.level, p.hand, p.stun, cd, len(p.articles),
           look.detailed, look.lighting)

    def draw(gp: QPainter, r: QRectF) -> None:
        glyphs.draw_piece(gp, r, p.type, p.color, p.level, p.hand, detailed=look.detailed,
                          stun=p.stun, cooldown=cd, n_articles=len(p.articles),
                          lighting=look.lighting, palette=look.palette)
    return cache.get(key, rect.width(), rect.height(), dpr, draw)


def paint_item(painter: QPainter, cache: GlyphCache, kind: str, obj: Any, rect: QRectF,
               dpr: float, look: Look) -> None:
    """One item of a square from the cache (a marker costs a millisecond to draw afresh)."""
    r, pal = rect, look.palette
    if kind == "piece":
        pix = piece_pixmap(cache, obj, r, dpr, look)
    elif kind == "ghost":
        m = obj
        pix = cache.get(("ghost", m.type, m.color, m.level, look.detailed), r.width(),
                        r.height(), dpr,
                        lambda gp, rr: glyphs.draw_last_seen(gp, rr, m.type, m.color, m.level,
                                                             detailed=look.detailed,
                                                             palette=pal))
    elif kind == "article":
        pix = cache.get(("article", obj, look.lighting, look.tag_px), r.width(), r.height(), dpr,
                        lambda gp, rr: glyphs.draw_article(gp, rr, obj, lighting=look.lighting,
                                                           px=look.tag_px))
    elif kind == "reserve":
        e = obj
        key = ("reserve", e["color"], e.get("type"), bool(e.get("armed")), e.get("hand"),
               look.tag_px)
        pix = cache.get(key, r.width(), r.height(), dpr,
                        lambda gp, rr: glyphs.draw_reserve_tag(
                            gp, rr, e["color"], e.get("type"), armed=bool(e.get("armed")),
                            hand=e.get("hand"), palette=pal, px=look.tag_px))
    else:
        pr = obj
        homing = pr.target is not None
        pix = cache.get(("projectile", pr.kind, pr.direction, look.flipped, homing), r.width(),
                        r.height(), dpr,
                        lambda gp, rr: glyphs.draw_projectile(gp, rr, pr.kind, pr.direction,
                                                              flipped=look.flipped,
                                                              homing=homing))
    painter.drawPixmap(r.topLeft(), pix)


def paint_background(gp: QPainter, board: Any, cache: GlyphCache, dpr: float,
                     look: Look) -> None:
    """The squares, the coordinates and the frame of `board` (its `board_rect`,
    `square_rect`, `width()`, `height()`). Two tiles (a light and a dark square with its bands)
    are drawn once and copied to their 50 squares: a new size renders 2 squares, not 100."""
    pal = look.palette
    gp.fillRect(QRectF(0, 0, board.width(), board.height()), QColor("#3d352b"))
    b = board.board_rect()
    s = b.height() / 10
    gp.fillRect(b.adjusted(-s * 0.45, 0, 0, s * 0.45), QColor("#efe6d2"))
    sq = board.square_rect(1, 1)
    def tile(dark: bool) -> QPixmap:
        def draw(tp: QPainter, rr: QRectF) -> None:
            glyphs.draw_square_background(tp, rr, dark, palette=pal, lighting=look.lighting)
        return cache.get(("tile", dark, look.lighting), sq.width(), sq.height(), dpr, draw)
    tiles = {dark: tile(dark) for dark in (False, True)}
    for row in range(1, 11):
        for col in range(1, 11):
            gp.drawPixmap(board.square_rect(row, col).topLeft(),
                          tiles[glyphs.square_is_dark(row, col)])
    glyphs.draw_coordinates(gp, b, s, board.square_rect, look.flipped, pal.coordinates)
    gp.setPen(QPen(pal.frame, max(1.0, s * 0.03)))
    gp.setBrush(Qt.BrushStyle.NoBrush)
    gp.drawRect(b)


# --- the last turn's arrows --------------------------------------------------------------------

def leave_box(inside: QPointF, toward: QPointF, box: QRectF | None, gap: float) -> QPointF:
    """Where the segment from `inside` (a point in `box`) toward `toward` leaves `box`, `gap`
    further on; `inside` itself when there is no box or `toward` is in it."""
    if box is None or box.isEmpty() or box.contains(toward):
        return inside
    dx, dy = toward.x() - inside.x(), toward.y() - inside.y()
    ts = []
    if dx > 0:
        ts.append((box.right() - inside.x()) / dx)
    elif dx < 0:
        ts.append((box.left() - inside.x()) / dx)
    if dy > 0:
        ts.append((box.bottom() - inside.y()) / dy)
    elif dy < 0:
        ts.append((box.top() - inside.y()) / dy)
    t = min((t for t in ts if t >= 0), default=0.0)
    length = math.hypot(dx, dy) or 1.0
    t = min(1.0, t + gap / length)
    return QPointF(inside.x() + dx * t, inside.y() + dy * t)


def arrow_ends(start: QPointF, end: QPointF, start_box: QRectF | None, end_box: QRectF | None,
               gap: float, end_gap: float | None = None) -> tuple[QPointF, QPointF]:
    """An arrow from `start` to `end` shortened so it leaves the piece it starts at and stops
    `end_gap` (default `gap`) short of what it points to (it never covers either)."""
    a = leave_box(start, end, start_box, gap)
    b = leave_box(end, start, end_box, gap if end_gap is None else end_gap)
    return a, b


def arrow_bounds(a: QPointF, b: QPointF, width: float) -> QRectF:
    """The rectangle an arrow from a to b of pen `width` may paint (head and ring included)."""
    m = width * 4
    return QRectF(a, b).normalized().adjusted(-m, -m, m, m)
