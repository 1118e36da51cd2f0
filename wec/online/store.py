"""The server's games on disk: one SQLite file (stdlib sqlite3, write-ahead log).

Tables: `games` (id, options, the initial position, the grace, result and how it ended),
`seats` (a game's side, the player's name and a hash of its token: the token itself is never
stored), `actions` (each game's actions in order, the texts `Game.replay_action` takes),
`clocks` (in a game with clocks, the seconds each side had left after each action),
`saved_terms` (a set-up's agreed saved game: the game it continues and the host's side) and
`snapshots` (a game's last snapshot: the position after an End Turn with what each side knows,
its `sightings`, and each side's turn strings so far, so a restart replays only the actions
after it; wec.online.snapshots). An action is committed here before any seat is told of it,
so a server killed at any moment
(SIGKILL included) comes back with every action it acknowledged; synchronous=NORMAL in WAL mode
keeps every commit across a crash of the process (only a power loss can take the last ones).
A server's store leaves the log's checkpoints to a thread (`autocheckpoint=False`,
wec.online.checkpoints), so that no commit on its event loop copies and syncs the log.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from wec.files.save import data_dir

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    options TEXT NOT NULL,
    initial TEXT NOT NULL,
    grace REAL NOT NULL,
    result TEXT,
    reason TEXT,
    phase TEXT NOT NULL DEFAULT 'play',
    scenario TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id),
    side TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game, side)
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE TABLE IF NOT EXISTS clocks (
    game TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    black REAL NOT NULL,
    white REAL NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE TABLE IF NOT EXISTS saved_terms (
    game TEXT PRIMARY KEY REFERENCES games(id),
    saved TEXT NOT NULL REFERENCES games(id),
    host_side TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS snapshots (
    game TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    position TEXT NOT NULL,
    histories TEXT NOT NULL,
    PRIMARY KEY (game, ply)
);
"""


def default_db_path() -> str:
    """The server's file in the per-user data folder (WEC_DATA_DIR overrides it)."""
    return os.path.join(data_dir(), "online.sqlite3")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """The token is the seat's: compared in constant time."""
    return hmac.compare_digest(token_hash(token), stored_hash)


@dataclass
class StoredSeat:
    side: str
    name: str
    token_hash: str


@dataclass
class StoredSnapshot:
    """A game as it stood after its first `ply` actions (wec.online.snapshots)."""
    ply: int
    position: dict[str, Any]
    """`Game.position()`, its `sightings` included."""
    histories: dict[str, list[str]]
    """The turn strings so far: "black" and "white" as each side reads them, "full"."""


@dataclass
class StoredGame:
    """One game as the file holds it."""
    id: str
    options: dict[str, Any]
    initial: dict[str, Any]
    grace: float
    result: str | None
    reason: str | None
    seats: dict[str, StoredSeat]
    actions: list[str]
    phase: str = "play"
    """Either play, or setup while a set-up goes on (options and scenario: its agreed terms),
    or continued: a set-up continued it as another game (it is played no more)."""
    scenario: str | None = None
    clock_marks: list[list[float]] | None = None
    """With clocks: [black, white] seconds left after each action."""
    saved_terms: tuple[str, str] | None = None
    """In a set-up: the saved game agreed to be continued, and the host's side in it."""
    snapshot: StoredSnapshot | None = None
    """The last snapshot, if any: `actions[snapshot.ply:]` follow it."""


