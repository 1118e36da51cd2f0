"""Save games on disk: the per-user data folder, the autosave's place, keeping an unreadable
file aside, what a program finds in the autosave at start, and the lock that keeps two programs
from autosaving into one file. The format itself is wec.game.savefile's."""
from __future__ import annotations

import dataclasses
import os
import sys
import time
from typing import Any

from wec.game import savefile
from wec.game.errors import SaveFormatError
from wec.game.game import Game


def game_from_save(data: Any) -> Game:
    """Rebuild and check a game from save data (wec.game.savefile); every problem raises
    SaveFormatError naming the field or the ply."""
    return savefile.game_from_save(data, Game.from_position)


def save_problems(data: Any) -> list[str]:
    """Every problem of save data that can be told apart (`wec validate`,
    wec.game.savefile.save_problems)."""
    return savefile.save_problems(data, Game.from_position)


def data_dir() -> str:
    """The per-user data folder (never the install folder): WEC_DATA_DIR, else the platform's."""
    override = os.environ.get("WEC_DATA_DIR")
    if override:
        return override
    home = os.path.expanduser("~")
    if os.name == "nt":
        base = os.environ.get("APPDATA") or os.path.join(home, "AppData", "Roaming")
    elif sys.platform == "darwin":
        base = os.path.join(home, "Library", "Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    return os.path.join(base, "wec")


def default_autosave_path() -> str:
    return os.path.join(data_dir(), "autosave.json")


def keep_aside(path: str | os.PathLike[str], label: str) -> str:
    """Rename the file at `path` beside itself with `label` and the time, e.g.
    ``autosave-unreadable-20261122-231500.json``, never over another file; returns the new path
    (OSError if it cannot be renamed)."""
    path = os.fspath(path)
    stem, ext = os.path.splitext(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = f"{stem}-{label}-{stamp}{f'-{n}' if n else ''}{ext or '.json'}"
        if not os.path.lexists(target):
            os.rename(path, target)
            journal = savefile.journal_path(path)  # an autosave's journal goes along
            if os.path.isfile(journal) and not os.path.lexists(target + ".journal"):
                os.rename(journal, target + ".journal")
            return target
    raise FileExistsError(f"{path}: no free name to keep it aside")


@dataclasses.dataclass
class AutosaveAtStart:
    """What a program found in the autosave file when it started (`autosave_at_start`)."""

    game: Game | None = None
    """The unfinished game it holds (None: no file, a finished game, or an unreadable one)."""
    problem: str | None = None
    """Why the file could not be read as a game."""
    kept_as: str | None = None
    """Where the unreadable file was moved (None with a problem: it could not be moved, so it
    must not be autosaved over)."""

    def message(self) -> str | None:
        """One line for the user about an unreadable autosave, or None."""
        if self.problem is None:
            return None
        if self.kept_as:
            return (f"The autosaved game could not be read: {self.problem}. The file was kept "
                    f"as {self.kept_as}; a new game starts.")
        return (f"The autosaved game could not be read: {self.problem}. It could not be kept "
                f"aside either, so autosave is off (it would replace the file).")


def autosave_at_start(path: str | os.PathLike[str]) -> AutosaveAtStart:
    """Look at the autosave file before a new game autosaves over it. An unreadable file (corrupt,
    a folder, a FIFO...) is renamed aside with the time, never replaced silently."""
    path = os.fspath(path)
    if not os.path.lexists(path):
        return AutosaveAtStart()
    try:
        game = Game.load(path)
    except SaveFormatError as e:
        reason = str(e)
        if reason.startswith(path + ": "):
            reason = reason[len(path) + 2:]
        try:
            return AutosaveAtStart(problem=reason, kept_as=keep_aside(path, "unreadable"))
        except OSError:
            return AutosaveAtStart(problem=reason)
    return AutosaveAtStart(game=game if game.result is None else None)


class AutosaveLock:
    """An exclusive lock on an autosave file, held while a program autosaves into it: a second
    program (another window, a terminal game) does not overwrite the first one's game. The lock
    is the OS's (flock), so a crashed program holds none."""

    def __init__(self, autosave_path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(autosave_path) + ".lock"
        self._fd: int | None = None

    def acquire(self) -> bool:
        """True if this program now holds the lock (also when it cannot be made, e.g. a
        read-only folder: then autosaving fails anyway and says so)."""
        if self._fd is not None:
            return True
        try:
            os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError:
            return True
        try:
            _lock_fd(fd)
        except OSError:
            os.close(fd)
            return False
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)  # closing drops the lock

    def __enter__(self) -> "AutosaveLock":
        return self

    def __exit__(self, *_: object) -> None:
        self.release()


def _lock_fd(fd: int) -> None:
    """Lock `fd` without waiting; OSError if another holds it."""
    if sys.platform == "win32":
        import msvcrt
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
