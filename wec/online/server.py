"""`wec serve`: the authoritative game server, an aiohttp application with one WebSocket route,
/ws (docs/PROTOCOL.md).

Each connection reads JSON text frames, checks each one (wec.online.protocol: size, nesting,
types), spends a token of its rate allowance, and hands the request to the lobby
(wec.online.rooms); a refused frame gets an `error` frame and the connection stays. What the
lobby queues for a connection is written by that connection's own writer task, so a slow
reader never holds the game loop; one that lets too much pile up is closed. The lobby
commits the actions of many games together (`Lobby(group_commits=True)`): an `act` is told
after the commit that follows it in the loop, any other request after a commit of its own.
"""
from __future__ import annotations

import asyncio
import gc
import logging
import signal
import socket
import ssl
import time
from typing import Any, Callable, Protocol

from aiohttp import WSCloseCode, WSMsgType, web

from wec.game.errors import IllegalActionError
from wec.online import checkpoints
from wec.online import protocol as p
from wec.online.rooms import Lobby
from wec.online.store import Store

log = logging.getLogger(__name__)

HARD_FRAME_LIMIT = 2 * 1024 * 1024
"""A frame longer than this closes the connection (1009, aiohttp); between the protocol's
limit (64 KB) and this one a frame is refused with an error and the connection stays."""
QUEUE_LIMIT = 512
"""Frames waiting for a client that does not read: more, and the connection is closed."""
RATE, BURST = 100.0, 200.0
"""Each connection's allowance: RATE frames a second on average, BURST at once."""


class TokenBucket:
    """A rate limit: `take()` is True while the allowance lasts."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.at = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Connection:
    """One client's WebSocket (a `wec.online.rooms.Peer`)."""

    def __init__(self, ws: web.WebSocketResponse, host: str = "") -> None:
        self.ws = ws
        self.host = host
        """The host the client reached this server by (its Host header): a redirect names it."""
        self.seats: dict[str, str] = {}
        self.bucket = TokenBucket(RATE, BURST)
        self.refused = 0  # frames refused for the rate since the last error said so
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    def send(self, frame: dict[str, Any]) -> None:
        if self._queue.qsize() >= QUEUE_LIMIT:
            self._queue.put_nowait(None)  # the writer closes the connection
            return
        self._queue.put_nowait(frame)

    def stop(self) -> None:
        self._queue.put_nowait(None)

    async def write_loop(self) -> None:
        while True:
            frame = await self._queue.get()
            if frame is None:
                break
            try:
                await self.ws.send_str(p.encode(frame))
            except (ConnectionError, RuntimeError):
                break
        if not self.ws.closed:
            await self.ws.close(code=WSCloseCode.POLICY_VIOLATION)


class Router(Protocol):
    """Which of several servers holds a game (`wec serve --workers N`: wec.online.workers)."""

    def redirect(self, request: p.Request, host: str, ref: Any) -> dict[str, Any] | None:
        """The `redirect` frame for a request this server does not hold, else None."""


def handle_text(lobby: Lobby, conn: Connection, text: str | bytes,
                router: Router | None = None) -> None:
    """One received frame: the request carried out, a redirect to the server that holds its
    game, or an error frame sent."""
    ref = None
    try:
        if not conn.bucket.take():
            conn.refused += 1
            if conn.refused == 1:  # one error per burst of refused frames, not one each
                raise p.ProtocolError(p.RATE_LIMITED, f"over {RATE:g} frames a second: frames "
                                                      f"are dropped until the rate falls")
            return
        conn.refused = 0
        data = p.decode(text)
        ref = p.reference(data)
        request = p.parse_request(data)
        if router is not None:
            moved = router.redirect(request, conn.host, ref)
            if moved is not None:
                conn.send(moved)
                return
        if type(request) is p.Act:
            lobby.act(conn, request, ref)
        else:
            lobby.confirm()  # the actions written before it are stored and told first
            _HANDLERS[type(request)](lobby, conn, request)
    except p.ProtocolError as e:
        conn.send(e.frame(ref))
    except IllegalActionError as e:  # a facade refusal not foreseen by the lobby
        conn.send(p.error_frame(p.ILLEGAL_ACTION, str(e)[:200], ref))
    except Exception:  # a fault of the server's own: logged; the connection and games go on
        log.exception("request failed")
        conn.send(p.error_frame(p.SERVER_ERROR, "the server failed on this request", ref))


