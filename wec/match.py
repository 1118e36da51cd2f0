"""Engine matches: `wec match A B --games N --seconds S`.

Colour-balanced games in parallel processes. Games 2k and 2k+1 start from the same opening of
random Moves (one per turn, `opening_turns` turns, drawn with seed k) with the colours swapped, as
engine testers use opening books: two deterministic players (a node-capped level) would otherwise
play the same two games over and over. Games longer than the turn cap are adjudicated by
the evaluation; the score is reported with its Elo difference (95 % error bars from the
trinomial score variance) and a GSPRT verdict (the normal approximation used by Fishtest, see
M. Van den Bergh, "A practical introduction to the GSPRT").
"""
from __future__ import annotations

import math
import multiprocessing
import os
import random
from dataclasses import dataclass

from .ai import AI, DEFAULT_LEVEL, GreedyPlayer, RandomPlayer, search_values
from .errors import WecError
from .game import Game

OPENING_TURNS = 2
"""Random opening turns (one for each side) before the players take over: 130 x 130 openings
from the standard set-up."""


def make_player(spec: str, seconds: float, seed: int):
    """"random", "greedy", "ai", "ai:LEVEL" or "openspiel-mcts" (OpenSpiel extra)."""
    if spec == "random":
        return RandomPlayer(seed)
    if spec == "greedy":
        return GreedyPlayer(seed)
    if spec == "ai" or spec.startswith("ai:"):
        level = int(spec.split(":", 1)[1]) if ":" in spec else DEFAULT_LEVEL
        return AI(level=level, seconds=seconds, seed=seed)
    if spec == "openspiel-mcts":  # needs the extra: pip install .[openspiel]
        from .openspiel import MCTSPlayer
        return MCTSPlayer(seconds=seconds, seed=seed)
    raise ValueError(f"unknown player {spec!r}: random, greedy, ai, ai:LEVEL or openspiel-mcts")


@dataclass(frozen=True)
class GameResult:
    index: int
    a_color: str
    result: str | None      # "black" / "white" / "draw"
    turns: int
    adjudicated: bool
    score_a: float          # 1 win, 0.5 draw, 0 loss for player A


def opening(pair: int, turns: int) -> Game:
    """The opening of game pair `pair`: `turns` turns of a random Move then End Turn from the
    standard set-up (a turn whose side has no Move just ends), the same for both games of the
    pair."""
    rng = random.Random(f"opening:{pair}")
    game = Game.new()
    for _ in range(turns):
        if game.result is not None:
            break
        moves = sorted(game.legal_moves(), key=str)
        if moves:
            game.apply(rng.choice(moves))
        if game.result is None:
            game.end_turn()
    return game


def play_one(args: tuple) -> GameResult:
    index, a_spec, b_spec, seconds, max_turns, save_dir, opening_turns = args
    a_color = "black" if index % 2 == 0 else "white"
    players = {a_color: make_player(a_spec, seconds, 2 * index),
               ("white" if a_color == "black" else "black"): make_player(b_spec, seconds,
                                                                       2 * index + 1)}
    game = opening(index // 2, opening_turns)
    adjudicated = False
    while game.result is None and game.turn <= max_turns:
        try:
            game.apply(players[game.to_move].choose_action(game))
        except WecError as e:  # a player's defect: keep the game for diagnosis
            if save_dir:
                game.save(os.path.join(save_dir, f"game-{index:04d}-failed.json"))
            raise type(e)(f"game {index}, turn {game.turn}, {game.to_move} "
                          f"({players[game.to_move]!r}): {e}") from e
    result = game.result
    if result is None:  # adjudicate by the evaluation of the side to move
        adjudicated = True
        engine = game._engine
        engine.search_setup(search_values(), tt_bits=10, max_depth=2)
        score = engine.evaluate()
        if abs(score) < 300:
            result = "draw"
        else:
            result = game.to_move if score > 0 else ("white" if game.to_move == "black"
                                                     else "black")
    if save_dir:
        game.save(os.path.join(save_dir, f"game-{index:04d}.json"))
    score_a = 0.5 if result == "draw" else (1.0 if result == a_color else 0.0)
    return GameResult(index, a_color, result, game.turn, adjudicated, score_a)


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def summary(results: list[GameResult], elo0: float = 0.0, elo1: float = 100.0,
            alpha: float = 0.05, beta: float = 0.05) -> dict:
    n = len(results)
    wins = sum(r.score_a == 1 for r in results)
    draws = sum(r.score_a == 0.5 for r in results)
    losses = n - wins - draws
    mean = (wins + 0.5 * draws) / n
    var = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / n
    se = math.sqrt(var / n) if n else 0.0
    lo, hi = elo(mean - 1.96 * se), elo(mean + 1.96 * se)
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var) if var > 0 else (
        math.inf if mean > (s0 + s1) / 2 else -math.inf)
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    verdict = "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else "continue"
    return {"games": n, "wins": wins, "draws": draws, "losses": losses, "score": mean,
            "elo": elo(mean), "elo_low": lo, "elo_high": hi, "llr": llr,
            "bounds": (lower, upper), "sprt": verdict,
            "adjudicated": sum(r.adjudicated for r in results)}


def run_match(a: str, b: str, games: int, seconds: float, *, max_turns: int = 200,
              processes: int | None = None, save_dir: str | None = None,
              opening_turns: int = OPENING_TURNS) -> dict:
    make_player(a, seconds, 0)
    make_player(b, seconds, 0)  # bad names fail here, not in a worker
    if save_dir:
        os.makedirs(save_dir, exist_ok=True)
    jobs = [(i, a, b, seconds, max_turns, save_dir, opening_turns) for i in range(games)]
    processes = processes or max(1, min(games, os.cpu_count() or 1))
    if processes == 1:
        results = [play_one(job) for job in jobs]
    else:
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            results = pool.map(play_one, jobs)
    return summary(results)
