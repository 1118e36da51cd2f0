"""The tactics suite: every file of the shipped suite (wec/tools/data/tactics) is in the format, its
recorded solution reaches its goal by the rules engine (every turn tried), a wrong turn does not,
and `wec tactics` reports solved/total per theme. A small subset is played at a tiny budget."""
from __future__ import annotations

import json
from collections import Counter

import pytest

import wec
from wec.tools import tactics
from wec.cli import main

SUITE = tactics.suite()


def test_the_suite_has_every_theme_and_at_least_60_positions():
    assert len(SUITE) >= 60
    themes = Counter(t.theme for t in SUITE)
    assert set(themes) == set(tactics.THEMES)
    assert min(themes.values()) >= 3, themes
    one_turn = Counter(t.theme for t in SUITE if t.category == "one-turn")
    assert sum(one_turn.values()) == 60 and min(one_turn.values()) >= 5, one_turn


@pytest.mark.parametrize("tactic", SUITE, ids=lambda t: t.name)
def test_each_recorded_solution_solves_its_position(tactic):
    game = tactic.game()
    assert tactic.solution[-1] == "END"
    assert tactics.judge(tactic, list(tactic.solution))
    if tactic.goal == "survive":  # R11.1: a real threat — some Move and End Turn loses
        assert any(not tactics.survives(game, [str(m), "END"]) for m in game.legal_moves())


def test_a_turn_that_misses_the_tactic_is_not_judged_solved():
    win = next(t for t in SUITE if t.theme == "win-move")
    game = win.game()
    quiet = next(t for t in tactics.turns(game) if not tactics.judge(win, t))
    assert quiet[-1] == "END"
    save = next(t for t in SUITE if t.theme == "save-conversion")
    lost = [t for t in tactics.turns(save.game(), limit=400) if not tactics.judge(save, t)]
    assert lost  # the opponent then has a winning turn
    material = next(t for t in SUITE if t.goal == "material")
    g = material.game()
    assert not tactics.judge(material, [str(g.legal_moves()[0]), "END"]) or material.gain <= 0


def test_a_subset_is_played_by_the_default_ai_at_a_small_budget():
    # one position per one-turn theme; a node budget keeps it deterministic and quick
    subset = [next(t for t in SUITE if t.theme == theme) for theme in tactics.THEMES
              if any(t.theme == theme and t.category == "one-turn" for t in SUITE)]
    seen = []
    counts = tactics.run(lambda: wec.AI(seconds=None, nodes=20_000), subset,
                         lambda t, ok, turn: seen.append((t.name, ok, turn)))
    assert counts["all"][1] == len(subset)
    assert sum(c[1] for k, c in counts.items() if k in tactics.THEMES) == len(subset)
    assert counts["category:one-turn"][1] == len(subset)
    for name, ok, turn in seen:
        assert turn[-1] == "END" or ok
    # a win by a Move this turn is within every level's sight (depth 1)
    assert counts["win-move"] == (1, 1)


def test_wec_tactics_reports_each_level_and_theme(capsys):
    assert main(["tactics", "--limit", "2", "--seconds", "0.02"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("tactics: 2 positions, 0.02 s per turn")
    levels = [line.split()[:3] for line in lines[1:] if line.startswith("  level")]
    assert [lv[:2] for lv in levels] == [["level", str(n)] for n in sorted(wec.ai.LEVELS)]
    assert all(lv[2].endswith("/2") for lv in levels)
    assert "win-move" in lines[1]
    assert lines[2].split()[0] == "one-turn" and lines[2].split()[1].endswith("/2")
    assert main(["tactics", "--category", "parry", "--limit", "1", "--level", "1",
                 "--seconds", "0.02"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("tactics: 1 positions") and lines[1].split()[:2] == ["level", "1"]
    assert [line.split()[0] for line in lines[2:] if line.startswith("    ")] == ["parry"]
    assert main(["tactics", "--limit", "1", "--seconds", "0.02", "--algorithm", "ismcts"]) == 0
    name, solved = capsys.readouterr().out.splitlines()[1].split()[:2]
    assert name == "ismcts" and solved in ("0/1", "1/1")
    assert main(["tactics", "--limit", "1", "--level", "9"]) == 2
    assert "level" in capsys.readouterr().err


def test_a_bad_tactic_file_is_one_line_naming_the_field(tmp_path, capsys):
    good = json.loads((tactics.SUITE / f"{SUITE[0].name}.json").read_text())
    (tmp_path / "bad.json").write_text(json.dumps({**good, "goal": "mate"}))
    with pytest.raises(tactics.TacticsError, match="bad.json: goal"):
        tactics.suite(tmp_path)
    assert main(["tactics", "--folder", str(tmp_path)]) == 2
    assert "bad.json: goal" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text(json.dumps({**good, "position": {"format": "x"}}))
    with pytest.raises(tactics.TacticsError, match="bad.json: position"):
        tactics.suite(tmp_path)
