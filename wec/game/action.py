"""Actions and their text form (docs/ENGINE-NOTES.md; pieces as RULES.md R12.2 `Piece`)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from wec import rules
from wec.game.errors import IllegalActionError

Square3 = tuple[int, int, str]
LEVEL_MARK = {"G": "", "A": "^", "S": "v"}
MARK_LEVEL = {"": "G", "^": "A", "v": "S"}
HAND_MARK = {None: "", "left": "<", "right": ">"}
MARK_HAND = {"": None, "<": "left", ">": "right"}
TRANSPORT_CODES = ("BI", "JU", "SC")


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
    journey: tuple[str, tuple[int, int], str] | None = None
    """A transport journey in progress (R9): (article code, destination, "beeline"/"dogleg")."""
    fired: bool = False
    """Fired this turn (R6.2)."""

    @property
    def square(self) -> tuple[int, int]:
        return self.row, self.col

    def text(self) -> str:
        """RULES.md R12.2 `Piece`: Type Level Loc Articles Orient."""
        return piece_text(self.type, self.row, self.col, self.level, self.articles, self.hand)


@dataclass(frozen=True)
class ProjectileInfo:
    """A projectile in flight (R7.6, R7.7)."""

    kind: str
    """"RL" rocket, "SL" SAM or "TL" torpedo."""
    square: tuple[int, int]
    """Where it is."""
    level: str
    """"G" rocket, "A" SAM, "S" torpedo."""
    direction: tuple[int, int] | None
    """Its last step (dr, dc); a directional projectile keeps it."""
    target: Square3 | None
    """(row, col, level) of a homing projectile's target, None when directional."""
    strength: int = 1
    """Strength of the Fire that made it (R7.6)."""
    owner: str = "black"
    """The side that fired it."""


def piece_text(code: str, row: int, col: int, level: str, articles: tuple[str, ...],
               hand: str | None) -> str:
    arts = f"{len(articles)}{''.join(articles)}" if articles else ""
    return f"{code}{LEVEL_MARK[level]}({row},{col}){arts}{HAND_MARK[hand]}"


def loc(row: int, col: int) -> str:
    return f"({row},{col})"


@dataclass(frozen=True)
class Action:
    """One action of a turn. ``str(action)`` is its text, accepted by ``Game.apply``."""

    kind: str
    """"move", "doze", "fire", "pickup", "drop", "exchange", "reinforce" or "end"."""
    piece: str | None = None
    """Type code of the acting piece (reinforce: the entering type); None for "end"."""
    origin: Square3 | None = None
    """(row, col, level) of the acting piece; None for "end" and "reinforce"."""
    dest: Square3 | None = None
    """Move/doze: where the piece (the Dozer) ends; fire: the adjacent square of the direction,
    the target's square or the transport destination; reinforce: the activation square."""
    article: str | None = None
    """Fire code (R12.2 FireArt: FL ST CS RL SL TL BI JU SC), or the article picked up, dropped
    or given."""
    passenger: bool = False
    """Move: the CH/SU takes its passenger along."""
    target: Square3 | None = None
    """Homing fire / jet rocket / exchange: (row, col, level) of the other piece."""
    group: tuple[tuple[int, int], ...] = ()
    """Doze: the neighbour squares whose Ground pieces are dozed (the partner is implied)."""
    path: str | None = None
    """Transport fire: "beeline" or "dogleg"."""
    hand: str | None = None
    """Hand of the acting piece (reinforce: of the entering piece) for TA, CL, CH."""
    articles: tuple[str, ...] = ()
    """Articles the acting piece carries (tells apart two pieces sharing a level)."""
    carried: str | None = None
    """Move with passenger: the passenger as R12.2 `Piece` text."""
    other: str | None = None
    """Homing fire / jet rocket / exchange: the other piece as R12.2 `Piece` text."""
    swap: str | None = None
    """Exchange: the article the other piece gives back (a swap); None for a one-way transfer."""

    def __str__(self) -> str:
        if self.kind == "end":
            return "END"
        if self.kind == "reinforce":
            assert self.dest is not None and self.piece is not None
            return f"RE:{loc(*self.dest[:2])}{self.piece}{HAND_MARK[self.hand]}"
        assert self.origin is not None and self.piece is not None
        r, c, lvl = self.origin
        who = piece_text(self.piece, r, c, lvl, self.articles, self.hand)
        if self.kind == "pickup":
            return f"PU:{who}^{self.article}"
        if self.kind == "drop":
            return f"DR:{who}v{self.article}"
        if self.kind == "exchange":
            back = f"<=>{self.swap}" if self.swap else ""
            return f"EX:{who}->{self.article}{back}->{self.other or ''}"
        assert self.dest is not None
        dr, dc, dl = self.dest
        if self.kind == "move":
            text = f"MV:{who}->{LEVEL_MARK[dl]}({dr},{dc})"
            if self.passenger:
                text += f"-TRA->{self.carried or ''}"
            return text
        if self.kind == "doze":
            return f"DZ:{who}->({dr},{dc})@" + "".join(loc(gr, gc) for gr, gc in self.group)
        if self.kind == "fire":
            if self.article in TRANSPORT_CODES:
                return f"FI:{self.article}/{who}->{loc(dr, dc)}" + \
                    ("<" if self.path == "dogleg" else "")
            if self.target is not None:
                return f"FI:{self.article}/{who}=>{self.other or ''}"
            return f"FI:{self.article}/{who}->{loc(dr, dc)}"
        raise ValueError(f"no text form for action kind {self.kind!r}")

    def loose_key(self) -> tuple:
        """What names the action when the text omits hand, articles or piece details."""
        return (self.kind, self.piece, self.origin, self.dest, self.passenger, self.group,
                self.article, self.path, self.swap,
                None if self.kind == "exchange" else self.target)


