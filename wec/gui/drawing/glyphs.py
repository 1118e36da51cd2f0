"""Drawing primitives for WEC boards: pieces, articles, projectiles, reserve markers, squares.

Pure QPainter code that knows nothing about `wec.Game`: it takes type codes, colours and levels as
plain values, so the game window (`wec.gui.play.board_widget`) and the board editor (`editor`) draw the
same glyphs. Every function draws into a rectangle given in the painter's logical coordinates and
leaves the painter's state as it found it.

Colours (RULES.md R1.3, the manual's GUI chapter): Ground pieces in the colour of their side, Air
pieces blue (dark blue Black, lighter blue White), Sub pieces green (dark green Black, light green
White). `Palette` holds every colour; `DEFAULT_PALETTE` is the standard one and the colours dialog
edits a copy.

A square is drawn as three horizontal bands, top to bottom Air, Ground, Sub (`square_layout`), and
each band holds up to two pieces side by side (`slot_rects`, R3.1). Articles lying on the Ground
(R3.3) sit in a column at the left of the Ground band (`article_rects`).
"""
from __future__ import annotations

import math
from typing import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen,
                           QPolygonF, QRadialGradient, QTransform)

LEVELS = ("A", "G", "S")
"""Band order inside a square, top to bottom."""

BAND_SHARE = {"A": 0.29, "G": 0.42, "S": 0.29}
"""Share of the square's height given to each level's band."""


@dataclass
class Palette:
    """Every colour the board uses; names in the game's own words."""

    light_square: QColor = field(default_factory=lambda: QColor("#e4d8bd"))
    dark_square: QColor = field(default_factory=lambda: QColor("#b49d7a"))
    ground: dict[str, QColor] = field(default_factory=lambda: {
        "black": QColor("#26262b"), "white": QColor("#f7f3e8")})
    air: dict[str, QColor] = field(default_factory=lambda: {
        "black": QColor("#1d3a94"), "white": QColor("#7eb3ff")})
    sub: dict[str, QColor] = field(default_factory=lambda: {
        "black": QColor("#0f6336"), "white": QColor("#84d99d")})
    highlight: QColor = field(default_factory=lambda: QColor(255, 222, 40, 150))
    """Legal destinations and homing targets (the manual's yellow)."""
    selected: QColor = field(default_factory=lambda: QColor(40, 170, 255, 150))
    last_turn: QColor = field(default_factory=lambda: QColor(250, 140, 40, 90))
    stun: QColor = field(default_factory=lambda: QColor("#ffd400"))
    cooldown: QColor = field(default_factory=lambda: QColor("#d6322f"))
    coordinates: QColor = field(default_factory=lambda: QColor("#3b3326"))
    frame: QColor = field(default_factory=lambda: QColor("#5a4a35"))

    def copy(self) -> "Palette":
        return replace(self, ground=dict(self.ground), air=dict(self.air), sub=dict(self.sub))

    def names(self) -> list[str]:
        """Editable colour names for the colours dialog (dotted for per-side colours)."""
        out = ["light_square", "dark_square", "highlight", "selected", "last_turn"]
        for lvl in ("ground", "air", "sub"):
            out += [f"{lvl}.black", f"{lvl}.white"]
        return out

    def get(self, name: str) -> QColor:
        if "." in name:
            lvl, side = name.split(".")
            return QColor(getattr(self, lvl)[side])
        return QColor(getattr(self, name))

    def set(self, name: str, color: QColor) -> None:
        if "." in name:
            lvl, side = name.split(".")
            getattr(self, lvl)[side] = QColor(color)
        else:
            setattr(self, name, QColor(color))


DEFAULT_PALETTE = Palette()


def piece_fill(color: str, level: str, palette: Palette = DEFAULT_PALETTE) -> QColor:
    """Body colour of a piece of side `color` ("black"/"white") at `level` ("G"/"A"/"S")."""
    table = {"G": palette.ground, "A": palette.air, "S": palette.sub}[level]
    return table[color]


