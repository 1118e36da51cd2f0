"""`wec serve --workers N`: N server processes on one machine, each holding its own games in its
own SQLite file, every frame of a game going to the process that holds it (docs/PROTOCOL.md,
"Load and growing past one machine").

The `wec serve` process is the supervisor: it binds the N listening sockets itself (worker 0 on
`--host/--port`, the public address; worker i on port+i, or a free port with `--port 0`),
starts each worker with its socket (`pass_fds`: no port is lost to a race, and connections
wait in the socket's backlog while a worker restarts), says the public URL once all listen,
restarts a worker that dies (its games are reloaded from its own file) and stops them all on
SIGTERM or Ctrl-C. A worker that dies too often stops everything with one line.

Routing: a game's id says which worker holds it: worker i > 0 begins its ids with "i." (ids
without a prefix, worker 0's, are those of a one-process server: its file is worker 0's). A
request naming another worker's game is answered with a `redirect` to that worker's URL, the
host the client used and that worker's port; the client sends the same frame there. `create`
at worker 0 is spread over the workers in turn by the same redirect; any other worker keeps
the games it creates. Nothing is proxied: a game's frames flow between the client and the
worker that holds it.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from wec.online import protocol as p
from wec.online.server import Server, serve_until_stopped, tls_context, ws_url

SEPARATOR = "."
"""Between a worker's number and the rest of a game id (ids are otherwise URL-safe base64,
which has no dot)."""
RESTARTS, RESTART_WINDOW = 5, 60.0
"""A worker that dies this many times within this many seconds stops the whole server."""
READY_WAIT = 60.0
"""Seconds a worker has to start listening."""
STOP_WAIT = 15.0
"""Seconds a worker has to stop after SIGTERM before it is killed."""


def holder(game_id: str) -> int:
    """The number of the worker that holds the game of this id (0: no prefix)."""
    head, dot, _ = game_id.partition(SEPARATOR)
    return int(head) if dot and head.isdigit() and len(head) <= 4 else 0


def id_prefix(index: int) -> str:
    return f"{index}{SEPARATOR}" if index else ""


def worker_db(path: str, index: int) -> str:
    """Worker `index`'s SQLite file: worker 0 keeps `path` (a one-process server's file)."""
    return path if index == 0 else f"{path}.w{index}"


class Router:
    """A worker's routing (`wec.online.server.Router`): which worker holds a request's game."""

    def __init__(self, index: int, ports: list[int], tls: bool) -> None:
        self.index, self.ports, self.tls = index, ports, tls
        self._next_create = 1 % len(ports)
        """Worker 0 hands out the new games in turn, beginning with worker 1 (it also answers
        every redirect)."""

    def target(self, request: p.Request) -> int | None:
        """The worker the request must go to, if not this one."""
        if type(request) is p.Create:
            if self.index != 0:
                return None
            chosen = self._next_create
            self._next_create = (chosen + 1) % len(self.ports)
            return chosen or None
        worker = holder(request.game)  # type: ignore[union-attr]  # every other request has one
        if type(request) is p.Propose and request.saved is not None and \
                holder(request.saved["game"]) != worker:
            raise p.ProtocolError(p.NO_SUCH_GAME, "that saved game is held by another worker "
                                                  "of this server: continue it in a set-up "
                                                  "created at that worker's URL")
        if worker == self.index or worker >= len(self.ports):
            return None  # this worker's own game, or one no worker holds: answered here
        return worker

    def redirect(self, request: p.Request, host: str, ref: Any) -> dict[str, Any] | None:
        worker = self.target(request)
        if worker is None:
            return None
        kind = next(k for k, cls in p.REQUEST_TYPES.items() if type(request) is cls)
        game = None if type(request) is p.Create else request.game  # type: ignore[union-attr]
        return p.redirect_frame(ws_url(host, self.ports[worker], self.tls), kind, game, ref)


# --- a worker process ------------------------------------------------------------------------

def worker_main(argv: list[str] | None = None) -> int:
    """One worker (`python -m wec.online.workers`, started by the supervisor only)."""
    a = argparse.ArgumentParser(prog="wec-serve-worker")
    a.add_argument("--index", type=int, required=True)
    a.add_argument("--fd", type=int, required=True, help="its listening socket")
    a.add_argument("--watch-fd", type=int, required=True,
                   help="a pipe the supervisor holds open: its end means the supervisor is gone")
    a.add_argument("--ports", required=True, help="every worker's port, in order")
    a.add_argument("--host", required=True)
    a.add_argument("--db", required=True, help="the server's --db (worker 0's file)")
    a.add_argument("--certfile")
    a.add_argument("--keyfile")
    args = a.parse_args(argv)
    ports = [int(x) for x in args.ports.split(",")]
    context = None if args.certfile is None else tls_context(args.certfile, args.keyfile)
    sock = socket.socket(fileno=args.fd)
    server = Server(worker_db(args.db, args.index), args.host, ports[args.index], context,
                    sock=sock, router=Router(args.index, ports, context is not None),
                    id_prefix=id_prefix(args.index))
    asyncio.run(_serve_worker(server, args.watch_fd))
    return 0


async def _serve_worker(server: Server, watch_fd: int) -> None:
    stop = asyncio.Event()
    # the supervisor never writes to the pipe: it becomes readable (end of file) when the
    # supervisor is gone, however it ended (SIGKILL too), and the worker then stops
    asyncio.get_running_loop().add_reader(watch_fd, stop.set)

    def say(line: str) -> None:
        print(line, flush=True)  # the supervisor reads it: this worker listens
    await serve_until_stopped(server, say, stop, signals=(signal.SIGTERM,),
                              line="worker listening on {url} (games in {db})")


# --- the supervisor --------------------------------------------------------------------------

@dataclass
class Worker:
    index: int
    sock: socket.socket
    proc: asyncio.subprocess.Process | None = None
    deaths: list[float] = field(default_factory=list)
    drain: asyncio.Future[bytes] | None = None


class Supervisor:
    """`wec serve --workers N`: binds, starts, watches, restarts and stops the workers."""

    def __init__(self, count: int, host: str, port: int, db: str, certfile: str | None = None,
                 keyfile: str | None = None, say: Callable[[str], None] = print,
                 warn: Callable[[str], None] = lambda line: print(line, file=sys.stderr,
                                                                  flush=True)) -> None:
        self.count, self.host, self.port, self.db = count, host, port, db
        self.certfile, self.keyfile = certfile, keyfile
        self.say, self.warn = say, warn
        self.workers: list[Worker] = []
        self.stopping = asyncio.Event()
        self.failure: str | None = None
        self._watch_r, self._watch_w = os.pipe()  # see _serve_worker

    def bind(self) -> None:
        """The N listening sockets (OSError if a port is taken)."""
        family = socket.getaddrinfo(self.host, self.port or None, type=socket.SOCK_STREAM,
                                    flags=socket.AI_PASSIVE)[0][0]
        for i in range(self.count):
            port = self.port + i if self.port else 0
            sock = socket.create_server((self.host, port), family=family, backlog=1024)
            self.workers.append(Worker(i, sock))

    @property
    def ports(self) -> list[int]:
        return [int(w.sock.getsockname()[1]) for w in self.workers]

    async def _spawn(self, worker: Worker) -> None:
        """Start the worker's process and wait until it listens (RuntimeError if it ends
        first)."""
        fd = worker.sock.fileno()
        args = [sys.executable, "-m", "wec.online.workers", "--index", str(worker.index),
                "--fd", str(fd), "--watch-fd", str(self._watch_r),
                "--ports", ",".join(map(str, self.ports)), "--host", self.host, "--db", self.db]
        if self.certfile is not None:
            args += ["--certfile", self.certfile, "--keyfile", str(self.keyfile)]
        # its own session: Ctrl-C at the terminal reaches the supervisor only, which stops
        # the workers itself
        proc = await asyncio.create_subprocess_exec(*args, pass_fds=(fd, self._watch_r),
                                                    stdout=asyncio.subprocess.PIPE,
                                                    start_new_session=True)
        worker.proc = proc
        assert proc.stdout is not None
        try:
            line = await asyncio.wait_for(proc.stdout.readline(), READY_WAIT)
        except asyncio.TimeoutError:
            line = b""
        if not line:
            if proc.returncode is None:  # silent for too long: not a worker that will serve
                proc.kill()
            await proc.wait()
            raise RuntimeError(f"worker {worker.index} did not start (exit status "
                               f"{proc.returncode})")
        worker.drain = asyncio.ensure_future(proc.stdout.read())  # nothing more comes, but
        # a worker must never block on its output

    async def _keep(self, worker: Worker) -> None:
        """Keep the worker running until the server stops: restart it when it dies (a
        restart that fails counts as one more death)."""
        while True:
            assert worker.proc is not None
            status = await worker.proc.wait()
            while True:
                if self.stopping.is_set():
                    return
                now = time.monotonic()
                worker.deaths = [t for t in worker.deaths if now - t < RESTART_WINDOW] + [now]
                if len(worker.deaths) >= RESTARTS:
                    self._fail(f"wec serve: worker {worker.index} ended {len(worker.deaths)} "
                               f"times within {RESTART_WINDOW:g} s (last exit status "
                               f"{status}): stopping every worker")
                    return
                self.warn(f"wec serve: worker {worker.index} (pid {worker.proc.pid}) ended "
                          f"(exit status {status}); restarting it: its games are reloaded "
                          f"from {worker_db(self.db, worker.index)}, its clients reconnect "
                          f"and resume")
                try:
                    await self._spawn(worker)
                    break
                except (RuntimeError, OSError):
                    status = await worker.proc.wait()
            self.warn(f"wec serve: worker {worker.index} listens again (pid {worker.proc.pid})")

    def _files(self) -> str:
        last = worker_db(self.db, self.count - 1)
        return f"{self.db} and {last}" if self.count == 2 else \
            f"{self.db}, {worker_db(self.db, 1)} ... {last}"

    def _fail(self, line: str) -> None:
        if self.failure is None:
            self.failure = line
        self.stopping.set()

    async def run(self) -> int:
        """Serve until SIGTERM or SIGINT (0), or a worker fails (1, said in one line)."""
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, self.stopping.set)
            except (NotImplementedError, RuntimeError):  # Windows
                pass
        keepers: list[asyncio.Future[None]] = []
        try:
            try:
                for worker in self.workers:
                    await self._spawn(worker)
            except (RuntimeError, OSError) as e:
                self._fail(f"wec serve: {e}: stopping every worker")
            else:
                keepers = [asyncio.ensure_future(self._keep(w)) for w in self.workers]
                url = ws_url(self.host, self.ports[0], self.certfile is not None)
                pids = ", ".join(str(w.proc.pid) for w in self.workers if w.proc)
                ports = ", ".join(map(str, self.ports))
                self.say(f"wec serve: listening on {url} ({self.count} workers, ports {ports}, "
                         f"pids {pids}; games in {self._files()}; Ctrl-C stops)")
                await self.stopping.wait()
        finally:
            self.stopping.set()
            await self._stop_all()
            await asyncio.gather(*keepers, return_exceptions=True)
            self.close()
        if self.failure is not None:
            self.warn(self.failure)
            return 1
        return 0

    async def _stop_all(self) -> None:
        live = [w.proc for w in self.workers if w.proc is not None and w.proc.returncode is None]
        for proc in live:
            proc.send_signal(signal.SIGTERM)
        for proc in live:
            try:
                await asyncio.wait_for(proc.wait(), STOP_WAIT)
            except asyncio.TimeoutError:
                proc.kill()
                await proc.wait()

    def close(self) -> None:
        for worker in self.workers:
            worker.sock.close()
        for fd in (self._watch_r, self._watch_w):
            try:
                os.close(fd)
            except OSError:
                pass
        self._watch_r = self._watch_w = -1


def supervise(count: int, host: str, port: int, db: str, certfile: str | None = None,
              keyfile: str | None = None, say: Callable[[str], None] = print) -> int:
    """`wec serve --workers N` (N > 1): the exit status."""
    supervisor = Supervisor(count, host, port, db, certfile, keyfile, say)
    try:
        supervisor.bind()
    except OSError as e:
        supervisor.close()
        supervisor.warn(f"wec serve: cannot listen on {host} port {port} and the next "
                        f"{count - 1}: {e}")
        return 2
    return asyncio.run(supervisor.run())


if __name__ == "__main__":
    sys.exit(worker_main())
