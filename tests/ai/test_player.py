"""The computer opponent: the search runs in
the core without the GIL, is deterministic for a node budget, can be stopped, and a fair AI
decides from its observation only."""
from __future__ import annotations

import json
import random
import threading
import time

import pytest

import wec
from wec import rules


def test_ai_returns_a_legal_action_and_leaves_the_game_unchanged():
    g = wec.Game.new()
    before = (g.position(), g.hash)
    a = wec.AI(level=2, seconds=None, nodes=5000).choose_action(g)
    assert str(a) in {str(x) for x in g.legal_actions()}
    assert (g.position(), g.hash) == before


def test_same_node_budget_same_action_and_node_count():
    g = wec.Game.new()
    first, second = wec.AI(level=4, seconds=None, nodes=30000), wec.AI(level=4, seconds=None,
                                                                       nodes=30000)
    assert first.choose_action(g) == second.choose_action(g)
    assert first.last_nodes == second.last_nodes


def test_choose_turn_is_a_whole_legal_turn_ending_with_end():
    g = wec.Game.new()
    turn = wec.AI(level=2, seconds=0.5).choose_turn(g)
    assert turn[-1].kind == "end"
    for a in turn:
        g.apply(a)
    assert g.to_move == "white"


@pytest.mark.timing  # wall clock: the ticker thread's ticks need a CPU (run alone after the rest)
def test_the_search_releases_the_gil_and_can_be_stopped():
    g = wec.Game.new()
    ai = wec.AI(level=5, seconds=30.0)
    ticks = []
    done = threading.Event()

    def ticker():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    t = threading.Thread(target=ticker)
    t.start()
    threading.Timer(1.0, ai.stop).start()
    start = time.monotonic()
    action = ai.choose_action(g)
    elapsed = time.monotonic() - start
    done.set()
    t.join()
    assert elapsed < 5.0                      # stop() ended a 30 s search
    assert len(ticks) > 30                    # the other thread kept running meanwhile
    assert str(action) in {str(x) for x in g.legal_actions()}


def test_progress_is_reported_per_depth():
    seen = []
    wec.AI(level=3, seconds=None, nodes=200000, on_progress=seen.append).choose_action(
        wec.Game.new())
    assert [p.depth for p in seen] == list(range(1, len(seen) + 1)) and seen


def test_a_fair_ai_decides_from_its_observation_only():
    # two true states that differ only in a piece hidden from the side to move
    g = wec.Game.new()
    rng = random.Random(3)
    for _ in range(30):
        g.apply(rng.choice(g.legal_moves() or [a for a in g.legal_actions() if a.kind == "end"]))
    while g.moved:
        g.end_turn()
    pos = g.position()
    me = g.to_move
    hidden = [i for i, p in enumerate(pos["pieces"]) if p["color"] != me and not [
        v for v in g.can_see(me, *p["square"], p["level"]) if v.type == p["type"]]]
    assert hidden
    other = json.loads(json.dumps(pos))
    other["pieces"][hidden[0]]["articles"] = ["AFL"]  # something the side cannot know
    other["pieces"][hidden[0]]["article_cooldowns"] = [0]
    a = wec.AI(level=3, seconds=None, nodes=20000).choose_action(wec.Game.from_position(pos))
    b = wec.AI(level=3, seconds=None, nodes=20000).choose_action(wec.Game.from_position(other))
    assert a == b


def test_levels_are_validated():
    with pytest.raises(ValueError):
        wec.AI(level=0)


def test_baseline_players():
    g = wec.Game.new()
    assert wec.RandomPlayer(seed=1).choose_action(g) in g.legal_actions()
    assert wec.GreedyPlayer().choose_action(g) in g.legal_actions()


def test_a_tuning_step_keeps_the_table_shape_and_the_fixed_weights():
    from wec.tools import tune
    from wec.ai import weights
    start = weights.table()
    tuned = tune.spsa(iterations=1, games=2, nodes=300, max_turns=3, seed=1)
    assert {k: set(v) for k, v in tuned.items()} == {k: set(v) for k, v in start.items()}
    assert tuned["weights"]["win"] == start["weights"]["win"]
    wec.AI(level=1, seconds=None, nodes=100, table=tuned).choose_action(wec.Game.new())


def test_a_depth_cap_with_no_time_limit_is_a_fixed_depth_player():
    """SearchParams.max_depth caps iterative deepening (in turns at the default level): with
    no time limit the search goes exactly that deep, whatever the machine's speed."""
    for cap in (1, 2):
        seen = []
        wec.AI(seconds=None, params=wec.ai.SearchParams(max_depth=cap),
               on_progress=seen.append).choose_action(wec.Game.new())
        assert [p.turns for p in seen] == list(range(1, cap + 1))
