"""Tags: an article lying on the Ground (R5) and a reserve waiting on its activation square
(R8.4). A tag writes its code whole at the size asked for (`px`, the board's `layout.tag_px`),
smaller only if the tag is too small for it; a reserve tag too narrow for its code keeps its `R`
and leaves the code to the tool tip. Nothing is ever cut off."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPen

from wec.gui.drawing.style import DEFAULT_PALETTE, Palette, fit_px, ink_for, tag_font

ARTICLE_COLORS = {
    "FL": "#f07a1a", "ST": "#e8c51c", "CS": "#9a4fd0", "RL": "#d23a2a", "SL": "#3b8fe0",
    "TL": "#1aa38a", "BI": "#8a6b48", "JP": "#8a6b48", "SC": "#4d7d9a", "SH": "#555a60",
    "XXX": "#c9a227",
}


def article_color(code: str) -> QColor:
    """The colour of an article kind; an Anti-article (AFL …) takes its article's colour."""
    base = code[1:] if code.startswith("A") and code[1:] in ARTICLE_COLORS else code
    return QColor(ARTICLE_COLORS.get(base, "#777777"))


def write(painter: QPainter, rect: QRectF, text: str, px: int) -> None:
    """`text` centred in `rect` in the tag font at `px`."""
    painter.setFont(tag_font(px))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def draw_article(painter: QPainter, rect: QRectF, code: str, *, lighting: bool = True,
                 px: int | None = None) -> None:
    """An article lying on the Ground (R5): a tag with its code, filled in the kind's colour; an
    Anti-article (AFL, AST, ACS, ARL, ASL, ATL, ASH) is outlined in that colour on white.
    `px`: the code's font size (None: as large as the tag allows)."""
    if rect.width() < 3:
        return
    anti = code.startswith("A") and code[1:] in ARTICLE_COLORS
    col = article_color(code)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    radius = min(rect.width(), rect.height()) * 0.22
    pen_w = max(1.0, rect.height() * (0.12 if anti else 0.06))
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
    most = px if px is not None else int(rect.height() * 0.75)
    painter.setPen(QColor("#111111") if anti else ink_for(col))
    write(painter, inner, code, fit_px(code, inner.width(), inner.height() + 2, most))
    painter.restore()


def reserve_code(type_code: str | None, hand: str | None) -> str:
    """What a reserve tag writes under its `R`: the type and hand, `?` when hidden."""
    return (type_code or "?") + {"left": "<", "right": ">"}.get(hand or "", "")


def draw_reserve_tag(painter: QPainter, rect: QRectF, color: str, type_code: str | None = None,
                     *, armed: bool = False, hand: str | None = None,
                     palette: Palette = DEFAULT_PALETTE, px: int | None = None) -> None:
    """A reserve waiting on its activation square (R8.4): an upright tag in its own column of
    the Ground band (`layout.reserve_rect`, so it never covers a piece), "R" over the reserve's
    type ("?" when this side may not know it), in the side's Ground colour, dashed while not
    armed, framed red once armed. A tag too narrow for the code keeps only its "R"."""
    fill = QColor(palette.ground[color])
    fill.setAlpha(235 if armed else 185)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    pen = QPen(QColor("#c8102e") if armed else ink_for(palette.ground[color]),
               1.0 if armed is False else 1.6)
    if not armed:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), 2, 2)
    code = reserve_code(type_code, hand)
    painter.setPen(ink_for(palette.ground[color]))
    half = rect.height() * 0.46
    most = px if px is not None else int(min(half * 0.95, rect.width() * 0.8))
    code_px = fit_px(code, rect.width(), rect.height() - half + 2, most)
    if code_px < min(most, 9):
        # no room for the code at a readable size: the R alone, in the middle
        write(painter, rect, "R", fit_px("R", rect.width(), rect.height(), most))
    else:
        write(painter, QRectF(rect.left(), rect.top() + 1, rect.width(), half), "R", code_px)
        write(painter, QRectF(rect.left(), rect.top() + half, rect.width(),
                              rect.height() - half - 1), code, code_px)
    painter.restore()
