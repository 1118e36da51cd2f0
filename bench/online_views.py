"""Both seats' observations as the online server writes them, two ways side by side in one
process (not a timed test): N games held by one lobby (wec.online.rooms), random actions sent
to it, and after each action both observations' JSON texts made from the position read and
spelled out whole (`seat_positions`, then the JSON of each) and by `wec.game.seattexts` (each
piece's entry written again only when it changed), in turn first, checked equal byte for byte.
The CPU per action of each way: measured together, so the machine's load weighs on both alike.
With `--lobbies`: two lobbies in the process, alike but for that (one writes the observations
whole, as before wec.game.seattexts), the same random actions sent to both in turn, each
`act`'s whole CPU (its state frames written, the collector's passes that fall in it).

    python bench/online_views.py [--games 500] [--actions 3000] [--lobbies]
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from online_lobby import Peer  # noqa: E402
from wec.game.game import Game  # noqa: E402
from wec.game.seattexts import SeatTexts  # noqa: E402
from wec.game.seatviews import seat_positions  # noqa: E402
from wec.online import protocol as p  # noqa: E402
from wec.online.frames import SeatParts  # noqa: E402
from wec.online.rooms import Lobby, Room  # noqa: E402
from wec.online.server import COLLECTOR_THRESHOLDS  # noqa: E402
from wec.online.store import Store  # noqa: E402


def main(games: int, actions: int) -> None:
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    lobby = Lobby(Store(os.path.join(tempfile.mkdtemp(prefix="wec-views-"), "v.sqlite3")))
    rng = random.Random(1)
    tables = []
    for _ in range(games):
        black, white = Peer(), Peer()
        room = lobby.create(black, p.Create("bot", "black", {}, None, 600.0))
        lobby.join(white, p.Join(room.id, "bot"))
        texts = SeatTexts(p.dumps)
        texts.texts(room.game)  # as the server does when the game is made
        tables.append((room, {"black": black, "white": white}, texts))
    spent = {"whole": 0.0, "pieces": 0.0}

    def whole(room: Room) -> dict[str, str]:
        return {s: p.dumps(v) for s, v in seat_positions(room.game).items()}

    done = 0
    while done < actions:
        room, peers, texts = rng.choice(tables)
        if room.game.result is not None:
            continue
        lobby.act(peers[room.game.to_move], p.Act(room.id, rng.choice(list(room.legal())),
                                                  room.version))
        made = {}
        ways = [("whole", whole), ("pieces", lambda r: texts.texts(r.game))]
        for name, way in (ways if done % 2 else ways[::-1]):
            began = time.process_time()
            made[name] = way(room)
            spent[name] += time.process_time() - began
        assert made["whole"] == made["pieces"], "the texts differ"
        done += 1
    print(f"{games} games, {actions} actions: both observations' texts "
          f"{spent['whole'] / actions * 1000:.3f} ms "
          f"CPU per action read and spelled out whole, {spent['pieces'] / actions * 1000:.3f} ms "
          f"from the pieces' texts; load average {os.getloadavg()[0]:.1f}")


class WholeParts(SeatParts):
    """The observations read and spelled out whole, then written (as before seattexts)."""

    def observation(self, game: Game, version: int, side: str) -> p.Raw:
        self._at_version(game, version)
        if not self._observations:
            self._observations = {s: p.Raw(p.dumps(pos))
                                  for s, pos in seat_positions(game).items()}
        return self._observations[side]


def lobbies(games: int, actions: int) -> None:
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    held = {}
    for way in ("whole", "pieces"):
        lobby = Lobby(Store(os.path.join(tempfile.mkdtemp(prefix="wec-views-"), "v.sqlite3")))
        tables = []
        for _ in range(games):
            black, white = Peer(), Peer()
            room = lobby.create(black, p.Create("bot", "black", {}, None, 600.0))
            if way == "whole":
                room.parts = WholeParts()
            lobby.join(white, p.Join(room.id, "bot"))
            tables.append((room, {"black": black, "white": white}))
        held[way] = (lobby, tables, random.Random(1))  # the same games, the same actions
    spent = {"whole": 0.0, "pieces": 0.0}
    for done in range(actions):
        for way in (("whole", "pieces") if done % 2 else ("pieces", "whole")):
            lobby, tables, rng = held[way]
            room, peers = rng.choice(tables)
            while room.game.result is not None:
                room, peers = rng.choice(tables)
            act = p.Act(room.id, rng.choice(list(room.legal())), room.version)
            began = time.process_time()
            lobby.act(peers[room.game.to_move], act)
            spent[way] += time.process_time() - began
    print(f"{games} games, {actions} actions each: a lobby's CPU per act "
          f"{spent['whole'] / actions * 1000:.3f} ms with the observations written whole, "
          f"{spent['pieces'] / actions * 1000:.3f} ms from the pieces' texts; "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--games", type=int, default=500)
    args.add_argument("--actions", type=int, default=3000)
    args.add_argument("--lobbies", action="store_true",
                      help="two whole lobbies side by side, each act's CPU")
    a = args.parse_args()
    (lobbies if a.lobbies else main)(a.games, a.actions)
