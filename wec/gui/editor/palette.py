"""The palette: the pointer, the eraser, every piece type and every article, and how the next
click places them (colour, level, hand, as a reserve, onto the Ground or to a piece).

The chosen tool stays until another is chosen, so one click after another stamps copies. A piece
or an article may also be dragged from the palette onto a square: it is placed there as a click
with that tool would place it (the same colour, level, hand and reserve choices), without
changing the chosen tool.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QIcon, QMouseEvent, QPainter, QPixmap
from PySide6.QtWidgets import (QApplication, QButtonGroup, QCheckBox, QComboBox, QFormLayout,
                               QGridLayout, QGroupBox, QHBoxLayout, QLabel, QRadioButton,
                               QToolButton, QVBoxLayout, QWidget)

from wec.gui.drawing import glyphs
from wec import rules

ICON = 42
LEVEL_CHOICES = (("band", "the band clicked"), ("G", "Ground"), ("A", "Air"), ("S", "Sub"))
HAND_CHOICES = (("column", "by column (R2.4)"), ("left", "left <"), ("right", "right >"))
NATURAL_LEVEL = {"JE": "A", "SU": "S"}
TOOL_MIME = "application/x-wec-editor-tool"
"""The drag-and-drop format of a palette entry: "piece:TA" or "article:FL"."""


@dataclass(frozen=True)
class Tool:
    """What a click on the board does."""

    kind: str
    """"pointer", "eraser", "piece", "reserve" or "article"."""
    code: str | None = None
    """The piece type or article code."""
    color: str = "white"
    level: str = "band"
    """"band" (the level band clicked) or "G", "A", "S"."""
    hand: str | None = None
    """None: by column (R2.4); else "left" or "right"."""
    to_piece: bool = False
    """Articles go to the piece clicked instead of onto the Ground."""


def tool_mime(kind: str, code: str) -> QMimeData:
    """The data a palette entry carries while it is dragged."""
    data = QMimeData()
    data.setData(TOOL_MIME, QByteArray(f"{kind}:{code}".encode("ascii")))
    return data


def tool_of_mime(data: QMimeData) -> tuple[str, str] | None:
    """(kind, code) of a dragged palette entry, or None for anything else."""
    if not data.hasFormat(TOOL_MIME):
        return None
    kind, _, code = bytes(data.data(TOOL_MIME).data()).decode("ascii", "replace").partition(":")
    return (kind, code) if kind in ("piece", "article") and code else None


class PaletteButton(QToolButton):
    """A tool button; a piece's or an article's may be dragged onto the board."""

    def __init__(self, kind: str, code: str | None) -> None:
        super().__init__()
        self.kind = kind
        self.code = code
        self._press: QPoint | None = None

    def draggable(self) -> bool:
        return self.kind in ("piece", "article") and self.code is not None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.draggable():
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        start = self._press
        if start is not None and (event.position().toPoint() - start).manhattanLength() \
                >= QApplication.startDragDistance():
            self._press = None
            self.setDown(False)  # a drag, not a click: the chosen tool stays
            self.start_drag()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._press = None
        super().mouseReleaseEvent(event)

    def start_drag(self) -> None:
        """Drag this entry (the board's drop places it)."""
        assert self.code is not None
        drag = QDrag(self)
        drag.setMimeData(tool_mime(self.kind, self.code))
        pix = self.icon().pixmap(QSize(ICON, ICON))
        drag.setPixmap(pix)
        drag.setHotSpot(QPoint(ICON // 2, ICON // 2))
        self.run_drag(drag)

    def run_drag(self, drag: QDrag) -> None:
        """Carry the drag until it is dropped (the platform's drag-and-drop loop; tests, whose
        offscreen platform has none, deliver the drop themselves)."""
        drag.exec(Qt.DropAction.CopyAction)


def piece_icon(code: str, color: str, level: str = "G") -> QIcon:
    pix = QPixmap(ICON, ICON)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    glyphs.draw_piece(p, QRectF(0, 0, ICON, ICON), code, color, level,
                      "right" if code in glyphs.HANDED else None, detailed=True)
    p.end()
    return QIcon(pix)


def article_icon(code: str) -> QIcon:
    pix = QPixmap(ICON, ICON)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    glyphs.draw_article(p, QRectF(1, ICON * 0.22, ICON - 2, ICON * 0.56), code)
    p.end()
    return QIcon(pix)


def tool_icon(kind: str) -> QIcon:
    pix = QPixmap(ICON, ICON)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setFont(glyphs.label_font(20))
    p.setPen(QColor("#222222") if kind == "pointer" else QColor("#b0201a"))
    p.drawText(QRectF(0, 0, ICON, ICON), Qt.AlignmentFlag.AlignCenter,
               "\u2196" if kind == "pointer" else "\u2716")
    p.end()
    return QIcon(pix)


class PaletteWidget(QWidget):
    """Every tool of the editor, one click to choose."""

    toolChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: dict[tuple[str, str | None], PaletteButton] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)

        top = QHBoxLayout()
        for kind, tip in (("pointer", "Pointer: select a square or a piece; drag to move, off "
                                      "the board to remove"),
                          ("eraser", "Eraser: remove what is clicked (right click does too)")):
            top.addWidget(self._button((kind, None), tool_icon(kind), kind.capitalize(), tip))
        top.addStretch(1)
        layout.addLayout(top)

        side = QGroupBox("Side")
        row = QHBoxLayout(side)
        self.white = QRadioButton("White")
        self.black = QRadioButton("Black")
        self.white.setChecked(True)
        row.addWidget(self.white)
        row.addWidget(self.black)
        layout.addWidget(side)
        self.white.toggled.connect(self._recolor)

        pieces = QGroupBox("Pieces")
        grid = QGridLayout(pieces)
        grid.setSpacing(2)
        for i, t in enumerate(rules.PIECE_TYPES):
            b = self._button(("piece", t.code), piece_icon(t.code, "white",
                                                           NATURAL_LEVEL.get(t.code, "G")),
                             t.code, f"{t.name} ({t.code}): click, then click squares; or "
                                     "drag it onto a square")
            grid.addWidget(b, i // 5, i % 5)
        layout.addWidget(pieces)

        how = QFormLayout()
        self.level = QComboBox()
        for key, text in LEVEL_CHOICES:
            self.level.addItem(text, key)
        self.level.setToolTip("Level of a placed piece: the band (Air, Ground, Sub) clicked in "
                              "the square, or always one level")
        self.hand = QComboBox()
        for key, text in HAND_CHOICES:
            self.hand.addItem(text, key)
        self.hand.setToolTip("Hand of a placed Tank, Cleric or Helicopter (R2.4)")
        how.addRow("Level", self.level)
        how.addRow("Hand", self.hand)
        layout.addLayout(how)
        self.reserve = QCheckBox("Place as a reserve (click its activation square)")
        self.reserve.setToolTip("R8.4: the piece waits off the board and enters on this square")
        layout.addWidget(self.reserve)

        arts = QGroupBox("Articles")
        grid = QGridLayout(arts)
        grid.setSpacing(2)
        for i, code in enumerate(rules.ARTICLES):
            grid.addWidget(self._button(("article", code), article_icon(code), code,
                                        f"Article {code}: click, then click squares; or drag "
                                        "it onto a square"), i // 5, i % 5)
        layout.addWidget(arts)
        self.to_piece = QCheckBox("Give articles to the piece clicked")
        self.to_piece.setToolTip("Otherwise an article is laid on the square's Ground (R3.3)")
        layout.addWidget(self.to_piece)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #555;")
        layout.addWidget(self.hint)
        layout.addStretch(1)

        self.buttons[("pointer", None)].setChecked(True)
        self.group.buttonToggled.connect(lambda *_: self._changed())
        for w in (self.level, self.hand):
            w.currentIndexChanged.connect(lambda *_: self._changed())
        for c in (self.reserve, self.to_piece):
            c.toggled.connect(lambda *_: self._changed())
        self._changed()

    def _button(self, key: tuple[str, str | None], icon: QIcon, text: str,
                tip: str) -> PaletteButton:
        b = PaletteButton(*key)
        b.setCheckable(True)
        b.setIcon(icon)
        b.setIconSize(QSize(ICON, ICON))
        b.setToolTip(tip)
        b.setText(text)
        b.setAccessibleName(text)
        b.setAutoRaise(True)
        self.group.addButton(b)
        self.buttons[key] = b
        return b

    def _recolor(self) -> None:
        color = self.color()
        for t in rules.PIECE_TYPES:
            self.buttons[("piece", t.code)].setIcon(
                piece_icon(t.code, color, NATURAL_LEVEL.get(t.code, "G")))
        self._changed()

    def _changed(self) -> None:
        t = self.tool()
        hints = {
            "pointer": "Click a square or a piece to edit it on the right; drag anything to "
                       "move it, off the board to remove it. Drag a piece or an article from "
                       "the palette onto a square to place it.",
            "eraser": "Click a thing to remove it.",
            "piece": f"Click squares to place {t.color} {t.code} pieces.",
            "reserve": f"Click activation squares to add {t.color} {t.code} reserves.",
            "article": f"Click squares to lay {t.code} on the Ground"
                       + (" (or give it to the piece clicked)." if t.to_piece else "."),
        }
        self.hint.setText(hints[t.kind] + " Right click removes.")
        self.toolChanged.emit()

    def color(self) -> str:
        return "white" if self.white.isChecked() else "black"

    def choose(self, kind: str, code: str | None = None) -> None:
        """Select a tool button (kind "pointer", "eraser", "piece", "article")."""
        self.buttons[(kind, code)].setChecked(True)

    def tool(self) -> Tool:
        """The chosen tool with the palette's choices."""
        key = next((k for k, b in self.buttons.items() if b.isChecked()), ("pointer", None))
        return self.tool_for(*key)

    def tool_for(self, kind: str, code: str | None) -> Tool:
        """The tool of a palette entry with the palette's choices (colour, level, hand, as a
        reserve, to a piece): what a click with it, or a drop of it, does."""
        if kind == "piece" and self.reserve.isChecked():
            kind = "reserve"
        hand = self.hand.currentData()
        return Tool(kind, code, self.color(), self.level.currentData(),
                    None if hand == "column" else hand, self.to_piece.isChecked())
