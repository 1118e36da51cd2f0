"""The headless client (`wec.online.client.play_seat`) against a scripted server: an act
refused as stale makes it re-sync with `resume` (the state that moved the game on may never
come), and a server that falls silent ends its wait with `Silent`, one line saying what was
awaited, instead of waiting for ever."""
from __future__ import annotations

import asyncio
import json
from typing import Any, Awaitable, Callable

import pytest
from aiohttp import web

from wec.online import client, protocol as p

GAME, TOKEN = "g" * 22, "t" * 22
Script = Callable[[web.WebSocketResponse, dict[str, Any], list[dict[str, Any]]], Awaitable[None]]


def state(version: int, legal: list[str], result: str | None = None) -> dict[str, Any]:
    return {"type": "state", "game": GAME, "side": "black", "version": version,
            "to_move": "black", "turn": 1, "result": result, "reason": None, "started": True,
            "observation": {}, "history": [], "legal": legal}


async def scripted(script: Script, seconds: float) -> tuple[list[dict[str, Any]], Any]:
    """Run play_seat against a loopback server answering each frame by `script`; every frame
    the client sent, and what play_seat returned or raised."""
    got: list[dict[str, Any]] = []
    opened: list[web.WebSocketResponse] = []

    async def handler(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        opened.append(ws)
        await ws.prepare(request)
        async for msg in ws:
            frame = json.loads(msg.data)
            got.append(frame)
            await script(ws, frame, got)
        return ws
    app = web.Application()
    app.router.add_get("/ws", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        outcome: Any = await asyncio.wait_for(client.play_seat(
            f"ws://127.0.0.1:{port}/ws", client.Seat(GAME, "black", TOKEN),
            client.random_chooser(0), reconnects=0, wait=seconds), 20)
    except Exception as e:  # noqa: BLE001  # the test reads what it was
        outcome = e
    for ws in opened:  # a client left waiting is cut off, so the server stops at once
        await ws.close()
    await runner.cleanup()
    return got, outcome


def test_an_act_refused_as_stale_resyncs_from_the_current_state():
    async def script(ws, frame, got):
        resumes = sum(f["type"] == "resume" for f in got)
        if frame["type"] == "resume":
            await ws.send_str(json.dumps(p.seated_frame(GAME, "black", TOKEN, {})))
            # the first resume: version 4, this side to act; the second: the game, moved on
            # meanwhile, is over
            await ws.send_str(json.dumps(state(4, ["MV:a"]) if resumes == 1
                                         else state(6, [], "white")))
        elif frame["type"] == "act":
            await ws.send_str(json.dumps({"type": "error", "code": p.STALE_VERSION,
                                          "message": "the game is at version 6, not 4"}))
    got, last = asyncio.run(scripted(script, seconds=10))
    assert isinstance(last, dict), last  # the old client waited for a state that never came
    assert last["version"] == 6 and last["result"] == "white"
    assert [f["type"] for f in got] == ["resume", "act", "resume"]


def test_a_silent_server_ends_the_wait_with_one_line():
    async def script(ws, frame, got):
        if frame["type"] == "resume":
            await ws.send_str(json.dumps(p.seated_frame(GAME, "black", TOKEN, {})))
            await ws.send_str(json.dumps(state(3, [])))  # the opponent's turn, and then nothing
    got, outcome = asyncio.run(scripted(script, seconds=0.5))
    assert isinstance(outcome, client.Silent), outcome
    assert str(outcome) == ("nothing from the server for 0.5 s while waiting for the next "
                            "state of the game")
    assert "\n" not in str(outcome)
