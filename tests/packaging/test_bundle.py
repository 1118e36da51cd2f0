"""The packaged app (`make bundle`, PyInstaller, one folder): its one executable opens the app
and runs the command line with no Python, no virtualenv and an empty environment (`env -i`), and
it holds what the app loads and leaves out what it does not."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from packaging_helpers import ROOT, png_colours
from wec._version import __version__

pytestmark = pytest.mark.bundle

EXE = "wec.exe" if sys.platform == "win32" else "wec"
LIMIT_MB = 150


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The app folder: WEC_BUNDLE names one built already (e.g. dist/wec after `make bundle`),
    otherwise it is built here as `make bundle` builds it."""
    if os.environ.get("WEC_BUNDLE"):
        return Path(os.environ["WEC_BUNDLE"]).resolve()
    out = tmp_path_factory.mktemp("bundle")
    done = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level",
                           "WARN", "--distpath", str(out / "dist"), "--workpath",
                           str(out / "build"), str(ROOT / "packaging" / "wec.spec")],
                          capture_output=True, text=True, timeout=3600)
    assert done.returncode == 0, done.stderr[-3000:]
    return out / "dist" / "wec"


def bare(bundle: Path, home: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    """Run the app's executable as a user's desktop would, with nothing of this environment:
    `env -i`, a fresh HOME, the system's PATH only."""
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", **extra}
    return subprocess.run(["env", "-i", *(f"{k}={v}" for k, v in env.items()),
                           str(bundle / EXE), *args],
                          cwd=home, capture_output=True, text=True, timeout=600)


def test_one_executable_paints_the_board_and_the_editor_in_an_empty_environment(bundle, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    for command in ("play", "editor"):
        done = bare(bundle, home, command, "--screenshot", f"{command}.png")
        assert done.returncode == 0, done.stderr[-3000:]
        width, height, colours = png_colours(home / f"{command}.png")
        assert width > 600 and height > 400 and colours > 50, (command, colours)


def test_the_same_executable_is_the_command_line(bundle, tmp_path):
    version = bare(bundle, tmp_path, "--version")
    assert version.stdout.strip() == f"wec {__version__}"
    perft = bare(bundle, tmp_path, "perft", "3")
    assert perft.returncode == 0 and perft.stdout.startswith("perft 3 (moves): 2262742 nodes")
    assert "standard" in bare(bundle, tmp_path, "scenarios").stdout
    # the app starts its helpers (the computer player, a hosted server) as `sys.executable -m`
    assert "standard" in bare(bundle, tmp_path, "-m", "wec.cli", "scenarios").stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 is Linux's")
def test_a_missing_system_library_is_named_in_one_line(bundle, tmp_path):
    """The X11 check reads the bundled xcb plugin's libraries with `ldd`: an `ldd` that reports
    libxcb-cursor missing stands for a desktop without it."""
    fake = tmp_path / "bin"
    fake.mkdir()
    asked = tmp_path / "asked"
    (fake / "ldd").write_text(f'#!/bin/sh\necho "$1" > {asked}\n'
                              'echo "\tlibxcb-cursor.so.0 => not found"\n')
    (fake / "ldd").chmod(0o755)
    done = subprocess.run(["env", "-i", f"HOME={tmp_path}", f"PATH={fake}:/usr/bin:/bin",
                           "DISPLAY=:0", str(bundle / EXE), "play"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "libxcb-cursor.so.0" in done.stderr
    assert Path(asked.read_text().strip()).is_relative_to(bundle)


def test_it_holds_what_the_app_loads_and_leaves_out_what_it_does_not(bundle):
    files = [p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink()]
    names = {p.relative_to(bundle).as_posix() for p in files}
    inside = "\n".join(sorted(names))
    for core in (ROOT / "wec" / "_core").glob("*.pyx"):
        assert f"/wec/_core/{core.stem}." in inside
    for data in ("wec/rules/scenarios/", "wec/tools/data/tactics/", "wec/gui/play/help/",
                 "wec/gui/play/audio/"):
        assert data in inside, data
    for plugin in ("platforms/libqxcb", "platforms/libqoffscreen", "QtMultimedia",
                   "QtWebSockets"):
        assert plugin in inside, plugin
    for left_out in ("/ray/", "/scipy/", "pyspiel", "/numpy/", "/pytest/", "/hypothesis/",
                     "/mypy/", "translations/", "libQt6Quick", "libavcodec"):
        assert left_out not in inside, left_out
    assert sum(p.stat().st_size for p in files) <= LIMIT_MB * 2**20