def ink_for(fill: QColor) -> QColor:
    """Black or white, whichever reads better on `fill` (for codes and outlines)."""
    luma = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF()
    return QColor("#101010") if luma > 0.55 else QColor("#f8f8f8")


@lru_cache(maxsize=64)
def _font(pixel_size: int, bold: bool = True) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(5, pixel_size))
    f.setBold(bold)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f


def label_font(pixel_size: int, bold: bool = True) -> QFont:
    """The board's font at a pixel size (cached)."""
    return _font(int(pixel_size), bold)


# --- square layout -----------------------------------------------------------------------------

def square_layout(rect: QRectF) -> dict[str, QRectF]:
    """The band of each level ("A", "G", "S") inside a square's rectangle."""
    out = {}
    y = rect.top()
    for lvl in LEVELS:
        h = rect.height() * BAND_SHARE[lvl]
        out[lvl] = QRectF(rect.left(), y, rect.width(), h)
        y += h
    return out


def article_rects(ground_band: QRectF, count: int) -> list[QRectF]:
    """Where the `count` (<= 2) articles lying on the Ground are drawn: a column at the left."""
    if count <= 0:
        return []
    w = ground_band.width() * 0.30
    h = ground_band.height() / 2
    return [QRectF(ground_band.left() + 1, ground_band.top() + i * h + 1, w - 2, h - 2)
            for i in range(min(count, 2))]


RESERVE_SHARE = 0.2
"""Share of the Ground band's width kept at its right for a reserve tag (`reserve_rect`)."""


def piece_area(band: QRectF, level: str, n_articles: int, *, reserve: bool = False) -> QRectF:
    """The part of a level's band left for pieces (the Ground band gives room to articles at
    its left and, with `reserve`, to a reserve tag at its right: nothing overlaps)."""
    area = QRectF(band)
    if level == "G" and n_articles:
        shift = band.width() * 0.30
        area.setLeft(band.left() + shift)
    if level == "G" and reserve:
        area.setRight(band.right() - band.width() * RESERVE_SHARE)
    return area


def reserve_rect(ground_band: QRectF) -> QRectF:
    """Where a reserve tag is drawn: a column at the right of the Ground band."""
    w = ground_band.width() * RESERVE_SHARE
    return QRectF(ground_band.right() - w + 1, ground_band.top() + 1, w - 2,
                  ground_band.height() - 2)


def slot_rects(area: QRectF, count: int) -> list[QRectF]:
    """Rectangles for `count` (<= 2) pieces sharing one level, side by side (R3.1)."""
    count = max(1, min(count, 2))
    w = area.width() / count
    pad = min(area.height(), w) * 0.06
    return [QRectF(area.left() + i * w + pad, area.top() + pad, w - 2 * pad, area.height() - 2 * pad)
            for i in range(count)]


# --- squares -----------------------------------------------------------------------------------

def square_is_dark(row: int, col: int) -> bool:
    """R1.2: the nearest right-hand square of either player is black: (1,10) and (10,1)."""
    return (row + col) % 2 == 1


def draw_square_background(painter: QPainter, rect: QRectF, dark: bool, *,
                           palette: Palette = DEFAULT_PALETTE, lighting: bool = True,
                           bands: bool = True) -> None:
    """Fill one square: its light/dark colour and, with `bands`, faint tints of the Air (sky)
    and Sub (sea) bands so the three levels read apart; `lighting` adds a soft top-left light."""
    base = palette.dark_square if dark else palette.light_square
    if lighting:
        grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
        grad.setColorAt(0.0, base.lighter(108))
        grad.setColorAt(1.0, base.darker(106))
        painter.fillRect(rect, QBrush(grad))
    else:
        painter.fillRect(rect, base)
    if bands:
        draw_band_tints(painter, rect)


AIR_TINT = QColor(110, 165, 255, 78)
SUB_TINT = QColor(30, 140, 95, 78)


