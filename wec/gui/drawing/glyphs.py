"""Drawing primitives for WEC boards: squares, highlights, projectiles, the last turn's arrows
and the coordinates; with the pieces (`pieces`, `shapes`), the tags (`tags`), the square's layout
(`layout`) and the colours and fonts (`style`) re-exported, so one name space draws the game
board, the editor, the level panels and the legend alike.

Pure QPainter code that knows nothing about `wec.Game`: it takes type codes, colours and levels as
plain values. Every function draws into a rectangle given in the painter's logical coordinates and
leaves the painter's state as it found it.
"""
from __future__ import annotations

import math
from typing import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPen, QPolygonF

from wec.gui.drawing.layout import (BAND_SHARE, LEVELS, MIN_TAG_PX, article_rects, crowded,
                                    piece_area, piece_height, projectile_rect, reserve_rect,
                                    slot_rects, square_layout, tag_px)
from wec.gui.drawing.pieces import (HANDED, HIDDEN_MARK, LEVEL_MARK_COLORS, body_rect,
                                    draw_badge, draw_hidden_badge, draw_last_seen, draw_piece,
                                    token_rect)
from wec.gui.drawing.shapes import PAWNS, PRIMARY, SECONDARY, poly, shape_path
from wec.gui.drawing.style import (DEFAULT_PALETTE, Palette, ink_for, label_font, piece_fill,
                                   tag_font)
from wec.gui.drawing.tags import ARTICLE_COLORS, article_color, draw_article, draw_reserve_tag

__all__ = ["ARROW_COLORS", "ARTICLE_COLORS", "BAND_SHARE", "DEFAULT_PALETTE", "HANDED",
           "HIDDEN_MARK", "LEVELS", "LEVEL_MARK_COLORS", "MIN_TAG_PX", "PAWNS", "PRIMARY",
           "Palette", "SECONDARY", "article_color", "article_rects", "body_rect", "crowded",
           "draw_action_arrow", "draw_article", "draw_badge", "draw_band_tints",
           "draw_coordinates", "draw_hidden_badge", "draw_highlight", "draw_last_seen",
           "draw_piece", "draw_possible_location", "draw_projectile", "draw_reserve_tag",
           "draw_square_background", "ink_for", "label_font", "piece_area", "piece_fill",
           "piece_height", "projectile_rect", "reserve_rect", "screen_vector", "shape_path",
           "slot_rects", "square_is_dark", "square_layout", "tag_font", "tag_px", "token_rect"]


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
    body = poly([(-L, -W), (L * 0.55, -W), (L, 0.0), (L * 0.55, W), (-L, W)])
    fins = poly([(-L, -W * 2.2), (-L * 0.55, -W), (-L * 0.55, W), (-L, W * 2.2)])
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
