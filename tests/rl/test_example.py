"""The training example of the README runs (a smoke run: no training time, one game)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_masked_policy.py"


def test_the_training_example_runs_and_reports_its_scores():
    out = subprocess.run([sys.executable, str(EXAMPLE), "--minutes", "0", "--games", "1",
                          "--max-turns", "2"], capture_output=True, text=True, check=True,
                         timeout=300).stdout
    assert "score against random before training" in out
    assert "score against random after training" in out
