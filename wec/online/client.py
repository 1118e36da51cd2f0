"""A headless client of the online protocol (aiohttp's client WebSocket): `Client` sends
requests and reads the server's frames; `play_seat` plays one seat to the end of its game with
a chooser (the built-in AI, random, or the terminal), reconnecting with backoff after a dropped
connection and sending an unconfirmed action again when the game is still where it was.

A client never holds the other side's secrets: the AI chooses from the seat's observation (the
`state` frame), exactly what the server sent.
"""
from __future__ import annotations

import asyncio
import random
import ssl
import sys
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import aiohttp

from wec.ai.player import AI
from wec.ai.view import loadable
from wec.online import protocol as p

Chooser = Callable[[dict[str, Any]], Awaitable[str]]
"""Picks the action (its text) to send for a `state` frame whose `legal` is not empty, or
RESIGN."""
RESIGN = "resign"


class ConnectionLost(Exception):
    """The connection closed."""


class Silent(asyncio.TimeoutError):
    """Nothing came from the server for as long as the client waits (its message is one line
    saying what was awaited)."""


WAIT = 900.0
"""Seconds a client waits for the server's next frame while the game (or its set-up) waits on
the other player, before it gives up with `Silent`."""
CONNECT_WAIT = 30.0
"""Seconds to open the connection."""


_CLOSED = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING,
           aiohttp.WSMsgType.ERROR)


MAX_HOPS = 4
"""Redirects followed in a row (without another frame between) before a client gives up."""


