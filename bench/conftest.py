"""Benchmarks report figures and core/pure-Python ratios measured in the same run."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

class Figures(dict):
    """The figures of this run, by name; ratios are taken between figures of the same run."""

    def rate(self, name: str, benchmark, count: int) -> float:
        """Record `count` per second of the benchmark's fastest round."""
        self[name] = count / benchmark.stats.stats.min
        return self[name]

    def ratio(self, name: str, numerator: str, denominator: str) -> None:
        """Record numerator / denominator when both were measured in this run."""
        if numerator in self and denominator in self:
            self[name] = self[numerator] / self[denominator]


FIGURES = Figures()


@pytest.fixture
def figures() -> Figures:
    return FIGURES


def pytest_terminal_summary(terminalreporter):
    if not FIGURES:
        return
    terminalreporter.section("WEC figures (this machine, this run)")
    for name, value in sorted(FIGURES.items()):
        terminalreporter.write_line(f"{name:48s} {value:>16,.1f}")
