"""Play > Online through two real play windows offscreen and a real `wec serve` the first window
hosts (a child process, docs/PROTOCOL.md): each window shows exactly its seat's observation
(R10.6) and never a hidden enemy piece, plays by its own controls, and a dropped connection
comes back by itself with the game going on."""
from __future__ import annotations

import random
from typing import Any, Callable

import pytest

pytest.importorskip("aiohttp")  # the server (the `online` extra)
pytest.importorskip("PySide6.QtWebSockets")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from wec.ai.player import AI  # noqa: E402
from wec.game.game import Game  # noqa: E402
from wec.online.setup import Terms, build_game  # noqa: E402

pytestmark = pytest.mark.gui

SCENARIO = "stealth_duel"  # hidden pieces on both sides from the start (R10)
WAIT = 60_000
GRACE = 1  # seconds an absent player is waited for before the other may claim the victory


def piece_set(pieces) -> set[tuple]:
    return {(p.type, p.color, p.row, p.col, p.level) for p in pieces}


def shown(window) -> set[tuple]:
    """Every piece the window's board draws."""
    return {(p.type, p.color, r, c, level) for (r, c), levels in window.snapshot.pieces.items()
            for level, ps in levels.items() for p in ps}


def frame_pieces(frame) -> set[tuple]:
    return {(p["type"], p["color"], p["square"][0], p["square"][1], p["level"])
            for p in frame["observation"]["pieces"]}


def check_seat(window, truth: Game) -> None:
    """The board is the seat's observation: the server's frame and the true game agree."""
    side = window.online_play.side
    assert window.pages.currentWidget() is window.splitter  # the board, no hand-off cover
    assert not window.board.hidden
    frame = window.online_play.frames[-1]
    assert shown(window) == frame_pieces(frame) == piece_set(truth.observation(side).pieces())
    assert piece_set(window.game.pieces()) == shown(window)  # the app holds nothing more
    enemy = "white" if side == "black" else "black"
    hidden = piece_set(truth.pieces(enemy)) - piece_set(truth.observation(side).pieces())
    assert not hidden & shown(window)
    assert window.turns == truth.history(side)
    # the move list: the actions of the seat's finished turns, as it may read them (R12.3)
    finished = [n for n in truth.action_notes(side) if n.ply < last_end(truth)]
    assert sorted((n.side, n.part) for n in window.history.notes if n.part) == \
        sorted((n.side, n.part) for n in finished if n.part)


def last_end(truth: Game) -> int:
    """The ply after the last End Turn."""
    ends = [n.ply for n in truth.action_notes("black") if n.kind == "END"]
    return ends[-1] + 1 if ends else 0


@pytest.fixture
def online_pair(make_window, qtbot):
    """Black hosts (Play > Online…, Host), White joins by address and code (Join)."""
    lobby = make_window()
    made = []

    def maker():
        made.append(_online_window())
        return made[-1]
    lobby.online_window = maker
    host = lobby.open_online()
    host.tabs.setCurrentIndex(0)
    host.side.setCurrentText("black")
    host.scenario.setCurrentIndex(host.scenario.findData(SCENARIO))
    host.grace.setValue(GRACE)
    host.announce.setChecked(False)  # Discover has a test of its own
    host.go()
    qtbot.waitUntil(lambda: host.opened is not None, timeout=WAIT)
    black = host.opened.window
    qtbot.waitUntil(lambda: black.online_play.session.seat is not None, timeout=WAIT)
    join = lobby.open_online()
    join.tabs.setCurrentIndex(1)
    join.address.setText(black.online_play.session.url)
    join.code.setText(black.online_play.session.seat.game)
    join.go()
    white = join.opened.window
    qtbot.waitUntil(lambda: len(white.online_play.frames) >= 1
                    and len(black.online_play.frames) >= 2, timeout=WAIT)
    yield black, white
    for w in made:
        w.close()
        w.shutdown()


