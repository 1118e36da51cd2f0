"""What the board shows at one moment, read once from a `wec.Game` or an observation.

The board widget paints from a `BoardSnapshot` only, so a repaint never calls into the engine and
a hotseat player's board is built from `game.observation(color)` alone (R10.6).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from wec.game.action import PieceInfo, ProjectileInfo

Square = tuple[int, int]


class BoardSource(Protocol):
    """The read API shared by `wec.Game` and its observations."""

    def pieces(self, color: str | None = None) -> list[PieceInfo]: ...
    def projectiles(self) -> list[ProjectileInfo]: ...
    def reserves(self) -> list[dict[str, Any]]: ...
    def position(self) -> dict[str, Any]: ...


@dataclass
class LastSeenMark:
    """A hidden enemy piece where it was last seen (R10)."""

    type: str | None
    color: str
    square: Square
    level: str


@dataclass
class BoardSnapshot:
    """Everything drawn on the board, by square."""

    pieces: dict[Square, dict[str, list[PieceInfo]]] = field(default_factory=dict)
    articles: dict[Square, tuple[str, ...]] = field(default_factory=dict)
    projectiles: list[ProjectileInfo] = field(default_factory=list)
    reserves: dict[Square, list[dict[str, Any]]] = field(default_factory=dict)
    last_seen: list[LastSeenMark] = field(default_factory=list)
    possible: set[Square] = field(default_factory=set)
    viewer: str | None = None
    """The side whose observation this is; None for the whole game."""

    def at(self, row: int, col: int, level: str) -> list[PieceInfo]:
        return self.pieces.get((row, col), {}).get(level, [])

    def articles_at(self, row: int, col: int) -> tuple[str, ...]:
        return self.articles.get((row, col), ())

    @classmethod
    def empty(cls) -> "BoardSnapshot":
        return cls()

    @classmethod
    def of(cls, source: Any, *, viewer: str | None = None,
           possible_locations: bool = False) -> "BoardSnapshot":
        """Read a `wec.Game` or an observation (then hidden enemies as last-seen markers, and with
        `possible_locations` the squares where they could be now)."""
        snap = cls(viewer=viewer)
        for p in source.pieces():
            snap.pieces.setdefault((p.row, p.col), {}).setdefault(p.level, []).append(p)
        for code, sq in source.ground_articles():
            snap.articles[sq] = snap.articles.get(sq, ()) + (code,)
        snap.projectiles = list(source.projectiles())
        for r in source.reserves():
            if r.get("entered"):
                continue
            snap.reserves.setdefault((r["square"][0], r["square"][1]), []).append(r)
        if hasattr(source, "last_seen"):
            for s in source.last_seen():
                snap.last_seen.append(LastSeenMark(s.type, s.color, s.square, s.level))
            if possible_locations:
                for squares in source.possible_locations().values():
                    snap.possible |= set(squares)
        return snap
