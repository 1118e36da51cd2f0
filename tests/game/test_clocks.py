"""Game clocks (wec.game.clock): base time and Fischer increment per side, the flag, and the
clocks kept by copies, positions and saves.

RULES.md says nothing of time; a game with clocks follows chess: the side to move spends its
time, End Turn adds the increment to the mover, and a side out of time loses (docs/FORMATS.md).
"""
from __future__ import annotations

import json

import pytest

import wec
from wec.files.autosave import journal_path, start
from wec.game.clock import TimeControl

B, W = "black", "white"


def clocked(base: float = 60.0, increment: float = 2.0) -> wec.Game:
    return wec.Game.new(time_control=TimeControl(base, increment))


def whole_turn(g: wec.Game, seconds: float) -> None:
    """The side to move thinks `seconds`, makes its first Move and ends its turn."""
    g.charge(seconds)
    g.apply(g.legal_moves()[0])
    g.end_turn()


def left(g: wec.Game) -> tuple[float, float]:
    clock = g.clock
    assert clock is not None
    return clock.black, clock.white


def test_a_game_starts_with_the_base_time_on_both_clocks_and_black_running():
    g = clocked(300, 3)
    assert left(g) == (300.0, 300.0)
    assert g.clock.running == B and g.clock.flagged is None
    assert g.clock.control == TimeControl.minutes(5, 3) and g.clock.control.label() == "5+3"


def test_the_side_to_move_pays_and_end_turn_adds_the_increment_to_the_mover():
    g = clocked(60, 2)
    g.charge(10)
    g.apply(g.legal_moves()[0])
    assert left(g) == (50.0, 60.0)  # no increment before End Turn
    g.charge(5)
    g.end_turn()
    assert left(g) == (47.0, 60.0)  # 60 - 10 - 5 + 2
    assert g.clock.running == W
    whole_turn(g, 20)
    assert left(g) == (47.0, 42.0)


def test_running_out_of_time_loses_the_game_on_time():
    g = clocked(60, 2)
    whole_turn(g, 10)
    g.charge(30)
    g.charge(31)  # White's 60 s are gone in its first turn
    assert g.flagged == W and g.result == B and g.is_game_over()
    assert left(g) == (52.0, 0.0) and g.clock.running is None
    with pytest.raises(wec.IllegalActionError):
        g.apply(g.legal_moves()[0])
    with pytest.raises(wec.IllegalActionError):
        g.resign()
    g.charge(5)  # the clocks stop with the game
    assert left(g) == (52.0, 0.0)


def test_the_first_mover_can_lose_on_time_too():
    g = clocked(5, 0)
    g.charge(5)
    assert g.flagged == B and g.result == W


def test_a_game_over_by_the_rules_stops_the_clocks():
    g = clocked(60, 0)
    g.resign(B)
    g.charge(100)
    assert g.result == W and g.flagged is None and left(g) == (60.0, 60.0)


def test_a_game_without_clocks_is_as_before():
    g = wec.Game.new()
    g.charge(10**6)
    assert g.clock is None and g.flagged is None and g.result is None
    assert "clock" not in g.position() and "clock" not in g.initial_position()
    assert g.clock_marks() is None


def test_clocks_are_set_before_the_first_action_only():
    g = wec.Game.new()
    g.set_time_control(TimeControl(120, 1))
    assert left(g) == (120.0, 120.0) and g.initial_position()["clock"]["base_seconds"] == 120.0
    g.apply(g.legal_moves()[0])
    with pytest.raises(wec.IllegalActionError):
        g.set_time_control(None)


@pytest.mark.parametrize("base, inc", [(0, 0), (-5, 0), (60, -1), (float("nan"), 0),
                                       (True, 0), ("60", 0)])
def test_a_time_control_needs_a_base_and_a_non_negative_increment(base, inc):
    with pytest.raises(ValueError):
        TimeControl(base, inc)


def test_a_clone_keeps_the_clocks_and_runs_its_own():
    g = clocked()
    whole_turn(g, 12)
    g.charge(4)
    copy = g.clone()
    assert left(copy) == left(g) == (50.0, 56.0)
    copy.charge(56)
    assert left(g) == (50.0, 56.0) and copy.flagged == W and g.flagged is None


