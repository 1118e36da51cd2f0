"""The app's online client against `wec serve --workers 2` (a real subprocess): Join, Watch and
a seat's reconnection at the public URL follow the redirect to the worker that holds the game;
the seat keeps the public URL; every state is still the seat's observation (R10.6)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("aiohttp")  # the server (the `online` extra)
pytest.importorskip("PySide6.QtWebSockets")

from wec.gui.play.online.session import OnlineSession  # noqa: E402
from wec.online import protocol as p  # noqa: E402
from wec.online.setup import Terms, build_game  # noqa: E402
from wec.online.workers import holder  # noqa: E402

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = "stealth_duel"
WAIT = 30_000


@pytest.fixture
def two_workers(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "wec", "serve", "--workers", "2", "--port",
                             "0", "--db", str(tmp_path / "g.sqlite3")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"ws://127\.0\.0\.1:\d+/ws", line)
    assert found, line
    yield found.group(0)
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=30)


def states(session: OnlineSession) -> list[dict]:
    frames: list[dict] = []
    session.state.connect(frames.append)
    return frames


def test_join_watch_and_a_reconnection_follow_the_redirect(two_workers, qtbot):
    url = two_workers
    black = OnlineSession(url, p.Create("Ann", "black", {}, SCENARIO, 60.0))
    black_states = states(black)
    black.start()
    qtbot.waitUntil(lambda: black.seat is not None and bool(black_states), timeout=WAIT)
    game_id = black.seat.game
    assert holder(game_id) == 1 and black.seat.url == url and black.at != url
    white = OnlineSession(url, p.Join(game_id, "Bob"))
    white_states = states(white)
    white.start()
    qtbot.waitUntil(lambda: white.seat is not None and bool(white_states)
                    and len(black_states) >= 2, timeout=WAIT)
    assert white.seat.url == url and white.at == black.at
    truth = build_game(Terms({}, SCENARIO))
    assert black_states[-1]["observation"] == truth.observation("black").position()
    text = black_states[-1]["legal"][0]
    assert black.act(text)
    truth.apply(text)
    qtbot.waitUntil(lambda: white_states[-1]["version"] == 1, timeout=WAIT)
    assert white_states[-1]["observation"] == truth.observation("white").position()
    white.drop()  # a network failure: it reconnects at the public URL and is sent on again
    qtbot.waitUntil(lambda: white.status == "reconnecting", timeout=WAIT)
    qtbot.waitUntil(lambda: white.status == "connected" and white.sent[-1]["type"] == "resume"
                    and white_states[-1]["version"] == 1 and white.at == black.at
                    and len(white_states) >= 3, timeout=WAIT)
    assert white_states[-1]["observation"] == truth.observation("white").position()
    watcher = OnlineSession(url, p.Watch(game_id))
    watched = states(watcher)
    watcher.start()
    qtbot.waitUntil(lambda: bool(watched), timeout=WAIT)
    assert watcher.at == black.at and watched[-1]["side"] == "spectator"
    assert [f["type"] for f in watcher.sent] == ["watch", "watch"]  # sent again at the holder
    for session in (black, white, watcher):
        session.close()
