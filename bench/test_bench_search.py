"""Search speed (issue: a strong computer opponent): nodes per second of the core's alpha-beta
with its quiescence, and a deterministic node-count signature over fixed positions (the
Stockfish "bench" idea: a functional change of search or evaluation changes the signature)."""
from __future__ import annotations

from wec.tools.signature import signature


def test_search_signature_and_speed(benchmark, figures):
    first = signature()
    result = benchmark.pedantic(signature, rounds=3, iterations=1)
    assert result == first  # deterministic
    figures["search signature: nodes (3 positions, depth 2 + quiescence)"] = float(first[0])
    figures.rate("search nodes/s", benchmark, first[0])
