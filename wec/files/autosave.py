"""Autosave at O(1) per action: the save file plus an append-only journal beside it.

`start(game, path)` writes the save file (docs/FORMATS.md, unchanged) and starts `<path>.journal`
(its format: wec.game.savefile): a header line naming the save it continues, then one line per
change of the line of play, written before the action returns, so a kill loses at most the
action in flight. The `Autosave` is the game's recorder (`Game.attach_recorder`).

Once the journal holds more lines than a quarter of the game's actions (at least 32) it is folded
into the save file, so the total work stays linear in the game's length. The game's thread only
gathers the save's content (no copy of the game); a writer thread turns it into text, starts the
new journal (`.journal.next`, with the lines played meanwhile), writes the save file and renames
the new journal over the old one; until then every line also goes to the old journal.
`Game.load` reads the save, then whichever journal's header names that very save.
"""
from __future__ import annotations

import json
import os
import threading
import warnings
from typing import Any, Callable, Sequence

from wec.game.atomicfile import ensure_folder, open_private, write_atomically
from wec.game.game import Game
from wec.game.record import Entry
from wec.game.savefile import (JOURNAL_FORMAT, JOURNAL_VERSION, file_digest, journal_path,
                               save_data)

MIN_LINES = 32


def start(game: Game, path: str | os.PathLike[str] | None, *,
          on_error: Callable[[str], None] | None = None) -> "Autosave | None":
    """Keep `game` saved in `path` after every action (None: stop autosaving; so does a new
    `start`): the save file is written now, then each action appends one line to a journal
    beside it (`<path>.journal`, O(1) per action), folded into the save file from time to time
    and by `flush(game)`; `Game.load` reads the two together. A failure (disk full, folder gone)
    never undoes an action: `on_error(message)` is told once (without it, one RuntimeWarning),
    and autosaving stops. Returns the game's `Autosave` (None with no path)."""
    stop(game)
    if path is None:
        return None
    saver = Autosave(game, os.fspath(path), on_error)
    game.attach_recorder(saver)
    saver.compact()
    return saver


def stop(game: Game) -> None:
    """Stop autosaving `game` (nothing if it does not autosave)."""
    saver = game.recorder
    if isinstance(saver, Autosave):
        saver.close()
        game.attach_recorder(None)


def flush(game: Game) -> None:
    """Fold `game`'s autosave journal into the save file now (e.g. on exit)."""
    saver = game.recorder
    if isinstance(saver, Autosave):
        saver.compact()


