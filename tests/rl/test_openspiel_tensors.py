"""The OpenSpiel binding's tensors are the planes of wec.game.planes (docs/RL.md): the same as
the PettingZoo environment's, and an information state that adds the side's own history."""
from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import wec.openspiel as wo  # noqa: E402
from wec.game.planes import SHAPE, Views  # noqa: E402


def play(state, n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_R10_6_the_observation_tensor_is_the_sides_planes():
    game = pyspiel.load_game(wo.GAME_NAME, {"max_turns": 30, "scenario": "stealth_duel"})
    state = play(game.new_initial_state(), 60, seed=4)
    full = state.full_game()
    replay = wo.Game.from_position(game.initial_position)
    views = Views(replay._engine, 30)
    for action in full.actions():
        replay.apply(action)
        views.update(replay._engine)
    assert game.observation_tensor_size() == int(np.prod(SHAPE))
    for player in (0, 1):
        tensor = np.array(state.observation_tensor(player)).reshape(SHAPE)
        assert np.array_equal(tensor, views.planes(replay._engine, player))
        assert np.array_equal(tensor.ravel(), state.clone().observation_tensor(player))


def test_planes_kept_action_by_action_equal_those_replayed_when_first_asked():
    game = pyspiel.load_game(wo.GAME_NAME, {"max_turns": 30, "scenario": "stealth_duel"})
    early, late = game.new_initial_state(), game.new_initial_state()
    rng = random.Random(6)
    for _ in range(60):
        early.observation_tensor(0)  # the sightings are kept from the start
        action = rng.choice(early.legal_actions())
        early.apply_action(action)
        late.apply_action(action)
    for player in (0, 1):  # `late` replays its actions for its first tensor
        assert early.observation_tensor(player) == late.observation_tensor(player)


def test_the_information_state_tensor_adds_the_sides_own_actions():
    game = pyspiel.load_game(wo.GAME_NAME, {"max_turns": 30})
    assert game.information_state_tensor_size() == int(np.prod(wo.INFORMATION_STATE_SHAPE))
    state = game.new_initial_state()
    start = np.array(state.information_state_tensor(0)).reshape(wo.INFORMATION_STATE_SHAPE)
    assert not start[SHAPE[0]:].any()  # no history yet
    ids = {state.action_to_string(a): a for a in state.legal_actions()}
    text = next(t for t in ids if t.startswith("MV:") or "->" in t)
    state.apply_action(ids[text])
    black = np.array(state.information_state_tensor(0)).reshape(wo.INFORMATION_STATE_SHAPE)
    white = np.array(state.information_state_tensor(1)).reshape(wo.INFORMATION_STATE_SHAPE)
    assert black[SHAPE[0]].sum() == 1 and black[SHAPE[0] + 1].sum() == 1  # from, to
    assert not white[SHAPE[0]:].any()  # Black's own history only
    assert np.array_equal(black[:SHAPE[0]],
                          np.array(state.observation_tensor(0)).reshape(SHAPE))
