"""Navigation in the game's line: undo and redo, and looking back along the record (the move
list's clicks, its buttons, the arrow keys, Undo > Go to start / Previous / Next turn …).

Looking back never moves the game: the board shows the earlier position as the side at the
screen saw it then (wec/gui/play/browse_bar.py) under a banner "Viewing turn 7 — Play from here /
Back to game", the move list marks it, and clicks on the board only look. "Play from here" takes
the game there as Undo does (the actions after it stay on the redo line); a competitive game has
no undo (R12.3), so there it only shows. Going back to the game's own position (Back to game,
End, or stepping onto it) ends the looking back; a new game, or the hand-off cover, ends it too.
"""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from wec import IllegalActionError
from wec.gui.play.browse_bar import BrowseBar, EarlierView, earlier_view
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
    """Undo and redo move the game; the rest of the Undo menu, the move list and the arrow keys
    look back at earlier positions (`bar`: the banner over the board while one is shown)."""

    def __init__(self, window: PlayWindow) -> None:
        super().__init__()
        self.win = window
        self.bar = BrowseBar()
        self.bar.playFromHere.connect(self.play_from_here)
        self.bar.backToGame.connect(self.back_to_game)
        self.viewing: EarlierView | None = None
        """The earlier position shown; None: the game's own."""
        self.viewing_game = -1
        """The game serial of the game looked back at."""
        self.on_view: Callable[[], None] = lambda: None
        """Called once an earlier position is shown (the evaluation bar follows it)."""

    def _rewind(self, step: Callable[[], None],
                what: Callable[[int], str] | None = None) -> bool:
        """Apply `step` to the game's line and say where it stands; `what(n)` words the change
        of `n` actions (default: the turn and action reached). False when refused."""
        w = self.win
        if w.handoff_pending:  # nothing moves under the cover
            return False
        if w.game.competitive:
            w.say("Undo is off in a competitive game (R12.3).")
            return False
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
        self.viewing = None  # the game's own position, whatever was looked at
        w.refresh()  # back to the other side's turn: the cover goes up for it (refresh)
        w.schedule_ai()
        return True

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

    # --- looking back ------------------------------------------------------------------------

    def shown_ply(self) -> int:
        """How many actions the position on the board comes after."""
        return self.viewing.ply if self.viewing is not None else self.win.game.ply

    def goto_ply(self, n: int) -> None:
        """Show the position after `n` actions of the line (the move list's clicks): the game
        does not move."""
        w = self.win
        if w.handoff_pending:  # nothing is shown under the cover
            return
        n = max(0, min(n, len(self._line())))
        if n == w.game.ply:
            self.back_to_game()
            return
        self.viewing, self.viewing_game = None, w.game_serial
        self.viewing = self._view(n)
        self.on_view()
        w.say(f"{self.bar.text()}. The game stays where it is: Play from here, or Back to "
              "game (End).")

    def goto_turn(self, n: int) -> None:
        """Show the position after `n` turns of the line (0 = the start)."""
        ends = [i + 1 for i, t in enumerate(self._line()) if turn_end(t)]
        self.goto_ply(0 if n <= 0 else ends[min(n, len(ends)) - 1] if ends else 0)

    def navigate(self, where: str) -> None:
        """first, prev, next, last (turns) or prev_action, next_action, from the position
        shown."""
        line = self._line()
        shown = self.shown_ply()
        done = sum(1 for t in line[:shown] if turn_end(t))
        ends = [i + 1 for i, t in enumerate(line) if turn_end(t)]
        mid = shown > 0 and not turn_end(line[shown - 1])
        if where == "prev_action":
            self.goto_ply(shown - 1)
        elif where == "next_action":
            self.goto_ply(shown + 1)
        elif where == "first":
            self.goto_ply(0)
        elif where == "last":
            self.goto_ply(len(line))
        elif where == "prev":
            self.goto_turn(done if mid else done - 1)
        elif where == "next" and done < len(ends):
            self.goto_turn(done + 1)
        elif where == "next":
            self.goto_ply(len(line))

    def play_from_here(self) -> None:
        """Take the game to the position shown, as Undo does (refused in a competitive game)."""
        if self.viewing is None:
            return
        ply = self.viewing.ply
        self._rewind(lambda: self.win.game.goto(ply), lambda n: f"Playing from here (took back {actions(n)})")

    def back_to_game(self) -> None:
        """The game's own position again."""
        was = self.viewing is not None
        self.viewing = None
        self._hide_bar()
        if was:
            self.win.refresh()
            self.win.say("Back to the game.")

    def _view(self, ply: int) -> EarlierView:
        """Paint the earlier position over the board, the panels and the move list's cursor."""
        w = self.win
        view = earlier_view(w.game, w.seat.side, ply)
        w.board.set_snapshot(view.snapshot)
        w.board.set_highlights(view.highlights)
        w.picker.reset([], over=True)  # a view only: nothing to pick
        w.levels.show_square(view.snapshot, w.focus_square)
        w.piece_panel.show_piece(None)
        w.history.mark(ply)
        self.bar.show_view(view, w.game.ply, may_play=not w.game.competitive)
        w.banner.hide()  # the bar takes its place
        return view

    def after_refresh(self) -> None:
        """After the views showed the game's own position: show the earlier one again, or stop
        looking back (another game, the cover, the game's own position reached)."""
        w = self.win
        view = self.viewing
        if view is None:
            self._hide_bar()
            return
        if w.handoff_pending or w.game_serial != self.viewing_game or \
                view.ply > len(self._line()) or view.ply == w.game.ply:
            self.viewing = None  # the views show the game's own position already
            self._hide_bar()
            return
        self.viewing = self._view(view.ply)

    def _hide_bar(self) -> None:
        if not self.bar.isHidden():
            self.bar.hide()
            self.win.banner.show()

    def on_square_clicked(self, row: int, col: int, level: str, button: Any) -> bool:
        """A click on the board while an earlier position is shown only looks: the level panels
        show the square (True: the click was taken)."""
        w = self.win
        if self.viewing is None:
            return False
        w.focus_square = (row, col)
        w.levels.show_square(self.viewing.snapshot, w.focus_square)
        here = self.viewing.snapshot.at(row, col, level)
        w.piece_panel.show_piece(here[0] if here else None)
        w.say("An earlier position is shown: Play from here to play on from it, or Back to "
              "game (End).")
        return True

    def copy_history(self) -> str:
        """File > Copy history: the move list as text (each turn's R12.2 string, then its
        actions in words), as the seat may read it."""
        text = self.win.history.text()
        QApplication.clipboard().setText(text)
        self.win.say("The history is on the clipboard.")
        return text
