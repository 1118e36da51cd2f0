"""Save files (docs/FORMATS.md "Saved games"): write atomically, load with every check.

A save holds the options, the initial position, the action texts in their true order, the R12.2
turn strings and a digest of the final position. Loading replays the actions from the initial
position with legality checks and compares the turns and the digest. Anything wrong raises
SaveFormatError naming the field or the ply, and nothing else escapes.
"""
from __future__ import annotations

import dataclasses
import errno
import hashlib
import json
import os
import secrets
import stat
import sys
import time
from typing import TYPE_CHECKING, Any, Callable

from wec.game.errors import SaveFormatError, WecError, cut, shown
from wec.game.jsonfile import read_json_file
from wec.game.options import Options

if TYPE_CHECKING:
    from wec.game.game import Game

FORMAT = "wec-save"
VERSION = 1
MAX_ACTION_CHARS = 1000
"""Far longer than any action text (they are under 100 characters)."""


def position_digest(position: dict[str, Any]) -> str:
    """A digest of a position that does not depend on the engine's internals."""
    text = json.dumps(position, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def save_data(game: "Game", *, shared: bool = False) -> dict[str, Any]:
    """The save file's content (docs/FORMATS.md). `shared`: the initial position is the game's own
    (not copied; the caller only reads it, e.g. to write it out)."""
    options = dataclasses.replace(game.options, competitive=game.competitive)
    initial = game._initial if shared else game.initial_position()
    return {"format": FORMAT, "version": VERSION, "options": options.to_dict(),
            "initial": initial, "actions": game.actions(),
            "turns": game.full_history(), "final": position_digest(game.position())}


TEMP_PREFIX = ".wec-"
TEMP_SUFFIX = ".tmp"
STALE_SECONDS = 60.0
"""A temporary file of a save older than this (or whose process is gone) was left by a save that
was killed: a save writes a few hundred kB in well under a second."""


def ensure_folder(path: str | os.PathLike[str]) -> str:
    """Make the folder of `path` (and its parents) if missing; return it. A file standing where
    a folder should be is said so, not as "File exists"."""
    folder = os.path.dirname(os.path.abspath(os.fspath(path))) or "."
    missing = folder
    while not os.path.lexists(missing) and os.path.dirname(missing) != missing:
        missing = os.path.dirname(missing)
    if os.path.lexists(missing) and not os.path.isdir(missing):
        raise NotADirectoryError(errno.ENOTDIR, f"{missing} is a file, not a folder")
    os.makedirs(folder, exist_ok=True)
    return folder


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new one: a
    temporary file beside it, flushed and synced, then renamed over it. A new file gets the
    mode the umask gives; a replaced file keeps its mode. Temporary files left in the folder by
    a killed save are removed."""
    path = os.fspath(path)
    folder = ensure_folder(path)
    fd, tmp = _new_temp_file(folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            _keep_mode(f.fileno(), path)
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass
    remove_stale_temp_files(folder)


def _new_temp_file(folder: str) -> tuple[int, str]:
    """A new temporary file named after this process (so a later save can tell whether its
    writer is gone), created with mode 0o666 less the umask, as any new file."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        name = f"{TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}"
        tmp = os.path.join(folder, name)
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"cannot create a temporary file in {folder}")


def _keep_mode(fd: int, path: str) -> None:
    """Give the new file the mode of the file it replaces (a file the user made readable by
    others stays so)."""
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return  # a new file: the umask's mode, set at creation
    try:
        os.fchmod(fd, mode)
    except (OSError, AttributeError):  # no fchmod on Windows
        pass


def remove_stale_temp_files(folder: str) -> list[str]:
    """Remove the temporary files of saves that were killed in `folder`: those whose process is
    gone, and those older than STALE_SECONDS (a process id can be reused). Another process's
    save in progress is left alone. Returns the names removed."""
    removed: list[str] = []
    now = time.time()
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        if not (name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX)):
            continue
        full = os.path.join(folder, name)
        try:
            age = now - os.lstat(full).st_mtime
        except OSError:
            continue
        owner = _temp_owner(name)
        if age > STALE_SECONDS or (owner is not None and owner != os.getpid()
                                   and not _process_alive(owner)):
            try:
                os.unlink(full)
                removed.append(name)
            except OSError:
                pass
    return removed


def _temp_owner(name: str) -> int | None:
    """The process id in a temporary file's name, None for an older name without one."""
    head = name[len(TEMP_PREFIX):].split("-", 1)[0]
    return int(head) if head.isdigit() and len(head) < 10 else None


def _process_alive(pid: int) -> bool:
    if os.name == "nt":
        return True  # no cheap test: the age alone decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, owned by someone else
    return True


def save_game(game: "Game", path: str | os.PathLike[str]) -> None:
    write_atomically(path, json.dumps(save_data(game), indent=1) + "\n")


