"""The computer player: when it thinks, what it shows while thinking, and playing its choice.

The search runs in the AI worker (wec/gui/play/ai_worker.py, a helper process); this controller
decides when to start it (not while paused, not after the player went back, a pause between
turns in computer-vs-computer play), applies the action it chose, and words its progress and
errors as the seat may read them: its best action and score come from pieces a human side may
not see.
"""
from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, QTimer

from wec import Action, IllegalActionError
from wec.gui.play.analysis import score_words
from wec.gui.play.host import PlayWindow
from wec.gui.play.interaction import describe
from wec.gui.play.move_list import plan_words
from wec.gui.play.navigation import turn_start

COMPUTER_WAITS = ("The computer waits (you went back): Redo (Ctrl+Y) replays its action, "
                  "Play > Computer: play now (Ctrl+M) lets it choose.")


def depth_words(depth: int, turns: int) -> str:
    """A completed search depth for people: whole turns (each side's Move with its Fires) when
    the search counts them, else actions."""
    if turns:
        return f"{turns} turn" + ("s" if turns > 1 else "")
    return f"{depth} action" + ("s" if depth > 1 else "")


class ComputerPlayer(QObject):
    """Schedules the AI worker for the computer's sides and plays what it chooses."""

    def __init__(self, window: PlayWindow, *, paused: bool = False) -> None:
        super().__init__()
        self.win = window
        self.delay_ms = 350
        """Computer vs computer: the pause between turns, so a spectator can follow. A
        computer's turn itself has no pause: its time is the turn's setting."""
        self.nodes: int | None = None
        """A node budget for the computer (tests use a small one)."""
        self.paused = paused
        """Autoplay paused: the computer does not start by itself."""
        self.last_progress: tuple[int, int, int, str, int] | None = None
        worker = window.worker
        worker.progress.connect(self._progress)
        worker.chosen.connect(self._chosen)
        worker.failed.connect(self._failed)

    def cancel(self) -> None:
        """Stop a search without playing its action (the game in hand changed)."""
        self.win.worker.cancel()
        self.win.thinking.hide()

    def schedule(self, *, force: bool = False) -> None:
        """Start thinking if a computer is to move (`force`: even paused or after going back)."""
        w = self.win
        g = w.game
        if w.prefs.mode != "hotseat" and not self.paused:
            w.worker.warm_up()  # the computer's first turn does not wait for its process
        if g.result is not None or not w.is_computer(g.to_move) or w.worker.busy:
            return
        if self.paused and not force:
            return
        if g.redo_actions() and not force:
            w.say(COMPUTER_WAITS)
            return
        pause = (self.delay_ms if w.prefs.mode == "computer_vs_computer" and not force
                 and turn_start(g.actions()) == g.ply else 0)
        QTimer.singleShot(pause, partial(self._start, force))

    def _start(self, force: bool = False) -> None:
        w = self.win
        g = w.game
        if g.result is not None or not w.is_computer(g.to_move) or w.worker.busy:
            return
        if self.paused and not force:  # paused during the pause between turns
            return
        w.thinking_label.setText(f"{g.to_move.capitalize()} is thinking…")
        w.thinking.show()
        # one player for the whole turn: it shares the turn's seconds among the turn's actions
        # and keeps the turn's plan (a new turn, or a turn begun again after undo, gets a new one)
        turn = (w.game_serial, g.turn, g.to_move, turn_start(g.actions()))
        w.worker.think(g, level=w.prefs.ai_level, seconds=w.computer_seconds(w.prefs.ai_seconds,
                                                                             turn),
                       nodes=self.nodes, turn=turn)

    def _progress(self, depth: int, nodes: int, score: int, best: str, turns: int) -> None:
        w = self.win
        self.last_progress = (depth, nodes, score, best, turns)
        deep = depth_words(depth, turns)
        if w.seat.sees_everything():
            w.thinking_label.setText(f"Depth {deep}, {nodes:,} nodes, score {score:+d}: {best}")
        else:  # its best action and score come from pieces the seat may not see
            w.thinking_label.setText(f"{w.game.to_move.capitalize()} is thinking: "
                                     f"depth {deep}, {nodes:,} nodes")

    def _chosen(self, text: str) -> None:
        w = self.win
        w.thinking.hide()
        w.settle_clock()  # the computer's time up to its action (it may run out)
        g = w.game
        if g.result is not None or not w.is_computer(g.to_move):
            return
        mover = g.to_move
        try:
            done = g.apply(self._listed(text, w.worker.chosen_index))
        except IllegalActionError as e:
            self.error(f"The computer chose an illegal action: {e}")
            return
        if done.kind != "end":
            self._show_action(done, mover)
        self.last_progress = None
        w.after_action(done, animate=True)

    def _listed(self, text: str, index: int) -> Action | str:
        """The computer's action: the listed action at `index` if its text is `text` (no need
        to spell out the whole legal list to find the text), else the text."""
        legal = self.win.game.legal_actions()
        if 0 <= index < len(legal) and str(legal[index]) == text:
            return legal[index]
        return text

    def _failed(self, message: str) -> None:
        self.win.thinking.hide()
        self.error(message)

    def error(self, message: str) -> None:
        """The computer's failure, in words the seat may read: its action or the error may name
        pieces the human cannot see."""
        if not self.win.seat.sees_everything():
            message = ("The computer could not play its action (the details would show pieces "
                       "you cannot see). Play > Computer: play now tries again.")
        self.win.show_error("Computer error", message)

    def _show_action(self, done: Action, mover: str) -> None:
        """The computer's last action and its search, kept visible after its move: the
        score and the action only when the seat may see everything."""
        w = self.win
        prog = self.last_progress
        if prog is None:  # an action of the turn's plan: no new search
            if w.seat.sees_everything():
                then = plan_words(w.worker.plan)
                w.analysis.show_line(f"{mover.capitalize()} played {describe(done)}, as "
                                     f"planned." + (f" Then: {then}." if then else ""),
                                     keep_score=True)
            return
        depth, nodes, score, _, turns = prog
        deep = depth_words(depth, turns)
        if w.seat.sees_everything():
            for_black = score if mover == "black" else -score
            then = plan_words(w.worker.plan)
            w.analysis.show_line(f"{mover.capitalize()} played {describe(done)} — depth "
                                 f"{deep}, {nodes:,} nodes; its evaluation: "
                                 f"{score_words(for_black)}."
                                 + (f" Its plan: {then}." if then else ""), for_black)
        else:
            w.analysis.show_line(f"{mover.capitalize()} played at depth {deep} "
                                 f"({nodes:,} nodes).", keep_score=True)

    def play_now(self) -> None:
        """Play > Computer: play now."""
        if not self.win.is_computer(self.win.game.to_move):
            self.win.say("It is not the computer's turn.")
            return
        self.schedule(force=True)

    def pause(self, on: bool) -> None:
        """Play > Pause autoplay."""
        self.paused = on
        if on:
            self.cancel()
        else:
            self.schedule()
