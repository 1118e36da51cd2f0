"""The game record of a `Game` (RULES.md R12.2, R12.3).

Applying an action keeps only its raw material (an `Entry`: the core's action, the core's events,
who could see each piece before and after, and the pieces it names as they stood before it); the
R12.2 part each side may read is spelled out from that the first time the history is asked for.
So an action costs the same whatever the game's length, and undo/redo move entries, never
rebuild them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence, overload

from wec import rules
from wec.game.action import Action, LEVEL_MARK
from wec.game.coredata import (ACT_DOZE, ACT_DROP, ACT_END, ACT_EXCHANGE, ACT_FIRE, ACT_MOVE,
                       ACT_PICKUP, ACT_REINFORCE, CAUSE_CAPTURE, EV_CONVERTED, EV_ENTERED,
                       EV_PROJECTILE, EV_REMOVED, EV_STOPPED, EV_STUNNED, EV_SWEPT,
                       KILL_KIND, PROJECTILE_LETTER, ActionRecord, EventRecord, PieceRecord,
                       piece_info)
from wec.game.position import square_of

KIND_NAMES = {ACT_MOVE: "MOVE", ACT_DOZE: "DOZE", ACT_END: "END", ACT_FIRE: "FIRE",
              ACT_PICKUP: "PICKUP", ACT_DROP: "DROP", ACT_EXCHANGE: "EXCHANGE",
              ACT_REINFORCE: "REINFORCE"}
TURN_ORDER = {"MOVE": 0, "DOZE": 0, "FIRE": 1, "PICKUP": 2, "EXCHANGE": 3, "REINFORCE": 4,
              "DROP": 5}
Seen = tuple  # (dict pid -> LastSeen for black, the same for white)
Swept = tuple  # (projectiles' squares, black's flamed squares, white's): Entry.swept
Dozes = tuple  # (the dozes black's record names, white's): Entry.dozes
ArmedSeen = tuple  # (frozenset of enemy activation squares black saw armed, the same for white)


class Entry:
    """One applied action and what the record needs of it."""

    __slots__ = ("action", "raw", "name", "events", "vis_before", "vis_after", "pieces",
                 "dozed", "mover", "seen", "armed_seen", "swept", "dozes", "primary", "clock",
                 "_text", "_parts")

    def __init__(self, action: Action | None, raw: ActionRecord, name: str, *,
                 text: str | None = None, events: list[EventRecord] = [],
                 vis_before: tuple[bytes, bytes] = (b"", b""),
                 vis_after: tuple[bytes, bytes] = (b"", b""), pieces: dict[int, PieceRecord] = {},
                 dozed: tuple[int, ...] = (), mover: int = 0, seen: Seen = ({}, {}),
                 armed_seen: ArmedSeen = (frozenset(), frozenset()), swept: Swept = ({}, {}, {}),
                 dozes: Dozes = ({}, {}),
                 primary: tuple[tuple[int, frozenset[int]], ...] = ()) -> None:
        self.action = action
        """The action (None for a resign or an agreed draw)."""
        self.raw = raw
        """The core's record: redo applies it again without a search of the legal list."""
        self.name = name
        """MOVE, DOZE, FIRE, PICKUP, DROP, EXCHANGE, REINFORCE, END, RESIGN or DRAW."""
        self.events = events
        """What the action did (the core's events)."""
        self.vis_before = vis_before
        """Per side, a byte per piece id: could it see the piece before the action?"""
        self.vis_after = vis_after
        """The same after the action."""
        self.pieces = pieces
        """The pieces the record names, as they stood before the action (a piece that entered
        with it: as it entered)."""
        self.dozed = dozed
        """Doze: the pieces of the group (R4.11), in group order."""
        self.mover = mover
        """The side that acted."""
        self.seen = seen
        """Per side, the last sightings of hidden enemy pieces after the action (R10)."""
        self.armed_seen = armed_seen
        """Per side, the enemy activation squares it has seen armed (R8.4) up to this action."""
        self.swept = swept
        """Up to this action, (row, col, level) -> the last turn a weapon went through it: a
        projectile created on or flying into it (R7.6, R7.7; public, R10.6), then the squares
        Black's Flames swept, then White's (R7.1; each side knows its own)."""
        self.dozes = dozes
        """Up to this action, per side, (row, col) -> the dozes that side's record names with a
        piece it saw on that square (R4.11, R12.3): (turn, row step, col step), oldest first;
        a doze that stopped is not one (R4.11.1)."""
        self.primary = primary
        """Primary government pieces lost with it (R11.1): (colour, the sides that know)."""
        self.clock: tuple[float, float] | None = None
        """With clocks (wec.game.clock): the seconds each side had left after it (black,
        white); undo and redo set the clocks back to these."""
        self._text = text
        self._parts: tuple | None = None

    @property
    def text(self) -> str:
        """The action's text (`Game.actions()`)."""
        if self._text is None:
            self._text = str(self.action)
        return self._text

    def sees(self, who: int, side: int) -> bool:
        """The owner, or a side that saw the piece before or after the action."""
        raw = self.pieces.get(who)
        if raw is not None and raw.color == side:
            return True
        before, after = self.vis_before[side], self.vis_after[side]
        return (who < len(before) and before[who] == 1) or (who < len(after) and after[who] == 1)

    def readers(self, who: int) -> frozenset[int]:
        return frozenset(s for s in (0, 1) if self.sees(who, s))

    def parts(self) -> tuple[str, list[tuple[str, frozenset[int]]], dict[int | None, str | None]]:
        """(name, results with the sides that may read each, {reader: R12.2 part or None})."""
        if self._parts is None:
            self._parts = self._spell()
        return self._parts

    def _spell(self) -> tuple:
        if self.action is None:  # resign, draw
            return (self.name, [], {None: None, 0: None, 1: None})
        texts = {pid: piece_info(raw).text() for pid, raw in self.pieces.items()}
        results: list[tuple[str, frozenset[int]]] = []
        for e in self.events:
            ev, epid, info, color = e.kind, e.pid, e.info, e.color
            r, c = square_of(e.sq)
            side = "B" if color == 0 else "W"
            if ev == EV_PROJECTILE:  # projectiles are seen by both sides (R10.6)
                results.append((f"{PROJECTILE_LETTER[info]}->({r},{c})", frozenset((0, 1))))
                continue
            if ev == EV_SWEPT:  # R12.2 notates no flame square, no flight step (Entry.swept)
                continue
            text = texts[epid]
            who = self.readers(epid)
            if ev == EV_REMOVED:
                if info == CAUSE_CAPTURE:  # R4.2.3: the capturer learns what it met
                    who = who | {self.mover}
                results.append((f"{KILL_KIND.get(info, 'X')}*{text}{side}", who))
            elif ev == EV_STUNNED:
                results.append((f"STK*{text}{side}{info}", who))
            elif ev == EV_CONVERTED:
                results.append((f"CK*{text}{side}", who))
            elif ev in (EV_ENTERED, EV_STOPPED):
                code = rules.PIECE_TYPES[self.pieces[epid].type].code
                results.append((f"{code}->({r},{c})", who))
        parts = {reader: self._part_for(reader, texts) for reader in (None, 0, 1)}
        return (self.name, results, parts)

    def _part_for(self, side: int | None, texts: dict[int, str]) -> str | None:
        """The action's part as `side` may read it (None: in full); None if hidden."""
        raw = self.raw
        kind, pid, dest, passenger, target = raw.kind, raw.pid, raw.dest, raw.passenger, raw.target
        action = self.action
        assert action is not None

        def shown(who: int) -> bool:
            return side is None or self.sees(who, side)

        if kind in (ACT_MOVE, ACT_DOZE):
            r, c = square_of(dest)
            to = f"->{LEVEL_MARK[rules.LEVELS[raw.dlevel]]}({r},{c})"
            if not shown(pid):
                if kind == ACT_MOVE and passenger >= 0 and shown(passenger):
                    # a hidden carrier with a passenger in view: the side reads what it saw,
                    # the passenger's Move, as if it had moved alone (R10.6, R12.3)
                    return f"MV:{texts[passenger]}{to}"
                return "MV:?"
            text = f"MV:{texts[pid]}{to}"
            if kind == ACT_MOVE and passenger >= 0 and shown(passenger):
                text += "-TRA->" + texts[passenger]
            if kind == ACT_DOZE:
                partner = piece_info(self.pieces[passenger])
                code = partner.type if shown(passenger) else "?"
                text += f",DO>({r},{c}){code}({partner.row},{partner.col})"
                for q in self.dozed:
                    if shown(q):
                        info = piece_info(self.pieces[q])
                        text += f",{info.type}({info.row},{info.col})"
            return text
        if kind == ACT_REINFORCE:
            entered = [e.pid for e in self.events if e.kind == EV_ENTERED]
            return "," + self.text if not entered or shown(entered[0]) else None
        if kind == ACT_END or not shown(pid):
            return None
        if kind == ACT_FIRE:
            return self.text[3:]  # FireArt "/" Piece ...
        if kind == ACT_PICKUP:
            return f",PU:{texts[pid]}^{action.article}"
        if kind == ACT_DROP:
            return f",DR:{texts[pid]}v{action.article}"
        if kind == ACT_EXCHANGE:
            if shown(target):
                return "," + self.text
            back = f"<=>{action.swap}" if action.swap else ""
            return f",EX:{texts[pid]}->{action.article}{back}->?"
        return None


