"""A game rebuilt after a restart from its last snapshot (wec.online.snapshots: the position
after an End Turn, with what each side knows of the other's hidden pieces, R10.6) and the
actions after it gives both seats what the game that never stopped gives them: the same
observation, history (R12.3) and legal actions, at the same version, and goes on giving the
same frames action after action (sightings, reveals and markers included). No network here:
the lobby is driven directly, its frames written as the server writes them."""
from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

import pytest

pytest.importorskip("aiohttp")

from online_helpers import replica  # noqa: E402
from wec.online import protocol as p  # noqa: E402
from wec.online.rooms import Lobby, Room  # noqa: E402
from wec.online.store import Store  # noqa: E402

COMPARED = ("version", "to_move", "turn", "moved", "result", "observation", "history",
            "legal")


class Peer:
    """A connection as the lobby sees it: keeps the frames it is sent, as JSON values."""

    def __init__(self) -> None:
        self.seats: dict[str, str] = {}
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(json.loads(p.encode(frame)))


def seen(room: Room, side: str) -> dict[str, Any]:
    """What the state frame of `side` holds, as the client reads it, and what the server's
    game holds of the side's knowledge beyond it: where it last saw each enemy piece it
    cannot see now (R10.6; the frame shows it only through the enemy reserves seen armed)."""
    frame = json.loads(p.encode(room.state_frame(side)))
    out = {k: frame[k] for k in COMPARED}
    out["last_seen"] = room.game.observation(side).last_seen()
    return out


def seated_game(lobby: Lobby, scenario: str | None = "stealth_duel"
                ) -> tuple[Room, dict[str, Peer], dict[str, str]]:
    """A game with hidden pieces and both seats taken: room, peers, tokens."""
    black, white = Peer(), Peer()
    room = lobby.create(black, p.Create("Ann", "black", {}, scenario, 60.0))
    game_id = room.id
    lobby.join(white, p.Join(game_id, "Bob"))
    tokens = {side: next(f["token"] for f in peer.frames if f["type"] == "seated")
              for side, peer in (("black", black), ("white", white))}
    return room, {"black": black, "white": white}, tokens


def play(lobby: Lobby, room: Room, peers: dict[str, Peer], rng: random.Random) -> str:
    """One random action of the side to move (End Turn often, so turns end and snapshots
    come); its text."""
    legal = list(room.legal())
    ends = [t for t in legal if t == "END"]
    text = ends[0] if ends and rng.random() < 0.5 else rng.choice(legal)
    lobby.act(peers[room.game.to_move], p.Act(room.id, text, room.version))
    return text


def copy_of(db: str, to: str) -> str:
    with sqlite3.connect(db) as source, sqlite3.connect(to) as target:
        source.backup(target)
    return to


@pytest.mark.parametrize("scenario,seed", [("stealth_duel", 21), (None, 22)])
def test_a_game_rebuilt_from_its_snapshot_shows_each_seat_what_it_showed(tmp_path, scenario,
                                                                         seed):
    """After every action, the game read back from the file (its last snapshot, taken every
    few actions, and the actions after it) against the game that never stopped; stealth_duel
    hides pieces, the standard set-up has reserves to see armed (R8.4)."""
    db = str(tmp_path / "live.sqlite3")
    lobby = Lobby(Store(db))
    lobby.snapshot_every = 6
    room, peers, _ = seated_game(lobby, scenario)
    truth = replica(scenario)
    rng = random.Random(seed)
    from_snapshot = hidden = 0
    while room.version < 160 and room.game.result is None:
        truth.apply(play(lobby, room, peers, rng))
        again = Lobby(Store(db)).room(room.id)  # a restart: read back from the file
        from_snapshot += again.base > 0
        assert again.version == room.version == truth.ply
        for side in p.SIDES:
            assert seen(again, side) == seen(room, side), (side, room.version)
            assert seen(room, side)["observation"] == truth.observation(side).position()
            hidden += len(truth.observation(side).position()["pieces"]) < \
                len(truth.position()["pieces"])
    assert from_snapshot > 100, "the rebuilt games must start from snapshots"
    assert hidden > 50, "pieces must be hidden for the comparison to mean much"


