"""A silhouette per piece type, as a chess set has: drawn by QPainter paths in the unit square
(0..1, y down), so the game board, the editor, the level panels and the legend draw the same
pieces at any size.

Families read apart at a glance, and members of a family by their top:

- primary government pieces (K, DI, AV, PR): a king's body crowned by a cross (King), a star
  (Dictator), a halo (Avatar) or a flag (President);
- secondary ones (Q, AS, AC, PM): a queen's coronet tipped with balls (Queen), spikes
  (Assassin), a halo (Acolyte) or square tips (Prime Minister);
- pawns: a pawn's body whose head is the weapon: a flame (FP), a rocket (RP), a star (SP, the
  stunner), a ring (CP, conversion), an X (XP), a crescent (SHP, stealth), a diamond (SOP);
- the machines drawn as they look from the side: Tank, Dozer, Helicopter, Submarine, Destroyer,
  Anti-aircraft battery; the Jet Fighter from above; the Cleric a mitre (a bishop).
"""
from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF, QTransform

PRIMARY = ("K", "DI", "AV", "PR")
SECONDARY = ("Q", "AS", "AC", "PM")
PAWNS = ("FP", "RP", "SP", "CP", "XP", "SHP", "SOP")
HANDED = ("TA", "CL", "CH")
MACHINES = ("TA", "CL", "CH", "JE", "SU", "DS", "AAA", "DO")
ALL_TYPES = PRIMARY + SECONDARY + MACHINES + PAWNS


def poly(points: list[tuple[float, float]]) -> QPainterPath:
    """A closed polygon path."""
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    path.closeSubpath()
    return path


def _rect(x: float, y: float, w: float, h: float, r: float = 0.0) -> QPainterPath:
    p = QPainterPath()
    if r:
        p.addRoundedRect(QRectF(x, y, w, h), r, r)
    else:
        p.addRect(QRectF(x, y, w, h))
    return p


def _ellipse(cx: float, cy: float, rx: float, ry: float | None = None) -> QPainterPath:
    p = QPainterPath()
    p.addEllipse(QPointF(cx, cy), rx, rx if ry is None else ry)
    return p


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> QPainterPath:
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / points
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return poly(pts)


def _ring(cx: float, cy: float, r: float, width: float) -> QPainterPath:
    outer = _ellipse(cx, cy, r)
    return outer.subtracted(_ellipse(cx, cy, r - width))


def _union(*paths: QPainterPath) -> QPainterPath:
    out = QPainterPath()
    out.setFillRule(Qt.FillRule.WindingFill)
    for p in paths:
        out = out.united(p)
    return out


# --- chess-like bodies ---------------------------------------------------------------------------

def _base() -> QPainterPath:
    return _rect(0.17, 0.82, 0.66, 0.13, 0.04)


def _king_body() -> QPainterPath:
    body = poly([(0.24, 0.84), (0.76, 0.84), (0.66, 0.47), (0.34, 0.47)])
    band = _rect(0.28, 0.42, 0.44, 0.09, 0.03)
    dome = _ellipse(0.5, 0.42, 0.17, 0.1)
    return _union(_base(), body, band, dome)


def _primary_top(code: str) -> QPainterPath:
    if code == "DI":  # a star: the dictator's general
        return _star(0.5, 0.2, 0.17)
    if code == "AV":  # a halo over a head
        return _union(_ring(0.5, 0.16, 0.13, 0.05), _rect(0.46, 0.26, 0.08, 0.08))
    if code == "PR":  # a flag on its pole
        return _union(_rect(0.47, 0.04, 0.06, 0.3), poly([(0.53, 0.05), (0.8, 0.12), (0.53, 0.2)]))
    return _union(_rect(0.455, 0.04, 0.09, 0.3), _rect(0.37, 0.11, 0.26, 0.08))  # a cross


def _coronet(code: str) -> QPainterPath:
    tips = [(0.12, 0.26), (0.31, 0.17), (0.5, 0.1), (0.69, 0.17), (0.88, 0.26)]
    valleys = [(0.3, 0.48), (0.41, 0.42), (0.59, 0.42), (0.7, 0.48)]
    pts = [(0.24, 0.84)]
    for i, t in enumerate(tips):
        pts.append(t)
        if i < len(valleys):
            pts.append(valleys[i])
    pts.append((0.76, 0.84))
    crown = poly(pts)
    parts = [_base(), crown]
    if code == "Q":  # balls on the tips
        parts += [_ellipse(x, y, 0.06) for x, y in tips]
    elif code == "AS":  # longer spikes
        parts += [poly([(x - 0.04, y + 0.06), (x, y - 0.1), (x + 0.04, y + 0.06)]) for x, y in tips]
    elif code == "AC":  # a halo over the middle tip
        parts.append(_ring(0.5, 0.08, 0.1, 0.04))
    else:  # PM: square tips
        parts += [_rect(x - 0.05, y - 0.05, 0.1, 0.1) for x, y in tips]
    return _union(*parts)


