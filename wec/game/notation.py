"""RULES.md R12.2: one turn of the game record as a structured value, its text and its parser.

`parse_turn(text)` reads a turn string; `str(turn)` writes it back: ``str(parse_turn(t)) == t``
for every turn the engine records, and ``parse_turn(str(turn)) == turn``. Two marks extend the
grammar for a side's own history (R12.3): ``MV:?`` is a Move it could not see, ``?`` a piece it
could not see (a doze partner, an exchange partner); a hidden carrier's Move with a passenger it
saw reads as the passenger's own Move. A turn that ends the game by resignation or
agreement ends with ``,RESIGN`` / ``,DRAW`` (alone when it had no Move).
"""
from __future__ import annotations

from dataclasses import dataclass

from wec import rules
from wec.game.errors import WecError
from wec.game.game import Game

LEVEL_MARK = {"G": "", "A": "^", "S": "v"}
HAND_MARK = {None: "", "left": "<", "right": ">"}
FIRE_ARTS = ("FL", "ST", "CS", "RL", "TL", "SL", "BI", "SC", "JU")
RESULT_KINDS = ("STK", "RK", "TK", "SK", "FK", "CK", "X", "R", "T", "S")
TYPES = sorted(rules.TYPE_INDEX, key=len, reverse=True)
ARTICLES = sorted(rules.ARTICLES, key=len, reverse=True)


class NotationError(WecError, ValueError):
    """Text that is not a turn of RULES.md R12.2; the message says where."""


@dataclass(frozen=True)
class PieceRef:
    """R12.2 `Piece`: Type Level Loc Articles Orient."""

    type: str
    """Type code."""
    level: str
    """"G", "A" or "S"."""
    square: tuple[int, int]
    """(row, col)."""
    articles: tuple[str, ...] = ()
    """Carried article codes, as listed."""
    hand: str | None = None
    """"left", "right" or None."""

    def __str__(self) -> str:
        arts = f"{len(self.articles)}{''.join(self.articles)}" if self.articles else ""
        r, c = self.square
        return f"{self.type}{LEVEL_MARK[self.level]}({r},{c}){arts}{HAND_MARK[self.hand]}"


def _loc(square: tuple[int, int]) -> str:
    return f"({square[0]},{square[1]})"


@dataclass(frozen=True)
class FireRecord:
    """R12.2 `Fire` (its number is its place in the turn)."""

    article: str
    """FireArt: FL ST CS RL TL SL BI SC JU."""
    piece: PieceRef
    """The firing piece."""
    dest: tuple[int, int] | None = None
    """Direction square or transport destination."""
    target: PieceRef | None = None
    """Homing / jet-rocket target."""
    dogleg: bool = False
    """Transport path: dogleg (`<`) rather than beeline."""

    def text(self, number: int) -> str:
        head = f",FI{number}:{self.article}/{self.piece}"
        if self.target is not None:
            return head + f"=>{self.target}"
        assert self.dest is not None
        return head + "->" + _loc(self.dest) + ("<" if self.dogleg else "")


@dataclass(frozen=True)
class ExchangeRecord:
    """R12.2 `Exchange`: giver, article given, article given back (swap), receiver (None: a piece
    the reader could not see)."""

    piece: PieceRef
    article: str
    back: str | None
    other: PieceRef | None

    def __str__(self) -> str:
        back = f"<=>{self.back}" if self.back else ""
        return f",EX:{self.piece}->{self.article}{back}->{self.other if self.other else '?'}"


@dataclass(frozen=True)
class ResultRecord:
    """R12.2 `Result`."""

    kind: str
    """R T S (a projectile), RK TK SK FK STK CK X (what happened to a piece), or a piece type (a
    reinforcement that entered, a Move that ended elsewhere)."""
    square: tuple[int, int] | None = None
    """For `->` / `v` results."""
    down: bool = False
    """`v` rather than `->`."""
    piece: PieceRef | None = None
    """For `*` results: the piece as it stood before."""
    color: str | None = None
    """"B" or "W" for `*` results."""
    stun: int | None = None
    """The stun count given (STK)."""

    def __str__(self) -> str:
        if self.piece is not None:
            stun = "" if self.stun is None else str(self.stun)
            return f"{self.kind}*{self.piece}{self.color}{stun}"
        assert self.square is not None
        return f"{self.kind}{'v' if self.down else '->'}{_loc(self.square)}"


