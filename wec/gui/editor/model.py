"""The edited position: a plain position dict (docs/FORMATS.md) and the edits made to it.

The editor must show illegal positions too, so it never keeps a `wec.Game`: its model is the
position dict itself (docs/FORMATS.md), written here with every editable value explicit
(`normalize`). Every function returns a new dict and leaves its argument alone, so an edit is a
pair (before, after) that `wec.gui.editor.document` puts on the undo stack.

The editor edits positions at the start of a turn: per-turn state (``moved``, ``turn_state``,
``result`` and a piece's ``fired``/``acted``/``mover``/``hits``/``held``) is dropped when a
position comes in. Lock-ons (``locks``) and homing targets (``projectiles[].target``) are indices
into ``pieces``; removing a piece re-numbers them.
"""
from __future__ import annotations

import copy
from typing import Any, Iterator

from wec import rules
from wec.game.options import GOVERNMENTS
from wec.game.position import is_home_row

Position = dict[str, Any]
Square = tuple[int, int]

PER_TURN_KEYS = ("moved", "turn_state", "result", "sightings")  # sightings: what each side saw
PIECE_PER_TURN_KEYS = ("fired", "acted", "mover", "hits", "held")
PIECE_CODES = tuple(t.code for t in rules.PIECE_TYPES)
PROJECTILE_LEVEL = {"RL": "G", "SL": "A", "TL": "S"}
WEAPONS = ("FL", "ST", "CS", "RL", "SL", "TL")


class PositionShapeError(ValueError):
    """A JSON text or file that is not a position the editor can show (wrong shape, unknown
    piece types, off-board squares). Capacity and rule problems are not shape errors: the editor
    shows those positions and lists their problems."""


def piece_type(code: str) -> rules.PieceType:
    return rules.PIECE_TYPES[rules.TYPE_INDEX[code]]


def default_hand(code: str, color: str, col: int) -> str | None:
    """R2.4 standard reading: a handed piece on its owner's left half is left handed."""
    if not piece_type(code).handed:
        return None
    return "left" if (col <= 5 if color == "white" else col >= 6) else "right"


def is_pawn(code: str) -> bool:
    return piece_type(code).movement == rules.PAWN


def weapons_of(piece: dict[str, Any]) -> tuple[str, ...]:
    """Inherent weapons with a count-down (R7.2): the type's weapons and a JE/SU's rocket."""
    ptype = piece_type(piece["type"])
    inherent = [a for a in ptype.abilities if a in WEAPONS]
    if piece["type"] in rules.JET_ROCKET_TYPES and "RL" not in inherent:
        inherent.append("RL")
    return tuple(inherent)


def slots_of(piece: dict[str, Any]) -> int:
    """R5.1: how many articles this piece may carry."""
    ptype = piece_type(piece["type"])
    if "XXX" in ptype.abilities:
        return 2
    return 3 if "XXX" in piece.get("articles", []) else 1


# --- construction ----------------------------------------------------------------------------

def empty_position(options: dict[str, Any] | None = None, to_move: str = "black") -> Position:
    """A board with nothing on it (the editor's Clear)."""
    return {"format": "wec-position", "version": 1, "to_move": to_move, "turn": 1,
            "options": dict(options or {}), "pieces": [], "articles": [], "reserves": [],
            "projectiles": []}


def standard_position(options: dict[str, Any] | None = None) -> Position:
    """The standard set-up (R2.5, R5.4, R8.5) for these options' governments."""
    opts = dict(options or {})
    pos = rules.standard_position(opts.get("government_black", "monarchy"),
                                  opts.get("government_white", "monarchy"))
    pos["options"] = opts
    return normalize(pos)


def make_piece(code: str, color: str, square: Square, level: str,
               hand: str | None = None) -> dict[str, Any]:
    """A new piece as the palette places it: no articles, not stunned, weapons ready."""
    row, col = square
    piece: dict[str, Any] = {"type": code, "color": color, "square": [row, col], "level": level,
                             "hand": hand if piece_type(code).handed else None,
                             "articles": [], "article_cooldowns": [], "stun": 0, "cooldowns": {}}
    if piece["hand"] is None and piece_type(code).handed:
        piece["hand"] = default_hand(code, color, col)
    if is_pawn(code):
        piece["home"] = is_home_row(code, color, row)
    return piece


