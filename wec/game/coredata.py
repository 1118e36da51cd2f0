"""The core's codes and records (wec._core) and their facade forms.

Every code is defined once, in the core's state.pxd, and taken from wec._core.state here."""
from __future__ import annotations

from typing import Any

from wec import rules
from wec._core.records import ActionRecord, EventRecord, Journey, PieceRecord
from wec._core.state import (ACT_DOZE, ACT_DRAW, ACT_DROP, ACT_END, ACT_EXCHANGE, ACT_FIRE,
                             ACT_MOVE, ACT_PICKUP, ACT_REINFORCE, ACT_RESIGN, A_CS, A_FL, A_RL,
                             A_SL, A_TL, BLACK, CAUSE_CAPTURE, CAUSE_FALL, EV_CONVERTED,
                             EV_ENTERED, EV_PROJECTILE, EV_REMOVED, EV_STOPPED, EV_STUNNED,
                             EV_SWEPT, RESULT_DRAW, RESULT_NONE, WHITE)
from wec.game.action import PieceInfo
from wec.game.position import cooldowns_of, square_of

__all__ = ["ACT_DOZE", "ACT_DRAW", "ACT_DROP", "ACT_END", "ACT_EXCHANGE", "ACT_FIRE", "ACT_MOVE",
           "ACT_PICKUP", "ACT_REINFORCE", "ACT_RESIGN", "CAUSE_CAPTURE", "CAUSE_FALL",
           "EV_CONVERTED", "EV_ENTERED", "EV_PROJECTILE", "EV_REMOVED", "EV_STOPPED",
           "EV_STUNNED", "EV_SWEPT", "RESULT_NONE", "ActionRecord", "EventRecord", "Journey",
           "PieceRecord", "KILL_KIND", "PROJECTILE_LETTER", "RESULT_NAMES", "Texts", "piece_info"]

KILL_KIND = {CAUSE_CAPTURE: "X", A_FL: "FK", A_RL: "RK", A_SL: "SK", A_TL: "TK", A_CS: "X",
             CAUSE_FALL: "X"}
"""R12.2 result kind of a removal, by EV_REMOVED's cause (a weapon kind, a capture, a fall)."""
PROJECTILE_LETTER = {A_RL: "R", A_SL: "S", A_TL: "T"}
"""R12.2 letter of a projectile, by its weapon kind."""
RESULT_NAMES = {RESULT_NONE: None, BLACK: "black", WHITE: "white", RESULT_DRAW: "draw"}
"""Game.result of each Engine.result."""


class Texts(dict):
    """R12.2 Piece texts of pieces as they stood before an action, made when first asked for."""

    def __init__(self, before: dict[int, PieceRecord], engine: Any) -> None:
        super().__init__()
        self._before = before
        self._engine = engine

    def __missing__(self, pid: int) -> str:
        raw = self._before.get(pid) or self._engine.piece(pid)
        text = piece_info(raw).text()
        self[pid] = text
        return text


def piece_info(raw: PieceRecord) -> PieceInfo:
    """The facade's description of a piece record."""
    row, col = square_of(raw.sq)
    articles = tuple(sorted((rules.ARTICLES[k - 1] for k, _ in raw.articles),
                            key=rules.ARTICLE_INDEX.__getitem__))
    trip = None
    journey = raw.journey
    if journey is not None:
        trip = (rules.ARTICLES[journey.kind - 1], square_of(journey.dest),
                ("beeline", "dogleg")[journey.path])
    return PieceInfo(rules.PIECE_TYPES[raw.type].code, rules.COLORS[raw.color], row, col,
                     rules.LEVELS[raw.level], rules.HANDS[raw.hand], articles, raw.stun,
                     cooldowns_of(raw.articles, raw.cooldowns), bool(raw.home), trip,
                     bool(raw.fired))