@dataclass(frozen=True)
class TurnRecord:
    """One finished turn (RULES.md R12.2), actions in the fixed order."""

    move: PieceRef | None = None
    """The Moved piece (the Dozer for a doze); None for `MV:?` or a turn with no Move."""
    hidden_move: bool = False
    """The Move was not seen (`MV:?`)."""
    dest_level: str = "G"
    dest: tuple[int, int] | None = None
    passenger: PieceRef | None = None
    doze: tuple[tuple[str, tuple[int, int]], ...] | None = None
    """Doze: (type, origin) of each dozed piece, partner first ("?" for an unseen one)."""
    fires: tuple[FireRecord, ...] = ()
    pickups: tuple[tuple[PieceRef, str], ...] = ()
    exchanges: tuple[ExchangeRecord, ...] = ()
    reinforces: tuple[tuple[tuple[int, int], str, str | None], ...] = ()
    drops: tuple[tuple[PieceRef, str], ...] = ()
    results: tuple[ResultRecord, ...] = ()
    ending: str | None = None
    """"RESIGN" or "DRAW" when the turn ended the game that way."""

    def __str__(self) -> str:
        text = ""
        if self.hidden_move:
            text = "MV:?"
        elif self.move is not None:
            assert self.dest is not None
            text = f"MV:{self.move}->{LEVEL_MARK[self.dest_level]}{_loc(self.dest)}"
            if self.passenger is not None:
                text += f"-TRA->{self.passenger}"
            if self.doze is not None:
                text += ",DO>" + _loc(self.dest) + ",".join(
                    f"{t}{_loc(sq)}" for t, sq in self.doze)
        text += "".join(f.text(i) for i, f in enumerate(self.fires, start=1))
        text += "".join(f",PU:{p}^{a}" for p, a in self.pickups)
        text += "".join(str(e) for e in self.exchanges)
        text += "".join(f",RE:{_loc(sq)}{t}{HAND_MARK[h]}" for sq, t, h in self.reinforces)
        text += "".join(f",DR:{p}v{a}" for p, a in self.drops)
        if self.results:
            text += ",RS:" + ",".join(str(r) for r in self.results)
        if self.ending:
            text += ("," if text else "") + self.ending
        return text