def check_shape(pos: Any) -> None:
    """Raise PositionShapeError unless the editor can show `pos` (see the class)."""
    if not isinstance(pos, dict):
        raise PositionShapeError(f"expected a JSON object, got {type(pos).__name__}")
    if pos.get("format") != "wec-position":
        raise PositionShapeError(f"format: expected 'wec-position', got {pos.get('format')!r}")
    if pos.get("to_move") not in rules.COLORS:
        raise PositionShapeError(f"to_move: {pos.get('to_move')!r} is not black or white")
    if not isinstance(pos.get("options", {}), dict):
        raise PositionShapeError("options: expected an object")

    def square_ok(value: Any) -> bool:
        return isinstance(value, (list, tuple)) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10 for v in value)

    kinds = {"pieces": PIECE_CODES, "articles": rules.ARTICLES, "reserves": PIECE_CODES,
             "projectiles": tuple(PROJECTILE_LEVEL)}
    for key, codes in kinds.items():
        entries = pos.get(key, [])
        if not isinstance(entries, list):
            raise PositionShapeError(f"{key}: expected a list")
        for i, e in enumerate(entries):
            where = f"{key}[{i}]"
            if not isinstance(e, dict):
                raise PositionShapeError(f"{where}: expected an object")
            if e.get("type") not in codes:
                raise PositionShapeError(f"{where}.type: {e.get('type')!r} is not a known type")
            if not square_ok(e.get("square")):
                raise PositionShapeError(f"{where}.square: expected [row, col] on the board, "
                                         f"got {e.get('square')!r}")
            if key in ("pieces", "reserves") and e.get("color") not in rules.COLORS:
                raise PositionShapeError(f"{where}.color: {e.get('color')!r} is not black or "
                                         f"white")
            if key == "pieces" and e.get("level") not in rules.LEVELS:
                raise PositionShapeError(f"{where}.level: {e.get('level')!r} is not G, A or S")
            if key == "pieces":
                _check_piece_values(e, where)
            if key in ("pieces", "reserves") and e.get("hand") not in (None, "left", "right"):
                raise PositionShapeError(f"{where}.hand: {e.get('hand')!r} is not left or right")
            if key == "projectiles":
                _check_projectile_values(e, where)
            if key == "articles" and not _is_int(e.get("cooldown", 0)):
                raise PositionShapeError(f"{where}.cooldown: expected an integer")
    if not _is_int(pos.get("turn", 1)):
        raise PositionShapeError("turn: expected an integer")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_piece_values(e: dict[str, Any], where: str) -> None:
    arts = e.get("articles", [])
    if not isinstance(arts, list) or not all(isinstance(a, str) for a in arts):
        raise PositionShapeError(f"{where}.articles: expected a list of article codes")
    cools = e.get("article_cooldowns", [])
    if not isinstance(cools, list) or not all(_is_int(n) for n in cools):
        raise PositionShapeError(f"{where}.article_cooldowns: expected a list of integers")
    if not _is_int(e.get("stun", 0)):
        raise PositionShapeError(f"{where}.stun: expected an integer")
    inherent = e.get("cooldowns", {})
    if not isinstance(inherent, dict) or not all(_is_int(n) for n in inherent.values()):
        raise PositionShapeError(f"{where}.cooldowns: expected an object of weapon: turns")
    if not isinstance(e.get("home", False), bool):
        raise PositionShapeError(f"{where}.home: expected true or false")


def _check_projectile_values(e: dict[str, Any], where: str) -> None:
    if e.get("level") not in rules.LEVELS:
        raise PositionShapeError(f"{where}.level: {e.get('level')!r} is not G, A or S")
    d = e.get("direction")
    if d is not None and not (isinstance(d, (list, tuple)) and len(d) == 2
                              and all(_is_int(v) for v in d)):
        raise PositionShapeError(f"{where}.direction: expected [dr, dc]")
    if e.get("owner") not in rules.COLORS:
        raise PositionShapeError(f"{where}.owner: {e.get('owner')!r} is not black or white")
    if not _is_int(e.get("strength", 1)):
        raise PositionShapeError(f"{where}.strength: expected an integer")
    if e.get("target") is not None and not _is_int(e.get("target")):
        raise PositionShapeError(f"{where}.target: expected a piece index or null")


