"""Game clocks in the play window: the choice in the New Game dialog (`ClockChoice`), the two
clocks shown above the side panel (`ClockFace`), and the controller that runs them
(`ClockController`).

The game keeps the clocks (wec.game.clock); the window only measures time. A QTimer ticks while
the window is shown, and each tick (and each action, `settle`) charges the time measured since
the last one, with a QElapsedTimer, to the side to move, human or computer alike. When a side's
time runs out the game ends on time: the computer stops thinking, the autosave is brought up to
date and the game-over box says so. A computer's time runs while it thinks (paused autoplay, or
a computer waiting after the player went back, spends none). The hand-off cover between two players stops nothing: the
time of the side to move runs while it comes to the screen. A hidden window (before it is first
shown, e.g. while the game of the last run is resumed) runs no clock.

The computer's time for a turn is its setting, but never more than a share of what its clock
has left (`computer_seconds`), decided at the turn's first action.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer
from PySide6.QtWidgets import (QComboBox, QDoubleSpinBox, QFrame, QHBoxLayout, QLabel,
                               QSpinBox, QWidget)

from wec.files import autosave
from wec.game.clock import TimeControl
from wec.gui.play.host import PlayWindow

TICK_MS = 100
"""How often the running clock is charged and shown."""
PRESETS: list[tuple[str, TimeControl | None]] = [
    ("No clock", None),
    ("1+0 (bullet)", TimeControl.minutes(1, 0)),
    ("3+2 (blitz)", TimeControl.minutes(3, 2)),
    ("5+3 (blitz)", TimeControl.minutes(5, 3)),
    ("10+5 (rapid)", TimeControl.minutes(10, 5)),
    ("15+10 (rapid)", TimeControl.minutes(15, 10)),
]
"""The New Game dialog's clocks: minutes per side + seconds added at each End Turn."""
CUSTOM = "custom"
LOW_SECONDS = 20.0
"""A clock under this (or under a tenth of the base time, whichever is less) shows red."""
TURN_SHARE = 20
"""The computer spends at most 1/TURN_SHARE of its time left (plus half its increment) on one
turn: it keeps time for the turns to come."""


def clock_text(seconds: float) -> str:
    """m:ss (h:mm:ss from an hour; tenths under ten seconds, as chess clocks show them)."""
    if seconds < 10:  # tenths cut, not rounded: 9.96 is still under ten seconds
        return f"0:{math.floor(max(0.0, seconds) * 10) / 10:04.1f}"
    whole = int(seconds)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def computer_seconds(setting: float, left: float, increment: float) -> float:
    """The computer's time for a turn: its setting, but no more than a share of its time left
    (and never all of it)."""
    share = left / TURN_SHARE + increment / 2
    return max(0.05, min(setting, share, left / 2))


class ClockChoice(QWidget):
    """The New Game dialog's "Clock": none, a preset, or a custom base and increment."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combo = QComboBox()
        self.combo.setObjectName("new_clock")
        for label, control in PRESETS:
            self.combo.addItem(label, control)
        self.combo.addItem("Custom…", CUSTOM)
        self.minutes = QSpinBox()
        self.minutes.setObjectName("new_clock_minutes")
        self.minutes.setRange(1, 600)
        self.minutes.setValue(10)
        self.minutes.setSuffix(" min")
        self.increment = QDoubleSpinBox()
        self.increment.setObjectName("new_clock_increment")
        self.increment.setRange(0.0, 600.0)
        self.increment.setDecimals(0)
        self.increment.setValue(5)
        self.increment.setPrefix("+ ")
        self.increment.setSuffix(" s per turn")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.combo, 1)
        lay.addWidget(self.minutes)
        lay.addWidget(self.increment)
        self.setToolTip("Each side's time (minutes) and the seconds added at each of its End "
                        "Turns; a side whose time runs out loses")
        self.combo.currentIndexChanged.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        custom = self.combo.currentData() == CUSTOM
        self.minutes.setVisible(custom)
        self.increment.setVisible(custom)

    def choose(self, control: TimeControl | None) -> None:
        """Show `control`: its preset, else Custom with its numbers."""
        for i in range(self.combo.count()):
            if self.combo.itemData(i) == control:
                self.combo.setCurrentIndex(i)
                return
        assert control is not None
        self.combo.setCurrentIndex(self.combo.findData(CUSTOM))
        self.minutes.setValue(max(1, round(control.base_seconds / 60)))
        self.increment.setValue(control.increment_seconds)

    def time_control(self) -> TimeControl | None:
        data = self.combo.currentData()
        if data == CUSTOM:
            return TimeControl.minutes(self.minutes.value(), self.increment.value())
        return data if isinstance(data, TimeControl) else None


class ClockFace(QFrame):
    """Both clocks, Black's and White's: time left as m:ss, the running one framed, low time
    red."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clocks")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 2, 0, 2)
        self.labels: dict[str, QLabel] = {}
        for color in ("black", "white"):
            label = QLabel("")
            label.setObjectName(f"clock_{color}")
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            font = label.font()
            font.setPointSizeF(font.pointSizeF() * 1.4)
            font.setBold(True)
            label.setFont(font)
            self.labels[color] = label
            lay.addWidget(label, 1)

    def show_clock(self, reading: Any) -> None:
        """`reading`: the game's `ClockReading` (None: the game has no clocks)."""
        self.setVisible(reading is not None)
        if reading is None:
            return
        low = min(LOW_SECONDS, reading.control.base_seconds / 10)
        for color, label in self.labels.items():
            left = reading.remaining(color)
            running = reading.running == color
            text_colour = "#c00000" if left < low or reading.flagged == color else "#1b1b1f"
            back = "#fff4c2" if running else "transparent"
            frame = "#b08a00" if running else "#c8c8c8"
            shown = "out of time" if reading.flagged == color else clock_text(left)
            label.setText(f"{color.capitalize()}  {shown}")
            label.setStyleSheet(f"color: {text_colour}; background: {back}; "
                                f"border: 2px solid {frame}; border-radius: 4px; padding: 2px;")
            label.setProperty("running", running)