def play_turns(black, white, truth: Game, qtbot, actions: int,
               pick: random.Random | Callable[[Any], Any]) -> int:
    """Up to `actions` actions, until the game ends, each played by the mover's window
    (Window.play, as a click does) and chosen from that window's own game: by `pick(window)`,
    or, `pick` a Random, mostly End Turn else any legal action. Both windows are checked
    against the true game after each action while the game goes on. Returns the actions
    played."""
    played = 0
    while played < actions and truth.result is None:
        mover = black if truth.to_move == "black" else white
        other = white if mover is black else black
        qtbot.waitUntil(lambda: mover.human_to_act(), timeout=WAIT)
        legal = mover.game.legal_actions()
        assert {str(a) for a in legal} == {str(a) for a in truth.legal_actions()}
        if isinstance(pick, random.Random):
            ends = [a for a in legal if a.kind == "end"]
            action = ends[0] if ends and pick.random() < 0.7 else pick.choice(legal)
        else:
            action = {str(a): a for a in legal}[str(pick(mover))]
        version = mover.online_play.frames[-1]["version"]
        assert mover.play(action)
        truth.apply(str(action))
        played += 1
        for w in (mover, other):
            qtbot.waitUntil(lambda w=w: w.online_play.frames[-1]["version"] == version + 1,
                            timeout=WAIT)
        QApplication.processEvents()
        if truth.result is None:
            check_seat(black, truth)
            check_seat(white, truth)
    return played


def test_two_windows_play_online_each_seeing_only_its_seat(online_pair, qtbot, shot_dir):
    black, white = online_pair
    truth = build_game(Terms({}, SCENARIO))
    assert truth.options.invisible_pieces
    for side in ("black", "white"):  # each side has pieces the other may not see
        enemy = "white" if side == "black" else "black"
        assert piece_set(truth.pieces(enemy)) - piece_set(truth.observation(side).pieces())
    check_seat(black, truth)
    check_seat(white, truth)
    assert black.online_play.side == "black" and white.online_play.side == "white"
    assert "connected" in white.online_play.bar.opponent.text()
    for name in ("new", "load", "undo", "hint", "board_editor", "mode_computer_vs_computer"):
        assert not black.actions_by_name[name].isEnabled(), name  # the game is the server's
    play_turns(black, white, truth, qtbot, 12, random.Random(4))
    assert truth.ply >= 12 or truth.result is not None
    black.grab().save(str(shot_dir / "online-black.png"))
    white.grab().save(str(shot_dir / "online-white.png"))


@pytest.mark.long  # about 7 minutes: 130-odd turns, each window redrawn and checked after every action
def test_two_windows_play_a_whole_game_to_its_end(online_pair, qtbot, shot_dir):
    """A whole game, each window's actions chosen by a quick computer player from that
    window's own game (its seat's observation) and played by the window; both seats checked
    against the true game after every action; the game ends in both windows with the server's
    result."""
    black, white = online_pair
    truth = build_game(Terms({}, SCENARIO))
    players = {side: AI(level=3, seconds=None, nodes=20_000, seed=n)
               for n, side in enumerate(("black", "white"))}
    play_turns(black, white, truth, qtbot, 2_000,
               lambda window: players[window.online_play.side].choose_action(window.game))
    assert truth.result is not None, "the game did not end"
    for w in (black, white):
        qtbot.waitUntil(lambda w=w: w.game.result == truth.result, timeout=WAIT)
        assert w.online_play.frames[-1]["result"] == truth.result
    black.grab().save(str(shot_dir / "online-end-black.png"))
    white.grab().save(str(shot_dir / "online-end-white.png"))


def test_a_dropped_connection_comes_back_and_the_game_goes_on(online_pair, qtbot):
    black, white = online_pair
    truth = build_game(Terms({}, SCENARIO))
    play_turns(black, white, truth, qtbot, 3, random.Random(7))
    links: list[str] = []
    white.online_play.session.link.connect(links.append)
    white.online_play.session.drop()
    qtbot.waitUntil(lambda: "reconnecting" in links, timeout=WAIT)
    qtbot.waitUntil(lambda: white.online_play.session.status == "connected"
                    and white.online_play.frames[-1]["presence"]["white"] == "connected",
                    timeout=WAIT)
    assert links[-1] == "connected"
    play_turns(black, white, truth, qtbot, 6, random.Random(8))
    check_seat(white, truth)


