"""What the server refuses, over a real connection: a seat acting out of turn or for the other
side, a foreign token, a stale version, an illegal action, a third join, and junk frames of
every kind (truncated JSON, wrong types, huge numbers, deep nesting, a 1 MB frame, a flood).
Each gets an `error` frame, changes nothing (nobody is sent a state), and the connection and
the game go on."""
from __future__ import annotations

import asyncio
import json

from online_helpers import InProcess, next_frame, replica, run, seat_pair
from wec.online import protocol as p
from wec.online.client import Client


async def refused(client: Client, frame: dict | str, code: str) -> dict:
    if isinstance(frame, str):
        await client.send_text(frame)
    else:
        await client.send(frame)
    error = await next_frame(client, "error")
    assert error["code"] == code, error
    return error


async def first_legal_action_goes_through(black: Client, white: Client, game_id: str) -> None:
    """After the refusals, the game is still at version 0: a legal act makes version 1 for
    both (and is the first state either is sent since the refusals)."""
    text = str(replica().legal_actions()[0])
    await black.send(p.Act(game_id, text, 0))
    for client in (black, white):
        state = await next_frame(client, "state")
        assert state["version"] == 1


def test_out_of_turn_foreign_token_stale_illegal_and_full_are_refused(tmp_path):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            black, white, seated, seated_w = await seat_pair(server.url)
            game_id = seated["game"]
            legal = str(replica().legal_actions()[0])
            await refused(white, p.Act(game_id, legal, 0), p.NOT_YOUR_TURN)
            await refused(black, p.Act(game_id, legal, 3), p.STALE_VERSION)
            await refused(black, p.Act(game_id, "MV:K(1,1)->(9,9)", 0), p.ILLEGAL_ACTION)
            await refused(black, p.Act(game_id, "not an action", 0), p.ILLEGAL_ACTION)
            await refused(black, p.AcceptDraw(game_id),
                          p.NO_DRAW_OFFER)
            await refused(black, p.Claim(game_id), p.TOO_EARLY)
            # another game's token does not seat anyone here; a third join finds no seat
            stranger = await Client(server.url).connect()
            other_b, other_w, other_seated, _ = await seat_pair(server.url)
            await refused(stranger, p.Resume(game_id, other_seated["token"]), p.BAD_TOKEN)
            await refused(stranger, p.Join(game_id, "Eve"), p.GAME_FULL)
            await refused(stranger, p.Act(game_id, legal, 0), p.NOT_SEATED)
            await refused(stranger, p.Resume("no-such-game", seated["token"]), p.NO_SUCH_GAME)
            # a spectator cannot act either
            await stranger.send(p.Watch(game_id))
            await next_frame(stranger, "seated")
            await next_frame(stranger, "state")
            await refused(stranger, p.Act(game_id, legal, 0), p.NOT_SEATED)
            await first_legal_action_goes_through(black, white, game_id)
            for c in (black, white, stranger, other_b, other_w):
                await c.close()
    run(scenario)


