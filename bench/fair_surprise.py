"""How primary government pieces were lost in a match's saved games (issue 21, item 4).

    python bench/fair_surprise.py SAVES_FOLDER [RESULTS.jsonl]

For each game of `wec match ... --save SAVES_FOLDER` that ended with a primary piece lost (R11.1):
the action that took it (move, fire, conversion, a projectile landing at End Turn), the pieces
the winner acted with in that turn, and whether the loser could see each of them when the turn
began (R10). With RESULTS (the match's --results file) the loser is named by player (e.g. the
fair side against `ai:omniscient`). The question it answers: are the fair side's losses
surprises by pieces it could not see, or plain tactics?"""
import collections
import json
import os
import sys

from wec import Game
from wec import rules
from wec.game.coredata import EV_CONVERTED, EV_REMOVED, KILL_KIND


def _piece(entry, pid):
    raw = entry.pieces.get(pid)
    return rules.PIECE_TYPES[raw[1]].code if raw else "?"


def lost(path):
    """(loser colour index, a dict describing the losing turn) or None."""
    game = Game.load(path)
    line = list(game.record.line)
    for i, entry in enumerate(line):
        if not entry.primary:
            continue
        loser = entry.primary[0][0]
        start = i
        while start > 0 and line[start - 1].name != "END":
            start -= 1
        seen_at_start = line[start].vis_before[loser]
        acted = []
        for e in line[start:i + 1]:
            pid = e.raw[1]
            if pid < 0 or e.mover == loser:
                continue
            visible = pid < len(seen_at_start) and bool(seen_at_start[pid])
            acted.append((e.name, _piece(e, pid), visible))
        primary = [ev for ev in entry.events if ev[0] in (EV_REMOVED, EV_CONVERTED) and
                   rules.PIECE_TYPES[entry.pieces.get(ev[1], (0, 0))[1]].role == "primary"]
        ev = primary[0] if primary else (0, 0, 0)
        how = ("conversion" if ev[0] == EV_CONVERTED else
               f"{entry.name.lower()}/{KILL_KIND.get(ev[4], ev[4]) if len(ev) > 4 else '?'}")
        return loser, {"how": how, "by_own_action": entry.mover == loser, "text": entry.text,
                       "acted": acted, "hidden_actor": any(not v for _, _, v in acted),
                       "ply": i}
    return None


def main(folder, results=None):
    players = {}
    if results:
        with open(results) as f:
            for row in map(json.loads, f):
                players[row["game"]] = row["colours"]
    tally = collections.Counter()
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        index = int(name.split("-")[1].split(".")[0])
        found = lost(os.path.join(folder, name))
        if found is None:
            continue
        loser, info = found
        who = players.get(index, {}).get(rules.COLORS[loser], rules.COLORS[loser])
        tally[(who, info["how"], "hidden actor" if info["hidden_actor"] else "seen actors")] += 1
        print(index, who, info["how"], info["text"], info["acted"], flush=True)
    print()
    for key, count in sorted(tally.items()):
        print(*key, count, sep="\t")


if __name__ == "__main__":
    main(*sys.argv[1:])
