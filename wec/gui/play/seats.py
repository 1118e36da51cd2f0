"""Seats and the hand-off: who plays each side, and the cover between two players (R10.6).

In hotseat play with hidden pieces (or a competitive game) the next player comes to the screen
only through the hand-off cover: it fills the whole window, every action is off, every view is
emptied and every dialog (the last player's) closed, until the next player says they are ready.
"""
from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from wec.gui.play import settings as settings_mod
from wec.gui.play.host import PlayWindow
from wec.gui.play.seat import Seat


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
        w = self.win
        if mode == w.prefs.mode:
            return
        w.prefs.mode = mode
        if w.persist:
            settings_mod.save_session(w.prefs)
        w.worker.cancel()
        w.thinking.hide()
        w.say(f"Play: {mode.replace('_', ' ')}.")
        w.refresh()
        w.schedule_ai()

    def set_human(self, color: str) -> None:
        """Play > Sides > I play …: the human's side against the computer."""
        w = self.win
        if color == w.prefs.human:
            return
        w.prefs.human = color
        if w.persist:
            settings_mod.save_session(w.prefs)
        w.worker.cancel()
        w.thinking.hide()
        w.refresh()
        w.schedule_ai()

    def needs_handoff(self) -> bool:
        g = self.win.game
        return (self.win.prefs.mode == "hotseat" and g.result is None
                and (g.options.invisible_pieces or g.competitive))

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
        side = Seat.decide(g, w.prefs.mode, w.prefs.human, covered=True).side or g.to_move
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
