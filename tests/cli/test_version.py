"""One version, written once (wec/_version.py): the build reads it, `wec --version` and
Help > About show it."""
from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

import pytest

import wec
from wec._version import __version__, version
from wec.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_the_build_reads_the_version_from_wec_version_and_writes_none_of_its_own():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "wec._version.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+([.-]?\w+)?", __version__)
    assert wec.__version__ == __version__


def test_wec_version_prints_the_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"wec {version()}"


def test_without_an_installed_distribution_the_version_is_the_sources(monkeypatch):
    def not_installed(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)
    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert version() == __version__


def test_help_about_shows_the_version(monkeypatch):
    pytest.importorskip("PySide6")
    from wec.gui.play.help_window import about_html
    monkeypatch.setattr(importlib.metadata, "version", lambda name: "9.8.7")
    assert "Version 9.8.7." in about_html()