_PIECE = r"(?P<{p}type>[A-Z]{{1,3}})(?P<{p}lvl>[\^v]?)\((?P<{p}r>[0-9]{{1,2}}),(?P<{p}c>[0-9]{{1,2}})\)" \
         r"(?P<{p}arts>[0-9](?:[A-Z]{{2,3}})*)?(?P<{p}hand>[<>]?)"
_ME = _PIECE.format(p="")
_OTHER = _PIECE.format(p="o")
_LOC = r"\((?P<dr>[0-9]{1,2}),(?P<dc>[0-9]{1,2})\)"
_MOVE_RE = re.compile(r"MV:" + _ME + r"->(?P<dlvl>[\^v]?)" + _LOC + r"(?P<tra>-TRA->(?P<carried>.*))?")
_DOZE_RE = re.compile(r"DZ:" + _ME + r"->" + _LOC + r"@(?P<group>(?:\([0-9]{1,2},[0-9]{1,2}\))*)")
_FIRE_DIR_RE = re.compile(r"FI:(?P<art>[A-Z]{2})/" + _ME + r"->" + _LOC + r"(?P<dogleg><?)")
_FIRE_AT_RE = re.compile(r"FI:(?P<art>[A-Z]{2})/" + _ME + r"=>(?P<other>" + _OTHER + r")")
_PICKUP_RE = re.compile(r"PU:" + _ME + r"\^(?P<art>[A-Z]{2,3})")
_DROP_RE = re.compile(r"DR:" + _ME + r"v(?P<art>[A-Z]{2,3})")
_EXCHANGE_RE = re.compile(r"EX:" + _ME + r"->(?P<art>[A-Z]{2,3})(?:<=>(?P<swap>[A-Z]{2,3}))?->"
                          r"(?P<other>" + _OTHER + r")")
_REINFORCE_RE = re.compile(r"RE:" + _LOC + r"(?P<type>[A-Z]{1,3})(?P<hand>[<>]?)")
_ARTS_RE = re.compile("|".join(sorted(rules.ARTICLES, key=len, reverse=True)))


