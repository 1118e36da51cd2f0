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


def test_each_pair_of_games_starts_from_its_own_random_opening_with_colours_swapped(tmp_path):
    """Two deterministic players (node-capped levels) would replay the same two games; a pair
    shares one opening of random Moves, each side playing it once as Black and once as White."""
    import wec
    from wec.match import opening, play_one
    first, again, other = opening(0, 2), opening(0, 2), opening(1, 2)
    assert first.turn == 3 and len(first.history()) == 2
    assert first.position() == again.position()
    assert first.position() != other.position()
    a = play_one((0, "random", "random", 0.1, 4, str(tmp_path), 2))
    b = play_one((1, "random", "random", 0.1, 4, str(tmp_path), 2))
    assert {a.a_color, b.a_color} == {"black", "white"}
    for name in ("game-0000.json", "game-0001.json"):
        opened = [str(x) for x in wec.Game.load(str(tmp_path / name)).history()[:2]]
        assert opened == [str(x) for x in first.history()]
