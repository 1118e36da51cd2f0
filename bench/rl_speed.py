"""Random masked play with the observation built at every step: wec.rl beside PettingZoo's chess.

    python bench/rl_speed.py [SECONDS]

Needs the extra `rl` and, for the chess env, python-chess and pygame (bench dependencies, not
the extra's: `pip install chess pygame`). Prints, for each env: PettingZoo's own
`performance_benchmark` (5 s; it draws each action with `np.flatnonzero` over the whole mask),
and the same loop drawing from the legal ids (for wec.rl `legal_actions()`, the mask's non-zero
places, read without scanning its 5.9 M entries), timed in CPU seconds of this process.
performance_benchmark times the wall clock: run it on an idle machine."""
from __future__ import annotations

import contextlib
import io
import random
import re
import sys
import time
from typing import Any, Callable

from pettingzoo.test import performance_benchmark

import wec.rl


def pettingzoo_rate(env: Any) -> float:
    """Turns (steps) per second by pettingzoo.test.performance_benchmark."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(env)
    return float(re.search(r"([\d.]+) turns per second", out.getvalue()).group(1))


def loop_rate(env: Any, legal: Callable[[Any, Any], list[int]], seconds: float) -> float:
    """Steps per CPU second of random play (process time: what one core does, whatever else
    the machine runs): env.last() (the observation with its mask) at every step, an action
    drawn uniformly from the legal ones."""
    rng = random.Random(0)
    env.reset(seed=0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        env.step(rng.choice(legal(env, obs)))
        steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    rows = [("wec.rl.env() (standard, max_turns 200)", wec.rl.env,
             lambda env, obs: env.unwrapped.legal_actions()),
            ("wec.rl.raw_env() (no wrappers)", wec.rl.raw_env,
             lambda env, obs: env.legal_actions())]
    try:
        from pettingzoo.classic import chess_v6  # bench dependency: python-chess, pygame
        rows.append(("PettingZoo chess_v6", chess_v6.env,
                     lambda env, obs: [int(i) for i in obs["action_mask"].nonzero()[0]]))
    except ImportError as e:
        print(f"chess_v6 skipped: {e}")
    for name, make, legal in rows:
        own = loop_rate(make(), legal, seconds)
        theirs = pettingzoo_rate(make())
        print(f"{name}: random masked play {own:,.0f} steps per CPU second; "
              f"performance_benchmark {theirs:,.0f} turns/s (wall clock)")


if __name__ == "__main__":
    main()