def _migrate_v0(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (before the first release) held only options, initial and actions; the turns
    and the digest are rebuilt by the replay."""
    out = dict(data)
    out["version"] = 1
    out["turns"] = None  # rebuilt, not checked
    out["final"] = None
    out[_MIGRATED] = True
    return out


_MIGRATED = "\x00migrated"


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _migrate_v0}


def read_save_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The JSON content of a save file, unchecked (game_from_save checks it). A path that is not
    a path, a missing file, a folder, a FIFO or device, a file over 64 MB, and text that is not
    JSON raise SaveFormatError (wec.game.jsonfile)."""
    data: dict[str, Any] = read_json_file(path, SaveFormatError, "save file")
    return data


def game_from_save(data: Any) -> "Game":
    """Rebuild and check a game from save data (see the module text)."""
    try:
        return _game_from_save(data)
    except SaveFormatError:
        raise
    except WecError as e:  # an error of ours not named as a save problem
        raise SaveFormatError(f"save: {cut(e)}") from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
        raise SaveFormatError(f"save: malformed content ({type(e).__name__}: {cut(e)})") \
            from None


def _game_from_save(data: Any) -> "Game":
    from wec.game.game import Game
    from wec.game.errors import IllegalActionError, OptionsError, PositionError
    if not isinstance(data, dict):
        raise SaveFormatError("save: expected a JSON object")
    if data.get("format") == "wec-position":
        raise SaveFormatError("format: this is a position ('wec-position'), not a save: open it "
                              "as a position (Game.from_position, --position)")
    if data.get("format") != FORMAT:
        raise SaveFormatError(f"format: expected {FORMAT!r}, got {shown(data.get('format'))}")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveFormatError(f"version: expected an integer, got {shown(version)}")
    if version > VERSION:
        raise SaveFormatError(f"version: {shown(version)} is newer than this program reads ({VERSION})")
    while version < VERSION:
        if version not in MIGRATIONS:
            raise SaveFormatError(f"version: {shown(version)} is too old to read")
        data = MIGRATIONS[version](data)
        version = data["version"]
    for key in ("options", "initial", "actions", "turns", "final"):
        if key not in data:
            raise SaveFormatError(f"{key}: missing")
    unknown = set(data) - {"format", "version", "options", "initial", "actions", "turns", "final",
                           _MIGRATED}
    if unknown:
        raise SaveFormatError(f"{shown(sorted(unknown)[0])}: unknown field")
    migrated = data.get(_MIGRATED, False)
    if not migrated and not isinstance(data["turns"], list):
        raise SaveFormatError("turns: expected a list of turn strings")
    if not migrated and not isinstance(data["final"], str):
        raise SaveFormatError("final: expected the digest of the final position")
    try:
        options = Options.from_dict(data["options"])
    except OptionsError as e:
        raise SaveFormatError(f"options: {e}") from None
    if not isinstance(data["initial"], dict):
        raise SaveFormatError("initial: expected a position object")
    try:
        game = Game.from_position(data["initial"])
    except PositionError as e:
        raise SaveFormatError(f"initial: {e}") from None
    if dataclasses.replace(game.options, competitive=options.competitive) != options:
        raise SaveFormatError("options: they differ from the initial position's options")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise SaveFormatError("actions: expected a list of action texts")
    for ply, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise SaveFormatError(f"actions[{ply - 1}] (ply {ply}): expected action text")
        if len(text) > MAX_ACTION_CHARS:
            raise SaveFormatError(f"actions[{ply - 1}] (ply {ply}): {shown(text)} is too long "
                                  f"for an action text")
        try:
            game.replay_action(text)
        except (WecError, ValueError) as e:
            raise SaveFormatError(f"actions[{ply - 1}] (ply {ply}): {cut(e)}") from None
    if options.competitive:
        game.set_competitive()
    turns = data["turns"]
    if turns is not None:
        if not isinstance(turns, list):
            raise SaveFormatError("turns: expected a list of turn strings")
        mine = game.full_history()
        if len(turns) != len(mine):
            raise SaveFormatError(f"turns: {len(turns)} turn strings, the actions make "
                                  f"{len(mine)}")
        for i, (theirs, ours) in enumerate(zip(turns, mine)):
            if theirs != ours:
                raise SaveFormatError(f"turns[{i}] (turn {i + 1}): {shown(theirs)} is not what "
                                      f"the actions did ({shown(ours)})")
    final = data["final"]
    if final is not None and final != position_digest(game.position()):
        raise SaveFormatError("final: the digest does not match the position the actions reach")
    return game


def data_dir() -> str:
    """The per-user data folder (never the install folder): WEC_DATA_DIR, else the platform's."""
    import sys
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


SAVE_KEYS = ("format", "version", "options", "initial", "actions", "turns", "final")


def save_problems(data: Any) -> list[str]:
    """Every problem of save data that can be told apart (`wec validate`): the fields, each on
    its own, and the initial position's problems; then, if those are sound, the replay (which
    stops at the first action that does not replay)."""
    from wec.game.position import position_problems
    if not isinstance(data, dict):
        return [f"save: expected a JSON object, got {type(data).__name__}"]
    problems = []
    for key in SAVE_KEYS:
        if key not in data:
            problems.append(f"{key}: missing")
    for key in data:
        if key not in SAVE_KEYS:
            problems.append(f"{shown(key)}: unknown field")
    if "options" in data:
        try:
            Options.from_dict(data["options"])
        except WecError as e:
            problems.append(f"options: {e}")
    if "initial" in data:
        problems += [f"initial: {p}" for p in position_problems(data["initial"])]
    if "actions" in data and not (isinstance(data["actions"], list) and
                                  all(isinstance(a, str) for a in data["actions"])):
        problems.append("actions: expected a list of action texts")
    if not problems:
        try:
            game_from_save(data)
        except SaveFormatError as e:
            problems.append(str(e))
    return problems


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
            journal = path + ".journal"  # an autosave's journal goes along (wec.files.autosave)
            if os.path.isfile(journal) and not os.path.lexists(target + ".journal"):
                os.rename(journal, target + ".journal")
            return target
    raise FileExistsError(f"{path}: no free name to keep it aside")


@dataclasses.dataclass
class AutosaveAtStart:
    """What a program found in the autosave file when it started (`autosave_at_start`)."""

    game: "Game | None" = None
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
    from wec.game.game import Game
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
