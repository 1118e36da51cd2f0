"""The editor's board: paints a position dict (legal or not) with `wec.gui.drawing.glyphs` and turns the
mouse into edits' raw input.

A click on a square reports the square, the level band under the cursor and the thing hit
(`squareClicked`); a press on a thing followed by a drag reports where it was dropped
(`itemDropped`, or `itemDroppedOff` outside the board); a piece or an article dragged from the
palette and dropped on a square is reported as `toolDropped`. While something is dragged over
the board, the level band (for a piece) or the square it would land on is framed. Squares with
problems get a red frame, the selected square a blue one. The squares sit where the play
window's board puts them (`wec.gui.drawing.board_geometry`).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QColor, QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent,
                           QDropEvent, QMouseEvent, QPainter, QPaintEvent, QPen)
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from wec.gui.drawing import board_geometry, glyphs

from wec.gui.editor import model
from wec.gui.editor.layout import Item, square_items
from wec.gui.editor.model import Position, Square
from wec.gui.editor.palette import tool_of_mime

PROBLEM_COLOR = QColor(214, 28, 28)
DROP_COLOR = QColor(255, 170, 0)


class BoardCanvas(QWidget):
    """The 10x10 board of the edited position."""

    squareClicked = Signal(int, int, str, object, object)
    """row, col, level band under the cursor, the `Item` hit (or None), Qt.MouseButton."""
    itemDropped = Signal(object, int, int, str)
    """a dragged `Item` dropped on row, col, level band."""
    itemDroppedOff = Signal(object)
    """a dragged `Item` dropped outside the board (the window removes it)."""
    toolDropped = Signal(str, str, int, int, str, object)
    """a palette entry (kind "piece" or "article", code) dropped on row, col, level band, over
    the `Item` there (or None)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position: Position = model.empty_position()
        self.marked: set[Square] = set()
        self.selected: Square | None = None
        self.selected_item: tuple[str, int] | None = None
        self.flipped = False
        self.detailed = True
        self.palette_ = glyphs.DEFAULT_PALETTE.copy()
        self._press: tuple[QPointF, Item] | None = None
        self._drag: tuple[Item, QPointF] | None = None
        self._drop: tuple[str, tuple[int, int, str]] | None = None
        """While a palette entry is dragged over the board: its kind and where it would land."""
        self.setAcceptDrops(True)
        self.setMinimumSize(420, 420)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)

    def sizeHint(self) -> QSize:
        return QSize(760, 760)

    # --- state -----------------------------------------------------------------------------------

    def set_position(self, pos: Position) -> None:
        self.position = pos
        self.update()

    def set_marked(self, squares: set[Square]) -> None:
        self.marked = set(squares)
        self.update()

    def set_selected(self, square: Square | None, item: tuple[str, int] | None = None) -> None:
        self.selected = square
        self.selected_item = item
        self.update()

    def set_flipped(self, flipped: bool) -> None:
        self.flipped = flipped
        self.update()

    # --- geometry (the play board's: wec.gui.drawing.board_geometry) ------------------------------

    def board_rect(self) -> QRectF:
        return board_geometry.board_rect(self.width(), self.height())

    def square_rect(self, row: int, col: int) -> QRectF:
        return board_geometry.square_rect(self.board_rect(), row, col, self.flipped)

    def level_rect(self, row: int, col: int, level: str) -> QRectF:
        """The band of a level inside a square."""
        return glyphs.square_layout(self.square_rect(row, col))[level]

    def point_of(self, row: int, col: int, level: str = "G") -> QPointF:
        """A point in the middle of a level's band (for tests and drags)."""
        band = self.level_rect(row, col, level)
        return QPointF(band.center().x() + band.width() * 0.2, band.center().y())

    def square_at(self, pos: QPointF) -> tuple[int, int, str] | None:
        """(row, col, level band) under a point, or None off the board."""
        return board_geometry.square_at(self.board_rect(), pos, self.flipped)

    def item_at(self, pos: QPointF) -> Item | None:
        """The topmost thing drawn under a point."""
        where = self.square_at(pos)
        if where is None:
            return None
        row, col, _ = where
        for item in reversed(square_items(self.position, (row, col), self.square_rect(row, col))):
            if item.rect.contains(pos):
                return item
        return None

    # --- painting --------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillRect(self.rect(), QColor("#efe9dc"))
        self.render_board(painter)
        painter.end()

    def render_board(self, painter: QPainter) -> None:
        pal = self.palette_
        b = self.board_rect()
        s = b.width() / 10
        for row in range(1, 11):
            for col in range(1, 11):
                glyphs.draw_square_background(painter, self.square_rect(row, col),
                                              glyphs.square_is_dark(row, col), palette=pal)
        painter.setPen(QPen(pal.frame, 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(b)
        self._paint_coordinates(painter, b, s)
        pos = self.position
        dragged = self._drag[0] if self._drag else None
        for square in model.occupied_squares(pos):
            for item in square_items(pos, square, self.square_rect(*square)):
                if dragged is not None and (item.kind, item.index) == (dragged.kind, dragged.index):
                    painter.setOpacity(0.3)
                self.paint_item(painter, item)
                painter.setOpacity(1.0)
        if self.selected is not None:
            inset = s * 0.07
            glyphs.draw_highlight(painter, self.square_rect(*self.selected).adjusted(
                inset, inset, -inset, -inset), QColor(20, 110, 230, 200), outline=True)
        for square in self.marked:
            glyphs.draw_highlight(painter, self.square_rect(*square), PROBLEM_COLOR, outline=True)
        if self.selected is not None:
            if self.selected_item is not None:
                for item in square_items(pos, self.selected, self.square_rect(*self.selected)):
                    if (item.kind, item.index) == self.selected_item:
                        painter.save()
                        painter.setPen(QPen(QColor(20, 110, 230), 2, Qt.PenStyle.DashLine))
                        painter.setBrush(Qt.BrushStyle.NoBrush)
                        painter.drawRoundedRect(item.rect, 3, 3)
                        painter.restore()
        self._paint_drop_target(painter)
        if self._drag is not None:
            item, at = self._drag
            r = QRectF(item.rect)
            r.moveCenter(at)
            painter.setOpacity(0.85)
            self.paint_item(painter, Item(item.kind, item.index, r))
            painter.setOpacity(1.0)

    def paint_item(self, painter: QPainter, item: Item) -> None:
        pos = self.position
        if item.kind == "piece":
            p = pos["pieces"][item.index]
            cools: list[int] = [n for n in list((p.get("cooldowns") or {}).values())
                     + list(p.get("article_cooldowns") or []) if isinstance(n, int)]
            glyphs.draw_piece(painter, item.rect, p["type"], p["color"], p["level"], p.get("hand"),
                              detailed=self.detailed, stun=int(p.get("stun") or 0),
                              cooldown=max(cools, default=0) or None,
                              n_articles=len(p.get("articles") or []), palette=self.palette_)
        elif item.kind == "article":
            glyphs.draw_article(painter, item.rect, pos["articles"][item.index]["type"],
                                px=self._tag_px())
        elif item.kind == "reserve":
            r = pos["reserves"][item.index]  # the tag the game board draws (glyphs.reserve_rect)
            glyphs.draw_reserve_tag(painter, item.rect, r["color"], r["type"],
                                    armed=bool(r.get("armed")), hand=r.get("hand"),
                                    palette=self.palette_, px=self._tag_px())
        elif item.kind == "projectile":
            pr = pos["projectiles"][item.index]
            direction = pr.get("direction")
            glyphs.draw_projectile(painter, item.rect, pr["type"],
                                   tuple(direction) if direction else None, flipped=self.flipped,
                                   homing=pr.get("target") is not None)

    def _tag_px(self) -> int:
        """The tags' font size: the game board's at this square size."""
        return glyphs.tag_px(self.board_rect().height() / 10)

    def drop_target(self) -> tuple[str, tuple[int, int, str]] | None:
        """What is being dragged over the board ("piece" or another kind) and the square and
        level band under the cursor, or None."""
        if self._drag is not None:
            item, at = self._drag
            where = self.square_at(at)
            return (item.kind, where) if where is not None else None
        return self._drop

    def _paint_drop_target(self, painter: QPainter) -> None:
        """Frame where a drop would land: the level band for a piece (its level comes from
        the band), the square for anything else."""
        target = self.drop_target()
        if target is None:
            return
        kind, (row, col, level) = target
        rect = self.level_rect(row, col, level) if kind == "piece" else \
            self.square_rect(row, col)
        glyphs.draw_highlight(painter, rect, DROP_COLOR, outline=True)

    def _paint_coordinates(self, painter: QPainter, b: QRectF, s: float) -> None:
        glyphs.draw_coordinates(painter, b, s, self.square_rect, self.flipped,
                                self.palette_.coordinates)

    # --- mouse -----------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        where = self.square_at(pos)
        if event.button() == Qt.MouseButton.LeftButton:
            item = self.item_at(pos)
            self._press = (pos, item) if item is not None else None
            if item is None and where is not None:
                self.squareClicked.emit(*where, None, event.button())
        elif where is not None:
            self.squareClicked.emit(*where, self.item_at(pos), event.button())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        if self._press is not None and self._drag is None:
            start, item = self._press
            if (pos - start).manhattanLength() >= QApplication.startDragDistance():
                self._drag = (item, pos)
        if self._drag is not None:
            self._drag = (self._drag[0], pos)
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            return
        pos = event.position()
        _start, item = self._press
        drag = self._drag
        self._press = None
        self._drag = None
        self.update()
        where = self.square_at(pos)
        if drag is None:
            start_where = self.square_at(_start)
            if start_where is not None:
                self.squareClicked.emit(*start_where, item, event.button())
        elif where is None:
            self.itemDroppedOff.emit(item)
        else:
            self.itemDropped.emit(item, *where)

    # --- drops from the palette ------------------------------------------------------------------

    def _drop_over(self, event: QDropEvent) -> tuple[str, str, int, int, str] | None:
        """The palette entry dragged and the square and band under it, or None."""
        entry = tool_of_mime(event.mimeData())
        where = self.square_at(event.position())
        if entry is None or where is None:
            return None
        return (*entry, *where)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if tool_of_mime(event.mimeData()) is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.dragMoveEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        over = self._drop_over(event)
        self._drop = None if over is None else (over[0], (over[2], over[3], over[4]))
        if over is None:
            event.ignore()
        else:
            event.acceptProposedAction()
        self.update()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._drop = None
        self.update()

    def dropEvent(self, event: QDropEvent) -> None:
        over = self._drop_over(event)
        self._drop = None
        self.update()
        if over is None:
            event.ignore()
            return
        event.acceptProposedAction()
        kind, code, row, col, level = over
        self.toolDropped.emit(kind, code, row, col, level, self.item_at(event.position()))
