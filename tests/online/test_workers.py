"""`wec serve --workers 2` as a real subprocess on loopback: a game held by worker 1 reached
through the public URL (create and join redirected), every frame still the seat's
observation; resume after a dropped connection, after a worker is killed (the supervisor
restarts it) and after the whole server is killed; SIGTERM stops every worker; refusals as
from one server; the routing's own rules."""
from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from online_helpers import ROOT, next_frame, replica, run, seat_pair
from test_resume_restart import play_random, resume
from test_secrets_online import check_seat_frame, check_spectator_frame
from wec.online import protocol as p
from wec.online.client import Client
from wec.online.workers import Router, holder, worker_db


class Workers:
    """`python -m wec serve --workers N --port 0 --db DB`: its public URL and its workers."""

    def __init__(self, db: str, count: int = 2) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, "-m", "wec", "serve", "--workers",
                                      str(count), "--port", "0", "--db", db],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=env)
        assert self.proc.stdout is not None
        self.line = self.proc.stdout.readline()
        found = re.search(r"ws://127\.0\.0\.1:\d+/ws", self.line)
        assert found, self.line + (self.proc.stderr.read() if self.proc.stderr else "")
        self.url = found.group(0)

    def worker_pids(self) -> list[int]:
        """The supervisor's child processes now (Linux /proc)."""
        path = f"/proc/{self.proc.pid}/task/{self.proc.pid}/children"
        with open(path) as f:
            return [int(x) for x in f.read().split()]

    def terminate(self) -> tuple[int, str, str]:
        self.proc.send_signal(signal.SIGTERM)
        out, err = self.proc.communicate(timeout=30)
        return self.proc.returncode, out, err

    def close(self) -> None:
        if self.proc.poll() is None:
            for pid in self.worker_pids():
                os.kill(pid, signal.SIGKILL)
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.proc.communicate(timeout=10)


