"""A whole random game between two real clients over loopback, in a scenario with hidden pieces
(stealth_duel: stealth and submerged pieces, range detection): every frame each seat receives
is that seat's observation (R10.6), its own history (R12.3) and its legal actions only when it
is to move; no hidden enemy piece appears anywhere in a frame; a spectator sees only the pieces
both sides see until the end."""
from __future__ import annotations

import random

import pytest

from online_helpers import (InProcess, dicts_in, hidden_from, next_frame, piece_key,
                            pieces_named, replica, run, seat_pair)
from wec.online import protocol as p
from wec.online.client import Client

SEAT_KEYS = {"type", "game", "side", "version", "to_move", "turn", "moved", "result", "reason",
             "started", "draw_offer", "presence", "observation", "history", "legal"}
MAX_ACTIONS = 400


def check_seat_frame(frame: dict, game, side: str) -> int:
    """The frame is exactly `side`'s view of `game`; the count of enemy pieces hidden from it."""
    assert set(frame) == SEAT_KEYS
    assert frame["version"] == game.ply and frame["to_move"] == game.to_move
    assert frame["observation"] == game.observation(side).position()
    assert frame["history"] == game.history(side)
    expected = [str(a) for a in game.legal_actions()] \
        if game.to_move == side and game.result is None else []
    assert frame["legal"] == expected
    hidden = hidden_from(game, side)
    for key in hidden:
        shown = [q for q in frame["observation"]["pieces"] if piece_key(q) == key]
        assert pieces_named(frame, key) == shown == [], f"{side} was sent a hidden {key}"
    return len(hidden)


def check_spectator_frame(frame: dict, game) -> None:
    seen_by = {side: [piece_key(q) for q in game.observation(side).position()["pieces"]]
               for side in p.SIDES}
    if game.result is not None:
        assert frame["observation"] == game.position()
        assert frame["history"] == game.full_history()
        return
    assert frame["history"] == [] and frame["legal"] == []
    for q in frame["observation"]["pieces"]:
        key = piece_key(q)
        assert key in seen_by["black"] and key in seen_by["white"], key
    for side in p.SIDES:
        for key in hidden_from(game, side):
            assert not pieces_named(frame, key), f"the spectator was sent {key}"


async def whole_game(url: str, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    black, white, seated, _ = await seat_pair(url)
    watcher = await Client(url).connect()
    await watcher.send(p.Watch(seated["game"]))
    assert (await next_frame(watcher, "seated"))["side"] == "spectator"
    game = replica()
    clients = {"black": black, "white": white}
    hidden_frames = 0
    check_spectator_frame(await next_frame(watcher, "state"), game)
    while game.result is None and game.ply < MAX_ACTIONS:
        mover = game.to_move
        text = rng.choice([str(a) for a in game.legal_actions()])
        await clients[mover].send(p.Act(seated["game"], text, game.ply))
        game.apply(text)
        for side, client in clients.items():
            frame = await next_frame(client, "state")
            hidden_frames += check_seat_frame(frame, game, side) > 0
        check_spectator_frame(await next_frame(watcher, "state"), game)
    for c in (black, white, watcher):
        await c.close()
    return game.ply, hidden_frames


@pytest.mark.slow  # the same check runs against `wec serve` below, in the fast set
def test_every_frame_of_a_whole_game_is_the_seats_observation(tmp_path):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            return await whole_game(server.url, seed=7)
    actions, hidden_frames = run(scenario)
    assert actions > 50
    assert hidden_frames > 10, "the game must hide pieces for the check to mean anything"


def test_the_real_wec_serve_passes_the_same_check(served):
    """The same whole-game check against `wec serve` started as a subprocess."""
    server = served()
    actions, hidden_frames = run(whole_game, server.url, 11)
    assert actions > 50 and hidden_frames > 10


def test_a_spectator_sees_each_projectile_and_who_fired_it():
    """Projectiles in flight are public (R7.6, R10.6): the spectator's board lists each one as
    both seats see it, its owner included (the filter once asked for a `color` key that
    projectiles do not have, so a spectator never learnt who had fired)."""
    from pathlib import Path

    import wec
    from wec.online.rooms import SPECTATOR, Room
    game = wec.Game.from_position(str(Path(__file__).parents[1] / "data" / "positions"
                                      / "horizon_fire_first.json"))
    room = Room("g", game, {"black": ("Ann", "t1"), "white": ("Bob", "t2")}, 60.0, None, 0.0)
    shown = room.state_frame(SPECTATOR)["observation"]["projectiles"]
    seen = [{k: pr[k] for k in ("type", "owner", "square", "level", "direction")}
            for pr in game.observation("black").position()["projectiles"]]
    assert shown == seen and shown and all("owner" in pr for pr in shown)
