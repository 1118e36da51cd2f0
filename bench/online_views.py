"""Both seats' observations as the online server writes them, three ways side by side in one
process (not a timed test): N games held by one lobby (wec.online.rooms), random actions sent
to it, and after each action both observations' JSON texts made from the position read and
spelled out whole (`seat_positions`, then the JSON of each), from every piece read again and
each piece's entry written again only when it changed (`seat_before.ReadAllTexts`, the way
before wec._core.views), and by `wec.game.seattexts` (only the pieces the core changed read
again, the view's other parts written again only when they changed), in turn first, checked
equal byte for byte. The CPU per action of each way: measured together, so the machine's load
weighs on all alike. With `--lobbies`: two lobbies in the process, alike but for the frame
parts (one makes them as before wec._core.views: `seat_before.BeforeParts`), the same random
actions sent to both in turn, each `act`'s whole CPU (its state frames written, the
collector's passes that fall in it), the frames checked equal.

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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from online_lobby import Peer  # noqa: E402
from seat_before import BeforeParts, ReadAllTexts  # noqa: E402
from wec.game.seattexts import SeatTexts  # noqa: E402
from wec.game.seatviews import seat_positions  # noqa: E402
from wec.online import protocol as p  # noqa: E402
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
        before, now = ReadAllTexts(p.dumps), SeatTexts(p.dumps)
        before.texts(room.game)  # as the server does when the game is made
        now.texts(room.game)
        tables.append((room, {"black": black, "white": white}, before, now))
    spent = {"whole": 0.0, "before": 0.0, "now": 0.0}

    def whole(room: Room) -> dict[str, str]:
        return {s: p.dumps(v) for s, v in seat_positions(room.game).items()}

    done = 0
    while done < actions:
        room, peers, before, now = rng.choice(tables)
        if room.game.result is not None:
            continue
        lobby.act(peers[room.game.to_move], p.Act(room.id, rng.choice(list(room.legal())),
                                                  room.version))
        made = {}
        ways = [("whole", whole), ("before", lambda r: before.texts(r.game)),
                ("now", lambda r: now.texts(r.game))]
        for name, way in (ways[done % 3:] + ways[:done % 3]):
            began = time.process_time()
            made[name] = way(room)
            spent[name] += time.process_time() - began
        assert made["whole"] == made["before"] == made["now"], "the texts differ"
        done += 1
    print(f"{games} games, {actions} actions: both observations' texts "
          f"{spent['whole'] / actions * 1000:.3f} ms CPU per action read and spelled out whole, "
          f"{spent['before'] / actions * 1000:.3f} ms from the pieces' texts, every piece read, "
          f"{spent['now'] / actions * 1000:.3f} ms only the changed pieces read; "
          f"load average {os.getloadavg()[0]:.1f}")


class Keeper(Peer):
    """A connection that keeps the text of each frame it is sent."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[str] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.sent.append(p.encode(frame))


def lobbies(games: int, actions: int) -> None:
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    held = {}
    for way in ("before", "now"):
        lobby = Lobby(Store(os.path.join(tempfile.mkdtemp(prefix="wec-views-"), "v.sqlite3")))
        tables = []
        for _ in range(games):
            black, white = Keeper(), Keeper()
            room = lobby.create(black, p.Create("bot", "black", {}, None, 600.0))
            if way == "before":
                room.parts = BeforeParts()
            lobby.join(white, p.Join(room.id, "bot"))
            tables.append((room, {"black": black, "white": white}))
        held[way] = (lobby, tables, random.Random(1))  # the same games, the same actions
    spent = {"before": 0.0, "now": 0.0}
    for done in range(actions):
        sent = {}
        for way in (("before", "now") if done % 2 else ("now", "before")):
            lobby, tables, rng = held[way]
            room, peers = rng.choice(tables)
            while room.game.result is not None:
                room, peers = rng.choice(tables)
            act = p.Act(room.id, rng.choice(list(room.legal())), room.version)
            began = time.process_time()
            lobby.act(peers[room.game.to_move], act)
            spent[way] += time.process_time() - began
            sent[way] = [(side, peer.sent[-1].replace(room.id, "ID")) for side, peer
                         in sorted(peers.items())]
            for peer in peers.values():
                peer.sent.clear()
        assert sent["before"] == sent["now"], "the frames differ"
    print(f"{games} games, {actions} actions each: a lobby's CPU per act "
          f"{spent['before'] / actions * 1000:.3f} ms with the frame parts made as before "
          f"wec._core.views, {spent['now'] / actions * 1000:.3f} ms now; "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--games", type=int, default=500)
    args.add_argument("--actions", type=int, default=3000)
    args.add_argument("--lobbies", action="store_true",
                      help="two whole lobbies side by side, each act's CPU")
    a = args.parse_args()
    (lobbies if a.lobbies else main)(a.games, a.actions)
