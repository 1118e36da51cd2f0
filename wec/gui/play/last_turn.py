"""The last turn as arrows on the board: its Move and each Fire, read from the turn
string the seat may read (R12.2, R12.3), so an unseen enemy Move (`MV:?`) or Fire draws nothing."""
from __future__ import annotations

from wec import WecError
from wec.game.notation import parse_turn

Square3 = tuple[int, int, str]
Arrow = tuple[str, Square3, Square3]


def last_turn_arrows(turn: str | None) -> list[Arrow]:
    """("move" | "fire", from, to) for the Move and each Fire of a turn string."""
    if not turn:
        return []
    try:
        rec = parse_turn(turn)
    except (WecError, ValueError):
        return []  # a turn this version cannot read draws no arrow rather than a wrong one
    out: list[Arrow] = []
    if rec.move is not None and rec.dest is not None and not rec.hidden_move:
        m = rec.move
        out.append(("move", (m.square[0], m.square[1], m.level),
                    (rec.dest[0], rec.dest[1], rec.dest_level)))
    for f in rec.fires:
        start = (f.piece.square[0], f.piece.square[1], f.piece.level)
        if f.target is not None:
            end = (f.target.square[0], f.target.square[1], f.target.level)
        elif f.dest is not None:
            end = (f.dest[0], f.dest[1], f.piece.level)
        else:
            continue
        if end[:2] != start[:2] or end[2] != start[2]:
            out.append(("fire", start, end))
    return out
