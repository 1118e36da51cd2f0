"""The online server's own work per action, without the network (not a timed test): N games
held by one lobby (wec.online.rooms) in this process, random actions sent to it as a seat's
`act`, each state frame written as the server writes it; the CPU time per action and the part
of it the garbage collector took. The figure `online_load.py` adds the WebSocket work and the
bots to.

    python bench/online_lobby.py [--games 500] [--actions 4000] [--default-collector]
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wec.online import protocol as p  # noqa: E402
from wec.online.rooms import Lobby  # noqa: E402
from wec.online.server import COLLECTOR_THRESHOLDS  # noqa: E402
from wec.online.store import Store  # noqa: E402


class Peer:
    """A connection: writes each frame it is sent, as the server's writer does."""

    def __init__(self) -> None:
        self.seats: dict[str, str] = {}

    def send(self, frame: dict[str, Any]) -> None:
        p.encode(frame)


class Collector:
    """The CPU time of the garbage collector's passes."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.passes = [0, 0, 0]
        self._at = 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._at = time.process_time()
        else:
            self.seconds += time.process_time() - self._at
            self.passes[info["generation"]] += 1


def main(games: int, actions: int, default_collector: bool) -> None:
    if not default_collector:
        gc.set_threshold(*COLLECTOR_THRESHOLDS)
    lobby = Lobby(Store(os.path.join(tempfile.mkdtemp(prefix="wec-lobby-"), "l.sqlite3")))
    rng = random.Random(1)
    tables = []
    for _ in range(games):
        black, white = Peer(), Peer()
        room = lobby.create(black, p.Create("bot", "black", {}, None, 600.0))
        lobby.join(white, p.Join(room.id, "bot"))
        tables.append((room, {"black": black, "white": white}))
    collector = Collector()
    began, done = time.process_time(), 0
    while done < actions:
        room, peers = rng.choice(tables)
        if room.game.result is None:
            text = rng.choice(list(room.legal()))
            lobby.act(peers[room.game.to_move], p.Act(room.id, text, room.version))
            done += 1
    spent = time.process_time() - began
    print(f"{games} games, {actions} actions: {spent / actions * 1000:.2f} ms CPU per action, "
          f"of which the garbage collector {collector.seconds / actions * 1000:.2f} ms "
          f"(passes by generation {collector.passes}); load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--games", type=int, default=500)
    args.add_argument("--actions", type=int, default=4000)
    args.add_argument("--default-collector", action="store_true",
                      help="keep Python's collector thresholds (the server sets its own)")
    a = args.parse_args()
    main(a.games, a.actions, a.default_collector)