def test_a_game_rebuilt_from_its_snapshot_goes_on_as_the_one_that_never_stopped(tmp_path):
    """Two servers from the moment of a restart: the one that never stopped and one rebuilt
    from the file (its last snapshot and the actions after it); the same actions to both,
    the same frames from both, to each seat, after every action."""
    db = str(tmp_path / "live.sqlite3")
    lobby = Lobby(Store(db))
    lobby.snapshot_every = 10
    room, peers, tokens = seated_game(lobby)
    rng = random.Random(33)
    while room.version < 50 or room.snapshot_at in (0, room.version):
        play(lobby, room, peers, rng)
    restarted = Lobby(Store(copy_of(db, str(tmp_path / "restarted.sqlite3"))))
    restarted.snapshot_every = 10
    twin_peers = {side: Peer() for side in p.SIDES}
    for side, peer in twin_peers.items():
        restarted.resume(peer, p.Resume(room.id, tokens[side]))
    twin = restarted.room(room.id)
    assert 0 < twin.base < twin.version == room.version
    for _ in range(150):
        if room.game.result is not None:
            break
        for side in p.SIDES:
            assert seen(twin, side) == seen(room, side), (side, room.version)
        version = room.version
        text = play(lobby, room, peers, rng)
        restarted.act(twin_peers[twin.game.to_move], p.Act(twin.id, text, version))
        for side in p.SIDES:
            mine, its = peers[side].frames[-1], twin_peers[side].frames[-1]
            assert {k: mine[k] for k in COMPARED} == {k: its[k] for k in COMPARED}
    assert twin.snapshot_at > twin.base, "the rebuilt game takes snapshots of its own"


def test_sigkill_after_snapshots_loses_no_acknowledged_action(served, tmp_path):
    """The real `wec serve`, killed with SIGKILL after its first snapshot and some actions
    after it: both seats resume at the version they were last sent, with the observation,
    history and legal actions the game that never stopped gives them, and play goes on."""
    from online_helpers import next_frame, run, seat_pair
    from wec.online.client import Client

    async def act(clients: dict[str, Client], game_id: str, truth, rng: random.Random) -> None:
        legal = [str(a) for a in truth.legal_actions()]
        text = "END" if "END" in legal and rng.random() < 0.5 else rng.choice(legal)
        await clients[truth.to_move].send(p.Act(game_id, text, truth.ply))
        truth.apply(text)
        for client in clients.values():  # acknowledged: both seats were sent the state
            assert (await next_frame(client, "state"))["version"] == truth.ply

    async def resume(url: str, game_id: str, token: str) -> tuple[Client, dict]:
        client = await Client(url).connect()
        await client.send(p.Resume(game_id, token))
        await next_frame(client, "seated")
        return client, await next_frame(client, "state")

    async def scenario() -> int:
        server = served()
        black, white, seated_b, seated_w = await seat_pair(server.url)
        game_id, truth, rng = seated_b["game"], replica(), random.Random(41)
        while truth.result is None and (store.snapshot(game_id) is None or
                                        truth.ply < store.snapshot(game_id).ply + 5):
            await act({"black": black, "white": white}, game_id, truth, rng)
        assert truth.result is None, "the game must go on past its first snapshot"
        server.kill()
        again = served()
        resumed = {}
        for side, seated in (("black", seated_b), ("white", seated_w)):
            client, state = await resume(again.url, game_id, seated["token"])
            resumed[side] = client
            assert state["version"] == truth.ply
            assert state["observation"] == truth.observation(side).position()
            assert state["history"] == truth.history(side)
            assert state["legal"] == ([str(a) for a in truth.legal_actions()]
                                      if truth.to_move == side else [])
        await next_frame(resumed["black"], "presence")
        for _ in range(3):
            await act(resumed, game_id, truth, rng)
        for client in (black, white, *resumed.values()):
            await client.close()
        again.kill()
        return store.snapshot(game_id).ply

    store = Store(str(tmp_path / "games.sqlite3"))  # the server's file, read beside it
    try:
        assert run(scenario) > 0
    finally:
        store.close()