def test_an_action_sent_while_the_link_drops_is_sent_again(online_pair, qtbot):
    """The act is lost with the connection: after the resume the session sends it again on
    the same version, and the game moves on once."""
    black, white = online_pair
    truth = build_game(Terms({}, SCENARIO))
    qtbot.waitUntil(black.human_to_act, timeout=WAIT)
    action = black.game.legal_actions()[0]
    version = black.online_play.frames[-1]["version"]
    session = black.online_play.session
    real_send = session.socket.sendTextMessage
    lost: list[str] = []
    session.socket.sendTextMessage = lambda text: lost.append(text)  # the act never leaves
    assert black.play(action)
    session.socket.sendTextMessage = real_send
    assert len(lost) == 1 and '"act"' in lost[0]
    session.drop()
    truth.apply(str(action))
    qtbot.waitUntil(lambda: session.status == "connected"
                    and black.online_play.frames[-1]["version"] == version + 1, timeout=WAIT)
    qtbot.waitUntil(lambda: white.online_play.frames[-1]["version"] == version + 1, timeout=WAIT)
    assert session.pending is None
    acts = [f for f in session.sent if f["type"] == "act"]
    assert [(f["action"], f["version"]) for f in acts[-2:]] == [(str(action), version)] * 2
    check_seat(black, truth)
    check_seat(white, truth)


def test_a_draw_offered_and_accepted_ends_the_game_in_both_windows(online_pair, qtbot):
    black, white = online_pair
    qtbot.waitUntil(black.human_to_act, timeout=WAIT)
    black.actions_by_name["offer_draw"].trigger()
    qtbot.waitUntil(lambda: white.online_play.bar.accept.isVisibleTo(white), timeout=WAIT)
    assert "offers a draw" in white.online_play.bar.opponent.text()
    white.online_play.bar.accept.click()
    for w in (black, white):
        qtbot.waitUntil(lambda w=w: w.game.result == "draw", timeout=WAIT)
        assert w.online_play.frames[-1]["reason"] == "agreement"
        assert "by agreement" in w.last_game_over
        assert not w.human_to_act()


def test_resigning_through_the_play_menu_ends_the_game_for_the_server(online_pair, qtbot):
    black, white = online_pair
    white.actions_by_name["resign"].trigger()  # out of turn too: resigning is always allowed
    for w in (black, white):
        qtbot.waitUntil(lambda w=w: w.game.result == "black", timeout=WAIT)
        assert "White resigned" in w.last_game_over
        box = next(d for d in w.dialogs if d.objectName() == "game_over")
        assert "Play > Online" in box.informativeText()


def test_a_seat_closed_and_resumed_from_its_save_sees_the_same_game(online_pair, make_window,
                                                                    qtbot):
    """White closes its window (Black is told it is gone), then reopens its seat from
    Play > Online > Resume: the saved seat holds its own token and side only."""
    from wec.gui.play.online.saved_seats import load_seats, seats_path
    black, white = online_pair
    truth = build_game(Terms({}, SCENARIO))
    play_turns(black, white, truth, qtbot, 3, random.Random(3))
    seat = white.online_play.session.seat
    white.close()
    qtbot.waitUntil(lambda: "gone" in black.online_play.bar.opponent.text(), timeout=WAIT)
    saved = open(seats_path(), encoding="utf-8").read()
    assert seat.token in saved and black.online_play.session.seat.token in saved
    assert {(s.game, s.side) for s in load_seats()} == {(seat.game, "white"),
                                                        (seat.game, "black")}
    lobby = make_window()
    lobby.online_window = _online_window
    dlg = lobby.open_online()
    dlg.tabs.setCurrentIndex(2)
    dlg.seat_list.setCurrentRow(next(i for i, s in enumerate(dlg.seats) if s.side == "white"))
    dlg.go()
    again = dlg.opened.window
    qtbot.waitUntil(lambda: bool(again.online_play.frames), timeout=WAIT)
    qtbot.waitUntil(lambda: "connected" in black.online_play.bar.opponent.text()
                    and "gone" not in black.online_play.bar.opponent.text(), timeout=WAIT)
    check_seat(again, truth)
    play_turns(black, again, truth, qtbot, 3, random.Random(5))
    again.close()
    again.shutdown()


def _online_window():
    from wec.gui.play.settings import Preferences
    from wec.gui.launcher import play_window
    w = play_window(Game.new(), prefs=Preferences(mode="hotseat", animate=False, eval_bar=False),
                    persist=False, autosave=False)
    w.confirm = lambda title, text: True
    w.resize(1280, 860)
    return w