_HANDLERS: dict[type, Callable[[Lobby, Connection, Any], Any]] = {
    p.Create: Lobby.create, p.Join: Lobby.join, p.Watch: Lobby.watch, p.Resume: Lobby.resume,
    p.Act: Lobby.act, p.Resign: Lobby.resign, p.OfferDraw: Lobby.offer_draw,
    p.AcceptDraw: Lobby.accept_draw, p.Claim: Lobby.claim, p.Pick: Lobby.pick,
    p.Propose: Lobby.propose, p.Answer: Lobby.answer, p.Begin: Lobby.begin,
}


LOBBY = web.AppKey("lobby", Lobby)


HEARTBEAT = 30.0
"""Seconds between the server's pings; a client that has not answered one within half of it is
taken as gone (its connection closed, its seat "reconnecting")."""


def make_app(store: Store, heartbeat: float = HEARTBEAT,
             clock: Callable[[], float] = time.monotonic, router: Router | None = None,
             id_prefix: str = "") -> web.Application:
    """The server's application: /ws, the lobby over `store`; `clock`: the server's time
    (seconds on a steady clock: absences, game clocks), tests give their own; `router` and
    `id_prefix`: one worker of several (wec.online.workers)."""
    app = web.Application()
    lobby = Lobby(store, clock, group_commits=True)
    lobby.id_prefix = id_prefix
    connections: set[Connection] = set()
    app[LOBBY] = lobby

    async def websocket(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=HARD_FRAME_LIMIT, heartbeat=heartbeat,
                                   compress=False)
        await ws.prepare(request)
        conn = Connection(ws, request.url.raw_host or "")
        connections.add(conn)
        writer = asyncio.ensure_future(conn.write_loop())
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    handle_text(lobby, conn, msg.data, router)
                elif msg.type == WSMsgType.BINARY:
                    handle_text(lobby, conn, msg.data, router)
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            connections.discard(conn)
            lobby.leave(conn)
            conn.stop()
            await writer
        return ws

    async def close_all(_: web.Application) -> None:
        for conn in list(connections):
            await conn.ws.close(code=WSCloseCode.GOING_AWAY, message=b"server shutdown")

    app.router.add_get("/ws", websocket)
    app.on_shutdown.append(close_all)
    return app


def ws_url(host: str, port: int, tls: bool) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"{'wss' if tls else 'ws'}://{shown}:{port}/ws"