def draw_band_tints(painter: QPainter, rect: QRectF) -> None:
    """Sky over the Air band, sea over the Sub band and a thin line between the bands, so the
    three levels of a square read apart at a glance."""
    lay = square_layout(rect)
    painter.fillRect(lay["A"], AIR_TINT)
    painter.fillRect(lay["S"], SUB_TINT)
    painter.save()
    painter.setPen(QPen(QColor(60, 50, 35, 90), max(1.0, rect.height() * 0.012),
                        Qt.PenStyle.DotLine))
    for y in (lay["G"].top(), lay["S"].top()):
        painter.drawLine(QPointF(rect.left() + 1, y), QPointF(rect.right() - 1, y))
    painter.restore()


def draw_highlight(painter: QPainter, rect: QRectF, color: QColor, *, outline: bool = False) -> None:
    """A square highlight: a translucent fill, or a thick inner frame with `outline`."""
    if outline:
        pen = QPen(color, max(2.0, rect.width() * 0.06))
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.save()
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        w = pen.widthF() / 2
        painter.drawRect(rect.adjusted(w, w, -w, -w))
        painter.restore()
    else:
        painter.fillRect(rect, color)


# --- piece shapes ------------------------------------------------------------------------------

PRIMARY = ("K", "DI", "AV", "PR")
SECONDARY = ("Q", "AS", "AC", "PM")
PAWNS = ("FP", "RP", "SP", "CP", "XP", "SHP", "SOP")
HANDED = ("TA", "CL", "CH")


def _poly(points: list[tuple[float, float]]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    path.closeSubpath()
    return path


@lru_cache(maxsize=None)
def shape_path(type_code: str) -> QPainterPath:
    """The detailed silhouette of a piece type in the unit square (0..1, y down)."""
    p = QPainterPath()
    if type_code in PRIMARY:  # crown with three points and a band
        p = _poly([(0.15, 0.78), (0.12, 0.3), (0.33, 0.5), (0.5, 0.18), (0.67, 0.5), (0.88, 0.3),
                   (0.85, 0.78)])
        p.addRect(QRectF(0.15, 0.78, 0.7, 0.12))
    elif type_code in SECONDARY:  # tiara: five points
        p = _poly([(0.12, 0.8), (0.1, 0.35), (0.25, 0.55), (0.35, 0.22), (0.5, 0.5), (0.65, 0.22),
                   (0.75, 0.55), (0.9, 0.35), (0.88, 0.8)])
        p.addEllipse(QRectF(0.42, 0.08, 0.16, 0.16))
    elif type_code == "TA":  # hull, turret, gun
        p.addRoundedRect(QRectF(0.08, 0.55, 0.84, 0.3), 0.12, 0.12)
        p.addRoundedRect(QRectF(0.28, 0.36, 0.4, 0.22), 0.08, 0.08)
        p.addRect(QRectF(0.6, 0.42, 0.36, 0.08))
    elif type_code == "CL":  # mitre
        p = _poly([(0.2, 0.9), (0.2, 0.45), (0.5, 0.1), (0.8, 0.45), (0.8, 0.9)])
    elif type_code == "CH":  # body, tail and rotor
        p.addEllipse(QRectF(0.14, 0.38, 0.46, 0.36))
        p.addRect(QRectF(0.55, 0.5, 0.38, 0.09))
        p.addRect(QRectF(0.05, 0.22, 0.68, 0.06))
        p.addRect(QRectF(0.36, 0.26, 0.04, 0.13))
        p.addRect(QRectF(0.86, 0.4, 0.06, 0.24))
    elif type_code == "JE":  # delta jet, nose up
        p = _poly([(0.5, 0.06), (0.6, 0.42), (0.94, 0.74), (0.6, 0.68), (0.62, 0.9), (0.5, 0.84),
                   (0.38, 0.9), (0.4, 0.68), (0.06, 0.74), (0.4, 0.42)])
    elif type_code == "SU":  # hull and conning tower
        p.addEllipse(QRectF(0.04, 0.48, 0.92, 0.34))
        p.addRoundedRect(QRectF(0.38, 0.28, 0.2, 0.26), 0.05, 0.05)
    elif type_code == "DS":  # ship
        p = _poly([(0.04, 0.6), (0.96, 0.6), (0.82, 0.86), (0.16, 0.86)])
        p.addRect(QRectF(0.3, 0.4, 0.36, 0.22))
        p.addRect(QRectF(0.44, 0.22, 0.08, 0.2))
    elif type_code == "AAA":  # base and two raised barrels
        p.addRoundedRect(QRectF(0.14, 0.6, 0.72, 0.28), 0.1, 0.1)
        p.addPath(_poly([(0.3, 0.62), (0.42, 0.62), (0.72, 0.14), (0.62, 0.1)]))
        p.addPath(_poly([(0.46, 0.62), (0.58, 0.62), (0.9, 0.2), (0.8, 0.14)]))
    elif type_code == "DO":  # body and blade
        p.addRoundedRect(QRectF(0.3, 0.36, 0.56, 0.4), 0.08, 0.08)
        p.addRect(QRectF(0.06, 0.3, 0.14, 0.52))
        p.addRect(QRectF(0.18, 0.5, 0.14, 0.08))
    else:  # pawns (and anything unknown): head and base
        p.addEllipse(QRectF(0.33, 0.12, 0.34, 0.34))
        p.addPath(_poly([(0.36, 0.44), (0.64, 0.44), (0.76, 0.8), (0.24, 0.8)]))
        p.addRoundedRect(QRectF(0.16, 0.76, 0.68, 0.14), 0.05, 0.05)
    return p.simplified()


def _fit_square(rect: QRectF) -> QRectF:
    side = min(rect.width(), rect.height())
    return QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)


