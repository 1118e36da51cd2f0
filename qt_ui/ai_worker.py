"""The computer player in a worker thread.

`AIWorker.think(game)` hands a private copy of the game to a `wec.AI` running in a QThread (the
core search releases the GIL, so the window keeps painting). Progress after each depth and the
chosen action come back as queued signals; `stop()` calls `AI.stop()` from the GUI thread, which
makes the search return its best action so far.
"""
from __future__ import annotations

import zlib

from PySide6.QtCore import QObject, QThread, Signal

import wec


class _Search(QThread):
    progress = Signal(int, int, int, str)
    done = Signal(str, int)
    failed = Signal(str, int)

    def __init__(self, ai: wec.AI, game: wec.Game, ticket: int) -> None:
        super().__init__()
        self.ai = ai
        self.game = game
        self.ticket = ticket

    def report(self, p: wec.ai.Progress) -> None:
        """The AI's progress callback (called in this thread; the signal crosses to the GUI)."""
        self.progress.emit(p.depth, p.nodes, p.score, p.best)

    def run(self) -> None:
        try:
            action = self.ai.choose_action(self.game)
        except Exception as e:  # reported to the window, never lost in the thread
            self.failed.emit(f"{type(e).__name__}: {e}", self.ticket)
            return
        self.done.emit(str(action), self.ticket)


class AIWorker(QObject):
    """Runs one search at a time; results of a cancelled search are dropped by ticket."""

    progress = Signal(int, int, int, str)
    """depth, nodes, score, best action text"""
    chosen = Signal(str)
    """the action text the computer plays"""
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: _Search | None = None
        self._ai: wec.AI | None = None
        self._ticket = 0
        self._old: list[_Search] = []
        self._player: wec.AI | None = None
        self._player_key: tuple | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def think(self, game: wec.Game, *, level: int, seconds: float | None,
              nodes: int | None = None, turn: tuple = ()) -> None:
        """Start choosing the next action for the side to move of `game` (a copy is used).

        `turn` names the turn being played: every action of one turn is chosen by the same
        player, so `seconds` is the whole turn's time, shared among its actions (most before
        the Move), and the turn's plan is kept; a new turn (or new settings) gets a new
        player."""
        self.cancel()
        self._ticket += 1
        key = (level, seconds, nodes, turn)
        ai = self._player
        if ai is None or key != self._player_key:
            seed = zlib.crc32(repr(turn).encode())
            ai = self._player = wec.AI(level=level, seconds=seconds, nodes=nodes, seed=seed)
            self._player_key = key
        thread = _Search(ai, game.clone(), self._ticket)
        ai.on_progress = thread.report
        thread.progress.connect(self.progress)
        thread.done.connect(self._done)
        thread.failed.connect(self._failed)
        thread.finished.connect(lambda t=thread: self._reap(t))
        self._ai, self._thread = ai, thread
        self._old.append(thread)  # kept alive until it has finished
        thread.start()

    def stop(self) -> None:
        """Play the best action found so far now."""
        if self._ai is not None:
            self._ai.stop()

    def cancel(self) -> None:
        """Forget the running search (its result is dropped)."""
        if self._thread is not None:
            self._ticket += 1
            if self._ai is not None:
                self._ai.stop()
            self._thread = None
            self._ai = None
            # the stopped search may still be running in its thread: never share its player
            self._player = None
            self._player_key = None

    def wait(self, ms: int = 5000) -> None:
        """Block until every search thread has ended (at shutdown and in tests)."""
        for t in list(self._old):
            t.wait(ms)

    def _reap(self, thread: _Search) -> None:
        if thread in self._old:
            self._old.remove(thread)

    def _done(self, text: str, ticket: int) -> None:
        if ticket != self._ticket:
            return
        self._thread = None
        self._ai = None
        self.chosen.emit(text)

    def _failed(self, message: str, ticket: int) -> None:
        if ticket != self._ticket:
            return
        self._thread = None
        self._ai = None
        self.failed.emit(message)
