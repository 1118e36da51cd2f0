"""Ctrl-C reaches a match whenever it comes. The pool loop and Ray's defer it to their own
safe points (wec.tools.workers._DeferredCtrlC), so it is neither lost nor raised inside
concurrent.futures or Ray. Each pool case below makes the Ctrl-C come at one of the two moments
that used to go wrong, deterministically, in a child process (a hang must not take pytest with
it); the Ray case stands in for Ray's blocking call as it treats a KeyboardInterrupt."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r'''
import concurrent.futures._base as base
import multiprocessing, os, signal, sys, time
from concurrent.futures import ProcessPoolExecutor
from wec.tools.workers import PoolWorkers

# as in a terminal: a shell that starts its jobs in the background (nohup, `&` without job
# control) hands them SIGINT ignored, and Python then installs no KeyboardInterrupt handler
signal.signal(signal.SIGINT, signal.default_int_handler)

if sys.argv[1] == "while the workers start":  # submit() spawns them
    real_submit = ProcessPoolExecutor.submit
    calls = [0]
    def submit(self, *args, **kwargs):
        calls[0] += 1
        if calls[0] == 2:  # the first worker is importing: a terminal's Ctrl-C hits it too
            os.killpg(0, signal.SIGINT)
        return real_submit(self, *args, **kwargs)
    ProcessPoolExecutor.submit = submit
else:  # "between wait()'s lock acquisitions": the first future's lock taken, the second not yet
    calls = [0]
    def enter(self):
        calls[0] += 1
        for n, future in enumerate(self.futures):
            future._condition.acquire()
            if n == 0 and calls[0] == 3 and len(self.futures) > 1:
                os.killpg(0, signal.SIGINT)
    base._AcquireFutures.__enter__ = enter

try:
    for _ in PoolWorkers(2).run(time.sleep, [0.25] * 40):
        pass
except KeyboardInterrupt:
    print("interrupted; workers left:", len(multiprocessing.active_children()))
    sys.exit(130)
print("ran to the end: the Ctrl-C was lost")
'''


@pytest.mark.parametrize("moment", ["while the workers start", "between wait()'s lock acquisitions"])
def test_a_ctrl_c_stops_the_pool_whenever_it_comes(moment):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run([sys.executable, "-c", SCRIPT, moment], capture_output=True,
                              text=True, env=env, timeout=60, start_new_session=True)
    except subprocess.TimeoutExpired:
        pytest.fail(f"a Ctrl-C {moment} hung the pool")
    assert done.returncode == 130, (done.stdout, done.stderr[-2000:])
    assert "interrupted; workers left: 0" in done.stdout
    assert "Traceback" not in done.stderr  # the workers ignore it, even while they import


def _ray_that_drops_a_ctrl_c(cancelled: list) -> types.ModuleType:
    """A stand-in for Ray's driver API whose `wait` meets a Ctrl-C as Ray's does: its C++ polls
    Python's signals (_raylet.pyx check_signals), the KeyboardInterrupt raised there becomes a
    status, and a wait that has results anyway returns them (seen once in CI: a Ray match ran to
    its end through a Ctrl-C)."""
    ray = types.ModuleType("ray")
    ray.exceptions = types.ModuleType("ray.exceptions")
    ray.exceptions.RayTaskError = type("RayTaskError", (Exception,), {})
    ray.exceptions.RayError = type("RayError", (Exception,), {})

    def remote(**options):
        return lambda play: types.SimpleNamespace(remote=lambda job: ("ref", job))

    def wait(refs, num_returns, timeout):
        if len(refs) == 3:  # two games in: the terminal's Ctrl-C, while Ray blocks
            try:
                signal.raise_signal(signal.SIGINT)  # Python runs the handler within this call
            except KeyboardInterrupt:
                pass  # made a status, which this wait drops
        return refs[:1], refs[1:]

    ray.remote, ray.wait = remote, wait
    ray.get = lambda ref: ref[1]
    ray.cancel = lambda ref, force: cancelled.append(ref[1])
    return ray


def test_a_ctrl_c_inside_rays_wait_stops_the_games(monkeypatch):
    from wec.tools.workers import RayWorkers
    cancelled: list = []
    ray = _ray_that_drops_a_ctrl_c(cancelled)
    monkeypatch.setitem(sys.modules, "ray", ray)
    monkeypatch.setitem(sys.modules, "ray.exceptions", ray.exceptions)
    # Python's own handler, as in a terminal (conftest.py sees to it for a whole run too)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        workers = RayWorkers.__new__(RayWorkers)  # no cluster: the stand-in is all it calls
        workers.max_retries, workers._tasks, workers._owned, workers.size = 0, {}, False, 2
        played = []
        with pytest.raises(KeyboardInterrupt):
            for result in workers.run(abs, [1, 2, 3, 4, 5]):
                played.append(result)
        assert played == [1, 2] and cancelled == [4, 5]  # the third was in hand: not cancelled
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except (OSError, ValueError):
            continue
        if entry.isdigit() and int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry))
    return found


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_pools_workers_end_with_a_killed_match(tmp_path):
    """A match killed outright (`kill -9`, a crash: no Ctrl-C to stop its pool) takes its workers
    with it; they used to finish their game and then wait for work for ever."""
    results = tmp_path / "games.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "wec", "match", "random", "random", "--games",
                             "400", "--max-turns", "60", "--processes", "2", "--results",
                             str(results)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            cwd=tmp_path, start_new_session=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 90
        while not (results.exists() and results.read_text().count("\n") >= 2):
            assert proc.poll() is None and time.monotonic() < deadline, "no game finished"
            time.sleep(0.1)
        workers = [pid for pid in _children(proc.pid)
                   if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]
        assert len(workers) == 2
        proc.kill()
        proc.wait()
        deadline = time.monotonic() + 20
        while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_running(pid) for pid in workers)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # whatever of the group is left (the workers)
        except ProcessLookupError:
            pass
