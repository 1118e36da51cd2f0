"""Validation as you edit: every problem of the edited position in words, with its squares.

The words and the checks are the facade's: `wec.game.position.position_problems`, the one
validation the loader and `wec validate` use, lists every problem of the position (each entry,
and capacity R3.1, R3.2, R3.4, ground articles R3.3 and reserves R8.4 at every square), and the
squares to mark are read from the entries and squares each message names. Then the manual's
warnings for the editor (its "Game Design" note): no primary government piece for a side (R2.1,
R11.1), a side with no legal Move (R6.5), a stunned last mobile piece (R7.3), more than 200
articles (R3.3, the drop ring needs a free place).

Nothing here blocks an edit; the window keeps "Play from here" disabled while the list is not
empty.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from wec import Game, rules
from wec.game.errors import WecError
from wec.game.position import position_problems

from wec.gui.editor import model
from wec.gui.editor.model import Position, Square

ENTRY = re.compile(r"\b(pieces|articles|reserves|projectiles)\[(\d+)\]")
COORD = re.compile(r"\((\d{1,2}), (\d{1,2})\)")


@dataclass
class Problem:
    """One problem: its text and the squares to mark (none for a problem of the whole board)."""

    text: str
    squares: list[Square] = field(default_factory=list)


class _Collector:
    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.items: dict[str, Problem] = {}

    def add(self, text: str, squares: list[Square] | None = None) -> None:
        found = self.items.setdefault(text, Problem(named(text, self.pos), []))
        for sq in (squares if squares is not None else squares_named(text, self.pos)):
            if sq not in found.squares:
                found.squares.append(sq)


def squares_named(text: str, pos: Position) -> list[Square]:
    """The squares a facade message points at: the entries it names and the squares it writes."""
    out: list[Square] = []
    for key, index in ENTRY.findall(text):
        entries = pos.get(key)
        i = int(index)
        if isinstance(entries, list) and i < len(entries) and isinstance(entries[i], dict):
            sq = entries[i].get("square")
            if isinstance(sq, (list, tuple)) and len(sq) == 2:
                out.append((int(sq[0]), int(sq[1])))
    for r, c in COORD.findall(text):
        if 1 <= int(r) <= 10 and 1 <= int(c) <= 10:
            out.append((int(r), int(c)))
    return list(dict.fromkeys(out))


def named(text: str, pos: Position) -> str:
    """A facade message with its entry names read out: ``pieces[4]: …`` becomes
    ``white TA #4: …`` (the number is the entry's place in the position's list)."""
    def sub(m: re.Match[str]) -> str:
        key, i = m.group(1), int(m.group(2))
        entries = pos.get(key)
        if not isinstance(entries, list) or i >= len(entries) or not isinstance(entries[i], dict):
            return m.group(0)
        e = entries[i]
        if key == "pieces":
            return f"{e.get('color')} {e.get('type')} #{i}"
        if key == "reserves":
            return f"{e.get('color')} reserve {e.get('type')} #{i}"
        if key == "articles":
            return f"article {e.get('type')} #{i}"
        return f"{e.get('type')} projectile #{i}"
    return ENTRY.sub(sub, text)


def structural_problems(pos: Position, col: _Collector) -> None:
    """Problems of the position's entries and of what shares a square (the facade's words)."""
    for text in position_problems(pos):
        col.add(text)


def _with_side(pos: Position, color: str) -> Game | None:
    try:
        return Game.from_position({**pos, "to_move": color})
    except WecError:
        return None


def play_problems(pos: Position, game: Game, col: _Collector) -> None:
    """The manual's warnings on a position that loads: government pieces and legal Moves."""
    for color in rules.COLORS:
        if not any(model.piece_type(p["type"]).role == "primary" and p["color"] == color
                   for p in pos["pieces"]):
            col.add(f"{color.capitalize()} has no primary government piece on the board "
                    f"(R2.1): taking it is how the game is won (R11.1)", [])
    for color in rules.COLORS:
        g = game if color == pos["to_move"] else _with_side(pos, color)
        if g is None or g.legal_moves():
            continue
        unstunned = {**pos, "pieces": [{**p, "stun": 0} if p["color"] == color else p
                                       for p in pos["pieces"]]}
        free = _with_side(unstunned, color)
        origins = {(a.origin[0], a.origin[1]) for a in (free.legal_moves() if free else [])
                   if a.origin is not None}
        stunned = [p for p in pos["pieces"] if p["color"] == color and p.get("stun")
                   and tuple(p["square"]) in origins]
        if stunned:
            names = ", ".join(f"{p['type']} at ({p['square'][0]}, {p['square'][1]})"
                              for p in stunned)
            col.add(f"{color.capitalize()}'s last mobile pieces are stunned ({names}): a side "
                    f"with no legal Move loses at the start of its turn (R7.3, R6.5)",
                    [tuple(p["square"]) for p in stunned])
        else:
            col.add(f"{color.capitalize()} has no legal Move: it would lose at the start of its "
                    f"turn (R6.5)", [tuple(p["square"]) for p in pos["pieces"]
                                     if p["color"] == color])


def problems(pos: Position) -> list[Problem]:
    """Every problem of `pos` (shape as `model.check_shape` allows); empty when it can be played."""
    col = _Collector(pos)
    structural_problems(pos, col)
    if not col.items:
        try:
            game = Game.from_position(pos)
        except WecError as e:
            for part in str(e).split("; "):
                col.add(part)
        else:
            play_problems(pos, game, col)
    return list(col.items.values())
