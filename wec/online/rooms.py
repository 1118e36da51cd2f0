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

import asyncio
import logging
import secrets
import sqlite3
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol

from wec.game.action import Action
from wec.game.errors import IllegalActionError, cut
from wec.game.game import Game
from wec.game.seatviews import seat_positions
from wec.online import protocol as p
from wec.online import snapshots
from wec.online.clocks import RoomClock, restore_clock, spec_of
from wec.online.frames import SeatParts
from wec.online.setup import GUEST, HOST, ROLE_SIDE, SIDE_ROLE, SavedGame, Setup, Terms, \
    build_game, host_side, saved_side
from wec.online.store import StoredGame, StoredSnapshot, Store, token_hash, token_matches

log = logging.getLogger(__name__)

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
        self.setup: Setup | None = None
        """The set-up going on (wec.online.setup), if any: the game has not started."""
        self._frames: dict[str, tuple[int, dict[str, Any]]] = {}
        self.parts = SeatParts()
        """The costly parts of the state frames, made once per version (wec.online.frames)."""
        self.base = 0
        """The actions applied before the game's record began (a game resumed from a
        snapshot): the version counts them too."""
        self.snapshot_at = 0
        """The version of the game's last snapshot (wec.online.snapshots)."""
        self.timing: RoomClock | None = None
        """A game with clocks: the server's measure of them (wec.online.clocks)."""

    @property
    def version(self) -> int:
        """The count of actions applied."""
        return self.base + self.game.ply

    def earlier_turns(self) -> dict[str, list[str]]:
        """The turn strings before the game's record began (by side, and "full")."""
        return self.parts.earlier

    def resume_from(self, base: int, earlier: dict[str, list[str]]) -> None:
        """The room's game was rebuilt from a snapshot taken after `base` actions, when the
        turn strings were `earlier` (wec.online.snapshots.resumed)."""
        self.base = self.snapshot_at = base
        self.parts = SeatParts(earlier)

    @property
    def started(self) -> bool:
        return len(self.seats) == 2 and self.setup is None

    def names(self) -> dict[str, str]:
        """The players' names by side (by role in a set-up)."""
        names = {side: name for side, (name, _) in self.seats.items()}
        if self.setup is not None:
            return {SIDE_ROLE[side]: name for side, name in names.items()}
        return names

    def role(self, side: str) -> str | None:
        """host or guest in a set-up, else None."""
        return SIDE_ROLE.get(side) if self.setup is not None else None

    def seated(self, side: str, token: str | None) -> dict[str, Any]:
        """The `seated` event for a seat (or a spectator) of this room."""
        role = self.role(side)
        shown = None if role is not None else side
        return p.seated_frame(self.id, shown, token, self.names(), role)

    def swap_sides(self) -> None:
        """The two seats change sides (the end of a set-up): seats, connections, absences."""
        b, w = "black", "white"
        self.seats = {other(side): seat for side, seat in self.seats.items()}
        self.peers[b], self.peers[w] = self.peers[w], self.peers[b]
        self.gone_since = {other(side): t for side, t in self.gone_since.items()}
        for side in (b, w):
            for peer in self.peers[side]:
                peer.seats[self.id] = side

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
            frame["legal"] = self.parts.legal_text(game, self.version) if to_move else []
        self._frames[side] = (self.version, frame)
        return frame

    def _spectator_view(self) -> dict[str, Any]:
        """Until the end only what both sides see: each side's pieces its enemy sees, the
        articles and the projectiles (public, R10.6), no history; once the game is over, the
        whole position and the full history."""
        game = self.game
        if game.result is not None:
            return {"observation": game.position(), "history": self.parts.full_history(game),
                    "legal": []}
        views = seat_positions(game)
        seen = []
        for side in p.SIDES:
            for piece in views[other(side)]["pieces"]:
                if piece["color"] == side:
                    seen.append({k: v for k, v in piece.items() if k != "locks"})
        public = views["black"]
        board = {"to_move": game.to_move, "turn": game.turn, "pieces": seen,
                 "articles": public["articles"],
                 "projectiles": [{k: v for k, v in pr.items() if k in (
                     "type", "owner", "square", "level", "direction")}
                     for pr in public["projectiles"]]}
        return {"observation": board, "history": [], "legal": []}

    def forget_frames(self) -> None:
        """Something the frames show changed without an action (a draw offer)."""
        self._frames.clear()

    def legal(self) -> Mapping[str, Action]:
        """The legal actions of the side to move by their texts, made once per version (the
        state frame lists them; an act names one)."""
        return self.parts.legal(self.game, self.version)

    def _view(self, side: str) -> tuple[p.Raw, p.Raw]:
        """`side`'s observed position and turn strings as JSON text, made once per version."""
        return (self.parts.observation(self.game, self.version, side),
                self.parts.history(self.game, self.version, side))

    def current_frame(self, side: str) -> dict[str, Any]:
        """The state, or in a set-up the set-up, as `side` (or a spectator) may know it."""
        if self.setup is not None:
            return self.setup.frame(self.id, self.role(side), {s: n for s, (n, _) in
                                                               self.seats.items()},
                                    {s: self.presence(s) for s in p.SIDES})
        if self.timing is not None:  # the clocks as they are at this send
            return self.timing.stamp(self.state_frame(side), self.game)
        return self.state_frame(side)

    def send_state(self, peer: Peer, side: str) -> None:
        peer.send(self.current_frame(side))

    def broadcast(self) -> None:
        """Every connection of the room gets the current state (or set-up)."""
        for side, peers in self.peers.items():
            if peers:
                frame = self.current_frame(side)
                for peer in list(peers):
                    peer.send(frame)

    def tell_presence(self, side: str) -> None:
        self._frames.clear()  # the state frames show the presence too
        frame = p.presence_frame(self.id, self.role(side) or side, self.presence(side))
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


