"""Full action generation and make/unmake speed (issue: Engine core II).

Targets: >= 1 million legal actions generated per second and >= 1 million make+unmake pairs per
second in the core; the facade's Python-level loop over the same work gives the ratio.
"""
from __future__ import annotations

import random
from pathlib import Path

import wec

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "positions"
POSITIONS = {"standard": None, "midgame": DATA / "midgame_40.json"}


def load(name: str) -> wec.Game:
    path = POSITIONS[name]
    return wec.Game.new() if path is None else wec.Game.from_position(str(path))


def _rate(benchmark, n: int) -> float:
    return n / benchmark.stats.stats.min


def test_core_generate_standard(benchmark, figures):
    g = load("standard")
    n = benchmark.pedantic(g._engine.bench_generate, args=(2000,), rounds=5, iterations=1)
    figures["core actions generated/s, standard"] = _rate(benchmark, n)


def test_core_generate_midgame(benchmark, figures):
    g = load("midgame")
    n = benchmark.pedantic(g._engine.bench_generate, args=(2000,), rounds=5, iterations=1)
    figures["core actions generated/s, midgame"] = _rate(benchmark, n)


def test_core_make_unmake(benchmark, figures):
    g = load("standard")
    before = g.hash
    n = benchmark.pedantic(g._engine.bench_make_unmake, args=(1500,), rounds=5, iterations=1)
    assert g.hash == before and g.check() == []
    figures["core make+unmake pairs/s, random walk"] = _rate(benchmark, n)


def test_facade_generate(benchmark, figures):
    g = load("standard")

    def run() -> int:
        total = 0
        for _ in range(20):
            g._legal_cache.clear()
            total += len(g.legal_actions())
        return total

    n = benchmark.pedantic(run, rounds=3, iterations=1)
    figures["facade actions listed/s (Python objects)"] = _rate(benchmark, n)
    core = figures.get("core actions generated/s, standard")
    if core:
        figures["ratio core / facade (action generation)"] = core / figures[
            "facade actions listed/s (Python objects)"]


def test_facade_apply_undo(benchmark, figures):
    g = load("standard")
    actions = g.legal_actions()

    def run() -> int:
        for a in actions:
            g.apply(a)
            g.undo()
        return len(actions)

    n = benchmark.pedantic(run, rounds=3, iterations=1)
    figures["facade apply+undo pairs/s"] = _rate(benchmark, n)
    core = figures.get("core make+unmake pairs/s, random walk")
    if core:
        figures["ratio core / facade (apply+undo)"] = core / figures["facade apply+undo pairs/s"]