class _Reader:
    """A cursor over a turn string (recursive descent on the R12.2 grammar)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def fail(self, what: str) -> NotationError:
        shown = self.text if len(self.text) <= 80 else self.text[:77] + "..."
        return NotationError(f"turn {shown!r}, at character {self.i}: expected {what}")

    def peek(self, s: str) -> bool:
        return self.text.startswith(s, self.i)

    def take(self, s: str) -> bool:
        if self.peek(s):
            self.i += len(s)
            return True
        return False

    def need(self, s: str) -> None:
        if not self.take(s):
            raise self.fail(repr(s))

    def done(self) -> bool:
        return self.i >= len(self.text)

    def number(self) -> int:
        j = self.i
        while j < len(self.text) and self.text[j] in "0123456789" and j - self.i < 6:
            j += 1
        if j == self.i:
            raise self.fail("a number")
        value = int(self.text[self.i:j])
        self.i = j
        return value

    def one_of(self, options, what: str) -> str:
        for o in options:
            if self.take(o):
                return o
        raise self.fail(what)

    def loc(self) -> tuple[int, int]:
        self.need("(")
        r = self.number()
        self.need(",")
        c = self.number()
        self.need(")")
        if not (1 <= r <= 10 and 1 <= c <= 10):
            raise self.fail("a square on the board")
        return r, c

    def level(self) -> str:
        if self.take("^"):
            return "A"
        if self.take("v"):
            return "S"
        return "G"

    def piece(self) -> PieceRef:
        code = self.one_of(TYPES, "a piece type")
        level = self.level()
        square = self.loc()
        articles: list[str] = []
        if self.i < len(self.text) and self.text[self.i] in "123":
            count = int(self.text[self.i])
            self.i += 1
            for _ in range(count):
                articles.append(self.one_of(ARTICLES, "an article code"))
        hand = None
        if self.take("<"):
            hand = "left"
        elif self.take(">"):
            hand = "right"
        return PieceRef(code, level, square, tuple(articles), hand)

    def piece_or_unseen(self) -> PieceRef | None:
        return None if self.take("?") else self.piece()


def parse_turn(text: str) -> TurnRecord:
    """Read one R12.2 turn string; NotationError says where it is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"expected a turn string, got {type(text).__name__}")
    rd = _Reader(text)
    fields: dict = {}
    if rd.take("MV:?"):
        fields["hidden_move"] = True
    elif rd.take("MV:"):
        fields["move"] = rd.piece()
        rd.need("->")
        fields["dest_level"] = rd.level()
        fields["dest"] = rd.loc()
        if rd.take("-TRA->"):
            fields["passenger"] = rd.piece()
        if rd.take(",DO>"):
            if rd.loc() != fields["dest"]:
                raise rd.fail("the Dozer's destination after DO>")
            dozed = []
            while True:
                code = "?" if rd.take("?") else rd.one_of(TYPES, "a dozed piece type")
                dozed.append((code, rd.loc()))
                if not (rd.peek(",") and _starts_piece(rd)):
                    break
                rd.need(",")
            fields["doze"] = tuple(dozed)
    fires: list[FireRecord] = []
    pickups: list[tuple[PieceRef, str]] = []
    exchanges: list[ExchangeRecord] = []
    reinforces: list[tuple[tuple[int, int], str, str | None]] = []
    drops: list[tuple[PieceRef, str]] = []
    results: list[ResultRecord] = []
    while not rd.done():
        if rd.take(",FI"):
            if rd.number() != len(fires) + 1:
                raise rd.fail(f"fire number {len(fires) + 1}")
            rd.need(":")
            art = rd.one_of(FIRE_ARTS, "a fire code")
            rd.need("/")
            piece = rd.piece()
            if rd.take("=>"):
                fires.append(FireRecord(art, piece, target=rd.piece()))
            else:
                rd.need("->")
                dest = rd.loc()
                fires.append(FireRecord(art, piece, dest=dest, dogleg=rd.take("<")))
        elif rd.take(",PU:"):
            piece = rd.piece()
            rd.need("^")
            pickups.append((piece, rd.one_of(ARTICLES, "an article code")))
        elif rd.take(",EX:"):
            piece = rd.piece()
            rd.need("->")
            art = rd.one_of(ARTICLES, "an article code")
            back = rd.one_of(ARTICLES, "an article code") if rd.take("<=>") else None
            rd.need("->")
            exchanges.append(ExchangeRecord(piece, art, back, rd.piece_or_unseen()))
        elif rd.take(",RE:"):
            sq = rd.loc()
            code = rd.one_of(TYPES, "a piece type")
            hand = "left" if rd.take("<") else "right" if rd.take(">") else None
            reinforces.append((sq, code, hand))
        elif rd.take(",DR:"):
            piece = rd.piece()
            rd.need("v")
            drops.append((piece, rd.one_of(ARTICLES, "an article code")))
        elif rd.take(",RS:"):
            results.append(_result(rd))
            while rd.peek(",") and not _starts_section(rd):
                rd.need(",")
                results.append(_result(rd))
        elif rd.take(",RESIGN") or (rd.i == 0 and rd.take("RESIGN")):
            fields["ending"] = "RESIGN"
        elif rd.take(",DRAW") or (rd.i == 0 and rd.take("DRAW")):
            fields["ending"] = "DRAW"
        else:
            raise rd.fail("a Fire, Pickup, Exchange, Reinforce, Drop or Results part")
        if "ending" in fields and not rd.done():
            raise rd.fail("the end of the turn after RESIGN/DRAW")
    if not fields.get("hidden_move") and "move" not in fields and "ending" not in fields:
        raise NotationError(f"turn {text!r}: expected 'MV:' (or RESIGN / DRAW)")
    return TurnRecord(fires=tuple(fires), pickups=tuple(pickups), exchanges=tuple(exchanges),
                      reinforces=tuple(reinforces), drops=tuple(drops), results=tuple(results),
                      **fields)


