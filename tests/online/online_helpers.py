"""Helpers of the online tests: a real server on loopback (in this process, or `wec serve` as a
subprocess), real clients, and the seat's own view to compare each frame with."""
from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, Awaitable, Callable

import pytest

pytest.importorskip("aiohttp")

from wec.game.game import Game  # noqa: E402
from wec.online import protocol as p  # noqa: E402
from wec.online.client import Client  # noqa: E402
from wec.online.server import Server  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def run(coro_fn: Callable[..., Awaitable[Any]], *args: Any) -> Any:
    """Run a test's coroutine in a fresh event loop (no asyncio plugin needed)."""
    return asyncio.run(asyncio.wait_for(coro_fn(*args), timeout=120))


class InProcess:
    """A server in the test's own event loop."""

    def __init__(self, db: str) -> None:
        self.server = Server(db)

    async def __aenter__(self) -> Server:
        await self.server.start()
        return self.server

    async def __aexit__(self, *_: object) -> None:
        await self.server.stop()


async def next_frame(client: Client, *kinds: str, timeout: float = 10.0) -> dict[str, Any]:
    """The next frame of one of these types; presence frames are skipped unless asked for."""
    while True:
        frame = await client.receive(timeout)
        if frame["type"] in kinds:
            return frame
        if frame["type"] == "presence":
            continue
        raise AssertionError(f"expected {kinds}, got {frame}")


async def seat_pair(url: str, scenario: str | None = "stealth_duel", grace: float = 60.0
                    ) -> tuple[Client, Client, dict[str, Any], dict[str, Any]]:
    """Black creates, White joins; both past their seating: (black, white, seated frames)."""
    black = await Client(url).connect()
    white = await Client(url).connect()
    await black.send(p.Create("Ann", "black", {}, scenario, grace))
    seated_b = await next_frame(black, "seated")
    await next_frame(black, "state")
    await white.send(p.Join(seated_b["game"], "Bob"))
    seated_w = await next_frame(white, "seated")
    state_w = await next_frame(white, "state")
    state_b = await next_frame(black, "state")
    assert state_b["version"] == state_w["version"] == 0 and state_b["started"]
    return black, white, seated_b, seated_w


def replica(scenario: str | None = "stealth_duel") -> Game:
    """The true game as the test follows it (it sees both seats' actions)."""
    from wec.rules import scenarios
    game = Game.from_position(scenarios.load(scenario)) if scenario else Game.new()
    game.set_competitive()
    return game


def piece_key(piece: dict[str, Any]) -> tuple:
    return (piece["type"], piece["color"], tuple(piece["square"]), piece["level"])


def hidden_from(game: Game, side: str) -> list[tuple]:
    """The enemy pieces `side` cannot see now, by (type, color, square, level)."""
    seen = [piece_key(q) for q in game.observation(side).position()["pieces"]]
    hidden = []
    for q in game.position()["pieces"]:
        key = piece_key(q)
        if q["color"] != side:
            if key in seen:
                seen.remove(key)
            else:
                hidden.append(key)
    return hidden


def dicts_in(value: Any) -> list[dict[str, Any]]:
    """Every object anywhere in a frame."""
    out = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            out.append(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


def pieces_named(frame: dict[str, Any], key: tuple) -> list[dict[str, Any]]:
    """The piece objects of a frame with this type, color, square and level."""
    return [d for d in dicts_in(frame) if {"type", "color", "square", "level"} <= d.keys()
            and isinstance(d["square"], list) and piece_key(d) == key]


# --- `wec serve` as a subprocess -------------------------------------------------------------

class Subprocess:
    """`python -m wec serve --port 0 --db DB`, its printed URL read from its first line."""

    def __init__(self, db: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, "-m", "wec", "serve", "--port", "0",
                                      "--db", db], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"ws://127\.0\.0\.1:\d+/ws", line)
        assert found, line + self.proc.stderr.read() if self.proc.stderr else line
        self.url = found.group(0)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def terminate(self, sig: int = signal.SIGTERM) -> tuple[int, str]:
        """Stop it with `sig` (SIGTERM, or SIGINT as Ctrl-C): its exit status and output."""
        self.proc.send_signal(sig)
        out, _ = self.proc.communicate(timeout=20)
        return self.proc.returncode, out

    def close(self) -> None:
        if self.proc.poll() is None:
            self.kill()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