def _cleric() -> QPainterPath:
    mitre = QPainterPath()
    mitre.moveTo(0.3, 0.66)
    mitre.cubicTo(0.22, 0.45, 0.38, 0.25, 0.5, 0.12)
    mitre.cubicTo(0.62, 0.25, 0.78, 0.45, 0.7, 0.66)
    mitre.closeSubpath()
    body = poly([(0.28, 0.84), (0.72, 0.84), (0.6, 0.64), (0.4, 0.64)])
    collar = _rect(0.3, 0.62, 0.4, 0.07, 0.03)
    top = _ellipse(0.5, 0.09, 0.055)
    shape = _union(_base(), body, collar, mitre, top)
    slit = poly([(0.44, 0.46), (0.6, 0.26), (0.65, 0.3), (0.49, 0.5)])  # the bishop's cut
    return shape.subtracted(slit)


def _pawn(code: str) -> QPainterPath:
    body = poly([(0.3, 0.84), (0.7, 0.84), (0.59, 0.56), (0.41, 0.56)])
    collar = _rect(0.31, 0.52, 0.38, 0.07, 0.03)
    parts = [_base(), body, collar]
    if code == "FP":  # a flame
        flame = QPainterPath()
        flame.moveTo(0.5, 0.54)
        flame.cubicTo(0.3, 0.52, 0.26, 0.34, 0.4, 0.22)
        flame.cubicTo(0.42, 0.3, 0.46, 0.3, 0.47, 0.26)
        flame.cubicTo(0.44, 0.16, 0.5, 0.08, 0.56, 0.04)
        flame.cubicTo(0.56, 0.16, 0.74, 0.24, 0.72, 0.38)
        flame.cubicTo(0.72, 0.48, 0.62, 0.54, 0.5, 0.54)
        flame.closeSubpath()
        parts.append(flame)
    elif code == "RP":  # a rocket, nose up, with fins
        parts.append(poly([(0.5, 0.04), (0.6, 0.2), (0.6, 0.42), (0.7, 0.54), (0.3, 0.54),
                           (0.4, 0.42), (0.4, 0.2)]))
    elif code == "SP":  # a star
        parts.append(_star(0.5, 0.31, 0.24, inner=0.42))
    elif code == "CP":  # a ring
        parts.append(_ring(0.5, 0.32, 0.19, 0.08))
        parts.append(_rect(0.46, 0.49, 0.08, 0.05))
    elif code == "XP":  # an X
        arm = _rect(-0.06, -0.24, 0.12, 0.48)
        for angle in (45, -45):
            t = QTransform()
            t.translate(0.5, 0.31)
            t.rotate(angle)
            parts.append(t.map(arm))
    elif code == "SHP":  # a crescent
        parts.append(_ellipse(0.5, 0.32, 0.2).subtracted(_ellipse(0.6, 0.26, 0.17)))
        parts.append(_rect(0.42, 0.48, 0.16, 0.06))
    elif code == "SOP":  # a diamond
        parts.append(poly([(0.5, 0.08), (0.7, 0.32), (0.5, 0.56), (0.3, 0.32)]))
    else:  # any other pawn: a ball
        parts.append(_ellipse(0.5, 0.34, 0.16))
    return _union(*parts)


# --- machines ------------------------------------------------------------------------------------

def _tracks(x: float, w: float) -> QPainterPath:
    tracks = _rect(x, 0.64, w, 0.26, 0.13)
    n = max(2, int(w / 0.2))
    for i in range(n):
        cx = x + 0.13 + i * (w - 0.26) / (n - 1)
        tracks = tracks.subtracted(_ellipse(cx, 0.77, 0.055))
    return tracks


def _tank() -> QPainterPath:
    hull = poly([(0.1, 0.66), (0.9, 0.66), (0.84, 0.52), (0.16, 0.52)])
    turret = _rect(0.3, 0.34, 0.36, 0.2, 0.08)
    barrel = _rect(0.6, 0.39, 0.37, 0.07)
    return _union(_tracks(0.06, 0.88), hull, turret, barrel)


def _dozer() -> QPainterPath:
    cab = _rect(0.46, 0.28, 0.34, 0.3, 0.04).subtracted(_rect(0.53, 0.34, 0.2, 0.13))
    engine = _rect(0.3, 0.44, 0.58, 0.2, 0.03)
    blade = QPainterPath()
    blade.moveTo(0.04, 0.34)
    blade.quadTo(0.17, 0.6, 0.06, 0.92)
    blade.lineTo(0.18, 0.92)
    blade.quadTo(0.26, 0.6, 0.16, 0.34)
    blade.closeSubpath()
    arm = _rect(0.15, 0.6, 0.2, 0.07)
    return _union(_tracks(0.3, 0.64), cab, engine, blade, arm)