def _parse_articles(text: str | None, where: str) -> tuple[str, ...]:
    if not text:
        return ()
    count, codes = int(text[0]), _ARTS_RE.findall(text[1:])
    if "".join(codes) != text[1:] or len(codes) != count:
        raise IllegalActionError(f"{where}: bad article list {text!r}")
    return tuple(sorted(codes, key=rules.ARTICLE_INDEX.__getitem__))


def _type(code: str, text: str) -> str:
    if code not in rules.TYPE_INDEX:
        raise IllegalActionError(f"{text!r}: unknown piece type {code!r}")
    return code


def _article(code: str, text: str) -> str:
    if code not in rules.ARTICLE_INDEX:
        raise IllegalActionError(f"{text!r}: unknown article {code!r}")
    return code


def parse_action(text: str) -> Action:
    """Read an action's text form; IllegalActionError names what is wrong."""
    if not isinstance(text, str):
        raise IllegalActionError(f"expected action text, got {type(text).__name__}")
    t = text.strip()
    if t.upper() == "END":
        return Action("end")
    m = _REINFORCE_RE.fullmatch(t)
    if m:
        return Action("reinforce", _type(m["type"], text), None, (int(m["dr"]), int(m["dc"]), "G"),
                      hand=MARK_HAND[m["hand"]])
    for regex in (_MOVE_RE, _DOZE_RE, _FIRE_AT_RE, _FIRE_DIR_RE, _PICKUP_RE, _DROP_RE,
                  _EXCHANGE_RE):
        m = regex.fullmatch(t)
        if m:
            break
    else:
        raise IllegalActionError(f"not an action: {text!r}")
    code = _type(m["type"], text)
    origin = (int(m["r"]), int(m["c"]), MARK_LEVEL[m["lvl"]])
    hand = MARK_HAND[m["hand"]]
    articles = _parse_articles(m["arts"], repr(text))
    if regex is _MOVE_RE:
        dest = (int(m["dr"]), int(m["dc"]), MARK_LEVEL[m["dlvl"]])
        return Action("move", code, origin, dest, passenger=m["tra"] is not None,
                      carried=m["carried"] or None, hand=hand, articles=articles)
    if regex is _DOZE_RE:
        group = tuple((int(a), int(b)) for a, b in re.findall(r"\(([0-9]{1,2}),([0-9]{1,2})\)", m["group"]))
        return Action("doze", code, origin, (int(m["dr"]), int(m["dc"]), "G"),
                      group=tuple(sorted(group)), hand=hand, articles=articles)
    if regex in (_PICKUP_RE, _DROP_RE):
        kind = "pickup" if regex is _PICKUP_RE else "drop"
        return Action(kind, code, origin, article=_article(m["art"], text), hand=hand, articles=articles)
    if regex is _EXCHANGE_RE:
        target = (int(m["or"]), int(m["oc"]), MARK_LEVEL[m["olvl"]])
        return Action("exchange", code, origin, article=_article(m["art"], text),
                      swap=_article(m["swap"], text) if m["swap"] else None, target=target,
                      other=m["other"], hand=hand, articles=articles)
    art = m["art"]
    if art not in rules.FIRE_ARTICLE:
        raise IllegalActionError(f"{text!r}: unknown fire code {art!r}")
    if regex is _FIRE_AT_RE:
        target = (int(m["or"]), int(m["oc"]), MARK_LEVEL[m["olvl"]])
        return Action("fire", code, origin, target, article=art, target=target,
                      other=m["other"], hand=hand, articles=articles)
    if art in TRANSPORT_CODES:
        return Action("fire", code, origin, (int(m["dr"]), int(m["dc"]), "G"), article=art,
                      path="dogleg" if m["dogleg"] else "beeline", hand=hand, articles=articles)
    if m["dogleg"]:
        raise IllegalActionError(f"{text!r}: only a transport fire has a path")
    level = {"RL": "G", "SL": "A", "TL": "S"}.get(art, origin[2])
    return Action("fire", code, origin, (int(m["dr"]), int(m["dc"]), level), article=art, hand=hand, articles=articles)
