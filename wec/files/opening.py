"""Opening a game from what a user names: a save file, a scenario or a position file.

`open_game` is the one reading of the `--load`, `--scenario` and `--position` arguments shared by
`wec play` (the desktop app and `--text`), `wec show` and `wec perft`; `file_kind` tells the play
window's File > Load which of the two file formats a chosen file holds.
"""
from __future__ import annotations

import os
from typing import Any

from wec.files.save import game_from_save
from wec.game.savefile import read_save_file
from wec.game.errors import WecError
from wec.game.game import Game
from wec.game.jsonfile import read_json_file
from wec.game.position import load_position_file
from wec.rules import scenarios

PathLike = str | os.PathLike[str]


def open_game(*, load: PathLike | None = None, scenario: str | None = None,
              position: PathLike | None = None) -> Game:
    """The game named by one of `load` (a save file), `scenario` (a name of
    `wec.rules.scenarios.SCENARIOS`) or `position` (a position file), in that order of
    precedence; a new standard game when none is given.

    A position given as a save (or a save as a position) is refused with a message that names
    the right option; an unknown scenario, an unreadable file or an invalid game raise
    `WecError` (or a subclass) with the facade's message."""
    if load:
        data = read_save_file(load)
        if isinstance(data, dict) and data.get("format") == "wec-position":
            raise WecError(f"{load}: this is a position: use --position")
        return game_from_save(data)
    if scenario:
        try:
            return Game.from_position(scenarios.load(scenario))
        except KeyError:
            raise WecError(f"no scenario {scenario!r}; 'wec scenarios' lists them") from None
    if position:
        found = load_position_file(position)
        if isinstance(found, dict) and found.get("format") == "wec-save":
            raise WecError(f"{position}: this is a save: use --load")
        return Game.from_position(found)
    return Game.new()


def open_game_named_by(args: Any) -> Game:
    """`open_game` for parsed command-line arguments with the attributes `load`, `scenario`
    and `position` (a missing attribute counts as not given)."""
    return open_game(load=getattr(args, "load", None), scenario=getattr(args, "scenario", None),
                     position=getattr(args, "position", None))


def file_kind(path: PathLike) -> str:
    """"position" for a position file, else "save" (a file that cannot be read is left to
    `Game.load`, whose error names the problem)."""
    try:
        data = read_json_file(path, WecError)
    except WecError:
        return "save"
    return "position" if isinstance(data, dict) and data.get("format") == "wec-position" else "save"
