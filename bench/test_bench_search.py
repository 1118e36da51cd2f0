"""Search speed (issue: a strong computer opponent): nodes per second of the core's alpha-beta,
and a deterministic node-count signature over fixed positions (the Stockfish "bench" idea:
a functional change of search or evaluation changes the signature)."""
from __future__ import annotations

from pathlib import Path

import wec
from wec.ai import search_values

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "positions"


def signature() -> tuple[int, int]:
    """Nodes and summed best indices of a depth-3 search on three fixed positions."""
    nodes = best = 0
    for pos in (None, DATA / "midgame_40.json", DATA / "crowded.json"):
        g = wec.Game.new() if pos is None else wec.Game.from_position(str(pos))
        e = g._engine
        e.search_setup(search_values(), tt_bits=18)
        e.search_reset()
        for depth in (1, 2, 3):
            index, _, complete, used = e.search_iteration(depth, -1, 0, 0.0)
            assert complete
        nodes += used
        best += index
    return nodes, best


def test_search_signature_and_speed(benchmark, figures):
    first = signature()
    result = benchmark.pedantic(signature, rounds=3, iterations=1)
    assert result == first  # deterministic
    figures["search signature: nodes (3 positions, depth 3)"] = float(first[0])
    figures.rate("search nodes/s", benchmark, first[0])
