"""The human player: clicks, drags and menu choices become actions of the game.

The picker (wec/gui/play/interaction.py) turns clicks into actions; this controller feeds it,
asks the player to choose where one click means several actions, applies the action, and after
any action (the human's or the computer's) re-reads the views and lets the computer go on.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMenu, QMessageBox

from wec import Action, IllegalActionError
from wec.gui.play.computer import COMPUTER_WAITS
from wec.gui.play.host import PlayWindow
from wec.gui.play.interaction import Outcome, describe
from wec.gui.play.turn_banner import MAX_FIRES, fires_used
from wec.gui.play.views import Views

LEFT_BUTTON_WORDS = {
    "move": "Left button: select a piece to Move.",
    "pickup": "Left button: click a piece of yours standing on an article.",
    "drop": "Left button: click a piece of yours to drop an article.",
    "exchange": "Left button: click the giving piece, then the receiving one.",
    "reinforce": "Left button: click an activation square with a reserve."}


class HumanPlayer(QObject):
    """Turns the human's clicks into actions and plays them."""

    def __init__(self, window: PlayWindow, views: Views) -> None:
        super().__init__()
        self.win = window
        self.views = views

    def on_square_clicked(self, row: int, col: int, level: str, button: Any) -> None:
        """A click on the board (or Square Select): select, move, aim or fire."""
        w = self.win
        if w.handoff_pending:  # nothing of the game is shown or played under the cover
            return
        w.focus_square = (row, col)
        here = w.snapshot.at(row, col, level) or [
            p for lvl in ("G", "A", "S") for p in w.snapshot.at(row, col, lvl)]
        w.selected_piece = here[0] if here else None
        w.levels.show_square(w.snapshot, w.focus_square)
        w.piece_panel.show_piece(w.selected_piece)
        if not w.human_to_act():
            self._why_not()
            return
        if button == Qt.MouseButton.RightButton and w.picker.stage != "fire" \
                and fires_used(w.source, w.game.to_move) >= MAX_FIRES:
            button = Qt.MouseButton.LeftButton  # two Fires made: the right button acts as the left
        if button == Qt.MouseButton.RightButton:
            out = w.picker.right_click(row, col, level)
        else:
            out = w.picker.left_click(row, col, level, w.left_mode)
        self._handle(out)

    def _why_not(self) -> None:
        """Say why a click on the board does nothing now."""
        w = self.win
        if w.worker.busy:
            w.say("The computer is thinking — Stop makes it play now.")
        elif w.game.result:
            w.say("The game is over.")
        elif w.game.redo_actions():
            w.say(COMPUTER_WAITS)
        else:
            w.say(f"It is the computer's turn ({w.game.to_move}).")

    def on_piece_dragged(self, row: int, col: int, level: str, to_row: int, to_col: int) -> None:
        if not self.win.human_to_act():
            return
        self._handle(self.win.picker.drag((row, col, level), to_row, to_col))

    def on_piece_clicked(self, piece: Any, button: Any = Qt.MouseButton.LeftButton) -> None:
        """A piece clicked in a level panel: that very piece acts (left: the left button's
        action, right: Fire)."""
        w = self.win
        if w.handoff_pending:
            return
        w.focus_square = (piece.row, piece.col)
        w.selected_piece = piece
        w.piece_panel.show_piece(piece)
        if not w.human_to_act():
            self.on_square_clicked(piece.row, piece.col, piece.level, button)
            w.selected_piece = piece
            w.piece_panel.show_piece(piece)
            return
        right = button == Qt.MouseButton.RightButton and (
            w.picker.stage == "fire" or fires_used(w.source, w.game.to_move) < MAX_FIRES)
        self._handle(w.picker.click_piece(piece, "right" if right else "left", w.left_mode))

    def _handle(self, out: Outcome) -> None:
        w = self.win
        while out.choices and out.action is None:
            labels = [label for label, _ in out.choices]
            index = w.choose(out.title or "Choose", labels)
            if index is None:
                w.picker.cancel()
                w.say("Cancelled.")
                break
            out = out.choices[index][1]()
        if out.message:
            w.say(out.message)
        if out.action is not None:
            self.play(out.action)
        else:
            self._show_picked()
            self.views.update_highlights()
            self.views.update_cursor()

    def _show_picked(self) -> None:
        """The piece panel describes the piece the picker selected (the one the message
        names), not merely the first piece of the square."""
        w = self.win
        if not w.picker.candidates or w.picker.selected is None:
            return
        a = w.picker.candidates[0]
        r, c, lvl = w.picker.selected
        for p in w.snapshot.at(r, c, lvl):
            if p.type == a.piece and p.hand == a.hand and \
                    tuple(p.articles) == tuple(a.articles or ()):
                w.selected_piece = p
                w.piece_panel.show_piece(p)
                return

    def set_left_mode(self, mode: str) -> None:
        """Action menu: what the left button does (move, pickup, drop, exchange, reinforce)."""
        w = self.win
        w.left_mode = mode
        w.picker.cancel()
        self.views.update_highlights()
        self.views.update_cursor()
        self.views.update_status()
        w.say(LEFT_BUTTON_WORDS[mode])

    def cancel_selection(self) -> None:
        self.win.picker.cancel()
        self.views.update_highlights()

    def play(self, action: Action | str) -> bool:
        """Apply a human action; an illegal one is explained and changes nothing."""
        w = self.win
        if w.settle_clock():  # the time up to this action is the mover's; it ran out
            return False
        if not w.human_to_act():
            w.say("Not your turn to act.")
            return False
        try:
            done = w.game.apply(action)
        except IllegalActionError as e:
            w.say(f"Not allowed: {e}")
            w.refresh()
            return False
        self.after(done, animate=False)
        return True

    def end_turn(self) -> None:
        w = self.win
        if not w.human_to_act():
            return
        if not w.game.moved:
            w.say("End Turn is allowed only after the Move (R6.1).")
            return
        self.play(Action("end"))

    def after(self, done: Action, *, animate: bool) -> None:
        """After any action: the message, the views, a slide of the moved piece, the end of
        the game or the computer's next action."""
        w = self.win
        w.record_changed_from = min(w.record_changed_from, w.game.ply - 1)
        mover = w.game.to_move if done.kind != "end" else None
        before = w.snapshot
        if mover is not None:
            # the other side's action in words would name its hidden pieces: the seat reads
            # only what the board and its history show
            mine = w.seat.side is None or mover == w.seat.side
            w.say(describe(done) if mine else f"{mover.capitalize()} is playing its turn.")
        w.refresh()  # a new side at the screen puts up the hand-off cover (refresh)
        if animate and w.prefs.animate and done.kind in ("move", "doze") and done.origin \
                and done.dest and not w.handoff_pending:
            # only a piece the seat saw leave and sees arrive slides
            was = [p for p in before.at(*done.origin) if p.type == done.piece]
            moved = [p for p in w.snapshot.at(*done.dest) if p.type == done.piece]
            if was and moved:
                w.board.animate_piece(moved[0], done.origin, done.dest)
        if w.game.result is not None:
            w.game_over()
            return
        w.schedule_ai()

    def choose_by_menu(self, title: str, labels: list[str]) -> int | None:
        """Ask the player to pick one of `labels` in a menu at the mouse."""
        menu = QMenu(self.win.as_widget())
        menu.setObjectName("chooser")
        head = menu.addAction(title)
        head.setEnabled(False)
        menu.addSeparator()
        acts = [menu.addAction(label) for label in labels]
        picked = menu.exec(QCursor.pos())
        return acts.index(picked) if picked in acts else None

    def confirm_by_box(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self.win.as_widget(), title, text)
        return answer == QMessageBox.StandardButton.Yes
