"""A side's whole history as it may read it (R12.3), one fixed-size step vector per action, for
the OpenSpiel binding's perfect-recall information state (docs/RL.md).

Every step is read from the side's own record (`Game.action_notes(color)`): its own actions in
full, the enemy's as the side reads them (``MV:?`` for a Move it did not see, no text for another
action it did not see) and the results it may read. Nothing comes from the true game, so two
histories the side cannot tell apart give the same steps. `STEP_FIELDS` is the layout of a step.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from wec import rules
from wec.game.notation import RESULT_KINDS, PieceRef, TurnRecord, parse_turn
from wec.game.record import ActionNote

KINDS = ("MOVE", "DOZE", "FIRE", "PICKUP", "DROP", "EXCHANGE", "REINFORCE", "END")
"""The action kinds, in the order of the step's `kind` field (a resignation or an agreed draw
reads as END: the game is over after it)."""
HANDS = ("left", "right")
FIRE_ARTICLE = {"JU": "JP"}  # the Jet Pack fires as JU (R12.2); the other fire codes are articles

STEP_FIELDS: tuple[tuple[str, int], ...] = (
    ("present", 1), ("own", 1), ("enemy", 1), ("kind", len(KINDS)), ("hidden", 1),
    ("partial", 1), ("type", len(rules.PIECE_TYPES)),
    ("from_row", 10), ("from_col", 10), ("from_level", 3),
    ("to_row", 10), ("to_col", 10), ("to_level", 3),
    ("article", len(rules.ARTICLES)), ("swap", 1), ("second", 1), ("hand", 2), ("dogleg", 1),
    ("dozed", 1), ("carried", 1), ("results", len(RESULT_KINDS) + 1), ("hit_own", 1),
    ("hit_enemy", 1))
"""The fields of one step, in order, with their widths (docs/RL.md says each one)."""
STEP_SIZE = sum(width for _, width in STEP_FIELDS)
OFFSET: dict[str, int] = {}
_at = 0
for _name, _width in STEP_FIELDS:
    OFFSET[_name] = _at
    _at += _width


def step_text(note: ActionNote) -> str:
    """One step as the reader reads it (the information-state string's words): the action's
    R12.2 part, ``KIND:?`` for an action it did not see, then its readable results in
    brackets."""
    if note.kind in ("END", "RESIGN", "DRAW"):
        text = note.kind
    else:
        text = note.part if note.part is not None else f"{note.kind}:?"
    return text + (f"[{','.join(note.results)}]" if note.results else "")


def _record(note: ActionNote) -> TurnRecord | None:
    """The note's readable part and results read as a one-action R12.2 turn (None: nothing to
    read). A turn string starts with its Move, so a lone other action follows ``MV:?``."""
    head, body = "MV:?", ""
    if note.part is not None:
        if note.kind in ("MOVE", "DOZE"):
            head = note.part
        elif note.kind == "FIRE":
            body = ",FI1:" + note.part[3:]
        elif note.kind not in ("END", "RESIGN", "DRAW"):
            body = "," + note.part
    if note.results:
        body += ",RS:" + ",".join(note.results)
    if head == "MV:?" and not body:
        return None
    return parse_turn(head + body)


def _one(row: np.ndarray, field: str, index: int = 0, value: float = 1.0) -> None:
    row[OFFSET[field] + index] = value


def _square(row: np.ndarray, prefix: str, square: tuple[int, int], level: str | None) -> None:
    _one(row, prefix + "_row", square[0] - 1)
    _one(row, prefix + "_col", square[1] - 1)
    if level is not None:
        _one(row, prefix + "_level", rules.LEVELS.index(level))


def _piece(row: np.ndarray, piece: PieceRef) -> None:
    _one(row, "type", rules.TYPE_INDEX[piece.type])
    _square(row, "from", piece.square, piece.level)
    _one(row, "carried", 0, len(piece.articles) / 3.0)
    if piece.hand is not None:
        _one(row, "hand", HANDS.index(piece.hand))


def _article(row: np.ndarray, code: str) -> None:
    _one(row, "article", rules.ARTICLES.index(FIRE_ARTICLE.get(code, code)))


def encode_step(note: ActionNote, reader: str, row: np.ndarray) -> None:
    """Write one step (`STEP_SIZE` floats, zero on entry) as `reader` reads it."""
    _one(row, "present")
    _one(row, "own" if note.side == reader else "enemy")
    kind = note.kind if note.kind in KINDS else "END"
    if note.part == "MV:?":
        kind = "MOVE"  # an unseen Doze reads as an unseen Move (R12.3)
    _one(row, "kind", KINDS.index(kind))
    rec = _record(note)
    if note.part in (None, "MV:?") and note.kind not in ("END", "RESIGN", "DRAW"):
        _one(row, "hidden")  # an action it did not see (End Turn has no part to read)
    if rec is None:
        return
    if rec.move is not None:
        _piece(row, rec.move)
        assert rec.dest is not None
        _square(row, "to", rec.dest, rec.dest_level)
        _one(row, "second", 0, float(rec.passenger is not None))
        if rec.doze is not None:
            _one(row, "dozed", 0, len(rec.doze) / 8.0)
            _one(row, "partial", 0, float(any(code == "?" for code, _ in rec.doze)))
    for fire in rec.fires:
        _article(row, fire.article)
        _piece(row, fire.piece)
        if fire.target is not None:
            _one(row, "second")
            _square(row, "to", fire.target.square, fire.target.level)
        elif fire.dest is not None:
            _square(row, "to", fire.dest, None)
        _one(row, "dogleg", 0, float(fire.dogleg))
    for piece, code in rec.pickups + rec.drops:
        _article(row, code)
        _piece(row, piece)
    for ex in rec.exchanges:
        _article(row, ex.article)
        _piece(row, ex.piece)
        _one(row, "swap", 0, float(ex.back is not None))
        if ex.other is None:
            _one(row, "partial")
        else:
            _one(row, "second")
            _square(row, "to", ex.other.square, ex.other.level)
    for square, code, hand in rec.reinforces:
        _one(row, "type", rules.TYPE_INDEX[code])
        _square(row, "to", square, "G")
        if hand is not None:
            _one(row, "hand", HANDS.index(hand))
    own_mark = "B" if reader == "black" else "W"
    for result in rec.results:
        place = RESULT_KINDS.index(result.kind) if result.kind in RESULT_KINDS \
            else len(RESULT_KINDS)  # a piece type: a reinforcement entered, a Move stopped
        row[OFFSET["results"] + place] += 1
        if result.color is not None:
            row[OFFSET["hit_own" if result.color == own_mark else "hit_enemy"]] += 1


class Recall:
    """One side's steps of one game, encoded once each: a game's record only grows at its end
    (an OpenSpiel state is never undone), so `fill` encodes only the actions new since the last
    call. `clone()` copies the list (the rows themselves are never changed)."""

    def __init__(self, color: str) -> None:
        self.color = color
        self.rows: list[np.ndarray] = []

    def clone(self) -> "Recall":
        other = Recall(self.color)
        other.rows = list(self.rows)
        return other

    def fill(self, game: Any, out: np.ndarray) -> None:
        """Write the side's steps of `game` (a facade Game) into `out` (slots x STEP_SIZE): one
        slot per action from the first, the slots after the last action zero."""
        for note in game.action_notes(self.color, len(self.rows)):
            row = np.zeros(STEP_SIZE, np.float32)
            encode_step(note, self.color, row)
            self.rows.append(row)
        if len(self.rows) > len(out):
            raise ValueError(f"{len(self.rows)} actions do not fit {len(out)} history slots")
        out[:] = 0
        if self.rows:
            out[:len(self.rows)] = self.rows


class Recalls:
    """Both sides' `Recall` of one game (player 0 Black, 1 White)."""

    def __init__(self) -> None:
        self.sides = (Recall(rules.COLORS[0]), Recall(rules.COLORS[1]))

    def clone(self) -> "Recalls":
        other = Recalls.__new__(Recalls)
        other.sides = (self.sides[0].clone(), self.sides[1].clone())
        return other
