"""A server's SQLite file is checkpointed beside its event loop (wec.online.checkpoints): the
store's own connection never checkpoints in a commit, a checkpointer copies the log into the
file, the log stays bounded even while a reader keeps it from being copied whole, and a
server killed (SIGKILL) while its checkpoints run loses no acknowledged action."""
from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("aiohttp")

from online_helpers import ROOT, Subprocess, next_frame, replica, run, seat_pair  # noqa: E402
from test_resume_restart import play_random, resume  # noqa: E402
from wec.online.checkpoints import Checkpointer  # noqa: E402
from wec.online.server import Server  # noqa: E402
from wec.online.store import Store  # noqa: E402

GAMES = [f"game{i:03d}" for i in range(40)]


def commits(store: Store, count: int, start: int) -> int:
    """`count` commits of one action in each of two games (as the server groups them); the
    next action number."""
    for n in range(start, start + count):
        for game in (GAMES[n % len(GAMES)], GAMES[(n + 7) % len(GAMES)]):
            store.add_action(game, n, f"MV:action {n} of {game}", grouped=True)
        store.commit()
    return start + count


def seated_store(path: str) -> Store:
    """A server's store (SQLite's own checkpoints off) with the games the commits go to."""
    store = Store(path, autocheckpoint=False)
    for game in GAMES:
        store.add_game(game, {}, {"pieces": []}, 60.0)
    return store


def log_pages(path: str) -> int:
    """The pages the write-ahead log holds since it last started again (a PASSIVE checkpoint
    of another connection says it; it copies them too)."""
    with sqlite3.connect(path) as other:
        return int(other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1])


