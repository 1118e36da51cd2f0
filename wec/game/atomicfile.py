"""Writing a file atomically: a crash leaves either the old file or the new one (saves, the
autosave). Temporary files left beside it by a killed write are removed by the next one."""
from __future__ import annotations

import errno
import os
import secrets
import time
from typing import TextIO


TEMP_PREFIX = ".wec-"
TEMP_SUFFIX = ".tmp"
PRIVATE_MODE = 0o600
"""Saves and autosaves are the owner's alone: they hold every hidden piece in clear (the other
users of the machine must not read a game in progress; its own user can, docs/GUI.md)."""
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
    temporary file beside it, flushed and synced, then renamed over it. The file is the owner's
    alone (mode 0600, `PRIVATE_MODE`), new or replaced: a save holds every hidden piece in
    clear. Temporary files left in the folder by a killed save are removed."""
    path = os.fspath(path)
    folder = ensure_folder(path)
    fd, tmp = _new_temp_file(folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            _make_private(f.fileno())
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


def open_private(path: str | os.PathLike[str]) -> TextIO:
    """`path` opened for writing text from its start (made, or emptied), the owner's alone (mode
    0600, as `write_atomically`): an autosave's journal holds every action in clear."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
    fd = os.open(os.fspath(path), flags, PRIVATE_MODE)
    try:
        _make_private(fd)  # an existing file keeps its mode through O_CREAT
        return os.fdopen(fd, "w", encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise


def _new_temp_file(folder: str) -> tuple[int, str]:
    """A new temporary file named after this process (so a later save can tell whether its
    writer is gone), the owner's alone from its creation."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        name = f"{TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}"
        tmp = os.path.join(folder, name)
        try:
            return os.open(tmp, flags, PRIVATE_MODE), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"cannot create a temporary file in {folder}")


def _make_private(fd: int) -> None:
    """Mode 0600 whatever the umask (which may have taken the owner's write bit too)."""
    try:
        os.fchmod(fd, PRIVATE_MODE)
    except (OSError, AttributeError):  # no fchmod on Windows: a user's files are private there
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
