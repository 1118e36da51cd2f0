"""The computer in the app: one player per turn that keeps the turn's time,
and a window that never freezes, through a long game against the computer with the history's
|< < > >| buttons clicked on the way."""
from __future__ import annotations

import random
import time

import pytest
from PySide6.QtCore import Qt, QTimer


pytestmark = pytest.mark.gui


def computer_turn(w, qtbot) -> float:
    """Hand the turn to the computer (the human's End Turn) and wait for it to come back: the
    computer's turn's wall time, from End Turn to its own."""
    started = time.monotonic()
    assert w.play("END")
    qtbot.waitUntil(lambda: w.game.to_move == w.prefs.human or w.game.result is not None,
                    timeout=30000)
    return time.monotonic() - started


@pytest.mark.timing
def test_the_computer_plays_each_turn_with_one_player_in_the_turns_time(make_window, qtbot):
    seconds = 1.0
    w = make_window(mode="human_vs_computer", human="black", ai_level=5, ai_seconds=seconds)
    # the app's pause between computer turns in autoplay: not in this one
    w.computer.delay_ms = 350
    actions = []
    w.worker.chosen.connect(actions.append)
    # a player takes a moment over its first move; the helper has loaded the engine by then
    qtbot.waitUntil(lambda: w.worker.ready, timeout=30000)
    walls = []
    for move in ("MV:RP(9,1)->(8,2)", "MV:SP(9,2)->(8,3)"):
        assert w.play(move)
        walls.append(computer_turn(w, qtbot))
    assert w.game.result is None
    assert w.worker.players == 2, "one player per computer turn"
    assert len(actions) > 2 * 2  # a turn is several actions (at least Move and End)
    for wall in walls:  # the turn's setting, not the setting per action
        assert abs(wall - seconds) <= 0.1 * seconds + 0.2, walls


@pytest.mark.timing
def test_the_window_never_freezes_in_a_long_game_against_the_computer(make_window, qtbot):
    """About 300 actions against a fast computer, the human's actions played through the window
    and the history buttons clicked every few turns: a 10 ms timer never waits over 50 ms."""
    target = 300
    w = make_window(mode="human_vs_computer", human="black", ai_level=1, ai_seconds=0.05)
    rng = random.Random(7)
    ticks: list[float] = []
    watchdog = QTimer()
    watchdog.setTimerType(Qt.TimerType.PreciseTimer)
    watchdog.timeout.connect(lambda: ticks.append(time.monotonic()))
    w.grab()  # the first paint fills the glyph caches, before anyone can click
    qtbot.wait(50)
    watchdog.start(10)
    played = 0
    turns = 0
    try:
        while played < target:
            g = w.game
            if g.result is not None:
                played += g.ply
                w.files.new_game_now()
                continue
            if g.to_move != "black":
                qtbot.waitUntil(lambda: w.game.to_move == "black" or w.game.result is not None,
                                timeout=60000)
                continue
            legal = w.picker.legal  # the list the window already holds: no extra work here
            ends = [a for a in legal if a.kind == "end"]
            if ends and (rng.random() < 0.5 or len(legal) == 1):
                assert w.play(ends[0])
                turns += 1
                if turns % 5 == 0:
                    qtbot.waitUntil(lambda: w.game.to_move == "black"
                                    or w.game.result is not None, timeout=60000)
                    for name in ("first", "next", "prev", "last"):
                        qtbot.mouseClick(w.history.buttons[name], Qt.MouseButton.LeftButton)
                        qtbot.wait(5)
                    assert not w.game.redo_actions()
            else:
                assert w.play(rng.choice([a for a in legal if a.kind != "end"]))
            qtbot.wait(1)
            if played + w.game.ply >= target:
                break
    finally:
        watchdog.stop()
        w.shutdown()
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    worst = max(gaps)
    assert len(ticks) > 100
    assert worst <= 0.050, (f"the window froze for {worst * 1000:.0f} ms "
                            f"({sum(g > 0.05 for g in gaps)} gaps over 50 ms in {len(gaps)})")


def test_going_through_the_history_never_moves_the_board(make_window, qtbot):
    """The banner's longer texts while the computer plays ("... is playing its turn — ...")
    once widened the board's pane: the board shifted by 2 px at each history step and its whole
    layer was painted again (20 ms). Now each step paints only the squares that change."""
    w = make_window(mode="human_vs_computer", human="black", ai_level=1, ai_seconds=0.05)
    rng = random.Random(7)
    turns = 0
    while turns < 6:
        if w.game.to_move != "black":
            qtbot.waitUntil(lambda: w.game.to_move == "black", timeout=60000)
            continue
        legal = w.picker.legal
        ends = [a for a in legal if a.kind == "end"]
        if ends and (rng.random() < 0.5 or len(legal) == 1):
            assert w.play(ends[0])
            turns += 1
        else:
            assert w.play(rng.choice([a for a in legal if a.kind != "end"]))
        qtbot.wait(1)
    qtbot.waitUntil(lambda: w.game.to_move == "black", timeout=60000)
    w.grab()
    size, renders = w.board.size(), w.board.layer_renders
    for name in ("first", "next", "prev", "last", "first", "next", "last"):
        qtbot.mouseClick(w.history.buttons[name], Qt.MouseButton.LeftButton)
        qtbot.wait(20)  # the layout's requests, then the paint
        w.grab()
        assert w.board.size() == size, name
    assert w.board.layer_renders == renders
    assert w.board.layer_updates > 0


def test_the_helpers_copy_of_the_game_follows_every_rewind_and_new_game():
    from wec.gui.play.ai_process import _Mirror
    import wec
    g = wec.Game.new()
    for text in ("MV:RP(9,1)->(8,2)", "END", "MV:RP(2,10)->(3,9)", "END"):
        g.apply(text)
    mirror = _Mirror()
    copy = mirror.sync(g.initial_position(), g.actions())
    assert copy.actions() == g.actions() and copy.position() == g.position()
    g.undo()
    g.undo()
    g.apply("MV:RP(2,1)->(3,2)")  # another line from ply 2
    assert mirror.sync(g.initial_position(), g.actions()) is copy  # kept, taken back
    assert copy.actions() == g.actions() and copy.position() == g.position()
    other = wec.Game.new(wec.Options(government_white="democracy"))
    fresh = mirror.sync(other.initial_position(), [])
    assert fresh is not copy and fresh.position() == other.position()


def test_the_computer_comes_back_after_its_process_dies(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="white", ai_level=1, ai_seconds=0.05)
    w.computer.pause(True)
    w.worker.warm_up()
    qtbot.waitUntil(lambda: w.worker._process.state().name == "Running", timeout=10000)
    w.worker._process.kill()
    qtbot.waitUntil(lambda: w.worker._process is None, timeout=10000)
    w.computer.play_now()
    qtbot.waitUntil(lambda: w.game.ply >= 1, timeout=20000)
