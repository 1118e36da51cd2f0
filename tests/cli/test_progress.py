"""Long commands show progress and keep what they did: `wec perft --divide`,
the match results file (one JSON line per finished game, resumed), the tuner's checkpoints."""
from __future__ import annotations

import io
import json

import pytest

import wec
from wec.rules import scenarios
from wec.tools import tune
from wec.cli import main
from wec.tools.match import Match, play_one, result_record
from wec.tools.progress import LineProgress

RECORD_KEYS = {"game", "seed", "opening", "players", "colours", "result", "turns", "reason"}


def test_perft_divide_lists_every_root_move_and_sums_to_perft(capsys):
    assert main(["perft", "2", "--divide"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = dict(line.rsplit(": ", 1) for line in out[:-1])
    assert set(rows) == {str(m) for m in wec.Game.new().legal_moves()} and len(rows) == 130
    assert sum(int(n) for n in rows.values()) == 16900
    assert out[-1].startswith("perft 2 (moves): 16900 nodes in ") and out[-1].endswith("nodes/s")


@pytest.mark.parametrize("name,mode,depth", [("stealth_duel", "moves", 2),
                                             ("reinforcement_race", "actions", 2),
                                             ("mass_destruction", "moves", 3)])
def test_the_split_at_the_root_counts_as_the_core(name, mode, depth, tmp_path, capsys):
    """The progress bar's root split (and --divide) adds up to the core's single count."""
    game = wec.Game.from_position(scenarios.load(name))
    expected = wec.perft(game, depth, mode)
    assert main(["perft", str(depth), "--mode", mode, "--scenario", name, "--divide"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert sum(int(line.rsplit(": ", 1)[1]) for line in out[:-1]) == expected
    assert out[-1].startswith(f"perft {depth} ({mode}): {expected} nodes")
    assert main(["perft", str(depth), "--mode", mode, "--scenario", name]) == 0
    assert capsys.readouterr().out.startswith(f"perft {depth} ({mode}): {expected} nodes")


def _lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_match_writes_each_game_as_it_finishes_and_resumes(tmp_path, capsys, monkeypatch):
    results = tmp_path / "m.jsonl"
    argv = ["match", "random", "greedy", "--max-turns", "4", "--processes", "1",
            "--seconds", "0.1", "--results", str(results)]
    assert main(argv + ["--games", "2"]) == 0
    first = _lines(results)
    assert sorted(r["game"] for r in first) == [0, 1]
    for r in first:
        assert RECORD_KEYS <= set(r)
        assert r["players"] == {"a": "random", "b": "greedy"}
        assert r["colours"]["black" if r["game"] == 0 else "white"] == "random"
        assert len(r["opening"]["turns"]) == 2 and r["reason"]
    played: list[int] = []

    def counting(job):
        played.append(job[0])
        return play_one(job)

    monkeypatch.setattr("wec.tools.match.play_one", counting)
    capsys.readouterr()
    assert main(argv + ["--games", "4"]) == 0
    assert played == [2, 3]  # only the games the file does not hold
    out = capsys.readouterr().out
    assert "resuming: 2 of 4 games" in out and "of 4 games" in out
    assert _lines(results)[:2] == first and len(_lines(results)) == 4

    fresh = tmp_path / "fresh.jsonl"
    Match("random", "greedy", 4, 0.1, max_turns=4, processes=1, results_path=str(fresh))
    for _ in Match("random", "greedy", 4, 0.1, max_turns=4, processes=1,
                   results_path=str(fresh)).play():
        pass

    def same(rows):
        return sorted((json.dumps({k: v for k, v in r.items() if k != "wall_seconds"},
                                  sort_keys=True) for r in rows))
    assert same(_lines(fresh)) == same(_lines(results))  # resumed == played in one go


def test_a_results_line_cut_short_is_dropped_and_replayed(tmp_path):
    results = tmp_path / "m.jsonl"
    match = Match("random", "random", 2, 0.1, max_turns=3, processes=1,
                  results_path=str(results))
    list(match.play())
    whole = results.read_text()
    results.write_text(whole + whole.splitlines()[0][:40])  # killed while writing a line
    again = Match("random", "random", 3, 0.1, max_turns=3, processes=1,
                  results_path=str(results))
    assert again.resumed == 2 and results.read_text() == whole
    list(again.play())
    assert len(_lines(results)) == 3


def test_a_results_file_of_another_match_is_refused(tmp_path):
    results = tmp_path / "m.jsonl"
    list(Match("random", "random", 1, 0.1, max_turns=3, processes=1,
               results_path=str(results)).play())
    with pytest.raises(wec.WecError, match="another match"):
        Match("random", "random", 2, 0.1, max_turns=5, processes=1, results_path=str(results))
    with pytest.raises(wec.WecError, match="another match"):
        Match("greedy", "random", 2, 0.1, max_turns=3, processes=1, results_path=str(results))


def test_result_records_name_colours_from_the_players():
    r = play_one((1, "random", "greedy", 0.1, 3, None, 2))
    line = result_record(r, "random", "greedy", {})
    assert line["colours"] == {"black": "greedy", "white": "random"}
    assert line["seed"] == {"a": 2, "b": 3} and line["opening"]["pair"] == 0


def test_the_line_progress_of_a_log_says_how_far_and_how_long(monkeypatch):
    out = io.StringIO()
    clock = iter([0.0, 10.0, 40.0, 41.0, 80.0])
    monkeypatch.setattr("wec.tools.progress.time.monotonic", lambda: next(clock))
    bar = LineProgress(4, "ai vs greedy", "game", file=out, interval=30.0)
    bar.set_postfix_str("+1 =0 -0")
    bar.update()   # t=10: too soon for a line
    bar.update()   # t=40: a line with an estimate
    bar.update()   # t=41: too soon
    bar.update()   # t=80: the last one always
    lines = out.getvalue().splitlines()
    assert lines == ["ai vs greedy: 2/4 games, +1 =0 -0 (0:40, about 0:40 left)",
                     "ai vs greedy: 4/4 games, +1 =0 -0 (1:20)"]


def test_the_tuner_checkpoints_every_iteration_and_resumes_exactly(tmp_path, capsys):
    out = tmp_path / "t.json"
    common = ["--games", "2", "--nodes", "150", "--max-turns", "2", "--out", str(out)]
    assert tune.main(["--iterations", "1"] + common) == 0
    checkpoint = json.loads((tmp_path / "t.json.checkpoint.json").read_text())
    assert checkpoint["iterations"] == 1 and len(checkpoint["scores"]) == 1
    assert json.loads(out.read_text()) == checkpoint["table"]
    assert tune.main(["--iterations", "2"] + common) == 0
    assert "resuming from iteration 2 of 2" in capsys.readouterr().out
    straight = tune.spsa(2, 2, 150, 2, 0)
    assert json.loads(out.read_text()) == json.loads(json.dumps(straight))
    assert tune.main(["--iterations", "2"] + common) == 0  # nothing left to do
    assert "all 2 iterations are done" in capsys.readouterr().out
    assert tune.main(["--iterations", "3", "--seed", "5"] + common) == 2  # another run
    assert "another run" in capsys.readouterr().err
