"""Where each thing of a square is drawn, for painting and for finding what is under the mouse.

Built on `wec.gui.drawing.glyphs`' square layout (Air, Ground, Sub bands; articles in a column at the left
of the Ground band; two slots per level). An illegal position may hold more than two pieces on a
level or more than two articles on a square: those get narrower slots, so everything stays
visible and clickable.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF

from wec.gui.drawing import glyphs

from wec.gui.editor import model
from wec.gui.editor.model import Position, Square


@dataclass(frozen=True)
class Item:
    """One drawn thing: `kind` is "piece", "article", "reserve" or "projectile", `index` its
    entry in that list of the position."""

    kind: str
    index: int
    rect: QRectF


KEY = {"piece": "pieces", "article": "articles", "reserve": "reserves",
       "projectile": "projectiles"}


def slots(area: QRectF, count: int) -> list[QRectF]:
    """`count` side-by-side rectangles (glyphs.slot_rects for up to 2)."""
    if count <= 2:
        return glyphs.slot_rects(area, count)
    w = area.width() / count
    return [QRectF(area.left() + i * w + 1, area.top() + 1, w - 2, area.height() - 2)
            for i in range(count)]


def article_slots(ground: QRectF, count: int) -> list[QRectF]:
    if count <= 2:
        return glyphs.article_rects(ground, count)
    w = ground.width() * 0.30
    h = ground.height() / count
    return [QRectF(ground.left() + 1, ground.top() + i * h + 0.5, w - 2, h - 1)
            for i in range(count)]


def reserve_tag(ground: QRectF, k: int, narrow: bool = False) -> QRectF:
    """The tag of the k-th reserve of a square: the game board's column at the right of the
    Ground band (glyphs.reserve_rect, `narrow` as the board squeezes it beside articles and
    pieces); an extra one of an illegal position beside it, leftwards."""
    tag = glyphs.reserve_rect(ground, narrow=narrow)
    return tag.translated(-k * (tag.width() + 1), 0)


def projectile_box(band: QRectF, k: int) -> QRectF:
    return glyphs.projectile_rect(band, k)


def square_items(pos: Position, square: Square, rect: QRectF) -> list[Item]:
    """Everything drawn in one square, in painting order (the last is on top)."""
    lay = glyphs.square_layout(rect)
    out: list[Item] = []
    arts = model.articles_at(pos, square)
    reserves = model.reserves_at(pos, square)
    narrow = glyphs.crowded(len(arts), bool(reserves), len(model.pieces_at(pos, square, "G")))
    for level in ("A", "G", "S"):
        idx = model.pieces_at(pos, square, level)
        area = glyphs.piece_area(lay[level], level, len(arts), reserve=bool(reserves),
                                 n_pieces=len(idx))
        out += [Item("piece", i, r) for i, r in zip(idx, slots(area, len(idx)))]
    out += [Item("article", i, r) for i, r in zip(arts, article_slots(lay["G"], len(arts)))]
    for k, i in enumerate(reserves):
        out.append(Item("reserve", i, reserve_tag(lay["G"], k, narrow)))
    per_level: dict[str, int] = {}
    for i in model.projectiles_at(pos, square):
        level = pos["projectiles"][i].get("level", "G")
        k = per_level.get(level, 0)
        per_level[level] = k + 1
        out.append(Item("projectile", i, projectile_box(lay.get(level, lay["G"]), k)))
    return out
