"""Autosave at O(1) per action: the save file plus an append-only journal beside it.

`Game.autosave_to(path)` writes the save file (API.md format, unchanged) and starts
`<path>.journal`: a header line naming the save it continues, then one line per change of the
line of play, written and synced before the action returns, so a kill loses at most the action
in flight:

    {"format": "wec-journal", "version": 1, "base": 12, "final": "sha256:..."}
    {"at": 12, "add": ["MV:RP(9,1)->(8,2)"]}      keep 12 actions, then apply these
    {"at": 11, "add": []}                          an undo

Once the journal holds more lines than a quarter of the game's actions (at least 32) it is folded
into the save file, so the total work stays linear in the game's length. `Game.load` reads the
save, then the journal if its header names that very save (one left over from an interrupted
fold is ignored); a torn or unreadable line ends the journal with a warning.
"""
from __future__ import annotations

import json
import os
import warnings
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .game import Game
    from .record import Entry

FORMAT = "wec-journal"
VERSION = 1
MIN_LINES = 32


def journal_path(path: str | os.PathLike[str]) -> str:
    return os.fspath(path) + ".journal"


class Autosave:
    """Keeps one game's save file and journal up to date."""

    def __init__(self, game: "Game", path: str, on_error: Callable[[str], None] | None) -> None:
        self.game = game
        self.path = path
        self.on_error = on_error
        self.failed = False
        self._file: Any = None
        self._lines = 0
        self._recorded: list["Entry"] = []  # the line of play the files hold

    def record(self, *, rewrite: bool = False) -> None:
        """After a change of the game: one journal line (or a fold, when it has grown)."""
        if self.failed:
            return
        line = self.game._line
        rec = self._recorded
        keep = _common_prefix(rec, line)
        if keep == len(rec) == len(line):
            return
        if self._file is None or rewrite or self._lines >= max(MIN_LINES, len(line) // 4):
            self.compact()
            return
        add = [e.text for e in line[keep:]]
        try:
            self._file.write(json.dumps({"at": keep, "add": add}) + "\n")
            self._file.flush()
            os.fsync(self._file.fileno())
        except (OSError, ValueError) as e:
            self._fail(e)
            return
        del rec[keep:]
        rec.extend(line[keep:])
        self._lines += 1

    def compact(self) -> None:
        """Write the whole save file, then a fresh journal that continues it."""
        from .save import save_data, write_atomically
        if self.failed:
            return
        self.close()
        try:
            data = save_data(self.game)
            write_atomically(self.path, json.dumps(data, indent=1) + "\n")
            header = {"format": FORMAT, "version": VERSION, "base": len(data["actions"]),
                      "final": data["final"]}
            write_atomically(journal_path(self.path), json.dumps(header) + "\n")
            self._file = open(journal_path(self.path), "a", encoding="utf-8")
        except OSError as e:
            self._fail(e)
            return
        self._recorded = list(self.game._line)
        self._lines = 0

    def close(self) -> None:
        if self._file is not None:
            try:
                self._file.close()
            except OSError:
                pass
            self._file = None

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


def _common_prefix(a: list["Entry"], b: list["Entry"]) -> int:
    """How many entries the two lines share from the start. An entry is only ever made on top
    of the prefix it stands on, so equal entries at one index mean equal prefixes."""
    n = min(len(a), len(b))
    while n and a[n - 1] is not b[n - 1]:
        n -= 1
    return n


def replay_journal(game: "Game", path: str | os.PathLike[str], save: dict[str, Any]) -> None:
    """Bring a game loaded from `save` (the file at `path`) up to date with its journal."""
    jpath = journal_path(path)
    if not os.path.isfile(jpath):
        return
    try:
        with open(jpath, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except (OSError, UnicodeDecodeError) as e:
        warnings.warn(f"{jpath}: cannot be read ({e}); the save file alone is loaded",
                      RuntimeWarning, stacklevel=3)
        return
    try:
        header = json.loads(lines[0])
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT or \
            header.get("base") != len(save.get("actions", ())) or \
            header.get("final") != save.get("final"):
        return  # not a journal of this save (a fold was interrupted after the save was written)
    body = lines[1:]
    for number, text in enumerate(body, start=2):
        if not text:
            continue
        torn = number == len(body) + 1 and not lines[-1] == ""
        try:
            step = json.loads(text)
            keep, add = int(step["at"]), list(step["add"])
            if not 0 <= keep <= game.ply:
                raise ValueError(f"at {keep} is outside 0..{game.ply}")
            while game.ply > keep:
                game._undo_one()
            game._redo = []
            for action in add:
                game.replay_action(action)
        except Exception as e:  # noqa: BLE001 - any bad line ends the journal, said once
            what = "is torn (the program stopped while writing it)" if torn else f"is bad ({e})"
            warnings.warn(f"{jpath}: line {number} {what}; the game is loaded up to the line "
                          f"before", RuntimeWarning, stacklevel=3)
            return
