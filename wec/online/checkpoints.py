"""The checkpoints of a server's SQLite file, off the event loop.

In WAL mode a commit appends the pages it changed to the write-ahead log; a checkpoint copies
the log's pages into the database file and syncs both (with synchronous=NORMAL these are the
only fsyncs). SQLite's own checkpoint runs inside the commit that takes the log past 1 000
pages: in a server, on the event loop, about once a second under load (the log grows by about
9 KB an action), each one copying and syncing megabytes: 3 - 17 ms on the idle disk, and as
long as the disk makes an fsync wait when it is busy. A server's store turns it off
(`Store(autocheckpoint=False)`) and a `Checkpointer` does it instead, in a thread with a
connection of its own (sqlite3 lets go of the GIL during its I/O), every `every` seconds.

Its round is a PASSIVE checkpoint, which never stops a commit: it copies what the log held
when it began, and the commits made meanwhile go on being appended. A log whose pages are all
copied starts again from its beginning at the next commit; under steady load one that never
catches up would grow without end, so once the log holds `limit` pages a RESTART follows: it
holds the writer's lock while it copies what is left (the pages committed since the PASSIVE
just done: little) and syncs, and the next commit starts the log again. A commit that comes
meanwhile waits for it (SQLite's busy wait: a few ms). A checkpoint never changes what is
stored: every commit is in the log before it, and a process killed during one (SIGKILL too)
finds every commit again when the file is next opened.
"""
from __future__ import annotations

import logging
import sqlite3
import threading
from dataclasses import dataclass

log = logging.getLogger(__name__)

EVERY = 1.0
"""Seconds between two rounds."""
LIMIT = 4096
"""The log's pages (16 MB of 4 KB pages) from which a round ends with a RESTART."""
WAIT = 0.1
"""Seconds a RESTART waits for the writer's lock (a transaction open on the loop) and then,
holding it, for readers of older pages (another program reading the file): kept short, as the
loop's commits wait meanwhile. Not granted in time, it ends as a PASSIVE one and the next round
tries again."""


@dataclass
class Round:
    """What one round did: the pages in the log, the pages copied, whether it restarted."""
    pages: int
    copied: int
    restarted: bool


def checkpoint(db: sqlite3.Connection, mode: str) -> tuple[bool, int, int]:
    """One checkpoint (PASSIVE, RESTART or TRUNCATE): (finished, pages in the log, pages
    copied)."""
    busy, pages, copied = db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
    return busy == 0, pages, copied


class Checkpointer:
    """Checkpoints a SQLite file in WAL mode from a thread of its own (`start`, `stop`), or a
    round at a time (`round`)."""

    def __init__(self, path: str, every: float = EVERY, limit: int = LIMIT,
                 wait: float = WAIT) -> None:
        self.path, self.every, self.limit = path, every, limit
        self.rounds = 0
        """Rounds done."""
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False,
                                   timeout=wait)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def round(self) -> Round:
        """A PASSIVE checkpoint; a RESTART after it if the log holds `limit` pages or more."""
        _, pages, copied = checkpoint(self._db, "PASSIVE")
        restarted = False
        if pages >= self.limit:
            restarted, pages, copied = checkpoint(self._db, "RESTART")
        self.rounds += 1
        return Round(pages, copied, restarted)

    def start(self) -> Checkpointer:
        self._thread = threading.Thread(target=self._run, name="wec-checkpoints", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.round()
            except sqlite3.Error:  # logged; the next round tries again
                log.exception("checkpoint of %s failed", self.path)

    def stop(self) -> None:
        """Stop the thread (a round going on ends first) and close its connection."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self._db.close()
