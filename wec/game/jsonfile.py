"""Reading a JSON file the user named, safely: every loader (positions, saves, `wec validate`)
reads through `read_json_file`, so a bad file is refused with one line naming the problem.

Refused: a path that is not a path (``Game.load(0)`` would read stdin), a missing file, a folder,
anything but a regular file (a FIFO would block for ever, ``/dev/zero`` reads without end), a file
over MAX_BYTES, text that is not UTF-8 JSON, numbers too long to be numbers, and nesting deeper
than MAX_DEPTH (Python's parser and every later walk would hit the recursion limit).
"""
from __future__ import annotations

import errno
import json
import os
import stat
from typing import Any

from wec.game.errors import WecError, cut

MAX_BYTES = 64 * 1024 * 1024
"""The largest file read (64 MB): a long game's save is a few hundred kB."""
MAX_DEPTH = 64
"""The deepest nesting of lists and objects accepted (the formats need 5)."""
MAX_DIGITS = 100
"""The longest integer accepted (every number of the formats has a few digits)."""


def file_path(path: Any, error: type[WecError]) -> str:
    """`path` as a str path, or `error` when it is not a path at all."""
    if isinstance(path, (str, os.PathLike)) and not isinstance(path, bool):
        text = os.fspath(path)
        if isinstance(text, bytes):
            text = os.fsdecode(text)
        if not text:
            raise error("the file path is empty")
        if "\x00" in text:
            raise error("the file path holds a NUL character")
        return text
    raise error(f"expected a file path (str or os.PathLike), got {type(path).__name__}")


def read_file_bytes(path: Any, error: type[WecError]) -> tuple[str, bytes]:
    """The path as text and the contents of a regular file, at most MAX_BYTES."""
    name = file_path(path, error)
    try:
        # non-blocking: opening a FIFO for reading would wait for a writer
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise error(f"{_path_shown(name)}: {_os_reason(e)}") from None
    shown_name = _path_shown(name)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{shown_name}: is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{shown_name}: not a regular file ({_kind(info.st_mode)})")
        if info.st_size > MAX_BYTES:
            raise error(f"{shown_name}: {info.st_size / 1e6:.0f} MB is more than the "
                        f"{MAX_BYTES // (1024 * 1024)} MB a game file may have")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:  # it grew while being read
            raise error(f"{shown_name}: more than the {MAX_BYTES // (1024 * 1024)} MB a game file "
                        f"may have")
    except OSError as e:
        raise error(f"{shown_name}: {_os_reason(e)}") from None
    finally:
        os.close(fd)
    return name, data


def read_json_file(path: Any, error: type[WecError], what: str = "JSON file") -> Any:
    """The JSON value in the file at `path`; any problem raises `error` (one line)."""
    name, raw = read_file_bytes(path, error)
    return parse_json_text(raw, error, f"{_path_shown(name)}: not a {what}")


def parse_json_text(raw: bytes | str, error: type[WecError], prefix: str) -> Any:
    """Parse JSON text with the limits above; `prefix` starts every message."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as e:
        raise error(f"{prefix} (not UTF-8 text: byte {e.start})") from None
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except _NumberError as e:
        raise error(f"{prefix} ({e})") from None
    except json.JSONDecodeError as e:
        raise error(f"{prefix} (truncated or corrupt JSON: {e.msg.removesuffix(' at')} at "
                    f"line {e.lineno} column {e.colno})") from None
    except RecursionError:
        raise error(f"{prefix} (lists or objects nested deeper than {MAX_DEPTH} levels)") \
            from None
    except ValueError as e:
        raise error(f"{prefix} ({cut(e, 120)})") from None
    if nesting_depth(data) > MAX_DEPTH:
        raise error(f"{prefix} (lists or objects nested deeper than {MAX_DEPTH} levels)")
    return data


def nesting_depth(value: Any) -> int:
    """How deep lists and objects nest in `value` (without recursion; one level at a time, and
    no deeper than MAX_DEPTH + 1)."""
    depth = 0
    level = [value] if isinstance(value, (dict, list)) else []
    while level and depth <= MAX_DEPTH:
        depth += 1
        below: list[Any] = []
        for item in level:
            below += [v for v in (item.values() if isinstance(item, dict) else item)
                      if isinstance(v, (dict, list))]
        level = below
    return depth


class _NumberError(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NumberError(f"an integer of {len(text.lstrip('-'))} digits; at most {MAX_DIGITS}")
    return int(text)


def _parse_constant(text: str) -> float:
    raise _NumberError(f"{text} is not a number JSON allows")


def _path_shown(name: str) -> str:
    """A path for a message: on one line, a very long one cut (the OS refuses it anyway)."""
    return cut(name.replace("\n", "\\n"), 160)


def _os_reason(e: OSError) -> str:
    """An OSError in the user's words."""
    if e.errno == errno.ENOENT:
        return "no such file"
    if e.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if e.errno == errno.EISDIR:
        return "is a folder, not a file"
    return e.strerror.lower() if e.strerror else cut(e, 120)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"
