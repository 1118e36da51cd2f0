"""Full action generation and make/unmake speed.

Targets: >= 1 million legal actions generated per second and >= 1 million make+unmake pairs per
second in the core; the facade's Python-level loop over the same work gives the ratio.
"""
from __future__ import annotations

import random

import wec
from wec._core import bench
from wec.tools.signature import signature_position

POSITIONS = {"standard": "standard", "midgame": "midgame_40"}
"""The measured positions, by the AI signature's names (wec.tools.signature)."""


def load(name: str) -> wec.Game:
    return signature_position(POSITIONS[name])



def test_core_generate_standard(benchmark, figures):
    g = load("standard")
    n = benchmark.pedantic(bench.generate, args=(g._engine, 2000), rounds=5, iterations=1)
    figures.rate("core actions generated/s, standard", benchmark, n)


def test_core_generate_midgame(benchmark, figures):
    g = load("midgame")
    n = benchmark.pedantic(bench.generate, args=(g._engine, 2000), rounds=5, iterations=1)
    figures.rate("core actions generated/s, midgame", benchmark, n)


def test_core_make_unmake(benchmark, figures):
    g = load("standard")
    before = g.hash
    n = benchmark.pedantic(bench.make_unmake, args=(g._engine, 1500), rounds=5, iterations=1)
    assert g.hash == before and g.check() == []
    figures.rate("core make+unmake pairs/s, random walk", benchmark, n)


def test_facade_generate(benchmark, figures):
    g = load("standard")

    def run() -> int:
        total = 0
        for _ in range(20):
            g._legal_cache.clear()
            total += len(g.legal_actions())
        return total

    n = benchmark.pedantic(run, rounds=3, iterations=1)
    figures.rate("facade actions listed/s (Python objects)", benchmark, n)
    figures.ratio("ratio core / facade (action generation)",
                  "core actions generated/s, standard",
                  "facade actions listed/s (Python objects)")


def test_facade_apply_undo(benchmark, figures):
    g = load("standard")
    actions = g.legal_actions()

    def run() -> int:
        for a in actions:
            g.apply(a)
            g.undo()
        return len(actions)

    n = benchmark.pedantic(run, rounds=3, iterations=1)
    figures.rate("facade apply+undo pairs/s", benchmark, n)
    figures.ratio("ratio core / facade (apply+undo)",
                  "core make+unmake pairs/s, random walk",
                  "facade apply+undo pairs/s")