@dataclass(frozen=True)
class ActionNote:
    """One action of the record as a side may read it (RULES.md R12.2, R12.3): what a move list
    shows per action."""

    ply: int
    """Its index in the line: `goto(ply + 1)` shows the position after it."""
    side: str
    """"black" or "white": the side that acted."""
    kind: str
    """MOVE, DOZE, FIRE, PICKUP, DROP, EXCHANGE, REINFORCE, END, RESIGN or DRAW."""
    part: str | None
    """Its R12.2 action text as the reader may read it ("MV:?" for a Move it did not see; a
    Fire as "FI:Art/Piece..."); None when the reader may not read it at all."""
    results: tuple[str, ...] = ()
    """The R12.2 results of this action the reader may read."""


def action_note(entry: Entry, ply: int, reader: int | None) -> ActionNote:
    name, results, parts = entry.parts()
    part = parts[reader]
    if part is not None:
        part = part.lstrip(",")
        if name == "FIRE":
            part = "FI:" + part
    readable = tuple(r for r, who in results if reader is None or reader in who)
    return ActionNote(ply, rules.COLORS[entry.mover], name, part, readable)


class Line(Sequence["Entry"]):
    """The entries of the current line of play, in full chunks of CHUNK shared (as tuples) by
    every copy, and a tail list: copying a line copies the chunk list and the tail only, so
    `Game.clone` does not grow with the game. A list's reading API, plus `copy`."""

    CHUNK = 64
    __slots__ = ("_chunks", "_tail")

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._chunks: list[tuple[Entry, ...]] = []
        self._tail: list[Entry] = []
        for e in entries:
            self.append(e)

    def copy(self) -> "Line":
        other = Line.__new__(Line)
        other._chunks = list(self._chunks)
        other._tail = list(self._tail)
        return other

    def append(self, entry: Entry) -> None:
        self._tail.append(entry)
        if len(self._tail) == self.CHUNK:
            self._chunks.append(tuple(self._tail))
            self._tail = []

    def pop(self) -> Entry:
        if not self._tail:
            if not self._chunks:
                raise IndexError("pop from an empty line")
            self._tail = list(self._chunks.pop())
        return self._tail.pop()

    def __len__(self) -> int:
        return len(self._chunks) * self.CHUNK + len(self._tail)

    def __bool__(self) -> bool:
        return bool(self._tail) or bool(self._chunks)

    def __iter__(self) -> Iterator[Entry]:
        for chunk in self._chunks:
            yield from chunk
        yield from self._tail

    def __reversed__(self) -> Iterator[Entry]:
        yield from reversed(self._tail)
        for chunk in reversed(self._chunks):
            yield from reversed(chunk)

    @overload
    def __getitem__(self, i: int) -> Entry: ...
    @overload
    def __getitem__(self, i: slice) -> list[Entry]: ...

    def __getitem__(self, i: int | slice) -> Entry | list[Entry]:
        if isinstance(i, slice):
            if i.step is not None:
                return list(self)[i]
            start, stop, _ = i.indices(len(self))
            return [self[k] for k in range(start, stop)]  # the tail of a line is read often
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("line index out of range")
        chunk, k = divmod(i, self.CHUNK)
        return self._chunks[chunk][k] if chunk < len(self._chunks) else self._tail[k]

    def __add__(self, other: list[Entry]) -> list[Entry]:
        return list(self) + other


