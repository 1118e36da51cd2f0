"""The search's node-count signature (the Stockfish "bench" idea): nodes and best actions of a
fixed-depth search from fixed positions. Any functional change of the search or the evaluation
changes it; `wec bench` prints it. The positions ship with the package (data/positions)."""
from __future__ import annotations

from pathlib import Path

from wec.ai.search import fixed_depth_search
from wec.game.game import Game

POSITIONS = Path(__file__).resolve().parent / "data" / "positions"
"""The signature's position files (package data)."""
SIGNATURE_POSITIONS = ("standard", "midgame_40", "crowded")
"""The fixed positions of the signature: the standard set-up and two files of POSITIONS."""


def signature_position(name: str) -> Game:
    """One of SIGNATURE_POSITIONS as a game."""
    return Game.new() if name == "standard" else \
        Game.from_position(str(POSITIONS / f"{name}.json"))


def signature(depth: int = 2, positions: list[Game] | None = None) -> tuple[int, int]:
    """The search's deterministic signature: total nodes and the summed best-action indices of
    a fixed-depth search (with the default level's quiescence) from each position
    (SIGNATURE_POSITIONS by default)."""
    if positions is None:
        positions = [signature_position(name) for name in SIGNATURE_POSITIONS]
    nodes = best = 0
    for game in positions:
        used, index = fixed_depth_search(game, depth)
        nodes += used
        best += index
    return nodes, best