class ClockController(QObject):
    """Runs the side to move's clock of the game in hand and shows both."""

    def __init__(self, window: PlayWindow) -> None:
        super().__init__(window.as_widget())  # its timer goes with the window
        self.win = window
        self.face = ClockFace()
        layout = window.side.layout()  # the clocks head the side panel
        if layout is not None and hasattr(layout, "insertWidget"):
            layout.insertWidget(0, self.face)
        self._elapsed = QElapsedTimer()
        self._elapsed.start()
        self.now: Callable[[], float] = lambda: self._elapsed.nsecsElapsed() / 1e9
        """Seconds on a steady clock (tests give their own)."""
        self._last = self.now()
        self._serial = -1
        self._thinking = False  # the computer was thinking at the last tick
        self._turn_budget: tuple[Any, float] = ((), 0.0)
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        self.show()

    def set_time_source(self, now: Callable[[], float]) -> None:
        """Measure time with `now` (seconds on a steady clock) from here on: tests give a
        clock of their own."""
        self.now = now
        self._last = now()

    def tick(self) -> bool:
        """Charge the time since the last tick to the side to move; True if its time ran out
        now (the game is then over)."""
        w = self.win
        g = w.game
        now = self.now()
        spent, self._last = now - self._last, now
        if self._serial != w.game_serial:  # another game in hand: its clocks start now
            self._serial = w.game_serial
            spent = 0.0
        # a computer side's time runs while it thinks: paused autoplay, or a computer waiting
        # after the player went back, spends none (its last stretch is charged with its action)
        thinking, was_thinking = w.worker.busy, self._thinking
        self._thinking = thinking
        if w.is_computer(g.to_move) and not (thinking or was_thinking):
            spent = 0.0
        if g.clock is None or g.result is not None or not w.as_widget().isVisible():
            self.show()
            return False
        g.charge(max(0.0, spent))
        if g.flagged is not None:
            self._out_of_time()
            return True
        self.show()
        return False

    def settle(self) -> bool:
        """Before an action: the time up to it is the mover's. True if its time ran out."""
        return self.tick()

    def show(self) -> None:
        self.face.show_clock(self.win.game.clock)

    def computer_seconds(self, setting: float, turn: tuple) -> float:
        """The computer's time for the turn `turn` (decided once, at its first action)."""
        g = self.win.game
        clock = g.clock
        if clock is None:
            return setting
        if self._turn_budget[0] != turn:
            self._turn_budget = (turn, computer_seconds(setting, clock.remaining(g.to_move),
                                                        clock.control.increment_seconds))
        return self._turn_budget[1]

    def _out_of_time(self) -> None:
        w = self.win
        g = w.game
        w.worker.cancel()
        w.thinking.hide()
        autosave.flush(g)  # the file knows the game is over: it is not resumed
        self.show()
        w.refresh()
        loser = str(g.flagged).capitalize()
        w.say(f"{loser} ran out of time: {str(g.result).capitalize()} wins on time.")
        w.game_over()
