"""Snapshots of a server's games: a restart rebuilds a game from its last snapshot and the
actions after it, not from its first action, so the cost of a restart does not grow with the
games' length.

A snapshot is the game's position (`Game.position()`, whose `sightings` keep what each side
knows of the other's hidden pieces, docs/FORMATS.md) and each side's turn strings so far. It
is taken right after an End Turn, so the turns before it are whole and a game rebuilt from it
spells the turns after it as the game that never stopped does; at most one every `EVERY`
actions (its cost, a position written out, spread over them), and stored with the action in
one transaction (wec.online.store).
"""
from __future__ import annotations

from typing import Protocol

from wec.game.game import Game
from wec.online.store import StoredGame, StoredSnapshot

EVERY = 40
"""Actions at least between two snapshots of a game."""


class Held(Protocol):
    """What a snapshot reads of a room (wec.online.rooms.Room)."""

    game: Game
    snapshot_at: int

    @property
    def version(self) -> int: ...

    def earlier_turns(self) -> dict[str, list[str]]: ...


def due(room: Held, every: int = EVERY) -> StoredSnapshot | None:
    """The snapshot to store with the action just applied, or None: one is taken after an End
    Turn at least `every` actions after the last. Not after an End Turn that destroyed a
    primary piece (R11.1 via a transport's arrival): what each side knows of that loss is read
    from the record of the turn, which a game rebuilt from a snapshot would not have."""
    line = room.game.record.line
    if room.version - room.snapshot_at < every or not line or line[-1].name != "END" \
            or line[-1].primary:
        return None
    game = room.game
    earlier = room.earlier_turns()
    histories = {side: earlier.get(side, []) + game.history(side) for side in ("black", "white")}
    histories["full"] = earlier.get("full", []) + game.full_history()
    return StoredSnapshot(room.version, game.position(), histories)


def resumed(stored: StoredGame) -> tuple[Game, int, dict[str, list[str]]]:
    """A stored game rebuilt: from its last snapshot (or its initial position) and the actions
    after it. (The game, the actions before its record began, the turn strings before it.)"""
    snap = stored.snapshot
    if snap is None:
        game, base, earlier = Game.from_position(stored.initial), 0, {}
    else:
        game, base, earlier = Game.from_position(snap.position), snap.ply, snap.histories
    game.set_competitive()
    for text in stored.actions[base:]:
        game.replay_action(text)
    return game, base, earlier
