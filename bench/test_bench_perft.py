"""Moves-mode perft speed (issue: Engine core I): core leaves/s and the ratio to pure Python.

Target: >= 10 million bulk-counted leaves per second on one core. The core's perft runs in nogil C
code (wec/_core/perft.pyx), so it cannot create Python objects per node.
"""
from __future__ import annotations

import json
from pathlib import Path

import wec
from wec.reference import ReferenceGame, reference_perft
from test_reference_crosscheck import for_reference

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "positions"



def test_core_perft3_standard(benchmark, figures):
    g = wec.Game.new()
    n = benchmark.pedantic(wec.perft, args=(g, 3), rounds=5, iterations=1)
    assert n == 2262742  # with invisible pieces (R10.7); all visible: 2262740
    figures.rate("core perft(3) standard, leaves/s", benchmark, n)


def test_core_perft3_midgame(benchmark, figures):
    g = wec.Game.from_position(str(DATA / "midgame_40.json"))
    n = benchmark.pedantic(wec.perft, args=(g, 3), rounds=5, iterations=1)
    figures.rate("core perft(3) midgame, leaves/s", benchmark, n)


def test_python_reference_perft2_standard(benchmark, figures):
    ref = ReferenceGame.from_position(for_reference(wec.Game.new().position()))
    n = benchmark.pedantic(reference_perft, args=(ref, 2), rounds=2, iterations=1)
    assert n == 16900
    figures.rate("pure-Python perft(2) standard, leaves/s", benchmark, n)
    figures.ratio("ratio core / pure-Python (perft leaves/s)",
                  "core perft(3) standard, leaves/s",
                  "pure-Python perft(2) standard, leaves/s")


def test_facade_walk_perft2_standard(benchmark, figures):
    """The same count through a Python-level loop over the facade (apply/undo per node)."""
    g = wec.Game.new()

    def walk(depth: int) -> int:
        if depth == 1:
            return len(g.legal_moves())
        total = 0
        for a in g.legal_moves():
            g.apply(a)
            g.end_turn()
            total += walk(depth - 1)
            g.undo()
            g.undo()
        return total

    n = benchmark.pedantic(walk, args=(2,), rounds=2, iterations=1)
    assert n == 16900
    figures.rate("facade Python walk perft(2), leaves/s", benchmark, n)
    figures.ratio("ratio core / facade walk (perft leaves/s)",
                  "core perft(3) standard, leaves/s",
                  "facade Python walk perft(2), leaves/s")
