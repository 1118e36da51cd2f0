"""Every subcommand given bad arguments answers with one line and exit status 2, never a
traceback (`--new --continue` together is refused, item 8)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wec.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _bad_arguments(tmp: Path) -> list[list[str]]:
    broken = tmp / "broken.json"
    broken.write_text('{"a":\n')
    other_match = tmp / "other.jsonl"
    other_match.write_text(json.dumps({
        "game": 0, "seed": {"a": 0, "b": 1}, "opening": {"pair": 0, "turns": []},
        "players": {"a": "greedy", "b": "random"},
        "colours": {"black": "greedy", "white": "random"}, "result": "draw", "score_a": 0.5,
        "turns": 3, "reason": "x", "adjudicated": True,
        "settings": {"seconds": 1.0, "max_turns": 200, "opening_turns": 2}}) + "\n")
    missing = str(tmp / "missing.json")
    shot = str(tmp / "shot.png")
    return [
        [], ["nope"], ["--bogus"],
        ["play", "--screenshot", "x.png", "--size", "big"],
        ["play", "--screenshot", "/nonexistent_dir/x.png"],
        ["play", "--screenshot", str(tmp)],
        ["play", "--new", "--continue"],
        ["play", "--text", "--load", missing], ["play", "--text", "--scenario", "nope"],
        ["play", "--text", "--position", str(broken)], ["play", "--scenario", "a", "--load", "b"],
        ["perft", "-1"], ["perft", "x"], ["perft"], ["perft", "2", "--mode", "bogus"],
        ["perft", "0", "--divide"], ["perft", "1", "--load", missing],
        ["show", "--position", missing], ["show", "--load", str(broken)],
        ["show", "--scenario", "nope"],
        ["validate"], ["scenarios", "extra"],
        ["history", missing], ["history", str(broken)], ["history", "x", "--side", "red"],
        ["match", "ai", "foo"], ["match", "random", "random", "--games", "0"],
        ["match", "random", "random", "--games", "-3"], ["match", "random"],
        ["match", "random", "random", "--seconds", "0"],
        ["match", "random", "random", "--seconds", "nan"],
        ["match", "random", "random", "--processes", "0"],
        ["match", "random", "random", "--max-turns", "x"],
        ["match", "ai:9", "random"], ["match", "ai:x", "random"],
        ["match", "random", "random", "--results", str(tmp)],
        ["match", "random", "random", "--results", str(broken)],
        ["match", "random", "random", "--results", str(other_match)],
        ["match", "random", "random", "--cluster", "nohost"],
        ["match", "random", "random", "--cluster", "127.0.0.1:1"],
        ["match", "random", "random", "--sprt", "5,1"],
        ["match", "random", "random", "--sprt", "x"],
        ["bench", "--bogus"],
        ["editor", "--position", missing, "--screenshot", shot],
        ["editor", "--screenshot", "/nonexistent_dir/x.png"],
    ]


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's usage errors
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_every_subcommand_with_bad_arguments_says_one_line_and_exits_2(tmp_path, capsys,
                                                                      monkeypatch):
    monkeypatch.setenv("WEC_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    for argv in _bad_arguments(tmp_path):
        code, out, err = _run(argv, capsys)
        assert code == 2, (argv, code, out, err)
        assert "Traceback" not in out + err, argv
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1, (argv, err)
        assert lines[0].startswith("wec"), (argv, err)


def test_the_issue_examples_name_what_is_wrong(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("WEC_DATA_DIR", str(tmp_path))
    expected = {
        ("play", "--screenshot", "x.png", "--size", "big"): "'big' is not a window size",
        ("play", "--screenshot", "/nonexistent_dir/x.png"): "no folder /nonexistent_dir",
        ("match", "ai", "foo"): "unknown player 'foo'",
        ("match", "random", "random", "--games", "0"): "--games: 0 is less than 1",
        ("perft", "-1"): "depth: -1 is less than 0",
        ("play", "--new", "--continue"): "not allowed with",
    }
    for argv, text in expected.items():
        code, _, err = _run(list(argv), capsys)
        assert code == 2 and text in err, (argv, err)


def test_wec_play_without_a_display_says_use_the_terminal_game(monkeypatch, capsys):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    code, _, err = _run(["play"], capsys)
    assert code == 2
    assert err.strip().startswith("wec: no display: use `wec play --text`")
    code, _, err = _run(["editor"], capsys)
    assert code == 2 and "no display" in err


def test_the_installed_script_prints_no_traceback(tmp_path):
    """The same through a real process: what a user sees in the terminal."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WEC_DATA_DIR": str(tmp_path)}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("QT_QPA_PLATFORM", None)
    for argv in (["match", "ai", "foo"], ["match", "random", "random", "--games", "0"],
                 ["perft", "-1"], ["play", "--screenshot", "x.png", "--size", "big"]):
        done = subprocess.run([sys.executable, "-m", "wec", *argv], capture_output=True,
                              text=True, env=env, timeout=60, cwd=tmp_path)
        assert done.returncode == 2, (argv, done.stderr)
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("argv", [["--help"], ["play", "--help"], ["match", "--help"]])
def test_help_still_exits_0(argv, capsys):
    code, out, _ = _run(argv, capsys)
    assert code == 0 and "usage:" in out


def test_a_reader_that_stops_early_gets_no_error_line():
    """`wec play --text | head -1`: the pipe closes under the board; the command ends quietly
    (exit 0, nothing on stderr), as cat does."""
    proc = subprocess.Popen([sys.executable, "-m", "wec", "play", "--text"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=Path(__file__).parents[2])
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader is gone
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert first.strip() and err == ""
