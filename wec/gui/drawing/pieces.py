"""Pieces and the marks on them: a piece type's silhouette (`shapes`) or, by preference, a
lettered disc; the hand of a TA/CL/CH, the stun count, a weapon's count-down, the number of
carried articles; and the marker where a hidden enemy was last seen.

A piece is drawn into a slot (`layout.slot_rects`); every mark stays inside it, so a cached
pixmap of the slot holds the whole piece.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF,
                           QRadialGradient)

from wec.gui.drawing import shapes
from wec.gui.drawing.style import (DEFAULT_PALETTE, Palette, ink_for, label_font, piece_fill,
                                   tag_font)

HANDED = shapes.HANDED
LEVEL_MARK_COLORS = {"A": QColor("#e8f1ff"), "S": QColor("#d9fbe6")}
HIDDEN_MARK = QColor("#34395a")
"""The last-seen marker's ink: slate, far from the red of a count-down."""


def _body_brush(fill: QColor, rect: QRectF, lighting: bool) -> QBrush:
    if not lighting:
        return QBrush(fill)
    grad = QRadialGradient(rect.left() + rect.width() * 0.35, rect.top() + rect.height() * 0.3,
                           max(rect.width(), rect.height()) * 0.9)
    dark = fill.lightness() < 80  # a near-black body needs a stronger light to show its form
    grad.setColorAt(0.0, fill.lighter(230 if dark else 135))
    grad.setColorAt(1.0, fill.darker(125))
    return QBrush(grad)


def outline_color(fill: QColor) -> QColor:
    """The outline of a piece: near black on a light body, a light rim on a dark one, so two
    dark pieces side by side and a dark piece on a dark square read apart."""
    return QColor("#0d0d0d") if ink_for(fill).lightness() < 128 else QColor("#e9e4d8")


SHAPE_OUTLINE = QColor("#111111")
"""The outline of every silhouette: dark on both sides, as a chess set drawn in ink (a light rim
would swallow a thin black shape such as a Helicopter)."""


def token_rect(rect: QRectF) -> QRectF:
    """The body of a piece drawn as a lettered disc in `rect`: an ellipse as tall as the slot,
    at most 1.45 times as wide (room for a three-letter code), the same at every level."""
    h = rect.height()
    w = min(rect.width(), h * 1.45)
    if w < h:
        h = w
    return QRectF(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h)


def body_rect(rect: QRectF, type_code: str, detailed: bool) -> QRectF:
    """Where a piece drawn in the slot `rect` actually is: its silhouette's box, or its disc."""
    if detailed:
        return shapes.shape_box(type_code, rect.adjusted(0, 1, 0, -1))
    return token_rect(rect)


