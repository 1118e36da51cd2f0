"""Matches and tuning on Ray: a local Ray instance with 2 CPUs, started once for this
module, plays the same games as the process pool and as one process (the same results file
apart from wall times); a worker killed in the middle of its game loses only that game, which is
played again; an SPRT that decides cancels the games still outstanding; the tuner's iteration
batches give the same table as one process. Skipped only when Ray cannot be imported
(`pip install 'wec[cluster]'`; `make test` installs it)."""
from __future__ import annotations

import json
import os
import re
import signal

import pytest

from wec.tools import tune
from wec.tools.match import GameResult, Match, play_one
from wec.tools.workers import RayWorkers

ray = pytest.importorskip("ray")

GAMES = ("random", "greedy", 6, 0.5)   # the fastest players: each game is a fraction of a second
SETTINGS = {"max_turns": 8}


@pytest.fixture(scope="module")
def ray_session():
    """One Ray instance for the module (starting one takes several seconds); RayWorkers uses
    the session it finds and leaves it running."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level="warning")
    yield
    ray.shutdown()


def _without_timings(path) -> str:
    return re.sub(r', "wall_seconds": [0-9.e+-]+', "", path.read_text())


def _play(path, **where) -> str:
    match = Match(*GAMES, **SETTINGS, results_path=str(path), **where)
    assert len(list(match.play())) == 6
    return _without_timings(path)


def test_ray_plays_the_same_games_as_the_pool_and_one_process(ray_session, tmp_path):
    on_ray = _play(tmp_path / "ray.jsonl", cluster="local")
    in_pool = _play(tmp_path / "pool.jsonl", processes=2)
    alone = _play(tmp_path / "one.jsonl", processes=1)
    assert on_ray == in_pool == alone
    games = [json.loads(line) for line in on_ray.splitlines()]
    assert [g["game"] for g in games] == list(range(6))  # put in game order at the end
    assert {g["colours"]["black"] for g in games} == {"random", "greedy"}


def test_a_worker_killed_during_its_game_loses_only_that_game(ray_session, tmp_path,
                                                              monkeypatch):
    marker = str(tmp_path / "killed-once")

    def dies_once(job):
        """Game 3's worker process is killed (SIGKILL, no clean-up) on its first attempt."""
        if job[0] == 3 and not os.path.exists(marker):
            open(marker, "w").close()
            os.kill(os.getpid(), signal.SIGKILL)
        return play_one(job)  # the real one: this function travels to the worker by value

    reference = _play(tmp_path / "reference.jsonl", processes=1)
    monkeypatch.setattr("wec.tools.match.play_one", dies_once)
    assert _play(tmp_path / "ray.jsonl", cluster="local") == reference
    assert os.path.exists(marker), "no worker was killed: nothing was tested"


def test_a_decided_sprt_stops_the_match_and_cancels_the_rest(ray_session, tmp_path,
                                                           monkeypatch):
    def a_wins(job):
        import time
        time.sleep(0.05)  # the later games are still queued when the SPRT decides
        index = job[0]
        return GameResult(index, "black" if index % 2 == 0 else "white",
                          "black" if index % 2 == 0 else "white", 5, False, 1.0, "test win",
                          ("t1", "t2"))

    monkeypatch.setattr("wec.tools.match.play_one", a_wins)
    results = tmp_path / "sprt.jsonl"
    match = Match("random", "random", 200, 0.5, results_path=str(results), cluster="local",
                  sprt=(0.0, 100.0))
    list(match.play())
    s = match.summary()
    assert s["sprt"] == "H1 accepted" and s["games"] < 40
    assert len(results.read_text().splitlines()) == s["games"]


def test_the_head_probe_recognises_a_ray_head_node(ray_session):
    """The probe that spares a wrong --cluster address minutes of Ray's retries lets a real
    head node's address through."""
    from wec.tools.workers import _probe_head
    address = ray.get_runtime_context().gcs_address
    host, port = address.rsplit(":", 1)
    _probe_head(address, host, int(port))


def test_the_tuner_batches_on_ray_give_the_same_table(ray_session):
    runner = RayWorkers("local")
    try:
        on_ray = tune.spsa(2, 2, 150, 3, seed=4, runner=runner)
    finally:
        runner.close()
    assert on_ray == tune.spsa(2, 2, 150, 3, seed=4)


@pytest.mark.slow
def test_ctrl_c_stops_a_match_on_a_local_ray_in_one_line(tmp_path):
    """The terminal's SIGINT reaches Ray's own processes too; they ignore it and leave the
    stop to wec, which cancels the games and shuts Ray down (they died under it: a crash,
    exit status -11, after the message)."""
    import subprocess
    import sys
    import time
    results = tmp_path / "games.jsonl"
    cmd = [sys.executable, "-m", "wec", "match", "random", "random", "--games", "400",
           "--max-turns", "60", "--cluster", "local", "--processes", "2",
           "--results", str(results)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path, start_new_session=True,
                            env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0"})
    try:
        deadline = time.monotonic() + 90
        while not (results.exists() and results.read_text().count("\n") >= 2):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no game finished in 90 s"
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, (proc.returncode, err[-2000:])
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "interrupted" in lines[0], err
    assert f"{len(results.read_text().splitlines())} of 400 games are in" in lines[0]