def normalize(pos: Position) -> Position:
    """The editor's form of a position: per-turn state dropped, every editable value explicit.
    Idempotent; `check_shape` must hold first."""
    out = copy.deepcopy(pos)
    for key in PER_TURN_KEYS:
        out.pop(key, None)
    out.setdefault("turn", 1)
    out.setdefault("options", {})
    for key in ("pieces", "articles", "reserves", "projectiles"):
        out.setdefault(key, [])
    for p in out["pieces"]:
        for key in PIECE_PER_TURN_KEYS:
            p.pop(key, None)
        row, col = p["square"]
        p["square"] = [row, col]
        if piece_type(p["type"]).handed and p.get("hand") is None:
            p["hand"] = default_hand(p["type"], p["color"], col)
        p.setdefault("hand", None)
        p.setdefault("articles", [])
        p.setdefault("stun", 0)
        p.setdefault("cooldowns", {})
        if "article_cooldowns" not in p:
            cool = p["cooldowns"] if isinstance(p["cooldowns"], dict) else {}
            p["article_cooldowns"] = [cool.get(a, 0) if isinstance(a, str) else 0
                                      for a in p["articles"]]
        if isinstance(p["cooldowns"], dict):
            p["cooldowns"] = {w: n for w, n in p["cooldowns"].items() if n}
        if is_pawn(p["type"]):
            p.setdefault("home", is_home_row(p["type"], p["color"], row))
        elif p.get("home") is False:
            del p["home"]
        if p.get("journey", 0) is None:
            del p["journey"]
        if isinstance(p.get("locks"), list):
            while p["locks"] and p["locks"][-1] is None:
                p["locks"].pop()  # locked on nothing (R10.2) is what a missing entry means
            if not p["locks"]:
                del p["locks"]
        if p.get("revealed", 1) == 0:
            del p["revealed"]
    for a in out["articles"]:
        a["square"] = list(a["square"])
        if a.get("cooldown", 1) == 0:
            del a["cooldown"]
    sort_articles(out)
    for r in out["reserves"]:
        r["square"] = list(r["square"])
        r.setdefault("hand", None)
        r.setdefault("armed", False)
        if r.get("entered") is False:
            del r["entered"]
    for pr in out["projectiles"]:
        pr["square"] = list(pr["square"])
        pr.setdefault("target", None)
    if out.get("quiet", 1) == 0:
        del out["quiet"]
    return out


# --- reading ---------------------------------------------------------------------------------

def pieces_at(pos: Position, square: Square, level: str | None = None) -> list[int]:
    """Indices in ``pieces`` of the pieces on a square (at one level, or at any)."""
    return [i for i, p in enumerate(pos["pieces"]) if tuple(p["square"]) == tuple(square)
            and (level is None or p["level"] == level)]


def articles_at(pos: Position, square: Square) -> list[int]:
    return [i for i, a in enumerate(pos["articles"]) if tuple(a["square"]) == tuple(square)]


def reserves_at(pos: Position, square: Square) -> list[int]:
    return [i for i, r in enumerate(pos["reserves"]) if tuple(r["square"]) == tuple(square)]


def projectiles_at(pos: Position, square: Square) -> list[int]:
    return [i for i, p in enumerate(pos["projectiles"]) if tuple(p["square"]) == tuple(square)]


def occupied_squares(pos: Position) -> Iterator[Square]:
    seen: set[Square] = set()
    for key in ("pieces", "articles", "reserves", "projectiles"):
        for e in pos[key]:
            sq = (e["square"][0], e["square"][1])
            if sq not in seen:
                seen.add(sq)
                yield sq


