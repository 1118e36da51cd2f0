"""Seats and the hand-off: who plays each side, and the cover between two players (R10.6).

In hotseat play with hidden pieces (or a competitive game) the next player comes to the screen
only through the hand-off cover: it fills the whole window, every action is off, every view is
emptied and every dialog (the last player's) closed, until the next player says they are ready.
A change of sides during such a game is refused when it is competitive, and otherwise never
shows the player at the screen more than their own side's view (`Seats.change_sides`).
"""
from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from wec.gui.play import settings as settings_mod
from wec.gui.play.host import PlayWindow
from wec.gui.play.seat import Seat, has_secrets, looking_side


class Seats(QObject):
    """The sides' players (human or computer) and the hand-off cover between two humans."""

    def __init__(self, window: PlayWindow) -> None:
        super().__init__()
        self.win = window
        self.bars_shown: list[QWidget] = []
        """The window's bars shown before the cover went up (they come back as they were)."""

    def is_computer(self, color: str) -> bool:
        mode = self.win.prefs.mode
        return mode == "computer_vs_computer" or (mode == "human_vs_computer"
                                                  and color != self.win.prefs.human)

    def human_to_act(self) -> bool:
        w = self.win
        g = w.game
        return (g.result is None and not self.is_computer(g.to_move) and not w.handoff_pending
                and not w.worker.busy)

    def set_mode(self, mode: str) -> None:
        """Play > Sides: hotseat, against the computer, or computer against computer."""
        self.change_sides(mode, self.win.prefs.human)

    def set_human(self, color: str) -> None:
        """Play > Sides > I play …: the human's side against the computer."""
        self.change_sides(self.win.prefs.mode, color)

    def change_sides(self, mode: str, human: str) -> bool:
        """Who plays which side (Play > Sides, Play > Options, the defaults), changed during the
        game in hand; False when nothing changed (refused, or the same sides). The player at
        the screen never sees more than their own side's view (R10.6, R12.3): in a competitive
        game the sides are fixed until it ends; otherwise, while pieces are hidden, computer
        against computer keeps the side that was looking, and another side comes to the screen
        (or hotseat begins) through the cover."""
        w = self.win
        if (mode, human) == (w.prefs.mode, w.prefs.human):
            return False
        if w.handoff_pending:  # nothing changes under the cover (its menus are off)
            w.check_menus()
            return False
        if w.game.competitive and w.game.result is None:
            self._refuse()
            return False
        looking = w.seat.side
        w.prefs.mode, w.prefs.human = mode, human
        if w.persist:
            settings_mod.save_session(w.prefs)
        w.check_menus()
        w.worker.cancel()
        w.thinking.hide()
        secrets = has_secrets(w.game)
        w.watcher = looking if secrets and mode == "computer_vs_computer" else None
        following = looking_side(w.game, mode, human, w.watcher)
        detail = (f", you play {human.capitalize()}" if mode == "human_vs_computer" else
                  f" (you watch {w.watcher.capitalize()}'s view)" if w.watcher else "")
        w.say(f"Play: {mode.replace('_', ' ')}{detail}.")
        if secrets and (following != looking or mode == "hotseat"):
            self.begin_handoff()
        else:
            w.refresh()
        w.schedule_ai()
        return True

    def _refuse(self) -> None:
        w = self.win
        w.check_menus()  # the ticks back on the sides as they are
        w.last_error = ("Who plays which side is fixed in a competitive game (R12.3): the player "
                        "at the screen would see what their side may not know. Finish the game, "
                        "or start a new one (File > New) with the sides you want.")
        w.say("The sides cannot change in a competitive game.")
        w.inform("sides_refused", "Sides", w.last_error)

    def needs_handoff(self) -> bool:
        return self.win.prefs.mode == "hotseat" and has_secrets(self.win.game)

    def begin_handoff(self) -> None:
        """Put up the cover: the window shows it and nothing else until the next player says
        they are ready; every action is off, every view emptied, every dialog closed (they were
        the last player's)."""
        w = self.win
        w.handoff_pending = True
        w.board.stop_animation()
        w.board.set_view(hidden=True)
        w.picker.cancel()
        w.selected_piece = None
        w.focus_square = None
        w.message.setText("")  # the last player's own actions stay private
        w.analysis.clear()  # so does the last player's hint
        w.last_message = ""
        w.statusBar().clearMessage()
        for dialog in w.dialogs:
            dialog.close()
        w.dialogs = []
        if w.editor_window is not None:
            w.editor_window.close()
            w.editor_window = None
        self.cover_up(None)
        w.refresh()

    def cover_up(self, text: str | None, *, ready_button: bool = True) -> None:
        """Show the cover (for the side that looks next, or with `text`) and nothing else."""
        w = self.win
        g = w.game
        side = Seat.decide(g, w.prefs.mode, w.prefs.human, covered=True,
                           watcher=w.watcher).side or g.to_move
        w.handoff.show_for(side, text, ready_button=ready_button, to_move=g.to_move)
        bars = (w.menuBar(), w.toolbar, w.statusBar())
        if w.pages.currentWidget() is not w.handoff:
            self.bars_shown = [bar for bar in bars if not bar.isHidden()]
        w.pages.setCurrentWidget(w.handoff)
        for bar in bars:
            bar.hide()

    def lift_cover(self) -> None:
        w = self.win
        w.handoff_pending = False
        if w.pages.currentWidget() is w.handoff:
            for bar in self.bars_shown:  # as they were (the toolbar may have been hidden)
                bar.show()
        w.pages.setCurrentWidget(w.splitter)
        for act in w.window_actions:
            act.setEnabled(True)
        w.board.set_view(hidden=False)

    def end_handoff(self) -> None:
        """The next player is ready: show their view."""
        w = self.win
        if not w.handoff_pending:
            return
        self.lift_cover()
        w.refresh()
        w.board.setFocus()