def test_the_victory_is_claimed_when_the_opponent_stays_away(online_pair, qtbot):
    black, white = online_pair
    white.close()
    bar = black.online_play.bar
    qtbot.waitUntil(lambda: bar.claim.isVisibleTo(black), timeout=WAIT)
    for _ in range(200):  # refused (too_early) until the grace is over: then the game ends
        bar.claim.click()
        qtbot.wait(100)
        if black.game.result is not None:
            break
    assert black.game.result == "black"
    assert black.online_play.frames[-1]["reason"] == "abandonment"
    assert not bar.claim.isVisibleTo(black)


def test_the_hosted_server_comes_back_with_its_game_when_the_host_resumes(online_pair,
                                                                          make_window, qtbot):
    """The host closes its window (its server stops); Resume starts the server again on the
    same port and file: both seats are back at the same version and play on."""
    black, white = online_pair
    truth = build_game(Terms({}, SCENARIO))
    play_turns(black, white, truth, qtbot, 3, random.Random(11))
    version = white.online_play.frames[-1]["version"]
    black.close()
    qtbot.waitUntil(lambda: white.online_play.session.status == "reconnecting", timeout=WAIT)
    lobby = make_window()
    lobby.online_window = _online_window
    dlg = lobby.open_online()
    dlg.tabs.setCurrentIndex(2)
    dlg.seat_list.setCurrentRow(next(i for i, s in enumerate(dlg.seats) if s.side == "black"))
    assert dlg.seats[dlg.seat_list.currentRow()].hosted
    dlg.go()
    qtbot.waitUntil(lambda: dlg.opened is not None, timeout=WAIT)
    again = dlg.opened.window
    qtbot.waitUntil(lambda: bool(again.online_play.frames), timeout=WAIT)
    assert again.online_play.frames[-1]["version"] == version
    qtbot.waitUntil(lambda: white.online_play.session.status == "connected", timeout=WAIT)
    play_turns(again, white, truth, qtbot, 3, random.Random(12))
    again.close()
    again.shutdown()


def test_a_hosted_game_is_discovered_on_the_local_network_and_joined(make_window, qtbot):
    """Host announces the game by mDNS (zeroconf) until the second player joins; Discover in
    another dialog lists it and joins it with the address and code announced."""
    pytest.importorskip("zeroconf")
    lobby = make_window()
    lobby.online_window = _online_window
    host = lobby.open_online()
    host.tabs.setCurrentIndex(0)
    host.side.setCurrentText("white")
    assert host.announce.isChecked()
    host.go()
    qtbot.waitUntil(lambda: host.opened is not None, timeout=WAIT)
    white = host.opened.window
    qtbot.waitUntil(lambda: white.online_play.session.seat is not None, timeout=WAIT)
    code = white.online_play.session.seat.game
    finder = lobby.open_online()
    finder.tabs.setCurrentIndex(3)

    def listed() -> bool:
        entries = [finder.found.item(i).data(Qt.ItemDataRole.UserRole)
                   for i in range(finder.found.count())]
        return any(e["game"] == code for e in entries)
    qtbot.waitUntil(listed, timeout=WAIT)
    row = next(i for i in range(finder.found.count())
               if finder.found.item(i).data(Qt.ItemDataRole.UserRole)["game"] == code)
    entry = finder.found.item(row).data(Qt.ItemDataRole.UserRole)
    port = white.online_play.session.url.rsplit(":", 1)[1]  # "PORT/ws"
    assert entry["side"] == "white" and entry["url"].endswith(f":{port}")
    finder.found.setCurrentRow(row)
    finder.go()
    black = finder.opened.window
    qtbot.waitUntil(lambda: len(black.online_play.frames) >= 1
                    and black.online_play.frames[-1]["started"], timeout=WAIT)
    assert black.online_play.side == "black"
    truth = build_game(Terms({}, None))
    play_turns(black, white, truth, qtbot, 2, random.Random(2))
    for w in (black, white):
        w.close()
        w.shutdown()


def test_a_wrong_address_says_the_server_cannot_be_reached(make_window, qtbot):
    """Join with an address where nothing listens: the bar says so and it keeps trying."""
    import socket
    with socket.socket() as s:  # a port nothing listens on once closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    lobby = make_window()
    lobby.online_window = _online_window
    dlg = lobby.open_online()
    dlg.tabs.setCurrentIndex(1)
    dlg.address.setText(f"ws://127.0.0.1:{port}/ws")
    dlg.code.setText("no-such-game")
    dlg.go()
    w = dlg.opened.window
    session = w.online_play.session
    qtbot.waitUntil(lambda: session.reconnects >= 2, timeout=WAIT)
    assert session.status == "unreachable"
    assert "Cannot reach the server" in w.online_play.bar.link.text()
    assert not w.human_to_act() and w.pages.currentWidget() is w.splitter
    assert not shown(w)  # nothing of any game on the board
    w.close()
    assert session.status == "closed" and not session.timer.isActive()
    w.shutdown()