class Client:
    """One connection to a server. A reader task takes every frame as it comes (so the
    server's pings are answered while the client thinks, however long) and queues it for
    `receive`.

    A server of several workers (`wec serve --workers N`) answers a request for a game that
    another worker holds with a `redirect`; with `follow` (the default) the client then moves:
    it connects to the redirect's URL, closes the connection it had (frames still queued on
    it are dropped) and sends the same request there, so `url` is afterwards the URL of the
    worker holding the game. One `Client` follows one worker at a time: a program with seats
    in games of several workers keeps one `Client` for each."""

    def __init__(self, url: str, ssl_context: ssl.SSLContext | bool | None = None, *,
                 follow: bool = True) -> None:
        self.url = url
        self.public_url = url
        """The URL first given (a client keeps it, e.g. in a save: it redirects again)."""
        self.ssl_context = ssl_context
        self.follow = follow
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._inbox: asyncio.Queue[aiohttp.WSMessage] = asyncio.Queue()
        self._held: list[aiohttp.WSMessage] = []
        self._reader: asyncio.Future[None] | None = None
        self._asked: dict[tuple[Any, Any], dict[str, Any]] = {}
        """The last request sent of each type and game: what a redirect sends again."""
        self._hops = 0

    async def connect(self) -> "Client":
        self._session = aiohttp.ClientSession()
        try:
            await self._open(self.url)
        except BaseException:
            await self._session.close()
            raise
        return self

    async def _open(self, url: str) -> None:
        assert self._session is not None
        self._ws = await asyncio.wait_for(self._session.ws_connect(
            url, ssl=self.ssl_context if self.ssl_context is not None else True,
            max_msg_size=8 * 1024 * 1024, autoping=True), CONNECT_WAIT)
        self.url = url
        self._inbox = asyncio.Queue()
        self._held = []
        self._reader = asyncio.ensure_future(self._read_loop(self._ws, self._inbox))

    @staticmethod
    async def _read_loop(ws: aiohttp.ClientWebSocketResponse,
                         inbox: asyncio.Queue[aiohttp.WSMessage]) -> None:
        while True:
            msg = await ws.receive()
            inbox.put_nowait(msg)
            if msg.type in _CLOSED:
                return

    async def _move(self, redirect: dict[str, Any]) -> bool:
        """Follow a redirect: the same request sent again at its URL (False when this client
        sent no such request: the caller gets the frame)."""
        asked = self._asked.get((redirect.get("request"), redirect.get("game")))
        url = redirect.get("url")
        if asked is None or not isinstance(url, str) or \
                not url.startswith(("ws://", "wss://")):
            return False
        self._hops += 1
        if self._hops > MAX_HOPS:
            raise p.ProtocolError("redirect_loop", f"redirected {MAX_HOPS} times in a row")
        old, reader = self._ws, self._reader
        await self._open(url)
        if old is not None:
            await old.close()
        if reader is not None:
            await asyncio.gather(reader, return_exceptions=True)
        await self.ws.send_str(p.encode(asked))
        return True

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
        if self._session is not None:
            await self._session.close()

    async def __aenter__(self) -> "Client":
        return await self.connect()

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    @property
    def ws(self) -> aiohttp.ClientWebSocketResponse:
        assert self._ws is not None, "connect() first"
        return self._ws

    async def send(self, frame: dict[str, Any] | p.Request) -> None:
        if not isinstance(frame, dict):
            frame = p.request_frame(frame)
        if self.follow:
            self._asked[(frame.get("type"), frame.get("game"))] = frame
        await self.ws.send_str(p.encode(frame))

    async def send_text(self, text: str) -> None:
        """A raw text frame (tests send malformed ones)."""
        await self.ws.send_str(text)

    async def receive(self, timeout: float | None = 30.0, waiting_for: str = "") -> dict[str, Any]:
        """The next server frame; `Silent` if none comes within `timeout` seconds when
        `waiting_for` says what is awaited (else asyncio's TimeoutError)."""
        while True:
            try:
                msg = await self._next(timeout)
            except asyncio.TimeoutError:
                if not waiting_for:
                    raise
                raise Silent(f"nothing from the server for {timeout:g} s while waiting for "
                             f"{waiting_for}") from None
            if msg.type in _CLOSED:
                self._inbox.put_nowait(msg)  # every later receive says so too
                raise ConnectionLost(f"the connection closed ({msg.data!r})")
            frame = p.read_event(msg.data)
            if frame["type"] == "redirect" and self.follow and await self._move(frame):
                continue
            self._hops = 0
            return frame

    async def _next(self, timeout: float | None) -> aiohttp.WSMessage:
        """The next message of the inbox within `timeout` seconds. Not asyncio.wait_for: on
        Python 3.10-3.11 it can swallow a cancellation that comes as the message does, and a
        cancelled player would then play on; here a cancellation always goes through, and a
        message already taken is kept for the next call."""
        if self._held:
            return self._held.pop(0)
        get = asyncio.ensure_future(self._inbox.get())
        try:
            done, _ = await asyncio.wait({get}, timeout=timeout)
        except BaseException:
            if get.done() and not get.cancelled():
                self._held.append(get.result())
            get.cancel()
            raise
        if not done:
            get.cancel()
            raise asyncio.TimeoutError
        return get.result()

    async def until(self, kind: str, timeout: float | None = 30.0) -> dict[str, Any]:
        """Frames up to the next of this type (an error raises ProtocolError unless asked for)."""
        while True:
            frame = await self.receive(timeout, f"a {kind} frame")
            if frame["type"] == kind:
                return frame
            if frame["type"] == "error":
                raise p.ProtocolError(frame["code"], frame["message"])


@dataclass
class Seat:
    """A seat held in a game: what resuming it needs."""
    game: str
    side: str
    token: str


async def take_seat(client: Client, request: p.Request, terms: SetupPlan | None = None,
                    wait: float = WAIT) -> tuple[Seat, dict[str, Any]]:
    """Send create / join / resume; the seat and the first state. A game with a set-up is
    negotiated first (`terms`: what this seat proposes and which saves it holds; `wait`: the
    seconds the set-up waits for each event of the other player before `Silent`)."""
    await client.send(request)
    seated = await client.until("seated")
    if seated["side"] is None:  # a set-up: the side comes when it ends
        terms = terms or SetupPlan()
        if terms.on_setup is not None:
            terms.on_setup(seated)
        return await negotiate(client, seated, terms, wait)
    state = await client.until("state")
    return Seat(seated["game"], seated["side"], seated["token"]), state


