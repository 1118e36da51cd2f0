"""The single-agent Gymnasium environment (wec.rl.SingleAgentEnv): one side against a fixed
opponent, the opponent's actions played inside step."""
from __future__ import annotations

import numpy as np
import pytest

from wec.game.position import position_dict

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from wec.ai.player import RandomPlayer  # noqa: E402
from wec.rl import SingleAgentEnv  # noqa: E402


def play_out(env: SingleAgentEnv, seed: int) -> tuple[float, bool, bool, int]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        assert env.aec.agent_selection == env.side
        legal = np.flatnonzero(env.action_masks())
        assert np.array_equal(legal, np.flatnonzero(obs["action_mask"]))
        assert env.legal_actions() == legal.tolist()
        obs, reward, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        total, steps = total + reward, steps + 1
        if terminated or truncated:
            return total, terminated, truncated, steps


def test_gymnasiums_env_checker_passes():
    check_env(SingleAgentEnv(max_turns=4), skip_render_check=True)


@pytest.mark.parametrize("side", ["black", "white"])
def test_R1_4_the_agent_acts_on_its_own_turns_only(side):
    env = SingleAgentEnv(side=side, max_turns=4)
    env.reset(seed=1)
    assert env.aec.agent_selection == side
    assert env.aec.game.turn == (1 if side == "black" else 2)  # White's first turn is turn 2
    total, terminated, truncated, steps = play_out(env, seed=1)
    assert truncated and not terminated and total == 0.0 and steps >= 2


def test_an_illegal_action_loses_minus_one():
    env = SingleAgentEnv()
    env.reset(seed=0)
    legal = set(env.aec.legal_actions())
    illegal = next(i for i in range(10**6) if i not in legal)
    _, reward, terminated, _, _ = env.step(illegal)
    assert reward == -1.0 and terminated


def test_an_opponent_that_reads_the_facade_game():
    env = SingleAgentEnv(side="white", opponent=RandomPlayer(seed=3), max_turns=4)
    total, _, truncated, _ = play_out(env, seed=2)
    assert truncated and total == 0.0
    # the same state; the sightings are the facade game's alone (the environment's own game is
    # played on the core and keeps no knowledge: its planes track what each side saw)
    full, fast = env.aec.facade_game(), env.aec.game
    core_state = position_dict(fast._engine, fast.options)
    assert {k: v for k, v in full.position().items() if k != "sightings"} == core_state
    assert full.hash == fast.hash
