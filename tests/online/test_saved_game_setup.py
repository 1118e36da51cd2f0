"""A saved online game proposed in a set-up (the manual's WiFi game, and the Steam version: "a
save reloadable only by the same players in the same colours"): a seat's save names the game
and holds that seat's token; the proposer's token must hold one side of it, the accepter's the
other; the game then goes on from the server's own stored game (never from anything a client
sent), each player with the side it had, the clocks where they were, and the old game is
closed."""
from __future__ import annotations

from online_helpers import InProcess, dicts_in, next_frame, replica, run
from wec.online import protocol as p
from wec.online.client import Client

SCENARIO = "stealth_duel"  # hidden pieces on both sides (R10)
CONTROL = {"base_seconds": 600.0, "increment_seconds": 2.0}


async def played(url: str, actions: int = 5) -> tuple[dict, dict, list[str]]:
    """Ann (Black) and Bob (White) play a few actions of a game with clocks, then leave:
    their seated frames (what each one's save holds) and the actions played."""
    ann, bob = await Client(url).connect(), await Client(url).connect()
    await ann.send(p.Create("Ann", "black", {}, SCENARIO, 60.0, time_control=CONTROL))
    seat_a = await next_frame(ann, "seated")
    await next_frame(ann, "state")
    await bob.send(p.Join(seat_a["game"], "Bob"))
    seat_b = await next_frame(bob, "seated")
    states = {"black": await next_frame(ann, "state"), "white": await next_frame(bob, "state")}
    played_texts: list[str] = []
    for _ in range(actions):
        side = states["black"]["to_move"]
        legal = states[side]["legal"]
        text = "END" if "END" in legal else legal[0]
        await (ann if side == "black" else bob).send(
            p.Act(seat_a["game"], text, states[side]["version"]))
        played_texts.append(text)
        states = {"black": await next_frame(ann, "state"),
                  "white": await next_frame(bob, "state")}
    await ann.close()
    await bob.close()
    return seat_a, seat_b, played_texts


async def meet(url: str, host_name: str, guest_name: str, tokens: list[str] | None = None
               ) -> tuple[Client, Client, str]:
    """A new game with a set-up: the host creates it, the guest joins; both past the frames
    (`tokens` gets the host's and the guest's token of it)."""
    host, guest = await Client(url).connect(), await Client(url).connect()
    await host.send(p.Create(host_name, "black", {}, None, 60.0, "negotiate"))
    seated = await next_frame(host, "seated")
    game = seated["game"]
    await next_frame(host, "setup")
    await guest.send(p.Join(game, guest_name))
    joined = await next_frame(guest, "seated")
    for client in (host, guest):
        await next_frame(client, "setup")
    if tokens is not None:
        tokens.extend([seated["token"], joined["token"]])
    return host, guest, game


def test_the_same_players_continue_a_saved_game_in_the_same_colours(tmp_path):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            seat_a, seat_b, texts = await played(server.url)
            old = seat_a["game"]
            # Bob hosts the new set-up and wishes Black: the saved game gives him White again
            bob, ann, game = await meet(server.url, "Bob", "Ann")
            await bob.send(p.Propose(game, {}, saved={"game": old, "token": seat_b["token"]}))
            for client in (bob, ann):
                setup = await next_frame(client, "setup")
                saved = setup["proposal"]["saved"]
                assert saved == {"game": old, "sides": {"host": "white"},
                                 "names": {"black": "Ann", "white": "Bob"},
                                 "turn": saved["turn"], "version": len(texts)}
                assert setup["proposal"]["by"] == "host"
                # the proposal names the game, not a single piece of it
                assert not [d for d in dicts_in(setup) if "square" in d]
            await ann.send(p.Answer(game, True))  # no token of the saved game
            assert (await next_frame(ann, "error"))["code"] == p.BAD_TOKEN
            await ann.send(p.Answer(game, True, seat_b["token"]))  # Bob's side again
            assert (await next_frame(ann, "error"))["code"] == p.BAD_TOKEN
            await ann.send(p.Answer(game, True, seat_a["token"]))
            for client in (bob, ann):
                setup = await next_frame(client, "setup")
                assert setup["agreed"]["saved"]["sides"] == {"host": "white", "guest": "black"}
            await bob.send(p.Pick(game, "black"))  # a wish: the saved game's colours win
            for client in (bob, ann):
                await next_frame(client, "setup")
            await ann.send(p.Begin(game))
            assert (await next_frame(bob, "seated"))["side"] == "white"
            assert (await next_frame(ann, "seated"))["side"] == "black"
            truth = replica(SCENARIO)
            for text in texts:
                truth.apply(text)
            states = {"white": await next_frame(bob, "state"),
                      "black": await next_frame(ann, "state")}
            for side, state in states.items():
                assert state["version"] == len(texts) and state["game"] == game
                assert state["observation"] == truth.observation(side).position()
                assert state["history"] == truth.history(side)
                assert state["clock"]["base_seconds"] == 600.0
            mover = truth.to_move
            client = ann if mover == "black" else bob
            await client.send(p.Act(game, states[mover]["legal"][0], len(texts)))
            assert (await next_frame(client, "state"))["version"] == len(texts) + 1
            # the old game is closed: it goes on only as the new one
            late = await Client(server.url).connect()
            await late.send(p.Resume(old, seat_a["token"]))
            assert (await next_frame(late, "error"))["code"] == p.GAME_OVER
            for c in (bob, ann, late):
                await c.close()
    run(scenario)