def describe_piece(p: dict[str, Any]) -> str:
    """E.g. "White Tank (TA, left) at Ground, carrying FL, stunned 2"."""
    level = {"G": "Ground", "A": "Air", "S": "Sub"}[p["level"]]
    hand = f", {p['hand']}" if p.get("hand") else ""
    text = f"{p['color'].capitalize()} {piece_type(p['type']).name} ({p['type']}{hand}) at {level}"
    if p.get("articles"):
        text += ", carrying " + " ".join(p["articles"])
    if p.get("stun"):
        text += f", stunned {p['stun']}"
    return text


# --- edits (each returns a new position) -----------------------------------------------------

def add_piece(pos: Position, piece: dict[str, Any]) -> Position:
    out = copy.deepcopy(pos)
    out["pieces"].append(copy.deepcopy(piece))
    return out


def remove_piece(pos: Position, index: int) -> Position:
    """Remove a piece; lock-ons and homing targets pointing at it are cleared, later indices
    shift down by one."""
    out = copy.deepcopy(pos)
    gone = out["pieces"].pop(index)

    def shift(i: int | None) -> int | None:
        if i is None or i == index:
            return None
        return i - 1 if i > index else i

    for p in out["pieces"]:
        if "locks" in p:
            p["locks"] = [shift(t) for t in p["locks"]]
    for pr in out["projectiles"]:
        if pr.get("target") is not None:
            new = shift(pr["target"])
            if new is None and pr["target"] == index:
                if pr.get("direction") is None:  # aim where the target stood (R7.6)
                    dr = gone["square"][0] - pr["square"][0]
                    dc = gone["square"][1] - pr["square"][1]
                    step = [(dr > 0) - (dr < 0), (dc > 0) - (dc < 0)]
                    pr["direction"] = step if step != [0, 0] else [1, 0]
            pr["target"] = new
    return out


def update_piece(pos: Position, index: int, **changes: Any) -> Position:
    """Set fields of one piece. Keeps ``article_cooldowns`` aligned with ``articles`` and the
    pawn home flag in step with a new square (R4.3: home on its own second row)."""
    out = copy.deepcopy(pos)
    p = out["pieces"][index]
    old_square = list(p["square"])
    for key, value in changes.items():
        if value is None and key in ("journey", "locks"):
            p.pop(key, None)
        else:
            p[key] = copy.deepcopy(value)
    if "articles" in changes and "article_cooldowns" not in changes:
        old = pos["pieces"][index]
        pool = list(zip(old.get("articles", []), old.get("article_cooldowns", [])))
        cools = []
        for a in p["articles"]:
            match = next((k for k, (b, _) in enumerate(pool) if b == a), None)
            cools.append(pool.pop(match)[1] if match is not None else 0)
        p["article_cooldowns"] = cools
    if "square" in changes and list(changes["square"]) != old_square and is_pawn(p["type"]) \
            and "home" not in changes:
        p["home"] = is_home_row(p["type"], p["color"], p["square"][0])
    return out


def move_piece(pos: Position, index: int, square: Square, level: str) -> Position:
    return update_piece(pos, index, square=[square[0], square[1]], level=level)


def sort_articles(pos: Position) -> None:
    """Keep the ground articles in board order (row, then column; the order they were laid
    within a square), the order the engine writes them, so an edited position and the position
    of the game started from it are equal lists."""
    pos["articles"].sort(key=lambda a: (a["square"][0], a["square"][1]))


def add_article(pos: Position, code: str, square: Square) -> Position:
    out = copy.deepcopy(pos)
    out["articles"].append({"type": code, "square": [square[0], square[1]]})
    sort_articles(out)
    return out


def give_article(pos: Position, index: int, code: str) -> Position:
    """A piece takes one more carried article (slots are checked by validation, R5.1)."""
    arts = list(pos["pieces"][index].get("articles", [])) + [code]
    cools = list(pos["pieces"][index].get("article_cooldowns", [])) + [0]
    return update_piece(pos, index, articles=arts, article_cooldowns=cools)


