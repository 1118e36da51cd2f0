"""The computer player in its own process.

`AIWorker.think(game, ...)` sends the game's initial position and action texts to a helper
process that keeps a copy of the game (it applies only the actions it has not seen, or takes back
the ones rewound) and a `wec.AI` there chooses the next action. Progress after each depth and the
chosen action come back on the helper's output, read as it arrives (a QProcess signal); `stop()`
asks the search to play its best action so far.

Why a process and not a thread: the AI's Python work (observations, views of the game, its plan)
holds the interpreter lock, and a thread doing it made every repaint of the window wait for it
(the board's 7 ms paint took 45 ms). Nothing of the computer's work runs on the window's thread,
not even a copy of the game.

One player plays a whole turn: `think(..., turn=key)` with the same key reuses it, so its
`seconds` is the turn's time shared among the turn's actions, and the turn's plan is kept.
"""
from __future__ import annotations

import os
import sys
import time
from typing import Any

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment, Signal

from wec.gui.play.ai_process import frame, unframe


class AIWorker(QObject):
    """Runs one search at a time in the helper process; results of a cancelled search are
    dropped by ticket."""

    progress = Signal(int, int, int, str, int)
    """depth, nodes, score, best action text"""
    chosen = Signal(str)
    """the action text the computer plays"""
    failed = Signal(str)
    evaluated = Signal(str, str, int, int, str, list)
    """purpose, best action text, score for the side to move, depth, error ("" if none), the
    rest of the turn it foresaw (action texts): the answer to `evaluate` (a side's view
    judged, for the hint and the draw offer)."""
    scored = Signal(int, int, str)
    """ticket, static score for the side to move, error ("" if none): the answer to `score`
    (the evaluation bar)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ticket = 0
        self._waiting: int | None = None
        self._judging: tuple[int, str] | None = None
        self._scores = 0
        self._process: QProcess | None = None
        self._buffer = bytearray()
        self._synced_game: Any = None  # the game whose initial position the helper has
        self._initial: Any = None
        self._request: tuple = ()
        self._turn: tuple = ()
        self.ready = False
        """The helper process has loaded the engine."""
        self._turn_began = 0.0
        self.players = 0
        """How many players the helper has made (one per computer turn)."""
        self.plan: list[str] = []
        self.chosen_index = -1
        """Where the last chosen action stands in the game's legal list (-1: unknown)."""
        """The rest of the turn the computer foresaw after its last action (texts)."""

    @property
    def busy(self) -> bool:
        return self._waiting is not None

    def _start(self) -> None:
        if self._process is not None and \
                self._process.state() != QProcess.ProcessState.NotRunning:
            return
        self._synced_game = None  # a new helper has no game yet
        self.ready = False
        proc = QProcess(self)
        env = QProcessEnvironment.systemEnvironment()
        env.insert("PYTHONPATH", os.pathsep.join(p for p in sys.path if p))  # as this one
        proc.setProcessEnvironment(env)
        proc.setProcessChannelMode(QProcess.ProcessChannelMode.ForwardedErrorChannel)
        proc.readyReadStandardOutput.connect(self._read)
        proc.finished.connect(lambda *_: self._lost(proc))
        self._buffer = bytearray()
        self._process = proc
        proc.start(sys.executable, ["-m", "wec.gui.play.ai_process"])

    def warm_up(self) -> None:
        """Start the helper process now (it takes a moment to load the engine), so the
        computer's first turn does not pay for it."""
        self._start()

    def think(self, game: Any, *, level: int, seconds: float | None,
              nodes: int | None = None, turn: tuple = ()) -> None:
        """Start choosing the next action for the side to move of `game`.

        `turn` names the turn being played: every action of one turn is chosen by the same
        player, so `seconds` is the whole turn's time, shared among its actions (most before
        the Move), and the turn's plan is kept; a new turn (or new settings) gets a new
        player."""
        self.cancel()
        self._start()
        self._ticket += 1
        self._waiting = self._ticket
        # the helper keeps its copy of the game: its initial position travels once per game
        # (a copy of it costs milliseconds), the action texts each time (it takes back and
        # replays only where they differ from its own)
        initial = None if game is self._synced_game else game.initial_position()
        self._synced_game = game
        if turn != self._turn:  # the turn's time runs from its first request (wall clock)
            self._turn, self._turn_began = turn, time.time()
        self._request = ("think", self._ticket, initial, game.actions(), level, seconds, nodes,
                         turn, self._turn_began)
        self._send(self._request)
        self._initial = initial if initial is not None else self._initial

    def evaluate(self, purpose: str, view: tuple[Any, Any, str], *, level: int,
                 seconds: float | None, nodes: int | None = None) -> None:
        """Judge a side's view (`view`: its observation's position, its last sightings, its
        colour; wec/gui/play/seat.py `side_view`) in the helper: `evaluated` answers with the best
        action for the side to move there and its score. The game itself never goes: only
        what that side may know. A later request, or a turn of the computer, replaces it."""
        self._start()
        self._ticket += 1
        self._judging = (self._ticket, purpose)
        position, seen, color = view
        self._send(("evaluate", self._ticket, position, seen, color, level, seconds, nodes))

    def score(self, view: tuple[Any, Any, str]) -> int:
        """The static evaluation of a side's view (as `evaluate` takes it), judged in the helper
        at once, beside whatever it is doing: `scored` answers with the returned ticket."""
        self._start()
        self._scores += 1
        position, seen, color = view
        self._send(("score", self._scores, position, seen, color))
        return self._scores

    @property
    def judging(self) -> str | None:
        """The purpose of the evaluation under way, if any."""
        return self._judging[1] if self._judging else None

    def drop_evaluation(self) -> None:
        self._judging = None

    def stop(self) -> None:
        """Play the best action found so far now."""
        if self.busy:
            self._send(("stop",))

    def cancel(self) -> None:
        """Forget the running search (its result is dropped)."""
        if self.busy:
            self._ticket += 1
            self._waiting = None
            self._send(("cancel",))

    def wait(self, ms: int = 5000) -> None:
        """End the helper process (at shutdown and in tests)."""
        self.cancel()
        proc, self._process = self._process, None
        if proc is None or proc.state() == QProcess.ProcessState.NotRunning:
            return
        proc.finished.disconnect()
        proc.write(frame(("quit",)))
        proc.closeWriteChannel()
        if not proc.waitForFinished(ms):
            proc.kill()
            proc.waitForFinished(1000)

    def _send(self, message: tuple) -> None:
        if self._process is not None:
            self._process.write(frame(message))

    def _read(self) -> None:
        """The helper's replies, as they arrive (a signal on the window's thread)."""
        if self._process is None:
            return
        self._buffer += bytes(self._process.readAllStandardOutput().data())
        for message in unframe(self._buffer):
            self._handle(*message)

    def _lost(self, proc: QProcess) -> None:
        if proc is not self._process:
            return
        self._process = None
        if self._judging is not None:
            purpose, self._judging = self._judging[1], None
            self.evaluated.emit(purpose, "", 0, 0, "the computer's process stopped", [])
        if self._waiting is not None:
            self._waiting = None
            self.failed.emit("the computer's process stopped unexpectedly; Play > Computer: "
                             "play now starts it again")

    def _handle(self, kind: str, ticket: int, payload: Any) -> None:
        if kind == "ready":
            self.ready = True
            return
        if kind == "scored":
            self.scored.emit(ticket, *payload)
            return
        if kind == "evaluated":
            if self._judging is not None and ticket == self._judging[0]:
                purpose, self._judging = self._judging[1], None
                self.evaluated.emit(purpose, *payload)
            return
        if ticket != self._waiting:
            return
        if kind == "progress":
            self.progress.emit(*payload)
        elif kind == "done":
            text, self.players, self.plan, self.chosen_index = payload
            self._waiting = None
            self.chosen.emit(text)
        elif kind == "resync":  # the helper lost its copy: the request again, in full
            _, ticket_, _, actions, *rest = self._request
            self._send(("think", ticket_, self._initial, actions, *rest))
        else:
            self._waiting = None
            self.failed.emit(payload)
