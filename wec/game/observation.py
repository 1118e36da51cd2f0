"""What one side may know (RULES.md R10.6): `Game.observation(color)`.

An Observation is a snapshot with the same read API as `Game`, restricted to that side's view: its
own pieces, the enemy pieces it can see, every article lying on the ground, the projectiles, the
enemy reserves as markers without type, and the history as that side may read it (R12.3). Its
`legal_actions()` are computed from the observation alone (hidden enemies block nothing, R10.7), so
they equal the game's for that side.
"""
from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping, Protocol

from wec import rules
from wec.game.action import Action, PieceInfo, ProjectileInfo
from wec.game.options import Options

REVEALED_FOR_GOOD = 10**6


@dataclass(frozen=True)
class LastSeen:
    """Where an enemy piece that is hidden now was last seen (for markers and possible locations)."""

    marker: int
    """Identifies the hidden piece across observations of one game."""
    type: str | None
    """Its type when last seen; None for a reserve that entered unseen (R8.4)."""
    color: str
    """Its side."""
    square: tuple[int, int]
    """The square where it was last seen."""
    level: str
    """The level where it was last seen."""
    turn: int
    """The turn in which it was last seen."""


class ObservedGame(Protocol):
    """What an observation reads of its game (`wec.game.game.Game` is one)."""

    @property
    def to_move(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def result(self) -> str | None: ...
    @property
    def moved(self) -> bool: ...
    @property
    def options(self) -> Options: ...
    def action_notes(self, color: str | None = None, start: int = 0, *,
                     ahead: bool = False) -> list[Any]: ...
    def from_position(self, pos: Mapping[str, Any]) -> "ObservedGame": ...
    def legal_actions(self) -> list[Action]: ...


class Observation:
    """One side's view of a game at one moment (R10.6)."""

    def __init__(self, game: ObservedGame, color: str, *, position: dict[str, Any],
                 pieces: list[PieceInfo], projectiles: list[ProjectileInfo],
                 history: list[str], last_seen: list[LastSeen],
                 sweeps: tuple[dict, dict] = ({}, {}), dozes: dict | None = None) -> None:
        self.color = color
        """The side whose view this is."""
        self.to_move = game.to_move
        self.turn = game.turn
        self.result = game.result
        self.moved = game.moved
        self.options = game.options
        self._position = position
        self._pieces = pieces
        self._projectiles = projectiles
        self._history = history
        self._last_seen = last_seen
        self._game = game
        self._sweeps = sweeps  # (projectiles', own Flames'): Entry.swept, never changed in place
        self._dozes = {} if dozes is None else dozes  # Entry.dozes, never changed in place

    def action_notes(self, start: int = 0, *, ahead: bool = False) -> list[Any]:
        """This side's record, one `wec.game.record.ActionNote` per action from index `start` on, as
        it may read them (R12.3): read from the game's record when asked, so a move list kept
        up to date action by action costs the same in a long game."""
        return self._game.action_notes(self.color, start, ahead=ahead)

    # --- the read API of Game, restricted ------------------------------------------------------

    def position(self, *, shared: bool = False) -> dict[str, Any]:
        """The position as this side knows it: hidden enemy pieces left out, enemy reserves as
        markers (`"type": null`), visible enemy pieces marked visible for good. `shared`: the
        observation's own dict, not a copy (for a caller that only reads it, e.g. to send it)."""
        return self._position if shared else copy.deepcopy(self._position)

    def pieces(self, color: str | None = None) -> list[PieceInfo]:
        return [p for p in self._pieces if color is None or p.color == color]

    def pieces_at(self, row: int, col: int, level: str | None = None) -> list[PieceInfo]:
        return [p for p in self._pieces
                if (p.row, p.col) == (row, col) and level in (None, p.level)]

    def articles_at(self, row: int, col: int) -> tuple[str, ...]:
        return tuple(a["type"] for a in self._position["articles"] if a["square"] == [row, col])

    def projectiles(self) -> list[ProjectileInfo]:
        return list(self._projectiles)

    def ground_articles(self) -> list[tuple[str, tuple[int, int]]]:
        """Every article lying on the ground (all are public, R10.6): (code, square)."""
        return [(a["type"], (a["square"][0], a["square"][1])) for a in self._position["articles"]]

    def reserves(self) -> list[dict[str, Any]]:
        """Own reserves in full; enemy reserves only as squares (R8.4: not which piece)."""
        return copy.deepcopy(self._position["reserves"]) + copy.deepcopy(
            self._position.get("enemy_reserves", []))

    def history(self) -> list[str]:
        """The turn strings as this side may read them (R12.3)."""
        return list(self._history)

    def legal_actions(self) -> list[Action]:
        """This side's legal actions, computed from the observation alone (R10.7)."""
        if self.color != self.to_move or self.result is not None:
            return []
        return self._game.from_position(self._game_position()).legal_actions()

    def legal_moves(self) -> list[Action]:
        return [a for a in self.legal_actions() if a.kind in ("move", "doze")]

    # --- hidden enemies --------------------------------------------------------------------------

    def last_seen(self) -> list[LastSeen]:
        """One record per enemy piece this side cannot see now: where it was last seen."""
        return list(self._last_seen)

    def projectile_sweeps(self) -> dict[tuple[int, int, str], int]:
        """(row, col, level) -> the last turn a projectile, of either side, was created on or
        flew into that square and level (R7.6, R7.7). Projectiles are public (R10.6): a hidden
        piece last seen there since was hit (R7.7: every piece at that level) or had left."""
        return dict(self._sweeps[0])

    def flame_sweeps(self) -> dict[tuple[int, int, str], int]:
        """(row, col, level) -> the last turn this side's own Flame swept that square and level
        (R7.1: every piece there is hit; the shooter's record names no hidden piece, R12.3)."""
        return dict(self._sweeps[1])

    def dozes(self) -> dict[tuple[int, int], tuple[tuple[int, int, int], ...]]:
        """(row, col) -> the dozes this side's record names with a piece it saw on that Ground
        square (R4.11, R12.3): (turn, row step, col step) of each, oldest first. Every hidden
        piece at the Ground of a dozed square moved with the group (R4.11.1): one last seen
        there since went that way, if it had not left. A doze that stopped is not one."""
        return dict(self._dozes)

    def possible_locations(self) -> dict[int, frozenset[tuple[int, int]]]:
        """For each hidden enemy piece (by marker), every square where it could be now, given
        what this side has seen: its last sighting, the enemy turns since then, and the ways a
        piece can travel in a turn (its own moves, a carrier, a doze, a transport step)."""
        out = {}
        full = self._full_squares()
        for seen in self._last_seen:
            turns = self._enemy_turns_since(seen.turn)
            squares = reachable(seen.type, seen.color, seen.square, turns, self.options)
            out[seen.marker] = frozenset(squares - full)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Everything in the observation as plain data (for a player process or a test)."""
        return {"color": self.color, "to_move": self.to_move, "turn": self.turn,
                "result": self.result, "moved": self.moved, "position": self.position(),
                "history": self.history(),
                "last_seen": [dataclasses.asdict(s) for s in self._last_seen]}

    # --- helpers -------------------------------------------------------------------------------

    def _game_position(self) -> dict[str, Any]:
        pos = self.position()
        pos.pop("enemy_reserves", None)
        return pos

    def _enemy_turns_since(self, turn: int) -> int:
        """Enemy turns from the sighting's turn to now, both included (Black's turns are the odd
        ones, R1.4): the most the piece can have travelled."""
        enemy_parity = 1 if self.color == "white" else 0
        return sum(1 for u in range(turn, self.turn + 1) if u % 2 == enemy_parity)

    def _full_squares(self) -> set[tuple[int, int]]:
        """Squares whose three levels are each full of pieces this side sees."""
        count: dict[tuple[int, int, str], int] = {}
        for p in self._pieces:
            count[(p.row, p.col, p.level)] = count.get((p.row, p.col, p.level), 0) + 1
        return {(r, c) for r in range(1, 11) for c in range(1, 11)
                if all(count.get((r, c, lvl), 0) >= 2 for lvl in rules.LEVELS)}


def displacements(code: str | None, color: str, options: Any) -> set[tuple[int, int]]:
    """Every (dr, dc) one turn can take a piece of this type (None: of any type),
    over-approximated: its own moves (both hands, unblocked), a helicopter's leaps (as a
    passenger), and king steps (a doze, a submarine carrying it, a transport step)."""
    codes = [code] if code is not None else list(rules.TYPE_INDEX)
    offsets: set[tuple[int, int]] = {(0, 0)} | set(rules.DIRECTIONS)
    heli = rules.PIECE_TYPES[rules.TYPE_INDEX["CH"]]
    for hand in ("left", "right"):
        for c in codes:
            ptype = rules.PIECE_TYPES[rules.TYPE_INDEX[c]]
            offsets |= {p.steps[-1] for p in rules.movement_paths(ptype, hand, options)}
        offsets |= {p.steps[-1] for p in rules.movement_paths(heli, hand, options)}
    sign = 1 if color == "white" else -1
    return {(sign * dr, sign * dc) for dr, dc in offsets}


def reachable(code: str | None, color: str, start: tuple[int, int], turns: int,
              options: Any) -> set[tuple[int, int]]:
    """Squares a piece could reach in `turns` of its side (each: a move, then a transport step
    at the start of the next turn of its side)."""
    steps = displacements(code, color, options)
    kings = {(0, 0)} | set(rules.DIRECTIONS)
    here = {start}
    for _ in range(turns):
        nxt = set()
        for r, c in here:
            for dr, dc in steps:
                for kr, kc in kings:
                    rr, cc = r + dr + kr, c + dc + kc
                    if 1 <= rr <= 10 and 1 <= cc <= 10:
                        nxt.add((rr, cc))
        here = nxt
        if len(here) == 100:
            break
    return here
