"""The training example of the README (examples/train_masked_policy.py): its features come from
the side's planes and the action's codec fields, its training loop changes the weights and saves
them for a later run, and the script runs end to end. Whether it learns is measured, not tested
(bench/README.md): a few games prove nothing either way."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from builders import piece, position

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from wec.openspiel import action_id  # noqa: E402
from wec.rl import SingleAgentEnv  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_masked_policy.py"
W, B = "white", "black"


def load_example():
    spec = importlib.util.spec_from_file_location("train_masked_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ex = load_example()


def square(row: int, col: int) -> int:
    return (row - 1) * 10 + col - 1


def black_features(pos: dict) -> dict[int, dict[str, float]]:
    """Black's legal ids in `pos` and their named features."""
    env = SingleAgentEnv(side="black", position=pos, max_turns=4)
    obs, _ = env.reset(seed=0)
    ids = np.flatnonzero(obs["action_mask"])
    phi = ex.features(ids, obs["observation"])
    return {int(i): dict(zip(ex.FEATURES, row)) for i, row in zip(ids, phi)}


def test_R4_2_2_a_king_step_onto_the_enemy_king_captures_the_primary():
    pos = position(piece("K", W, 1, 1), piece("K", B, 2, 2), piece("TA", W, 1, 10),
                   to_move=B)
    rows = black_features(pos)
    take = action_id("move", square=square(2, 2), level=0, slot=0, dest_square=square(1, 1),
                     dest_level=0, passenger=0)
    assert rows[take]["captures_primary"] == 1 and rows[take]["captures"] == 1
    assert rows[take]["primary_moves"] == 1 and rows[take]["is_move"] == 1
    step_away = action_id("move", square=square(2, 2), level=0, slot=0,
                          dest_square=square(3, 3), dest_level=0, passenger=0)
    assert rows[step_away]["captures"] == 0
    assert rows[step_away]["nearer_primary"] == pytest.approx(-1 / 9)
    assert action_id("end") not in rows  # not before the Move (R6.1)


def test_R7_1_a_flame_hits_friend_and_foe_on_its_two_squares():
    # a black Flame Pawn at (4,1) flames down column 1: its own Rocket Pawn at (3,1), the White
    # King at (2,1); the White Tank at (1,1) is out of flame range (2)
    pos = position(piece("K", W, 2, 1), piece("TA", W, 1, 1), piece("K", B, 10, 10),
                   piece("FP", B, 4, 1, home=False), piece("RP", B, 3, 1, home=False),
                   to_move=B)
    rows = black_features(pos)
    down = ex.DIRECTIONS.index((-1, 0))
    flame = action_id("fire", square=square(4, 1), level=0, slot=0,
                      weapon=0, direction=down)
    assert rows[flame]["hits_enemy"] == 1 and rows[flame]["hits_enemy_primary"] == 1
    assert rows[flame]["hits_own"] == 1 and rows[flame]["hits_own_primary"] == 0


def test_the_training_loop_changes_the_weights_and_resumes_from_them(tmp_path):
    env = SingleAgentEnv(side="black", opponent="random", max_turns=3)
    policy, path = ex.Policy(), tmp_path / "weights.npz"
    ex.train(env, policy, ex.Learner(), seconds=600, games=3, path=path, report=2)
    assert policy.games == 3 and np.any(policy.theta != 0)
    again = ex.Policy.load(path)
    assert again.games == 3 and np.array_equal(again.theta, policy.theta)
    ex.train(env, again, ex.Learner(), seconds=600, games=2, path=path)
    assert ex.Policy.load(path).games == 5
    assert not np.array_equal(ex.Policy.load(path).theta, policy.theta)


def test_wilson_interval():
    lo, hi = ex.wilson(0.5, 200)
    assert lo == pytest.approx(0.431, abs=1e-3) and hi == pytest.approx(0.569, abs=1e-3)


def test_the_script_runs_and_reports_its_scores(tmp_path):
    weights = tmp_path / "w.npz"
    out = subprocess.run([sys.executable, str(EXAMPLE), "--minutes", "5", "--train-games", "1",
                          "--games", "1", "--max-turns", "2", "--weights", str(weights)],
                         capture_output=True, text=True, check=True, timeout=300).stdout
    assert "score against random before training" in out
    assert "score against random after training" in out
    assert weights.exists()
