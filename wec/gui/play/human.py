"""The human player: clicks, drags and menu choices become actions of the game.

The picker (wec/gui/play/interaction.py) turns clicks into actions; this controller feeds it,
asks the player to choose where one click means several actions, applies the action, and after
any action (the human's or the computer's) re-reads the views and lets the computer go on.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QCheckBox, QMenu, QMessageBox

from wec import Action, IllegalActionError
from wec.gui.play import self_hits
from wec.gui.play.computer import COMPUTER_WAITS
from wec.gui.play.host import PlayWindow
from wec.gui.play.interaction import Outcome, describe
from wec.gui.play.turn_banner import MAX_FIRES, fires_used
from wec.gui.play.views import Views

SELF_HIT_TITLE = "Fire on your own pieces"

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
        self.quiet_self_hits = -1
        """The game (`game_serial`) whose self-hitting Fires are no longer asked about."""

    def on_square_clicked(self, row: int, col: int, level: str, button: Any) -> None:
        """A click on the board (or Square Select): select, move, aim or fire."""
        w = self.win
        if w.handoff_pending:  # nothing of the game is shown or played under the cover
            return
        w.focus_square = (row, col)
        token = w.board.clicked_token  # a click on one of the square's tokens: that piece
        if token is not None and (token.row, token.col) != (row, col):
            token = None
        here = w.snapshot.at(row, col, level) or [
            p for lvl in ("G", "A", "S") for p in w.snapshot.at(row, col, lvl)]
        w.selected_piece = token or (here[0] if here else None)
        w.levels.show_square(w.snapshot, w.focus_square)
        w.piece_panel.show_piece(w.selected_piece)
        if not w.human_to_act():
            self._why_not()
            return
        if button == Qt.MouseButton.RightButton and w.picker.stage != "fire" \
                and fires_used(w.source, w.game.to_move) >= MAX_FIRES:
            button = Qt.MouseButton.LeftButton  # two Fires made: the right button acts as the left
        right = button == Qt.MouseButton.RightButton
        use = self._token_use(token) if token is not None else "square"
        if use == "clear":
            w.picker.cancel()
            out = Outcome(message="Selection cleared.")
        elif use == "act":
            out = w.picker.click_piece(token, "right" if right else "left", w.left_mode)
        elif right:
            out = w.picker.right_click(row, col, level)
        else:
            out = w.picker.left_click(row, col, level, w.left_mode)
        self._handle(out)

    def _token_use(self, token: Any) -> str:
        """What a click on a piece's token does: "act" with that very piece (no chooser),
        "clear" the selection (the selected piece clicked again), or act on the "square" (an
        enemy's token, or a square the selection goes to: the token is then a target)."""
        pk = self.win.picker
        if token.color != self.win.game.to_move:
            return "square"
        if (token.row, token.col, token.level) in pk.destinations() | pk.targets():
            return "square"
        if pk.stage and pk.candidates:
            a = pk.candidates[0]
            if (a.origin, a.piece, a.hand, tuple(a.articles or ())) == (
                    (token.row, token.col, token.level), token.type, token.hand,
                    tuple(token.articles)):
                return "clear"
        return "act"

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
        if out.action is not None and not self._fire_anyway(out.action):
            w.picker.cancel()
            w.say("Fire cancelled: it would hit your own pieces.")
            out = Outcome()
        if out.action is not None:
            self.play(out.action)
        else:
            self._show_picked()
            self.views.update_highlights()
            self.views.update_cursor()

    def _fire_anyway(self, action: Action) -> bool:
        """A Fire that hits the side's own pieces (wec/gui/play/self_hits.py) is played only
        once the player says so: one question for the action (none for the rest of the game
        once "Don't ask again" is ticked)."""
        w = self.win
        hits = w.picker.hits(action) if action.kind == "fire" else []
        if not hits or self.quiet_self_hits == w.game_serial:
            return True
        return w.confirm(SELF_HIT_TITLE, self_hits.warning(action, hits))

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
        elif w.game.result is None:  # a new turn: the message says whose it is
            w.say(self.whose_turn())
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

    def whose_turn(self) -> str:
        """Whose turn it is, in words ("Turn 5: your turn (Black)."); public in every mode."""
        w = self.win
        g = w.game
        side = g.to_move.capitalize()
        if w.prefs.mode == "human_vs_computer":
            if g.to_move == w.prefs.human:
                return f"Turn {g.turn}: your turn ({side})."
            return f"Turn {g.turn}: {side} (the computer) is to play."
        if w.prefs.mode == "computer_vs_computer":
            return f"Turn {g.turn}: {side} (computer) to move."
        return f"Turn {g.turn}: {side} to move."

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
        if title == SELF_HIT_TITLE:
            return self._confirm_self_hit(text)
        answer = QMessageBox.question(self.win.as_widget(), title, text)
        return answer == QMessageBox.StandardButton.Yes

    def _confirm_self_hit(self, text: str) -> bool:
        """The self-hit question, with "Don't ask again this game"."""
        box = QMessageBox(QMessageBox.Icon.Warning, SELF_HIT_TITLE, text,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self.win.as_widget())
        box.setObjectName("self_hit")
        quiet = QCheckBox("Don't ask again this game")
        box.setCheckBox(quiet)
        yes = box.exec() == QMessageBox.StandardButton.Yes
        if yes and quiet.isChecked():
            self.quiet_self_hits = self.win.game_serial
        return yes
