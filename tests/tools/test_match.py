"""`wec match`: colour-balanced games, adjudication, Elo and SPRT arithmetic."""
from __future__ import annotations

import math

import pytest

import wec
from wec.tools.match import GameResult, elo, run_match, summary


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
    from wec.tools.match import opening, play_one
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


# --- the process pool's fault tolerance, early stop and order ----------------------

def _dies_once(job):
    """Game 3's worker process kills itself (SIGKILL) on its first attempt; the marker file
    (named by the environment, which the spawned workers inherit) remembers the attempt."""
    import os
    import signal
    from wec.tools.match import play_one
    marker = os.environ["WEC_TEST_KILL_MARKER"]
    if job[0] == 3 and not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return play_one(job)


def _a_wins(job):
    import time
    time.sleep(0.05)
    index = job[0]
    colour = "black" if index % 2 == 0 else "white"
    return GameResult(index, colour, colour, 5, False, 1.0, "test win", ("t1", "t2"))


def _without_timings(path) -> str:
    import re
    return re.sub(r', "wall_seconds": [0-9.e+-]+', "", path.read_text())


def test_a_pool_worker_killed_during_its_game_is_replaced_and_the_match_completes(
        tmp_path, monkeypatch):
    from wec.tools.match import Match
    marker = tmp_path / "killed-once"
    monkeypatch.setenv("WEC_TEST_KILL_MARKER", str(marker))
    reference, pooled = tmp_path / "one.jsonl", tmp_path / "pool.jsonl"
    list(Match("random", "greedy", 6, 0.5, max_turns=8, processes=1,
               results_path=str(reference)).play())
    monkeypatch.setattr("wec.tools.match.play_one", _dies_once)
    list(Match("random", "greedy", 6, 0.5, max_turns=8, processes=2,
               results_path=str(pooled)).play())
    assert marker.exists(), "no worker was killed: nothing was tested"
    assert _without_timings(pooled) == _without_timings(reference)


def test_a_decided_sprt_stops_the_pool_and_cancels_the_rest(tmp_path, monkeypatch):
    from wec.tools.match import Match
    monkeypatch.setattr("wec.tools.match.play_one", _a_wins)
    results = tmp_path / "sprt.jsonl"
    match = Match("random", "random", 200, 0.5, results_path=str(results), processes=2,
                  sprt=(0.0, 100.0))
    list(match.play())
    s = match.summary()
    assert s["sprt"] == "H1 accepted" and s["games"] < 40
    assert len(results.read_text().splitlines()) == s["games"]
    again = Match("random", "random", 200, 0.5, results_path=str(results), processes=2,
                  sprt=(0.0, 100.0))
    assert again.decided() and list(again.play()) == []  # resumed: nothing left to play


def test_a_results_file_in_any_order_resumes_and_ends_in_game_order(tmp_path):
    import json
    from wec.tools.match import Match
    results = tmp_path / "m.jsonl"
    list(Match("random", "random", 4, 0.5, max_turns=3, processes=1,
               results_path=str(results)).play())
    lines = results.read_text().splitlines()
    results.write_text("\n".join([lines[3], lines[1]]) + "\n")  # as games may finish
    match = Match("random", "random", 4, 0.5, max_turns=3, processes=1,
                  results_path=str(results))
    assert sorted(match.done) == [1, 3]
    assert sorted(r.index for r in match.play()) == [0, 2]
    assert [json.loads(x)["game"] for x in results.read_text().splitlines()] == [0, 1, 2, 3]
    assert _without_timings(results).splitlines() == [
        _without_timings_line(x) for x in lines]


def _without_timings_line(line: str) -> str:
    import re
    return re.sub(r', "wall_seconds": [0-9.e+-]+', "", line)


def test_a_game_twice_with_two_results_is_refused_naming_the_line(tmp_path):
    import json
    from wec.tools.match import Match
    results = tmp_path / "m.jsonl"
    list(Match("random", "random", 1, 0.5, max_turns=3, processes=1,
               results_path=str(results)).play())
    line = json.loads(results.read_text())
    line["wall_seconds"] += 1.0  # the same game again, as a retried game would be: accepted
    other = dict(line, result="draw" if line["result"] != "draw" else "black",
                 score_a=0.25)
    results.write_text(results.read_text() + json.dumps(line) + "\n")
    Match("random", "random", 1, 0.5, max_turns=3, processes=1, results_path=str(results))
    results.write_text(results.read_text() + json.dumps(other) + "\n")
    with pytest.raises(ValueError, match="line 3 holds game 0 a second time"):
        Match("random", "random", 1, 0.5, max_turns=3, processes=1, results_path=str(results))


def test_the_tuner_batches_in_a_pool_give_the_same_table():
    from wec.tools import tune
    from wec.tools.workers import PoolWorkers
    pool = PoolWorkers(2)
    try:
        pooled = tune.spsa(2, 2, 150, 3, seed=4, runner=pool)
    finally:
        pool.close()
    assert pooled == tune.spsa(2, 2, 150, 3, seed=4)


def test_cluster_without_ray_says_how_to_install_it(monkeypatch, capsys, tmp_path):
    from wec.tools import tune
    from wec.cli import main
    monkeypatch.setattr("wec.tools.workers.ray_installed", lambda: False)
    assert main(["match", "random", "random", "--cluster", "local"]) == 2
    assert tune.main(["--cluster", "local", "--out", str(tmp_path / "t.json")]) == 2
    for line in capsys.readouterr().err.splitlines():
        assert "--cluster local: needs Ray, which is not installed: pip install 'wec[cluster]'" \
            in line
    assert not (tmp_path / "t.json").exists()


