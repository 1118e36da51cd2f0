"""`wec match`: colour-balanced games, adjudication, Elo and SPRT arithmetic."""
from __future__ import annotations

import math

import pytest

from wec.match import GameResult, elo, run_match, summary


def test_elo_of_known_scores():
    assert elo(0.5) == pytest.approx(0)
    assert elo(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo(0.25) == pytest.approx(-190.85, abs=0.01)


def test_summary_counts_and_sprt_directions():
    wins = [GameResult(i, "black", "black", 10, False, 1.0) for i in range(60)]
    losses = [GameResult(i, "black", "white", 10, False, 0.0) for i in range(5)]
    s = summary(wins + losses)
    assert (s["wins"], s["losses"], s["draws"]) == (60, 5, 0)
    assert s["elo_low"] < s["elo"] < s["elo_high"]
    assert s["sprt"] == "H1 accepted"
    s = summary([GameResult(i, "black", "white", 10, False, 0.0) for i in range(30)] +
                [GameResult(i, "black", "black", 10, False, 1.0) for i in range(2)])
    assert s["sprt"] == "H0 accepted"


def test_a_short_match_is_colour_balanced_and_adjudicates(tmp_path):
    s = run_match("random", "random", 2, 0.1, max_turns=6, processes=1, save_dir=str(tmp_path))
    assert s["games"] == 2 and s["adjudicated"] <= 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-0000.json", "game-0001.json"]


def test_unknown_player_names_are_refused():
    with pytest.raises(ValueError):
        run_match("nobody", "random", 1, 0.1)
