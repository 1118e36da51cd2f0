"""Tune the evaluation weights by self-play (SPSA: simultaneous perturbation stochastic
approximation, J. C. Spall 1992).

Each iteration perturbs every tunable weight by +/- its step at random, plays colour-balanced
games between the "+" and the "-" engines, and moves the weights towards the better side.

    python -m wec.tune --iterations 50 --games 8 --nodes 3000 --out tuned.json

The result is a table for `wec.AI(table=...)` (and to copy into wec/weights.py once a match
confirms it is stronger).
"""
from __future__ import annotations

import argparse
import copy
import json
import random

from . import weights
from .ai import AI, DEFAULT_LEVEL
from .game import Game

TUNABLE = ("pieces", "articles", "weights")
FIXED = {("weights", "win")}


def _keys(table: dict) -> list[tuple[str, str]]:
    return [(part, name) for part in TUNABLE for name in table[part]
            if (part, name) not in FIXED and not (part == "pieces" and table[part][name] == 0)]


def play(plus: dict, minus: dict, games: int, nodes: int, max_turns: int, seed: int) -> float:
    """Score of the "+" table over colour-balanced games (1 win, 0.5 draw or unfinished)."""
    total = 0.0
    for g in range(games):
        plus_color = "black" if g % 2 == 0 else "white"
        other = "white" if plus_color == "black" else "black"
        players = {plus_color: AI(level=DEFAULT_LEVEL, seconds=None, nodes=nodes, table=plus,
                                  seed=seed + g),
                   other: AI(level=DEFAULT_LEVEL, seconds=None, nodes=nodes, table=minus,
                             seed=seed + g)}
        game = Game.new()
        while game.result is None and game.turn <= max_turns:
            game.apply(players[game.to_move].choose_action(game))
        total += 0.5 if game.result in (None, "draw") else float(game.result == plus_color)
    return total / games


def spsa(iterations: int, games: int, nodes: int, max_turns: int = 120, seed: int = 0,
         step: float = 0.1, rate: float = 0.5, start: dict | None = None) -> dict:
    rng = random.Random(seed)
    table = copy.deepcopy(start or weights.table())
    keys = _keys(table)
    for it in range(iterations):
        signs = {k: rng.choice((-1, 1)) for k in keys}
        plus, minus = copy.deepcopy(table), copy.deepcopy(table)
        for (part, name), s in signs.items():
            delta = max(1.0, abs(table[part][name]) * step)
            plus[part][name] = table[part][name] + s * delta
            minus[part][name] = table[part][name] - s * delta
        score = play(plus, minus, games, nodes, max_turns, seed + 1000 * it)
        for (part, name), s in signs.items():
            delta = max(1.0, abs(table[part][name]) * step)
            table[part][name] = max(0.0, table[part][name] + rate * (score - 0.5) * 2 * s * delta)
    return table


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m wec.tune", description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, default=20)
    p.add_argument("--games", type=int, default=4, help="per iteration (even)")
    p.add_argument("--nodes", type=int, default=3000, help="search nodes per action")
    p.add_argument("--max-turns", type=int, default=120)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="tuned-weights.json")
    args = p.parse_args(argv)
    table = spsa(args.iterations, args.games, args.nodes, args.max_turns, args.seed)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(table, f, indent=1)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
