"""The packaging's committed pieces agree with each other: the wheel builder's configuration and
its test, the desktop entry and the icon the project draws."""
from __future__ import annotations

import os
import runpy
import subprocess
import sys
import tomllib

from packaging_helpers import ROOT, png_colours

PACKAGING = ROOT / "packaging"


def test_cibuildwheel_builds_cpython_3_10_on_and_tries_each_wheel():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["requires-python"] == ">=3.10"
    wheels = project["tool"]["cibuildwheel"]
    assert wheels["build"] == "cp3*" and "*-win32" in wheels["skip"]
    assert wheels["test-command"] == "python {project}/packaging/smoke.py"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(PACKAGING / "smoke.py")], env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_desktop_entry_starts_the_game_with_the_projects_icon():
    entry = dict(line.split("=", 1) for line in
                 (PACKAGING / "wec.desktop").read_text(encoding="utf-8").splitlines()
                 if "=" in line)
    assert entry["Type"] == "Application" and entry["Exec"] == "wec play"
    assert entry["Icon"] == "wec" and "Game;" in entry["Categories"]
    drawing = runpy.run_path(str(PACKAGING / "draw_icon.py"))
    assert drawing["svg"]() == (PACKAGING / "wec.svg").read_text(encoding="utf-8")
    width, height, colours = png_colours(PACKAGING / "wec.png")
    assert (width, height) == (256, 256) and colours > 5
