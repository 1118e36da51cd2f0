"""Where the games of `wec match` and `python -m wec.tools.tune` are played.

A game is a task: a picklable job (its number, seeds, opening, player specs, colours) given to a
module-level function that plays it and returns its result record. `workers(...)` gives one of
three backends with the same interface, `run(play, jobs)`, which yields the results as the games
finish (in any order) and, when the caller stops early (a decided SPRT, Ctrl-C, an error),
cancels the games still outstanding:

- `SerialWorkers`: in this process, one game after the other (`--processes 1`).
- `PoolWorkers`: a local process pool (the default: no Ray needed). A worker process that dies
  breaks the pool; the games it held are played again in a fresh pool. On Linux the workers
  end with the process that started them, even one killed outright.
- `RayWorkers`: tasks on a Ray cluster (`--cluster local` starts one on this machine, `--cluster
  ADDRESS` joins one; the extra `pip install 'wec[cluster]'`). A worker that dies loses only its
  game, which Ray retries (the task's `max_retries`).

Each game is a deterministic function of its job (for players with a node budget or none), so a
retried game gives the same result, and any backend and any number of workers give the same
results.
"""
from __future__ import annotations

import ctypes
import importlib.util
import logging
import multiprocessing
import os
import re
import signal
import socket
import sys
import threading
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

from wec.game.errors import WecError

MAX_RETRIES = 3
"""How many times a game whose worker died is played again before the run gives up."""

POLL = 0.2
"""Seconds between the pool loop's looks at a deferred Ctrl-C (see _DeferredCtrlC)."""

INSTALL_HINT = "pip install 'wec[cluster]'"


class ClusterError(WecError, ValueError):
    """--cluster: Ray is missing, the address is malformed or nothing answers there."""


class WorkerLost(WecError, RuntimeError):
    """A game whose worker died more than MAX_RETRIES times (the message names the games)."""


Play = Callable[[Any], Any]


class SerialWorkers:
    """The games one after the other in this process."""

    size = 1

    def run(self, play: Play, jobs: Sequence[Any]) -> Iterator[Any]:
        for job in jobs:
            yield play(job)

    def close(self) -> None:
        pass


PR_SET_PDEATHSIG = 1
"""Linux prctl(2): the signal a process gets when the thread that started it ends."""


