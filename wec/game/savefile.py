"""The save-game format (docs/FORMATS.md "Saved games") and the autosave journal that continues a
save: building a save's content, reading and checking one, replaying it.

A save holds the options, the initial position, the action texts in their true order, the R12.2
turn strings and a digest of the final position. Loading replays the actions from the initial
position with legality checks and compares the turns and the digest. Anything wrong raises
SaveFormatError naming the field or the ply, and nothing else escapes.

An autosave (wec.files.autosave) keeps a journal beside its save file, `<path>.journal`: a header
line naming the save it continues, then one line per change of the line of play:

    {"format": "wec-journal", "version": 1, "base": 12, "save": "sha256:<of the save file>"}
    {"at": 12, "add": ["MV:RP(9,1)->(8,2)"]}      keep 12 actions, then apply these
    {"at": 11, "add": []}                          an undo

A game with clocks (wec.game.clock) adds to each line "clock": the seconds each side had left
after each added action ([black, white] per action), and to the save "clock": {"after": [...],
"remaining": [black, white]}, the same for every action and the seconds left when it was saved.

`Game.load` reads the save, then whichever journal's header names that very save; a torn or
unreadable line ends the journal with a warning.

This module knows games only through `SavedGame` (what it reads and replays), so the facade's
`Game` can use it.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import warnings
from typing import Any, Callable, Mapping, Protocol, TypeVar

from wec.game.errors import (OptionsError, PositionError, SaveFormatError, WecError, cut, kind_of,
                             shown)
from wec.game.jsonfile import read_json_file
from wec.game.options import Options
from wec.game.position import position_problems

FORMAT = "wec-save"
VERSION = 1
MAX_ACTION_CHARS = 1000
"""Far longer than any action text (they are under 100 characters)."""
JOURNAL_FORMAT = "wec-journal"
JOURNAL_VERSION = 1


class SavedGame(Protocol):
    """What a save reads of a game and replays into it (`wec.game.game.Game` is one)."""

    @property
    def options(self) -> Options: ...
    @property
    def competitive(self) -> bool: ...
    @property
    def ply(self) -> int: ...
    def initial_position(self, *, shared: bool = False) -> dict[str, Any]: ...
    def actions(self) -> list[str]: ...
    def full_history(self) -> list[str]: ...
    def position(self) -> dict[str, Any]: ...
    def replay_action(self, text: str) -> None: ...
    def set_competitive(self) -> None: ...
    def clock_marks(self, start: int = 0) -> list[list[float]] | None: ...
    def restore_clock(self, marks: list[Any], start: int, now: Any = None) -> None: ...
    @property
    def clock(self) -> Any: ...


G = TypeVar("G", bound=SavedGame)


def position_digest(position: dict[str, Any]) -> str:
    """A digest of a position that does not depend on the engine's internals. The sides'
    `sightings` are left out: the actions rebuild them, and saves written before positions
    carried them keep their digests."""
    state = {k: v for k, v in position.items() if k != "sightings"}
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def save_data(game: SavedGame, *, shared: bool = False) -> dict[str, Any]:
    """The save file's content (docs/FORMATS.md). `shared`: the initial position is the game's own
    (not copied; the caller only reads it, e.g. to write it out)."""
    options = dataclasses.replace(game.options, competitive=game.competitive)
    initial = game.initial_position(shared=shared)
    data = {"format": FORMAT, "version": VERSION, "options": options.to_dict(),
            "initial": initial, "actions": game.actions(),
            "turns": game.full_history(), "final": position_digest(game.position())}
    marks = game.clock_marks()
    if marks is not None:  # optional: a save without clocks is as it always was
        data["clock"] = {"after": marks, "remaining": [game.clock.black, game.clock.white]}
    return data


def save_text(game: SavedGame) -> str:
    """The text of a save file of `game`."""
    return json.dumps(save_data(game), indent=1) + "\n"



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


def game_from_save(data: Any, new_game: Callable[[Mapping[str, Any]], G]) -> G:
    """Rebuild and check a game from save data (see the module text); `new_game` makes the
    game of the initial position (`Game.from_position`). The first problem `save_problems`
    would list raises SaveFormatError."""
    def load() -> G:
        problems, sound = read_save(data)
        if problems:
            raise SaveFormatError(problems[0])
        return _replayed(sound, new_game)
    return _only_save_errors(load)


def save_problems(data: Any, new_game: Callable[[Mapping[str, Any]], SavedGame]) -> list[str]:
    """Every problem of save data (`wec validate`), one line each; empty when `game_from_save`
    loads it: the fields, each on its own, and every problem of the initial position
    (`position_problems`); then, if those are sound, the replay, which stops at the first
    action that does not replay (`new_game` as in `game_from_save`)."""
    problems, sound = read_save(data)
    if not problems:
        try:
            _only_save_errors(lambda: _replayed(sound, new_game))
        except SaveFormatError as e:
            problems.append(str(e))
    return list(dict.fromkeys(problems))


def _only_save_errors(load: Callable[[], G]) -> G:
    """`load()`, whose every failure is a one-line SaveFormatError."""
    try:
        return load()
    except SaveFormatError:
        raise
    except WecError as e:  # an error of ours not named as a save problem
        raise SaveFormatError(f"save: {cut(e)}") from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
        raise SaveFormatError(f"save: malformed content ({type(e).__name__}: {cut(e)})") \
            from None


def read_save(data: Any) -> tuple[list[str], dict[str, Any]]:
    """The one reading of a save's fields, shared by the loader and `wec validate`: every
    problem found before the replay, one line each naming the field, and the data brought to
    this version (to be used only when there is no problem)."""
    if not isinstance(data, dict):
        return [f"save: expected a JSON object, got {kind_of(data)}"], {}
    found: list[str] = []
    if data.get("format") == "wec-position":
        found.append("format: this is a position ('wec-position'), not a save: open it as a "
                     "position (Game.from_position, --position)")
    elif data.get("format") != FORMAT:
        found.append(f"format: expected {FORMAT!r}, got {shown(data.get('format'))}")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        found.append(f"version: expected an integer, got {shown(version)}")
    elif version > VERSION:
        found.append(f"version: {shown(version)} is newer than this program reads ({VERSION})")
    else:
        while version < VERSION:
            if version not in MIGRATIONS:
                found.append(f"version: {shown(version)} is too old to read")
                break
            data = MIGRATIONS[version](data)
            version = data["version"]
    found += [f"{key}: missing" for key in SAVE_KEYS if key not in data]
    found += [f"{shown(key)}: unknown field" for key in data
              if key not in SAVE_KEYS + OPTIONAL_KEYS and key != _MIGRATED]
    migrated = data.get(_MIGRATED, False)
    if "turns" in data and not (migrated or isinstance(data["turns"], list)):
        found.append(f"turns: expected a list of turn strings, got {kind_of(data['turns'])}")
    if "final" in data and not (migrated or isinstance(data["final"], str)):
        found.append(f"final: expected the digest of the final position, got "
                     f"{kind_of(data['final'])}")
    if "options" in data:
        try:
            Options.from_dict(data["options"])
        except OptionsError as e:
            found.append(f"options: {e}")
    if "initial" in data:
        if isinstance(data["initial"], dict):
            found += [f"initial: {p}" for p in position_problems(data["initial"])]
        else:
            found.append(f"initial: expected a position object, got {kind_of(data['initial'])}")
    if "actions" in data:
        found += _action_problems(data["actions"])
    return found, data


def _action_problems(actions: Any) -> list[str]:
    if not isinstance(actions, list):
        return [f"actions: expected a list of action texts, got {kind_of(actions)}"]
    found = []
    for ply, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            found.append(f"actions[{ply - 1}] (ply {ply}): expected action text, got "
                         f"{kind_of(text)}")
        elif len(text) > MAX_ACTION_CHARS:
            found.append(f"actions[{ply - 1}] (ply {ply}): {shown(text)} is too long for an "
                         f"action text")
    return found


def _replayed(data: dict[str, Any], new_game: Callable[[Mapping[str, Any]], G]) -> G:
    """The game of save data whose fields `read_save` found sound: the initial position, then
    each action replayed, then the turns and the digest compared."""
    options = Options.from_dict(data["options"])
    try:
        game = new_game(data["initial"])
    except PositionError as e:
        raise SaveFormatError(f"initial: {e}") from None
    if dataclasses.replace(game.options, competitive=options.competitive) != options:
        raise SaveFormatError("options: they differ from the initial position's options")
    for ply, text in enumerate(data["actions"], start=1):
        try:
            game.replay_action(text)
        except (WecError, ValueError) as e:
            raise SaveFormatError(f"actions[{ply - 1}] (ply {ply}): {cut(e)}") from None
    if "clock" in data:
        _restore_clock(game, data["clock"])
    if options.competitive:
        game.set_competitive()
    turns = data["turns"]
    if turns is not None:
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


def _restore_clock(game: SavedGame, value: Any) -> None:
    """The save's "clock": the clocks after each action and when it was saved."""
    if not isinstance(value, dict) or set(value) != {"after", "remaining"}:
        raise SaveFormatError("clock: expected {\"after\": [...], \"remaining\": [black, white]}")
    try:
        game.restore_clock(value["after"], 0, value["remaining"])
    except ValueError as e:
        raise SaveFormatError(f"clock: {e}") from None