def test_a_position_holds_the_clocks_and_a_copy_by_position_keeps_them():
    g = clocked(90, 5)
    whole_turn(g, 30)
    g.charge(7)
    pos = g.position()
    assert pos["clock"] == {"base_seconds": 90.0, "increment_seconds": 5.0,
                            "remaining": {"black": 65.0, "white": 83.0}}
    copy = wec.Game.from_position(json.loads(json.dumps(pos)))
    assert left(copy) == (65.0, 83.0) and copy.position() == pos
    pos["clock"]["remaining"]["white"] = 0
    assert wec.Game.from_position(pos).result == B  # out of time in the position itself


@pytest.mark.parametrize("clock, problem", [
    ([], "clock: expected an object"),
    ({"increment_seconds": 1}, "missing key 'base_seconds'"),
    ({"base_seconds": 60, "delay": 1}, "unknown key 'delay'"),
    ({"base_seconds": -1}, "clock.base_seconds"),
    ({"base_seconds": 60, "remaining": {"black": -3}}, "clock.remaining.black"),
    ({"base_seconds": 60, "remaining": {"red": 3}}, "clock.remaining"),
])
def test_a_bad_clock_in_a_position_is_named(clock, problem):
    pos = wec.Game.new().position()
    pos["clock"] = clock
    with pytest.raises(wec.PositionError, match=problem.replace(".", r"\.")):
        wec.Game.from_position(pos)


def test_undo_and_redo_set_the_clocks_to_what_they_were_after_the_action():
    g = clocked(60, 2)
    whole_turn(g, 10)    # Black: 52
    g.charge(8)
    g.apply(g.legal_moves()[0])  # White: 52 after its Move
    g.charge(30)
    g.undo()             # back before White's Move: the clocks as after Black's End Turn
    assert left(g) == (52.0, 60.0)
    g.redo()
    assert left(g) == (52.0, 52.0)
    g.goto(0)
    assert left(g) == (60.0, 60.0)


def test_a_save_keeps_every_clock_and_reloads_them(tmp_path):
    g = clocked(60, 2)
    whole_turn(g, 10)
    whole_turn(g, 20)
    g.charge(6)
    path = tmp_path / "game.json"
    g.save(path)
    saved = json.loads(path.read_text())
    assert saved["clock"] == {"after": [[50.0, 60.0], [52.0, 60.0], [52.0, 40.0], [52.0, 42.0]],
                              "remaining": [46.0, 42.0]}
    back = wec.Game.load(path)
    assert left(back) == (46.0, 42.0) and back.position() == g.position()
    back.undo()
    assert left(back) == (52.0, 40.0)  # the clocks after White's Move, as played


def test_a_game_lost_on_time_is_still_lost_when_loaded(tmp_path):
    g = clocked(30, 0)
    whole_turn(g, 1)
    g.charge(31)
    path = tmp_path / "flag.json"
    g.save(path)
    back = wec.Game.load(path)
    assert back.flagged == W and back.result == B


def test_a_save_without_clocks_loads_and_a_bad_clock_entry_is_named(tmp_path):
    g = wec.Game.new()
    whole_turn(g, 0)
    path = tmp_path / "old.json"
    g.save(path)
    data = json.loads(path.read_text())
    assert "clock" not in data and "clock" not in data["initial"]  # as saves always were
    assert wec.Game.load(path).clock is None
    data["clock"] = {"after": [], "remaining": [1, 1]}
    path.write_text(json.dumps(data))
    with pytest.raises(wec.SaveFormatError, match="clock: the game has no clocks"):
        wec.Game.load(path)
    c = clocked()
    whole_turn(c, 3)
    c.save(path)
    data = json.loads(path.read_text())
    data["clock"]["after"][1] = [1, "x"]
    path.write_text(json.dumps(data))
    with pytest.raises(wec.SaveFormatError, match=r"clock: \[1\]\[1\]"):
        wec.Game.load(path)


def test_an_autosave_journal_keeps_the_clocks_of_each_action(tmp_path):
    path = tmp_path / "auto.json"
    g = clocked(60, 2)
    start(g, path)
    whole_turn(g, 9)
    g.charge(4)
    g.apply(g.legal_moves()[0])
    lines = open(journal_path(path)).read().splitlines()
    assert json.loads(lines[-1])["clock"] == [[53.0, 56.0]]
    back = wec.Game.load(path)
    assert left(back) == (53.0, 56.0)
    back.undo()
    assert left(back) == (53.0, 60.0)
