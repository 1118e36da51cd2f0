"""A seat's own save of an online game (`*.wec-online`, JSON): the server's address, the game
id, the seat's side and token, the players' names, and the seat's last view (its `state`
frame: its observation and its turn strings, nothing of the other side). Written by the app
and by `wec online --save`; read to resume the seat, or to propose the game in a set-up
(docs/PROTOCOL.md, "The set-up"), where the server reads only the game id and the token: the
game goes on from the server's own stored game, and the view is for the player's eyes.

A save names its player by the seat's token (the proof of the seat, as for `resume`), its
colour by `side`; the names are shown, never trusted.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from wec.files.save import data_dir
from wec.game.atomicfile import write_atomically

FORMAT = "wec-online-save"
EXTENSION = ".wec-online"
FOLDER = "online-saves"
"""The app keeps each of its seats' saves in this folder of the data folder."""


@dataclass
class OnlineSave:
    """One seat of one online game."""
    url: str
    game: str
    side: str
    token: str
    name: str = ""
    names: dict[str, str] = field(default_factory=dict)
    view: dict[str, Any] | None = None
    """The seat's last state frame (its own view), or None."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "version": 1, "url": self.url,
                                "game": self.game, "side": self.side, "token": self.token,
                                "name": self.name, "names": dict(self.names)}
        if self.view is not None:
            data["view"] = self.view
        return data

    def turn(self) -> int | None:
        """The turn of the seat's last view, if it has one."""
        return None if self.view is None else int(self.view.get("turn", 0))


def of_state(url: str, game: str, side: str, token: str, name: str,
             names: dict[str, str], state: dict[str, Any] | None) -> OnlineSave:
    """The save of a seat from what it was sent (its seated names and its last state)."""
    view: dict[str, Any] | None = None
    if state is not None:
        view = {k: state[k] for k in ("version", "turn", "to_move", "result", "reason",
                                      "observation", "history", "clock") if k in state}
    return OnlineSave(url, game, side, token, name, dict(names), view)


def from_dict(data: Any) -> OnlineSave:
    """An online save's JSON, checked; ValueError says what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not an online save (format {FORMAT!r})")
    for key in ("url", "game", "side", "token"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise ValueError(f"an online save without its {key}")
    if data["side"] not in ("black", "white"):
        raise ValueError("an online save's side is black or white")
    names = data.get("names") or {}
    view = data.get("view")
    return OnlineSave(data["url"], data["game"], data["side"], data["token"],
                      str(data.get("name", "")),
                      {str(k): str(v) for k, v in names.items()} if isinstance(names, dict)
                      else {}, view if isinstance(view, dict) else None)


def read_save(path: str | os.PathLike[str]) -> OnlineSave:
    """The online save in a file; ValueError (or OSError) says why not."""
    with open(path, encoding="utf-8") as f:
        try:
            data = json.load(f)
        except ValueError as e:
            raise ValueError(f"not an online save: {e}") from None
    return from_dict(data)


def write_save(path: str | os.PathLike[str], save: OnlineSave) -> None:
    """Write the save atomically, readable by its owner alone (it holds the seat's token)."""
    write_atomically(path, json.dumps(save.to_dict(), indent=1))


def saves_folder() -> str:
    return os.path.join(data_dir(), FOLDER)


def default_path(save: OnlineSave) -> str:
    """Where the app keeps the save of a seat: one file per game and side."""
    return os.path.join(saves_folder(), f"{save.game}-{save.side}{EXTENSION}")


def saves_of_game(game: str, folder: str | None = None) -> list[OnlineSave]:
    """The saves in the folder (the app's, by default) of seats of `game`."""
    folder = folder or saves_folder()
    found = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    for name in names:
        if name.startswith(game) and name.endswith(EXTENSION):
            try:
                save = read_save(os.path.join(folder, name))
            except (OSError, ValueError):
                continue
            if save.game == game:
                found.append(save)
    return found
