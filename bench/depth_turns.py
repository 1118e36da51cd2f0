"""How deep the default AI sees in its time: per signature position and time per turn, the
depth its search completed, in whole turns (own turn, the opponent's reply, ...), and its nodes.

    python bench/depth_turns.py [SECONDS ...]      (default: 1 2 4)

A turn's first decision gets the AI's share of the turn's time (SearchParams.move_share), as in
a game. Run on an idle machine: the depth reached depends on the nodes a second gives."""
from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from wec.ai import AI  # noqa: E402  (the checkout's wec, not an installed one)
from wec.tools.signature import SIGNATURE_POSITIONS, signature_position  # noqa: E402


def depth_in(name: str, seconds: float) -> tuple[int, int, int, float]:
    """(turns, depth, nodes, seconds used) of the default AI's first decision at `name`."""
    reports: list = []
    ai = AI(seconds=seconds, on_progress=reports.append)
    started = time.monotonic()
    ai.choose_action(signature_position(name))
    used = time.monotonic() - started
    last = reports[-1] if reports else None
    return (last.turns, last.depth, ai.last_nodes, used) if last else (0, 0, ai.last_nodes, used)


def main(argv: list[str]) -> int:
    times = [float(a) for a in argv] or [1.0, 2.0, 4.0]
    print(f"load average {os.getloadavg()[0]:.2f}")
    print("| position | s per turn | depth completed, turns | (depth) | nodes | s used |")
    print("|---|---|---|---|---|---|")
    try:
        for seconds in times:
            for name in SIGNATURE_POSITIONS:
                turns, depth, nodes, used = depth_in(name, seconds)
                print(f"| {name} | {seconds:g} | {turns} | ({depth}) | {nodes:,} | {used:.2f} |",
                      flush=True)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