class Store:
    """The SQLite file of a server; every write is its own committed transaction, but the
    grouped actions (`add_action(grouped=True)`), which one `commit` stores together."""

    def __init__(self, path: str, *, autocheckpoint: bool = True) -> None:
        """`autocheckpoint=False`: SQLite's own checkpoint, which runs in the commit that takes
        the write-ahead log past 1 000 pages, is turned off; a `wec.online.checkpoints.
        Checkpointer` does it beside (a server), and `close` does a last one."""
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        if not autocheckpoint:
            self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._db.executescript(SCHEMA)

    @property
    def autocheckpoint(self) -> int:
        """The log's pages at which a commit checkpoints (0: never)."""
        return int(self._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0])

    def close(self) -> None:
        """Close the file; without SQLite's own checkpoints, after a last one that empties the
        log (TRUNCATE)."""
        if self.autocheckpoint == 0 and self.path != ":memory:":
            try:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:  # the log stays: it is read again at the next start
                pass
        self._db.close()

    def add_game(self, game_id: str, options: dict[str, Any], initial: dict[str, Any],
                 grace: float, *, phase: str = "play", scenario: str | None = None) -> None:
        self._db.execute("INSERT INTO games (id, created, options, initial, grace, phase, "
                         "scenario) VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (game_id, time.time(), json.dumps(options), json.dumps(initial), grace,
                          phase, scenario))

    def set_terms(self, game_id: str, options: dict[str, Any], scenario: str | None,
                  initial: dict[str, Any]) -> None:
        """A set-up's agreed terms (and the position they start from)."""
        self._db.execute("UPDATE games SET options = ?, scenario = ?, initial = ? WHERE id = ?",
                         (json.dumps(options), scenario, json.dumps(initial), game_id))

    def begin(self, game_id: str, swap: bool) -> None:
        """The set-up ends: play starts; `swap`: the two seats change sides. One transaction."""
        with self._db:
            self._db.execute("BEGIN")
            if swap:
                for old, new in (("black", "swap"), ("white", "black"), ("swap", "white")):
                    self._db.execute("UPDATE seats SET side = ? WHERE game = ? AND side = ?",
                                     (new, game_id, old))
            self._db.execute("UPDATE games SET phase = 'play' WHERE id = ?", (game_id,))

    def add_seat(self, game_id: str, side: str, name: str, token: str) -> None:
        self._db.execute("INSERT INTO seats (game, side, name, token_hash) VALUES (?, ?, ?, ?)",
                         (game_id, side, name, token_hash(token)))

    def add_action(self, game_id: str, ply: int, text: str,
                   ended: tuple[str, str] | None = None, *,
                   clock: tuple[float, float] | None = None,
                   snapshot: StoredSnapshot | None = None, grouped: bool = False) -> None:
        """Action number `ply` (from 0) of the game, with `ended` (result, how) the end it
        brought, with `clock` the seconds each side has left after it, with `snapshot` the
        game as it stands after it (the one snapshot kept), in one transaction; a second
        action of the same ply is refused (sqlite3.IntegrityError) and nothing is written.
        `grouped`: written in the transaction open (one begun if none is), which `commit`
        ends: the actions of many games in one commit."""
        if grouped:
            if not self._db.in_transaction:
                self._db.execute("BEGIN")
            self._write_action(game_id, ply, text, ended, clock, snapshot)
            return
        with self._db:
            self._db.execute("BEGIN")
            self._write_action(game_id, ply, text, ended, clock, snapshot)

    def _write_action(self, game_id: str, ply: int, text: str, ended: tuple[str, str] | None,
                      clock: tuple[float, float] | None, snapshot: StoredSnapshot | None
                      ) -> None:
        self._db.execute("INSERT INTO actions (game, ply, text, at) VALUES (?, ?, ?, ?)",
                         (game_id, ply, text, time.time()))
        if clock is not None:
            self._db.execute("INSERT INTO clocks (game, ply, black, white) VALUES "
                             "(?, ?, ?, ?)", (game_id, ply, *clock))
        if ended is not None:
            self._db.execute("UPDATE games SET result = ?, reason = ? WHERE id = ?",
                             (*ended, game_id))
        if snapshot is not None:
            self._db.execute("DELETE FROM snapshots WHERE game = ?", (game_id,))
            self._db.execute("INSERT INTO snapshots (game, ply, position, histories) "
                             "VALUES (?, ?, ?, ?)",
                             (game_id, snapshot.ply, json.dumps(snapshot.position),
                              json.dumps(snapshot.histories)))

    @property
    def grouping(self) -> bool:
        """Grouped actions are written and not yet committed."""
        return self._db.in_transaction

    def commit(self) -> None:
        """Commit the grouped actions (sqlite3.Error: none of them is kept)."""
        if self._db.in_transaction:
            self._db.execute("COMMIT")

    def rollback(self) -> None:
        """Drop the grouped actions not committed."""
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")

    def unfinished(self) -> list[str]:
        """The ids of the games not over, oldest first."""
        rows = self._db.execute("SELECT id FROM games WHERE result IS NULL AND phase != "
                                "'continued' ORDER BY created")
        return [r[0] for r in rows]

    def load(self, game_id: str) -> StoredGame | None:
        row = self._db.execute("SELECT options, initial, grace, result, reason, phase, scenario "
                               "FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        seats = {side: StoredSeat(side, name, h) for side, name, h in self._db.execute(
            "SELECT side, name, token_hash FROM seats WHERE game = ?", (game_id,))}
        actions = [r[0] for r in self._db.execute(
            "SELECT text FROM actions WHERE game = ? ORDER BY ply", (game_id,))]
        marks = [[b, w] for b, w in self._db.execute(
            "SELECT black, white FROM clocks WHERE game = ? ORDER BY ply", (game_id,))]
        saved = self._db.execute("SELECT saved, host_side FROM saved_terms WHERE game = ?",
                                 (game_id,)).fetchone()
        return StoredGame(game_id, json.loads(row[0]), json.loads(row[1]), float(row[2]),
                          row[3], row[4], seats, actions, row[5], row[6],
                          clock_marks=marks or None,
                          saved_terms=None if saved is None else (saved[0], saved[1]),
                          snapshot=self.snapshot(game_id))

    # --- clocks and saved games (wec.online.clocks, wec.online.saved) --------------------------

    def end(self, game_id: str, result: str, reason: str) -> None:
        """A game ended without an action (a side's time ran out)."""
        self._db.execute("UPDATE games SET result = ?, reason = ? WHERE id = ? AND result IS "
                         "NULL", (result, reason, game_id))

    def set_saved_terms(self, game_id: str, saved: str | None, host_side: str | None) -> None:
        """A set-up's agreed saved game (None: the terms are options and a scenario again)."""
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM saved_terms WHERE game = ?", (game_id,))
            if saved is not None:
                self._db.execute("INSERT INTO saved_terms (game, saved, host_side) VALUES "
                                 "(?, ?, ?)", (game_id, saved, host_side))

    def continue_saved(self, game_id: str, saved: str, swap: bool) -> None:
        """The set-up `game_id` ends by continuing the saved game: its start, options,
        actions and clocks are copied into it, play starts (`swap`: the seats change sides),
        and the saved game is closed (phase continued). One transaction."""
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "UPDATE games SET (options, initial, scenario) = (SELECT options, initial, "
                "scenario FROM games WHERE id = ?) WHERE id = ?", (saved, game_id))
            for table, columns in (("actions", "ply, text, at"),
                                   ("clocks", "ply, black, white")):
                self._db.execute(f"INSERT INTO {table} (game, {columns}) SELECT ?, {columns} "
                                 f"FROM {table} WHERE game = ?", (game_id, saved))
            self._db.execute("UPDATE games SET phase = 'continued' WHERE id = ?", (saved,))
            if swap:
                for old, new in (("black", "swap"), ("white", "black"), ("swap", "white")):
                    self._db.execute("UPDATE seats SET side = ? WHERE game = ? AND side = ?",
                                     (new, game_id, old))
            self._db.execute("UPDATE games SET phase = 'play' WHERE id = ?", (game_id,))

    def snapshot(self, game_id: str) -> StoredSnapshot | None:
        """The game's last snapshot, if it has one."""
        row = self._db.execute("SELECT ply, position, histories FROM snapshots WHERE game = ? "
                               "ORDER BY ply DESC LIMIT 1", (game_id,)).fetchone()
        if row is None:
            return None
        return StoredSnapshot(int(row[0]), json.loads(row[1]), json.loads(row[2]))