def take_article(pos: Position, index: int, slot: int) -> Position:
    """A piece loses its carried article number `slot` (its count-down goes with it)."""
    p = pos["pieces"][index]
    arts = list(p.get("articles", []))
    cools = list(p.get("article_cooldowns", [0] * len(arts)))
    del arts[slot]
    if slot < len(cools):
        del cools[slot]
    out = update_piece(pos, index, articles=arts, article_cooldowns=cools)
    q = out["pieces"][index]
    if q.get("journey") and q["journey"].get("article") not in arts:
        del q["journey"]
    return out


def set_entry(pos: Position, key: str, index: int, **changes: Any) -> Position:
    """Set fields of a ground article, reserve or projectile."""
    out = copy.deepcopy(pos)
    entry = out[key][index]
    for k, v in changes.items():
        if v is None and k == "cooldown":
            entry.pop(k, None)
        else:
            entry[k] = copy.deepcopy(v)
    if key == "articles":
        sort_articles(out)
    return out


def remove_entry(pos: Position, key: str, index: int) -> Position:
    if key == "pieces":
        return remove_piece(pos, index)
    out = copy.deepcopy(pos)
    del out[key][index]
    return out


def add_reserve(pos: Position, code: str, color: str, square: Square,
                hand: str | None = None) -> Position:
    out = copy.deepcopy(pos)
    if piece_type(code).handed and hand is None:
        hand = default_hand(code, color, square[1])
    out["reserves"].append({"type": code, "color": color, "square": [square[0], square[1]],
                            "hand": hand if piece_type(code).handed else None, "armed": False})
    return out


def add_projectile(pos: Position, kind: str, square: Square, owner: str,
                   direction: tuple[int, int] | None = None) -> Position:
    """A projectile in flight (R7.6) at its kind's level, heading away from its owner."""
    out = copy.deepcopy(pos)
    if direction is None:
        direction = (1, 0) if owner == "white" else (-1, 0)
    out["projectiles"].append({"type": kind, "square": [square[0], square[1]],
                               "level": PROJECTILE_LEVEL[kind], "direction": list(direction),
                               "target": None, "strength": 1, "owner": owner})
    return out


def move_entry(pos: Position, key: str, index: int, square: Square) -> Position:
    return set_entry(pos, key, index, square=[square[0], square[1]])


def set_government(pos: Position, color: str, government: str) -> Position:
    """R2.1: a side's government option, and its government pieces (board and reserves) turned
    into the new government's primary and secondary types."""
    if government not in GOVERNMENTS:
        raise ValueError(government)
    out = copy.deepcopy(pos)
    out["options"][f"government_{color}"] = government
    if government == "monarchy":
        del out["options"][f"government_{color}"]
    primary, secondary = rules.GOVERNMENTS[government]
    for entry in out["pieces"] + out["reserves"]:
        if entry["color"] != color:
            continue
        role = piece_type(entry["type"]).role
        if role == "primary":
            entry["type"] = primary
        elif role == "secondary":
            entry["type"] = secondary
    return out


def government_of(pos: Position, color: str) -> str:
    return pos["options"].get(f"government_{color}", "monarchy")


def set_options(pos: Position, options: dict[str, Any]) -> Position:
    out = copy.deepcopy(pos)
    out["options"] = copy.deepcopy(options)
    return out


def set_top(pos: Position, **changes: Any) -> Position:
    """Set top-level entries (to_move, turn)."""
    out = copy.deepcopy(pos)
    out.update(copy.deepcopy(changes))
    return out


def change_type(pos: Position, index: int, code: str) -> Position:
    """A piece becomes another type: hand, pawn home flag and inherent count-downs follow."""
    p = pos["pieces"][index]
    new = make_piece(code, p["color"], (p["square"][0], p["square"][1]), p["level"],
                     p.get("hand"))
    out = copy.deepcopy(pos)
    q = out["pieces"][index]
    q["type"] = code
    q["hand"] = new["hand"]
    q.pop("home", None)
    if "home" in new:
        q["home"] = new["home"]
    weapons = weapons_of(new)
    q["cooldowns"] = {w: n for w, n in (q.get("cooldowns") or {}).items() if w in weapons}
    return out