def test_a_cluster_address_ray_could_not_use_is_refused_in_one_line(monkeypatch, capsys):
    from wec.cli import main
    monkeypatch.setattr("wec.tools.workers.ray_installed", lambda: True)
    for bad in ("nohost", "host:0", "host:99999", "http://host:6379", "a b:1"):
        assert main(["match", "random", "random", "--cluster", bad]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and f"--cluster {bad!r}: expected" in err, err


def test_the_head_probe_knows_a_closed_port_and_a_service_that_is_not_ray():
    """Ray's own connection retries for minutes at a wrong address (nothing there, or the
    dashboard's HTTP port); the probe answers at once."""
    import socket
    import threading
    from wec.tools.workers import ClusterError, _probe_head
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def answer_like_http() -> None:
        conn, _ = server.accept()
        with conn:
            conn.recv(64)
            conn.sendall(b"HTTP/1.0 400 Bad request\r\n\r\n")

    thread = threading.Thread(target=answer_like_http, daemon=True)
    thread.start()
    with pytest.raises(ClusterError, match="is not a Ray head node"):
        _probe_head(f"127.0.0.1:{port}", "127.0.0.1", port)
    thread.join(5)
    server.close()
    with pytest.raises(ClusterError, match="no Ray head node answers there"):
        _probe_head(f"127.0.0.1:{port}", "127.0.0.1", port)


def _dies_on_2_and_7_once(job: int) -> int:
    import os
    import signal
    import time
    marker = os.path.join(os.environ["WEC_TEST_KILL_MARKER"], f"job-{job}")
    if job in (2, 7) and not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.05)
    return job * job


def test_a_pool_worker_death_costs_an_attempt_only_to_the_games_being_played(
        tmp_path, monkeypatch):
    """The pool cannot tell which of its games killed a worker, so each game it held is
    charged an attempt; it holds only as many games as workers, so the games still waiting
    their turn are never charged (with no retry allowed, the error names the game that died
    and at most one other, not the ten of the run)."""
    import re
    from wec.tools.workers import PoolWorkers, WorkerLost
    monkeypatch.setenv("WEC_TEST_KILL_MARKER", str(tmp_path))
    pool = PoolWorkers(2, max_retries=0)
    try:
        with pytest.raises(WorkerLost) as lost:
            list(pool.run(_dies_on_2_and_7_once, list(range(10))))
    finally:
        pool.close()
    named = [int(n) for n in re.findall(r"\d+", str(lost.value).split("]")[0])]
    assert 2 in named and len(named) <= 2, str(lost.value)


REPO = __import__("pathlib").Path(__file__).resolve().parents[2]


def test_the_ai_of_another_checkout_plays_in_a_process_of_its_own():
    """`ai@FOLDER` (the new default against the old build's): here the other
    checkout is this one. Its process follows the game, answers legal actions, and ends with
    the game."""
    from wec.tools.match import make_player, play_one
    from wec.tools.otherbuild import OtherBuildPlayer
    player = make_player(f"ai@{REPO}:1,seconds=0.02", 1.0, 0)
    assert isinstance(player, OtherBuildPlayer) and player.ai["level"] == 1
    assert player.ai["seconds"] == 0.02
    result = play_one((0, f"ai@{REPO}:1,seconds=0.02", "greedy", 0.02, 3, None, 0))
    assert result.result in ("black", "white", "draw") and result.turns >= 3


def test_another_checkout_takes_a_fixed_depth_and_search_parameters():
    """`ai@FOLDER:depth=N,FIELD=VALUE`: the fields go by name to the other build's process,
    which makes its own SearchParams of them (a fixed-depth match against an older build does
    not depend on the machine's load); a field that build lacks is its error, in one line."""
    from wec.tools.match import make_player, play_one
    from wec.tools.otherbuild import OtherBuildError, OtherBuildPlayer
    player = make_player(f"ai@{REPO}:depth=1,late_moves=6", 1.0, 0)
    assert player.ai["seconds"] is None
    assert player.ai["params"] == {"late_moves": 6, "max_depth": 1}
    result = play_one((0, f"ai@{REPO}:depth=1", "greedy", 0.02, 3, None, 0))
    assert result.result in ("black", "white", "draw") and result.turns >= 3
    lacking = OtherBuildPlayer(str(REPO), {"seconds": 0.02, "params": {"no_such_field": 1}})
    try:
        with pytest.raises(OtherBuildError, match="does not take the search parameters "
                                                  "no_such_field"):
            lacking.choose_action(wec.Game.new())
    finally:
        lacking.close()


def test_another_checkout_that_is_not_one_is_refused_in_one_line(tmp_path):
    from wec.tools.match import MatchError, make_player
    with pytest.raises(MatchError, match=f"ai@{tmp_path}.*not a WEC checkout"):
        make_player(f"ai@{tmp_path}", 1.0, 0)


def test_a_player_spec_sets_search_parameters_and_a_node_budget():
    from wec.ai.params import SearchParams
    from wec.tools.match import MatchError, make_player
    ai = make_player("ai:nodes=5000,move_depth=0,quiescence=4,move_share=0.5", 1.0, 0)
    assert ai.nodes == 5000 and ai.seconds is None  # a node budget alone: load does not matter
    assert ai.params == SearchParams(move_depth=False, quiescence=4, move_share=0.5)
    fixed = make_player("ai:depth=3", 1.0, 0)  # a fixed depth: no time limit
    assert fixed.seconds is None and fixed.params == SearchParams(max_depth=3)
    for bad in ("ai:move_depth=maybe", "ai:no_such_field=1", "greedy:move_depth=1",
                "ismcts:move_depth=1", "ai:depth=0", "ai:depth=deep", "ismcts:depth=2"):
        with pytest.raises(MatchError, match="unknown option|only ai and ismcts"):
            make_player(bad, 1.0, 0)