class Autosave:
    """Keeps one game's save file and journal up to date. Called from the game's thread; the
    save file of a fold is written by a writer thread, so no action waits for it."""

    def __init__(self, game: Game, path: str, on_error: Callable[[str], None] | None) -> None:
        self.game = game
        self.path = path
        self.on_error = on_error
        self.failed = False
        self._error: BaseException | None = None  # met by the writer thread, told by the game's
        self._lock = threading.Lock()
        self._file: Any = None   # the journal that continues the save file on disk
        self._next: Any = None   # during a fold: the journal that continues the save being written
        self._next_lines: list[str] | None = None  # during a fold, before `_next` is open: its lines
        self._writer: threading.Thread | None = None
        self._lines = 0
        self._recorded: list[Entry] = []  # the line of play the files hold
        self._dirty = threading.Event()  # lines written since the last fsync
        self._syncer: threading.Thread | None = None
        self._closed = False

    def record(self, *, rewrite: bool = False) -> None:
        """After a change of the game: one journal line; a fold once the journal has grown."""
        self._tell_error()
        if self.failed:
            return
        line = self.game.record.line
        rec = self._recorded
        keep = _common_prefix(rec, line)
        if keep == len(rec) == len(line):
            return
        if self._file is None:
            self.compact()
            return
        step: dict[str, Any] = {"at": keep, "add": [e.text for e in line[keep:]]}
        marks = self.game.clock_marks(keep)
        if marks is not None:  # the clocks after each added action (wec.game.savefile)
            step["clock"] = marks
        text = json.dumps(step) + "\n"
        try:
            with self._lock:
                if self._next_lines is not None:
                    self._next_lines.append(text)
                for f in (self._file, self._next):
                    if f is not None:
                        f.write(text)
                        f.flush()  # in the OS from here: a killed process loses nothing
                        if os.fstat(f.fileno()).st_nlink == 0:
                            raise OSError(f"{self.path}: the autosave journal was removed")
            self._sync_soon()
        except (OSError, ValueError) as e:
            self._fail(e)
            return
        del rec[keep:]
        rec.extend(line[keep:])
        self._lines += 1
        folding = self._writer is not None and self._writer.is_alive()
        if rewrite or (self._lines >= max(MIN_LINES, len(line) // 4) and not folding):
            self.compact(wait=False)

    def compact(self, *, wait: bool = True) -> None:
        """Fold: the whole save file, then a fresh journal that continues it. The journal that
        will continue the new save (`.journal.next`) is started before the save is written and
        takes every line from then on alongside the current one (the lines played while the
        writer makes the save's text wait in memory, and in the current journal), so a kill at
        any moment leaves a save file with a journal that continues it. `wait`: write the save
        file before returning; else the writer thread does all but gathering the content."""
        self.join()
        self._tell_error()
        if self.failed:
            return
        data = save_data(self.game, shared=True)  # the game's thread: no copy, nothing written
        self._recorded = list(self.game.record.line)
        self._lines = 0
        if wait:
            self._fold(data)
            self._tell_error()
        else:
            with self._lock:
                self._next_lines = []
            self._writer = threading.Thread(target=self._fold, args=(data,),
                                            name="wec-autosave", daemon=True)
            self._writer.start()

    def _fold(self, data: dict[str, Any]) -> None:
        """The save's text, the new journal (its header names that text), the save file, and
        the new journal in the old one's place. Errors are told by the game's thread."""
        nxt = journal_path(self.path) + ".next"
        try:
            text = json.dumps(data, indent=1) + "\n"
            header = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION,
                      "base": len(data["actions"]), "save": file_digest(text.encode("utf-8"))}
            ensure_folder(nxt)
            journal = open_private(nxt)
            with self._lock:  # synced below before it takes the journal's place
                journal.write(json.dumps(header) + "\n")
                journal.writelines(self._next_lines or ())
                journal.flush()
                self._next, self._next_lines = journal, None
            write_atomically(self.path, text)
            with self._lock:
                os.fsync(journal.fileno())
                os.replace(nxt, journal_path(self.path))
                old, self._file, self._next = self._file, self._next, None
            if old is not None:
                old.close()
        except OSError as e:
            with self._lock:
                self._next_lines = None
            self._error = e

    def _sync_soon(self) -> None:
        """The journal lines reach the disk (fsync) on a background thread: an fsync on the
        game's thread stalled the app's window for tens of milliseconds. A killed process loses
        nothing that was flushed; only a crash of the machine itself can lose the last lines
        (a torn last line is dropped on recovery)."""
        self._dirty.set()
        if self._syncer is None or not self._syncer.is_alive():
            self._syncer = threading.Thread(target=self._sync_loop, name="wec-journal-sync",
                                            daemon=True)
            self._syncer.start()

    def _sync_loop(self) -> None:
        while not self._closed:
            if not self._dirty.wait(timeout=1.0):
                continue
            self._dirty.clear()
            with self._lock:  # own descriptors: the files may be closed meanwhile
                fds = [os.dup(f.fileno()) for f in (self._file, self._next)
                       if f is not None and not f.closed]
            try:
                for fd in fds:
                    os.fsync(fd)  # outside the lock: the game's thread never waits for it
            except OSError as e:  # told by the game's thread at the next action
                self._error = e
            finally:
                for fd in fds:
                    os.close(fd)

    def join(self) -> None:
        """Wait for a fold in progress."""
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.join()

    def close(self) -> None:
        self.join()
        self._closed = True
        self._dirty.set()
        with self._lock:
            for f in (self._file, self._next):
                if f is not None:
                    try:
                        f.close()
                    except OSError:
                        pass
            self._file = self._next = None

    def _tell_error(self) -> None:
        if self._error is not None and not self.failed:
            error, self._error = self._error, None
            if isinstance(error, (OSError, ValueError)):
                self._fail(error)

    def _fail(self, error: OSError | ValueError) -> None:
        """Say it once; the game goes on without autosave."""
        self.failed = True
        self.close()
        reason = getattr(error, "strerror", None) or str(error)
        message = f"autosave to {self.path} failed ({reason}); autosave is off for this game"
        if self.on_error is not None:
            self.on_error(message)
        else:
            warnings.warn(message, RuntimeWarning, stacklevel=4)


def _common_prefix(a: Sequence[Entry], b: Sequence[Entry]) -> int:
    """How many entries the two lines share from the start. An entry is only ever made on top
    of the prefix it stands on, so equal entries at one index mean equal prefixes."""
    n = min(len(a), len(b))
    while n and a[n - 1] is not b[n - 1]:
        n -= 1
    return n