def _helicopter() -> QPainterPath:
    cabin = _ellipse(0.37, 0.56, 0.25, 0.17)
    window = _ellipse(0.24, 0.52, 0.08, 0.07)
    boom = poly([(0.55, 0.5), (0.92, 0.52), (0.92, 0.58), (0.55, 0.64)])
    fin = _rect(0.86, 0.36, 0.07, 0.26, 0.02)
    mast = _rect(0.34, 0.3, 0.06, 0.12)
    rotor = _rect(0.02, 0.25, 0.8, 0.06, 0.03)
    skids = _rect(0.14, 0.86, 0.48, 0.05, 0.02)
    struts = _union(_rect(0.24, 0.7, 0.05, 0.17), _rect(0.46, 0.7, 0.05, 0.17))
    return _union(cabin, boom, fin, mast, rotor, skids, struts).subtracted(window)


def _jet() -> QPainterPath:
    return poly([(0.5, 0.04), (0.58, 0.3), (0.58, 0.44), (0.95, 0.7), (0.95, 0.78), (0.58, 0.66),
                 (0.57, 0.82), (0.7, 0.93), (0.3, 0.93), (0.43, 0.82), (0.42, 0.66), (0.05, 0.78),
                 (0.05, 0.7), (0.42, 0.44), (0.42, 0.3)])


def _submarine() -> QPainterPath:
    hull = _ellipse(0.5, 0.66, 0.47, 0.17)
    tower = _rect(0.38, 0.36, 0.22, 0.26, 0.05)
    scope = _union(_rect(0.5, 0.18, 0.04, 0.2), _rect(0.5, 0.18, 0.1, 0.04))
    prop = poly([(0.02, 0.52), (0.1, 0.58), (0.1, 0.74), (0.02, 0.8)])
    return _union(hull, tower, scope, prop)


def _destroyer() -> QPainterPath:
    hull = poly([(0.02, 0.6), (0.98, 0.6), (0.86, 0.84), (0.14, 0.84)])
    bridge = _rect(0.4, 0.4, 0.28, 0.22, 0.02)
    funnel = poly([(0.7, 0.46), (0.82, 0.46), (0.8, 0.62), (0.7, 0.62)])
    mast = _union(_rect(0.52, 0.14, 0.04, 0.28), _rect(0.44, 0.2, 0.2, 0.04))
    gun = _union(_rect(0.15, 0.5, 0.16, 0.12, 0.04), _rect(0.04, 0.52, 0.14, 0.04))
    return _union(hull, bridge, funnel, mast, gun)


def _anti_aircraft() -> QPainterPath:
    base = _rect(0.1, 0.7, 0.8, 0.2, 0.08)
    mount = _ellipse(0.5, 0.66, 0.22, 0.12)
    b1 = poly([(0.36, 0.64), (0.46, 0.66), (0.76, 0.1), (0.68, 0.06)])
    b2 = poly([(0.5, 0.66), (0.6, 0.68), (0.92, 0.18), (0.84, 0.13)])
    return _union(base, mount, b1, b2)


_MACHINE_SHAPES = {"TA": _tank, "DO": _dozer, "CH": _helicopter, "JE": _jet, "SU": _submarine,
                   "DS": _destroyer, "AAA": _anti_aircraft, "CL": _cleric}


@lru_cache(maxsize=None)
def shape_path(type_code: str) -> QPainterPath:
    """The silhouette of a piece type in the unit square (0..1, y down); an unknown type gets a
    plain pawn."""
    if type_code in PRIMARY:
        path = _union(_king_body(), _primary_top(type_code))
    elif type_code in SECONDARY:
        path = _coronet(type_code)
    elif type_code in _MACHINE_SHAPES:
        path = _MACHINE_SHAPES[type_code]()
    else:
        path = _pawn(type_code)
    path.setFillRule(Qt.FillRule.OddEvenFill)
    return path.simplified()


WIDE = ("TA", "DO", "CH", "JE", "SU", "DS", "AAA")
"""Types drawn wider than tall when their slot has the room (`shape_box`)."""


def shape_box(type_code: str, rect: QRectF) -> QRectF:
    """Where the silhouette goes in `rect`: a square as tall as the slot, up to 1.35 times as
    wide for the machines (a Tank reads better long)."""
    h = min(rect.width(), rect.height())
    w = min(rect.width(), h * (1.35 if type_code in WIDE else 1.0))
    return QRectF(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h)


SHORT = PAWNS
"""Types drawn shorter than the others (a pawn stands lower than a King, as in a chess set)."""


def fitted_path(type_code: str, box: QRectF) -> QPainterPath:
    """The silhouette as large as `box` allows, its proportions kept, standing on the box's
    bottom (a pawn at 95 % of the height)."""
    path = shape_path(type_code)
    b = path.boundingRect()
    h = box.height() * (0.95 if type_code in SHORT else 1.0)
    scale = min(box.width() / b.width(), h / b.height())
    t = QTransform()
    t.translate(box.center().x() - b.center().x() * scale, box.bottom() - b.bottom() * scale)
    t.scale(scale, scale)
    return t.map(path)
