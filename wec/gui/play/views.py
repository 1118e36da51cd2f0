"""The views of the play window, re-read from the game as the seat may see it.

After every change the window asks `Views.refresh`: it decides the seat (wec/gui/play/seat.py),
reads the seat's source (the side's observation, or the game when nothing is hidden) and fills
the board, level panels, piece panel, move list, whose-turn banner, status line, cursor and the
actions' enabled state from it — never from the true game where a side's view belongs.
"""
from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QObject, Qt

from wec.gui.play.board_widget import Highlights
from wec.gui.play.dialogs import game_over_text
from wec.gui.play import self_hits
from wec.gui.play.host import PlayWindow
from wec.gui.play.interaction import cursor_name
from wec.gui.play.last_turn import last_turn_arrows
from wec.gui.play.orientation import bottom_side, is_flipped
from wec.gui.play.seat import Seat
from wec.gui.play.turn_banner import turn_facts

CURSORS = {"open_hand": Qt.CursorShape.OpenHandCursor,
           "pointing_hand": Qt.CursorShape.PointingHandCursor,
           "drag_copy": Qt.CursorShape.DragCopyCursor, "cross": Qt.CursorShape.CrossCursor,
           "arrow": Qt.CursorShape.ArrowCursor}


class Views(QObject):
    """Fills the window's views from the seat's source; owns nothing of the game."""

    def __init__(self, window: PlayWindow) -> None:
        super().__init__()
        self.win = window

    def decide_seat(self) -> Seat:
        """Who is looking now (the one place that decides it; wec/gui/play/seat.py)."""
        w = self.win
        w.seat = Seat.decide(w.game, w.prefs.mode, w.prefs.human, covered=w.handoff_pending,
                             watcher=w.watcher)
        return w.seat

    def board_flipped(self) -> bool:
        """Your own side at the bottom (wec/gui/play/orientation.py), turned by View > Flip
        board."""
        w = self.win
        bottom = bottom_side(w.prefs.mode, w.prefs.human, w.seat.side, w.game.to_move,
                             turn_board=w.prefs.turn_board)
        return is_flipped(bottom, w.prefs.flipped)

    def apply_prefs(self) -> None:
        """The board's and the level panels' look as the preferences say."""
        w = self.win
        p = w.prefs
        w.board.set_view(detailed=not p.discs, lighting=p.lighting, show_last_seen=p.last_seen,
                         show_possible=p.possible_locations, show_reserves=p.reserves,
                         flipped=self.board_flipped(), stretch=p.big_board)
        w.board.set_palette(p.palette())
        w.levels.detailed = not p.discs
        w.levels.lighting = p.lighting
        w.levels.palette_ = p.palette()
        w.side.setVisible(not p.big_board)
        w.levels.update()

    def check_menus(self) -> None:
        """The Play menu's ticks as the preferences say."""
        p = self.win.prefs
        for name in (f"mode_{p.mode}", f"human_{p.human}", f"level_{p.ai_level}"):
            act = self.win.actions_by_name.get(name)
            if act is not None:
                act.setChecked(True)

    def set_view(self, name: str, on: bool) -> None:
        """A View menu switch (a preference of the look, not of the game)."""
        w = self.win
        setattr(w.prefs, name, bool(on))
        self.apply_prefs()
        if name == "possible_locations":
            # a view of the board, not a move: a selection or an aimed fire stays, and so
            # does its prompt
            pk = w.picker
            kept = (pk.stage, pk.candidates, pk.selected, w.game.ply)
            self.refresh()
            if kept[0] and kept[3] == w.game.ply and not w.handoff_pending:
                pk.stage, pk.candidates, pk.selected = kept[:3]
                self.update_highlights()

    def refresh(self) -> None:
        """Re-read the game, as the seat may see it, into the board, panels, history, actions
        and status."""
        w = self.win
        g = w.game
        previous = w.seat.side
        seat = self.decide_seat()
        if not seat.covered and None not in (seat.side, previous) and seat.side != previous:
            w.begin_handoff()  # another side comes to the screen: only through the cover
            return
        source: Any = seat.source()
        w.source = source
        snap = seat.snapshot(source, possible_locations=w.prefs.possible_locations)
        w.snapshot = snap
        if w.board.flipped != self.board_flipped():
            w.board.set_view(flipped=self.board_flipped())
        w.board.set_snapshot(snap)
        legal = g.legal_actions() if w.human_to_act() else []
        mover = g.to_move
        # the mover's own pieces, read from what the seat sees (the mover is the seat's side
        # whenever a human may act)
        w.picker.reset(legal, moved=g.moved, over=g.result is not None,
                       own=lambda r, c: [p for p in source.pieces_at(r, c) if p.color == mover],
                       hits=lambda a: self_hits.own_hits(a, mover, g.options, source.pieces_at))
        w.turns = seat.history(source)
        self.update_history()
        self.update_highlights()
        w.levels.show_square(snap, w.focus_square)
        if w.selected_piece is not None:
            p = w.selected_piece
            still = [q for q in snap.at(p.row, p.col, p.level) if q.type == p.type
                     and q.color == p.color]
            w.selected_piece = still[0] if still else None
        w.piece_panel.show_piece(w.selected_piece)
        self.update_actions()
        self.update_status()
        self.update_banner(source)
        self.update_cursor()

    def update_banner(self, source: Any) -> None:
        """The whose-turn banner, from what the seat may read (wec/gui/play/turn_banner.py)."""
        w = self.win
        if w.seat.covered:
            w.banner.clear()
            return
        g = w.game
        facts = turn_facts(source, w.seat.side, mode=w.prefs.mode, human=w.prefs.human,
                           level=w.prefs.ai_level,
                           result_text=game_over_text(g, short=True) if g.result else None)
        if g.result is None and g.redo_actions() and w.is_computer(g.to_move):
            facts.waiting = " — rewound: redo, or Play > Computer: play now"
        w.banner.show_facts(facts)

    def update_cursor(self) -> None:
        """The cursor says what the left button does (the manual)."""
        w = self.win
        name = cursor_name(w.left_mode, w.picker.stage) if w.human_to_act() else "arrow"
        w.board.setCursor(CURSORS[name])

    def update_history(self) -> None:
        """The move list, from the actions that changed since the last refresh (wec/gui/play/
        history_panel.py): a new reader (hotseat's next side) reads it afresh."""
        w = self.win
        g = w.game
        if w.seat.covered:
            w.history.clear()
            return
        key = (w.game_serial, w.seat.side)
        start = min(w.record_changed_from, len(w.history.notes)) \
            if key == w.history.key else 0
        w.record_changed_from = 1 << 62
        w.history.update_record(
            key, w.seat.notes(w.source, start), start, first_turn=w.first_turn,
            played=g.ply, turn_strings=w.turns + w.seat.history_ahead(len(w.turns)))

    def update_highlights(self) -> None:
        """The picker's choices and the last turn's squares and arrows, on the board."""
        w = self.win
        turns = w.turns
        last: set[tuple[int, int]] = set()
        if turns:
            for r, c in re.findall(r"\((\d+),(\d+)\)", turns[-1].split(",RS:")[0]):
                last.add((int(r), int(c)))
        pk = w.picker
        w.board.set_highlights(Highlights(pk.destinations(), pk.targets(), pk.selected, last,
                                          last_turn_arrows(turns[-1] if turns else None)))
        push = pk.push if pk.stage == "doze" else None
        w.overlays.show(pk.self_hits(), pk.pushes(), (push.origin, push.dest)
                        if push is not None and push.origin and push.dest else None)

    def update_actions(self) -> None:
        """Which menu and toolbar actions may be used now."""
        w = self.win
        g = w.game
        if w.handoff_pending:  # the cover: nothing but "I am ready"
            for act in w.window_actions:
                act.setEnabled(False)
            w.end_turn_button.setEnabled(False)
            return
        can_end = w.human_to_act() and g.moved
        w.actions_by_name["end_turn"].setEnabled(can_end)
        w.end_turn_button.setEnabled(can_end)
        back = not g.competitive
        w.actions_by_name["undo"].setEnabled(back and g.ply > 0)
        w.actions_by_name["redo"].setEnabled(back and bool(g.redo_actions()))
        w.actions_by_name["offer_draw"].setEnabled(
            g.result is None and (w.prefs.mode == "hotseat" or w.human_to_act()))
        w.actions_by_name["hint"].setEnabled(w.human_to_act())
        w.actions_by_name["resign"].setEnabled(g.result is None)

    def update_status(self) -> None:
        """The turn label of the status bar (the details are the banner's)."""
        w = self.win
        g = w.game
        if w.handoff_pending:
            w.status_label.setText("")
            return
        if g.result:
            text = f"Game over: {game_over_text(g, short=True)}"
        else:
            who = "computer" if w.is_computer(g.to_move) else "you" if \
                w.prefs.mode == "human_vs_computer" else g.to_move
            if who == "computer" and not w.worker.busy and g.redo_actions():
                who = "the computer waits: Redo or Ctrl+M"  # rewound: it waits
            text = f"Turn {g.turn}: {g.to_move.capitalize()}" + (
                f" ({who})" if who in ("you", "computer") or who.startswith("the computer")
                else "")
        w.status_label.setText(text)