SAVE_KEYS = ("format", "version", "options", "initial", "actions", "turns", "final")
OPTIONAL_KEYS = ("clock",)


def journal_path(path: str | os.PathLike[str]) -> str:
    """The autosave journal beside a save file."""
    return os.fspath(path) + ".journal"


def read_journals(path: str | os.PathLike[str]) -> list[tuple[str, list[str]]]:
    """The journal files beside a save file, read before the save itself (a fold writes the save
    first, then renames its journal into place): (path, lines) of each."""
    out = []
    for jpath in (journal_path(path), journal_path(path) + ".next"):
        if not os.path.isfile(jpath):
            continue
        try:
            with open(jpath, encoding="utf-8") as f:
                out.append((jpath, f.read().split("\n")))
        except (OSError, UnicodeDecodeError) as e:
            warnings.warn(f"{jpath}: cannot be read ({e})", RuntimeWarning, stacklevel=3)
    return out


def journal_for(journals: list[tuple[str, list[str]]],
                save: dict[str, Any]) -> tuple[str, list[str]] | None:
    """The journal whose header names this save (as it was read: a fold may replace the file
    meanwhile), written as a fold writes it; None if there is none."""
    digest = file_digest((json.dumps(save, indent=1) + "\n").encode("utf-8"))
    for jpath, lines in journals:
        try:
            header = json.loads(lines[0])
        except ValueError:
            continue
        if isinstance(header, dict) and header.get("format") == JOURNAL_FORMAT and \
                header.get("save") == digest:
            return jpath, lines
    return None


def replay_journal(game: SavedGame, jpath: str, lines: list[str], *,
                   cut_to: Callable[[int], None]) -> None:
    """Bring a game loaded from a save up to date with the lines of its journal; `cut_to(ply)`
    keeps the game's first `ply` actions and nothing to redo, whatever its mode."""
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
            cut_to(keep)
            for action in add:
                game.replay_action(action)
            if "clock" in step and game.clock is not None:
                game.restore_clock(step["clock"], keep)
        except Exception as e:  # noqa: BLE001 - any bad line ends the journal, said once
            what = "is torn (the program stopped while writing it)" if torn else f"is bad ({e})"
            warnings.warn(f"{jpath}: line {number} {what}; the game is loaded up to the line "
                          f"before", RuntimeWarning, stacklevel=3)
            return


def file_digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()