class Record:
    """The record of play a `Game` owns (R12.2, R12.4): the current line (one `Entry` per
    applied action), the actions taken back (redo's next last), and the abandoned lines kept as
    variations. The rules' refusals (R12.3: competitive mode) are the game's to make."""

    __slots__ = ("line", "redo", "variations", "_variation_keys", "_turns")

    def __init__(self) -> None:
        self.line = Line()
        """The current line of play."""
        self.redo: list[Entry] = []
        """The actions taken back, the next one to redo last."""
        self.variations: list[tuple[int, list[Entry]]] = []
        """Abandoned lines: (the ply where each leaves the line it was played from, its
        entries)."""
        self._variation_keys: set[tuple[int, tuple]] = set()
        self._turns: dict[int | None, TurnCache] = {}  # the finished turns' strings, per reader

    def copy(self) -> "Record":
        """An independent copy; its cost does not grow with the game (`Line.copy`)."""
        other = Record.__new__(Record)
        other.line = self.line.copy()
        other.redo = list(self.redo)
        other.variations = list(self.variations)
        other._variation_keys = set(self._variation_keys)
        other._turns = {}
        return other

    def keep_variation(self, ply: int, entries: list[Entry]) -> None:
        """Keep an abandoned line (its entries, made on this line's first `ply` actions), once:
        trying the same line again after going back (a long analysis session in the app) must
        not pile up copies of it."""
        key = (ply, tuple(e.raw for e in entries))
        if key not in self._variation_keys:
            self._variation_keys.add(key)
            self.variations.append((ply, entries))

    def take_variation(self, index: int) -> tuple[int, list[Entry]]:
        """Remove variation `index` from the kept ones and return it."""
        ply, entries = self.variations.pop(index)
        self._variation_keys.discard((ply, tuple(e.raw for e in entries)))
        return ply, entries

    def turns(self, reader: int | None) -> list[str]:
        """The R12.2 turn strings of the line's finished turns, as `reader` may read them
        (None: in full); only the turns after the last one still on the line are spelled."""
        return self._turns.setdefault(reader, TurnCache()).turns(self.line, reader)

    def turns_with_redo(self, reader: int | None) -> list[str]:
        """The same as if every redo action were applied again."""
        return turn_strings(self.line + self.redo[::-1], reader)

    def notes(self, reader: int | None, start: int, ahead: bool) -> list[ActionNote]:
        """One `ActionNote` per action from index `start` of the line on (with `ahead`, then
        the actions redo would bring back), as `reader` may read them."""
        entries = self.line[start:]
        if ahead:
            entries = entries + self.redo[::-1][max(0, start - len(self.line)):]
        return [action_note(e, start + i, reader) for i, e in enumerate(entries)]