def _body_brush(fill: QColor, rect: QRectF, lighting: bool) -> QBrush:
    if not lighting:
        return QBrush(fill)
    grad = QRadialGradient(rect.left() + rect.width() * 0.35, rect.top() + rect.height() * 0.3,
                           max(rect.width(), rect.height()) * 0.9)
    grad.setColorAt(0.0, fill.lighter(135))
    grad.setColorAt(1.0, fill.darker(125))
    return QBrush(grad)


def draw_hand_arrow(painter: QPainter, rect: QRectF, hand: str, color: QColor) -> None:
    """The handedness arrow of a TA/CL/CH (R2.4): a small triangle pointing left for a left
    handed piece (`<` in the notation), right for a right handed one, at the glyph's lower
    corner on that side."""
    s = min(rect.width(), rect.height()) * 0.38
    y = rect.bottom() - s * 0.55
    if hand == "left":
        x = rect.left() + s * 0.1
        pts = [(x, y), (x + s * 0.8, y - s * 0.45), (x + s * 0.8, y + s * 0.45)]
    else:
        x = rect.right() - s * 0.1
        pts = [(x, y), (x - s * 0.8, y - s * 0.45), (x - s * 0.8, y + s * 0.45)]
    painter.save()
    painter.setPen(QPen(ink_for(color), max(0.8, s * 0.08)))
    painter.setBrush(color)
    painter.drawPolygon(QPolygonF([QPointF(a, b) for a, b in pts]))
    painter.restore()


