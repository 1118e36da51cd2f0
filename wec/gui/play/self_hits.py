"""Which of its own pieces a Fire would hit (R7.0: every weapon hits friend and foe alike), as the
firing side can know it before choosing the Fire.

The footprint is read from the side's own view (its observation, or the game when nothing is
hidden): its own pieces are always known to it; a hidden enemy it cannot see may still stop a
Stunner earlier (R7.3) or take a projectile first, so a warning can only be on the safe side.
What counts is the hit the Fire makes at once (R7.1 Flame, R7.3 Stunner, R7.6 the square a
projectile is created on, R7.9 the jet/sub rocket's square); where a projectile goes at later End
Turns depends on moves not yet made. Defence articles (R7.8) may stop a hit: it is still a hit.
"""
from __future__ import annotations

from typing import Any, Callable

from wec import Action, rules
from wec.gui.play.interaction import piece_name

Square3 = tuple[int, int, str]
PROJECTILE_LEVEL = {"RL": "G", "SL": "A", "TL": "S"}
"""R7.6: a Rocket travels at Ground, a SAM in the Air, a Torpedo at Sub."""
PiecesAt = Callable[[int, int, str], list[Any]]


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _on_board(row: int, col: int) -> bool:
    return 1 <= row <= 10 and 1 <= col <= 10


def fire_squares(action: Action, options: Any, pieces_at: PiecesAt) -> list[Square3]:
    """The squares and level `action` (a Fire) hits at once, as far as `pieces_at` (the side's
    view) tells; none for a transport, and none for Conversion (it changes enemies only, R7.5)."""
    art, origin = action.article, action.origin
    if action.kind != "fire" or origin is None or art not in ("FL", "ST", "RL", "SL", "TL"):
        return []
    row, col, level = origin
    if action.target is not None:
        tr, tc, _ = action.target
        if art == "RL":  # R7.9: the jet/sub rocket hits the target square's Ground at once
            return [(tr, tc, "G")]
        # R7.6: a homing projectile is created on the first step towards its target
        return [(row + _sign(tr - row), col + _sign(tc - col), PROJECTILE_LEVEL[art])]
    if action.dest is None:
        return []
    dr, dc = action.dest[0] - row, action.dest[1] - col
    if art in PROJECTILE_LEVEL:  # R7.6: created on the adjacent square, hitting what is there
        return [(row + dr, col + dc, PROJECTILE_LEVEL[art])]
    reach = options.flame_range if art == "FL" else options.stunner_range
    line = [(row + k * dr, col + k * dc, level) for k in range(1, reach + 1)
            if _on_board(row + k * dr, col + k * dc)]
    if art == "FL":  # R7.1: every square within the flame range
        return line
    # R7.3: the first square holding any piece at the firer's level
    return next(([sq] for sq in line if pieces_at(*sq)), [])


def own_hits(action: Action, side: str, options: Any, pieces_at: PiecesAt) -> list[Any]:
    """The pieces of `side` that `action` would hit at once (see `fire_squares`)."""
    return [p for sq in fire_squares(action, options, pieces_at) for p in pieces_at(*sq)
            if p.color == side]


def is_primary(piece: Any) -> bool:
    return rules.PIECE_TYPES[rules.TYPE_INDEX[piece.type]].role == "primary"


def warning(action: Action, hits: list[Any]) -> str:
    """The question put before such a Fire ("This Fire hits your own Tank at (3,4). Fire
    anyway?")."""
    verb = "stuns" if action.article == "ST" else "hits"
    names = [f"{piece_name(p.type)}{' (your primary piece)' if is_primary(p) else ''} at "
             f"({p.row},{p.col})" for p in hits]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    loses = verb == "hits" and any(is_primary(p) for p in hits)
    note = " Losing your primary piece loses the game (R11.1)." if loses else ""
    return f"This Fire {verb} your own {listed}.{note} Fire anyway?"
