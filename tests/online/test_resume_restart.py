"""A seat comes back: after a dropped connection (presence told to the opponent) and after the
server is stopped or killed (SIGKILL of the real `wec serve`): every acknowledged action is
kept, the version too, and the game goes on. The end of a game without its last move:
resignation, an agreed draw, and a claim of victory after the opponent has been gone longer
than the grace."""
from __future__ import annotations

import asyncio
import random

import pytest

from online_helpers import InProcess, next_frame, replica, run, seat_pair
from wec.online import protocol as p
from wec.online.client import Client
from wec.online.server import Server


async def play_random(clients: dict[str, Client], game_id: str, game, count: int,
                      rng: random.Random) -> None:
    """`count` random actions, each acknowledged (both seats sent its state) before the next."""
    for _ in range(count):
        if game.result is not None:
            return
        text = rng.choice([str(a) for a in game.legal_actions()])
        await clients[game.to_move].send(p.Act(game_id, text, game.ply))
        game.apply(text)
        for side, client in clients.items():
            state = await next_frame(client, "state")
            assert state["version"] == game.ply


async def resume(url: str, game_id: str, token: str) -> tuple[Client, dict, dict]:
    client = await Client(url).connect()
    await client.send(p.Resume(game_id, token))
    seated = await next_frame(client, "seated")
    return client, seated, await next_frame(client, "state")


def test_resume_after_a_dropped_connection_tells_the_opponent(tmp_path):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            black, white, seated, seated_w = await seat_pair(server.url)
            game_id, game = seated["game"], replica()
            await play_random({"black": black, "white": white}, game_id, game, 12,
                              random.Random(3))
            await black.close()
            gone = await next_frame(white, "presence")
            assert (gone["side"], gone["status"]) == ("black", "reconnecting")
            black, again, state = await resume(server.url, game_id, seated["token"])
            assert again["side"] == "black" and again["names"] == {"black": "Ann",
                                                                    "white": "Bob"}
            assert state["version"] == game.ply
            assert state["observation"] == game.observation("black").position()
            back = await next_frame(white, "presence")
            assert (back["side"], back["status"]) == ("black", "connected")
            await play_random({"black": black, "white": white}, game_id, game, 4,
                              random.Random(4))
            await black.close()
            await white.close()
    run(scenario)


def test_a_restarted_server_keeps_every_game_and_its_version(tmp_path):
    db = str(tmp_path / "g.sqlite3")

    async def first_run():
        async with InProcess(db) as server:
            black, white, seated, seated_w = await seat_pair(server.url)
            game = replica()
            await play_random({"black": black, "white": white}, seated["game"], game, 20,
                              random.Random(5))
            await black.close()
            await white.close()
            return seated, seated_w, game

    async def second_run(seated, seated_w, game):
        async with InProcess(db) as server:
            assert await server.reloading == 1  # reloaded at start
            assert seated["game"] in server.lobby.rooms
            black, _, state_b = await resume(server.url, seated["game"], seated["token"])
            white, _, state_w = await resume(server.url, seated["game"], seated_w["token"])
            for side, state in (("black", state_b), ("white", state_w)):
                assert state["version"] == game.ply == 20
                assert state["observation"] == game.observation(side).position()
                assert state["history"] == game.history(side)
            await next_frame(black, "presence")
            await play_random({"black": black, "white": white}, seated["game"], game, 3,
                              random.Random(6))
            await black.close()
            await white.close()

    run(second_run, *run(first_run))


def test_resignation_draw_and_claim_end_the_game_for_both(tmp_path):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            black, white, seated, _ = await seat_pair(server.url, scenario=None)
            await black.send(p.Resign(seated["game"]))
            for client in (black, white):
                state = await next_frame(client, "state")
                assert (state["result"], state["reason"], state["version"]) == \
                    ("white", "resignation", 1)
            error = await next_frame_after(black, p.Act(seated["game"], "END", 1), "error")
            assert error["code"] == p.GAME_OVER
            await black.close()
            await white.close()
            while seated["game"] in server.lobby.rooms:  # over and unwatched: let go
                await asyncio.sleep(0.01)
            watcher = await Client(server.url).connect()  # read again from the file
            await watcher.send(p.Watch(seated["game"]))
            await next_frame(watcher, "seated")
            final = await next_frame(watcher, "state")
            assert (final["result"], final["version"]) == ("white", 1)
            assert final["history"] == ["RESIGN"]  # the full record, once the game is over
            await watcher.close()

            black, white, seated, _ = await seat_pair(server.url, scenario=None)
            await white.send(p.OfferDraw(seated["game"]))
            offered = await next_frame(black, "state")
            assert offered["draw_offer"] == "white" and offered["version"] == 0
            await next_frame(white, "state")
            await black.send(p.AcceptDraw(seated["game"]))
            for client in (black, white):
                state = await next_frame(client, "state")
                assert (state["result"], state["reason"]) == ("draw", "agreement")

            black, white, seated, _ = await seat_pair(server.url, scenario=None, grace=1.0)
            await white.close()
            assert (await next_frame(black, "presence"))["status"] == "reconnecting"
            error = await next_frame_after(black, p.Claim(seated["game"]), "error")
            assert error["code"] == p.TOO_EARLY
            await asyncio.sleep(1.1)
            await black.send(p.Claim(seated["game"]))
            state = await next_frame(black, "state")
            assert (state["result"], state["reason"]) == ("black", "abandonment")
            await black.close()
    run(scenario)


