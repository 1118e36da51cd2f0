"""OpenSpiel binding speed (wec.openspiel): state actions per second through pyspiel, and
MCTSBot simulations per second (random rollouts on the engine)."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install '.[openspiel]')")

import pyspiel  # noqa: E402

import wec.openspiel as wo  # noqa: E402


def test_openspiel_random_play(benchmark, figures):
    game = pyspiel.load_game(wo.GAME_NAME, {"max_turns": 20})

    def play() -> int:
        rng = random.Random(3)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    n = benchmark.pedantic(play, rounds=3, iterations=1)
    figures.rate("openspiel: actions/s (legal_actions + apply_action)", benchmark, n)


def test_openspiel_mcts_simulations(benchmark, figures):
    game = pyspiel.load_game(wo.GAME_NAME, {"max_turns": 200})
    state = game.new_initial_state()
    bot = wo.TimedMCTSBot(game, 1.0, seed=0)
    bot.max_simulations = 50

    def search() -> int:
        bot.rate = None  # keep max_simulations fixed
        return bot.mcts_search(state).explore_count

    n = benchmark.pedantic(search, rounds=2, iterations=1)
    figures.rate("openspiel: MCTS simulations/s (standard set-up, 200-turn cap)", benchmark, n)


def test_openspiel_information_state_at_100_actions(benchmark, figures):
    """The perfect-recall history (wec.game.recall) of a 100-action game encoded from nothing,
    per call: the observer's tensor, without pyspiel's copy into a Python list."""
    game = pyspiel.load_game(wo.GAME_NAME, {"max_turns": 200})
    rng = random.Random(1)
    state = game.new_initial_state()
    for _ in range(100):
        state.apply_action(rng.choice(state.legal_actions()))
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 0)  # the facade's and the planes' replays, paid once

    def encode() -> int:
        state._recalls.value = None  # encode every step again
        observer.set_from(state, 0)
        return 1

    benchmark.pedantic(encode, rounds=20, iterations=1)
    figures.rate("openspiel: information states/s at 100 actions (history encoded anew)",
                 benchmark, 1)
