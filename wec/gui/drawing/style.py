"""The board's colours and fonts, shared by every drawing module.

Colours (RULES.md R1.3, the manual's GUI chapter): Ground pieces in the colour of their side, Air
pieces blue (dark blue Black, lighter blue White), Sub pieces green (dark green Black, light green
White). `Palette` holds every colour; `DEFAULT_PALETTE` is the standard one and the colours dialog
edits a copy.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from PySide6.QtGui import QColor, QFont, QFontMetricsF


@dataclass
class Palette:
    """Every colour the board uses; names in the game's own words."""

    light_square: QColor = field(default_factory=lambda: QColor("#e4d8bd"))
    dark_square: QColor = field(default_factory=lambda: QColor("#b49d7a"))
    ground: dict[str, QColor] = field(default_factory=lambda: {
        "black": QColor("#26262b"), "white": QColor("#f7f3e8")})
    air: dict[str, QColor] = field(default_factory=lambda: {
        "black": QColor("#1d3a94"), "white": QColor("#8fc0ff")})
    sub: dict[str, QColor] = field(default_factory=lambda: {
        "black": QColor("#0f6336"), "white": QColor("#8fe0a6")})
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
def _font(pixel_size: int, bold: bool, family: str) -> QFont:
    f = QFont(family)
    f.setPixelSize(max(5, pixel_size))
    f.setBold(bold)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f


def label_font(pixel_size: int, bold: bool = True) -> QFont:
    """The board's font at a pixel size (cached)."""
    return _font(int(pixel_size), bold, "DejaVu Sans")


def tag_font(pixel_size: int) -> QFont:
    """The font of article and reserve tags: bold and condensed, so a three-letter code fits a
    narrow tag at a readable size."""
    return _font(int(pixel_size), True, "DejaVu Sans Condensed")


@lru_cache(maxsize=256)
def text_width(text: str, pixel_size: int) -> float:
    """How wide `text` is in the tag font at `pixel_size`."""
    return QFontMetricsF(tag_font(pixel_size)).horizontalAdvance(text)


TAG_ADVANCE = 0.70
"""The widest capital's advance in the tag font per pixel size (DejaVu Sans Condensed Bold's
X is 0.69): the layout sizes tag columns by it without asking a font (no QGuiApplication)."""

CAP_SHARE = 0.73
"""Height of a capital letter per font pixel size (DejaVu): what a code needs of a tag's height."""


def fit_px(text: str, width: float, height: float, most: int, least: int = 6) -> int:
    """The largest tag font size <= `most` at which `text` fits `width` x `height` (capitals
    with a pixel of margin); `least` if none does."""
    px = int(most)
    while px > least and (text_width(text, px) > width - 1 or px * CAP_SHARE > height - 2):
        px -= 1
    return max(least, px)