def test_a_move_made_by_clicks_on_the_board_goes_to_the_server(online_pair, click, qtbot):
    """Two clicks (the piece, then its destination) on Black's board: the picker works from the
    server's legal list and the Move reaches both seats."""
    black, white = online_pair
    qtbot.waitUntil(black.human_to_act, timeout=WAIT)
    version = black.online_play.frames[-1]["version"]
    moves = [a for a in black.game.legal_actions() if a.kind == "move"]
    # a Move whose piece has only this one way to that square (no chooser in between)
    move = next(a for a in moves if sum(1 for b in moves if b.origin == a.origin
                                        and b.dest[:2] == a.dest[:2]) == 1)
    click(black, *move.origin)
    click(black, *move.dest)
    qtbot.waitUntil(lambda: white.online_play.frames[-1]["version"] == version + 1,
                    timeout=WAIT)
    assert black.online_play.session.sent[-1]["action"] == str(move)
    assert black.online_play.frames[-1]["moved"]


def test_the_colours_and_position_are_agreed_in_a_set_up_first(make_window, qtbot, shot_dir):
    """Host with a set-up: the guest wishes White and proposes the stealth duel, the host
    accepts, the guest starts the game; each window then shows its seat of that game."""
    lobby = make_window()
    lobby.online_window = _online_window
    host = lobby.open_online()
    host.tabs.setCurrentIndex(0)
    host.side.setCurrentText("black")
    host.announce.setChecked(False)
    host.negotiate.setChecked(True)
    host.go()
    qtbot.waitUntil(lambda: host.opened is not None, timeout=WAIT)
    first = host.opened.window
    qtbot.waitUntil(lambda: first.online_play.session.last_setup is not None, timeout=WAIT)
    assert first.online_play.setup_panel.isVisibleTo(first)
    assert not first.online_play.setup_panel.begin.isEnabled()  # nobody to play yet
    assert not shown(first)
    join = lobby.open_online()
    join.tabs.setCurrentIndex(1)
    join.address.setText(first.online_play.session.url)
    join.code.setText(first.online_play.session.game_id)
    join.go()
    second = join.opened.window
    guest = second.online_play.setup_panel
    qtbot.waitUntil(lambda: guest.isVisibleTo(second) and guest.begin.isEnabled(), timeout=WAIT)
    guest.wish.setCurrentText("white")
    guest.position.setCurrentIndex(guest.position.findData(SCENARIO))
    guest.propose.click()
    panel = first.online_play.setup_panel
    qtbot.waitUntil(lambda: panel.accept.isVisibleTo(first), timeout=WAIT)
    assert "Stealth duel" in panel.proposal.text()
    first.grab().save(str(shot_dir / "online-setup.png"))
    panel.accept.click()
    qtbot.waitUntil(lambda: "Stealth duel" in guest.agreed.text()
                    and not guest.accept.isVisibleTo(second), timeout=WAIT)
    guest.begin.click()
    for w in (first, second):
        qtbot.waitUntil(lambda w=w: bool(w.online_play.frames), timeout=WAIT)
        assert not w.online_play.setup_panel.isVisibleTo(w)
    assert first.online_play.side == "black" and second.online_play.side == "white"
    truth = build_game(Terms({}, SCENARIO))
    check_seat(first, truth)
    check_seat(second, truth)
    play_turns(first, second, truth, qtbot, 3, random.Random(6))
    for w in (first, second):
        w.close()
        w.shutdown()


def test_without_qtwebsockets_the_app_works_and_online_says_what_it_needs(make_window,
                                                                        monkeypatch):
    """PySide6-Addons is optional for the rest of the app: Play > Online names it."""
    import sys
    monkeypatch.setitem(sys.modules, "wec.gui.play.online.dialog", None)  # the import fails
    w = make_window(mode="hotseat")
    assert w.open_online() is None
    assert "PySide6-Addons" in w.last_error and "wec[gui]" in w.last_error
