"""Set-up a user expects: `make play` installs only what playing
needs and only when the build inputs changed (stamp files); CI builds once per configuration;
without PySide6 `wec play` says how to get it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wec.cli import main

ROOT = Path(__file__).resolve().parents[2]
needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="no make")


def _dry_run(target: str, venv: Path) -> list[str]:
    """The commands `make TARGET` would run with this (fake) venv, without running them."""
    done = subprocess.run(["make", "-n", "--no-print-directory", target, f"VENV={venv}"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def _fake_venv(tmp_path: Path, *stamps: str) -> Path:
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    newest = max(p.stat().st_mtime for p in _build_inputs())
    for name in ("bin/python", *stamps):
        (venv / name).touch()
        os.utime(venv / name, (newest + 10, newest + 10))
    return venv


def _build_inputs() -> list[Path]:
    core = ROOT / "wec" / "_core"
    return [ROOT / "pyproject.toml", ROOT / "setup.py", *core.glob("*.pyx"), *core.glob("*.pxd")]


def _pip(lines: list[str]) -> list[str]:
    return [line for line in lines if "pip install" in line]


@needs_make
def test_make_play_builds_only_the_gui_extra_and_only_once(tmp_path):
    venv = _fake_venv(tmp_path)
    first = _dry_run("play", venv)
    assert _pip(first) == [f"{venv}/bin/python -m pip install -q -e '.[gui]'"]
    assert first[-1].startswith(f"{venv}/bin/wec play")
    venv = _fake_venv(tmp_path / "again", ".built-gui")
    assert _pip(_dry_run("play", venv)) == []  # a second `make play` goes straight to the game


@needs_make
def test_a_changed_build_input_rebuilds(tmp_path):
    venv = _fake_venv(tmp_path, ".built-gui", ".built-test")
    pyx = ROOT / "wec" / "_core" / "perft.pyx"
    stamp = venv / ".built-gui"
    os.utime(stamp, (pyx.stat().st_mtime - 10, pyx.stat().st_mtime - 10))  # .pyx is newer
    assert _pip(_dry_run("play", venv)) == [f"{venv}/bin/python -m pip install -q -e '.[gui]'"]
    assert _pip(_dry_run("test", venv)) == []


@needs_make
def test_make_test_still_installs_the_test_tools(tmp_path):
    venv = _fake_venv(tmp_path, ".built-gui")  # a play build is not a test build
    lines = _dry_run("test", venv)
    # cluster: Ray, so that CI runs tests/tools/test_cluster.py instead of skipping it
    # docs: Sphinx, so that CI builds the API reference (tests/test_docs.py)
    # online: aiohttp, so that CI runs tests/online instead of skipping it
    # bundle: PyInstaller, build, auditwheel, so that CI builds the app and the wheel
    assert _pip(lines) == [
        f"{venv}/bin/python -m pip install -q -e '.[test,openspiel,rl,cluster,docs,online,bundle]'"]
    assert any(f"touch {venv}/.built-test {venv}/.built-gui {venv}/.built-bundle" in line
               for line in lines)


@needs_make
def test_ci_builds_once_per_configuration_and_runs_the_slow_tests_once(tmp_path):
    """.ci/run = make test-debug (debug build, fast tests, release build) + make test (stamped:
    no build, the whole suite, the slow tests included) + make test-packaging (stamped: no build
    of the venv, the wheel and the packaged app built and tried)."""
    ci = (ROOT / ".ci" / "run").read_text()
    steps = [line.split(" ARGS=")[0] for line in ci.splitlines() if line.startswith("make ")]
    assert steps == ["make test-debug", "make test", "make test-packaging"]
    venv = _fake_venv(tmp_path)
    debug = _dry_run("test-debug", venv)
    builds = _pip(debug)
    assert len(builds) == 2 and builds[0].startswith("WEC_DEBUG=1 ")
    assert not builds[1].startswith("WEC_DEBUG")
    pytest_runs = [line for line in debug if "-m pytest" in line]
    assert len(pytest_runs) == 1 and '-m "not slow and not timing"' in pytest_runs[0]
    venv = _fake_venv(tmp_path / "after", ".built-gui", ".built-test")  # as test-debug leaves it
    release = _dry_run("test", venv)
    assert _pip(release) == [] and "not slow" not in " ".join(release)
    # the wall-clock tests run alone, after the rest
    runs = [line for line in release if "-m pytest" in line]
    assert len(runs) == 2 and '-m "not timing and not long"' in runs[0] and "-m timing ||" in runs[1]
    packaging = _dry_run("test-packaging", venv)
    runs = [line for line in packaging if "-m pytest" in line]
    assert _pip(packaging) == [] and len(runs) == 1 and '-m "wheel or bundle"' in runs[0]


def test_without_pyside6_wec_play_says_how_to_get_it(monkeypatch, capsys):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.setitem(sys.modules, "wec.gui.app", None)  # import fails as without PySide6
    assert main(["play"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'wec[gui]'" in err and "wec play --text" in err
    assert len(err.strip().splitlines()) == 1
