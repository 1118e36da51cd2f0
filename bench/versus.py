"""The core of this checkout against the core of another build, in one run.

    python bench/versus.py BASE_DIR [--rounds 4]

BASE_DIR is a checkout whose extensions are built in place (for example
`git worktree add ../base <rev> && cd ../base && python setup.py build_ext --inplace`).
Each round runs, in a fresh process per build and interleaved (so that a busy machine slows
both alike), the AI search signature (nodes/s) and perft 3 from the standard set-up
(leaves/s). CPU time of the process; the best round of each build counts.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

PROBE = r"""
import json, time, wec
try:
    from wec.tools.signature import signature
except ImportError:  # a build from before the signature moved to wec.tools
    from wec.ai import signature
t = time.thread_time(); nodes, best = signature(); search = time.thread_time() - t
g = wec.Game.new(wec.Options(invisible_pieces=False))
t = time.thread_time(); leaves = wec.perft(g, 3); perft = time.thread_time() - t
print(json.dumps({"nodes": nodes, "best": best, "nodes_s": nodes / search,
                  "leaves": leaves, "leaves_s": leaves / perft, "file": wec.__file__}))
"""


def probe(root: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=root, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", type=Path, help="a checkout of the base build, extensions built")
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args(argv)
    here = Path(__file__).resolve().parent.parent
    rows: dict[str, list[dict]] = {"this": [], "base": []}
    builds = [("this", here), ("base", args.base.resolve())]
    for r in range(args.rounds):
        for name, root in (builds if r % 2 == 0 else builds[::-1]):  # who goes first alternates
            rows[name].append(probe(root))
        print(f"round {r + 1}/{args.rounds}", file=sys.stderr)
    best = {name: {k: max(x[k] for x in v) for k in ("nodes_s", "leaves_s")}
            for name, v in rows.items()}
    for name in rows:
        x = rows[name][0]
        print(f"{name}: {x['file']}  signature {x['nodes']} nodes / best {x['best']}, "
              f"search {best[name]['nodes_s'] / 1e3:.0f} k nodes/s, "
              f"perft 3 {best[name]['leaves_s'] / 1e6:.1f} M leaves/s")
    print(f"ratio this/base: search nodes/s {best['this']['nodes_s'] / best['base']['nodes_s']:.2f}, "
          f"perft leaves/s {best['this']['leaves_s'] / best['base']['leaves_s']:.2f}")
    # the machine's speed drifts by 1.5x over minutes: the two builds of one round met the same
    # machine, so the median of the rounds' own ratios is the steadier figure
    for key, what in (("nodes_s", "search nodes/s"), ("leaves_s", "perft leaves/s")):
        paired = sorted(t[key] / b[key] for t, b in zip(rows["this"], rows["base"]))
        print(f"paired rounds, {what}: median {statistics.median(paired):.2f} "
              f"(from {paired[0]:.2f} to {paired[-1]:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
