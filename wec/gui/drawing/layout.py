"""Where things sit in a square: one layout for the game board, the editor and the legend.

A square is three horizontal bands, top to bottom Air, Ground, Sub (`square_layout`). Every
piece is drawn at one height at every level (`piece_height`: an Air or Sub piece is as large as
a Ground one); up to two pieces share a band side by side (`slot_rects`, R3.1). The Ground band
is a little taller: articles lying there (R3.3) take a column at its left (`article_rects`, two
tags one above the other), a reserve waiting on its activation square a column at its right
(`reserve_rect`), and the Ground pieces what is left between them (`piece_area`).

Tags are written at `tag_px` (at least `MIN_TAG_PX` once a square is as large as at the default
window, 1280 x 860), and their columns are as wide as the widest code at that size, so a code is
never cut off.
"""
from __future__ import annotations

from PySide6.QtCore import QRectF

from wec.gui.drawing.style import TAG_ADVANCE

LEVELS = ("A", "G", "S")
"""Band order inside a square, top to bottom."""

BAND_SHARE = {"A": 0.32, "G": 0.36, "S": 0.32}
"""Share of the square's height given to each level's band."""

MIN_TAG_PX = 11
"""The smallest tag font (pixels) on a board of the default size or larger."""

DEFAULT_SQUARE = 66
"""Squares at least this tall (the default window gives 71 px) write tags at MIN_TAG_PX or more."""

WIDEST_CODE = "XXX"
"""The widest article or reserve code (every code has at most three letters, `CL<` included)."""


def square_layout(rect: QRectF) -> dict[str, QRectF]:
    """The band of each level ("A", "G", "S") inside a square's rectangle."""
    out = {}
    y = rect.top()
    for lvl in LEVELS:
        h = rect.height() * BAND_SHARE[lvl]
        out[lvl] = QRectF(rect.left(), y, rect.width(), h)
        y += h
    return out


def square_height(band: QRectF, level: str = "G") -> float:
    """The height of the square a level's band belongs to."""
    return band.height() / BAND_SHARE[level]


def tag_px(square_h: float) -> int:
    """The tag font size for squares `square_h` pixels tall: 16 % of the square, at least
    MIN_TAG_PX on squares of the default size, smaller only on a smaller board."""
    px = round(square_h * 0.16)
    if square_h >= DEFAULT_SQUARE:
        return max(MIN_TAG_PX, px)
    return max(6, px)


def piece_height(square_h: float) -> float:
    """The height of a piece's slot at every level."""
    return square_h * BAND_SHARE["A"] * 0.98


def tag_column(band: QRectF) -> float:
    """The width of the article (or reserve) column of a Ground band: the widest code at the
    tag size with a margin, at most 42 % of the band."""
    px = tag_px(square_height(band))
    return min(band.width() * 0.42, (len(WIDEST_CODE) * TAG_ADVANCE + 0.5) * px)


def narrow_reserve_column(band: QRectF) -> float:
    """A reserve column squeezed to its `R` (a crowded square: the code goes to the tool tip)."""
    px = tag_px(square_height(band))
    return min(band.width() * 0.2, (TAG_ADVANCE + 0.45) * px)


def article_rects(ground_band: QRectF, count: int) -> list[QRectF]:
    """Where the `count` (<= 2) articles lying on the Ground are drawn: a column at the left,
    one tag in its middle or two one above the other."""
    if count <= 0:
        return []
    w = tag_column(ground_band)
    left = ground_band.left() + 1
    if count == 1:
        h = min(ground_band.height() - 2, tag_px(square_height(ground_band)) * 1.5)
        top = ground_band.center().y() - h / 2
        return [QRectF(left, top, w - 1, h)]
    h = (ground_band.height() - 3) / 2
    return [QRectF(left, ground_band.top() + 1 + i * (h + 1), w - 1, h) for i in range(2)]


def crowded(n_articles: int, reserve: bool, n_pieces: int) -> bool:
    """A Ground band with articles, a reserve and pieces: the reserve tag keeps only its `R`."""
    return bool(n_articles and reserve and n_pieces)


def reserve_rect(ground_band: QRectF, *, narrow: bool = False) -> QRectF:
    """Where a reserve tag is drawn: a column at the right of the Ground band (`narrow`: only
    wide enough for its `R`)."""
    w = narrow_reserve_column(ground_band) if narrow else tag_column(ground_band)
    return QRectF(ground_band.right() - w, ground_band.top() + 1, w - 1, ground_band.height() - 2)


def piece_area(band: QRectF, level: str, n_articles: int, *, reserve: bool = False,
               n_pieces: int = 0) -> QRectF:
    """The part of a level's band left for pieces, as tall as a piece at every level: the
    Ground band gives its left to articles and, with `reserve`, its right to a reserve tag
    (narrow when `crowded`), so nothing overlaps."""
    area = QRectF(band)
    if level == "G" and n_articles:
        area.setLeft(band.left() + tag_column(band))
    if level == "G" and reserve:
        narrow = crowded(n_articles, reserve, n_pieces)
        area.setRight(band.right() - (narrow_reserve_column(band) if narrow
                                      else tag_column(band)))
    h = min(area.height(), piece_height(square_height(band, level)))
    return QRectF(area.left(), band.center().y() - h / 2, area.width(), h)


def slot_rects(area: QRectF, count: int) -> list[QRectF]:
    """Rectangles for `count` (<= 2) pieces sharing one level, side by side (R3.1)."""
    count = max(1, min(count, 2))
    w = area.width() / count
    pad = min(area.height(), w) * 0.03
    return [QRectF(area.left() + i * w + pad, area.top() + pad, w - 2 * pad, area.height() - 2 * pad)
            for i in range(count)]


def projectile_rect(band: QRectF, k: int = 0) -> QRectF:
    """The k-th projectile in flight at a level: a box as tall as the band at its right."""
    side = band.height()
    return QRectF(band.right() - side * (1.05 + k), band.top(), side, side)
