"""Actions and their text form (docs/ENGINE-NOTES.md; pieces as RULES.md R12.2 `Piece`)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from . import rules
from .errors import IllegalActionError

Square3 = tuple[int, int, str]
LEVEL_MARK = {"G": "", "A": "^", "S": "v"}
MARK_LEVEL = {"": "G", "^": "A", "v": "S"}
HAND_MARK = {None: "", "left": "<", "right": ">"}
MARK_HAND = {"": None, "<": "left", ">": "right"}


@dataclass(frozen=True)
class PieceInfo:
    """One piece as the facade shows it."""

    type: str
    """RULES.md type code."""
    color: str
    """"black" or "white"."""
    row: int
    """Row 1..10 (R1.1)."""
    col: int
    """Column 1..10."""
    level: str
    """"G", "A" or "S"."""
    hand: str | None
    """"left", "right", or None for unhanded types."""
    articles: tuple[str, ...]
    """Carried article codes, in the canonical order."""
    stun: int
    """Stun count (R7.3.1)."""
    cooldowns: dict[str, int]
    """Weapon code -> owner turns before it may fire again (R7.2)."""
    home: bool = False
    """A pawn that has never left its set-up square (may double-step, R4.3)."""

    @property
    def square(self) -> tuple[int, int]:
        return self.row, self.col

    def text(self) -> str:
        """RULES.md R12.2 `Piece`: Type Level Loc Articles Orient."""
        return piece_text(self.type, self.row, self.col, self.level, self.articles, self.hand)


def piece_text(code: str, row: int, col: int, level: str, articles: tuple[str, ...],
               hand: str | None) -> str:
    arts = f"{len(articles)}{''.join(articles)}" if articles else ""
    return f"{code}{LEVEL_MARK[level]}({row},{col}){arts}{HAND_MARK[hand]}"


@dataclass(frozen=True)
class Action:
    """One action of a turn (API.md). ``str(action)`` is its text, accepted by ``Game.apply``."""

    kind: str
    """"move", "doze", "fire", "pickup", "drop", "exchange", "reinforce" or "end"."""
    piece: str | None = None
    """Type code of the acting piece (reinforce: the entering type); None for "end"."""
    origin: Square3 | None = None
    """(row, col, level) of the acting piece; None for "end" and "reinforce"."""
    dest: Square3 | None = None
    """Move/doze: (row, col, level) where the piece (the Dozer) ends."""
    article: str | None = None
    """Fire code or article code (fire, pickup, drop, exchange)."""
    passenger: bool = False
    """Move: the CH/SU takes its passenger along."""
    target: Square3 | None = None
    """Homing fire / exchange: (row, col, level) of the other piece."""
    group: tuple[tuple[int, int], ...] = ()
    """Doze: the neighbour squares whose Ground pieces are dozed (the partner is implied)."""
    path: str | None = None
    """Transport fire: "beeline" or "dogleg"."""
    hand: str | None = None
    """Hand of the acting piece ("left"/"right") for TA, CL, CH; None otherwise or unspecified."""
    articles: tuple[str, ...] = ()
    """Articles the acting piece carries (tells apart two pieces sharing a level)."""
    carried: str | None = None
    """Move with passenger: the passenger as R12.2 `Piece` text."""

    def __str__(self) -> str:
        if self.kind == "end":
            return "END"
        assert self.origin is not None and self.piece is not None and self.dest is not None
        r, c, lvl = self.origin
        who = piece_text(self.piece, r, c, lvl, self.articles, self.hand)
        dr, dc, dl = self.dest
        if self.kind == "move":
            text = f"MV:{who}->{LEVEL_MARK[dl]}({dr},{dc})"
            if self.passenger:
                text += f"-TRA->{self.carried or ''}"
            return text
        if self.kind == "doze":
            return f"DZ:{who}->({dr},{dc})@" + "".join(f"({gr},{gc})" for gr, gc in self.group)
        raise ValueError(f"no text form for action kind {self.kind!r} yet")

    def loose_key(self) -> tuple:
        """What names the action when the text omits hand, articles or passenger details."""
        return (self.kind, self.piece, self.origin, self.dest, self.passenger, self.group)


_PIECE = r"(?P<{p}type>[A-Z]{{1,3}})(?P<{p}lvl>[\^v]?)\((?P<{p}r>\d+),(?P<{p}c>\d+)\)" \
         r"(?P<{p}arts>\d(?:[A-Z]{{2,3}})+)?(?P<{p}hand>[<>]?)"
_MOVE_RE = re.compile(r"MV:" + _PIECE.format(p="") + r"->(?P<dlvl>[\^v]?)\((?P<dr>\d+),(?P<dc>\d+)\)"
                      r"(?P<tra>-TRA->(?P<carried>.*))?")
_DOZE_RE = re.compile(r"DZ:" + _PIECE.format(p="") + r"->\((?P<dr>\d+),(?P<dc>\d+)\)@"
                      r"(?P<group>(?:\(\d+,\d+\))*)")
_ARTS_RE = re.compile("|".join(sorted(rules.ARTICLES, key=len, reverse=True)))


def _parse_articles(text: str | None, where: str) -> tuple[str, ...]:
    if not text:
        return ()
    count, codes = int(text[0]), _ARTS_RE.findall(text[1:])
    if "".join(codes) != text[1:] or len(codes) != count:
        raise IllegalActionError(f"{where}: bad article list {text!r}")
    return tuple(sorted(codes, key=rules.ARTICLE_INDEX.__getitem__))


def parse_action(text: str) -> Action:
    """Read an action's text form; IllegalActionError names what is wrong."""
    if not isinstance(text, str):
        raise IllegalActionError(f"expected action text, got {type(text).__name__}")
    t = text.strip()
    if t.upper() == "END":
        return Action("end")
    m = _MOVE_RE.fullmatch(t) or _DOZE_RE.fullmatch(t)
    if m is None:
        raise IllegalActionError(f"not an action: {text!r}")
    code = m["type"]
    if code not in rules.TYPE_INDEX:
        raise IllegalActionError(f"{text!r}: unknown piece type {code!r}")
    origin = (int(m["r"]), int(m["c"]), MARK_LEVEL[m["lvl"]])
    articles = _parse_articles(m["arts"], repr(text))
    hand = MARK_HAND[m["hand"]]
    if t.startswith("MV:"):
        dest = (int(m["dr"]), int(m["dc"]), MARK_LEVEL[m["dlvl"]])
        return Action("move", code, origin, dest, passenger=m["tra"] is not None, hand=hand,
                      articles=articles, carried=m["carried"] or None)
    group = tuple((int(a), int(b)) for a, b in re.findall(r"\((\d+),(\d+)\)", m["group"]))
    return Action("doze", code, origin, (int(m["dr"]), int(m["dc"]), "G"), group=tuple(sorted(group)),
                  hand=hand, articles=articles)
