"""The seat's own save of its online games: for each, the server's address, the game id, the
seat's side and its token (never anything of the other seat), in `online-seats.json` in the
per-user data folder, so Play > Online > Resume reopens the game after the app was closed."""
from __future__ import annotations

import json
import os
import time
from dataclasses import asdict
from typing import Any

from wec.files.save import data_dir
from wec.gui.play.online.session import SeatInfo

FILE_NAME = "online-seats.json"
KEPT = 20
"""The newest seats kept."""


def seats_path() -> str:
    return os.path.join(data_dir(), FILE_NAME)


def load_seats() -> list[SeatInfo]:
    """The saved seats, newest first (a damaged file reads as none)."""
    try:
        with open(seats_path(), encoding="utf-8") as f:
            data = json.load(f)
        return [SeatInfo(str(d["url"]), str(d["game"]), str(d["side"]), str(d["token"]),
                         str(d.get("name", "")), bool(d.get("hosted", False)))
                for d in data["seats"]]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def save_seat(seat: SeatInfo) -> None:
    """Keep `seat` first in the file (replacing an older entry of the same game and side)."""
    kept = [s for s in load_seats() if (s.game, s.side) != (seat.game, seat.side)]
    entries: list[dict[str, Any]] = [{**asdict(s)} for s in [seat] + kept][:KEPT]
    entries[0]["saved"] = time.time()
    os.makedirs(data_dir(), exist_ok=True)
    tmp = seats_path() + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({"format": "wec-online-seats", "version": 1, "seats": entries}, f, indent=1)
    os.replace(tmp, seats_path())


def forget_seat(seat: SeatInfo) -> None:
    """Drop a finished game's seat."""
    kept = [s for s in load_seats() if (s.game, s.side) != (seat.game, seat.side)]
    os.makedirs(data_dir(), exist_ok=True)
    with open(seats_path(), "w", encoding="utf-8") as f:
        json.dump({"format": "wec-online-seats", "version": 1,
                   "seats": [asdict(s) for s in kept]}, f, indent=1)