def draw_badge(painter: QPainter, center: QPointF, radius: float, text: str, fill: QColor,
               ink: QColor | None = None) -> None:
    """A round badge with a short text (stun count, count-down, article count)."""
    painter.save()
    painter.setPen(QPen(QColor(0, 0, 0, 200), max(0.7, radius * 0.12)))
    painter.setBrush(fill)
    painter.drawEllipse(center, radius, radius)
    painter.setPen(ink or ink_for(fill))
    painter.setFont(label_font(int(radius * 1.5)))
    painter.drawText(QRectF(center.x() - radius * 1.5, center.y() - radius, radius * 3, radius * 2),
                     Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def token_rect(rect: QRectF) -> QRectF:
    """The body of a piece drawn as a token in `rect`: an ellipse as tall as the slot, at most
    1.45 times as wide (room for a three-letter code), the same shape at every level."""
    h = rect.height()
    w = min(rect.width(), h * 1.45)
    if w < h:
        h = w
    return QRectF(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h)


LEVEL_MARK_COLORS = {"A": QColor("#e8f1ff"), "S": QColor("#d9fbe6")}


def draw_level_mark(painter: QPainter, body: QRectF, level: str) -> None:
    """The level mark of an Air or Sub piece (as the notation's `^` and `v`, R12.2): a small
    triangle pointing up (Air) at the body's top left, or down (Sub) at its bottom left."""
    s = min(body.width(), body.height()) * 0.34
    x = body.left() + s * 0.05
    if level == "A":
        y = body.top() + s * 0.05
        pts = [(x, y + s), (x + s, y + s), (x + s / 2, y)]
    else:
        y = body.bottom() - s * 0.05
        pts = [(x, y - s), (x + s, y - s), (x + s / 2, y)]
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QPen(QColor("#101010"), max(0.7, s * 0.12)))
    painter.setBrush(LEVEL_MARK_COLORS[level])
    painter.drawPolygon(QPolygonF([QPointF(a, b) for a, b in pts]))
    painter.restore()