def _starts_piece(rd: _Reader) -> bool:
    rest = rd.text[rd.i + 1:]
    return rest.startswith("?") or any(rest.startswith(t) and rest[len(t):len(t) + 1] in "(^v"
                                       for t in TYPES)


def _starts_section(rd: _Reader) -> bool:
    return any(rd.peek(s) for s in (",FI", ",PU:", ",EX:", ",RE:", ",DR:", ",RS:", ",RESIGN",
                                    ",DRAW"))


def _result(rd: _Reader) -> ResultRecord:
    for kind in RESULT_KINDS:
        if rd.peek(kind) and rd.text[rd.i + len(kind):rd.i + len(kind) + 1] in ("*", "-", "v"):
            rd.take(kind)
            break
    else:
        kind = rd.one_of(TYPES, "a result kind")
        if not (rd.peek("->") or rd.peek("v")):
            raise rd.fail("'->' or 'v' after a piece type in a result")
    if rd.take("*"):
        piece = rd.piece()
        color = rd.one_of(("B", "W"), "a colour B or W")
        stun = rd.number() if rd.i < len(rd.text) and rd.text[rd.i] in "0123456789" else None
        return ResultRecord(kind, piece=piece, color=color, stun=stun)
    if rd.take("->"):
        return ResultRecord(kind, square=rd.loc())
    rd.need("v")
    return ResultRecord(kind, square=rd.loc(), down=True)


def turn_actions(turn: TurnRecord) -> list[str]:
    """The action texts of a turn in the record's fixed order (Move, Fires, Pickups, Exchanges,
    Reinforces, Drops, then End Turn). R12.2 keeps no other order, so a game replays from its turn
    strings alone only where that order gives the same result; save files also keep the true
    order (`actions`)."""
    if turn.hidden_move:
        raise NotationError("a turn with a hidden Move (MV:?) cannot be replayed")
    out = []
    if turn.move is not None:
        assert turn.dest is not None
        if turn.doze is not None:
            origin = turn.move.square
            group = sorted({sq for _, sq in turn.doze[1:] if sq != origin})
            out.append(f"DZ:{turn.move}->{_loc(turn.dest)}@" + "".join(_loc(sq) for sq in group))
        else:
            text = f"MV:{turn.move}->{LEVEL_MARK[turn.dest_level]}{_loc(turn.dest)}"
            if turn.passenger is not None:
                text += f"-TRA->{turn.passenger}"
            out.append(text)
    out += [f.text(1).replace(",FI1:", "FI:", 1) for f in turn.fires]
    out += [f"PU:{p}^{a}" for p, a in turn.pickups]
    out += [str(e)[1:] for e in turn.exchanges]
    out += [f"RE:{_loc(sq)}{t}{HAND_MARK[h]}" for sq, t, h in turn.reinforces]
    out += [f"DR:{p}v{a}" for p, a in turn.drops]
    if turn.ending == "RESIGN":
        out.append("RESIGN")
    elif turn.ending == "DRAW":
        out.append("DRAW")
    else:
        out.append("END")
    return out


def game_from_turns(initial: dict, turns: list[str]) -> Game:
    """Replay R12.2 turn strings from an initial position (in the record's fixed order)."""
    game = Game.from_position(initial)
    for i, text in enumerate(turns, start=1):
        for action in turn_actions(parse_turn(text)):
            if action == "RESIGN":
                game.resign()
            elif action == "DRAW":
                game.agree_draw()
            else:
                try:
                    game.apply(action)
                except WecError as e:
                    raise NotationError(f"turn {i}: {e}") from None
    return game
