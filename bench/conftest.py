"""Benchmarks report figures and core/pure-Python ratios measured in the same run."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

FIGURES: dict[str, float] = {}


@pytest.fixture
def figures() -> dict[str, float]:
    return FIGURES


def pytest_terminal_summary(terminalreporter):
    if not FIGURES:
        return
    terminalreporter.section("WEC figures (this machine, this run)")
    for name, value in sorted(FIGURES.items()):
        terminalreporter.write_line(f"{name:48s} {value:>16,.1f}")
