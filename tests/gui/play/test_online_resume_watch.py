"""Play > Online's Resume list with the seats' online saves (`*.wec-online`, as the app and
`wec online --save` write them) and its Watch tab, through real play windows offscreen and
the real `wec serve` the first window hosts: a save reopened takes its seat back with its
token and shows that seat's view only; a save whose server is gone says so in one line and
is kept; a spectator's window shows only what both sides see (R10.6) until the end, then the
whole game and its result."""
from __future__ import annotations

import os
import random
import socket

import pytest

pytest.importorskip("aiohttp")  # the server (the `online` extra)
pytest.importorskip("PySide6.QtWebSockets")

from test_online_play import (WAIT, _online_window, check_seat, online_pair,  # noqa: E402,F401
                              piece_set, play_turns, shown)
from wec.game.game import Game  # noqa: E402
from wec.online import saves  # noqa: E402
from wec.online.setup import Terms, build_game  # noqa: E402

pytestmark = pytest.mark.gui

SCENARIO = "stealth_duel"


def dialog_of(lobby, action: str):
    """The Play > Online dialog a menu action opened."""
    lobby.actions_by_name[action].trigger()
    return next(d for d in reversed(lobby.dialogs) if d.objectName() == "online_dialog")


def frame_pieces(observation) -> set[tuple]:
    return {(p["type"], p["color"], p["square"][0], p["square"][1], p["level"])
            for p in observation["pieces"]}


def test_an_online_save_is_listed_and_reopened_with_its_seat_only(online_pair, make_window,
                                                                  qtbot, tmp_path, shot_dir):
    """White's seat is left only in a save written elsewhere (as `wec online --save` does):
    File > Resume an online game… lists Black's kept seat with its save, opens White's file,
    and the reopened window takes White's seat back and shows White's observation."""
    from wec.gui.play.online.saved_seats import forget_seat
    black, white = online_pair
    truth = build_game(Terms({}, SCENARIO))
    play_turns(black, white, truth, qtbot, 3, random.Random(7))
    seat = white.online_play.session.seat
    outside = tmp_path / "white.wec-online"
    saves.write_save(outside, saves.of_state(seat.url, seat.game, "white", seat.token, "",
                                             {}, white.online_play.frames[-1]))
    white.close()
    white.shutdown()
    forget_seat(seat)  # nothing of White's seat left in the app's own files
    os.remove(saves.default_path(saves.read_save(outside)))
    lobby = make_window()
    lobby.online_window = _online_window
    dlg = dialog_of(lobby, "online_resume")
    assert dlg.tabs.currentWidget() is dlg.resume
    labels = [dlg.seat_list.item(i).text() for i in range(dlg.seat_list.count())]
    assert len(labels) == 1, labels  # Black's kept seat and its save: one line
    # the host's seat was seated before its opponent came: its save names no opponent
    assert labels[0].startswith("Online: you play Black — turn ")
    assert labels[0].endswith(f"to move — {seat.url} (hosted here)")
    assert dlg.seat_list.item(0).toolTip().startswith(f"Game {seat.game}\nSave: ")
    assert dlg.seat_list.item(0).toolTip().endswith(f"{seat.game}-black.wec-online")
    dlg.resume.choose_file = lambda: str(outside)
    dlg.resume.open_file.click()
    assert dlg.seat_list.count() == 2 and dlg.seat_list.currentRow() == 1
    assert dlg.seat_list.currentItem().text().startswith("Online: you play White — turn ")
    assert dlg.seat_list.currentItem().toolTip() == f"Game {seat.game}\nSave: {outside}"
    dlg.resize(900, 420)
    dlg.grab().save(str(shot_dir / "online-resume-list.png"))
    dlg.go()
    again = dlg.opened.window
    qtbot.waitUntil(lambda: bool(again.online_play.frames), timeout=WAIT)
    assert again.online_play.session.sent[0] == {"type": "resume", "game": seat.game,
                                                 "token": seat.token}
    check_seat(again, truth)
    play_turns(black, again, truth, qtbot, 2, random.Random(8))
    assert outside.exists()
    again.close()
    again.shutdown()