class TurnCache:
    """The turn strings of one reader, kept with the entry that ends each turn: a call spells
    only the turns after the last one still on the line (an entry stands only on the prefix it
    was made on, so the same entry at the same index means the same turns before it)."""

    def __init__(self) -> None:
        self.ends: list[tuple[int, Entry]] = []  # (index in the line, the turn's last entry)
        self.strings: list[str] = []

    def turns(self, line: "Line | list[Entry]", reader: int | None) -> list[str]:
        while self.ends and (self.ends[-1][0] >= len(line)
                             or line[self.ends[-1][0]] is not self.ends[-1][1]):
            self.ends.pop()
            self.strings.pop()
        start = self.ends[-1][0] + 1 if self.ends else 0
        current: list[tuple] = []
        for i in range(start, len(line)):
            entry = line[i]
            current.append(entry.parts())
            if entry.name in ("END", "RESIGN", "DRAW"):
                self.ends.append((i, entry))
                self.strings.append(_turn_string(current, reader))
                current = []
        return list(self.strings)


def turn_strings(entries: list[Entry], reader: int | None) -> list[str]:
    """The R12.2 turn strings of the finished turns among `entries`, as `reader` may read them."""
    turns: list[str] = []
    current: list[tuple] = []
    for entry in entries:
        current.append(entry.parts())
        if entry.name in ("END", "RESIGN", "DRAW"):
            turns.append(_turn_string(current, reader))
            current = []
    return turns


def _turn_string(parts: list[tuple], reader: int | None) -> str:
    readable = [(kind, texts[reader]) for kind, _, texts in parts
                if kind in TURN_ORDER and texts[reader] is not None]
    text = ""
    fires = 0
    for kind, part in sorted(readable, key=lambda e: TURN_ORDER[e[0]]):
        if kind == "FIRE":
            fires += 1
            text += f",FI{fires}:{part}"
        else:
            text += part
    results = [r for _, res, _ in parts for r, who in res if reader is None or reader in who]
    if results:
        text += ",RS:" + ",".join(results)
    if parts and parts[-1][0] in ("RESIGN", "DRAW"):
        text += ("," if text else "") + parts[-1][0]
    return text


def ending_of(line: Sequence[Entry], result: str) -> str | None:
    """Why a game with `result` ended, read from its line (see `Game.end_reason`); None when
    the line does not tell."""
    if not line:
        return None
    last = line[-1]
    if last.name in ("RESIGN", "DRAW"):
        return "resignation" if last.name == "RESIGN" else "agreement"
    if last.name != "END":  # decided within a turn: the mover's own Fire left it no Move
        return "no legal move"
    for entry in reversed(line[:-1]):  # R11.1 counts the losses of the turn just ended
        if entry.name == "END":
            break
        if entry.primary:
            return "primary destroyed"
    if last.primary:  # lost to a projectile or a journey at End Turn
        return "primary destroyed"
    return "quiet turns" if result == "draw" else "no legal move"
