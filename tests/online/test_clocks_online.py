"""Game clocks online: the server charges the mover the time between the state that gave it the
move and its next request (server time, here a clock the test turns), adds the increment at End
Turn, ends the game when a side's time runs out (a silent mover too, by the game's timer), sends
both seats the clocks in every state, and keeps them across a restart (docs/PROTOCOL.md,
"Clocks"; wec.game.clock: chess's rule, RULES.md says nothing of time)."""
from __future__ import annotations

import asyncio

from online_helpers import next_frame, run
from wec.online import protocol as p
from wec.online.client import Client
from wec.online.server import Server

CONTROL = {"base_seconds": 60.0, "increment_seconds": 5.0}


class Turned:
    """A clock the test turns by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def clocked_pair(url: str, control: dict = CONTROL) -> tuple[Client, Client, str, dict]:
    """Black creates a game with clocks, White joins: (black, white, game id, black's state)."""
    black, white = await Client(url).connect(), await Client(url).connect()
    await black.send(p.Create("Ann", "black", {}, None, 60.0, time_control=control))
    seated = await next_frame(black, "seated")
    waiting = await next_frame(black, "state")
    assert not waiting["started"]
    await white.send(p.Join(seated["game"], "Bob"))
    await next_frame(white, "seated")
    await next_frame(white, "state")
    state = await next_frame(black, "state")
    return black, white, seated["game"], {"seated": seated, "state": state}


def test_the_mover_is_charged_its_time_and_the_increment_comes_at_end_turn(tmp_path):
    turned = Turned()

    async def scenario():
        server = Server(str(tmp_path / "g.sqlite3"), clock=turned)
        await server.start()
        black, white, game, first = await clocked_pair(server.url)
        state = first["state"]
        assert state["clock"] == {**CONTROL, "remaining": {"black": 60.0, "white": 60.0},
                                  "running": "black", "flagged": None}
        turned.now += 10.0  # Black thinks 10 s, then makes its Move
        move = next(a for a in state["legal"] if a.startswith("MV:"))
        await black.send(p.Act(game, move, 0))
        for client in (black, white):
            after = await next_frame(client, "state")
            assert after["clock"]["remaining"] == {"black": 50.0, "white": 60.0}
            assert after["clock"]["running"] == "black"
        turned.now += 2.0
        await black.send(p.Act(game, "END", 1))
        for client in (black, white):
            after = await next_frame(client, "state")
            # 48 s left, and the increment of its End Turn: White's time runs now
            assert after["clock"]["remaining"] == {"black": 53.0, "white": 60.0}
            assert after["clock"]["running"] == "white"
        turned.now += 7.5  # a seat coming back is told the running time as it is now
        again = await Client(server.url).connect()
        await again.send(p.Resume(game, first["seated"]["token"]))
        await next_frame(again, "seated")
        assert (await next_frame(again, "state"))["clock"]["remaining"]["white"] == 52.5
        for client in (black, white, again):
            await client.close()
        await server.stop()
    run(scenario)


def test_a_silent_mover_loses_on_time_and_a_late_act_is_refused(tmp_path):
    turned = Turned()

    async def scenario():
        server = Server(str(tmp_path / "g.sqlite3"), clock=turned)
        await server.start()
        black, white, game, first = await clocked_pair(server.url)
        turned.now += 59.0
        server.lobby.time_due(game)  # the game's timer, early: time is left, nothing ends
        turned.now += 1.5
        server.lobby.time_due(game)  # now Black's 60 s are spent: White wins on time
        for client in (black, white):
            final = await next_frame(client, "state")
            assert (final["result"], final["reason"]) == ("white", "time")
            assert final["clock"]["flagged"] == "black"
            assert final["clock"]["remaining"]["black"] == 0.0 and final["legal"] == []
            assert final["version"] == 0
        await black.send(p.Act(game, first["state"]["legal"][0], 0))
        assert (await next_frame(black, "error"))["code"] == p.GAME_OVER
        for client in (black, white):
            await client.close()
        await server.stop()
    run(scenario)


def test_an_act_after_the_time_ran_out_ends_the_game_on_time(tmp_path):
    """The timer has not fallen due yet (no event between): the act itself finds the time
    spent, and the game ends on time, not with the act."""
    turned = Turned()

    async def scenario():
        server = Server(str(tmp_path / "g.sqlite3"), clock=turned)
        await server.start()
        black, white, game, first = await clocked_pair(server.url)
        turned.now += 61.0
        await black.send(p.Act(game, first["state"]["legal"][0], 0))
        final = await next_frame(black, "state", "error")
        assert (final["type"], final["result"], final["reason"]) == ("state", "white", "time")
        assert (await next_frame(black, "error"))["code"] == p.GAME_OVER
        assert (await next_frame(white, "state"))["reason"] == "time"
        for client in (black, white):
            await client.close()
        await server.stop()
    run(scenario)


def test_a_restart_keeps_the_clocks_and_a_fallen_flag(tmp_path):
    db = str(tmp_path / "g.sqlite3")
    turned = Turned()

    async def before():
        server = Server(db, clock=turned)
        await server.start()
        black, white, game, first = await clocked_pair(server.url)
        turned.now += 20.0
        move = next(a for a in first["state"]["legal"] if a.startswith("MV:"))
        await black.send(p.Act(game, move, 0))
        await next_frame(black, "state")
        turned.now += 1.0
        await black.send(p.Act(game, "END", 1))
        await next_frame(white, "state")  # version 1: Black's Move
        assert (await next_frame(white, "state"))["clock"]["running"] == "white"
        turned.now += 30.0  # White thinks 30 s, then the server stops
        for client in (black, white):
            await client.close()
        await server.stop()
        return game, first["seated"]["token"]

    async def after(game, token):
        server = Server(db, clock=turned)
        await server.start()
        black = await Client(server.url).connect()
        await black.send(p.Resume(game, token))
        await next_frame(black, "seated")
        state = await next_frame(black, "state")
        # Black: 60 - 21 + 5; White: its 30 s before the restart are not charged
        assert state["version"] == 2
        assert state["clock"]["remaining"] == {"black": 44.0, "white": 60.0}
        assert state["clock"]["running"] == "white"
        turned.now += 60.5
        server.lobby.time_due(game)
        final = await next_frame(black, "state")
        assert (final["result"], final["reason"]) == ("black", "time")
        await black.close()
        await server.stop()
        server = Server(db, clock=turned)  # over on time, and still so after a restart
        await server.start()
        black = await Client(server.url).connect()
        await black.send(p.Resume(game, token))
        await next_frame(black, "seated")
        state = await next_frame(black, "state")
        assert (state["result"], state["reason"]) == ("black", "time")
        assert state["clock"]["flagged"] == "white" and state["clock"]["running"] is None
        await black.close()
        await server.stop()
    run(after, *run(before))


def test_the_timer_ends_the_game_of_a_mover_that_never_acts(served):
    """A real `wec serve` and its own clock: a tiny time control, Black stays silent; the
    game's timer ends it (no time is measured here, the test only waits for the end)."""
    server = served()

    async def scenario():
        black, white, game, first = await clocked_pair(
            server.url, {"base_seconds": 0.2, "increment_seconds": 0.0})
        for client in (white, black):
            final = await next_frame(client, "state", timeout=60.0)
            assert (final["result"], final["reason"]) == ("white", "time")
            assert final["clock"]["flagged"] == "black"
        for client in (black, white):
            await client.close()
    run(scenario)


def test_a_time_control_out_of_range_is_refused():
    for bad in ({"base_seconds": 0}, {"base_seconds": -5}, {"base_seconds": 60, "x": 1},
                {"base_seconds": 60, "increment_seconds": -1}, {"base_seconds": "60"},
                {"base_seconds": 1e9}, [60, 5]):
        frame = p.encode({"type": "create", "name": "A", "side": "black", "options": {},
                          "time_control": bad})
        try:
            p.parse_frame(frame)
        except p.ProtocolError as e:
            assert e.code == p.BAD_FRAME
        else:
            raise AssertionError(f"accepted {bad}")
    ok = p.parse_frame(p.encode({"type": "create", "name": "A", "side": "black", "options": {},
                                 "time_control": {"base_seconds": 300}}))
    assert isinstance(ok, p.Create)
    assert ok.time_control == {"base_seconds": 300.0, "increment_seconds": 0.0}


def test_no_clock_runs_while_both_players_are_away(tmp_path):
    """An adjourned game (neither seat connected) keeps its clocks as they were; one player
    back, the mover's time runs again, the absent mover's too."""
    turned = Turned()

    async def scenario():
        server = Server(str(tmp_path / "g.sqlite3"), clock=turned)
        await server.start()
        black, white, game, first = await clocked_pair(server.url)
        turned.now += 5.0
        await black.close()
        await next_frame(white, "presence")
        turned.now += 5.0
        await white.close()
        room = server.lobby.rooms[game]
        while room.peers["black"] or room.peers["white"]:  # the server sees it go
            await asyncio.sleep(0.01)
        turned.now += 500.0  # both away: nothing runs, the timer does nothing
        server.lobby.time_due(game)
        watcher = await Client(server.url).connect()
        await watcher.send(p.Resume(game, first["seated"]["token"]))
        await next_frame(watcher, "seated")
        state = await next_frame(watcher, "state")
        assert state["result"] is None
        assert state["clock"]["remaining"] == {"black": 50.0, "white": 60.0}
        turned.now += 20.0
        again = await Client(server.url).connect()
        await again.send(p.Resume(game, first["seated"]["token"]))
        await next_frame(again, "seated")
        assert (await next_frame(again, "state"))["clock"]["remaining"]["black"] == 30.0
        for client in (watcher, again):
            await client.close()
        await server.stop()
    run(scenario)


def test_clocks_agreed_in_a_set_up_run_from_its_end(tmp_path):
    turned = Turned()

    async def scenario():
        server = Server(str(tmp_path / "g.sqlite3"), clock=turned)
        await server.start()
        host, guest = await Client(server.url).connect(), await Client(server.url).connect()
        await host.send(p.Create("Ann", "black", {}, None, 60.0, "negotiate"))
        game = (await next_frame(host, "seated"))["game"]
        await next_frame(host, "setup")
        await guest.send(p.Join(game, "Bob"))
        await next_frame(guest, "seated")
        for client in (host, guest):
            await next_frame(client, "setup")
        await guest.send(p.Propose(game, {}, None, {"base_seconds": 90, "increment_seconds": 1}))
        for client in (host, guest):
            await next_frame(client, "setup")
        await host.send(p.Answer(game, True))
        for client in (host, guest):
            agreed = (await next_frame(client, "setup"))["agreed"]
            assert agreed["time_control"] == {"base_seconds": 90.0, "increment_seconds": 1.0}
        turned.now += 1000.0  # the set-up takes its time: no clock runs yet
        await host.send(p.Begin(game))
        for client in (host, guest):
            await next_frame(client, "seated")
            state = await next_frame(client, "state")
            assert state["clock"]["remaining"] == {"black": 90.0, "white": 90.0}
            assert state["clock"]["running"] == "black"
        for client in (host, guest):
            await client.close()
        await server.stop()
    run(scenario)


def test_a_restart_from_a_snapshot_keeps_the_clocks(tmp_path):
    """A game rebuilt from a snapshot (wec.online.snapshots) rather than from its start has
    the clocks of its last action all the same."""
    db = str(tmp_path / "g.sqlite3")
    turned = Turned()

    async def before():
        server = Server(db, clock=turned)
        await server.start()
        server.lobby.snapshot_every = 1
        black, white, game, first = await clocked_pair(server.url)
        turned.now += 7.0
        move = next(a for a in first["state"]["legal"] if a.startswith("MV:"))
        await black.send(p.Act(game, move, 0))
        await next_frame(black, "state")
        await black.send(p.Act(game, "END", 1))
        await next_frame(black, "state")
        assert server.store.snapshot(game) is not None
        await next_frame(white, "state")
        state = await next_frame(white, "state")
        turned.now += 3.0  # White's Move comes after the snapshot
        move = next(a for a in state["legal"] if a.startswith("MV:"))
        await white.send(p.Act(game, move, 2))
        await next_frame(white, "state")
        for client in (black, white):
            await client.close()
        await server.stop()
        return game, first["seated"]["token"]

    async def after(game, token):
        server = Server(db, clock=turned)
        await server.start()
        black = await Client(server.url).connect()
        await black.send(p.Resume(game, token))
        await next_frame(black, "seated")
        state = await next_frame(black, "state")
        assert state["version"] == 3
        assert state["clock"]["remaining"] == {"black": 58.0, "white": 57.0}
        await black.close()
        await server.stop()
    run(after, *run(before))
