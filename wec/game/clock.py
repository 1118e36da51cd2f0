"""Game clocks: a time control per game (a base time per side and a Fischer increment), and the
seconds each side has left.

RULES.md says nothing of time; a game with clocks follows chess: the side to move spends its own
time, End Turn adds the increment to the mover's clock, and a side whose time runs out loses
("on time", the flag), whatever the board shows.

The facade never reads the wall clock: whoever measures time (the app's window, a server)
charges it to the game (`Game.charge`), so a game's clocks are as exact and as repeatable as its
caller's measure, and a test charges what it likes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from wec.game.errors import PositionError, shown

COLORS = ("black", "white")
MAX_SECONDS = 10.0 ** 7
"""About 115 days: more than any game's time, small enough to stay exact in JSON."""


@dataclass(frozen=True)
class TimeControl:
    """How much time each side gets: `base_seconds` at the start, `increment_seconds` more at
    each of its End Turns (Fischer)."""

    base_seconds: float
    """Each side's time at the start of the game, in seconds (more than 0)."""
    increment_seconds: float = 0.0
    """Seconds added to the mover's clock at each End Turn (Fischer increment; 0 or more)."""

    def __post_init__(self) -> None:
        for name, value, low in (("base_seconds", self.base_seconds, 0.0),
                                 ("increment_seconds", self.increment_seconds, 0.0)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                    not math.isfinite(value) or value < low or value > MAX_SECONDS:
                raise ValueError(f"{name}: expected seconds in 0..{MAX_SECONDS:.0f}, got "
                                 f"{shown(value)}")
        if self.base_seconds <= 0:
            raise ValueError("base_seconds: a clock needs some time at the start")
        object.__setattr__(self, "base_seconds", float(self.base_seconds))
        object.__setattr__(self, "increment_seconds", float(self.increment_seconds))

    @classmethod
    def minutes(cls, base_minutes: float, increment_seconds: float = 0.0) -> "TimeControl":
        """The chess way of saying it: "5+3" is `TimeControl.minutes(5, 3)`."""
        return cls(base_minutes * 60.0, increment_seconds)

    def label(self) -> str:
        """"5+3" (minutes + seconds), or "90s+2" when the base is not whole minutes."""
        base = self.base_seconds
        head = f"{base / 60:g}" if base % 60 == 0 else f"{base:g}s"
        return f"{head}+{self.increment_seconds:g}"


@dataclass(frozen=True)
class ClockReading:
    """The clocks of a game at one moment (`Game.clock`)."""

    control: TimeControl
    """The game's time control."""
    black: float
    """Seconds Black has left (0 once its time has run out)."""
    white: float
    """Seconds White has left."""
    running: str | None
    """The side whose time runs now: the side to move while the game goes on, else None."""
    flagged: str | None
    """The side whose time ran out (it lost on time), or None."""

    def remaining(self, color: str) -> float:
        """Seconds `color` has left."""
        return self.black if color == "black" else self.white


class Clock:
    """A game's clocks, as the game keeps them: its time control and the seconds left per side
    (black, white). Changed only through `Game`."""

    __slots__ = ("control", "left")

    def __init__(self, control: TimeControl, left: tuple[float, float] | None = None) -> None:
        self.control = control
        self.left: list[float] = list(left) if left is not None else [control.base_seconds] * 2

    def copy(self) -> "Clock":
        return Clock(self.control, (self.left[0], self.left[1]))

    def marks(self) -> tuple[float, float]:
        """The seconds left per side (black, white), as a record keeps them."""
        return self.left[0], self.left[1]

    def spend(self, side: int, seconds: float) -> None:
        """Take `seconds` off `side`'s clock (never below 0)."""
        self.left[side] = max(0.0, self.left[side] - seconds)

    def add_increment(self, side: int) -> None:
        """End Turn: the mover gets the increment."""
        self.left[side] = min(MAX_SECONDS, self.left[side] + self.control.increment_seconds)

    def flagged(self, to_move: int) -> int | None:
        """The side out of time (the side to move first: only it spends time), or None."""
        for side in (to_move, 1 - to_move):
            if self.left[side] <= 0:
                return side
        return None

    def to_dict(self) -> dict[str, Any]:
        """The position's "clock" (docs/FORMATS.md)."""
        return {"base_seconds": self.control.base_seconds,
                "increment_seconds": self.control.increment_seconds,
                "remaining": dict(zip(COLORS, self.left))}


def seconds_left(value: Any, where: str) -> float:
    """Seconds a side has left: a number in 0..MAX_SECONDS (ValueError naming `where`)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not math.isfinite(value) or not 0 <= value <= MAX_SECONDS:
        raise ValueError(f"{where}: expected seconds in 0..{MAX_SECONDS:.0f}, got {shown(value)}")
    return float(value)


def marks_of(value: Any, where: str) -> tuple[float, float]:
    """[black, white] seconds left, as a save and a journal write them."""
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{where}: expected [black, white] seconds, got {shown(value)}")
    return seconds_left(value[0], f"{where}[0]"), seconds_left(value[1], f"{where}[1]")


CLOCK_KEYS = {"base_seconds", "increment_seconds", "remaining"}


def parse_clock(value: Any, where: str = "clock") -> Clock:
    """A position's "clock" (docs/FORMATS.md); PositionError names the problem."""
    if not isinstance(value, dict):
        raise PositionError(f"{where}: expected an object, got {shown(value)}")
    for key in value:
        if key not in CLOCK_KEYS:
            raise PositionError(f"{where}: unknown key {shown(key)}")
    if "base_seconds" not in value:
        raise PositionError(f"{where}: missing key 'base_seconds'")
    try:
        control = TimeControl(value["base_seconds"], value.get("increment_seconds", 0.0))
        remaining = value.get("remaining")
        if remaining is None:
            return Clock(control)
        if not isinstance(remaining, dict) or set(remaining) - set(COLORS):
            raise ValueError(f"remaining: expected {{\"black\": seconds, \"white\": seconds}}, "
                             f"got {shown(remaining)}")
        left = tuple(seconds_left(remaining.get(c, control.base_seconds), f"remaining.{c}")
                     for c in COLORS)
    except ValueError as e:
        raise PositionError(f"{where}.{e}") from None
    return Clock(control, (left[0], left[1]))


def mark_entries(line: Sequence[Any], marks: Any, start: int) -> None:
    """Loading: give the line's entries from index `start` on the clocks after each of them
    (`Game.clock_marks`); ValueError names a bad mark."""
    if not isinstance(marks, list) or len(marks) != len(line) - start:
        raise ValueError(f"expected {len(line) - start} marks, one per action")
    for i, mark in enumerate(marks):
        line[start + i].clock = marks_of(mark, f"[{i}]")
