"""The server's games in memory: a `Room` per game (the true `Game`, its seats, the connections
of each seat and its spectators, the draw offer, each seat's presence) and the `Lobby` that
makes, finds and reloads them. No network code: a connection is a `Peer`, whose `send` queues
a frame; the server (wec.online.server) turns frames into calls here and sends what they queue.

What a connection is sent is built here, and only here: a seat gets its side's observation
(`Game.observation(side).position()`), its side's turn strings, and the legal actions only when
it is to move; a spectator gets the pieces both sides see until the game is over, then the
whole game.
"""
from __future__ import annotations

import secrets
import sqlite3
import time
from typing import Any, Callable, Protocol

from wec.game.errors import IllegalActionError, WecError, cut
from wec.game.game import Game
from wec.game.options import Options
from wec.online import protocol as p
from wec.online.store import StoredGame, Store, token_hash, token_matches
from wec.rules import scenarios

SPECTATOR = "spectator"
CONNECTED, RECONNECTING, EMPTY = "connected", "reconnecting", "empty"


class Peer(Protocol):
    """One client connection, as the rooms see it."""

    seats: dict[str, str]
    """game id -> the side it holds there, or "spectator"."""

    def send(self, frame: dict[str, Any]) -> None:
        """Queue a frame for the client (never blocks)."""


def new_id() -> str:
    """An unguessable id or token: 128 bits from the system's secure source."""
    return secrets.token_urlsafe(16)


def other(side: str) -> str:
    return "white" if side == "black" else "black"


class Room:
    """One game on the server."""

    def __init__(self, game_id: str, game: Game, seats: dict[str, tuple[str, str]],
                 grace: float, reason: str | None, now: float) -> None:
        self.id = game_id
        self.game = game
        self.seats = dict(seats)  # side -> (name, token hash)
        self.grace = grace
        self.reason = reason
        self.peers: dict[str, set[Peer]] = {"black": set(), "white": set(), SPECTATOR: set()}
        # since when each taken seat has had no connection (a server restart counts as one)
        self.gone_since: dict[str, float | None] = {side: now for side in self.seats}
        self.draw_offer: str | None = None
        self._frames: dict[str, tuple[int, dict[str, Any]]] = {}
        self._views: dict[str, tuple[int, dict[str, Any], list[str]]] = {}

    @property
    def version(self) -> int:
        """The count of actions applied."""
        return self.game.ply

    @property
    def started(self) -> bool:
        return len(self.seats) == 2

    def names(self) -> dict[str, str]:
        return {side: name for side, (name, _) in self.seats.items()}

    def presence(self, side: str) -> str:
        if side not in self.seats:
            return EMPTY
        return CONNECTED if self.peers[side] else RECONNECTING

    # --- what each one is sent -------------------------------------------------------------------

    def state_frame(self, side: str) -> dict[str, Any]:
        """The state as `side` (or a spectator) may know it; made once per version and side."""
        made = self._frames.get(side)
        if made is not None and made[0] == self.version:
            return made[1]
        game = self.game
        frame: dict[str, Any] = {
            "type": "state", "game": self.id, "side": side, "version": self.version,
            "to_move": game.to_move, "turn": game.turn, "moved": game.moved,
            "result": game.result, "reason": self.reason, "started": self.started,
            "draw_offer": self.draw_offer,
            "presence": {s: self.presence(s) for s in p.SIDES}}
        if side == SPECTATOR:
            frame.update(self._spectator_view())
        else:
            frame["observation"], frame["history"] = self._view(side)
            to_move = self.started and game.result is None and game.to_move == side
            frame["legal"] = [str(a) for a in game.legal_actions()] if to_move else []
        self._frames[side] = (self.version, frame)
        return frame

    def _spectator_view(self) -> dict[str, Any]:
        """Until the end only what both sides see: each side's pieces its enemy sees, the
        articles and the projectiles (public, R10.6), no history; once the game is over, the
        whole position and the full history."""
        game = self.game
        if game.result is not None:
            return {"observation": game.position(), "history": game.full_history(),
                    "legal": []}
        seen = []
        for side in p.SIDES:
            enemy_view = self._view(other(side))[0]
            for piece in enemy_view["pieces"]:
                if piece["color"] == side:
                    seen.append({k: v for k, v in piece.items() if k != "locks"})
        public = self._view("black")[0]
        board = {"to_move": game.to_move, "turn": game.turn, "pieces": seen,
                 "articles": public["articles"],
                 "projectiles": [{k: v for k, v in pr.items() if k in (
                     "type", "color", "square", "level", "direction")}
                     for pr in public["projectiles"]]}
        return {"observation": board, "history": [], "legal": []}

    def forget_frames(self) -> None:
        """Something the frames show changed without an action (a draw offer)."""
        self._frames.clear()

    def _view(self, side: str) -> tuple[dict[str, Any], list[str]]:
        """`side`'s observed position and turn strings, made once per version (read only)."""
        made = self._views.get(side)
        if made is None or made[0] != self.version:
            obs = self.game.observation(side)
            made = self._views[side] = (self.version, obs.position(shared=True), obs.history())
        return made[1], made[2]

    def send_state(self, peer: Peer, side: str) -> None:
        peer.send(self.state_frame(side))

    def broadcast(self) -> None:
        """Every connection of the room gets the current state."""
        for side, peers in self.peers.items():
            if peers:
                frame = self.state_frame(side)
                for peer in list(peers):
                    peer.send(frame)

    def tell_presence(self, side: str) -> None:
        self._frames.clear()  # the state frames show the presence too
        frame = p.presence_frame(self.id, side, self.presence(side))
        for peers in self.peers.values():
            for peer in list(peers):
                peer.send(frame)

    # --- connections -------------------------------------------------------------------------

    def attach(self, peer: Peer, side: str) -> None:
        was = self.presence(side) if side != SPECTATOR else None
        self.peers[side].add(peer)
        peer.seats[self.id] = side
        if side != SPECTATOR:
            self.gone_since[side] = None
            if was != CONNECTED:
                self.tell_presence(side)

    def detach(self, peer: Peer, now: float) -> None:
        side = peer.seats.pop(self.id, None)
        if side is None:
            return
        self.peers[side].discard(peer)
        if side != SPECTATOR and not self.peers[side]:
            self.gone_since[side] = now
            self.tell_presence(side)

    def seat_of(self, peer: Peer) -> str:
        side = peer.seats.get(self.id)
        if side is None or side == SPECTATOR:
            raise p.ProtocolError(p.NOT_SEATED, "this connection holds no seat in that game: "
                                                "resume it with the seat's token")
        return side