def test_saved_games_that_cannot_be_continued_are_refused(tmp_path):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            seat_a, seat_b, _ = await played(server.url, actions=1)
            ann, bob, game = await meet(server.url, "Ann", "Bob")
            for saved, code in (({"game": "no-such-game", "token": seat_a["token"]},
                                 p.NO_SUCH_GAME),
                                ({"game": game, "token": seat_a["token"]}, p.NOT_STARTED),
                                ({"game": seat_a["game"], "token": "x" * 22}, p.BAD_TOKEN)):
                await ann.send(p.Propose(game, {}, saved=saved))
                assert (await next_frame(ann, "error"))["code"] == code, saved
            # a finished game: Bob resigns it, then it is proposed
            back = await Client(server.url).connect()
            await back.send(p.Resume(seat_b["game"], seat_b["token"]))
            await next_frame(back, "seated")
            await next_frame(back, "state")
            await back.send(p.Resign(seat_b["game"]))
            await next_frame(back, "state")
            await ann.send(p.Propose(game, {}, saved={"game": seat_a["game"],
                                                      "token": seat_a["token"]}))
            assert (await next_frame(ann, "error"))["code"] == p.GAME_OVER
            # options beside a saved game are a malformed frame
            await ann.send_text(p.encode({"type": "propose", "game": game, "options": {},
                                          "scenario": "no_articles",
                                          "saved": {"game": seat_a["game"], "token": "t"}}))
            assert (await next_frame(ann, "error"))["code"] == p.BAD_FRAME
            for c in (ann, bob, back):
                await c.close()
    run(scenario)


def test_an_agreed_saved_game_survives_a_restart_of_the_server(tmp_path):
    db = str(tmp_path / "g.sqlite3")

    async def before():
        async with InProcess(db) as server:
            seat_a, seat_b, texts = await played(server.url, actions=3)
            tokens: list[str] = []
            ann, bob, game = await meet(server.url, "Ann", "Bob", tokens)
            await ann.send(p.Propose(game, {}, saved={"game": seat_a["game"],
                                                      "token": seat_a["token"]}))
            await next_frame(ann, "setup")
            await next_frame(bob, "setup")
            await bob.send(p.Answer(game, True, seat_b["token"]))
            assert "saved" in (await next_frame(bob, "setup"))["agreed"]
            for c in (ann, bob):
                await c.close()
            return game, texts, tokens

    async def after(game, texts, tokens):
        async with InProcess(db) as server:
            ann, bob = await Client(server.url).connect(), await Client(server.url).connect()
            for client, token in zip((ann, bob), tokens):
                await client.send(p.Resume(game, token))
                await next_frame(client, "seated")
                setup = await next_frame(client, "setup")
                assert setup["agreed"]["saved"]["sides"] == {"host": "black", "guest": "white"}
            await bob.send(p.Begin(game))
            assert (await next_frame(ann, "seated"))["side"] == "black"
            state = await next_frame(ann, "state")
            assert state["version"] == len(texts)
            for c in (ann, bob):
                await c.close()
    run(after, *run(before))
