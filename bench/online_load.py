"""Load of the online server (not a timed test): N concurrent games of random bots over
loopback against a real `wec serve` subprocess, each seat a WebSocket of this process.

    python bench/online_load.py [--games 500] [--rate 1000] [--seconds 30] [--scenario NAME]
                                [--workers N]

Every game is created and joined first; then each seat to move waits for its share of the
target rate (a bot plays each game at RATE/GAMES actions a second) and sends a random legal
action. Printed: the games held (both seats connected at the end), the actions confirmed and
their rate, and the delay from sending `act` to both seats holding the next `state` (p50, p99,
max), and the server's CPU time per confirmed action (its capacity on a core of its own,
whatever else loads the machine). The server runs alone in its process; the bots share the
machine with it, so they are kept light (one aiohttp session, each seat reading its socket
itself, of a state only the head and the legal list parsed): what is measured is the server.
With `--workers N` the server is `wec serve --workers N`: each game is created and joined at
the public URL and its seats follow the redirect to the worker that holds it (they then
talk to that worker only); the server's CPU is that of the supervisor and its workers.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Awaitable

import aiohttp
import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wec.online import protocol as p  # noqa: E402
from wec.online.server import COLLECTOR_THRESHOLDS  # noqa: E402


class Table:
    """One game: its two seats and the act waiting for both states."""

    def __init__(self, game: str, seats: dict[str, aiohttp.ClientWebSocketResponse]) -> None:
        self.game = game
        self.seats = seats
        self.sent: dict[int, float] = {}  # version the act was made on -> when it was sent
        self.seen: dict[int, int] = {}    # version -> seats that hold it
        self.over = False


def send(ws: aiohttp.ClientWebSocketResponse, frame: dict[str, Any]) -> Awaitable[None]:
    return ws.send_str(orjson.dumps(frame).decode())


async def until(ws: aiohttp.ClientWebSocketResponse, *kinds: str) -> dict[str, Any]:
    """The frames up to the next of these types (the opening of a game: read in full)."""
    while True:
        msg = await ws.receive(timeout=60.0)
        if msg.type != aiohttp.WSMsgType.TEXT:
            raise ConnectionError(f"the connection closed ({msg.data!r})")
        frame = orjson.loads(msg.data)
        if frame["type"] in kinds:
            return frame
        if frame["type"] == "error":
            raise RuntimeError(frame)


async def ask(session: aiohttp.ClientSession, url: str, frame: dict[str, Any]
              ) -> tuple[aiohttp.ClientWebSocketResponse, dict[str, Any]]:
    """Send a request at `url`, following a redirect to the worker holding its game: the
    connection it was answered on and its `seated` frame."""
    for _ in range(3):
        ws = await session.ws_connect(url, max_msg_size=8 * 1024 * 1024)
        await send(ws, frame)
        answer = await until(ws, "seated", "redirect")
        if answer["type"] == "seated":
            return ws, answer
        await ws.close()
        url = answer["url"]
    raise RuntimeError(f"redirected in a loop: {frame}")


async def open_table(session: aiohttp.ClientSession, url: str, scenario: str | None) -> Table:
    black, seated = await ask(session, url, p.request_frame(
        p.Create("bot", "black", {}, scenario, 600.0)))
    await until(black, "state")
    white, _ = await ask(session, url, p.request_frame(p.Join(seated["game"], "bot")))
    return Table(seated["game"], {"black": black, "white": white})


def read_state(text: str) -> tuple[str, int, Any, list[str]]:
    """What a random bot needs of a frame: its type, version, result and legal actions. A state
    frame's written parts come last (`protocol.encode`: observation, history, legal), so only
    its head and its legal list are parsed; any other frame is parsed in full."""
    cut = text.find(',"observation":')
    if cut < 0:
        frame = orjson.loads(text)
        return frame["type"], frame.get("version", -1), frame.get("result"), \
            frame.get("legal") or []
    head = orjson.loads(text[:cut] + "}")
    legal = head.get("legal")
    if legal is None:  # written: the frame's last part
        legal = orjson.loads(text[text.rindex(',"legal":') + 9:-1])
    return head["type"], head["version"], head["result"], legal


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (Linux /proc; 0.0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_cpu_seconds(pid: int) -> float:
    """The server's CPU time so far: its process and its children's (the workers of
    `--workers N`; a worker restarted meanwhile would be missed)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            children = [int(x) for x in f.read().split()]
    except OSError:
        children = []
    return cpu_seconds(pid) + sum(cpu_seconds(child) for child in children)


class Run:
    """The measured stretch: `go` set when every game is open; the delays measured within it."""

    def __init__(self, seconds: float) -> None:
        self.go = asyncio.Event()
        self.seconds = seconds
        self.stop = float("inf")
        self.stopped = False  # the bots close their connections: no longer the server's doing
        self.delays: list[float] = []
        self.lost: list[int | None] = []  # the close codes of connections the server closed

    def start(self) -> None:
        self.stop = time.monotonic() + self.seconds
        self.go.set()