def _worker_start(parent: int) -> None:
    """Workers leave Ctrl-C to the parent, which stops them (no traceback from each), and end
    with it: a parent killed (`kill`, a crash) left them to finish their game and then wait for
    work for ever, each holding its memory."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with(parent)


def _die_with(parent: int) -> None:
    """Have the kernel kill this process when `parent`, the process that started it, ends
    (Linux; the pool starts its workers from the thread that submits, the match's main one)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL))
    except (OSError, AttributeError):  # no prctl to call: the parent's own stop still works
        return
    if os.getppid() != parent:  # it ended before the call above
        os._exit(1)


@contextmanager
def _children_spared_ctrl_c() -> Iterator[None]:
    """Processes started in this block never see a Ctrl-C, even while they import (their
    initializer would come too late): they inherit an ignored SIGINT, the one disposition that
    survives exec. This process must not lose a Ctrl-C meanwhile (one in the first second of a
    match, while the workers started, went unseen and the match ran on), so SIGINT is also
    blocked here: Linux keeps a blocked signal pending even while it is ignored, and it comes
    when the block ends. The pool's threads, started in this block, keep it blocked for good
    (Python takes signals in the main thread only), so none of them can swallow it."""
    if threading.current_thread() is not threading.main_thread():
        yield  # dispositions are the main thread's to change
        return
    masked = hasattr(signal, "pthread_sigmask")  # not on Windows, where spawn inherits nothing
    if masked:
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        # Ignoring flushes a pending SIGINT: take it out first, to send again at the end
        held = signal.SIGINT in signal.sigpending()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if masked:
            if held:
                signal.raise_signal(signal.SIGINT)  # pending until the unblock below
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Processes started in this block inherit an ignored SIGINT (Ray's own binaries, which
    keep it across exec; a Ctrl-C within the block is lost, so it holds only ray.init)."""
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main_thread else None
    try:
        yield
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous)


class _DeferredCtrlC:
    """While a workers loop runs (the pool's, Ray's), a Ctrl-C only raises a flag, and the loop
    raises KeyboardInterrupt at its own safe points. Raised anywhere inside concurrent.futures
    (between the lock acquisitions of `wait()`), it can leave a future's lock held: the pool's
    manager thread then blocks on that lock for ever, and shutdown and the interpreter's exit
    with it; raised inside Ray's `wait`, it can be lost. Only the main thread handles signals;
    elsewhere, or where SIGINT is ignored (a background job), this does nothing."""

    def __init__(self) -> None:
        self.seen = False
        self._previous: Any = None
        self._deferring = False

    def defer(self) -> None:
        if self._deferring or threading.current_thread() is not threading.main_thread():
            return
        previous = signal.getsignal(signal.SIGINT)
        if previous in (signal.SIG_IGN, None):  # ignored already, or not Python's to change
            return
        self._previous, self._deferring = previous, True
        signal.signal(signal.SIGINT, self._note)

    def _note(self, signum: int, frame: Any) -> None:
        self.seen = True

    def resume(self) -> None:
        """Back to the caller's handler; a Ctrl-C seen meanwhile is raised now, through it."""
        if self._deferring:
            signal.signal(signal.SIGINT, self._previous)
            self._deferring = False
        if self.seen:
            self.seen = False
            handler = self._previous
            if callable(handler):
                handler(signal.SIGINT, None)  # Python's default raises KeyboardInterrupt
            raise KeyboardInterrupt

    def check(self) -> None:
        """A safe point: raise the Ctrl-C seen since `defer`, if any."""
        if self.seen:
            self.resume()


class PoolWorkers:
    """A local pool of `size` processes (spawned: the same start on every platform), kept for
    the next `run` (the tuner runs one batch per iteration)."""

    def __init__(self, size: int, max_retries: int = MAX_RETRIES):
        self.size, self.max_retries = size, max_retries
        self._pool: ProcessPoolExecutor | None = None

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.size, multiprocessing.get_context("spawn"),
                                             initializer=_worker_start,
                                             initargs=(os.getpid(),))
        return self._pool

    def _discard(self) -> None:
        """End the pool now, its running games with it."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # ProcessPoolExecutor has no public way to stop running tasks before Python 3.14
        # (terminate_workers); its process table is the only handle on them.
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    def run(self, play: Play, jobs: Sequence[Any]) -> Iterator[Any]:
        """At most `size` games in the pool at once (topped up as they finish), so that a
        worker's death costs an attempt only to the games then being played, never to the
        thousands still waiting their turn. A Ctrl-C is raised within POLL seconds, at a safe
        point (see _DeferredCtrlC); the caller's own code runs with its own handler."""
        attempts = [0] * len(jobs)
        waiting = deque(range(len(jobs)))
        running: dict[Future, int] = {}
        ctrl_c = _DeferredCtrlC()
        finished = False
        try:
            ctrl_c.defer()
            while waiting or running:
                if waiting and len(running) < self.size:
                    # Outside the block: a new pool starts multiprocessing's resource tracker,
                    # which unblocks SIGINT in this thread when it has started it
                    pool = self._started()
                    with _children_spared_ctrl_c():  # submit() starts the worker processes
                        while waiting and len(running) < self.size:
                            i = waiting.popleft()
                            running[pool.submit(play, jobs[i])] = i
                ctrl_c.check()
                done, _ = wait(running, timeout=POLL, return_when=FIRST_COMPLETED)
                ctrl_c.check()
                lost: list[int] = []
                for future in sorted(done, key=running.__getitem__):
                    i = running.pop(future)
                    try:
                        result = future.result()
                    except BrokenProcessPool:
                        lost.append(i)
                        continue
                    ctrl_c.resume()
                    yield result
                    ctrl_c.defer()
                if lost:  # a worker died: every game the pool held is lost with it
                    lost = sorted(lost + list(running.values()))
                    running.clear()
                    self._discard()
                    self._count_attempt(attempts, lost)
                    waiting.extendleft(reversed(lost))
            finished = True
        finally:
            try:
                if not finished:  # stopped early, Ctrl-C or an error: no worker outlives the run
                    ctrl_c.defer()  # a second Ctrl-C must not break the pool's shutdown
                    self._discard()
            finally:
                ctrl_c.seen = False  # the run is over either way: nothing more to raise
                ctrl_c.resume()

    def _count_attempt(self, attempts: list[int], lost: list[int]) -> None:
        """One more attempt for each lost game (the pool cannot tell which one killed it)."""
        for i in lost:
            attempts[i] += 1
        spent = sorted(i for i in lost if attempts[i] > self.max_retries)
        if spent:
            tries = self.max_retries + 1
            raise WorkerLost(f"job(s) {spent} lost with a dying worker process "
                             f"{tries} time{'s' if tries > 1 else ''}: giving up")

    def close(self) -> None:
        self._discard()


