"""Resigning, draw offers, hints and the end of the game.

A draw offered in hotseat play with hidden pieces is answered over the hand-off cover (the other
player comes to the screen, not to this side's view). The computer judges a draw offer, and
finds a hint, from one side's view only (seat.side_view), in the AI worker's helper process; an
answer for a position no longer in hand is dropped.
"""
from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox

from wec import Action
from wec.gui.play.analysis import accepts_draw, score_words
from wec.gui.play.board_widget import Highlights
from wec.gui.play.computer import ComputerPlayer
from wec.gui.play.dialogs import game_over_text
from wec.gui.play.host import PlayWindow
from wec.gui.play.interaction import describe
from wec.gui.play.move_list import plan_words
from wec.gui.play.seat import side_view
from wec.gui.play.seats import Seats


class Offers(QObject):
    """Play > Resign, Offer draw and Hint, and the game-over message."""

    def __init__(self, window: PlayWindow, seats: Seats, computer: ComputerPlayer) -> None:
        super().__init__()
        self.win = window
        self.seats = seats
        self.computer = computer
        self.judge_stamp: tuple = ()
        """The position a hint or a draw offer was asked for (a later answer is dropped)."""
        window.worker.evaluated.connect(self._evaluated)

    def game_over(self) -> None:
        """Say how the game ended, in a box that does not block."""
        w = self.win
        text = game_over_text(w.game)
        w.last_game_over = text
        w.thinking.hide()
        w.say(text)  # the message line and the status bar no longer name a side to move
        box = QMessageBox(QMessageBox.Icon.Information, "Game over", text,
                          QMessageBox.StandardButton.Ok, w.as_widget())
        box.setObjectName("game_over")
        box.setInformativeText("Undo or the history take you back; File > New starts again.")
        w.show_dialog(box)

    def _ended_by_agreement(self) -> None:
        w = self.win
        w.record_changed_from = min(w.record_changed_from, w.game.ply - 1)
        w.refresh()
        self.game_over()

    def resign(self) -> None:
        w = self.win
        g = w.game
        if g.result is not None:
            return
        color = w.prefs.human if w.prefs.mode == "human_vs_computer" else g.to_move
        if not w.confirm("Resign", f"{color.capitalize()} resigns?"):
            return
        w.worker.cancel()
        g.resign(color)
        self._ended_by_agreement()

    def offer_draw(self) -> None:
        """To the computer, or to the other player of a hotseat game (over the cover when
        pieces are hidden)."""
        w = self.win
        g = w.game
        if w.prefs.mode == "human_vs_computer" and g.result is None:
            self.offer_draw_to_computer()
            return
        if w.prefs.mode != "hotseat" or g.result is not None:
            w.say("A draw can be offered in hotseat play or to the computer.")
            return
        other = "white" if g.to_move == "black" else "black"
        secret = self.seats.needs_handoff()
        if secret:  # the other player comes to the screen: it shows the cover, not this view
            self.seats.cover_up(f"{g.to_move.capitalize()} offers a draw.\n\nPass the computer "
                                f"to {other.capitalize()} to answer.", ready_button=False)
        accepted = w.confirm("Draw offered", f"{g.to_move.capitalize()} offers a draw. "
                                             f"{other.capitalize()}, do you accept?")
        if secret:
            self.seats.lift_cover()
            if not accepted:  # back to the offering side, through the cover again
                self.seats.begin_handoff()
        if accepted:
            g.agree_draw()
            self._ended_by_agreement()
        else:
            w.say("The draw offer was declined.")

    def _judge(self, purpose: str, color: str) -> None:
        w = self.win
        g = w.game
        self.judge_stamp = (w.game_serial, g.ply, g.hash)
        w.worker.evaluate(purpose, side_view(g, color), level=w.prefs.ai_level,
                          seconds=min(w.prefs.ai_seconds, 5.0), nodes=self.computer.nodes)

    def hint(self) -> None:
        """Play > Hint: the computer's choice for the human, from the human's observation only
        (seat.side_view), searched in the helper process like the computer's own turns."""
        w = self.win
        if not w.human_to_act():
            w.say("A hint is for your own turn.")
            return
        self._judge("hint", w.game.to_move)
        w.say("Looking for a hint…")

    def offer_draw_to_computer(self) -> None:
        """The computer accepts when its evaluation of its own view is about even or worse
        for it (analysis.DRAW_ACCEPT)."""
        w = self.win
        if not w.human_to_act():
            w.say("Offer a draw on your own turn.")
            return
        self._judge("draw", "white" if w.prefs.human == "black" else "black")
        w.say("You offer a draw; the computer considers it…")

    def _evaluated(self, purpose: str, best: str, score: int, depth: int, error: str,
                   plan: list[str] | None = None) -> None:
        w = self.win
        g = w.game
        if self.judge_stamp != (w.game_serial, g.ply, g.hash) or w.handoff_pending:
            return  # asked for another position (or another player's): out of date
        self.judge_stamp = ()
        if purpose == "draw":
            # the view searched has the human to move: the computer's score is the opposite;
            # no completed search (depth 0): no judgement, no draw
            if not error and depth and g.result is None and accepts_draw(-score):
                g.agree_draw()
                self._ended_by_agreement()
            else:
                w.say("The computer declines the draw.")
            return
        if error or not best:
            w.say(f"No hint now: {error or 'nothing found'}.")
            return
        side = g.to_move
        act = next((a for a in g.legal_actions() if str(a) == best), None)
        words = describe(act) if act is not None else best
        then = plan_words(plan or [])
        then = f" Then: {then}." if then else ""
        if depth:
            for_black = score if side == "black" else -score
            w.analysis.show_line(f"Hint for {side.capitalize()}: {words}.{then} Your view: "
                                 f"{score_words(for_black)} (depth {depth}).", for_black)
        else:  # stopped before its first depth was done: an action, no evaluation
            w.analysis.show_line(f"Hint for {side.capitalize()}: {words} (a quick look).",
                                 keep_score=True)
        w.say(f"Hint: {words}.")
        self._mark_hint(act)

    def _mark_hint(self, act: Action | None) -> None:
        """The hinted piece framed and where it goes (or fires, or the target) marked, until
        the next click or action."""
        if act is None or act.origin is None:
            return
        board = self.win.board
        h = board.highlights
        marks = {act.target} if act.target is not None else {act.dest} if act.dest else set()
        self.win.picker.cancel()
        board.set_highlights(Highlights(marks, set(), act.origin, h.last_turn, h.arrows))