@dataclass
class SetupPlan:
    """How a headless seat goes through a set-up (docs/PROTOCOL.md, "The set-up"): the host
    proposes `proposal` (if any) once the guest is there and starts the game when it is
    answered; either seat accepts the other's proposal of options or a scenario, and a saved
    game only with its own token of it (`saved_tokens`: game id -> token, from its saves)."""
    proposal: p.Propose | None = None
    saved_tokens: dict[str, str] = field(default_factory=dict)
    on_setup: Callable[[dict[str, Any]], None] | None = None
    """Told the set-up's `seated` frame (its game code to give the opponent)."""


class Refused(Exception):
    """The opponent refused this seat's proposal in the set-up."""


async def negotiate(client: Client, seated: dict[str, Any], plan: SetupPlan,
                    wait: float = WAIT) -> tuple[Seat, dict[str, Any]]:
    """Answer the set-up's events until the game starts; the seat and the first state
    (`Silent` when no event comes for `wait` seconds)."""
    game, token, role = seated["game"], seated["token"], seated.get("role")
    proposed = begun = False
    while True:
        frame = await client.receive(wait, "the other player in the set-up")
        kind = frame["type"]
        if kind == "error":
            raise p.ProtocolError(frame["code"], frame["message"])
        if kind == "seated" and frame["side"] in p.SIDES:
            return Seat(game, frame["side"], token), await client.until("state", wait)
        if kind != "setup":
            continue
        proposal = frame["proposal"]
        if proposal is not None and proposal["by"] != role:
            saved = proposal.get("saved")
            mine = None if saved is None else plan.saved_tokens.get(saved["game"])
            await client.send(p.Answer(game, saved is None or mine is not None, mine))
            continue
        guest_there = frame["presence"].get("guest") == "connected"
        if role != "host" or not guest_there or begun:
            continue
        if plan.proposal is not None and not proposed:
            proposed = True
            await client.send(p.Propose(game, plan.proposal.options, plan.proposal.scenario,
                                        plan.proposal.time_control, plan.proposal.saved))
        elif proposal is None:  # nothing proposed, or the proposal answered
            if plan.proposal is not None and not _agreed(frame["agreed"], plan.proposal):
                raise Refused("the opponent refused the proposal")
            begun = True
            await client.send(p.Begin(game))


def _agreed(agreed: dict[str, Any], proposal: p.Propose) -> bool:
    if proposal.saved is not None:
        return bool(agreed.get("saved")) and agreed["saved"]["game"] == proposal.saved["game"]
    return agreed.get("scenario") == proposal.scenario and \
        agreed.get("options") == proposal.options and \
        agreed.get("time_control") == proposal.time_control


def ai_chooser(level: int, seconds: float, seed: int | None = 0) -> Chooser:
    """The built-in AI, deciding from the seat's observation only (in a worker thread)."""
    ai = AI(level=level, seconds=seconds, seed=seed)

    def choose(state: dict[str, Any]) -> str:
        pos = dict(state["observation"])
        pos.pop("enemy_reserves", None)
        action = ai.choose_action(loadable(pos), seconds=budget(seconds, state.get("clock")))
        text = str(action)
        return text if text in state["legal"] else random.choice(state["legal"])

    async def run(state: dict[str, Any]) -> str:
        return await asyncio.to_thread(choose, state)
    return run


def budget(seconds: float, clock: dict[str, Any] | None) -> float:
    """The AI's time for an action: `seconds`, but with clocks no more than a share of the
    time it has left (it keeps some for the actions to come)."""
    if not clock or clock.get("running") is None:
        return seconds
    left = float(clock["remaining"][clock["running"]])
    return max(0.02, min(seconds, left / 40 + float(clock["increment_seconds"]) / 4))


def random_chooser(seed: int | None = None) -> Chooser:
    rng = random.Random(seed)

    async def run(state: dict[str, Any]) -> str:
        return str(rng.choice(state["legal"]))
    return run