ADDRESS = re.compile(r"(ray://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})")


def ray_installed() -> bool:
    return importlib.util.find_spec("ray") is not None


def check_cluster(address: str) -> None:
    """A one-line ClusterError for an address Ray could not use or a missing Ray, before any
    game is started."""
    if not ray_installed():
        raise ClusterError(f"--cluster {address[:80]}: needs Ray, which is not installed: "
                           f"{INSTALL_HINT}")
    if address in ("local", "auto"):
        return
    m = ADDRESS.fullmatch(address)
    if not m or not 0 < int(m[3]) < 65536:
        raise ClusterError(f"--cluster {address[:80]!r}: expected 'local', 'auto' or a Ray head "
                           "node's HOST:PORT such as 192.168.1.10:6379")


HTTP2_HELLO = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
"""The HTTP/2 connection preface and an empty SETTINGS frame: a gRPC server (a Ray head node's
GCS) answers with a SETTINGS frame of its own (frame type 4, the fourth byte)."""


def _probe_head(address: str, host: str, port: int, timeout: float = 5.0) -> None:
    """A ClusterError unless a gRPC server answers at host:port. Given a wrong address (nothing
    there, or another service such as the dashboard's port 8265) Ray's own connection would
    retry for many minutes."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as conn:
            conn.settimeout(timeout)
            conn.sendall(HTTP2_HELLO)
            answer = conn.recv(9)
    except OSError as e:
        raise ClusterError(f"--cluster {address}: no Ray head node answers there ({e}); start "
                           "one with `ray start --head`") from None
    if len(answer) < 4 or answer[3] != 4:
        raise ClusterError(f"--cluster {address}: what answers there is not a Ray head node; "
                           "give the address `ray start --head` printed (port 6379 unless "
                           "--port said otherwise)")


class RayWorkers:
    """Tasks on a Ray cluster: `address` "local" starts a Ray instance on this machine with
    `cpus` CPUs (ended with `close`), "auto" or HOST:PORT joins a running cluster. A Ray session
    this process already holds (ray.init called before, as the tests do) is used as it is."""

    def __init__(self, address: str, cpus: int | None = None, max_retries: int = MAX_RETRIES):
        check_cluster(address)
        import ray
        self.max_retries = max_retries
        self._tasks: dict[Play, Any] = {}
        self._owned = False
        if not ray.is_initialized():
            self._connect(ray, address, cpus)
            self._owned = True
        self.size = max(1, int(ray.cluster_resources().get("CPU", 1)))

    @staticmethod
    def _connect(ray: Any, address: str, cpus: int | None) -> None:
        quiet = {"include_dashboard": False, "logging_level": logging.WARNING,
                 "log_to_driver": False}
        if address == "local":
            # A Ray that wec starts on its own does not report usage to Ray's authors, and
            # keeps its notices (token set-up) out of the match's output.
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            # Ray's processes leave Ctrl-C to this one, which cancels the games and shuts them
            # down (hit by the terminal's SIGINT too, they died under the driver: a crash)
            with _sigint_ignored():
                ray.init(address="local", num_cpus=cpus or os.cpu_count() or 1,
                         **{**quiet, "logging_level": logging.ERROR})
            return
        m = ADDRESS.fullmatch(address)
        if m and not m[1]:  # HOST:PORT: Ray itself would retry for minutes
            _probe_head(address, m[2].strip("[]"), int(m[3]))
        try:
            ray.init(address=address, **quiet)
        except (ConnectionError, RuntimeError, ValueError, TimeoutError) as e:
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            token = ("" if os.environ.get("RAY_AUTH_MODE", "").lower() == "token" else
                     "; a cluster with token authentication also needs RAY_AUTH_MODE=token "
                     "and its token here (README: Matches on several machines)")
            raise ClusterError(f"--cluster {address}: cannot join the Ray cluster there "
                               f"({first[:120]}){token}") from None

    def run(self, play: Play, jobs: Sequence[Any]) -> Iterator[Any]:
        import ray
        from ray.exceptions import RayTaskError
        task = self._tasks.get(play)
        if task is None:  # registered once (the tuner runs a batch per iteration)
            # retry_exceptions stays False: a game's own error (a player's defect) would repeat
            task = self._tasks[play] = ray.remote(max_retries=self.max_retries,
                                                  num_cpus=1)(play)
        refs = {task.remote(job): i for i, job in enumerate(jobs)}
        waiting = list(refs)
        # Ray's blocking calls poll Python's signals themselves and turn a KeyboardInterrupt
        # into a status their C++ may drop (a Ctrl-C went unseen and the match ran to its end):
        # within them a Ctrl-C only raises a flag, raised here between the calls.
        ctrl_c = _DeferredCtrlC()
        try:
            ctrl_c.defer()
            while waiting:
                # Whatever finished within half a second: one call per batch, not per game, over
                # a long list, and a Ctrl-C is seen while every game is long.
                ready, waiting = ray.wait(waiting, num_returns=len(waiting), timeout=0.5)
                ctrl_c.check()
                for ref in ready:
                    try:
                        result = ray.get(ref)
                    except RayTaskError as e:
                        cause = getattr(e, "cause", None)
                        raise cause if isinstance(cause, WecError) else e
                    except ray.exceptions.RayError as e:  # the worker died on every try
                        raise WorkerLost(f"job {refs[ref]}: its worker died "
                                         f"{self.max_retries + 1} times "
                                         f"({type(e).__name__}): giving up") from None
                    ctrl_c.resume()  # the caller's own code runs with its own handler
                    yield result
                    ctrl_c.defer()
        finally:
            try:
                ctrl_c.defer()  # a second Ctrl-C must not break the cancelling
                for ref in waiting:  # stopped early, Ctrl-C or an error: cancel what is left
                    ray.cancel(ref, force=True)
            finally:
                ctrl_c.seen = False  # the run is over either way: nothing more to raise
                ctrl_c.resume()

    def close(self) -> None:
        if self._owned:
            import ray
            ray.shutdown()
            self._owned = False


Workers = SerialWorkers | PoolWorkers | RayWorkers


def workers(processes: int | None = None, cluster: str | None = None,
            jobs: int | None = None) -> Workers:
    """The backend for `jobs` games: Ray when `cluster` is given (`processes` is then the CPUs
    of a local instance), else `processes` local processes (default one per CPU, at most one
    per game), in this process when that is 1."""
    if cluster is not None:
        return RayWorkers(cluster, processes)
    size = processes or max(1, min(jobs or os.cpu_count() or 1, os.cpu_count() or 1))
    return SerialWorkers() if size == 1 else PoolWorkers(size)
