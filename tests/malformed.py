"""Malformed variants of a valid position and a valid save, for the tests that hold the loaders
and `wec validate` to one validation: wrong types for every field at every level, missing keys,
nulls nested anywhere, the whole file of a wrong type. Shared by tests/game and tests/cli."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Iterator

import wec
from wec.game import savefile

ROOT = Path(__file__).resolve().parents[1]
CROWDED = ROOT / "wec" / "tools" / "data" / "positions" / "crowded.json"
"""Carried pieces (an RP on a Chopper at (4, 4) A, a DS on a Submarine at (5, 2) S, R3.4),
shared squares and articles: the position `wec validate` once refused."""

WRONG = [None, True, False, 0, -1, 7, 1.5, "", "x", [], [None], [None, None], {}, {"x": None}]
"""Put in place of each field: JSON's every type, an empty and a null-holding list and object."""

Path_ = tuple[Any, ...]


def shipped_positions() -> dict[str, dict[str, Any]]:
    """Every position the project ships or tests with: the scenarios, the positions of
    wec/tools/data and tests/data, and the positions inside the tactic files."""
    files = sorted((ROOT / "wec" / "rules" / "scenarios").glob("*.json")) + \
        sorted((ROOT / "wec" / "tools" / "data" / "positions").glob("*.json")) + \
        sorted((ROOT / "tests" / "data" / "positions").glob("*.json"))
    out = {str(f.relative_to(ROOT)): json.loads(f.read_text()) for f in files}
    for f in sorted((ROOT / "wec" / "tools" / "data" / "tactics").glob("*.json")):
        out[str(f.relative_to(ROOT))] = json.loads(f.read_text())["position"]
    return out


def rich_position() -> dict[str, Any]:
    """crowded.json as the facade writes it (every key of every entry), with a reserve, a
    projectile and a turn state mid-turn: every field of the format is there."""
    pos = wec.Game.from_position(json.loads(CROWDED.read_text())).position()
    pos["reserves"] = [{"type": "SU", "color": "white", "square": [2, 2], "hand": None,
                        "armed": False, "entered": False}]
    pos["projectiles"] = [{"type": "RL", "square": [6, 9], "level": "G", "direction": [1, 0],
                           "target": None, "strength": 1, "owner": "white"}]
    return pos


def a_save() -> dict[str, Any]:
    """The save of three turns played from crowded.json."""
    game = wec.Game.from_position(json.loads(CROWDED.read_text()))
    for _ in range(3):
        game.apply(game.legal_moves()[0])
        game.apply("END")
    return json.loads(json.dumps(savefile.save_data(game)))


def paths(value: Any, under: Path_ = (), *, entries: int | None = None) -> Iterator[Path_]:
    """The path of every value inside `value` (not `value` itself); of each list, only the
    first `entries` items when given (the others have the same fields)."""
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = list(enumerate(value))[:entries]
    else:
        return
    for key, item in items:
        yield (*under, key)
        yield from paths(item, (*under, key), entries=entries)


def replaced(doc: Any, path: Path_, value: Any) -> Any:
    out = copy.deepcopy(doc)
    here = out
    for step in path[:-1]:
        here = here[step]
    here[path[-1]] = value
    return out


def removed(doc: Any, path: Path_) -> Any:
    out = copy.deepcopy(doc)
    here = out
    for step in path[:-1]:
        here = here[step]
    del here[path[-1]]
    return out


def variants(doc: Any, *, entries: int | None = None,
             under: Path_ = ()) -> Iterator[tuple[str, Any]]:
    """(name, variant) of `doc`: each value at `under` and below replaced by each WRONG value,
    each key of an object removed, and the whole document of a wrong type."""
    top = doc
    for step in under:
        top = top[step]
    for path in paths(top, under, entries=entries):
        name = ".".join(map(str, path))
        for i, value in enumerate(WRONG):
            yield f"{name}={json.dumps(value)}#{i}", replaced(doc, path, value)
        if isinstance(path[-1], str):
            yield f"{name} removed", removed(doc, path)
    if not under:
        for value in WRONG:
            yield f"whole={json.dumps(value)}", value
