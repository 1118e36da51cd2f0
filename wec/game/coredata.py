"""The core's raw tuples and codes (wec._core.engine) and their facade forms."""
from __future__ import annotations

from typing import Any

from wec import rules
from wec.game.action import PieceInfo
from wec.game.position import cooldowns_of, square_of

(ACT_MOVE, ACT_DOZE, ACT_END, ACT_FIRE, ACT_PICKUP, ACT_DROP, ACT_EXCHANGE, ACT_REINFORCE,
 ACT_RESIGN, ACT_DRAW) = range(10)
EV_REMOVED, EV_STUNNED, EV_CONVERTED, EV_PROJECTILE, EV_ENTERED, EV_STOPPED, EV_SWEPT = range(1, 8)
CAUSE_CAPTURE, CAUSE_FALL = 0, 99  # EV_REMOVED info besides the weapon kinds
KILL_KIND = {0: "X", 1: "FK", 4: "RK", 5: "SK", 6: "TK", 3: "X", 99: "X"}  # by cause (R12.2)
PROJECTILE_LETTER = {4: "R", 5: "S", 6: "T"}
NO_ACTION = (None, -1, -1, -1, -1, -1, 0, -1, 0, 0, -1)
RESULT_NAMES = {-1: None, 0: "black", 1: "white", 2: "draw"}


class Texts(dict):
    """R12.2 Piece texts of pieces as they stood before an action, made when first asked for."""

    def __init__(self, before: dict[int, tuple], engine: Any) -> None:
        super().__init__()
        self._before = before
        self._engine = engine

    def __missing__(self, pid: int) -> str:
        raw = self._before.get(pid) or self._engine.piece(pid)
        text = piece_info(raw).text()
        self[pid] = text
        return text


def piece_info(raw: tuple) -> PieceInfo:
    pid, t, color, hand, sq, level, arts, stun, home, icool, journey, fired, acted, hits, _ = raw
    row, col = square_of(sq)
    articles = tuple(sorted((rules.ARTICLES[k - 1] for k, _ in arts),
                            key=rules.ARTICLE_INDEX.__getitem__))
    trip = None
    if journey:
        kind, dest, path, _ = journey
        trip = (rules.ARTICLES[kind - 1], square_of(dest), ("beeline", "dogleg")[path])
    return PieceInfo(rules.PIECE_TYPES[t].code, rules.COLORS[color], row, col, rules.LEVELS[level],
                     rules.HANDS[hand], articles, stun, cooldowns_of(arts, icool), bool(home),
                     trip, bool(fired))