class Lobby:
    """Every game of a server: made by `create`, found by id, reloaded from the store when
    first asked for after a restart (replaying its actions)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.started = clock()

    def room(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is None:
            stored = self.store.load(game_id)
            if stored is None:
                raise p.ProtocolError(p.NO_SUCH_GAME, "no game of that id on this server")
            room = self.rooms[game_id] = self._rebuilt(stored)
        return room

    def reload_unfinished(self) -> int:
        """Load every game not over (a server's start): the count."""
        ids = self.store.unfinished()
        for game_id in ids:
            self.room(game_id)
        return len(ids)

    def _rebuilt(self, stored: StoredGame) -> Room:
        game = Game.from_position(stored.initial)
        game.set_competitive()
        for text in stored.actions:
            game.replay_action(text)
        seats = {s.side: (s.name, s.token_hash) for s in stored.seats.values()}
        return Room(stored.id, game, seats, stored.grace, stored.reason, self.started)

    # --- requests ------------------------------------------------------------------------------

    def create(self, peer: Peer, request: p.Create) -> Room:
        try:
            options = Options.from_dict(request.options)
            if request.scenario is not None:
                if request.scenario not in scenarios.SCENARIOS:
                    raise p.ProtocolError(p.BAD_OPTIONS, f"no scenario {request.scenario!r}")
                pos = scenarios.load(request.scenario)
                pos["options"] = {**pos.get("options", {}), **options.changes()}
                game = Game.from_position(pos)
            else:
                game = Game.new(options)
        except (WecError, TypeError, ValueError) as e:
            raise p.ProtocolError(p.BAD_OPTIONS, cut(e, 200)) from None
        game.set_competitive()  # each side reads only its own record (R12.3), no undo
        side = secrets.choice(p.SIDES) if request.side == "random" else request.side
        game_id, token = new_id(), new_id()
        self.store.add_game(game_id, game.options.changes(), game.initial_position(), request.grace)
        self.store.add_seat(game_id, side, request.name, token)
        seats = {side: (request.name, token_hash(token))}
        room = self.rooms[game_id] = Room(game_id, game, seats, request.grace, None, self.clock())
        room.attach(peer, side)
        peer.send(p.seated_frame(game_id, side, token, room.names()))
        room.send_state(peer, side)
        return room

    def join(self, peer: Peer, request: p.Join) -> None:
        room = self.room(request.game)
        free = [s for s in p.SIDES if s not in room.seats]
        if not free:
            raise p.ProtocolError(p.GAME_FULL, "both seats are taken: watch the game instead")
        if request.game in peer.seats:
            raise p.ProtocolError(p.GAME_FULL, "this connection already holds a seat there")
        side, token = free[0], new_id()
        self.store.add_seat(room.id, side, request.name, token)
        room.seats[side] = (request.name, token_hash(token))
        room.attach(peer, side)
        peer.send(p.seated_frame(room.id, side, token, room.names()))
        room.broadcast()  # the game starts: both seats (and any spectator) see it

    def watch(self, peer: Peer, request: p.Watch) -> None:
        room = self.room(request.game)
        room.attach(peer, SPECTATOR)
        peer.send(p.seated_frame(room.id, SPECTATOR, None, room.names()))
        room.send_state(peer, SPECTATOR)

    def resume(self, peer: Peer, request: p.Resume) -> None:
        room = self.room(request.game)
        sides = [s for s, (_, h) in room.seats.items() if token_matches(request.token, h)]
        if not sides:
            raise p.ProtocolError(p.BAD_TOKEN, "that token holds no seat in this game")
        side = sides[0]
        room.attach(peer, side)
        peer.send(p.seated_frame(room.id, side, request.token, room.names()))
        room.send_state(peer, side)

    def act(self, peer: Peer, request: p.Act) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        self._playable(room)
        game = room.game
        if game.to_move != side:
            raise p.ProtocolError(p.NOT_YOUR_TURN, f"{game.to_move} is to move")
        if request.version != room.version:
            raise p.ProtocolError(p.STALE_VERSION, f"the game is at version {room.version}, "
                                                   f"not {request.version}")
        try:
            game.apply(request.action)
        except IllegalActionError as e:
            raise p.ProtocolError(p.ILLEGAL_ACTION, cut(e, 200)) from None
        if room.draw_offer == other(side):
            room.draw_offer = None  # played on: the opponent's offer is declined
        self._commit(room, "play")

    def resign(self, peer: Peer, request: p.Resign) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        self._playable(room)
        room.game.resign(side)
        self._commit(room, "resignation")

    def offer_draw(self, peer: Peer, request: p.OfferDraw) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        self._playable(room)
        room.draw_offer = side
        room.forget_frames()  # the same version, a new offer
        room.broadcast()

    def accept_draw(self, peer: Peer, request: p.AcceptDraw) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        self._playable(room)
        if room.draw_offer != other(side):
            raise p.ProtocolError(p.NO_DRAW_OFFER, "the opponent has offered no draw")
        room.game.agree_draw()
        self._commit(room, "agreement")

    def claim(self, peer: Peer, request: p.Claim) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        self._playable(room)
        gone = room.gone_since.get(other(side))
        if gone is None:
            raise p.ProtocolError(p.TOO_EARLY, "the opponent is connected")
        left = room.grace - (self.clock() - gone)
        if left > 0:
            raise p.ProtocolError(p.TOO_EARLY, f"the opponent may come back for {left:.0f} s "
                                               f"more")
        room.game.resign(other(side))
        self._commit(room, "abandonment")

    def leave(self, peer: Peer) -> None:
        """A connection closed: it leaves every room it was in."""
        now = self.clock()
        for game_id in list(peer.seats):
            room = self.rooms.get(game_id)
            if room is not None:
                room.detach(peer, now)

    # --- helpers -----------------------------------------------------------------------------

    @staticmethod
    def _playable(room: Room) -> None:
        if room.game.result is not None:
            raise p.ProtocolError(p.GAME_OVER, f"the game is over ({room.game.result})")
        if not room.started:
            raise p.ProtocolError(p.NOT_STARTED, "the second seat has not joined yet")

    def _commit(self, room: Room, how: str) -> None:
        """Store the action just applied, then tell everyone; a failed write undoes it (the
        game is rebuilt from the file) and nobody is told of it."""
        game = room.game
        try:
            self.store.add_action(room.id, game.ply - 1, game.actions()[-1])
            if game.result is not None:
                room.reason = how
                room.draw_offer = None
                self.store.finish(room.id, game.result, how)
        except sqlite3.Error as e:
            stored = self.store.load(room.id)
            if stored is not None:
                fresh = self._rebuilt(stored)
                room.game, room.reason = fresh.game, fresh.reason
            raise p.ProtocolError(p.SERVER_ERROR, f"the action could not be stored ({e})") \
                from None
        room.broadcast()
