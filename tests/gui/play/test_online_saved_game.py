"""Play > Online with clocks and a saved game, through real play windows offscreen and the real
`wec serve` the host window starts: the clocks the server runs are shown with the clock face;
both players leave; the host hosts again with a set-up and proposes the saved game (Propose
saved game…, a file of its online saves), the guest accepts with its own save of it, and the
game goes on where it stood, each player in the colour it had, each window still showing only
its seat's observation."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("aiohttp")  # the server (the `online` extra)
pytest.importorskip("PySide6.QtWebSockets")

from test_online_play import WAIT, _online_window, check_seat, play_turns  # noqa: E402
from wec.online import saves  # noqa: E402
from wec.online.setup import Terms, build_game  # noqa: E402

pytestmark = pytest.mark.gui

SCENARIO = "stealth_duel"


def host(lobby, qtbot, side: str, *, negotiate: bool, clock_preset: str | None = None):
    dlg = lobby.open_online()
    dlg.tabs.setCurrentIndex(0)
    dlg.side.setCurrentText(side)
    dlg.announce.setChecked(False)
    dlg.negotiate.setChecked(negotiate)
    if not negotiate:
        dlg.scenario.setCurrentIndex(dlg.scenario.findData(SCENARIO))
    if clock_preset is not None:
        dlg.clock.combo.setCurrentIndex(dlg.clock.combo.findText(clock_preset))
    dlg.go()
    qtbot.waitUntil(lambda: dlg.opened is not None, timeout=WAIT)
    return dlg.opened.window


def join(lobby, qtbot, url: str, code: str):
    dlg = lobby.open_online()
    dlg.tabs.setCurrentIndex(1)
    dlg.address.setText(url)
    dlg.code.setText(code)
    dlg.go()
    return dlg.opened.window


def check_clocks(window) -> None:
    """The clock face shows the server's clocks of the seat's last state."""
    frame = window.online_play.frames[-1]
    face = window.clocks.face
    assert face.isVisibleTo(window)
    for side in ("black", "white"):
        assert face.labels[side].text().startswith(side.capitalize())
    reading = window.game.clock
    assert reading.control.base_seconds == frame["clock"]["base_seconds"] == 600.0
    running = frame["clock"]["running"]
    other = "white" if running == "black" else "black"
    assert reading.remaining(other) == frame["clock"]["remaining"][other]
    assert reading.remaining(running) <= frame["clock"]["remaining"][running]


def test_clocks_shown_then_a_saved_game_proposed_and_continued(make_window, qtbot, shot_dir):
    lobby = make_window()
    lobby.online_window = _online_window
    black = host(lobby, qtbot, "black", negotiate=False, clock_preset="10+5 (rapid)")
    qtbot.waitUntil(lambda: black.online_play.session.seat is not None, timeout=WAIT)
    white = join(lobby, qtbot, black.online_play.session.url,
                 black.online_play.session.seat.game)
    qtbot.waitUntil(lambda: len(white.online_play.frames) >= 1
                    and len(black.online_play.frames) >= 2, timeout=WAIT)
    truth = build_game(Terms({}, SCENARIO))
    play_turns(black, white, truth, qtbot, 6, random.Random(21))
    for w in (black, white):
        check_clocks(w)
    black.grab().save(str(shot_dir / "online-clocks.png"))
    old = black.online_play.session.seat.game
    assert {(s.game, s.side) for s in saves.saves_of_game(old)} == {(old, "black"),
                                                                    (old, "white")}
    for w in (black, white):  # both leave; the host's server stops with its window
        w.close()
        w.shutdown()

    # Hosting again with a set-up (the same server file): the host wishes White
    first = host(lobby, qtbot, "white", negotiate=True)
    qtbot.waitUntil(lambda: first.online_play.session.last_setup is not None, timeout=WAIT)
    second = join(lobby, qtbot, first.online_play.session.url,
                  first.online_play.session.game_id)
    guest = second.online_play.setup_panel
    qtbot.waitUntil(lambda: guest.isVisibleTo(second) and guest.begin.isEnabled(),
                    timeout=WAIT)
    panel = first.online_play.setup_panel
    mine = next(s for s in saves.saves_of_game(old) if s.side == "black")
    panel.choose_save = lambda title: saves.default_path(mine)  # the file chooser's answer
    panel.propose_saved.click()
    qtbot.waitUntil(lambda: guest.accept.isVisibleTo(second), timeout=WAIT)
    assert "saved game of Black Player and White Player" in guest.proposal.text()
    assert guest.proposal.toolTip() == f"Game {old}"
    qtbot.wait(100)  # the panel's layout takes the proposal's lines
    second.grab().save(str(shot_dir / "online-saved-setup.png"))
    guest.choose_save = lambda title: pytest.fail("its own save is found without asking")
    guest.accept.click()
    qtbot.waitUntil(lambda: "saved game" in panel.agreed.text(), timeout=WAIT)
    assert first.online_play.session.sent[-1]["saved"] == {"game": old, "token": mine.token}
    assert second.online_play.session.sent[-1]["token"] != mine.token
    panel.begin.click()
    for w in (first, second):
        qtbot.waitUntil(lambda w=w: bool(w.online_play.frames), timeout=WAIT)
        assert not w.online_play.setup_panel.isVisibleTo(w)
    # the same players in the same colours: the host is Black again, whatever it wished
    assert first.online_play.side == "black" and second.online_play.side == "white"
    assert first.online_play.frames[-1]["version"] == truth.ply
    check_seat(first, truth)
    check_seat(second, truth)
    check_clocks(first)
    play_turns(first, second, truth, qtbot, 3, random.Random(22))
    for w in (first, second):
        w.close()
        w.shutdown()


def test_a_silent_player_loses_on_time_in_both_windows(make_window, qtbot):
    """The server's timer ends the game of a mover that does nothing (a one-second clock):
    both windows say so, and their clock faces show the fallen flag."""
    from wec.gui.play.online import launch
    lobby = make_window()
    made = []
    launch.host_game(lambda: made.append(_online_window()) or made[-1], "Ann", "black",
                     persist=False, time_control={"base_seconds": 1.0, "increment_seconds": 0.0},
                     on_started=lambda play: None)
    qtbot.waitUntil(lambda: bool(made) and made[0].online_play.session.seat is not None,
                    timeout=WAIT)
    black = made[0]
    lobby.online_window = _online_window
    white = join(lobby, qtbot, black.online_play.session.url,
                 black.online_play.session.seat.game)
    for w in (black, white):
        qtbot.waitUntil(lambda w=w: w.game.result == "white", timeout=WAIT)
        assert "Black ran out of time" in w.last_game_over
        assert w.online_play.frames[-1]["reason"] == "time"
        assert "out of time" in w.clocks.face.labels["black"].text()
    for w in (black, white):
        w.close()
        w.shutdown()
