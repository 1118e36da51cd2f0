"""Moves-mode perft speed: core leaves/s and the ratio to the pure-Python reference.

Target: >= 10 million bulk-counted leaves per second on one core. The core's perft runs in nogil C
code (wec/_core/perft.pyx), so it cannot create Python objects per node.
"""
from __future__ import annotations

import json
from pathlib import Path

import wec
from reference import ReferenceGame, reference_perft
from test_reference_crosscheck import for_reference
from wec.tools.signature import signature_position




def test_core_perft3_standard(benchmark, figures):
    g = wec.Game.new()
    n = benchmark.pedantic(wec.perft, args=(g, 3), rounds=5, iterations=1)
    assert n == 2262742  # with invisible pieces (R10.7); all visible: 2262740
    figures.rate("core perft(3) standard, leaves/s", benchmark, n)


def test_core_perft3_midgame(benchmark, figures):
    g = signature_position("midgame_40")
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


FS_TOOL = Path(__file__).resolve().parents[2] / "shared" / "tools" / "fs-perft-ratio"


def test_core_against_fairy_stockfish(benchmark, figures):
    """Issue 19's yardstick: perft leaves/s and positions made per second against Fairy-Stockfish
    (../shared/tools/fs-perft-ratio: the same run, CPU time of each process, interleaved rounds,
    best of each). Targets: leaves >= 1.5x, plies made >= 0.5x its positions made."""
    import re
    import subprocess
    import sys

    import pytest
    if not FS_TOOL.exists():
        pytest.skip(f"{FS_TOOL} is not on this machine")
    root = Path(__file__).resolve().parent.parent
    out = benchmark.pedantic(
        lambda: subprocess.run([str(FS_TOOL), sys.executable], cwd=root, check=True,
                               capture_output=True, text=True).stdout, rounds=1, iterations=1)
    leaves = re.search(r"leaves/s: core ([\d.]+) M, Fairy-Stockfish ([\d.]+) M, ratio ([\d.]+)",
                       out)
    made = re.search(r"made per s: core plies (\d+) k, Fairy-Stockfish positions (\d+) k, "
                     r"ratio ([\d.]+)", out)
    assert leaves and made, out
    figures["perft leaves/s, core / Fairy-Stockfish (target >= 1.5)"] = float(leaves.group(3))
    figures["plies made/s, core / Fairy-Stockfish positions made/s (target >= 0.5)"] = \
        float(made.group(3))
