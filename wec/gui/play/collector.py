"""Python's cyclic garbage collector, pinned to the window's thread.

CPython collects in whichever thread crosses its allocation threshold. The app has Python
threads besides the window's (the autosave's fsync thread; the AI thinks in its own process),
and a collection there may destroy Qt objects caught in reference cycles from the wrong thread:
Qt then takes its signal-slot locks in that thread while the window's thread, holding the
interpreter lock, waits for one of them in a connect — both wait for ever (seen in the 300-action
GUI test: the window hung in `QObject::connectImpl` under `QAction.setEnabled`). The pattern of
calibre, pyqtgraph and nexpy: automatic collection off, and a timer on the window's thread that
collects each generation when its count passes its threshold (`THRESHOLDS`).

The objects made while the app starts (modules, widgets, glyph caches) are moved out of the
collector's sight (`gc.freeze`), so an old-generation collection scans only what play made.
"""
from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 100
"""How often the window's thread looks at the collector's counts (a look costs a microsecond)."""

THRESHOLDS = (20000, 20, 50)
"""When each generation is collected (as `gc.set_threshold`): much rarer passes than CPython's
default (700, 10, 10), which ran one every few actions (each listed action and record entry is
an object) and a full pass of 40-70 ms now and then."""


class MainThreadCollector(QObject):
    """Turns automatic collection off and collects from a timer of the thread that makes it
    (the window's); `stop()` gives collection back to CPython."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.threshold = THRESHOLDS
        self.was_enabled = gc.isenabled()
        gc.disable()
        gc.freeze()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.collect_due)
        self.timer.start(INTERVAL_MS)

    def collect_due(self) -> int:
        """Collect the oldest generation whose count passed its threshold (and the younger
        ones with it); the number of objects found unreachable."""
        counts = gc.get_count()
        due = -1
        for generation in range(3):
            if counts[generation] > self.threshold[generation]:
                due = generation
            else:
                break
        return gc.collect(due) if due >= 0 else 0

    def stop(self) -> None:
        self.timer.stop()
        gc.unfreeze()
        if self.was_enabled:
            gc.enable()


_installed: MainThreadCollector | None = None


def pin_collection_to_this_thread(parent: QObject | None = None) -> MainThreadCollector:
    """Install the collector once per process (from the thread that runs the windows)."""
    global _installed
    if _installed is None:
        _installed = MainThreadCollector(parent)
    return _installed


def unpin() -> None:
    """Give collection back to CPython (tests, after the window's thread stops)."""
    global _installed
    if _installed is not None:
        _installed.stop()
        _installed.deleteLater()
        _installed = None