@pytest.fixture
def workers(tmp_path):
    started: list[Workers] = []

    def start(count: int = 2) -> Workers:
        server = Workers(str(tmp_path / "games.sqlite3"), count)
        started.append(server)
        return server
    yield start
    for server in started:
        server.close()


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def wait_gone(pids: list[int], seconds: float = 20.0) -> list[int]:
    """The pids still alive after up to `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and any(alive(x) for x in pids):
        time.sleep(0.05)
    return [x for x in pids if alive(x)]


def stored_games(path: str) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[0] for row in db.execute("SELECT id FROM games")}


MAX_ACTIONS = 300


async def whole_game_at_worker_1(url: str, seed: int) -> tuple[str, int, int]:
    """Create and join at the public URL: the game is worker 1's; every frame each seat and a
    spectator get is checked as from one server (test_secrets_online)."""
    rng = random.Random(seed)
    black, white, seated, _ = await seat_pair(url)
    assert holder(seated["game"]) == 1 and black.url != url and white.url == black.url
    watcher = await Client(url).connect()
    await watcher.send(p.Watch(seated["game"]))
    assert (await next_frame(watcher, "seated"))["side"] == "spectator"
    assert watcher.url == black.url
    game = replica()
    clients = {"black": black, "white": white}
    hidden_frames = 0
    check_spectator_frame(await next_frame(watcher, "state"), game)
    while game.result is None and game.ply < MAX_ACTIONS:
        text = rng.choice([str(a) for a in game.legal_actions()])
        await clients[game.to_move].send(p.Act(seated["game"], text, game.ply))
        game.apply(text)
        for side, client in clients.items():
            hidden_frames += check_seat_frame(await next_frame(client, "state"), game,
                                              side) > 0
        check_spectator_frame(await next_frame(watcher, "state"), game)
    for c in (black, white, watcher):
        await c.close()
    return seated["game"], game.ply, hidden_frames


def test_a_game_held_by_worker_1_sends_each_seat_only_its_observation(workers, tmp_path):
    server = workers()
    game_id, actions, hidden_frames = run(whole_game_at_worker_1, server.url, 5)
    assert actions > 50 and hidden_frames > 10
    db = str(tmp_path / "games.sqlite3")
    assert game_id in stored_games(worker_db(db, 1)) and game_id not in stored_games(db)


def test_creates_are_spread_and_each_game_resumes_at_its_worker(workers):
    """Creates at the public URL go to worker 1, worker 0, worker 1...; a dropped seat
    resumes through the public URL (redirected when its game is worker 1's)."""
    server = workers()

    async def scenario():
        ids = []
        for n in range(3):
            black, white, seated, _ = await seat_pair(server.url)
            ids.append(seated["game"])
            game = replica()
            await play_random({"black": black, "white": white}, seated["game"], game, 6,
                              random.Random(n))
            await black.close()
            black, again, state = await resume(server.url, seated["game"], seated["token"])
            assert again["side"] == "black" and state["version"] == game.ply
            assert state["observation"] == game.observation("black").position()
            await play_random({"black": black, "white": white}, seated["game"], game, 3,
                              random.Random(n + 10))
            await black.close()
            await white.close()
        return ids
    ids = run(scenario)
    assert [holder(g) for g in ids] == [1, 0, 1]


async def _open_game(url: str, actions: int, seed: int):
    black, white, seated, seated_w = await seat_pair(url)
    game = replica()
    await play_random({"black": black, "white": white}, seated["game"], game, actions,
                      random.Random(seed))
    return black, white, seated, seated_w, game


def test_a_killed_worker_is_restarted_and_its_games_go_on(workers):
    """SIGKILL of worker 1: the supervisor starts it again on the same socket; its seats
    resume (nothing acknowledged lost) and play on; worker 0's games never noticed."""
    server = workers()

    async def before():
        one = await _open_game(server.url, 9, 1)   # worker 1's
        zero = await _open_game(server.url, 5, 2)  # worker 0's
        assert (holder(one[2]["game"]), holder(zero[2]["game"])) == (1, 0)
        return one, zero

    async def scenario():
        (b1, w1, s1, sw1, g1), (b0, w0, s0, sw0, g0) = await before()
        pids = server.worker_pids()
        worker_1 = [pid for pid in pids if _listens_on(pid, b1.url)]
        assert len(worker_1) == 1
        os.kill(worker_1[0], signal.SIGKILL)
        for client in (b1, w1):
            with pytest.raises(Exception):
                await next_frame(client, "state", timeout=10)
            await client.close()
        b1, again, state = await resume(server.url, s1["game"], s1["token"])
        w1, _, state_w = await resume(server.url, s1["game"], sw1["token"])
        assert state["version"] == state_w["version"] == g1.ply
        assert state["observation"] == g1.observation("black").position()
        await play_random({"black": b1, "white": w1}, s1["game"], g1, 4, random.Random(3))
        await play_random({"black": b0, "white": w0}, s0["game"], g0, 4, random.Random(4))
        for c in (b1, w1, b0, w0):
            await c.close()
        return worker_1[0], server.worker_pids()
    killed, now = run(scenario)
    assert killed not in now and len(now) == 2
    status, _, err = server.terminate()
    assert status == 0 and "worker 1" in err and "restarting it" in err


def _listens_on(pid: int, url: str) -> bool:
    """Whether the process `pid` is the worker serving `url` (its listening socket's inode)."""
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    inodes = set()
    with open("/proc/net/tcp") as f:
        for row in f.read().splitlines()[1:]:
            cols = row.split()
            if int(cols[1].split(":")[1], 16) == port and cols[3] == "0A":  # LISTEN
                inodes.add(cols[9])
    fds = f"/proc/{pid}/fd"
    for fd in os.listdir(fds):
        try:
            target = os.readlink(os.path.join(fds, fd))
        except OSError:
            continue
        if target.startswith("socket:[") and target[8:-1] in inodes:
            return True
    return False


def test_the_whole_server_killed_then_restarted_keeps_every_version(workers):
    server = workers()

    async def before():
        games = [await _open_game(server.url, 7 + n, n) for n in range(2)]
        for black, white, *_ in games:
            await black.close()
            await white.close()
        return [(g[2], g[4].ply) for g in games]
    games = run(before)
    assert sorted(holder(s["game"]) for s, _ in games) == [0, 1]
    pids = server.worker_pids()
    for pid in [server.proc.pid, *pids]:
        os.kill(pid, signal.SIGKILL)
    server.proc.wait(timeout=10)
    assert wait_gone(pids) == []
    again = workers()

    async def after():
        for seated, version in games:
            client, seat, state = await resume(again.url, seated["game"], seated["token"])
            assert seat["side"] == "black" and state["version"] == version
            await client.close()
    run(after)


def test_sigterm_stops_every_worker_and_a_killed_supervisor_leaves_none(workers):
    server = workers(3)
    pids = server.worker_pids()
    assert len(pids) == 3
    status, out, _ = server.terminate()
    assert status == 0 and "stopped" in out
    assert wait_gone(pids) == []
    # the supervisor killed outright: its workers see their pipe to it end and stop
    server = workers()
    pids = server.worker_pids()
    server.proc.kill()
    server.proc.wait(timeout=10)
    assert wait_gone(pids) == []


def test_refusals_at_a_worker_that_does_not_hold_the_game(workers):
    """Junk frames get their errors at any worker; a request for worker 1's game at the
    public URL is redirected (seen by a client that does not follow), and a foreign token
    is then refused by the holder as by one server."""
    server = workers()

    async def scenario():
        black, white, seated, _ = await seat_pair(server.url)
        assert holder(seated["game"]) == 1
        raw = await Client(server.url, follow=False).connect()
        for text, code in (('{"type": "act", "game": 3', p.BAD_JSON),
                           ('{"type": "fly"}', p.UNKNOWN_TYPE),
                           ('[' * 40 + ']' * 40, p.TOO_DEEP)):
            await raw.send_text(text)
            assert (await next_frame(raw, "error"))["code"] == code
        await raw.send(p.request_frame(p.Resume(seated["game"], "not-the-token"), ref=7))
        moved = await next_frame(raw, "redirect")
        assert moved == {"type": "redirect", "request": "resume", "game": seated["game"],
                         "url": black.url, "ref": 7}
        await raw.send(p.Act(seated["game"], "MV:K(10,6)->(10,5)", 0))
        assert (await next_frame(raw, "redirect"))["request"] == "act"
        await raw.send(p.Join("9.nosuchworker", "Eve"))
        assert (await next_frame(raw, "error"))["code"] == p.NO_SUCH_GAME
        thief = await Client(server.url).connect()
        await thief.send(p.Resume(seated["game"], "not-the-token"))
        assert (await next_frame(thief, "error"))["code"] == p.BAD_TOKEN
        await thief.send(p.Join(seated["game"], "Eve"))
        assert (await next_frame(thief, "error"))["code"] == p.GAME_FULL
        for c in (black, white, raw, thief):
            await c.close()
    run(scenario)


def test_the_router_names_each_games_worker():
    assert holder("aB3_-xYz") == 0 and holder("1.aB3") == 1 and holder("12.x") == 12
    assert holder("x.1") == 0 and holder(".abc") == 0
    public, other = Router(0, [8765, 8766, 8767], False), Router(2, [8765, 8766, 8767], False)
    creates = [public.redirect(p.Create("A", "black", {}), "example.org", None)
               for _ in range(4)]
    assert [c and c["url"] for c in creates] == ["ws://example.org:8766/ws",
                                                  "ws://example.org:8767/ws", None,
                                                  "ws://example.org:8766/ws"]
    assert other.redirect(p.Create("A", "black", {}), "h", None) is None
    assert other.redirect(p.Join("2.abc", "B"), "h", None) is None
    assert other.redirect(p.Join("abc", "B"), "::1", 5) == {
        "type": "redirect", "request": "join", "game": "abc", "url": "ws://[::1]:8765/ws",
        "ref": 5}
    with pytest.raises(p.ProtocolError) as refused:
        other.redirect(p.Propose("2.abc", {}, saved={"game": "1.old", "token": "t"}), "h", None)
    assert refused.value.code == p.NO_SUCH_GAME
    assert Router(1, [1, 2], True).redirect(p.Watch("abc"), "h", None)["url"] == "wss://h:1/ws"


def test_two_headless_clients_finish_a_game_held_by_worker_1(workers):
    """`wec online` at the public URL: create and join follow the redirect to worker 1."""
    from test_cli_online import wec
    server = workers()
    host = wec("online", "--url", server.url, "--random", "create", "--side", "white",
               "--scenario", "stealth_duel", "--name", "Ann")
    assert host.stdout is not None
    first = host.stdout.readline()
    found = re.search(r"seated in game (\S+) as white; to come back: wec online --url (\S+) ",
                      first)
    assert found and holder(found.group(1)) == 1, first
    assert found.group(2) == server.url  # the public URL: resuming redirects again
    guest = wec("online", "--url", server.url, "--random", "join", found.group(1), "--name",
                "Bob")
    out_g, err_g = guest.communicate(timeout=120)
    out_h, err_h = host.communicate(timeout=60)
    assert guest.returncode == host.returncode == 0, err_g + err_h
    last_g, last_h = out_g.strip().splitlines()[-1], out_h.strip().splitlines()[-1]
    assert last_g == last_h and last_g.startswith("game over: "), (last_g, last_h)


def test_a_worker_that_keeps_dying_stops_the_whole_server_with_one_line(workers):
    from wec.online.workers import RESTARTS
    server = workers()
    first = server.worker_pids()
    killed: set[int] = set()
    end = time.monotonic() + 60
    while server.proc.poll() is None and time.monotonic() < end:
        try:
            newest = max(server.worker_pids())  # worker 1: started last, and at each restart
        except (OSError, ValueError):
            break  # the supervisor has just ended
        if newest not in killed and newest != min(first):
            os.kill(newest, signal.SIGKILL)
            killed.add(newest)
        time.sleep(0.05)
    status, out, err = server.proc.wait(timeout=30), *server.proc.communicate(timeout=10)
    assert status == 1 and "stopped" in out
    assert f"worker 1 ended {RESTARTS} times" in err.splitlines()[-1] and len(killed) == RESTARTS
    assert wait_gone(first) == []


def test_workers_serve_wss_and_redirect_to_wss(tmp_path):
    """--certfile/--keyfile with --workers 2: every worker serves wss://, and a redirect names
    the holding worker's wss:// URL."""
    import shutil
    import ssl
    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "wec", "serve", "--workers", "2", "--port",
                             "0", "--db", str(tmp_path / "g.sqlite3"), "--certfile", str(cert),
                             "--keyfile", str(key)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"wss://127\.0\.0\.1:\d+/ws", line)
        assert found, line

        async def scenario():
            trusting = ssl.create_default_context(cafile=str(cert))
            trusting.check_hostname = False  # the certificate names an address, not a host
            client = await Client(found.group(0), trusting).connect()
            await client.send(p.Create("Ann", "black", {}, None, 60.0))
            seated = await next_frame(client, "seated")
            assert holder(seated["game"]) == 1 and client.url.startswith("wss://")
            assert client.url != found.group(0)
            await client.close()
        run(scenario)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    assert proc.returncode == 0


