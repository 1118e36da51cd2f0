"""The OpenSpiel binding's tensors are the planes of wec.game.planes (docs/RL.md): the same as
the PettingZoo environment's, and an information state with perfect recall: the planes, then
one step per action as the side read it in its own record (wec.game.recall)."""
from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import wec.openspiel as wo  # noqa: E402
from wec import rules  # noqa: E402
from wec.game.planes import SHAPE, Views  # noqa: E402
from wec.game.recall import KINDS, OFFSET, STEP_FIELDS, STEP_SIZE  # noqa: E402
from test_planes import SONAR, distance, seen_by_white, submarine_game, submarine_moves  # noqa: E402


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


def by_text(state, *texts: str):
    """Play actions given by their texts (the acting side's R12.2 words)."""
    for text in texts:
        ids = {state.action_to_string(a): a for a in state.legal_actions()}
        state.apply_action(ids[text])
    return state


def history(state, player: int) -> np.ndarray:
    """The player's history section: one row of STEP_SIZE floats per possible action."""
    tensor = np.array(state.information_state_tensor(player), np.float32)
    return tensor[SHAPE[0] * 100:].reshape(-1, STEP_SIZE)


def field(row: np.ndarray, name: str) -> np.ndarray:
    width = dict(STEP_FIELDS)[name]
    return row[OFFSET[name]:OFFSET[name] + width]


def test_the_information_state_tensor_is_the_planes_then_one_step_per_action():
    game = pyspiel.load_game(wo.GAME_NAME, {"max_turns": 30})
    size = SHAPE[0] * 100 + 8 * 30 * STEP_SIZE  # max_game_length slots
    assert game.information_state_tensor_size() == wo.information_state_size(30) == size
    state = game.new_initial_state()
    assert not history(state, 0).any()  # no history yet
    by_text(state, "MV:AAA(9,3)->(8,2)")
    black, white = history(state, 0), history(state, 1)
    assert not black[1:].any() and not white[1:].any()  # one action, one slot
    step = black[0]
    assert field(step, "present")[0] == field(step, "own")[0] == 1
    assert field(step, "kind").argmax() == KINDS.index("MOVE") and not field(step, "hidden")[0]
    assert field(step, "type").argmax() == rules.TYPE_INDEX["AAA"]
    assert (field(step, "from_row").argmax(), field(step, "from_col").argmax()) == (8, 2)
    assert (field(step, "to_row").argmax(), field(step, "to_col").argmax()) == (7, 1)
    assert field(white[0], "enemy")[0] == 1 and field(white[0], "kind")[KINDS.index("MOVE")] == 1
    tensor = np.array(state.information_state_tensor(0)).reshape(-1)
    assert np.array_equal(tensor[:SHAPE[0] * 100], state.observation_tensor(0))


def test_R6_1_two_orders_of_one_turn_are_two_information_states():
    """The same Move and Fire in either order (R6.1 leaves the order free) give Black the same
    observation, but perfect recall tells them apart: a summary of the squares its actions
    used (the earlier two count planes) could not, nor could the turn strings alone."""
    game = pyspiel.load_game(wo.GAME_NAME, {"max_turns": 30})
    move, fire = "MV:AAA(9,3)->(8,2)", "FI:RL/RP(9,1)->(9,2)"
    first = by_text(game.new_initial_state(), move, fire, "END")
    second = by_text(game.new_initial_state(), fire, move, "END")
    assert first.observation_tensor(0) == second.observation_tensor(0)
    assert first.information_state_tensor(0) != second.information_state_tensor(0)
    assert first.information_state_string(0) != second.information_state_string(0)


def test_R10_6_a_hidden_submarine_leaves_the_same_information_state_wherever_it_went():
    """White cannot see where Black's Submarine went: its information state (tensor and string)
    is the same for every such destination; Black's own recall differs."""
    dests = [d for d in submarine_moves(submarine_game()) if distance(d, SONAR) > 3][:3]
    assert len(dests) >= 2
    states = []
    for d in dests:
        g = submarine_game()
        game = wo.WeaponChessGame({"max_turns": 30})
        state = game.state_from_game(g)
        state.apply_action(wo.encode(g, submarine_moves(g)[d]))
        state.apply_action(wo.action_id("end"))
        assert not seen_by_white(state.full_game())
        states.append(state)
    for other in states[1:]:
        assert other.information_state_tensor(1) == states[0].information_state_tensor(1)
        assert other.information_state_string(1) == states[0].information_state_string(1)
        assert other.information_state_tensor(0) != states[0].information_state_tensor(0)
    assert field(history(states[0], 1)[0], "hidden")[0] == 1  # White read MV:?


def test_every_sides_history_is_one_step_per_action_read_from_its_own_record():
    for scenario, seed in (("standard", 1), ("stealth_duel", 2)):
        game = pyspiel.load_game(wo.GAME_NAME, {"max_turns": 12, "scenario": scenario})
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if rng.random() < 0.2 or state.is_terminal():
                for player in (0, 1):
                    rows = history(state, player)
                    n = len(state.history())
                    assert rows[:n, OFFSET["present"]].all() and not rows[n:].any()
                    own = rows[:n, OFFSET["own"]].astype(bool)
                    notes = state.full_game().action_notes(rules.COLORS[player])
                    assert list(own) == [note.side == rules.COLORS[player] for note in notes]
                    assert not rows[:n][own, OFFSET["hidden"]].any()  # its own actions in full
