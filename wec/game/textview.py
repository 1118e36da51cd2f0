"""A plain-text board for the terminal (`wec play`, `wec show`).

White pieces in capitals, Black in lower case. Each square shows its Ground pieces on the first
line, then Air (`^`) and Sub (`v`) pieces and the number of articles lying there (`*n`). In one
side's view, a hidden enemy piece can be shown where that side last saw it, as the app's marker:
`?` before its type (`?` alone: a reserve that entered unseen, R8.4).
"""
from __future__ import annotations

from typing import Union

from wec.game.game import Game
from wec.game.observation import LastSeen, Observation

CELL = 9


def _code(p) -> str:
    code = p.type + {"left": "<", "right": ">"}.get(p.hand or "", "")
    return code if p.color == "white" else code.lower()


def _marker(seen: LastSeen) -> str:
    code = seen.type or ""
    return "?" + (code if seen.color == "white" else code.lower())


def render(game: Union[Game, Observation], *, flip: bool = False,
           last_seen: bool = False) -> str:
    """The board as text; give an Observation to show only what one side may see (R10.6), and
    `last_seen` to mark where that side last saw each enemy piece hidden from it now (R10)."""
    markers = game.last_seen() if last_seen and isinstance(game, Observation) else []
    rows = range(10, 0, -1) if not flip else range(1, 11)
    cols = list(range(1, 11)) if not flip else list(range(10, 0, -1))
    sep = "   +" + ("-" * CELL + "+") * 10
    lines = ["    " + "".join(f"{c:^{CELL + 1}}" for c in cols), sep]
    for r in rows:
        ground, upper = [], []
        for c in cols:
            here = game.pieces_at(r, c)
            ghosts = [m for m in markers if m.square == (r, c)]
            g = "+".join([_code(p) for p in here if p.level == "G"]
                         + [_marker(m) for m in ghosts if m.level == "G"])
            extra = "".join(("^" if p.level == "A" else "v") + _code(p)
                            for p in here if p.level != "G")
            extra += "".join(("^" if m.level == "A" else "v") + _marker(m)
                             for m in ghosts if m.level != "G")
            n_art = len(game.articles_at(r, c))
            if n_art:
                extra += f"*{n_art}"
            ground.append(f"{g:^{CELL}}"[:CELL])
            upper.append(f"{extra:^{CELL}}"[:CELL])
        lines.append(f"{r:>2} |" + "|".join(ground) + "|")
        lines.append("   |" + "|".join(upper) + "|")
        lines.append(sep)
    status = f"Turn {game.turn}: {game.to_move} to move"
    if game.result:
        status = f"Game over: {game.result}" + (" wins" if game.result != "draw" else "")
    lines.append(status)
    if markers:
        lines.append("?x: a hidden enemy piece where it was last seen")
    return "\n".join(lines)
