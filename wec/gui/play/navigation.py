"""Navigation in the game's line: undo, redo, the move list's clicks and the arrow keys.

Going back keeps the actions ahead (Redo or > goes forward again); a competitive game has no
undo (R12.3), and nothing moves under the hand-off cover.
"""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from wec import IllegalActionError
from wec.gui.play.host import PlayWindow

TURN_ENDS = ("END", "DRAW")


def turn_end(text: str) -> bool:
    """The action `text` ends a turn (End Turn, an agreed draw, a resignation)."""
    return text in TURN_ENDS or text.startswith("RESIGN")


def turn_start(actions: list[str]) -> int:
    """The ply at which the current turn began."""
    for i in range(len(actions) - 1, -1, -1):
        if turn_end(actions[i]):
            return i + 1
    return 0


def actions(n: int) -> str:
    """ "1 action", "3 actions"."""
    return f"{n} action{'s' if n != 1 else ''}"


class Navigation(QObject):
    """Moves the game along its line (the Undo menu, the move list, the arrow keys)."""

    def __init__(self, window: PlayWindow) -> None:
        super().__init__()
        self.win = window

    def _rewind(self, step: Callable[[], None], what: Callable[[int], str] | None = None) -> None:
        """Apply `step` to the game's line and say where it stands; `what(n)` words the change
        of `n` actions (default: the turn and action reached)."""
        w = self.win
        if w.handoff_pending:  # nothing moves under the cover
            return
        if w.game.competitive:
            w.say("Undo is off in a competitive game (R12.3).")
            return
        w.worker.cancel()
        w.thinking.hide()
        w.board.stop_animation()
        before = w.game.ply
        try:
            step()
        except IllegalActionError as e:
            w.say(str(e))
        else:  # the message line described the action just taken back or skipped
            g = w.game
            if g.ply != before:
                ahead = len(g.redo_actions())
                moved = abs(g.ply - before)
                w.say((what(moved) if what else f"Turn {g.turn}: after action {g.ply}") +
                      (f" ({actions(ahead)} ahead: Redo or > goes forward)." if ahead
                       else "."))
        w.refresh()  # back to the other side's turn: the cover goes up for it (refresh)
        w.schedule_ai()

    def undo(self) -> None:
        """Take back the last action (against the computer, back to the human's action)."""
        w = self.win

        def step() -> None:
            g = w.game
            g.undo()
            if w.prefs.mode == "human_vs_computer":
                while g.ply and w.is_computer(g.to_move):
                    g.undo()
        self._rewind(step, lambda n: f"Undid {actions(n)}")

    def redo(self) -> None:
        self._rewind(self.win.game.redo, lambda n: f"Redid {actions(n)}")

    def _line(self) -> list[str]:
        return self.win.game.actions() + self.win.game.redo_actions()

    def goto_ply(self, n: int) -> None:
        """Show the position after `n` actions of the current line (the move list's clicks)."""
        self._rewind(lambda: self.win.game.goto(max(0, min(n, len(self._line())))))

    def goto_turn(self, n: int) -> None:
        """Show the position after `n` turns of the current line (0 = the start)."""
        ends = [i + 1 for i, t in enumerate(self._line()) if turn_end(t)]
        ply = 0 if n <= 0 else ends[min(n, len(ends)) - 1] if ends else 0
        self._rewind(lambda: self.win.game.goto(ply))

    def navigate(self, where: str) -> None:
        """first, prev, next, last (turns) or prev_action, next_action."""
        g = self.win.game
        line = self._line()
        done = sum(1 for t in g.actions() if turn_end(t))
        ends = [i + 1 for i, t in enumerate(line) if turn_end(t)]
        mid = bool(g.actions()) and not turn_end(g.actions()[-1])
        if where == "prev_action":
            self.goto_ply(g.ply - 1)
        elif where == "next_action":
            self.goto_ply(g.ply + 1)
        elif where == "first":
            self._rewind(lambda: g.goto(0))
        elif where == "last":
            self._rewind(lambda: g.goto(len(line)))
        elif where == "prev":
            self.goto_turn(done if mid else done - 1)
        elif where == "next":
            if done < len(ends):
                self.goto_turn(done + 1)
            else:
                self._rewind(lambda: g.goto(len(line)))

    def copy_history(self) -> str:
        """File > Copy history: the move list as text (each turn's R12.2 string, then its
        actions in words), as the seat may read it."""
        text = self.win.history.text()
        QApplication.clipboard().setText(text)
        self.win.say("The history is on the clipboard.")
        return text