def terminal_chooser(show: Callable[[str], None] = print) -> Chooser:
    """Reads the action from the terminal (a number of the list, or its text; `resign`)."""

    async def run(state: dict[str, Any]) -> str:
        legal = state["legal"]
        for i, text in enumerate(legal, 1):
            show(f"{i:3}. {text}")
        while True:
            line = (await asyncio.to_thread(sys.stdin.readline)).strip()
            if not line:
                raise EOFError("no action read")
            if line.isdigit() and 1 <= int(line) <= len(legal):
                return str(legal[int(line) - 1])
            if line in legal or line == RESIGN:
                return line
            show(f"a number of the list, an action's text, or {RESIGN}")
    return run


async def play_seat(url: str, seat: Seat, choose: Chooser, client: Client | None = None,
                    first: dict[str, Any] | None = None,
                    on_state: Callable[[dict[str, Any]], None] | None = None,
                    reconnects: int = 8, ssl_context: ssl.SSLContext | bool | None = None,
                    wait: float = WAIT) -> dict[str, Any]:
    """Play `seat` until its game is over (`first`: a state already read); the last state. A
    dropped connection is resumed (backoff 0.2 s doubling to 5 s, `reconnects` times); an
    action sent but not confirmed is sent again if the state is still the version it was made
    on; an action the server refuses as illegal is replaced by a random legal one, one
    dropped for the rate is sent again half a second later, and one refused as stale or out of
    turn (this client was behind the game) re-syncs: a `resume` on the same connection brings
    the game's current state. `Silent` when the server sends nothing for `wait` seconds."""
    pending: tuple[int, str] | None = None
    last: dict[str, Any] | None = None
    attempts = 0
    while True:
        try:
            if client is None:
                client = await Client(url, ssl_context).connect()
                await client.send(p.Resume(seat.game, seat.token))
            while True:
                frame = first if first is not None else await client.receive(
                    wait, "the next state of the game")
                first = None
                if frame["type"] == "error":
                    pending = await _answer_error(client, seat, frame, last, pending)
                    continue
                if frame["type"] != "state":
                    continue
                attempts = 0
                last = frame
                if on_state is not None:
                    on_state(frame)
                if frame["result"] is not None:
                    await client.close()
                    return frame
                if not frame["legal"]:
                    continue
                if pending is not None and pending[0] == frame["version"]:
                    text = pending[1]  # made on this very state and never confirmed
                else:
                    text = await choose(frame)
                if text == RESIGN:
                    await client.send(p.Resign(seat.game))
                    continue
                pending = (frame["version"], text)
                await client.send(p.Act(seat.game, text, frame["version"]))
        except Silent:
            if client is not None:
                await client.close()
            raise
        except (ConnectionLost, aiohttp.ClientError, ConnectionError, asyncio.TimeoutError):
            if client is not None:
                await client.close()
            client = None
            attempts += 1
            if attempts > reconnects:
                raise
            await asyncio.sleep(min(0.2 * 2 ** (attempts - 1), 5.0))


async def _answer_error(client: Client, seat: Seat, frame: dict[str, Any],
                        last: dict[str, Any] | None, pending: tuple[int, str] | None
                        ) -> tuple[int, str] | None:
    """What `play_seat` does about an error frame; the action now pending."""
    code = frame["code"]
    if code in (p.STALE_VERSION, p.NOT_YOUR_TURN):
        # the game has moved on past the state this client acted on, and the state that
        # moved it may never come (a dropped frame, an act sent twice): ask for the current one
        await client.send(p.Resume(seat.game, seat.token))
        return None
    if last is None or not last["legal"]:
        return pending
    if code == p.ILLEGAL_ACTION:
        text = random.choice(last["legal"])
    elif code == p.RATE_LIMITED and pending is not None:
        await asyncio.sleep(0.5)  # the act was dropped: send it again
        text = pending[1]
    else:
        return pending
    await client.send(p.Act(seat.game, text, last["version"]))
    return (last["version"], text)
