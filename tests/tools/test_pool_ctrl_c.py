"""Ctrl-C reaches a match whenever it comes. The pool loop defers it to its own
safe points (wec.tools.workers._DeferredCtrlC), so it is neither lost nor raised inside
concurrent.futures. Each case below makes the Ctrl-C come at one of the two moments that used to
go wrong, deterministically, in a child process (a hang must not take pytest with it)."""
from __future__ import annotations

import os
import subprocess
import sys
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
