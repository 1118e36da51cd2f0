"""Game clocks in the play window (wec/gui/play/clocks.py): chosen in the New Game dialog,
shown for both sides, run for the side to move, and a side out of time loses (the game-over box
says "ran out of time"). Time is a fake steady clock the test moves: no assertion waits on real time."""
from __future__ import annotations

import pytest

import wec
from wec.game.clock import TimeControl
from wec.gui.play.clocks import clock_text, computer_seconds

pytestmark = pytest.mark.gui
OFF = {"options": {"invisible_pieces": False}}


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def faces(w) -> tuple[str, str]:
    return w.clocks.face.labels["black"].text(), w.clocks.face.labels["white"].text()


def new_game_with_clock(w, label: str) -> None:
    w.actions_by_name["new"].trigger()
    dlg = w.dialogs[-1]
    dlg.clock.combo.setCurrentIndex(dlg.clock.combo.findText(label))
    dlg.accept()


def test_a_one_minute_game_runs_the_movers_clock_and_the_flag_ends_it(make_window, qtbot):
    w = make_window(mode="hotseat", **OFF)
    assert not w.clocks.face.isVisible()  # no clock unless one is chosen
    time = FakeTime()
    w.clocks.set_time_source(time)
    new_game_with_clock(w, "1+0 (bullet)")
    assert w.game.clock.control == TimeControl(60, 0)
    w.clocks.tick()
    assert w.clocks.face.isVisible() and faces(w) == ("Black  1:00", "White  1:00")
    assert w.clocks.face.labels["black"].property("running")
    time.t += 20
    w.clocks.tick()
    assert faces(w) == ("Black  0:40", "White  1:00")
    time.t += 5  # charged when the action is made, not at the next tick
    assert w.play("MV:RP(9,1)->(8,2)") and w.game.clock.black == pytest.approx(35)
    assert w.play("END")
    assert w.clocks.face.labels["white"].property("running")
    time.t += 59.5
    w.clocks.tick()
    assert faces(w)[1] == "White  0:00.5" and "c00000" in \
        w.clocks.face.labels["white"].styleSheet()  # low time shows red
    time.t += 1
    w.clocks.tick()
    assert w.game.flagged == "white" and w.game.result == "black"
    assert w.last_game_over.startswith("Black wins: White ran out of time.")
    assert w.game.end_reason == "time"
    box = w.dialogs[-1]
    assert box.objectName() == "game_over" and "ran out of time" in box.text()
    assert "out of time" in faces(w)[1]
    assert not w.play("MV:RP(2,1)->(3,2)")  # nothing more is played


def test_a_custom_clock_gives_the_increment_at_end_turn(make_window):
    w = make_window(mode="hotseat", **OFF)
    time = FakeTime()
    w.clocks.set_time_source(time)
    w.actions_by_name["new"].trigger()
    dlg = w.dialogs[-1]
    dlg.clock.combo.setCurrentIndex(dlg.clock.combo.findData("custom"))
    dlg.clock.minutes.setValue(2)
    dlg.clock.increment.setValue(7)
    dlg.accept()
    w.clocks.tick()  # the game taken in hand starts its clocks at the timer's next tick
    time.t += 30
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    assert w.game.clock.black == pytest.approx(97) and faces(w)[0] == "Black  1:37"


def test_the_computer_loses_on_time_and_stops_thinking(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="white", ai_level=5, ai_seconds=30.0)
    time = FakeTime()
    w.clocks.set_time_source(time)
    new_game_with_clock(w, "1+0 (bullet)")
    qtbot.waitUntil(lambda: w.worker.busy, timeout=20000)
    w.clocks.tick()  # the game in hand starts its clocks at a tick: not left to the real timer
    time.t += 61
    w.clocks.tick()
    assert w.game.flagged == "black"
    assert w.last_game_over.startswith("White wins: Black ran out of time.")
    assert not w.worker.busy and w.game.ply == 0


def test_a_saved_game_brings_its_clocks_to_the_window(make_window, tmp_path):
    g = wec.Game.new(time_control=TimeControl(300, 3))
    g.charge(42.5)
    g.apply(g.legal_moves()[0])
    g.end_turn()
    g.charge(70)
    path = tmp_path / "clocked.json"
    g.save(path)
    w = make_window(mode="hotseat", **OFF)
    w.clocks.set_time_source(FakeTime())
    assert w.files.load_file(str(path))
    w.clocks.tick()
    assert faces(w) == ("Black  4:20", "White  3:50")


@pytest.mark.parametrize("seconds, text", [(3725, "1:02:05"), (65.9, "1:05"), (9.96, "0:09.9"),
                                           (0, "0:00.0")])
def test_clock_text(seconds, text):
    assert clock_text(seconds) == text


def test_the_computer_keeps_time_for_the_turns_to_come():
    assert computer_seconds(2.0, 300, 3) == 2.0  # plenty: its setting
    assert computer_seconds(2.0, 20, 0) == 1.0  # 1/20 of what is left
    assert computer_seconds(2.0, 0.06, 0) == 0.05


def test_paused_autoplay_spends_none_of_the_computers_time(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="white", ai_level=1)
    w.computer.pause(True)
    time = FakeTime()
    w.clocks.set_time_source(time)
    new_game_with_clock(w, "1+0 (bullet)")
    w.clocks.tick()
    assert not w.worker.busy and w.game.to_move == "black"
    time.t += 120
    w.clocks.tick()
    assert w.game.result is None and w.game.clock.black == 60.0
