"""The move list's words: one plain-language line per action, read from an `ActionNote` of the
record as the seat may read it (R12.2, R12.3), e.g. "Tank (1,1) → (8,4)" or "Rocket Pawn (9,1)
fires Rocket Launcher towards (8,1): Dozer (7,1) destroyed by a rocket".

Nothing here reads the game: only the note's R12.2 texts, so a line never says more than the
seat's record does.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from wec.game.notation import NotationError, PieceRef, ResultRecord, TurnRecord, parse_turn

from wec.gui.play.interaction import ARTICLE_NAMES, LEVEL_NAMES, piece_name

KILLED = {"X": "captured", "FK": "burnt by a flame", "RK": "destroyed by a rocket",
          "SK": "destroyed by a SAM", "TK": "destroyed by a torpedo"}
PROJECTILES = {"R": "rocket", "S": "SAM", "T": "torpedo"}
TRANSPORTS = ("BI", "SC", "JU")
SIDES = {"B": "Black", "W": "White"}


def square(sq: tuple[int, int] | None, level: str = "G") -> str:
    if sq is None:
        return "?"
    return f"({sq[0]},{sq[1]})" + ("" if level == "G" else f" {LEVEL_NAMES[level]}")


def piece(ref: PieceRef | None) -> str:
    """"Tank (1,1)", "Jet (3,4) Air", with its hand for a handed piece."""
    if ref is None:
        return "an unseen piece"
    hand = {"left": " <", "right": " >"}.get(ref.hand or "", "")
    return f"{piece_name(ref.type)}{hand} {square(ref.square, ref.level)}"


def article(code: str | None) -> str:
    return ARTICLE_NAMES.get(code or "", code or "?")


def result_words(r: ResultRecord) -> str:
    if r.piece is not None:
        who = f"{SIDES.get(r.color or '', '')} {piece(r.piece)}".strip()
        if r.kind == "STK":
            return f"{who} stunned for {r.stun} turns"
        if r.kind == "CK":
            return f"{who} converted"
        return f"{who} {KILLED.get(r.kind, 'removed')}"
    where = square(r.square, "S" if r.down else "G")
    if r.kind in PROJECTILES:
        return f"a {PROJECTILES[r.kind]} flies to {where}"
    return f"{piece_name(r.kind)} arrives at {where}"


def _record(part: str | None, results: tuple[str, ...]) -> TurnRecord | None:
    """The note's texts read as a one-action R12.2 turn (a non-Move part behind "MV:?")."""
    text = part or "MV:?"
    if text.startswith("FI:"):
        text = "FI1:" + text[3:]
    if not text.startswith("MV:"):
        text = "MV:?," + text
    if results:
        text += ",RS:" + ",".join(results)
    try:
        return parse_turn(text)
    except NotationError:
        return None


@lru_cache(maxsize=8192)
def action_words(kind: str, part: str | None, results: tuple[str, ...] = ()) -> str:
    """One action in words; "" for an action the reader may not read at all (and End Turn).
    Kept for the texts seen lately: hotseat's next reader reads most of the same texts."""
    if kind == "END" or (part is None and not results):
        return ""
    if kind in ("RESIGN", "DRAW"):
        return "resigns" if kind == "RESIGN" else "draw agreed"
    rec = _record(part, results)
    if rec is None:  # never expected: show the record's own text rather than nothing
        return ", ".join(x for x in (part, *results) if x)
    text = _action_text(kind, part, rec)
    if rec.results:
        text += ": " + "; ".join(result_words(r) for r in rec.results)
    return text


def _action_text(kind: str, part: str | None, rec: TurnRecord) -> str:
    if part is None:
        return "an unseen action"
    if rec.move is not None:
        text = f"{piece(rec.move)} → {square(rec.dest, rec.dest_level)}"
        if rec.passenger is not None:
            text += f" carrying {piece(rec.passenger)}"
        if rec.doze:
            pushed = ", ".join(f"{piece_name(t) if t != '?' else 'an unseen piece'} "
                               f"{square(sq)}" for t, sq in rec.doze)
            text += f", dozing {pushed}"
        return text
    if rec.hidden_move and kind in ("MOVE", "DOZE"):
        return "an unseen piece moves"
    if rec.fires:
        f = rec.fires[0]
        if f.article in TRANSPORTS:
            path = " (dogleg)" if f.dogleg else ""
            return f"{piece(f.piece)} travels by {article(f.article)} to {square(f.dest)}{path}"
        if f.target is not None:
            return f"{piece(f.piece)} fires {article(f.article)} at {piece(f.target)}"
        return f"{piece(f.piece)} fires {article(f.article)} towards {square(f.dest)}"
    if rec.pickups:
        p, a = rec.pickups[0]
        return f"{piece(p)} picks up {article(a)}"
    if rec.drops:
        p, a = rec.drops[0]
        return f"{piece(p)} drops {article(a)}"
    if rec.exchanges:
        e = rec.exchanges[0]
        back = f" for {article(e.back)}" if e.back else ""
        return f"{piece(e.piece)} gives {article(e.article)}{back} to {piece(e.other)}"
    if rec.reinforces:
        sq, code, hand = rec.reinforces[0]
        mark = {"left": " <", "right": " >"}.get(hand or "", "")
        return f"{piece_name(code)}{mark} enters at {square(sq)} (reinforcement)"
    return part


def note_words(note: Any) -> str:
    """An `ActionNote` in words ("" when there is nothing the reader may read)."""
    return action_words(note.kind, note.part, tuple(note.results))


KINDS = {"MV": "MOVE", "DZ": "DOZE", "FI": "FIRE", "PU": "PICKUP", "DR": "DROP",
         "EX": "EXCHANGE", "RE": "REINFORCE"}


def plan_words(texts: list[str]) -> str:
    """A line of action texts (the computer's plan for the rest of its turn) in words."""
    out = []
    for text in texts:
        if text == "END":
            out.append("End Turn")
            continue
        kind = KINDS.get(text[:2], "")
        out.append(action_words(kind, text) if kind in ("MOVE", "FIRE", "PICKUP", "DROP",
                                                        "EXCHANGE", "REINFORCE") else text)
    return ", then ".join(out)
