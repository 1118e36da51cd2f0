"""Nodes of each iteration of the default level's search at fixed depths (in turns), from the
signature positions and the AI-game positions in bench/positions (turns 10, 20 and 30 of four
seeded AI games): the search's cost of a turn more, whatever the machine's load.

    python bench/depth_nodes.py [DEPTH] [CAP_MILLIONS] [FIELD=VALUE ...]

DEPTH (default 4) is the deepest iteration; an iteration stops at CAP_MILLIONS nodes (default
15; a "+" marks it unfinished, "#-1" that not even its first root action finished); FIELD is a
switch of the core's Searcher (e.g. late_moves=0 deep_reductions=0 aim_order=0: the search
before late move pruning). Prints, per position, the nodes after each iteration and the best
action's index, then the totals and geometric means."""
from __future__ import annotations

import math
import sys
import time
from pathlib import Path

import wec
from wec._core.searcher import Searcher
from wec.ai.params import DEFAULT_PARAMS
from wec.ai.search import DEFAULT_LEVEL, LEVELS, turn_flags
from wec.ai.weights import search_values
from wec.tools.signature import SIGNATURE_POSITIONS, signature_position

POSITIONS = Path(__file__).resolve().parent / "positions"


def main(argv: list[str]) -> None:
    deepest = int(argv[0]) if argv else 4
    cap = int(float(argv[1]) * 1e6) if len(argv) > 1 else 15_000_000
    level = LEVELS[DEFAULT_LEVEL]
    flags = turn_flags(level, DEFAULT_PARAMS)
    flags.update({k: int(v) for k, v in (a.split("=") for a in argv[2:])})
    games = [(name, signature_position(name)) for name in SIGNATURE_POSITIONS]
    games += [(p.stem, wec.Game.from_position(str(p))) for p in sorted(POSITIONS.glob("*.json"))]
    totals: dict[int, int] = {}
    logs: dict[int, float] = {}
    started = time.process_time()
    for name, game in games:
        search = Searcher(game._engine, search_values(), tt_bits=20, qdepth=level.quiescence,
                          max_depth=40, **flags)
        search.reset()
        index, row = -1, []
        for depth in range(1, deepest + 1):
            index, _, complete, used = search.iteration(depth, index, cap, 0.0)
            row.append(f"{used / 1e6:.2f}{'' if complete else '+'}#{index}")
            totals[depth] = totals.get(depth, 0) + used
            logs[depth] = logs.get(depth, 0.0) + math.log(max(used, 1))
            if not complete:
                break
        print(f"{name:12s}", " ".join(row), flush=True)
    print("total", " ".join(f"d{d}={n / 1e6:.2f}M" for d, n in totals.items()),
          "| geometric mean", " ".join(f"d{d}={math.exp(v / len(games)) / 1e3:.0f}k"
                                       for d, v in logs.items()),
          f"| {time.process_time() - started:.0f} s CPU")


if __name__ == "__main__":
    main(sys.argv[1:])
