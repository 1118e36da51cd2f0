"""An online seat played in a play window: `OnlinePlay` attaches an `OnlineSession` to a window
and makes the window that seat's screen.

- the views: the window's game is an `OnlineGame` made of the latest `state` frame, the seat
  its side, all the time (no hand-off cover: the other side plays on another machine);
- the human's picker works from the server's `legal` list; a chosen action goes to the server
  with its version and the board changes only when the server's next `state` comes;
- the online bar above the side panel: the game code, the connection (connected /
  reconnecting), the opponent's presence, a draw offer, Accept draw and Claim victory;
- Play > Resign and Offer draw are the server's; what would change the game locally (New, Load,
  Undo, the computer, the editor…) is off in this window.
"""
from __future__ import annotations

import os
from typing import Any

from PySide6.QtWidgets import (QBoxLayout, QHBoxLayout, QLabel, QMessageBox, QPushButton,
                               QVBoxLayout, QWidget)

from wec.game.action import Action
from wec.game.errors import WecError
from wec.gui.play.host import PlayWindow
from wec.gui.play.online.online_game import OnlineGame
from wec.gui.play.online.saved_seats import forget_seat, save_seat
from wec.gui.play.online.session import OnlineSession, SeatInfo
from wec.gui.play.online.setup_panel import SetupPanel
from wec.gui.play.seat import Seat
from wec.online import saves

LOCAL_ONLY = ("new", "load", "save", "save_as", "board_editor", "continue", "paste_position",
              "competitive", "ai_now", "ai_stop", "ai_pause", "hint", "undo", "redo", "options")
"""Window actions that would change or read the game outside the server: off online."""
LOCAL_PREFIXES = ("mode_", "human_", "level_", "gov_", "government_")
"""So are the sides, the computer's level and the governments (the server's game has them)."""

LINK_WORDS = {"connecting": "Connecting…", "connected": "Connected",
              "reconnecting": "Connection lost — reconnecting…",
              "unreachable": "Cannot reach the server — trying again… (is the address right?)",
              "closed": "Disconnected"}
PRESENCE_WORDS = {"connected": "connected", "reconnecting": "gone (may come back)",
                  "empty": "not joined yet"}


