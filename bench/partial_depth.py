"""What a cut-short iteration is worth: from the signature positions and the AI-game positions in
bench/positions, the action the default level's search chooses within a node budget
(iterative deepening as the AI runs it: the previous best first, a cut-short iteration counted
once its first action is done) against the choice of a whole search to DEPTH turns, the
search's choice with more time. Node budgets stand for time, whatever the machine's load.

    python bench/partial_depth.py [DEPTH] [BUDGETS_MILLIONS] [CAP_MILLIONS] [FIELD=VALUE ...]

DEPTH (default 4) is the reference depth in turns, BUDGETS a comma list (default 0.5,1,2,4),
CAP (default 40) the reference search's node cap (a position whose reference does not finish
is left out). FIELD is a switch of the core's Searcher (e.g. root_order=1): the budgeted
searches run with the default's switches and then with these (the reference is the default
search's). Prints per position the reference and, per budget and arm, the deepest iteration
begun and the choice ("=" when it is the reference's), then per budget and arm the positions
that agree with the reference and those whose choice differs from the budget's own last
complete iteration (what the cut-short part changed)."""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import wec
from wec._core.searcher import Searcher
from wec.ai.params import DEFAULT_PARAMS
from wec.ai.search import DEFAULT_LEVEL, LEVELS, turn_flags
from wec.ai.weights import search_values
from wec.tools.signature import SIGNATURE_POSITIONS, signature_position

POSITIONS = Path(__file__).resolve().parent / "positions"


def deepen(game: wec.Game, flags: dict[str, Any], deepest: int,
           budget: int) -> tuple[int, int, int, bool]:
    """Iterative deepening as the AI runs it: (chosen index, deepest iteration begun, the
    index its last complete iteration chose, whether `deepest` completed)."""
    level = LEVELS[DEFAULT_LEVEL]
    search = Searcher(game._engine, search_values(), tt_bits=20, qdepth=level.quiescence,
                      max_depth=40, **flags)
    search.reset()
    best = complete_best = -1
    depth = 0
    for depth in range(1, deepest + 1):
        index, _, complete, _ = search.iteration(depth, best, budget, 0.0)
        if index >= 0:
            best = index
        if not complete:
            return best, depth, complete_best, False
        complete_best = index
    return best, depth, complete_best, True


def main(argv: list[str]) -> None:
    deepest = int(argv[0]) if argv else 4
    budgets = [int(float(b) * 1e6) for b in (argv[1] if len(argv) > 1 else "0.5,1,2,4").split(",")]
    cap = int(float(argv[2]) * 1e6) if len(argv) > 2 else 40_000_000
    base = turn_flags(LEVELS[DEFAULT_LEVEL], DEFAULT_PARAMS)
    changes = {k: int(v) for k, v in (a.split("=") for a in argv[3:])}
    arms = {"default": base, " ".join(argv[3:]): {**base, **changes}} if changes else {
        "default": base}
    games = [(name, signature_position(name)) for name in SIGNATURE_POSITIONS]
    games += [(p.stem, wec.Game.from_position(str(p))) for p in sorted(POSITIONS.glob("*.json"))]
    agree = {(a, b): 0 for a in arms for b in budgets}
    changed = {(a, b): 0 for a in arms for b in budgets}
    counted = 0
    started = time.process_time()
    for name, game in games:
        ref, _, _, done = deepen(game, base, deepest, cap)
        if not done:
            print(f"{name:12s} reference unfinished in {cap / 1e6:.0f} M nodes: left out")
            continue
        counted += 1
        row = []
        for arm, flags in arms.items():
            for b in budgets:
                chosen, depth, last_complete, _ = deepen(game, flags, deepest, b)
                agree[arm, b] += chosen == ref
                changed[arm, b] += chosen != last_complete
                row.append(f"{b / 1e6:g}M:d{depth}#{chosen}{'=' if chosen == ref else ''}")
            row.append("|")
        print(f"{name:12s} ref #{ref}", " ".join(row[:-1]), flush=True)
    for arm in arms:
        print(f"{arm}: {counted} positions; agree with depth {deepest}:",
              " ".join(f"{b / 1e6:g}M {agree[arm, b]}" for b in budgets),
              "| the cut-short iteration changed the choice:",
              " ".join(f"{b / 1e6:g}M {changed[arm, b]}" for b in budgets))
    print(f"{time.process_time() - started:.0f} s CPU")


if __name__ == "__main__":
    main(sys.argv[1:])