class Server:
    """A running server (in a program's own event loop: tests, the bench, `wec serve`)."""

    def __init__(self, db: str, host: str = "127.0.0.1", port: int = 0,
                 ssl_context: ssl.SSLContext | None = None, heartbeat: float = HEARTBEAT,
                 clock: Callable[[], float] = time.monotonic, *,
                 sock: socket.socket | None = None, router: Router | None = None,
                 id_prefix: str = "", checkpoint_every: float = checkpoints.EVERY,
                 log_limit: int = checkpoints.LIMIT) -> None:
        """`sock`: a socket already bound and listening (a worker's, passed by the
        supervisor) instead of `host` and `port`; `router`, `id_prefix`: see make_app;
        `checkpoint_every`, `log_limit`: the file's checkpoints, done in a thread of their own
        (wec.online.checkpoints), never in a commit on the loop."""
        self.db, self.host, self.port, self.ssl_context = db, host, port, ssl_context
        self.checkpoint_every, self.log_limit = checkpoint_every, log_limit
        self.checkpoints: checkpoints.Checkpointer | None = None
        self.sock, self.router, self.id_prefix = sock, router, id_prefix
        self.heartbeat = heartbeat
        self.clock = clock
        self.url = ""
        self._runner: web.AppRunner | None = None
        self.store: Store | None = None
        self.reloading: asyncio.Future[int] | None = None
        """Reloads the unfinished games after a start, one at a time, while the server already
        answers (a game asked for meanwhile is loaded at once): the count when done."""

    async def start(self) -> str:
        """Listen; the ws:// (or wss://) URL."""
        self.store = Store(self.db, autocheckpoint=False)
        if self.db != ":memory:":
            self.checkpoints = checkpoints.Checkpointer(
                self.db, self.checkpoint_every, self.log_limit).start()
        app = make_app(self.store, self.heartbeat, self.clock, self.router, self.id_prefix)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=2.0)
        await self._runner.setup()
        site: web.BaseSite
        if self.sock is not None:
            site = web.SockSite(self._runner, self.sock, ssl_context=self.ssl_context)
        else:
            site = web.TCPSite(self._runner, self.host, self.port,
                               ssl_context=self.ssl_context)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = ws_url(self.host, port, self.ssl_context is not None)
        self.reloading = asyncio.ensure_future(reload_unfinished(app[LOBBY]))
        return self.url

    @property
    def lobby(self) -> Lobby:
        assert self._runner is not None
        return self._runner.app[LOBBY]

    async def stop(self) -> None:
        if self.reloading is not None:
            self.reloading.cancel()
            await asyncio.gather(self.reloading, return_exceptions=True)
        if self._runner is not None:
            self._runner.app[LOBBY].stop_clocks()
            await self._runner.cleanup()
            self._runner.app[LOBBY].confirm()
            self._runner = None
        if self.checkpoints is not None:
            self.checkpoints.stop()
            self.checkpoints = None
        if self.store is not None:
            self.store.close()  # with a last checkpoint
            self.store = None


async def reload_unfinished(lobby: Lobby) -> int:
    """Rebuild every unfinished game of the store (a restart), yielding to the connections
    between two games; the count."""
    ids = lobby.store.unfinished()
    for game_id in ids:
        try:
            lobby.room(game_id)
        except Exception:  # a game that no longer replays is logged, the others load
            log.exception("game %s could not be reloaded", game_id)
        await asyncio.sleep(0)
    return len(ids)


def tls_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certfile, keyfile)
    return context


COLLECTOR_THRESHOLDS = (1_000, 1, 10_000)
"""The garbage collector's thresholds in a server's process (the default is 700, 10, 10). What a
game keeps lives until its next action (its legal list, its seats' views: about a hundred
objects an action, alive for the time between two actions), so a young pass finds most of what
it examines alive and a pass costs what it examines: with a first threshold of 50 000 a young
pass every 2.6 s examined about 50 000 objects (30 - 70 ms) and a middle one 100 000 (75 - 100
ms), the stalls of a minute's load (p99 90 ms at 1 000 actions/s); with 1 000 they are many
short passes (none over 17 ms in 3 minutes of load). The middle generation is collected every
second young pass. The last figure puts off the full passes, which examine every game and
connection (0.7 s with 500 games): one comes after 10 000 middle passes, about 20 minutes of
full load (9 a second)."""


def tune_collector(server: Server) -> None:
    """A server process's collector: the thresholds above, and once the stored games are
    reloaded they are set aside for good (gc.freeze: the full collections skip them)."""
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    if server.reloading is not None:
        server.reloading.add_done_callback(lambda _: gc.freeze())


async def serve_until_stopped(server: Server, say: Callable[[str], None],
                              stop: asyncio.Event | None = None,
                              signals: tuple[int, ...] = (signal.SIGTERM, signal.SIGINT),
                              line: str = "wec serve: listening on {url} (games in {db}; "
                                          "Ctrl-C stops)") -> None:
    """Start `server`, `say` the line with its URL, and run until one of `signals` comes (or
    `stop` is set)."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in signals:
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl-C raises instead
            pass
    url = await server.start()
    tune_collector(server)
    assert server.store is not None
    say(line.format(url=url, db=server.store.path))
    try:
        await stop.wait()
    finally:
        await server.stop()