@dataclass
class Written:
    """An action written in the group of actions not yet committed (`Lobby.confirm`)."""
    room: Room
    how: str
    snapshot: StoredSnapshot | None
    ended: tuple[str, str] | None
    peer: Peer
    ref: Any


class Lobby:
    """Every game of a server: made by `create`, found by id, reloaded from the store when
    first asked for after a restart (replaying its actions).

    With `group_commits` (a server's lobby, in an event loop) the actions of many games are
    committed together: an act's action is written in the transaction open, and the games are
    told of it (their state frames sent) only after `confirm` has committed that transaction,
    once the loop has handled the frames that came in with it. Any other request, a timer or a
    connection's end confirms first, so nothing is ever shown before it is stored."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.monotonic,
                 group_commits: bool = False) -> None:
        self.store = store
        self.clock = clock
        self.snapshot_every = snapshots.EVERY
        self.rooms: dict[str, Room] = {}
        self.started = clock()
        self.group_commits = group_commits
        self._group: list[Written] = []
        self._grouped: set[str] = set()
        self.id_prefix = ""
        """Begins the id of every game created here (a worker's number: wec.online.workers)."""

    def room(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is None:
            stored = self.store.load(game_id)
            if stored is None:
                raise p.ProtocolError(p.NO_SUCH_GAME, "no game of that id on this server")
            if stored.phase == "continued":
                raise p.ProtocolError(p.GAME_OVER, "this game was continued in a set-up, as "
                                                   "another game: resume that one")
            room = self.rooms[game_id] = self._rebuilt(stored)
            self._run_clock(room)
        return room

    def _rebuilt(self, stored: StoredGame) -> Room:
        game, base, earlier = snapshots.resumed(stored)
        seats = {s.side: (s.name, s.token_hash) for s in stored.seats.values()}
        room = Room(stored.id, game, seats, stored.grace, stored.reason, self.started)
        room.resume_from(base, earlier)
        restore_clock(game, stored)
        if stored.phase == "setup":  # the wishes and a proposal waiting are not kept
            room.setup = Setup(Terms(stored.options, stored.scenario, spec_of(game),
                                     self._saved_terms(stored)))
        return room

    # --- requests ------------------------------------------------------------------------------

    def create(self, peer: Peer, request: p.Create) -> Room:
        terms = Terms(request.options, request.scenario, request.time_control)
        game = build_game(terms)
        negotiate = request.setup == "negotiate"
        if negotiate:  # the host is black in the store until the colours are resolved
            side = ROLE_SIDE[HOST]
        else:
            side = secrets.choice(p.SIDES) if request.side == "random" else request.side
        game_id, token = self.id_prefix + new_id(), new_id()
        self.store.add_game(game_id, terms.options, game.initial_position(), request.grace,
                            phase="setup" if negotiate else "play", scenario=terms.scenario)
        self.store.add_seat(game_id, side, request.name, token)
        seats = {side: (request.name, token_hash(token))}
        room = self.rooms[game_id] = Room(game_id, game, seats, request.grace, None, self.clock())
        self._run_clock(room)  # the clocks are shown while the game waits for its second seat
        if negotiate:
            room.setup = Setup(terms, {HOST: request.side, GUEST: "random"})
        room.attach(peer, side)
        peer.send(room.seated(side, token))
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
        peer.send(room.seated(side, token))
        self._run_clock(room)
        room.broadcast()  # the game (or its set-up) starts: every connection sees it

    def watch(self, peer: Peer, request: p.Watch) -> None:
        room = self.room(request.game)
        room.detach(peer, self.clock())  # one place in a game per connection
        room.attach(peer, SPECTATOR)
        peer.send(room.seated(SPECTATOR, None))
        room.send_state(peer, SPECTATOR)

    def resume(self, peer: Peer, request: p.Resume) -> None:
        room = self.room(request.game)
        sides = [s for s, (_, h) in room.seats.items() if token_matches(request.token, h)]
        if not sides:
            raise p.ProtocolError(p.BAD_TOKEN, "that token holds no seat in this game")
        side = sides[0]
        room.detach(peer, self.clock())  # one place in a game per connection
        room.attach(peer, side)
        self._run_clock(room)
        peer.send(room.seated(side, request.token))
        room.send_state(peer, side)

    def act(self, peer: Peer, request: p.Act, ref: Any = None) -> None:
        """`ref`: the request's, for an error told after a grouped commit failed."""
        room = self.room(request.game)
        if room.id in self._grouped or room.timing is not None:
            self.confirm()  # the game as stored (and its clocks as they stand) first
        side = room.seat_of(peer)
        self._playable(room)
        self._time_check(room)
        game = room.game
        if game.to_move != side:
            raise p.ProtocolError(p.NOT_YOUR_TURN, f"{game.to_move} is to move")
        if request.version != room.version:
            raise p.ProtocolError(p.STALE_VERSION, f"the game is at version {room.version}, "
                                                   f"not {request.version}")
        try:
            game.apply(self.legal_action(room, request.action))
        except IllegalActionError as e:
            raise p.ProtocolError(p.ILLEGAL_ACTION, cut(e, 200)) from None
        if room.draw_offer == other(side):
            room.draw_offer = None  # played on: the opponent's offer is declined
        self._commit(room, "play", (peer, ref) if self.group_commits else None)

    def resign(self, peer: Peer, request: p.Resign) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        self._playable(room)
        self._time_check(room)
        room.game.resign(side)
        self._commit(room, "resignation")

    def offer_draw(self, peer: Peer, request: p.OfferDraw) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        self._playable(room)
        self._time_check(room)
        room.draw_offer = side
        room.forget_frames()  # the same version, a new offer
        room.broadcast()

    def accept_draw(self, peer: Peer, request: p.AcceptDraw) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        self._playable(room)
        self._time_check(room)
        if room.draw_offer != other(side):
            raise p.ProtocolError(p.NO_DRAW_OFFER, "the opponent has offered no draw")
        room.game.agree_draw()
        self._commit(room, "agreement")

    def claim(self, peer: Peer, request: p.Claim) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        self._playable(room)
        self._time_check(room)
        gone = room.gone_since.get(other(side))
        if gone is None:
            raise p.ProtocolError(p.TOO_EARLY, "the opponent is connected")
        left = room.grace - (self.clock() - gone)
        if left > 0:
            raise p.ProtocolError(p.TOO_EARLY, f"the opponent may come back for {left:.0f} s "
                                               f"more")
        room.game.resign(other(side))
        self._commit(room, "abandonment")

    # --- the set-up (wec.online.setup) ---------------------------------------------------------

    def _setup_of(self, room: Room) -> Setup:
        if room.setup is None:
            raise p.ProtocolError(p.NOT_IN_SETUP, "this game has no set-up going on")
        return room.setup

    def pick(self, peer: Peer, request: p.Pick) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        self._setup_of(room).wishes[SIDE_ROLE[side]] = request.side
        room.broadcast()

    def propose(self, peer: Peer, request: p.Propose) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        setup = self._setup_of(room)
        if request.saved is not None:
            terms = Terms(saved=self._saved_game(room, request.saved["game"],
                                                 {SIDE_ROLE[side]: request.saved["token"]}))
        else:
            terms = Terms(request.options, request.scenario, request.time_control)
            build_game(terms)  # refused now (bad_options) rather than at the start
        setup.proposal, setup.proposed_by = terms, SIDE_ROLE[side]
        room.broadcast()

    def answer(self, peer: Peer, request: p.Answer) -> None:
        room = self.room(request.game)
        side = room.seat_of(peer)
        setup = self._setup_of(room)
        if setup.proposal is None or setup.proposed_by == SIDE_ROLE[side]:
            raise p.ProtocolError(p.NO_PROPOSAL, "the opponent has proposed nothing")
        if request.accept and setup.proposal.saved is not None:
            self._accept_saved(room, setup, SIDE_ROLE[side], request.token)
        elif request.accept:
            game = build_game(setup.proposal)
            self.store.set_terms(room.id, setup.proposal.options, setup.proposal.scenario,
                                 game.initial_position())
            self.store.set_saved_terms(room.id, None, None)
            setup.terms, room.game = setup.proposal, game
        setup.proposal = setup.proposed_by = None
        room.broadcast()

    def begin(self, peer: Peer, request: p.Begin) -> None:
        """Either seat ends the set-up: colours resolved, the game starts on the agreed terms;
        each seat is sent its side (`seated`, its token unchanged) and the first state."""
        room = self.room(request.game)
        room.seat_of(peer)
        setup = self._setup_of(room)
        if len(room.seats) < 2:
            raise p.ProtocolError(p.NOT_STARTED, "the guest has not joined yet")
        if setup.terms.saved is not None:
            swap = self._continue_saved(room, setup.terms.saved)
        else:
            swap = host_side(setup.wishes) != ROLE_SIDE[HOST]
            self.store.begin(room.id, swap)
        room.setup = None
        if swap:
            room.swap_sides()
        room.forget_frames()
        for side in p.SIDES:
            for seat_peer in list(room.peers[side]):
                seat_peer.send(room.seated(side, None))
        self._run_clock(room)
        room.broadcast()

    def leave(self, peer: Peer) -> None:
        """A connection closed: it leaves every room it was in."""
        self.confirm()
        now = self.clock()
        for game_id in list(peer.seats):
            room = self.rooms.get(game_id)
            if room is not None:
                room.detach(peer, now)
                self._run_clock(room)
                if room.game.result is not None and not any(room.peers.values()):
                    del self.rooms[game_id]  # over and unwatched: read again if asked for

    # --- helpers -----------------------------------------------------------------------------

    @staticmethod
    def legal_action(room: Room, text: str) -> Action | str:
        """The listed action of that text (applied without reading the texts again), or the
        text itself (another spelling of an action: the facade reads it)."""
        found = room.legal().get(text) if room.game.result is None else None
        return found if found is not None else text

    @staticmethod
    def _playable(room: Room) -> None:
        if room.game.result is not None:
            raise p.ProtocolError(p.GAME_OVER, f"the game is over ({room.game.result})")
        if not room.started:
            raise p.ProtocolError(p.NOT_STARTED, "the game has not started: the second seat "
                                                 "has not joined, or the set-up goes on")

    def _commit(self, room: Room, how: str, grouped: tuple[Peer, Any] | None = None) -> None:
        """Store the action just applied, then tell everyone; a failed write undoes it (the
        game is rebuilt from the file) and nobody is told of it. `grouped` (the acting peer and
        its request's ref): written in the group that `confirm` commits, and told then."""
        game = room.game
        ended = None if game.result is None else (game.result, how)
        snapshot = snapshots.due(room, self.snapshot_every)
        last = game.record.line[-1]
        try:  # the last entry's text, not game.actions(): no cost that grows with the game
            self.store.add_action(room.id, room.version - 1, last.text, ended,
                                  clock=last.clock, snapshot=snapshot,
                                  grouped=grouped is not None)
        except sqlite3.Error as e:
            if grouped is not None:  # the whole group is lost with it
                self._drop_group(e)
            self._restore(room)
            raise p.ProtocolError(p.SERVER_ERROR, f"the action could not be stored ({e})") \
                from None
        if grouped is None:
            self._confirmed(room, how, snapshot, ended)
            return
        if not self._group:
            asyncio.get_running_loop().call_soon(self.confirm)
        self._group.append(Written(room, how, snapshot, ended, *grouped))
        self._grouped.add(room.id)

    def confirm(self) -> None:
        """Commit the actions written in the group, then tell each game's connections of its
        action; if the commit fails, none is kept (their games are rebuilt from the file) and
        each acting connection gets an error."""
        group, self._group = self._group, []
        self._grouped.clear()
        if not group:
            return
        try:
            if not self.store.grouping:  # SQLite rolled it back on an error of its own
                raise sqlite3.OperationalError("the transaction was rolled back")
            self.store.commit()
        except sqlite3.Error as e:
            self._drop_group(e, group)
            return
        for w in group:
            try:
                self._confirmed(w.room, w.how, w.snapshot, w.ended)
            except Exception:  # one game's fault: logged, the others are told
                log.exception("telling game %s of its action failed", w.room.id)

    def _drop_group(self, error: sqlite3.Error, group: list[Written] | None = None) -> None:
        """The group's actions are not stored: rolled back, undone, their connections told."""
        if group is None:
            group, self._group = self._group, []
            self._grouped.clear()
        try:
            self.store.rollback()
        except sqlite3.Error:
            log.exception("rolling back the grouped actions failed")
        for w in group:
            self._restore(w.room)
            w.peer.send(p.error_frame(p.SERVER_ERROR, f"the action could not be stored "
                                                      f"({error})", w.ref))

    def _restore(self, room: Room) -> None:
        """The room's game as the file holds it (an action that was not stored undone)."""
        stored = self.store.load(room.id)
        if stored is not None:
            fresh = self._rebuilt(stored)
            room.game, room.reason = fresh.game, fresh.reason
            room.resume_from(fresh.base, fresh.earlier_turns())

    def _confirmed(self, room: Room, how: str, snapshot: StoredSnapshot | None,
                   ended: tuple[str, str] | None) -> None:
        """The action is stored: everyone is told."""
        if snapshot is not None:
            room.snapshot_at = snapshot.ply
        if ended is not None:
            room.reason, room.draw_offer = how, None
        room.broadcast()
        self._arm_clock(room)

    # --- clocks (wec.online.clocks) --------------------------------------------------------------

    def _run_clock(self, room: Room) -> None:
        """A started game with clocks: the mover's time runs while a seat of the game has a
        connection; while neither has (both players left it, or the server restarted) the
        game is adjourned and no clock runs (a saved game waits as it was left)."""
        if room.game.clock is None:
            return
        if room.timing is None:  # shown from the creation on; run from the start of play
            room.timing = RoomClock(self.clock)
        if not room.started or room.game.result is not None:
            return
        if any(room.peers[side] for side in p.SIDES):
            room.timing.start()
            self._arm_clock(room)
        elif room.timing.since is not None:
            if room.timing.settle(room.game):
                self._flag_fell(room)
            else:
                room.timing.pause()

    def _arm_clock(self, room: Room) -> None:
        if room.timing is not None:
            room.timing.arm(room.game, lambda: self.time_due(room.id))

    def _time_check(self, room: Room) -> None:
        """Charge the mover the time up to this request; if it ran out, the game ends on time
        (everyone is told) and the request is refused."""
        if room.timing is not None and room.timing.settle(room.game):
            self._flag_fell(room)
            raise p.ProtocolError(p.GAME_OVER, f"{room.game.flagged}'s time ran out")

    def time_due(self, game_id: str) -> None:
        """The timer of a game: the mover's time would be out now. Ends the game on time if it
        is (a silent mover loses too), else sets the timer again."""
        self.confirm()
        room = self.rooms.get(game_id)
        if room is None or room.timing is None:
            return
        try:
            if room.timing.settle(room.game):
                self._flag_fell(room)
            else:
                self._arm_clock(room)
        except Exception:  # a timer has nobody to answer: logged, the server goes on
            log.exception("the clock of game %s failed", game_id)

    def _flag_fell(self, room: Room) -> None:
        game = room.game
        assert game.result is not None
        if room.timing is not None:
            room.timing.cancel()
        try:
            self.store.end(room.id, game.result, "time")
        except sqlite3.Error:  # not kept: a restart gives the time back, the game goes on
            log.exception("the end on time of game %s could not be stored", room.id)
        room.reason, room.draw_offer = "time", None
        room.forget_frames()  # the same version, now over
        room.broadcast()

    def stop_clocks(self) -> None:
        """The server stops: no timer falls due any more."""
        for room in self.rooms.values():
            if room.timing is not None:
                room.timing.cancel()

    # --- saved games (wec.online.setup) ----------------------------------------------------------

    def _saved_game(self, room: Room, game_id: str, tokens: dict[str, str]) -> SavedGame:
        """The saved game `game_id` as the seats of `room` (role -> token) prove they hold
        it: each token a side of it, two tokens two sides. ProtocolError otherwise."""
        sides = {role: saved_side(self.store.load(game_id), token, room.id)
                 for role, token in tokens.items()}
        if len(set(sides.values())) < len(sides):
            raise p.ProtocolError(p.BAD_TOKEN, "each player proves the other side of the saved "
                                               "game: the same players in the same colours")
        saved = self.room(game_id)
        return SavedGame(game_id, sides, {s: n for s, (n, _) in saved.seats.items()},
                         saved.game.turn, saved.version)

    def _saved_terms(self, stored: StoredGame) -> SavedGame | None:
        """A set-up's agreed saved game after a restart (None if it can no longer go on)."""
        if stored.saved_terms is None:
            return None
        game_id, host = stored.saved_terms
        try:
            saved = self.room(game_id)
        except p.ProtocolError:
            return None
        return SavedGame(game_id, {HOST: host, GUEST: other(host)},
                         {s: n for s, (n, _) in saved.seats.items()}, saved.game.turn,
                         saved.version)

    def _accept_saved(self, room: Room, setup: Setup, role: str, token: str | None) -> None:
        """The answer accepts a saved game: its token must hold the side the proposer's did
        not (the same players in the same colours)."""
        proposal = setup.proposal
        assert proposal is not None and proposal.saved is not None
        if token is None:
            raise p.ProtocolError(p.BAD_TOKEN, "accepting a saved game needs your token of it")
        proven = self._saved_game(room, proposal.saved.game, {role: token})
        sides = {**proposal.saved.sides, **proven.sides}
        if len(set(sides.values())) < 2:
            raise p.ProtocolError(p.BAD_TOKEN, "your token holds the proposer's side of that "
                                               "game: the same players in the same colours")
        saved = SavedGame(proven.game, sides, proven.names, proven.turn, proven.version)
        self.store.set_saved_terms(room.id, saved.game, sides[HOST])
        setup.terms = Terms(saved=saved)

    def _continue_saved(self, room: Room, saved: SavedGame) -> bool:
        """End the set-up by continuing the saved game: the server's own stored game is copied
        into this one (nothing a client sent), the saved game is closed, each seat plays the
        side it had there. True if the seats change sides."""
        old = self.room(saved.game)  # refused if it ended or was continued meanwhile
        if old.game.result is not None:
            raise p.ProtocolError(p.GAME_OVER, "the saved game is over")
        swap = saved.sides[HOST] != ROLE_SIDE[HOST]
        self.store.continue_saved(room.id, saved.game, swap)
        stored = self.store.load(room.id)
        assert stored is not None
        fresh = self._rebuilt(stored)
        room.game = fresh.game
        room.resume_from(fresh.base, fresh.earlier_turns())
        room.timing = None
        if old.timing is not None:
            old.timing.cancel()
        del self.rooms[saved.game]  # closed: asked for again, it says it was continued
        for peers in old.peers.values():
            for peer in list(peers):
                peer.seats.pop(saved.game, None)
        return swap