def stored_actions(path: str) -> int:
    with sqlite3.connect(path) as other:
        return int(other.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


def test_a_servers_store_leaves_the_checkpoints_to_the_checkpointer(tmp_path):
    """No commit of the server's connection checkpoints (the log passes SQLite's 1 000 pages
    and is not copied); one round of the checkpointer copies all of it."""
    path = str(tmp_path / "games.sqlite3")
    store = seated_store(path)
    assert store.autocheckpoint == 0
    commits(store, 1500, 0)
    wal_pages = (os.path.getsize(path + "-wal") - 32) // (4096 + 24)
    assert wal_pages > 1500  # SQLite's own checkpoint would have started it again at 1 000
    checkpointer = Checkpointer(path)
    done = checkpointer.round()
    assert done.pages == done.copied >= wal_pages
    checkpointer.stop()
    store.close()
    assert stored_actions(path) == 3000
    assert not os.path.exists(path + "-wal") or os.path.getsize(path + "-wal") == 0


def test_the_checkpointer_thread_copies_the_log_while_commits_go_on(tmp_path):
    """Rounds in the thread while the commits go on; once they stop, the next round copies the
    whole log, so the next commit starts it again."""
    path = str(tmp_path / "games.sqlite3")
    store = seated_store(path)
    checkpointer = Checkpointer(path, every=0.01).start()
    n = 0
    give_up = time.monotonic() + 60  # a guard against a thread that never runs, not a timing
    while checkpointer.rounds < 3 and time.monotonic() < give_up:
        n = commits(store, 20, n)
    after = checkpointer.rounds
    while checkpointer.rounds < after + 2 and time.monotonic() < give_up:
        time.sleep(0.01)  # a whole round with no commit
    assert checkpointer.rounds >= after + 2 >= 5
    checkpointer.stop()
    n = commits(store, 1, n)
    assert log_pages(path) < 20  # started again: only the last commit's pages
    store.close()
    assert stored_actions(path) == 2 * n


def test_the_log_starts_again_though_a_reader_kept_it_from_being_copied_whole(tmp_path):
    """A reader holding an old snapshot stops a PASSIVE checkpoint short of the log's end, so
    the log could not start again at the next commit (as commits made during a PASSIVE one
    do); past `limit` pages the round's RESTART copies the rest once the reader is gone, and
    the next commit starts the log again."""
    path = str(tmp_path / "games.sqlite3")
    store = seated_store(path)
    checkpointer = Checkpointer(path, limit=200, wait=60.0)  # waits for the reader here
    n = commits(store, 10, 0)
    reader = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    reader.execute("BEGIN")
    reader.execute("SELECT COUNT(*) FROM actions").fetchone()  # its snapshot: 10 commits
    n = commits(store, 200, n)
    ended = threading.Timer(0.3, reader.execute, ("COMMIT",))  # the reader ends meanwhile
    ended.start()
    done = checkpointer.round()
    ended.join()
    assert done.restarted and done.copied == done.pages > 200
    n = commits(store, 1, n)
    assert log_pages(path) < 20  # started again: only the last commit's pages
    reader.close()
    checkpointer.stop()
    store.close()
    assert stored_actions(path) == 2 * n


def test_a_restart_not_granted_in_time_leaves_the_log_for_the_next_round(tmp_path):
    """A reader that stays longer than the RESTART's wait: the round ends without it (the
    writer's lock is not held past `wait`), and a round after the reader copies it all."""
    path = str(tmp_path / "games.sqlite3")
    store = seated_store(path)
    checkpointer = Checkpointer(path, limit=200, wait=0.05)
    n = commits(store, 10, 0)
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT COUNT(*) FROM actions").fetchone()
    n = commits(store, 200, n)
    done = checkpointer.round()
    assert not done.restarted and done.copied < done.pages
    n = commits(store, 1, n)  # the writer is not kept waiting
    reader.execute("COMMIT")
    reader.close()
    done = checkpointer.round()
    assert done.restarted and done.copied == done.pages
    checkpointer.stop()
    store.close()
    assert stored_actions(path) == 2 * n


def test_a_log_under_the_limit_is_not_restarted(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    store = seated_store(path)
    checkpointer = Checkpointer(path, limit=10_000)
    commits(store, 50, 0)
    done = checkpointer.round()
    assert not done.restarted and done.copied == done.pages
    checkpointer.stop()
    store.close()


SERVE = """
import asyncio, sys
from wec.online.server import Server, serve_until_stopped
server = Server(sys.argv[1], checkpoint_every=0.002, log_limit=8)
asyncio.run(serve_until_stopped(server, lambda line: print(line, flush=True)))
"""


def test_sigkill_while_checkpoints_run_loses_no_acknowledged_action(tmp_path):
    """A server checkpointing all the time (a round every 2 ms, each with a RESTART), killed
    with SIGKILL in the middle of a game: the real `wec serve` started again on its file has
    every acknowledged action, and both seats resume at that version."""
    db = str(tmp_path / "games.sqlite3")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", SERVE, db], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)

    async def scenario() -> None:
        assert proc.stdout is not None
        line = await asyncio.to_thread(proc.stdout.readline)
        url = re.search(r"ws://\S+/ws", line)
        assert url, line
        black, white, seated, seated_w = await seat_pair(url.group(0))
        game = replica()
        await play_random({"black": black, "white": white}, seated["game"], game, 40,
                          random.Random(12))
        proc.send_signal(signal.SIGKILL)
        await asyncio.to_thread(proc.wait, 10)
        again = await asyncio.to_thread(Subprocess, db)
        try:
            b, _, state_b = await resume(again.url, seated["game"], seated["token"])
            w, _, state_w = await resume(again.url, seated["game"], seated_w["token"])
            assert state_b["version"] == state_w["version"] == game.ply
            assert state_b["observation"] == game.observation("black").position()
            assert state_w["observation"] == game.observation("white").position()
            await next_frame(b, "presence")
            for c in (black, white, b, w):
                await c.close()
        finally:
            again.close()
    try:
        run(scenario)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_server_checkpoints_beside_its_loop_and_empties_the_log_when_it_stops(tmp_path):
    db = str(tmp_path / "games.sqlite3")

    async def scenario() -> None:
        server = Server(db, checkpoint_every=0.01)
        await server.start()
        assert server.store is not None and server.store.autocheckpoint == 0
        checkpointer = server.checkpoints
        assert checkpointer is not None
        black, white, seated, _ = await seat_pair(server.url)
        await play_random({"black": black, "white": white}, seated["game"], replica(), 6,
                          random.Random(3))
        rounds = checkpointer.rounds
        while checkpointer.rounds == rounds:
            await asyncio.sleep(0.01)
        for c in (black, white):
            await c.close()
        await server.stop()
    run(scenario)
    assert not os.path.exists(db + "-wal") or os.path.getsize(db + "-wal") == 0
