"""One seat's connection to a game server: a `QWebSocket` on the GUI thread (no extra thread)
speaking `wec.online.protocol`.

The session takes a seat (create, join, or resume with a saved token), hands every `state` frame
to its listener, sends the seat's actions with the version they were chosen on, and reconnects
by itself after a dropped connection (backoff 0.2 s doubling to 5 s), resuming the seat and
sending again an action that was never confirmed when the game is still where it was made (as
`wec.online.client.play_seat` does).

A server of several workers (`wec serve --workers N`) may answer the first request with a
`redirect` to the worker that holds the game: the session then connects there and sends it
again. The seat keeps the URL it was given (the public one), so every reconnection, and a
resume from the seat's save, goes there first and follows the redirect again (a worker's own
port may change when the server restarts).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QTimer, QUrl, Signal
from PySide6.QtWebSockets import QWebSocket  # PySide6-Addons (the `gui` extra)

from wec.online import protocol as p

FIRST_DELAY, LAST_DELAY = 0.2, 5.0
"""The reconnecting backoff, in seconds."""
MAX_HOPS = 4
"""Redirects followed in a row before the session gives up on them."""


@dataclass
class SeatInfo:
    """What resuming a seat needs (its own token and side, never the other seat's)."""
    url: str
    game: str
    side: str
    token: str
    name: str = ""
    hosted: bool = False
    """The server was started by this app (Host): resuming starts it again on the same port."""


class OnlineSession(QObject):
    """A seat at an online game, or a spectator's place (`first` a `watch`). Signals:
    `seated(SeatInfo)`, `watching(dict)` (a spectator's place taken: the players' names by
    side), `state(dict)`, `presence(str, str)` (side, status), `refused(str, str)` (code,
    message) and `link(str)`: "connecting", "connected", "reconnecting", "unreachable" (never
    connected yet: trying again) or "closed"."""

    seated = Signal(object)
    watching = Signal(dict)
    state = Signal(dict)
    setup = Signal(dict)
    presence = Signal(str, str)
    refused = Signal(str, str)
    link = Signal(str)

    def __init__(self, url: str, first: p.Request | None = None, seat: SeatInfo | None = None,
                 parent: QObject | None = None, *, hosted: bool = False) -> None:
        super().__init__(parent)
        self.url = url
        self.hosted = hosted
        self.first = first
        """create or join: sent once, on the first connection."""
        self.seat = seat
        self.last: dict[str, Any] | None = None
        self.pending: tuple[int, str] | None = None
        """An action sent on that version and not yet confirmed by a later state."""
        self.delay = FIRST_DELAY
        self.reconnects = 0
        self.status = "connecting"
        self.closing = False
        self.reached = False
        """Connected at least once (else the address may be wrong)."""
        self.resuming = False
        """A resume was sent: its state tells whether the unconfirmed action arrived."""
        self.game_id: str | None = seat.game if seat else None
        self.token: str | None = seat.token if seat else None
        """The seat's game and token, known from the first `seated` (a set-up's too)."""
        self.role: str | None = None
        """In a set-up: host or guest."""
        self.last_setup: dict[str, Any] | None = None
        self.names: dict[str, str] = {}
        """The players' names by side, from the last `seated`."""
        self.socket = QWebSocket()
        self.socket.setParent(self)
        self.socket.connected.connect(self._connected)
        self.socket.disconnected.connect(self._dropped)
        self.socket.textMessageReceived.connect(self._received)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._open)
        self.sent: list[dict[str, Any]] = []
        """Every frame sent (tests read it)."""
        self.at = url
        """The URL of the connection now: `url`, or the worker a redirect named."""
        self.hops = 0
        self.moving = False
        """A redirect is being followed: the connection closing is not a drop."""

    # --- the connection ----------------------------------------------------------------------

    def start(self) -> None:
        self._open()

    def _open(self) -> None:
        if not self.reconnects:
            self._set_link("connecting")
        self.at = self.url
        self.socket.open(QUrl(self.url))

    def _connected(self) -> None:
        self.delay = FIRST_DELAY
        self.reached = True
        self.resuming = self.token is not None
        if self.game_id is not None and self.token is not None:
            self.send(p.Resume(self.game_id, self.token))
        elif self.first is not None:
            self.send(self.first)
        self._set_link("connected")

    def _dropped(self) -> None:
        if self.moving:  # following a redirect: the holding worker at once
            self.moving = False
            self.socket.open(QUrl(self.at))
            return
        if self.closing:
            self._set_link("closed")
            return
        self.reconnects += 1
        self._set_link("reconnecting" if self.reached else "unreachable")
        self.timer.start(int(self.delay * 1000))
        self.delay = min(self.delay * 2, LAST_DELAY)

    def drop(self) -> None:
        """Cut the connection as a network failure would (it reconnects by itself)."""
        self.socket.abort()

    def close(self) -> None:
        self.closing = True
        self.timer.stop()
        self.socket.close()
        self._set_link("closed")

    def _set_link(self, status: str) -> None:
        if status != self.status:
            self.status = status
            self.link.emit(status)

    # --- frames --------------------------------------------------------------------------------

    def send(self, request: p.Request) -> None:
        frame = p.request_frame(request)
        self.sent.append(frame)
        self.socket.sendTextMessage(p.encode(frame))

    def _received(self, text: str) -> None:
        try:
            frame = p.read_event(text)
        except p.ProtocolError as e:
            self.refused.emit(e.code, e.message)
            return
        kind = frame["type"]
        if kind == "redirect":
            self._redirected(frame)
            return
        self.hops = 0
        if kind == "seated":
            self._seated(frame)
        elif kind == "state":
            self._state(frame)
        elif kind == "setup":
            self.last_setup = frame
            self.setup.emit(frame)
        elif kind == "presence":
            self.presence.emit(str(frame["side"]), str(frame["status"]))
        elif kind == "error":
            self._error(frame)

    def _redirected(self, frame: dict[str, Any]) -> None:
        """The request went to a worker that does not hold the game: connect to the one that
        does; on connecting, the session sends its resume (or its first request) again."""
        url = str(frame.get("url") or "")
        if not url.startswith(("ws://", "wss://")) or self.hops >= MAX_HOPS:
            self.refused.emit("bad_redirect", f"the server redirected to {url[:80]!r}")
            return
        self.hops += 1
        self.at = url
        self.moving = True
        self.socket.close()

    def _seated(self, frame: dict[str, Any]) -> None:
        self.names = {str(k): str(v) for k, v in (frame.get("names") or {}).items()}
        if frame.get("side") == "spectator":  # no token: a reconnection watches again
            self.watching.emit(self.names)
            return
        self.game_id = str(frame["game"])
        self.token = str(frame.get("token") or self.token or "")
        if frame.get("side") not in p.SIDES:
            self.role = frame.get("role")  # a set-up: the side comes when it ends
            return
        if self.seat is None:
            name = self.first.name if isinstance(self.first, (p.Create, p.Join)) else ""
            self.seat = SeatInfo(self.url, self.game_id, frame["side"], self.token, name,
                                 self.hosted)
        self.seated.emit(self.seat)

    def _state(self, frame: dict[str, Any]) -> None:
        self.last = frame
        if self.pending is not None and frame["version"] != self.pending[0]:
            self.pending = None  # applied (or refused as stale): either way it is settled
        resumed, self.resuming = self.resuming, False
        self.state.emit(frame)
        if resumed and self.pending is not None and self.pending[1] in frame["legal"]:
            # made on this very state and never confirmed: the connection dropped in between
            self.send(p.Act(frame["game"], self.pending[1], frame["version"]))

    def _error(self, frame: dict[str, Any]) -> None:
        code = str(frame.get("code"))
        if code == p.RATE_LIMITED and self.pending is not None:
            QTimer.singleShot(500, self._send_pending)
            return
        if code in (p.ILLEGAL_ACTION, p.STALE_VERSION, p.NOT_YOUR_TURN):
            self.pending = None
        if code in (p.STALE_VERSION, p.NOT_YOUR_TURN) and self.seat is not None:
            # the game moved on past the state this seat acted on: take the current one
            self.send(p.Resume(self.seat.game, self.seat.token))
        self.refused.emit(code, str(frame.get("message", "")))

    def _send_pending(self) -> None:
        if self.pending is not None and self.seat is not None:
            self.send(p.Act(self.seat.game, self.pending[1], self.pending[0]))

    # --- the seat's requests -------------------------------------------------------------------

    def my_turn(self) -> bool:
        return bool(self.last and self.last["legal"] and self.last["result"] is None
                    and self.pending is None and self.status == "connected")

    def act(self, text: str) -> bool:
        """Send one of the legal actions of the last state; False if it is not one."""
        if self.seat is None or self.last is None or text not in self.last["legal"]:
            return False
        self.pending = (int(self.last["version"]), text)
        self.send(p.Act(self.seat.game, text, int(self.last["version"])))
        return True

    def resign(self) -> None:
        if self.seat is not None:
            self.send(p.Resign(self.seat.game))

    def offer_draw(self) -> None:
        if self.seat is not None:
            self.send(p.OfferDraw(self.seat.game))

    def accept_draw(self) -> None:
        if self.seat is not None:
            self.send(p.AcceptDraw(self.seat.game))

    def claim(self) -> None:
        if self.seat is not None:
            self.send(p.Claim(self.seat.game))

    # --- the set-up (docs/PROTOCOL.md, "The set-up") -----------------------------------------

    def pick(self, side: str) -> None:
        if self.game_id is not None:
            self.send(p.Pick(self.game_id, side))

    def propose(self, scenario: str | None, time_control: dict[str, float] | None = None
                ) -> None:
        if self.game_id is not None:
            self.send(p.Propose(self.game_id, {}, scenario, time_control))

    def propose_saved(self, game: str, token: str) -> None:
        """Propose to continue a saved online game: its id and this player's token of it."""
        if self.game_id is not None:
            self.send(p.Propose(self.game_id, {}, saved={"game": game, "token": token}))

    def answer(self, accept: bool, token: str | None = None) -> None:
        """Accept or refuse the opponent's proposal (a saved game: with this player's token
        of it)."""
        if self.game_id is not None:
            self.send(p.Answer(self.game_id, accept, token))

    def begin(self) -> None:
        if self.game_id is not None:
            self.send(p.Begin(self.game_id))