async def next_frame_after(client: Client, request: p.Request, kind: str) -> dict:
    await client.send(request)
    return await next_frame(client, kind)


def test_sigkill_of_wec_serve_loses_no_acknowledged_action(served):
    """The real `wec serve` subprocess, killed with SIGKILL in the middle of a game (both seats
    connected), started again on the same file: both seats resume at the version they were last
    sent, and the game goes on."""
    async def scenario():
        server = await asyncio.to_thread(served)
        black, white, seated, seated_w = await seat_pair(server.url)
        game = replica()
        await play_random({"black": black, "white": white}, seated["game"], game, 15,
                          random.Random(8))
        await asyncio.to_thread(server.kill)
        again = await asyncio.to_thread(served)
        b, _, state_b = await resume(again.url, seated["game"], seated["token"])
        w, _, state_w = await resume(again.url, seated["game"], seated_w["token"])
        assert state_b["version"] == state_w["version"] == game.ply == 15
        assert state_b["observation"] == game.observation("black").position()
        assert state_w["observation"] == game.observation("white").position()
        await next_frame(b, "presence")
        await play_random({"black": b, "white": w}, seated["game"], game, 3, random.Random(9))
        for c in (black, white, b, w):
            await c.close()
        return again
    again = run(scenario)
    code, out = again.terminate()
    assert code == 0 and "stopped" in out


def test_a_client_thinking_long_keeps_its_connection(tmp_path):
    """The server pings every `heartbeat` seconds and drops a client that does not answer; a
    client choosing its action (not reading) answers anyway: its reader task takes the pings."""
    async def scenario():
        server = Server(str(tmp_path / "g.sqlite3"), heartbeat=0.2)
        await server.start()
        black, white, seated, _ = await seat_pair(server.url)
        await asyncio.sleep(1.5)  # both "think": many pings go unread by the test
        text = str(replica().legal_actions()[0])
        await black.send(p.Act(seated["game"], text, 0))
        for client in (black, white):
            assert (await next_frame(client, "state"))["version"] == 1
        await black.close()
        await white.close()
        await server.stop()
    run(scenario)


def test_an_act_lost_with_the_connection_is_sent_again_after_resuming(tmp_path):
    """play_seat: the connection drops between choosing and sending; the client resumes, finds
    the game still at that version and sends the same action again (never choosing twice)."""
    from wec.online.client import Seat, play_seat, random_chooser

    class Enough(Exception):
        """40 actions are enough: the test needs no whole game."""

    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            black, white, seated_b, seated_w = await seat_pair(server.url, scenario=None)
            chosen: list[int] = []
            seen: list[int] = []
            pick = random_chooser(5)

            async def dropping(state: dict) -> str:
                chosen.append(state["version"])
                text = await pick(state)
                if len(chosen) == 3:
                    await black.ws.close()  # gone before the act is sent
                return text

            def follow(state: dict) -> None:
                seen.append(state["version"])
                if state["version"] >= 40:
                    raise Enough
            seat_b = Seat(seated_b["game"], "black", seated_b["token"])
            seat_w = Seat(seated_w["game"], "white", seated_w["token"])
            other_seat = asyncio.ensure_future(play_seat(server.url, seat_w, random_chooser(6),
                                                         white))
            await black.send(p.Resume(seat_b.game, seat_b.token))  # the first state, again
            with pytest.raises(Enough):
                await play_seat(server.url, seat_b, dropping, black, on_state=follow)
            other_seat.cancel()
            await asyncio.gather(other_seat, return_exceptions=True)
            assert len(chosen) == len(set(chosen)), "a version was chosen twice"
            assert seen.count(chosen[2]) == 2, "the resumed seat is sent that version again"
            assert server.lobby.room(seated_b["game"]).version >= 40
    run(scenario)
