"""Tune the evaluation weights by self-play (SPSA: simultaneous perturbation stochastic
approximation, J. C. Spall 1992).

Each iteration perturbs every tunable weight by +/- its step at random, plays colour-balanced
games between the "+" and the "-" engines, and moves the weights towards the better side.

    python -m wec.tools.tune --iterations 50 --games 8 --nodes 3000 --out tuned.json

The result is a table for `wec.AI(table=...)` (and to copy into wec/ai/weights.py once a match
confirms it is stronger).
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
from typing import Any, Callable

from wec.ai import weights
from wec.ai import AI, DEFAULT_LEVEL
from wec.game.errors import WecError
from wec.game.game import Game
from wec.tools.cliargs import Parser, count
from wec.tools.progress import progress_bar
from wec.tools.workers import SerialWorkers, Workers, check_cluster, workers

TUNABLE = ("pieces", "articles", "weights")
FIXED = {("weights", "win")}


def _keys(table: dict) -> list[tuple[str, str]]:
    return [(part, name) for part in TUNABLE for name in table[part]
            if (part, name) not in FIXED and not (part == "pieces" and table[part][name] == 0)]


def play_game(job: tuple) -> float:
    """Score of the "+" table in game `g` of an iteration (1 win, 0.5 draw or unfinished): the
    task a worker plays. Even games give "+" Black, odd ones White; both engines of game `g`
    search with seed `seed + g`, so the game depends on its job alone."""
    g, plus, minus, nodes, max_turns, seed = job
    plus_color = "black" if g % 2 == 0 else "white"
    other = "white" if plus_color == "black" else "black"
    players = {plus_color: AI(level=DEFAULT_LEVEL, seconds=None, nodes=nodes, table=plus,
                              seed=seed + g),
               other: AI(level=DEFAULT_LEVEL, seconds=None, nodes=nodes, table=minus,
                         seed=seed + g)}
    game = Game.new()
    while game.result is None and game.turn <= max_turns:
        game.apply(players[game.to_move].choose_action(game))
    return 0.5 if game.result in (None, "draw") else float(game.result == plus_color)


def play(plus: dict, minus: dict, games: int, nodes: int, max_turns: int, seed: int,
         on_game: Callable[[], None] | None = None, runner: Workers | None = None) -> float:
    """Score of the "+" table over colour-balanced games, played as one batch by `runner`
    (default: one after the other here). The sum of halves is exact in any order, so the
    score does not depend on which game finishes first."""
    jobs = [(g, plus, minus, nodes, max_turns, seed) for g in range(games)]
    total = 0.0
    for score in (runner or SerialWorkers()).run(play_game, jobs):
        total += score
        if on_game:
            on_game()
    return total / games


def spsa(iterations: int, games: int, nodes: int, max_turns: int = 120, seed: int = 0,
         step: float = 0.1, rate: float = 0.5, start: dict | None = None, first: int = 0,
         on_iteration: Callable[[int, dict, float], None] | None = None,
         on_game: Callable[[], None] | None = None, runner: Workers | None = None) -> dict:
    """Iterations `first` .. `iterations` - 1 from the table `start` (default: wec.ai.weights).
    Each iteration draws its perturbation from its own seed, so a run resumed from a checkpoint
    (its table and `first`) continues exactly as the uninterrupted run would have.
    `on_iteration(done, table, score)` is called after each iteration, `on_game()` after each
    game. `runner` (wec.tools.workers) plays each iteration's games at once; the result is the same
    on any backend and any number of workers."""
    table = copy.deepcopy(start or weights.table())
    keys = _keys(table)
    for it in range(first, iterations):
        rng = random.Random(f"spsa:{seed}:{it}")
        signs = {k: rng.choice((-1, 1)) for k in keys}
        plus, minus = copy.deepcopy(table), copy.deepcopy(table)
        for (part, name), s in signs.items():
            delta = max(1.0, abs(table[part][name]) * step)
            plus[part][name] = table[part][name] + s * delta
            minus[part][name] = table[part][name] - s * delta
        score = play(plus, minus, games, nodes, max_turns, seed + 1000 * it, on_game, runner)
        for (part, name), s in signs.items():
            delta = max(1.0, abs(table[part][name]) * step)
            table[part][name] = max(0.0, table[part][name] + rate * (score - 0.5) * 2 * s * delta)
        if on_iteration:
            on_iteration(it + 1, table, score)
    return table


# --- checkpoints: the table after every iteration, to resume an interrupted run -----------------

CHECKPOINT_FORMAT = "wec-tune-checkpoint"


def _write_json(path: str, data: Any) -> None:
    """Write whole or not at all: a Ctrl-C or a crash mid-write leaves the previous file."""
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, path)


def write_checkpoint(path: str, settings: dict, done: int, table: dict,
                     scores: list[float]) -> None:
    _write_json(path, {"format": CHECKPOINT_FORMAT, "settings": settings, "iterations": done,
                       "scores": scores, "table": table})


def read_checkpoint(path: str, settings: dict) -> tuple[int, dict, list[float]] | None:
    """(iterations done, table, scores) of a checkpoint of the same run, None if there is no
    checkpoint; a TuneError if it is unreadable or from another run."""
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if data.get("format") != CHECKPOINT_FORMAT:
            raise ValueError(f"format is {str(data.get('format'))[:80]!r}")
        done, table, scores = int(data["iterations"]), data["table"], list(data["scores"])
        same = data["settings"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise TuneError(f"{path} is not a tuning checkpoint ({type(e).__name__}: "
                        f"{str(e)[:80]}): delete it or choose another --out") from None
    if same != settings:
        raise TuneError(f"{path} is a checkpoint of another run ({same}); this one is "
                        f"{settings}: delete it or choose another --out")
    return done, table, scores


class TuneError(WecError, ValueError):
    """A checkpoint that cannot be resumed; the message names the file."""


def main(argv: list[str] | None = None) -> int:
    doc = __doc__ or ""
    p = Parser(prog="python -m wec.tools.tune",
                                description=" ".join(doc.split("\n\n")[0].split()),
                                epilog="Every iteration writes the table to --out and a "
                                       "checkpoint to OUT.checkpoint.json; the same command "
                                       "resumes an interrupted run, and a larger --iterations "
                                       "continues a finished one.")
    p.add_argument("--iterations", type=count(1), default=20)
    p.add_argument("--games", type=count(2), default=4, help="per iteration (even)")
    p.add_argument("--nodes", type=count(1), default=3000, help="search nodes per action")
    p.add_argument("--max-turns", type=count(1), default=120)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="tuned-weights.json",
                   help="the tuned table (for wec.AI(table=...)), written every iteration")
    p.add_argument("--processes", type=count(1), default=None,
                   help="games at once on this machine (default: one per CPU, at most --games; "
                        "with --cluster local, the CPUs Ray may use)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="play each iteration's games as Ray tasks: 'local' starts Ray on this "
                        "machine, HOST:PORT (or 'auto') joins a running cluster; needs pip "
                        "install 'wec[cluster]'")
    args = p.parse_args(argv)
    if args.games % 2:
        p.error(f"argument --games: {args.games} is odd; colour-balanced games come in pairs")
    try:
        return _run(args)
    except (WecError, OSError) as e:
        print(f"python -m wec.tools.tune: {e}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    checkpoint = f"{args.out}.checkpoint.json"
    settings = {"games": args.games, "nodes": args.nodes, "max_turns": args.max_turns,
                "seed": args.seed}
    if args.cluster is not None:
        check_cluster(args.cluster)  # Ray missing or a malformed address: before anything else
    resumed = read_checkpoint(checkpoint, settings)
    first, start, scores = resumed if resumed else (0, None, [])
    if first >= args.iterations:
        print(f"{checkpoint}: all {first} iterations are done; {args.out} holds the table "
              "(a larger --iterations goes on)")
        return 0
    if first:
        print(f"resuming from iteration {first + 1} of {args.iterations} ({checkpoint})")
    bar = progress_bar(args.iterations * args.games, f"iteration {first + 1}/{args.iterations}",
                       "game", initial=first * args.games)

    def iteration_done(done: int, table: dict, score: float) -> None:
        scores.append(round(score, 4))
        _write_json(args.out, table)
        write_checkpoint(checkpoint, settings, done, table, scores)
        bar.set_description(f"iteration {min(done + 1, args.iterations)}/{args.iterations}")
        bar.set_postfix_str(f"last score of + {score:.3f}")

    runner = workers(args.processes, args.cluster, args.games)
    try:
        spsa(args.iterations, args.games, args.nodes, args.max_turns, args.seed, start=start,
             first=first, on_iteration=iteration_done, on_game=lambda: bar.update(1),
             runner=runner)
    except KeyboardInterrupt:
        bar.close()
        print(f"\npython -m wec.tools.tune: interrupted; {len(scores)} iterations are in {checkpoint}:"
              " the same command resumes", file=sys.stderr)
        return 130
    finally:
        runner.close()
    bar.close()
    print(f"wrote {args.out} ({args.iterations} iterations; checkpoint {checkpoint})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
