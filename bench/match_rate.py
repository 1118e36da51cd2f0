"""Games per minute of `wec match` with 1 and 2 local workers: the process pool (1 is this
process) and a local Ray instance, the same games on each.

    .venv/bin/python bench/match_rate.py [--games 8] [--max-turns 40]

Ray's start-up (ray.init) is timed apart from the games; the ratio 2 workers / 1 worker is the
figure to compare across machines (this one has 2 cores)."""
from __future__ import annotations

import argparse
import os
import tempfile
import time

from wec.tools.match import Match


def _games_per_minute(games: int, max_turns: int, **where) -> tuple[float, str]:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "games.jsonl")
        started = time.perf_counter()
        match = Match("greedy", "random", games, 1.0, max_turns=max_turns, results_path=path,
                      **where)
        for _ in match.play():
            pass
        elapsed = time.perf_counter() - started
        with open(path, encoding="utf-8") as f:
            lines = [line.split(', "wall_seconds"')[0] for line in f]
    return games / elapsed * 60, "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=8)
    p.add_argument("--max-turns", type=int, default=40)
    args = p.parse_args()
    rows, files = [], []
    for processes in (1, 2):
        rate, lines = _games_per_minute(args.games, args.max_turns, processes=processes)
        rows.append((f"pool, {processes} worker(s)", rate, 0.0))
        files.append(lines)
    import ray
    from wec.tools.workers import RayWorkers
    for cpus in (1, 2):
        started = time.perf_counter()
        session = RayWorkers("local", cpus)
        start_up = time.perf_counter() - started
        try:
            rate, lines = _games_per_minute(args.games, args.max_turns, cluster="local")
        finally:
            session.close()
        assert not ray.is_initialized()
        rows.append((f"Ray local, {cpus} CPU(s)", rate, start_up))
        files.append(lines)
    print(f"{args.games} games greedy vs random, --max-turns {args.max_turns}; "
          f"load average {os.getloadavg()[0]:.1f}")
    for name, rate, start_up in rows:
        extra = f" (Ray start-up {start_up:.1f} s apart)" if start_up else ""
        print(f"{name}: {rate:.1f} games/min{extra}")
    print(f"2 / 1 workers: pool {rows[1][1] / rows[0][1]:.2f}, Ray {rows[3][1] / rows[2][1]:.2f}")
    print("same results file on every backend:", all(f == files[0] for f in files))


if __name__ == "__main__":
    main()
