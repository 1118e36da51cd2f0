"""The server's game clocks: the game keeps them (wec.game.clock), the server measures the time.

The side to move spends its time from the moment the server sent the `state` that gave it the
move (the previous action's state, or the start) to the moment its next request is handled
(`settle`, server time: what a client says of time is never read). End Turn adds the increment
(the facade does it). A timer per game falls due when the mover's time would run out, so a
silent mover loses on time as well: the timer settles the clock, and a clock at 0 ends the game
("time"). No clock runs while neither seat of the game has a connection (the game is
adjourned: both players left it, or the server restarted); a seat coming back starts it again.
The clocks after each action are stored with it, so a restart keeps them; the time the mover
had spent since its last action before a restart is not charged (the server was away).
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable

from wec.game.clock import COLORS, TimeControl
from wec.game.game import Game
from wec.online.store import StoredGame

log = logging.getLogger(__name__)

SLACK = 0.005
"""Seconds a timer waits past the moment the mover's time runs out (so the settle finds 0)."""


def control_of(spec: dict[str, float] | None) -> TimeControl | None:
    """The TimeControl of a frame's `time_control` (checked by the protocol), or None."""
    if spec is None:
        return None
    return TimeControl(spec["base_seconds"], spec.get("increment_seconds", 0.0))


def spec_of(game: Game) -> dict[str, float] | None:
    """A game's time control as a frame's `time_control`, or None."""
    reading = game.clock
    if reading is None:
        return None
    return {"base_seconds": reading.control.base_seconds,
            "increment_seconds": reading.control.increment_seconds}


class RoomClock:
    """A game's clocks as the server runs them: since when the mover's time runs (None before
    the game starts), and the timer that falls due when it would run out."""

    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now
        self.since: float | None = None
        self.timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        """The game starts (or is reloaded): the mover's time runs from now."""
        if self.since is None:
            self.since = self.now()

    def pause(self) -> None:
        """No time runs (the game is adjourned) until `start` (settle first)."""
        self.cancel()
        self.since = None

    def settle(self, game: Game) -> bool:
        """Charge the mover the time since the clock was last settled; True if its time has
        run out (the game is then over on time)."""
        if self.since is None or game.result is not None:
            return False
        now = self.now()
        game.charge(max(0.0, now - self.since))
        self.since = now
        return game.flagged is not None

    def reading(self, game: Game) -> dict[str, Any] | None:
        """The state's `clock`: the seconds each side has left now (the mover's running time
        included, not charged), which side's clock runs, which one fell."""
        reading = game.clock
        if reading is None:
            return None
        left = {"black": reading.black, "white": reading.white}
        running = reading.running if self.since is not None else None
        if running is not None and self.since is not None:
            left[running] = max(0.0, left[running] - max(0.0, self.now() - self.since))
        return {"base_seconds": reading.control.base_seconds,
                "increment_seconds": reading.control.increment_seconds,
                "remaining": {side: round(value, 3) for side, value in left.items()},
                "running": running, "flagged": reading.flagged}

    def stamp(self, frame: dict[str, Any], game: Game) -> dict[str, Any]:
        """A state frame with the clocks as they are now (the frame itself is shared and
        kept: a copy)."""
        reading = self.reading(game)
        return frame if reading is None else {**frame, "clock": reading}

    def arm(self, game: Game, due: Callable[[], None]) -> None:
        """(Re)set the timer: `due` runs when the mover's time would run out (nothing when the
        game is over, has not started, or no event loop runs)."""
        self.cancel()
        reading = game.clock
        if reading is None or reading.running is None or self.since is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        left = reading.remaining(reading.running) - max(0.0, self.now() - self.since)
        self.timer = loop.call_later(max(0.0, left) + SLACK, due)

    def cancel(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


def restore_clock(game: Game, stored: StoredGame) -> None:
    """A reloaded game's clocks as they were stored after its last action (only the last
    marks: a game rebuilt from a later position than its start has fewer entries than
    actions), and at 0 for a side whose time ran out."""
    reading = game.clock
    if reading is None:
        return
    line = len(game.record.line)
    left = {"black": reading.black, "white": reading.white}
    if stored.clock_marks:
        left["black"], left["white"] = stored.clock_marks[-1]
    if stored.reason == "time" and stored.result in COLORS:
        left[COLORS[1 - COLORS.index(stored.result)]] = 0.0
    game.restore_clock([], line, now=[left["black"], left["white"]])
