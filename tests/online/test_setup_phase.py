"""The set-up phase (`"setup": "negotiate"`), the manual's WiFi game: both pick colours (a
clash resolved at random), either proposes terms and the other accepts or refuses, either ends
the set-up and the game starts on the agreed terms, Black moving first (R1.4)."""
from __future__ import annotations

from online_helpers import InProcess, next_frame, run
from wec.online import protocol as p
from wec.online.client import Client


async def negotiating(url: str, host_wish: str = "white") -> tuple[Client, Client, dict, dict]:
    host, guest = await Client(url).connect(), await Client(url).connect()
    await host.send(p.Create("Ann", host_wish, {}, None, 60.0, "negotiate"))
    seated_h = await next_frame(host, "seated")
    assert (seated_h["side"], seated_h["role"]) == (None, "host")
    await next_frame(host, "setup")
    await guest.send(p.Join(seated_h["game"], "Bob"))
    seated_g = await next_frame(guest, "seated")
    assert (seated_g["side"], seated_g["role"]) == (None, "guest")
    for client in (host, guest):
        setup = await next_frame(client, "setup")
        assert setup["names"] == {"host": "Ann", "guest": "Bob"}
    return host, guest, seated_h, seated_g


def test_colours_and_terms_are_agreed_then_the_game_starts(tmp_path):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            host, guest, seated_h, seated_g = await negotiating(server.url)
            game = seated_h["game"]
            await host.send(p.Act(game, "END", 0))
            assert (await next_frame(host, "error"))["code"] == p.NOT_STARTED
            await guest.send(p.Answer(game, True))
            assert (await next_frame(guest, "error"))["code"] == p.NO_PROPOSAL
            await guest.send(p.Propose(game, {"tank_range": 5}, "no_articles"))
            for client in (host, guest):
                setup = await next_frame(client, "setup")
                assert setup["proposal"] == {"options": {"tank_range": 5},
                                             "scenario": "no_articles", "by": "guest"}
            await guest.send(p.Propose(game, {"tank_range": 99}))
            assert (await next_frame(guest, "error"))["code"] == p.BAD_OPTIONS
            await host.send(p.Answer(game, True))
            for client in (host, guest):
                setup = await next_frame(client, "setup")
                assert setup["agreed"] == {"options": {"tank_range": 5},
                                           "scenario": "no_articles"}
                assert setup["proposal"] is None
            await guest.send(p.Pick(game, "black"))
            for client in (host, guest):
                assert (await next_frame(client, "setup"))["wishes"] == \
                    {"host": "white", "guest": "black"}
            await host.send(p.Begin(game))
            assert (await next_frame(host, "seated"))["side"] == "white"
            assert (await next_frame(guest, "seated"))["side"] == "black"
            state_h = await next_frame(host, "state")
            state_g = await next_frame(guest, "state")
            assert state_h["started"] and state_h["legal"] == [] and state_g["legal"]
            assert state_g["observation"]["options"]["tank_range"] == 5
            assert state_g["observation"]["articles"] == []  # the no_articles scenario
            await guest.send(p.Act(game, state_g["legal"][0], 0))
            assert (await next_frame(host, "state"))["version"] == 1
            await host.send(p.Pick(game, "black"))
            assert (await next_frame(host, "error"))["code"] == p.NOT_IN_SETUP
            # the host's token still holds its seat, now White
            again = await Client(server.url).connect()
            await again.send(p.Resume(game, seated_h["token"]))
            assert (await next_frame(again, "seated"))["side"] == "white"
            for c in (host, guest, again):
                await c.close()
    run(scenario)


def test_a_clash_of_colours_is_resolved_and_a_restart_keeps_the_terms(tmp_path):
    db = str(tmp_path / "g.sqlite3")

    async def before():
        async with InProcess(db) as server:
            host, guest, seated_h, seated_g = await negotiating(server.url, host_wish="black")
            await guest.send(p.Pick(seated_h["game"], "black"))
            await next_frame(guest, "setup")
            await guest.send(p.Propose(seated_h["game"], {"flame_range": 3}))
            await next_frame(guest, "setup")
            await host.send(p.Answer(seated_h["game"], True))
            await next_frame(host, "setup")
            await host.close()
            await guest.close()
            return seated_h, seated_g

    async def after(seated_h, seated_g):
        async with InProcess(db) as server:
            host = await Client(server.url).connect()
            await host.send(p.Resume(seated_h["game"], seated_h["token"]))
            assert (await next_frame(host, "seated"))["role"] == "host"
            setup = await next_frame(host, "setup")
            assert setup["agreed"]["options"] == {"flame_range": 3}
            guest = await Client(server.url).connect()
            await guest.send(p.Resume(seated_h["game"], seated_g["token"]))
            await next_frame(guest, "seated")
            await next_frame(guest, "setup")
            back = await next_frame(host, "presence")
            assert (back["side"], back["status"]) == ("guest", "connected")
            await guest.send(p.Begin(seated_h["game"]))
            sides = {(await next_frame(c, "seated"))["side"] for c in (host, guest)}
            assert sides == {"black", "white"}
            state = await next_frame(host, "state")
            assert state["observation"]["options"]["flame_range"] == 3
            await host.close()
            await guest.close()
    run(after, *run(before))
