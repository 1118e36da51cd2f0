"""Where the 100 squares sit in a board widget: the one mapping of the play window's board and
the board editor's, so a square is drawn at the same place in both for the same side at the
bottom.

Row 1 is at the bottom and column 1 at the left unless the board is flipped (turned half a
turn: row 10 at the bottom, column 10 at the left). White's pieces start on the low rows (R1.5:
White's forward is towards row 10), so White at the bottom is the unflipped board and Black at
the bottom the flipped one. The coordinates sit in a margin left of and below the squares.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from wec.gui.drawing.glyphs import BAND_SHARE

Square3 = tuple[int, int, str]

MARGIN = 0.45
"""The coordinates' margin, as a share of a square's height."""
MAX_STRETCH = 1.6
"""A stretched board's squares are at most this many times as wide as tall."""


def flipped_for(bottom: str) -> bool:
    """Whether the board is flipped to have `bottom` ("white" or "black") at the bottom."""
    return bottom == "black"


def bottom_of(flipped: bool) -> str:
    """The side at the bottom of a board that is `flipped` or not."""
    return "black" if flipped else "white"


def board_rect(width: float, height: float, *, stretch: bool = False) -> QRectF:
    """The 10x10 squares in a widget of `width` x `height`: square squares, centred with the
    coordinates' margin, unless `stretch` lets them grow wider (up to MAX_STRETCH times as wide
    as tall) to fill the width. Squares lie on whole pixels."""
    # whole pixels: the squares' tiles meet without a seam
    sh = float(int(min(width, height) / (10 + MARGIN)))
    sw = sh
    if stretch:
        sw = float(int(min(sh * MAX_STRETCH, (width - sh * MARGIN) / 10)))
    margin = sh * MARGIN
    left = float(int((width - sw * 10 - margin) / 2 + margin))
    top = float(int((height - sh * (10 + MARGIN)) / 2))
    return QRectF(left, top, sw * 10, sh * 10)


def square_rect(board: QRectF, row: int, col: int, flipped: bool) -> QRectF:
    """The rectangle of square (row, col) on the squares `board`."""
    sw, sh = board.width() / 10, board.height() / 10
    x = (10 - col) if flipped else (col - 1)
    y = (row - 1) if flipped else (10 - row)
    return QRectF(board.left() + x * sw, board.top() + y * sh, sw, sh)


def square_at(board: QRectF, point: QPointF, flipped: bool) -> Square3 | None:
    """(row, col, level band) under `point`, or None off the squares."""
    if not board.contains(point):
        return None
    sw, sh = board.width() / 10, board.height() / 10
    x = min(9, int((point.x() - board.left()) / sw))
    y = min(9, int((point.y() - board.top()) / sh))
    col = 10 - x if flipped else x + 1
    row = y + 1 if flipped else 10 - y
    frac = (point.y() - board.top()) / sh - y
    level = "A" if frac < BAND_SHARE["A"] else (
        "G" if frac < BAND_SHARE["A"] + BAND_SHARE["G"] else "S")
    return row, col, level


def relative_place(board: QRectF, rect: QRectF) -> tuple[float, float]:
    """Where `rect`'s centre lies on the squares `board`, from 0 (left, top) to 1 (right,
    bottom): the same in two boards of any size that show the same orientation."""
    c = rect.center()
    return ((c.x() - board.left()) / board.width(), (c.y() - board.top()) / board.height())
