"""Ctrl-C stops every long command at once with one line and exit status 130:
`wec perft 5` (the core's nogil perft polls a stop flag), `wec match` (pool workers leave SIGINT
to the parent, which stops them), the `black>` prompt of `wec play --text`, and the tuner."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import wec

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "WEC_DATA_DIR": str(tmp_path)}


def _interrupt(cmd: list[str], tmp_path: Path, wait_for: str | None = None, after: float = 2.0,
               stdin: int | None = None) -> subprocess.CompletedProcess:
    """Start `cmd` in its own process group, wait until `wait_for` appears on stdout (or
    `after` seconds), then send SIGINT to the whole group as a terminal's Ctrl-C does."""
    proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=_env(tmp_path), cwd=tmp_path, start_new_session=True)
    try:
        if wait_for is not None:
            seen = ""
            assert proc.stdout is not None
            while wait_for not in seen:
                ch = proc.stdout.read(1)
                assert ch, f"exited before {wait_for!r}: {seen!r}"
                seen += ch
        else:
            time.sleep(after)
        assert proc.poll() is None, "finished before the interrupt: nothing was tested"
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=20)  # a missed stop runs for minutes
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def _one_line_130(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 130, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr + done.stdout
    assert "leaked" not in done.stderr  # multiprocessing's semaphore warnings
    lines = [line for line in done.stderr.splitlines() if line.strip()
             and "it/s" not in line and "/s]" not in line]
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_the_core_perft_polls_its_stop_flag_and_unwinds():
    game = wec.Game.new()
    before = game.hash
    box: dict[str, int] = {}
    worker = threading.Thread(target=lambda: box.setdefault("n", game._engine.perft(6)))
    worker.start()
    time.sleep(0.3)
    game._engine.perft_stop()
    worker.join(20)
    assert not worker.is_alive(), "perft 6 did not stop"
    assert box["n"] == -1
    assert game.hash == before and wec.perft(game, 2) == 16900  # unwound, flag cleared


def test_ctrl_c_stops_wec_perft_5(tmp_path):
    done = _interrupt([sys.executable, "-m", "wec", "perft", "5"], tmp_path, after=2.0)
    assert "interrupted" in _one_line_130(done)


def test_ctrl_c_stops_a_match_and_keeps_its_finished_games(tmp_path):
    results = tmp_path / "games.jsonl"
    cmd = [sys.executable, "-m", "wec", "match", "random", "random", "--games", "400",
           "--max-turns", "60", "--processes", "2", "--results", str(results)]
    done = _interrupt(cmd, tmp_path, after=6.0)
    line = _one_line_130(done)
    assert "interrupted" in line and "the same command resumes" in line
    kept = results.read_text().splitlines() if results.exists() else []
    assert f"{len(kept)} of 400 games are in" in line


def test_ctrl_c_at_the_black_prompt(tmp_path):
    cmd = [sys.executable, "-m", "wec", "play", "--text", "--new"]
    done = _interrupt(cmd, tmp_path, wait_for="black> ", stdin=subprocess.PIPE)
    assert "interrupted" in _one_line_130(done)


def test_ctrl_c_stops_the_tuner_and_keeps_its_checkpoint(tmp_path):
    cmd = [sys.executable, "-m", "wec.tools.tune", "--iterations", "50", "--games", "2",
           "--nodes", "300", "--max-turns", "200", "--out", str(tmp_path / "t.json")]
    done = _interrupt(cmd, tmp_path, after=4.0)
    line = _one_line_130(done)
    assert "interrupted" in line and "the same command resumes" in line


def test_ctrl_c_in_the_terminal_of_the_app_ends_it_without_a_traceback(tmp_path):
    """Qt's event loop runs no Python signal handler; `wec play` leaves SIGINT to its default
    action (the process ends at once, exit status 130 in the shell; the game was autosaved)."""
    import pytest
    pytest.importorskip("PySide6")
    proc = subprocess.Popen([sys.executable, "-m", "wec", "play", "--new"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**_env(tmp_path), "QT_QPA_PLATFORM": "offscreen"},
                            cwd=tmp_path, start_new_session=True)
    try:
        time.sleep(4)
        assert proc.poll() is None, proc.communicate()
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == -signal.SIGINT and "Traceback" not in err