class OnlineBar(QWidget):
    """The seat's line about the online game."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("online_bar")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        self.code = QLabel("")
        self.code.setObjectName("online_code")
        self.code.setWordWrap(True)
        self.code.setTextInteractionFlags(self.code.textInteractionFlags()
                                          | self.code.textInteractionFlags().TextSelectableByMouse)
        self.link = QLabel("")
        self.link.setObjectName("online_link")
        self.link.setWordWrap(True)
        self.opponent = QLabel("")
        self.opponent.setObjectName("online_opponent")
        row = QHBoxLayout()
        self.accept = QPushButton("Accept draw")
        self.accept.setObjectName("online_accept_draw")
        self.claim = QPushButton("Claim victory")
        self.claim.setObjectName("online_claim")
        self.claim.setToolTip("The opponent has been gone longer than the game's grace: win")
        row.addWidget(self.accept)
        row.addWidget(self.claim)
        row.addStretch(1)
        for w in (self.code, self.link, self.opponent):
            layout.addWidget(w)
        layout.addLayout(row)
        self.accept.hide()
        self.claim.hide()


class OnlinePlay:
    """One online seat in a play window (the window is given, not made here, so this package
    never imports the window's module)."""

    def __init__(self, window: Any, session: OnlineSession, *, persist: bool = True,
                 shared_url: str | None = None, save_path: str | None = None) -> None:
        self.win: PlayWindow = window
        self.save_path = save_path
        """The online save this seat was reopened from (kept, whatever the server says)."""
        self.previewing = False
        """The board shows the save's last view until the server's first state."""
        self.window = window
        self.session = session
        self.persist = persist
        self.shared_url = shared_url or session.url
        self.side: str | None = session.seat.side if session.seat else None
        self.opponent_status = "empty"
        self.frames: list[dict[str, Any]] = []
        """Every state this seat was sent (tests compare the views with them)."""
        self.bar = OnlineBar()
        self.bar.accept.clicked.connect(session.accept_draw)
        self.bar.claim.clicked.connect(session.claim)
        layout = window.side.layout()
        assert isinstance(layout, QBoxLayout)
        layout.insertWidget(0, self.bar)
        self.setup_panel = SetupPanel(session)
        layout.insertWidget(1, self.setup_panel)
        session.setup.connect(self._setup)
        self._take_over(window)
        session.seated.connect(self._seated)
        session.state.connect(self._state)
        session.presence.connect(self._presence)
        session.refused.connect(self._refused)
        session.link.connect(self._link)
        window.setWindowTitle(self.title)
        self._link(session.status)

    title = "WEC — online game"

    def _take_over(self, w: Any) -> None:
        """The window's seat, turn and actions become the online seat's."""
        setattr(w, "human_to_act", self.human_to_act)
        setattr(w, "is_computer", lambda color: False)
        setattr(w.seats, "human_to_act", self.human_to_act)
        setattr(w.seats, "is_computer", lambda color: False)
        setattr(w.human, "play", self.play)
        setattr(w.views, "decide_seat", self.decide_seat)
        # one seat at this screen, all the time: no hand-off cover (the other player has a
        # machine of their own)
        setattr(w, "begin_handoff", lambda: None)
        setattr(w.seats, "begin_handoff", lambda: None)
        setattr(w.seats, "needs_handoff", lambda: False)
        w.seats.lift_cover()
        # the line of play is the server's: no looking back over it here
        for signal in (w.history.plyChosen, w.history.navigate, w.board.keyNavigate):
            signal.disconnect()
        for name, slot in (("resign", self.resign), ("offer_draw", self.session.offer_draw)):
            act = w.actions_by_name[name]
            act.triggered.disconnect()
            act.triggered.connect(slot)
        refresh = w.refresh

        def refresh_online() -> None:
            refresh()
            for name, act in w.actions_by_name.items():
                if name in LOCAL_ONLY or name.startswith(LOCAL_PREFIXES):
                    act.setEnabled(False)
            over = w.game.result is not None
            w.actions_by_name["offer_draw"].setEnabled(not over and self.side is not None)
            w.actions_by_name["resign"].setEnabled(not over and self.side is not None)
            self._name_players()
        setattr(w, "refresh", refresh_online)

    def _name_players(self) -> None:
        """The banner says who plays each side: you and your opponent."""
        facts = self.window.banner.facts
        if facts is not None and self.side in ("black", "white") and self.session.last:
            other = "white" if self.side == "black" else "black"
            facts.players = {self.side: "you", other: "your opponent"}
            self.window.banner.show_facts(facts)

    # --- the window's questions ----------------------------------------------------------------

    def human_to_act(self) -> bool:
        return self.session.my_turn() and self.win.game.result is None

    def decide_seat(self) -> Seat:
        # before the first state nothing of this game is known but a save's last view
        self.window.seat = Seat(self.window.game, self.side,
                                covered=self.session.last is None and not self.previewing)
        return self.window.seat

    def play(self, action: Action | str) -> bool:
        """The chosen action goes to the server; the board moves when its state comes."""
        w = self.win
        if not self.human_to_act():
            w.say("Not your turn to act." if self.session.status == "connected"
                  else "Not connected: the action waits until the game is back.")
            return False
        if not self.session.act(str(action)):
            w.say(f"Not allowed now: {action}")
            return False
        self.window.picker.cancel()
        w.say("Sent; waiting for the server…")
        w.refresh()
        return True

    def resign(self) -> None:
        if self.window.confirm("Resign", "Resign this online game?"):
            self.session.resign()

    # --- the session's news ----------------------------------------------------------------------

    def _seated(self, seat: SeatInfo) -> None:
        self.side = seat.side
        if self.persist:
            save_seat(seat)
        self._show_code()

    def _show_code(self) -> None:
        seat = self.session.seat
        if seat is None:
            return
        self.bar.code.setText(f"You play {seat.side.capitalize()}. Game code: {seat.game}\n"
                              f"Address: {self.shared_url}")

    def _setup(self, frame: dict[str, Any]) -> None:
        self.setup_panel.show_setup(frame)
        seat = self.session
        self.bar.code.setText(f"Game code: {seat.game_id}\nAddress: {self.shared_url}")
        self.win.say("Agree the colours and the position; either of you starts the game.")

    def show_saved_view(self, view: dict[str, Any]) -> None:
        """Until the server answers, the board shows the seat's last view from its save (its
        own observation and move list; no clock runs, no action is offered)."""
        frame = {**{k: v for k, v in view.items() if k != "clock"}, "legal": []}
        try:
            self.window.game = OnlineGame.of_state(frame)
        except (WecError, KeyError, TypeError, ValueError) as e:
            self.win.say(f"The save's last view cannot be shown ({e}): waiting for the server.")
            return
        self.previewing = True
        self._show_code()
        self.window.refresh()
        self.win.say(f"Your last view of this game (turn {view.get('turn', '?')}), from your "
                     "save: connecting to the server…")

    def _state(self, frame: dict[str, Any]) -> None:
        w = self.window
        self.previewing = False
        self.setup_panel.hide()
        self.frames.append(frame)
        before = w.game.result
        w.board.stop_animation()
        game = w.game = OnlineGame.of_state(frame)
        game.stamp(w.clocks.now)  # the running clock counts down from this frame
        self._keep_save(frame)
        w.record_changed_from = 0
        w.picker.cancel()
        presence = frame.get("presence") or {}
        if self.side in ("black", "white"):
            other = "white" if self.side == "black" else "black"
            self.opponent_status = str(presence.get(other, self.opponent_status))
        self._show_opponent()
        w.refresh()
        if frame["result"] is not None:
            if before is None:
                w.game_over()
                for box in w.dialogs:
                    if box.objectName() == "game_over" and isinstance(box, QMessageBox):
                        box.setInformativeText("Play > Online… starts or joins another game.")
                if self.persist and self.session.seat is not None:
                    forget_seat(self.session.seat)
        else:
            self._say_turn(frame)

    def _say_turn(self, frame: dict[str, Any]) -> None:
        w = self.win
        if not frame.get("started", True):
            w.say("Waiting for your opponent to join (give them the game code and address).")
        elif frame["legal"]:
            w.say(f"Turn {frame['turn']}: your turn ({str(self.side).capitalize()}).")
        else:
            w.say(f"Turn {frame['turn']}: {str(frame['to_move']).capitalize()} is playing.")

    def _keep_save(self, frame: dict[str, Any]) -> None:
        """The seat's own save (its token and this view) in the data folder's online saves,
        one file per game and side: Propose saved game… offers it in a set-up."""
        seat = self.session.seat
        if not self.persist or seat is None:
            return
        save = saves.of_state(seat.url, seat.game, seat.side, seat.token, seat.name,
                              self.session.names, frame)
        try:
            saves.write_save(saves.default_path(save), save)
        except OSError as e:
            self.win.say(f"The online save could not be written: {e}")

    def _presence(self, side: str, status: str) -> None:
        if side in ("black", "white") and side != self.side:
            self.opponent_status = status
            self._show_opponent()

    def _show_opponent(self) -> None:
        last = self.session.last or {}
        self.bar.opponent.setText(
            f"Opponent: {PRESENCE_WORDS.get(self.opponent_status, self.opponent_status)}")
        offer = last.get("draw_offer")
        over = last.get("result") is not None
        self.bar.accept.setVisible(bool(offer) and offer != self.side and not over)
        if offer and offer != self.side and not over:
            self.bar.opponent.setText(self.bar.opponent.text() + " — offers a draw")
        self.bar.claim.setVisible(self.opponent_status == "reconnecting" and not over
                                  and bool(last.get("started")))

    def _refused(self, code: str, message: str) -> None:
        self.win.say(f"The server refused: {message} ({code})")
        self.win.refresh()

    def _link(self, status: str) -> None:
        words = LINK_WORDS.get(status, status)
        self.bar.link.setToolTip("")
        if status == "unreachable" and self.save_path is not None:
            words = "No server answers: your save is kept — trying again…"
            self.bar.link.setToolTip(f"{self.session.url}\n{self.save_path}")
            self.win.say(f"No server answers at {self.session.url}: your save is kept "
                         f"({os.path.basename(self.save_path)}) — trying again…")
        self.bar.link.setText(words)
        self.bar.link.setStyleSheet("color: #a00000; font-weight: bold;"
                                    if status in ("reconnecting", "unreachable") else "")
        self.window.refresh()

    def close(self) -> None:
        self.session.close()