JUNK = [
    ('{"type": "act", "game": "x", "act', p.BAD_JSON),                    # truncated
    ("", p.BAD_JSON),
    ("[1, 2, 3]", p.BAD_FRAME),                                            # not an object
    ('"act"', p.BAD_FRAME),
    ('{"type": 7}', p.BAD_FRAME),                                          # wrong types
    ('{"type": "act", "game": 12, "action": "END", "version": 0}', p.BAD_FRAME),
    ('{"type": "act", "game": "g", "action": ["END"], "version": 0}', p.BAD_FRAME),
    ('{"type": "act", "game": "g", "action": "END", "version": "0"}', p.BAD_FRAME),
    ('{"type": "act", "game": "g", "action": "END", "version": true}', p.BAD_FRAME),
    ('{"type": "act", "game": "g", "action": "END", "version": -1}', p.BAD_FRAME),
    ('{"type": "act", "game": "g", "action": "END", "version": 1e400}', p.BAD_FRAME),
    ('{"type": "act", "game": "g", "action": "END", "version": ' + "9" * 5000 + "}",
     p.BAD_FRAME),                                                         # huge numbers
    ('{"type": "act", "game": "g", "action": "END", "version": NaN}', p.BAD_JSON),
    ('{"type": "create", "grace": 1e308}', p.BAD_FRAME),
    ('{"type": "create", "options": {"tank_range": 99999}}', p.BAD_OPTIONS),
    ('{"type": "create", "options": {"no_such_option": 1}}', p.BAD_OPTIONS),
    ('{"type": "create", "scenario": "nowhere"}', p.BAD_OPTIONS),
    ('{"type": "create", "side": "green"}', p.BAD_FRAME),
    ('{"type": "join", "game": "g", "name": "' + "n" * 500 + '"}', p.BAD_FRAME),
    ('{"type": "join", "game": "g", "extra": 1}', p.BAD_FRAME),
    ('{"type": "teleport", "game": "g"}', p.UNKNOWN_TYPE),                 # unknown type
    ('{"game": "g"}', p.BAD_FRAME),
    ("[" * 10_000 + "]" * 10_000, p.TOO_DEEP),                             # nesting
    ('{"type": "create", "options": ' + '{"a": ' * 40 + "1" + "}" * 41, p.TOO_DEEP),
    ('{"type": "create", "name": "' + "x" * 1_000_000 + '"}', p.TOO_LARGE),  # 1 MB
]


def test_junk_frames_get_errors_and_the_game_goes_on(tmp_path):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            black, white, seated, _ = await seat_pair(server.url)
            for text, code in JUNK:
                error = await refused(black, text, code)
                assert len(json.dumps(error)) < 1000  # no echo of the junk
            await black.ws.send_bytes(b"\x00\x01binary")
            assert (await next_frame(black, "error"))["code"] == p.BINARY
            # the same connection still plays, and nobody saw a state meanwhile
            await first_legal_action_goes_through(black, white, seated["game"])
            assert len(server.lobby.rooms) == 1
            await black.close()
            await white.close()
    run(scenario)


def test_a_flood_of_frames_is_rate_limited_and_the_server_stays_up(tmp_path):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            black, white, seated, _ = await seat_pair(server.url)
            flood = await Client(server.url).connect()
            for i in range(1000):  # a thousand frames at once, well within a second
                await flood.send_text(json.dumps({"type": "watch", "game": "nope", "ref": i}))
            codes = []
            while True:
                try:
                    frame = await flood.receive(timeout=1.0)
                except asyncio.TimeoutError:
                    break
                codes.append(frame["code"])
            assert p.RATE_LIMITED in codes
            assert codes.count(p.NO_SUCH_GAME) < 500  # most frames were dropped, not served
            # the game and the other connections are untouched; the flooder recovers
            await first_legal_action_goes_through(black, white, seated["game"])
            await asyncio.sleep(0.2)
            await refused(flood, p.Watch("nope"), p.NO_SUCH_GAME)
            for c in (black, white, flood):
                await c.close()
    run(scenario)


def test_a_connection_holds_one_place_in_a_game(tmp_path):
    """A seat that watches its own game becomes a spectator there: it can no longer act, and
    its seat shows as gone to the opponent; resuming takes the seat back."""
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            black, white, seated, _ = await seat_pair(server.url)
            await black.send(p.Watch(seated["game"]))
            gone = await next_frame(white, "presence")
            assert (gone["side"], gone["status"]) == ("black", "reconnecting")
            await next_frame(black, "seated")
            assert (await next_frame(black, "state"))["side"] == "spectator"
            await refused(black, p.Act(seated["game"], "END", 0), p.NOT_SEATED)
            await black.send(p.Resume(seated["game"], seated["token"]))
            await next_frame(black, "seated")
            assert (await next_frame(black, "state"))["side"] == "black"
            await first_legal_action_goes_through(black, white, seated["game"])
            await black.close()
            await white.close()
    run(scenario)