def test_headless_seats_play_through_a_worker_killed_mid_game(workers):
    """`play_seat` for both seats of a game of worker 1; the worker is killed mid-game: both
    reconnect at the public URL, are redirected to the restarted worker, resume and finish
    the game, each seeing the versions only go up."""
    from wec.online.client import play_seat, random_chooser, take_seat
    server = workers()

    async def scenario():
        black = await Client(server.url).connect()
        seat_b, first_b = await take_seat(black, p.Create("Ann", "black", {}, "stealth_duel",
                                                          60.0))
        white = await Client(server.url).connect()
        seat_w, first_w = await take_seat(white, p.Join(seat_b.game, "Bob"))
        assert holder(seat_b.game) == 1
        worker_1 = [pid for pid in server.worker_pids() if _listens_on(pid, black.url)]
        seen: dict[str, list[int]] = {"black": [], "white": []}
        killed: list[int] = []

        def watch(side: str):
            def on_state(state: dict) -> None:
                seen[side].append(state["version"])
                if side == "black" and state["version"] >= 30 and not killed:
                    os.kill(worker_1[0], signal.SIGKILL)
                    killed.append(state["version"])
            return on_state
        last_b, last_w = await asyncio.gather(
            play_seat(server.url, seat_b, random_chooser(1), black, first_b,
                      on_state=watch("black")),
            play_seat(server.url, seat_w, random_chooser(2), white, first_w,
                      on_state=watch("white")))
        return last_b, last_w, seen, killed
    last_b, last_w, seen, killed = run(scenario)
    assert killed and last_b["version"] == last_w["version"] > killed[0]
    assert last_b["result"] == last_w["result"] is not None
    for versions in seen.values():
        assert versions == sorted(versions)
    assert "restarting it" in server.terminate()[2]


def test_a_taken_port_stops_wec_serve_with_one_line(tmp_path):
    """The supervisor binds every worker's port before starting any: a taken one ends it at
    once (exit status 2), with no worker started."""
    import socket
    taken = socket.create_server(("127.0.0.1", 0))
    try:
        port = taken.getsockname()[1]
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        done = subprocess.run([sys.executable, "-m", "wec", "serve", "--workers", "2",
                               "--port", str(port), "--db", str(tmp_path / "g.sqlite3")],
                              capture_output=True, text=True, env=env, timeout=60)
    finally:
        taken.close()
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "cannot listen" in done.stderr and not (tmp_path / "g.sqlite3").exists()
    assert done.stdout == ""