def test_a_save_whose_server_is_gone_says_so_in_one_line_and_is_kept(make_window, qtbot,
                                                                     tmp_path, shot_dir):
    with socket.socket() as s:  # a port nothing listens on once closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    truth = Game.new()
    view = {"version": truth.ply, "turn": truth.turn, "to_move": truth.to_move, "result": None,
            "observation": truth.observation("black").position(),
            "history": truth.history("black")}
    path = tmp_path / "gone.wec-online"
    saves.write_save(path, saves.OnlineSave(f"ws://127.0.0.1:{port}/ws", "G" * 22, "black",
                                            "T" * 22, "Ann", {"white": "Bob"}, view))
    before = path.read_bytes()
    lobby = make_window()
    lobby.online_window = _online_window
    dlg = dialog_of(lobby, "online_resume")
    dlg.resume.choose_file = lambda: str(path)
    dlg.resume.open_file.click()
    label = dlg.seat_list.currentItem().text()
    assert label == (f"Online: you play Black against Bob — turn 1, Black to move — "
                     f"ws://127.0.0.1:{port}/ws")
    dlg.go()
    w = dlg.opened.window
    session = w.online_play.session
    qtbot.waitUntil(lambda: session.reconnects >= 1, timeout=WAIT)
    bar = w.online_play.bar.link
    assert bar.text() == "No server answers: your save is kept — trying again…"
    assert bar.toolTip() == f"ws://127.0.0.1:{port}/ws\n{path}"
    assert f"Address: ws://127.0.0.1:{port}/ws" in w.online_play.bar.code.text()
    assert w.last_message == (
        f"No server answers at ws://127.0.0.1:{port}/ws: your save is kept "
        "(gone.wec-online) — trying again…")
    assert path.read_bytes() == before
    # the board is the save's own view (Black's observation), nothing to play
    assert shown(w) == frame_pieces(view["observation"])
    assert not w.human_to_act()
    w.grab().save(str(shot_dir / "online-resume-gone.png"))
    w.close()
    w.shutdown()


def spectator_truth(truth: Game) -> set[tuple]:
    """What both sides see: each side's pieces its enemy observes (R10.6)."""
    seen: set[tuple] = set()
    for side, enemy in (("black", "white"), ("white", "black")):
        seen |= {p for p in piece_set(truth.observation(enemy).pieces()) if p[1] == side}
    return seen


def test_a_spectator_sees_what_both_sides_see_then_the_whole_game(online_pair, make_window,
                                                                  qtbot, shot_dir):
    black, white = online_pair
    truth = build_game(Terms({}, SCENARIO))
    play_turns(black, white, truth, qtbot, 4, random.Random(11))
    lobby = make_window()
    lobby.online_window = _online_window
    dlg = dialog_of(lobby, "online_watch")
    assert dlg.tabs.currentIndex() == dlg.TABS.index("watch")
    dlg.watch_address.setText(black.online_play.session.url)
    dlg.watch_code.setText(black.online_play.session.seat.game)
    dlg.go()
    spec = dlg.opened.window
    watch = spec.online_play
    qtbot.waitUntil(lambda: bool(watch.frames), timeout=WAIT)
    assert watch.session.sent[0]["type"] == "watch"
    hidden = piece_set(truth.pieces()) - spectator_truth(truth)
    assert hidden, "the scenario hides pieces: the check below means something"
    assert shown(spec) == spectator_truth(truth)
    assert not hidden & shown(spec)
    assert not spec.human_to_act() and not spec.play(truth.legal_actions()[0])
    assert "Black: connected; White: connected" in watch.bar.opponent.text()
    assert "Players: Black Player, White Player" in watch.bar.code.text()
    play_turns(black, white, truth, qtbot, 4, random.Random(12))
    qtbot.waitUntil(lambda: watch.frames[-1]["version"] == black.online_play.frames[-1]
                    ["version"], timeout=WAIT)
    assert shown(spec) == spectator_truth(truth)
    assert not spec.history.notes  # no turn strings until the end: they tell hidden moves
    spec.resize(1280, 860)
    spec.grab().save(str(shot_dir / "online-watch.png"))
    white.close()  # White gone: Black's side sees the presence change, so does the spectator
    qtbot.waitUntil(lambda: "White: gone" in watch.bar.opponent.text(), timeout=WAIT)
    black.online_play.session.resign()
    qtbot.waitUntil(lambda: spec.game.result == "white", timeout=WAIT)
    assert "Result: White wins" in watch.bar.opponent.text()
    assert shown(spec) == piece_set(truth.pieces())  # the whole position once it is over
    assert spec.history.notes
    spec.close()
    spec.shutdown()
