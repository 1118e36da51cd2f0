"""A server's lobby commits the actions of many games together (`Lobby(group_commits=True)`),
and still keeps the protocol's promise: an action is stored before any seat is told of it, and
an action that could not be stored is told to nobody and undone. No network here: the lobby
runs in an event loop, as the server's does, its frames kept as the client reads them."""
from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import Any

import pytest

pytest.importorskip("aiohttp")

from wec.online import protocol as p  # noqa: E402
from wec.online.rooms import Lobby, Room  # noqa: E402
from wec.online.store import Store  # noqa: E402


def stored_actions(db: str, game_id: str) -> int:
    """The actions of the game another connection reads in the file (what a restart finds)."""
    with sqlite3.connect(db) as other:
        return other.execute("SELECT COUNT(*) FROM actions WHERE game = ?",
                             (game_id,)).fetchone()[0]


class Peer:
    """A connection: keeps its frames, and when it is sent a state, what the file held then."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.seats: dict[str, str] = {}
        self.frames: list[dict[str, Any]] = []
        self.stored_when_told: list[tuple[int, int]] = []  # (state's version, actions stored)

    def send(self, frame: dict[str, Any]) -> None:
        frame = json.loads(p.encode(frame))
        self.frames.append(frame)
        if frame["type"] == "state":
            self.stored_when_told.append((frame["version"],
                                          stored_actions(self.db, frame["game"])))

    def versions(self) -> list[int]:
        return [f["version"] for f in self.frames if f["type"] == "state"]


def seated_game(lobby: Lobby, db: str) -> tuple[Room, dict[str, Peer]]:
    black, white = Peer(db), Peer(db)
    room = lobby.create(black, p.Create("Ann", "black", {}, None, 60.0))
    lobby.join(white, p.Join(room.id, "Bob"))
    return room, {"black": black, "white": white}


def first_action(room: Room) -> p.Act:
    return p.Act(room.id, next(iter(room.legal())), room.version)


async def two_games_act_together(db: str, fail: bool) -> tuple[list[Room], list[dict[str, Peer]],
                                                                list[int]]:
    """Two games, Black acting in both within one turn of the event loop; `fail`: the commit
    fails. The rooms, the peers, and the versions the seats were shown before the loop went
    on."""
    store = Store(db)
    lobby = Lobby(store, group_commits=True)
    games = [seated_game(lobby, db) for _ in range(2)]
    if fail:
        def refuse() -> None:
            raise sqlite3.OperationalError("disk I/O error")
        store.commit = refuse  # type: ignore[method-assign]
    for room, peers in games:
        lobby.act(peers["black"], first_action(room), ref=7)
    shown_before = [max(peer.versions()) for _, peers in games for peer in peers.values()]
    await asyncio.sleep(0)  # the loop goes on: the group is confirmed
    await asyncio.sleep(0)
    store.close()
    return [room for room, _ in games], [peers for _, peers in games], shown_before


def test_actions_of_two_games_are_stored_before_either_is_told(tmp_path):
    """Both acts are written before anyone hears of them; once the loop goes on, one commit
    stores both and every seat of both games gets the next state, the file already holding
    the action when each frame is sent (the promise: written before confirmed)."""
    db = str(tmp_path / "g.sqlite3")
    rooms, peers, shown_before = asyncio.run(two_games_act_together(db, fail=False))
    assert shown_before == [0, 0, 0, 0]
    for room, seats in zip(rooms, peers):
        assert room.version == 1 and stored_actions(db, room.id) == 1
        for peer in seats.values():
            assert peer.versions()[-1] == 1
            assert all(stored >= version for version, stored in peer.stored_when_told)


def test_a_failed_group_commit_tells_nobody_and_undoes_every_action(tmp_path):
    """The commit fails: neither action is kept, neither game moved on, no seat was shown
    version 1, and each acting seat got a server_error carrying its request's ref."""
    db = str(tmp_path / "g.sqlite3")
    rooms, peers, _ = asyncio.run(two_games_act_together(db, fail=True))
    for room, seats in zip(rooms, peers):
        assert room.version == 0 and room.game.ply == 0
        assert stored_actions(db, room.id) == 0
        assert all(set(peer.versions()) == {0} for peer in seats.values())
        errors = [f for f in seats["black"].frames if f["type"] == "error"]
        assert [(e["code"], e.get("ref")) for e in errors] == [(p.SERVER_ERROR, 7)]
        assert not any(f["type"] == "error" for f in seats["white"].frames)


def test_another_request_confirms_the_actions_written_first(tmp_path):
    """A request other than an act (here a connection leaving) comes after an act in the same
    turn of the loop: the act is stored and told before it is handled."""
    db = str(tmp_path / "g.sqlite3")

    async def run() -> tuple[Room, dict[str, Peer]]:
        store = Store(db)
        lobby = Lobby(store, group_commits=True)
        room, peers = seated_game(lobby, db)
        lobby.act(peers["black"], first_action(room))
        lobby.leave(peers["white"])
        store.close()
        return room, peers

    room, peers = asyncio.run(run())
    assert stored_actions(db, room.id) == 1
    after = [f["type"] for f in peers["black"].frames][-2:]
    assert after == ["state", "presence"]  # the action told before the opponent's leaving
    assert peers["white"].versions()[-1] == 1