def draw_piece(painter: QPainter, rect: QRectF, type_code: str, color: str, level: str,
               hand: str | None, *, detailed: bool, stun: int = 0, cooldown: int | None = None,
               n_articles: int = 0, lighting: bool = True, palette: Palette = DEFAULT_PALETTE,
               ghost: bool = False) -> None:
    """One piece in `rect`: its body in the side/level colour (`piece_fill`), its type code, the
    handedness arrow of a TA/CL/CH, a yellow stun count (R7.3) at the top right, the weapon
    count-down of a piece that fired (R7.2) centred above it, and a small count of carried
    articles at the bottom right.

    `detailed` draws the type's silhouette (`shape_path`) with the code below it (a token below
    12 px; the board asks for silhouettes only when its Ground pieces are large enough, so all
    levels look alike); otherwise a token (`token_rect`) with the code. Air and Sub pieces have the same
    shape as Ground ones, in their level's colour, with a level mark (`draw_level_mark`). `ghost` draws it translucent (a last-seen
    marker). `lighting` adds shading and a drop shadow."""
    if rect.width() < 4 or rect.height() < 4:
        return
    fill = piece_fill(color, level, palette)
    ink = ink_for(fill)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if ghost:
        painter.setOpacity(0.45)
    outline = QPen(QColor("#000000") if color == "white" or level != "G" else QColor("#d8d8d8"),
                   max(0.8, min(rect.width(), rect.height()) * 0.045))
    if detailed and min(rect.width(), rect.height()) >= 12:
        box = _fit_square(rect)
        code_h = box.height() * 0.30
        art = QRectF(box.left(), box.top(), box.width(), box.height() - code_h * 0.7)
        tr = QTransform()
        tr.translate(art.left(), art.top())
        tr.scale(art.width(), art.height())
        path = tr.map(shape_path(type_code))
        if lighting and not ghost:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 70))
            painter.drawPath(path.translated(box.width() * 0.04, box.height() * 0.04))
        painter.setPen(outline)
        painter.setBrush(_body_brush(fill, art, lighting))
        painter.drawPath(path)
        label = QRectF(rect.left(), box.bottom() - code_h, rect.width(), code_h)
        painter.setFont(label_font(int(code_h * (0.95 if len(type_code) < 3 else 0.8))))
        tag_w = min(rect.width(), code_h * (0.75 * len(type_code) + 0.6))
        tag = QRectF(label.center().x() - tag_w / 2, label.top(), tag_w, code_h)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawEllipse(tag)
        painter.setPen(ink)
        painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, type_code)
        body = box
    else:
        body = token_rect(rect)
        if lighting and not ghost:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 70))
            d = body.height() * 0.06
            painter.drawEllipse(body.translated(d, d))
        painter.setPen(outline)
        painter.setBrush(_body_brush(fill, body, lighting))
        painter.drawEllipse(body)
        # an inner rim: a piece is a token, never a flat tag like an article
        rim = body.adjusted(body.width() * 0.1, body.height() * 0.1, -body.width() * 0.1,
                            -body.height() * 0.1)
        painter.setPen(QPen(QColor(ink.red(), ink.green(), ink.blue(), 90),
                            max(0.6, body.height() * 0.03)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(rim)
        size = min(body.height() * 0.5, body.width() / (0.7 * len(type_code) + 0.25))
        painter.setFont(label_font(int(size)))
        painter.setPen(ink)
        painter.drawText(body, Qt.AlignmentFlag.AlignCenter, type_code)
    if level in ("A", "S"):
        draw_level_mark(painter, body, level)
    if hand in ("left", "right") and type_code in HANDED:
        draw_hand_arrow(painter, body, hand, fill)
    r = min(rect.width(), rect.height()) * 0.2
    if stun:
        draw_badge(painter, QPointF(body.right() - r * 0.6, body.top() + r * 0.6), r, str(stun),
                   palette.stun, QColor("#000000"))
    if cooldown:
        draw_badge(painter, QPointF(body.center().x(), body.top() + r * 0.4), r, str(cooldown),
                   palette.cooldown, QColor("#ffffff"))
    if n_articles:
        draw_badge(painter, QPointF(body.right() - r * 0.6, body.bottom() - r * 0.6), r * 0.85,
                   str(n_articles), QColor("#f2e6b0"), QColor("#000000"))
    painter.restore()


# --- articles ----------------------------------------------------------------------------------

ARTICLE_COLORS = {
    "FL": "#f07a1a", "ST": "#e8c51c", "CS": "#9a4fd0", "RL": "#d23a2a", "SL": "#3b8fe0",
    "TL": "#1aa38a", "BI": "#8a6b48", "JP": "#8a6b48", "SC": "#4d7d9a", "SH": "#555a60",
    "XXX": "#c9a227",
}


def article_color(code: str) -> QColor:
    """The colour of an article kind; an Anti-article (AFL …) takes its article's colour."""
    base = code[1:] if code.startswith("A") and code[1:] in ARTICLE_COLORS else code
    return QColor(ARTICLE_COLORS.get(base, "#777777"))


def draw_article(painter: QPainter, rect: QRectF, code: str, *, lighting: bool = True) -> None:
    """An article lying on the Ground (R5): a tag with its code, filled in the kind's colour; an
    Anti-article (AFL, AST, ACS, ARL, ASL, ATL, ASH) is outlined in that colour on white."""
    if rect.width() < 3:
        return
    anti = code.startswith("A") and code[1:] in ARTICLE_COLORS
    col = article_color(code)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    radius = min(rect.width(), rect.height()) * 0.25
    pen_w = max(1.0, rect.height() * (0.14 if anti else 0.06))
    painter.setPen(QPen(col if anti else col.darker(160), pen_w))
    if anti:
        painter.setBrush(QColor("#fbfaf5"))
    elif lighting:
        grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
        grad.setColorAt(0, col.lighter(130))
        grad.setColorAt(1, col)
        painter.setBrush(QBrush(grad))
    else:
        painter.setBrush(col)
    inner = rect.adjusted(pen_w / 2, pen_w / 2, -pen_w / 2, -pen_w / 2)
    painter.drawRoundedRect(inner, radius, radius)
    ink = QColor("#111111") if anti else ink_for(col)
    size = min(rect.height() * 0.62, rect.width() / (0.68 * len(code) + 0.2))
    painter.setFont(label_font(int(size)))
    painter.setPen(ink)
    painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, code)
    painter.restore()


# --- projectiles -------------------------------------------------------------------------------

PROJECTILE_COLORS = {"RL": "#d23a2a", "SL": "#2f7fe0", "TL": "#128a5a"}


def screen_vector(direction: tuple[int, int], flipped: bool = False) -> tuple[float, float]:
    """A board step (dr, dc) as a screen vector (dx, dy): row 10 is at the top unless
    `flipped` (then row 1 is at the top and column 10 at the left)."""
    dr, dc = direction
    return (-dc, dr) if flipped else (dc, -dr)


def draw_projectile(painter: QPainter, rect: QRectF, kind: str,
                    direction: tuple[int, int] | None, *, flipped: bool = False,
                    homing: bool = False) -> None:
    """A projectile in flight (R7.6): a missile in the kind's colour (RL rocket red, SL SAM blue,
    TL torpedo green) pointing along its last step `direction` (dr, dc); None (a homing
    projectile that has not stepped) draws it pointing up. `homing` adds a target ring."""
    col = QColor(PROJECTILE_COLORS.get(kind, "#aa2222"))
    dx, dy = screen_vector(direction, flipped) if direction else (0.0, -1.0)
    angle = math.degrees(math.atan2(dy, dx))
    s = min(rect.width(), rect.height())
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.translate(rect.center())
    painter.rotate(angle)
    L, W = s * 0.42, s * 0.12
    body = _poly([(-L, -W), (L * 0.55, -W), (L, 0.0), (L * 0.55, W), (-L, W)])
    fins = _poly([(-L, -W * 2.2), (-L * 0.55, -W), (-L * 0.55, W), (-L, W * 2.2)])
    painter.setPen(QPen(QColor("#111111"), max(0.8, s * 0.03)))
    painter.setBrush(col.darker(130))
    painter.drawPath(fins)
    painter.setBrush(col)
    painter.drawPath(body)
    painter.setBrush(QColor(255, 200, 60))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(QPointF(-L * 1.1, 0), W * 0.8, W * 0.6)
    painter.restore()
    if homing:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(col, max(1.0, s * 0.05), Qt.PenStyle.DotLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(rect.center(), s * 0.48, s * 0.48)
        painter.restore()


# --- reserves and hidden enemies ---------------------------------------------------------------

def draw_reserve_marker(painter: QPainter, rect: QRectF, color: str, type_code: str | None = None,
                        *, armed: bool = False, hand: str | None = None,
                        palette: Palette = DEFAULT_PALETTE) -> None:
    """A reserve waiting on its activation square (R8.4): a corner flag at the square's bottom
    right in the side's Ground colour with the reserve's type code ("?" when the type is hidden
    from this side), dashed while not armed, solid once armed. `rect` is the whole square."""
    s = min(rect.width(), rect.height())
    w, h = s * 0.46, s * 0.2
    flag = QRectF(rect.right() - w - 1, rect.bottom() - h - 1, w, h)
    fill = QColor(palette.ground[color])
    fill.setAlpha(235 if armed else 170)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    pen = QPen(QColor("#c8102e") if armed else ink_for(palette.ground[color]), max(1.0, s * 0.025))
    if not armed:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawRoundedRect(flag, h * 0.3, h * 0.3)
    text = "R:" + (type_code or "?") + {"left": "<", "right": ">"}.get(hand or "", "")
    painter.setFont(label_font(int(min(h * 0.7, w / (0.66 * len(text) + 0.2)))))
    painter.setPen(ink_for(palette.ground[color]))
    painter.drawText(flag, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def draw_reserve_tag(painter: QPainter, rect: QRectF, color: str, type_code: str | None = None,
                     *, armed: bool = False, hand: str | None = None,
                     palette: Palette = DEFAULT_PALETTE) -> None:
    """A reserve waiting on its activation square (R8.4), as the game board draws it: an upright
    tag in its own column of the Ground band (`reserve_rect`, so it never covers a piece),
    "R" over the reserve's type ("?" when this side may not know it), in the side's Ground
    colour, dashed while not armed, framed red once armed."""
    fill = QColor(palette.ground[color])
    fill.setAlpha(235 if armed else 175)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    pen = QPen(QColor("#c8102e") if armed else ink_for(palette.ground[color]),
               max(1.0, rect.width() * 0.07))
    if not armed:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5))
    code = (type_code or "?") + {"left": "<", "right": ">"}.get(hand or "", "")
    ink = ink_for(palette.ground[color])
    painter.setPen(ink)
    half = rect.height() / 2
    painter.setFont(label_font(int(min(half * 0.8, rect.width() * 0.8))))
    painter.drawText(QRectF(rect.left(), rect.top(), rect.width(), half),
                     Qt.AlignmentFlag.AlignCenter, "R")
    painter.setFont(label_font(int(min(half * 0.7, rect.width() / (0.62 * len(code) + 0.1)))))
    painter.drawText(QRectF(rect.left(), rect.top() + half, rect.width(), half),
                     Qt.AlignmentFlag.AlignCenter, code)
    painter.restore()


ARROW_COLORS = {"move": QColor(20, 110, 230, 200), "fire": QColor(215, 30, 30, 210)}


def draw_action_arrow(painter: QPainter, start: QPointF, end: QPointF, kind: str,
                      width: float) -> None:
    """An arrow of the last turn: its Move solid blue, each Fire dashed red, from the acting
    piece to where it went or what it aimed at."""
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = width * 3.2
    base = QPointF(end.x() - ux * head, end.y() - uy * head)
    col = ARROW_COLORS[kind]
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    pen = QPen(col, width, Qt.PenStyle.DashLine if kind == "fire" else Qt.PenStyle.SolidLine,
               Qt.PenCapStyle.RoundCap)
    if kind == "fire":
        pen.setDashPattern([2.0, 1.5])
    painter.setPen(pen)
    painter.drawLine(start, base)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(col)
    nx, ny = -uy, ux
    w = head * 0.55
    painter.drawPolygon(QPolygonF([end, QPointF(base.x() + nx * w, base.y() + ny * w),
                                   QPointF(base.x() - nx * w, base.y() - ny * w)]))
    if kind == "fire":  # a burst at the aim, so a Fire reads apart from a Move in grey too
        painter.setPen(QPen(col, width * 0.6))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(end, head * 0.7, head * 0.7)
    painter.restore()


def draw_last_seen(painter: QPainter, rect: QRectF, type_code: str | None, color: str, level: str,
                   *, detailed: bool = False, palette: Palette = DEFAULT_PALETTE) -> None:
    """A translucent marker where a hidden enemy piece was last seen (R10): its glyph as a
    ghost with a dashed outline and a question mark."""
    draw_piece(painter, rect, type_code or "?", color, level, None, detailed=detailed,
               lighting=False, palette=palette, ghost=True)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QPen(QColor("#c8102e"), max(1.0, rect.height() * 0.06), Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect, rect.height() * 0.3, rect.height() * 0.3)
    r = min(rect.width(), rect.height()) * 0.2
    draw_badge(painter, QPointF(rect.left() + r, rect.top() + r), r, "?", QColor("#c8102e"),
               QColor("#ffffff"))
    painter.restore()


def draw_possible_location(painter: QPainter, rect: QRectF) -> None:
    """Hatching over a square where a hidden enemy piece could be now."""
    painter.save()
    brush = QBrush(QColor(200, 16, 46, 70), Qt.BrushStyle.BDiagPattern)
    painter.fillRect(rect, brush)
    painter.restore()


def draw_coordinates(painter: QPainter, board: QRectF, s: float,
                     square_rect: Callable[[int, int], QRectF], flipped: bool,
                     color: QColor) -> None:
    """Row numbers left of the board and column numbers below it (R1.1), for squares of size
    `s` placed by `square_rect(row, col)`."""
    painter.setPen(color)
    painter.setFont(label_font(int(s * 0.24)))
    for i in range(1, 11):
        r = square_rect(i, 1 if not flipped else 10)
        painter.drawText(QRectF(board.left() - s * 0.45, r.top(), s * 0.42, r.height()),
                         Qt.AlignmentFlag.AlignCenter, str(i))
        c = square_rect(1 if not flipped else 10, i)
        painter.drawText(QRectF(c.left(), board.bottom(), c.width(), s * 0.45),
                         Qt.AlignmentFlag.AlignCenter, str(i))
