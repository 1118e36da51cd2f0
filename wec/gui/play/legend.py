"""The legend of the board (View > Legend, and the Help window): every mark the board draws,
drawn by the same primitives (wec/gui/drawing/glyphs.py) beside a line of words."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from wec.gui.drawing import glyphs

Draw = Callable[[QPainter, QRectF], None]
ICON_W, ICON_H = 104, 44


def _piece(code: str, color: str, level: str, *, hand: str | None = None, stun: int = 0,
           cooldown: int | None = None, n_articles: int = 0, discs: bool = False) -> Draw:
    def draw(p: QPainter, r: QRectF) -> None:
        glyphs.draw_piece(p, r.adjusted(22, 8, -22, -8), code, color, level, hand,
                          detailed=not discs, stun=stun, cooldown=cooldown,
                          n_articles=n_articles)
    return draw


def _set(codes: tuple[str, ...], color: str = "white", level: str = "G") -> Draw:
    """A row of silhouettes as large as on the board."""
    def draw(p: QPainter, r: QRectF) -> None:
        w = r.width() / len(codes)
        for i, code in enumerate(codes):
            slot = QRectF(r.left() + i * w, r.center().y() - 11, w, 22)
            glyphs.draw_piece(p, slot, code, color, level, None, detailed=True)
    return draw


def _square(p: QPainter, r: QRectF) -> None:
    sq = QRectF(r.center().x() - r.height() / 2, r.top(), r.height(), r.height())
    glyphs.draw_square_background(p, sq, False)
    p.setFont(glyphs.label_font(8))
    p.setPen(QColor("#222222"))
    lay = glyphs.square_layout(sq)
    for lvl, text in (("A", "Air"), ("G", "Ground"), ("S", "Sub")):
        p.drawText(lay[lvl], Qt.AlignmentFlag.AlignCenter, text)


def _article(code: str) -> Draw:
    return lambda p, r: glyphs.draw_article(p, QRectF(r.center().x() - 14, r.top() + 14, 28, 16),
                                            code, px=glyphs.MIN_TAG_PX)


def _reserve(code: str | None, armed: bool) -> Draw:
    return lambda p, r: glyphs.draw_reserve_tag(
        p, QRectF(r.center().x() - 14, r.top() + 8, 28, r.height() - 16), "white", code,
        armed=armed, px=glyphs.MIN_TAG_PX)


def _last_seen(p: QPainter, r: QRectF) -> None:
    glyphs.draw_last_seen(p, r.adjusted(18, 10, -18, -10), "TA", "black", "G")


def _projectile(p: QPainter, r: QRectF) -> None:
    glyphs.draw_projectile(p, QRectF(r.center().x() - 16, r.top() + 6, 32, 32), "RL", (0, 1))


def _fill(color: QColor, outline: bool = False) -> Draw:
    def draw(p: QPainter, r: QRectF) -> None:
        sq = QRectF(r.center().x() - r.height() / 2, r.top(), r.height(), r.height())
        glyphs.draw_square_background(p, sq, True, bands=False)
        glyphs.draw_highlight(p, sq, color, outline=outline)
    return draw


def _hatch(p: QPainter, r: QRectF) -> None:
    sq = QRectF(r.center().x() - r.height() / 2, r.top(), r.height(), r.height())
    glyphs.draw_square_background(p, sq, False, bands=False)
    glyphs.draw_possible_location(p, sq)


def _arrow(kind: str) -> Draw:
    return lambda p, r: glyphs.draw_action_arrow(
        p, QPointF(r.left() + 8, r.center().y()), QPointF(r.right() - 8, r.center().y()), kind,
        3.0)


ENTRIES: list[tuple[str, Draw, str]] = [
    ("Square", _square, "Every square has three bands, parted by dotted lines: Air on top "
                        "(sky), Ground in the middle, Sub below (sea). Up to two pieces share "
                        "a band; articles lie at the left of the Ground band."),
    ("Ground piece", _piece("TA", "black", "G", hand="left"),
     "A silhouette of its type in its side's colour (near-black Black, ivory White); "
     "hover it for its name."),
    ("", _piece("RP", "white", "G"), "A White Ground piece."),
    ("Air piece", _piece("JE", "black", "A"),
     "Blue (dark Black, light White), as large as a Ground piece, in the Air band."),
    ("Sub piece", _piece("SU", "white", "S"),
     "Green (dark Black, light White), as large as a Ground piece, in the Sub band."),
    ("Government", _set(glyphs.PRIMARY),
     "King (a cross), Dictator (a star), Avatar (a halo), President (a flag)."),
    ("", _set(glyphs.SECONDARY),
     "Queen (balls), Assassin (spikes), Acolyte (a halo), Prime Minister (square tips)."),
    ("Machines", _set(("TA", "DO", "CH", "CL")),
     "Tank, Dozer, Helicopter, Cleric (a mitre: a bishop)."),
    ("", _set(("JE", "SU", "DS", "AAA")),
     "Jet Fighter, Submarine, Destroyer, Anti-aircraft battery."),
    ("Pawns", _set(("FP", "RP", "SP", "CP")),
     "The head is the weapon: Flame (a flame), Rocket Launcher (a rocket), Stunner (a star), "
     "Conversion (a ring);"),
    ("", _set(("XP", "SHP", "SOP")), "XXX (an X), Stealth (a crescent), SAM-Torpedo (a diamond)."),
    ("Lettered discs", _piece("TA", "black", "G", hand="left", discs=True),
     "View > Lettered discs: every piece a disc with its type code (Air and Sub with a "
     "triangle, the notation's ^ and v)."),
    ("Hand", _piece("TA", "white", "G", hand="right"),
     "A small triangle on a Tank, Cleric or Chopper: its hand (left < or right >)."),
    ("Stun", _piece("CP", "black", "G", stun=2),
     "Yellow number: the piece is stunned for that many more turns (R7.3)."),
    ("Count-down", _piece("RP", "black", "G", cooldown=3),
     "Red number at a piece's top left: turns before its weapon may fire again (R7.2)."),
    ("Articles carried", _piece("SP", "white", "G", n_articles=2),
     "Pale number: how many articles the piece carries (hover for which)."),
    ("Article", _article("RL"), "An article lying on the Ground, at the left of the band: "
                                "any piece standing there may pick it up (R8.1)."),
    ("Anti-article", _article("ARL"), "Outlined: an Anti-article (protects its carrier)."),
    ("Reserve", _reserve("TA", False),
     "A reserve on its activation square (R8.4), at the right of the Ground band; dashed: "
     "not armed yet. Beside articles and pieces only its R shows: hover it for the rest."),
    ("Armed reserve", _reserve("JE", True), "Framed red: armed, it may enter (Reinforce)."),
    ("Enemy reserve", _reserve(None, False), "?: an enemy reserve whose type you do not know."),
    ("Last seen", _last_seen, "A hidden enemy where it was last seen (R10): its ghost in a "
                              "dashed frame, with an eye crossed out."),
    ("Possible", _hatch, "View > Show possible locations: where a hidden enemy could be now."),
    ("Projectile", _projectile, "A rocket (red), SAM (blue) or torpedo (green) in flight, "
                                "pointing its way (R7.7)."),
    ("Last Move", _arrow("move"), "Solid blue arrow: the last turn's Move."),
    ("Last Fire", _arrow("fire"), "Dashed red arrow ending in a ring: each Fire of the last turn."),
    ("Last turn", _fill(glyphs.DEFAULT_PALETTE.last_turn), "Orange: squares the last turn touched."),
    ("Destination", _fill(glyphs.DEFAULT_PALETTE.highlight),
     "Yellow: where the selected piece may go (also while dragging)."),
    ("Target", _fill(QColor(255, 200, 0), outline=True),
     "Yellow frame: a homing or exchange target."),
    ("Selected", _fill(glyphs.DEFAULT_PALETTE.selected, outline=True), "Blue frame: the selected piece."),
]


def icon(draw: Draw) -> QPixmap:
    pix = QPixmap(ICON_W, ICON_H)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    draw(p, QRectF(0, 0, ICON_W, ICON_H))
    p.end()
    return pix


class LegendWidget(QWidget):
    """Every mark of the board with its meaning (scrolls when short of room)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legend")
        inner = QWidget()
        grid = QGridLayout(inner)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        self.rows: list[tuple[str, str]] = []
        for i, (name, draw, text) in enumerate(ENTRIES):
            pic = QLabel()
            pic.setPixmap(icon(draw))
            title = QLabel(f"<b>{name}</b>")
            words = QLabel(text)
            words.setWordWrap(True)
            grid.addWidget(pic, i, 0)
            grid.addWidget(title, i, 1)
            grid.addWidget(words, i, 2)
            self.rows.append((name, text))
        grid.setColumnStretch(2, 1)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(scroll)
        self.resize(620, 640)
