"""The PettingZoo environment (wec.rl, docs/RL.md): PettingZoo's own API and seed tests, and
the conventions of its classic games played out on positions."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import wec.rl  # noqa: E402
from builders import piece, position  # noqa: E402
from wec.game.planes import SHAPE  # noqa: E402
from wec.openspiel import NUM_DISTINCT_ACTIONS, encode  # noqa: E402

W, B = "white", "black"


def test_pettingzoo_api_test():
    api_test(wec.rl.env(max_turns=12), num_cycles=200)


def test_pettingzoo_seed_test():
    seed_test(lambda: wec.rl.env(max_turns=12), num_cycles=100)


def king_hunt() -> dict:
    """White to move; its King stands beside Black's King (R11.1: taking it wins)."""
    return position(piece("K", W, 9, 9), piece("K", B, 10, 10), piece("FP", B, 7, 1))


def id_of(env, text: str) -> int:
    return encode(env.unwrapped.game, text)


def test_R6_1_a_turn_of_several_actions_keeps_the_agent_until_end_turn():
    env = wec.rl.env()
    env.reset(seed=3)
    assert env.agent_selection == B  # R1.4
    obs, *_ = env.last()
    mask = obs["action_mask"]
    assert mask.shape == (NUM_DISTINCT_ACTIONS,) and obs["observation"].shape == SHAPE
    assert mask.sum() == len(env.unwrapped.legal_actions()) > 0
    assert env.observe(W)["action_mask"].sum() == 0  # only the agent to act may act
    game = env.unwrapped.game
    move = next(a for a in game.legal_moves())
    env.step(id_of(env, str(move)))
    assert env.agent_selection == B  # the Move is made, the turn goes on (R6.1)
    env.step(id_of(env, "END"))
    assert env.agent_selection == W
    assert env.observe(B)["action_mask"].sum() == 0


def test_R11_1_taking_the_king_wins_plus_one_and_the_loser_gets_minus_one():
    env = wec.rl.env(position=king_hunt())
    env.reset()
    env.step(id_of(env, str(next(a for a in env.unwrapped.game.legal_moves()
                                 if a.dest[:2] == (10, 10)))))
    if not any(env.terminations.values()):
        env.step(id_of(env, "END"))
    assert all(env.terminations.values())
    assert env.rewards == {W: 1.0, B: -1.0}
    for agent in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated
        assert reward == (1.0 if agent == W else -1.0)
        env.step(None)
    assert env.agents == []


def test_an_illegal_action_ends_the_game_and_loses():
    env = wec.rl.env()
    env.reset(seed=0)
    legal = set(env.unwrapped.legal_actions())
    illegal = next(i for i in range(NUM_DISTINCT_ACTIONS) if i not in legal)
    env.step(illegal)  # PettingZoo logs "Illegal move made"
    assert all(env.terminations.values())
    assert env.rewards == {B: -1.0, W: 0.0}


def test_the_turn_cap_truncates_with_no_reward():
    env = wec.rl.env(max_turns=1)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(100):
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == []


def test_reset_with_a_seed_seeds_the_spaces():
    env = wec.rl.env()
    env.reset(seed=7)
    first = env.action_space(B).sample()
    env.reset(seed=7)
    assert env.action_space(B).sample() == first


def test_options_select_a_scenario_a_position_or_game_options():
    env = wec.rl.env(position=king_hunt(), game_options={"invisible_pieces": False})
    env.reset()
    assert env.agent_selection == W
    assert env.unwrapped.game.options.invisible_pieces is False
    env.reset(options={"position": None, "scenario": "standard", "game_options": None})
    assert env.agent_selection == B
    assert len(env.unwrapped.game.pieces()) > 3


def test_the_state_is_the_true_state_of_both_seats():
    env = wec.rl.env()
    env.reset()
    state = env.state()
    assert state.shape == (2 * SHAPE[0], *SHAPE[1:])
    assert env.unwrapped.state_space.contains(state)


def test_ansi_render_shows_the_board_as_the_agent_to_act_sees_it():
    env = wec.rl.env(render_mode="ansi")
    env.reset()
    text = env.render()
    game = env.unwrapped.game
    assert text == wec.game.textview.render(game.observation(B))
    env.step(id_of(env, str(next(a for a in game.legal_moves()))))
    env.step(id_of(env, "END"))
    assert env.render() == wec.game.textview.render(env.unwrapped.game.observation(W))