async def seat_loop(table: Table, side: str, pace: float, rng: random.Random, run: Run) -> int:
    """One bot: reads every frame from the moment its game opens (so it answers the server's
    pings), and once the run starts plays a random legal action after a pause of mean
    `pace`; it ends when the run ends (its connection closed) or its game does."""
    ws = table.seats[side]
    acted = 0
    while True:
        msg = await ws.receive()
        if msg.type != aiohttp.WSMsgType.TEXT:
            if not run.stopped:
                run.lost.append(ws.close_code)
            break
        kind, version, result, legal = read_state(msg.data)
        if kind != "state":
            continue
        count = table.seen[version] = table.seen.get(version, 0) + 1
        if count == 2 and version - 1 in table.sent:
            run.delays.append(time.monotonic() - table.sent.pop(version - 1))
        if result is not None:
            table.over = True
            break
        if legal:
            await run.go.wait()
            await asyncio.sleep(min(rng.expovariate(1.0 / pace),
                                    max(run.stop - time.monotonic(), 0.0)))
            if time.monotonic() >= run.stop:
                break
            table.sent[version] = time.monotonic()
            try:
                await send(ws, {"type": "act", "game": table.game, "action": rng.choice(legal),
                                "version": version})
            except (ConnectionError, aiohttp.ClientError):
                run.lost.append(ws.close_code)
                break
            acted += 1
    return acted


async def main(games: int, rate: float, seconds: float, scenario: str | None,
               url: str | None, workers: int = 1) -> None:
    gc.set_threshold(*COLLECTOR_THRESHOLDS)  # the bots read 20 KB frames: as the server does
    folder = tempfile.mkdtemp(prefix="wec-load-")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, "-m", "wec", "serve", "--port", "0", "--db",
                               os.path.join(folder, "load.sqlite3"), "--workers", str(workers)],
                              stdout=subprocess.PIPE, text=True, env=env) if url is None else None
    if server is not None:
        assert server.stdout is not None
        url = re.search(r"ws://\S+/ws", server.stdout.readline()).group(0)  # type: ignore
    assert url is not None
    run = Run(seconds)
    pace = games / rate  # seconds between two actions of one game
    # one session for every bot, no limit on its connections (the default pool holds 100)
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    try:
        began = time.monotonic()
        tables: list[Table] = []
        loops = []
        for start in range(0, games, 50):
            opened = await asyncio.gather(*(open_table(session, url, scenario)
                                            for _ in range(start, min(games, start + 50))))
            for t in opened:
                loops += [asyncio.ensure_future(seat_loop(t, side, pace,
                                                          random.Random(len(loops)), run))
                          for side in ("black", "white")]
            tables += opened
        print(f"{games} games opened in {time.monotonic() - began:.1f} s", flush=True)
        gc.freeze()  # the bots' connections, as the server's games: no full passes over them
        server_cpu = server_cpu_seconds(server.pid) if server else 0.0
        bots_cpu = time.process_time()
        run.start()
        await asyncio.sleep(seconds)
        spent = seconds
        server_cpu = server_cpu_seconds(server.pid) - server_cpu if server else 0.0
        bots_cpu = time.process_time() - bots_cpu
        held = sum(1 for t in tables if not t.over and all(not ws.closed
                                                            for ws in t.seats.values()))
        run.stopped = True
        for t in tables:
            for ws in t.seats.values():
                await ws.close()
        counts = await asyncio.gather(*loops)
        delays = sorted(run.delays)
        q = statistics.quantiles(delays, n=100) if len(delays) > 1 else [0.0] * 99
        if run.lost:
            print(f"connections closed by the server: {len(run.lost)}, codes "
                  f"{sorted(set(map(str, run.lost)))}")
        print(f"games held {held} (+{sum(t.over for t in tables)} finished) of {games}; "
              f"{len(delays)} actions confirmed in {spent:.1f} s = {len(delays) / spent:.0f}/s "
              f"(sent {sum(counts)}); act -> both states: p50 {q[49] * 1000:.1f} ms, "
              f"p99 {q[98] * 1000:.1f} ms, max {delays[-1] * 1000 if delays else 0:.1f} ms")
        n = max(len(delays), 1)
        spread = f" in {workers} workers" if workers > 1 else ""
        print(f"CPU per confirmed action in the run: server {server_cpu / n * 1000:.2f} ms "
              f"(busy {server_cpu / spent:.0%} of one core{spread}), bots "
              f"{bots_cpu / n * 1000:.2f} ms; "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)
    finally:
        await session.close()
        if server is not None:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--games", type=int, default=500)
    args.add_argument("--rate", type=float, default=1000.0, help="target actions a second")
    args.add_argument("--seconds", type=float, default=30.0)
    args.add_argument("--scenario", default=None, help="default: the standard set-up")
    args.add_argument("--url", help="a server already running (default: start one here)")
    args.add_argument("--workers", type=int, default=1,
                      help="the server's processes (wec serve --workers N); default 1")
    a = args.parse_args()
    asyncio.run(main(a.games, a.rate, a.seconds, a.scenario, a.url, a.workers))
