"""One side's view of a game as planes of numbers (docs/RL.md), for learning programs
(`wec.rl`, the OpenSpiel binding's tensors).

The planes are built by the core (wec._core.planes) only from what that side may know (R10.6):
its own pieces, the enemy pieces it can see (the visibility `Game.observation` uses), the public
things, and where it last saw each enemy piece it cannot see now. `Views` keeps both sides'
sightings of one game's engine, updated after every action."""
from __future__ import annotations

from typing import Any

import numpy as np

from wec._core.engine import Engine
from wec._core.planes import AGE_SCALE, CHANNELS, LAYOUT, Sightings

SHAPE = (CHANNELS, 10, 10)
"""The shape of one side's planes: channels x rows x columns (row 1 first, column 1 first)."""

__all__ = ["AGE_SCALE", "CHANNELS", "LAYOUT", "SHAPE", "Views", "channel_slices"]


def channel_slices() -> dict[str, slice]:
    """Each group of planes (LAYOUT's names) as a slice of the channels."""
    out, start = {}, 0
    for name, n in LAYOUT:
        out[name] = slice(start, start + n)
        start += n
    return out


class Views:
    """What each side of one game has seen, action by action: call `update()` after every
    action applied to the engine (its game's `_engine`), then `planes()` for a side."""

    def __init__(self, engine: Engine, max_turns: int = 200) -> None:
        self.sides = (Sightings(engine, 0), Sightings(engine, 1))
        self.max_turns = max_turns

    def copy(self) -> "Views":
        other = Views.__new__(Views)
        other.sides = (self.sides[0].copy(), self.sides[1].copy())
        other.max_turns = self.max_turns
        return other

    clone = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> "Views":
        return self.copy()

    def update(self, engine: Engine) -> None:
        """After an action of the engine's game."""
        self.sides[0].update(engine)
        self.sides[1].update(engine)

    def planes(self, engine: Engine, side: int, out: np.ndarray | None = None) -> np.ndarray:
        """The side's planes (SHAPE, float32), written into `out` when given."""
        if out is None:
            out = np.empty(SHAPE, np.float32)
        self.sides[side].fill(engine, out, self.max_turns)
        return out

    def true_planes(self, engine: Engine, side: int, out: np.ndarray | None = None
                    ) -> np.ndarray:
        """The true state seen from the side's seat (every enemy piece, no ghosts): for a
        centralised critic only, never for a player."""
        if out is None:
            out = np.empty(SHAPE, np.float32)
        self.sides[side].fill(engine, out, self.max_turns, True)
        return out