def draw_level_mark(painter: QPainter, body: QRectF, level: str) -> None:
    """The level mark of an Air or Sub disc (as the notation's `^` and `v`, R12.2): a small
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


def draw_hand_arrow(painter: QPainter, rect: QRectF, hand: str, color: QColor) -> None:
    """The handedness arrow of a TA/CL/CH (R2.4): a small triangle pointing left for a left
    handed piece (`<` in the notation), right for a right handed one, at the lower corner on
    that side."""
    s = max(5.0, min(rect.width(), rect.height()) * 0.34)
    y = rect.bottom() - s * 0.5
    if hand == "left":
        x = rect.left()
        pts = [(x, y), (x + s * 0.8, y - s * 0.45), (x + s * 0.8, y + s * 0.45)]
    else:
        x = rect.right()
        pts = [(x, y), (x - s * 0.8, y - s * 0.45), (x - s * 0.8, y + s * 0.45)]
    painter.save()
    painter.setPen(QPen(ink_for(color), max(0.8, s * 0.1)))
    painter.setBrush(color)
    painter.drawPolygon(QPolygonF([QPointF(a, b) for a, b in pts]))
    painter.restore()


def badge_radius(rect: QRectF) -> float:
    """The radius of a count badge on a piece in `rect` (a number stays readable)."""
    return max(5.5, min(rect.width(), rect.height()) * 0.24)


def draw_badge(painter: QPainter, center: QPointF, radius: float, text: str, fill: QColor,
               ink: QColor | None = None) -> None:
    """A round badge with a number (stun count, count-down, article count)."""
    painter.save()
    painter.setPen(QPen(QColor(0, 0, 0, 200), max(0.7, radius * 0.14)))
    painter.setBrush(fill)
    painter.drawEllipse(center, radius, radius)
    painter.setPen(ink or ink_for(fill))
    painter.setFont(label_font(int(radius * 1.6)))
    painter.drawText(QRectF(center.x() - radius * 1.5, center.y() - radius, radius * 3, radius * 2),
                     Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def _inside(rect: QRectF, x: float, y: float, r: float) -> QPointF:
    """(x, y) moved so a badge of radius r stays inside `rect`."""
    return QPointF(min(max(x, rect.left() + r), rect.right() - r),
                   min(max(y, rect.top() + r), rect.bottom() - r))


def _draw_shape(painter: QPainter, rect: QRectF, type_code: str, fill: QColor, lighting: bool,
                ghost: bool) -> QRectF:
    """The silhouette (with its code below it when the slot is tall enough to write it at a
    readable size); returns the box it fills."""
    code_h = 15.0 if rect.height() >= 46 else 0.0
    art = rect.adjusted(0, 1, 0, -code_h - 1)
    box = shapes.shape_box(type_code, art)
    path = shapes.fitted_path(type_code, box)
    if lighting and not ghost:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawPath(path.translated(box.height() * 0.04, box.height() * 0.04))
    painter.setPen(QPen(SHAPE_OUTLINE, max(1.2, box.height() * 0.055),
                        Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(_body_brush(fill, box, lighting))
    painter.drawPath(path)
    if code_h:
        painter.setFont(tag_font(12))
        painter.setPen(QColor("#1a1a1a"))
        painter.drawText(QRectF(rect.left(), rect.bottom() - code_h, rect.width(), code_h),
                         Qt.AlignmentFlag.AlignCenter, type_code)
    return box


def _draw_disc(painter: QPainter, rect: QRectF, type_code: str, fill: QColor, level: str,
               lighting: bool, ghost: bool) -> QRectF:
    """A lettered disc (the preference View > Lettered discs); returns its body."""
    ink = ink_for(fill)
    body = token_rect(rect)
    if lighting and not ghost:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 70))
        d = body.height() * 0.06
        painter.drawEllipse(body.translated(d, d))
    painter.setPen(QPen(outline_color(fill), max(0.8, body.height() * 0.045)))
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
    return body


def draw_piece(painter: QPainter, rect: QRectF, type_code: str, color: str, level: str,
               hand: str | None, *, detailed: bool, stun: int = 0, cooldown: int | None = None,
               n_articles: int = 0, lighting: bool = True, palette: Palette = DEFAULT_PALETTE,
               ghost: bool = False) -> None:
    """One piece in `rect`: `detailed` draws its type's silhouette (the default), otherwise a
    lettered disc (with an up or down triangle at Air or Sub, as the notation's `^` and `v`).
    Its body is in the side and level colour (`piece_fill`); a TA/CL/CH shows its hand, a
    stunned piece a yellow count (R7.3) at the top right, a weapon cooling down a red count-down
    (R7.2) at the top left, a piece carrying articles their number at the bottom right.
    `ghost` draws it translucent (a last-seen marker); `lighting` adds shading and a shadow."""
    if rect.width() < 4 or rect.height() < 4:
        return
    fill = piece_fill(color, level, palette)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if ghost:
        painter.setOpacity(0.5)
    if detailed:
        body = _draw_shape(painter, rect, type_code, fill, lighting, ghost)
    else:
        body = _draw_disc(painter, rect, type_code, fill, level, lighting, ghost)
    if hand in ("left", "right") and type_code in HANDED:
        draw_hand_arrow(painter, body, hand, fill)
    r = badge_radius(rect)
    if stun:
        draw_badge(painter, _inside(rect, body.right(), body.top() + r * 0.8, r), r, str(stun),
                   palette.stun, QColor("#000000"))
    if cooldown:
        draw_badge(painter, _inside(rect, body.left(), body.top() + r * 0.8, r), r,
                   str(cooldown), palette.cooldown, QColor("#ffffff"))
    if n_articles:
        draw_badge(painter, _inside(rect, body.right(), body.bottom(), r * 0.9), r * 0.9,
                   str(n_articles), QColor("#f2e6b0"), QColor("#000000"))
    painter.restore()


def eye_slash_path(center: QPointF, r: float) -> tuple[QPainterPath, QPainterPath]:
    """An eye crossed out, of radius `r` around `center`: (the eye's outline with its pupil,
    the slash)."""
    cx, cy = center.x(), center.y()
    eye = QPainterPath()
    eye.moveTo(cx - r, cy)
    eye.quadTo(cx, cy - r * 1.05, cx + r, cy)
    eye.quadTo(cx, cy + r * 1.05, cx - r, cy)
    eye.closeSubpath()
    eye.addEllipse(center, r * 0.3, r * 0.3)
    slash = QPainterPath()
    slash.moveTo(cx - r * 0.8, cy + r * 0.8)
    slash.lineTo(cx + r * 0.8, cy - r * 0.8)
    return eye, slash


def draw_hidden_badge(painter: QPainter, center: QPointF, radius: float) -> None:
    """The badge of a hidden enemy: a white eye crossed out on a slate disc (never a red
    number, so it reads apart from a weapon's count-down)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QPen(QColor("#ffffff"), max(0.8, radius * 0.12)))
    painter.setBrush(HIDDEN_MARK)
    painter.drawEllipse(center, radius, radius)
    eye, slash = eye_slash_path(center, radius * 0.72)
    pen = QPen(QColor("#ffffff"), max(0.9, radius * 0.17), Qt.PenStyle.SolidLine,
               Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(eye)
    painter.setPen(QPen(HIDDEN_MARK, pen.widthF() * 2.8, Qt.PenStyle.SolidLine,
                        Qt.PenCapStyle.RoundCap))
    painter.drawPath(slash)
    painter.setPen(pen)
    painter.drawPath(slash)
    painter.restore()


def draw_last_seen(painter: QPainter, rect: QRectF, type_code: str | None, color: str, level: str,
                   *, detailed: bool = True, palette: Palette = DEFAULT_PALETTE) -> None:
    """A marker where a hidden enemy piece was last seen (R10): the piece as a translucent
    ghost (nothing when its type is unknown) inside a dashed slate frame, with an eye crossed
    out at its top left."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    # the frame hugs the ghost (a slot may be much wider than a piece), with room for the badge
    r = badge_radius(rect)
    w = min(rect.width(), rect.height() * 1.35 + 2 * r)
    frame = QRectF(rect.center().x() - w / 2, rect.top(), w, rect.height())
    if type_code:
        draw_piece(painter, frame.adjusted(r * 1.2, 0, 0, 0), type_code, color, level, None,
                   detailed=detailed, lighting=False, palette=palette, ghost=True)
    pen = QPen(HIDDEN_MARK, max(1.0, rect.height() * 0.055), Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    half = pen.widthF() / 2
    painter.drawRoundedRect(frame.adjusted(half, half, -half, -half), rect.height() * 0.25,
                            rect.height() * 0.25)
    draw_hidden_badge(painter, QPointF(frame.left() + r, frame.top() + r), r)
    painter.restore()
