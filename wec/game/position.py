"""The position format (docs/FORMATS.md): validation, conversion to and from the core's plain data.

One reading (`read_position`) finds every problem, one line each naming the entry, e.g.
``pieces[3].square: (11, 2) is off the board``: the loader raises PositionError with the first,
`wec validate` and the editor list them all (`position_problems`). Validation covers the capacity
rules R3.1-R3.4, slots R5.1 and the article limits R3.3.
The optional ``sightings`` (what each side last saw of the other's hidden pieces, R10) reach
the game's knowledge (wec.game.sightings), never the core: they do not enter the hash.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

from wec import rules
from wec._core.engine import Engine
from wec._core.state import BLACK, NONE, RESULT_DRAW, RESULT_NONE, WHITE
from wec.game.clock import parse_clock
from wec.game.errors import OptionsError, PositionError, cut, kind_of, shown
from wec.game.jsonfile import read_json_file
from wec.game.options import Options

TOP_KEYS = {"format", "version", "to_move", "turn", "options", "pieces", "articles", "reserves",
            "moved", "projectiles", "turn_state", "quiet", "result", "clock",
            "sightings"}
PIECE_KEYS = {"type", "color", "square", "level", "hand", "articles", "stun", "home", "cooldowns",
              "journey", "fired", "acted", "mover", "hits", "article_cooldowns", "locks",
              "revealed", "held"}
JOURNEY_KEYS = {"article", "to", "path"}
PROJECTILE_KEYS = {"type", "square", "level", "direction", "target", "strength", "owner"}
TURN_STATE_KEYS = {"fires", "pickup", "drop", "exchange", "reinforce", "violent", "primary_lost"}
SIGHTING_SIDE_KEYS = {"pieces", "armed_reserves"}
SIGHTING_KEYS = {"marker", "piece", "type", "square", "level", "turn"}
TRANSPORTS = ("BI", "JP", "SC")
TRAVEL_LEVEL = {"BI": "G", "JP": "A", "SC": "S"}
ARTICLE_KEYS = {"type", "square", "cooldown"}
RESERVE_KEYS = {"type", "color", "square", "hand", "armed", "entered"}
WEAPONS = ("FL", "ST", "CS", "RL", "SL", "TL")
MAX_PIECES = 640  # the core's capacity


def square_index(row: int, col: int) -> int:
    return (row - 1) * 10 + (col - 1)


def square_of(index: int) -> tuple[int, int]:
    return index // 10 + 1, index % 10 + 1


def is_home_row(code: str, color: str, row: int) -> bool:
    """A pawn on its own second row may double-step unless told otherwise (docs/FORMATS.md)."""
    return rules.PIECE_TYPES[rules.TYPE_INDEX[code]].movement == rules.PAWN and \
        row == (2 if color == "white" else 9)


def carried_slots(ptype: rules.PieceType, articles: list[str] | tuple[str, ...]) -> int:
    """R5.1: how many articles a piece may carry.

    1; with an XXX box 3 slots, the box counting as one: an XP (inherent box) carries 2, a piece
    carrying a box carries it plus 2. Boxes do not add up.
    """
    if "XXX" in ptype.abilities:
        return 2
    return 3 if "XXX" in articles else 1


def _check_keys(entry: Mapping[str, Any], allowed: set[str], required: set[str], where: str) -> None:
    if not isinstance(entry, Mapping):
        raise PositionError(f"{where}: expected an object, got {kind_of(entry)}")
    for key in entry:
        if key not in allowed:
            raise PositionError(f"{where}: unknown key {shown(key)}")
    for key in sorted(required):
        if key not in entry:
            raise PositionError(f"{where}: missing key {shown(key)}")


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{where}: expected an integer, got {shown(value)}")
    if not lo <= value <= hi:
        raise PositionError(f"{where}: {shown(value)} is outside {lo}..{hi}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(f"{where}: expected true or false, got {shown(value)}")
    return value


def _choice(value: Any, allowed: tuple, where: str) -> Any:
    if value not in allowed:
        listed = ", ".join(str(a) for a in allowed)
        raise PositionError(f"{where}: {shown(value)} is not one of {listed}")
    return value


def _square(value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2 or \
            any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise PositionError(f"{where}: expected [row, col], got {shown(value)}")
    row, col = value
    if not (1 <= row <= 10 and 1 <= col <= 10):
        raise PositionError(f"{where}: ({shown(row)}, {shown(col)}) is off the board")
    return row, col


def _hand(ptype: rules.PieceType, value: Any, color: str, col: int, where: str) -> int:
    if ptype.handed:
        if value is None:  # R2.4 standard: the owner's left half is left handed
            value = "left" if (col <= 5 if color == "white" else col >= 6) else "right"
        _choice(value, ("left", "right"), where)
    elif value is not None:
        raise PositionError(f"{where}: a {ptype.code} has no hand, got {shown(value)}")
    return rules.HANDS.index(value)


def _cooldowns(value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise PositionError(f"{where}: expected an object of weapon: turns, got {shown(value)}")
    out = {}
    for code, turns in value.items():
        _choice(code, WEAPONS, f"{where}")
        out[code] = _int(turns, f"{where}.{code}", 0, 99)
    return out


def _locks(value: Any, where: str, n_pieces: int) -> list[int | None]:
    """R10.2 lock-ons: the index (in "pieces") of the enemy piece each Anti-Stealth is locked on,
    in the order inherent first, then the carried ones; null for one locked on nothing."""
    if not isinstance(value, list):
        raise PositionError(f"{where}: expected a list of piece indices, got {kind_of(value)}")
    return [None if v is None else _int(v, f"{where}[{i}]", 0, n_pieces - 1)
            for i, v in enumerate(value)]


def load_position_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a position JSON file; unreadable or malformed files raise PositionError (see
    wec.game.jsonfile: only regular files, at most 64 MB)."""
    return read_json_file(path, PositionError, "JSON position file")


REQUIRED_KEYS = ("format", "version", "to_move", "pieces")


def parse_position(pos: Any) -> tuple[Options, dict[str, Any]]:
    """Validate a position dict; return its Options and the core's plain data. The first problem
    `read_position` finds raises PositionError."""
    problems, options, data = read_position(pos)
    if problems:
        raise PositionError(problems[0])
    return options, data


def read_position(pos: Any) -> tuple[list[str], Options, dict[str, Any]]:
    """The one reading of a position, shared by the loader (`parse_position`), `wec validate`
    and the editor (`position_problems`): every problem found, one line each naming the field,
    with the Options and the core's plain data (to be used only when there is no problem).

    Each top-level field is read on its own, each entry of the lists on its own (its first
    problem), then the rules between the sound entries: capacity R3.1-R3.4 at every square,
    ground articles R3.3, reserves R8.4."""
    if not isinstance(pos, Mapping):
        return [f"position: expected an object, got {kind_of(pos)}"], Options(), {}
    found: list[str] = []

    def field(key: str, default: Any, read: Callable[[Any], Any]) -> Any:
        if key not in pos:
            return default
        try:
            return read(pos[key])
        except PositionError as e:
            found.append(str(e))
            return default

    found += [f"position: unknown key {shown(key)}" for key in pos if key not in TOP_KEYS]
    found += [f"position: missing key {key!r}" for key in REQUIRED_KEYS if key not in pos]
    field("format", None, _format)
    field("version", 1, lambda v: _int(v, "version", 1, 1))
    to_move = field("to_move", "black", lambda v: _choice(v, rules.COLORS, "to_move"))
    turn = field("turn", 1, lambda v: _int(v, "turn", 1, 10**6))
    moved = field("moved", False, lambda v: _bool(v, "moved"))
    options = field("options", Options(), _options)
    pieces_in = field("pieces", [], lambda v: _list(v, "pieces"))
    pieces: list[dict[str, Any]] = []
    unsure: set[tuple[int, int] | None] = set()
    for i, entry in enumerate(pieces_in):
        try:
            pieces.append(_piece(entry, f"pieces[{i}]", options, len(pieces_in)))
        except PositionError as e:
            found.append(str(e))
            unsure.add(_square_or_none(entry))
    found += _capacity_problems(pieces, options, unsure)
    articles_in = field("articles", [], lambda v: _list(v, "articles"))
    articles = _articles(articles_in, found)
    # R3.3 counts every article the entries name, those of an entry with a problem too
    n_articles = len(articles_in) + sum(
        len(e["articles"]) for e in pieces_in
        if isinstance(e, Mapping) and isinstance(e.get("articles"), list))
    if n_articles > rules.MAX_ARTICLES:
        found.append(f"articles: {n_articles} articles, more than {rules.MAX_ARTICLES} (R3.3)")
    reserves = _reserves(field("reserves", [], lambda v: _list(v, "reserves")), found)
    projectiles: list[dict[str, int]] = []
    for i, entry in enumerate(field("projectiles", [], lambda v: _list(v, "projectiles"))):
        try:
            projectiles.append(_projectile(entry, f"projectiles[{i}]", len(pieces_in)))
        except PositionError as e:
            found.append(str(e))
    turn_state, lost = field("turn_state", _turn_state({}), _turn_state)
    quiet = field("quiet", 0, lambda v: _int(v, "quiet", 0, 10**6))
    result = field("result", None, lambda v: v if v is None else
                   _choice(v, ("black", "white", "draw"), "result"))
    # the sightings name pieces by index: read only when every piece entry was sound
    sightings = None if unsure else field(
        "sightings", None, lambda v: None if v is None else _sightings(v, pieces))
    data = {"side": rules.COLORS.index(to_move), "turn": turn, "moved": int(moved),
            "pieces": pieces, "articles": articles, "reserves": reserves,
            "projectiles": projectiles, "turn_state": turn_state, "quiet": quiet,
            "primary_lost": lost, "sightings": sightings,
            "result": {None: RESULT_NONE, "black": BLACK, "white": WHITE,
                       "draw": RESULT_DRAW}[result]}
    clock = field("clock", None, lambda v: None if v is None else parse_clock(v))
    if clock is not None:  # the game's clocks (wec.game.clock)
        data["clock"] = clock
    return found, options, data


def _format(value: Any) -> str:
    if value != "wec-position":
        raise PositionError(f"format: expected 'wec-position', got {shown(value)}")
    return value


def _options(value: Any) -> Options:
    try:
        return Options.from_dict(value)
    except OptionsError as e:
        raise PositionError(f"options: {e}") from None


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(f"{where}: expected a list, got {kind_of(value)}")
    return value


def _square_or_none(entry: Any) -> tuple[int, int] | None:
    """The square a bad entry names, if it names one (its neighbours' capacity is then not
    judged: the bad entry may be their carrier)."""
    try:
        return _square(entry.get("square") if isinstance(entry, Mapping) else None, "")
    except PositionError:
        return None


def _piece(entry: Any, where: str, options: Options, n_pieces: int) -> dict[str, Any]:
    """One entry of "pieces" as the core's plain data; its first problem raises."""
    _check_keys(entry, PIECE_KEYS, {"type", "color", "square", "level"}, where)
    code = _choice(entry["type"], tuple(rules.TYPE_INDEX), f"{where}.type")
    ptype = rules.PIECE_TYPES[rules.TYPE_INDEX[code]]
    color = _choice(entry["color"], rules.COLORS, f"{where}.color")
    row, col = _square(entry["square"], f"{where}.square")
    level = _choice(entry["level"], rules.LEVELS, f"{where}.level")
    hand = _hand(ptype, entry.get("hand"), color, col, f"{where}.hand")
    arts = entry.get("articles", [])
    if not isinstance(arts, list):
        raise PositionError(f"{where}.articles: expected a list of article codes, got "
                            f"{kind_of(arts)}")
    for j, a in enumerate(arts):
        _choice(a, rules.ARTICLES, f"{where}.articles[{j}]")
    slots = carried_slots(ptype, arts)
    if len(arts) > slots:
        raise PositionError(f"{where}.articles: {len(arts)} articles but room for {slots} "
                            f"(R5.1)")
    if ptype.role == "primary" and "SH" in arts and not options.stealthy_primary:
        raise PositionError(f"{where}.articles: a primary government piece cannot hold "
                            f"Stealth unless stealthy_primary (R8.1)")
    stun = _int(entry.get("stun", 0), f"{where}.stun", 0, 255)
    home_default = is_home_row(code, color, row)
    home = _bool(entry.get("home", home_default), f"{where}.home")
    if home and ptype.movement != rules.PAWN:
        raise PositionError(f"{where}.home: only pawns have a home flag (R4.3)")
    cool = _cooldowns(entry.get("cooldowns", {}), f"{where}.cooldowns")
    inherent = ptype.abilities + (("RL",) if code in rules.JET_ROCKET_TYPES else ())
    for weapon in cool:
        if weapon not in arts and weapon not in inherent:
            raise PositionError(f"{where}.cooldowns.{weapon}: the {code} has no {weapon}")
    # R7.2: a carried article's count-down travels with it; "cooldowns" names the inherent
    # weapon's (or, for a weapon the piece only carries, every carried one of that code)
    art_cools = entry.get("article_cooldowns")
    if art_cools is None:
        art_cools = [0 if a in inherent else cool.get(a, 0) for a in arts]
    if not isinstance(art_cools, list) or len(art_cools) != len(arts):
        raise PositionError(f"{where}.article_cooldowns: expected one count-down per article")
    art_cools = [_int(n, f"{where}.article_cooldowns[{j}]", 0, 99)
                 for j, n in enumerate(art_cools)]
    journey = None
    if entry.get("journey") is not None:
        journey = _journey(entry["journey"], f"{where}.journey", arts, level)
    hits = {}
    hits_in = entry.get("hits")
    hits_in = {} if hits_in is None else hits_in
    if not isinstance(hits_in, Mapping):
        raise PositionError(f"{where}.hits: expected an object of weapon: hits, got "
                            f"{shown(hits_in)}")
    for weapon, n in hits_in.items():
        _choice(weapon, WEAPONS, f"{where}.hits")
        hits[rules.ARTICLE_INDEX[weapon]] = _int(n, f"{where}.hits.{weapon}", 0, 999)
    return {
        "type": rules.TYPE_INDEX[code], "color": rules.COLORS.index(color), "hand": hand,
        "sq": square_index(row, col), "level": rules.LEVELS.index(level),
        "articles": [(rules.ARTICLE_INDEX[a], n) for a, n in zip(arts, art_cools)],
        "icool": {rules.ARTICLE_INDEX[w]: t for w, t in cool.items() if w in inherent},
        "stun": stun, "home": int(home), "code": code, "where": where,
        "journey": journey, "fired": int(_bool(entry.get("fired", False), f"{where}.fired")),
        "acted": int(_bool(entry.get("acted", False), f"{where}.acted")), "hits": hits,
        "mover": int(_bool(entry.get("mover", False), f"{where}.mover")),
        "revealed": _int(entry.get("revealed", 0), f"{where}.revealed", 0, 10**6),
        "held": int(_bool(entry.get("held", False), f"{where}.held")),
        "locks": _locks(entry.get("locks", []), f"{where}.locks", n_pieces),
    }


def _journey(j: Any, jw: str, arts: list[str], level: str) -> tuple[int, int, int, int]:
    """A transport journey (R9): article, destination, path, and the level it travels at."""
    _check_keys(j, JOURNEY_KEYS, JOURNEY_KEYS, jw)
    kind = _choice(j["article"], TRANSPORTS, f"{jw}.article")
    if kind not in arts:
        raise PositionError(f"{jw}.article: the piece does not carry a {kind} (R9)")
    jr, jc = _square(j["to"], f"{jw}.to")
    path = _choice(j["path"], ("beeline", "dogleg"), f"{jw}.path")
    if level not in ("G", TRAVEL_LEVEL[kind]):
        raise PositionError(f"{jw}: a {kind} journey travels at {TRAVEL_LEVEL[kind]}, "
                            f"not at {level}")
    return (rules.ARTICLE_INDEX[kind], square_index(jr, jc), int(path == "dogleg"),
            rules.LEVELS.index(TRAVEL_LEVEL[kind]))


def _articles(entries: list[Any], found: list[str]) -> list[tuple[int, int, int]]:
    """The sound entries of "articles"; each problem, and each square over R3.3's two, found."""
    ground: dict[int, int] = {}
    articles = []
    for i, entry in enumerate(entries):
        where = f"articles[{i}]"
        try:
            _check_keys(entry, ARTICLE_KEYS, {"type", "square"}, where)
            code = _choice(entry["type"], rules.ARTICLES, f"{where}.type")
            row, col = _square(entry["square"], f"{where}.square")
            cooldown = _int(entry.get("cooldown", 0), f"{where}.cooldown", 0, 99)
        except PositionError as e:
            found.append(str(e))
            continue
        s = square_index(row, col)
        ground[s] = ground.get(s, 0) + 1
        if ground[s] == rules.MAX_GROUND_ARTICLES + 1:
            found.append(f"{where}: more than 2 articles on ({row}, {col}) (R3.3)")
        articles.append((s, rules.ARTICLE_INDEX[code], cooldown))
    return articles


def _reserves(entries: list[Any], found: list[str]) -> list[dict[str, int]]:
    """The sound entries of "reserves"; each problem, and the first reserve each square has no
    room for (R8.4), found."""
    reserves: list[dict[str, int]] = []
    at: dict[int, list[dict[str, int]]] = {}
    crowded: set[int] = set()
    for i, entry in enumerate(entries):
        where = f"reserves[{i}]"
        try:
            _check_keys(entry, RESERVE_KEYS, {"type", "color", "square"}, where)
            code = _choice(entry["type"], tuple(rules.TYPE_INDEX), f"{where}.type")
            ptype = rules.PIECE_TYPES[rules.TYPE_INDEX[code]]
            color = _choice(entry["color"], rules.COLORS, f"{where}.color")
            row, col = _square(entry["square"], f"{where}.square")
            hand = entry.get("hand")
            if ptype.handed and hand is None:
                raise PositionError(f"{where}.hand: a reserve {code} needs a hand")
            hand_i = _hand(ptype, hand, color, col, f"{where}.hand")
            reserve = {"type": rules.TYPE_INDEX[code], "color": rules.COLORS.index(color),
                       "sq": square_index(row, col), "hand": hand_i,
                       "armed": int(_bool(entry.get("armed", False), f"{where}.armed")),
                       "entered": int(_bool(entry.get("entered", False), f"{where}.entered"))}
        except PositionError as e:
            found.append(str(e))
            continue
        same_square = at.setdefault(reserve["sq"], [])
        if len(same_square) >= 2 or (same_square and (hand_i or same_square[0]["hand"])):
            if reserve["sq"] not in crowded:  # said once a square
                crowded.add(reserve["sq"])
                found.append(f"{where}: ({row}, {col}) already holds a reserve: one handed "
                             f"reserve per square, or two unhanded ones (R8.4)")
            continue
        same_square.append(reserve)
        reserves.append(reserve)
    return reserves


def _projectile(entry: Any, where: str, n_pieces: int) -> dict[str, int]:
    """One entry of "projectiles" as the core's plain data; its first problem raises."""
    _check_keys(entry, PROJECTILE_KEYS, {"type", "square", "level", "direction", "strength",
                                         "owner"}, where)
    kind = _choice(entry["type"], ("RL", "SL", "TL"), f"{where}.type")
    row, col = _square(entry["square"], f"{where}.square")
    level = _choice(entry["level"], rules.LEVELS, f"{where}.level")
    travels = {"RL": "G", "SL": "A", "TL": "S"}[kind]
    if level != travels:
        raise PositionError(f"{where}.level: a {kind} projectile travels at {travels} (R7.6)")
    direction = entry["direction"]
    if direction is None and entry.get("target") is not None:
        direction = rules.DIRECTIONS[0]  # a homing projectile recomputes its step
    if not (isinstance(direction, (list, tuple)) and tuple(direction) in rules.DIRECTIONS):
        raise PositionError(f"{where}.direction: expected one of the 8 king steps [dr, dc], "
                            f"got {shown(direction)}")
    target = entry.get("target")
    if target is not None:
        _int(target, f"{where}.target", 0, n_pieces - 1)
    return {
        "kind": rules.ARTICLE_INDEX[kind], "sq": square_index(row, col),
        "level": rules.LEVELS.index(level), "dir": rules.DIRECTIONS.index(tuple(direction)),
        "target": NONE if target is None else target,
        "strength": _int(entry["strength"], f"{where}.strength", 1, 99),
        "owner": rules.COLORS.index(_choice(entry["owner"], rules.COLORS, f"{where}.owner"))}


def _turn_state(ts: Any) -> tuple[dict[str, int], tuple[int, int]]:
    """The actions of the turn so far, and R11.1's primary pieces lost this turn."""
    _check_keys(ts, TURN_STATE_KEYS, set(), "turn_state")
    turn_state = {"fires": _int(ts.get("fires", 0), "turn_state.fires", 0, 2)}
    for key in ("pickup", "drop", "exchange", "reinforce", "violent"):
        turn_state[key] = int(_bool(ts.get(key, False), f"turn_state.{key}"))
    return turn_state, _primary_lost(ts.get("primary_lost", {}))


def _sightings(value: Any, pieces: list[dict[str, Any]]) -> tuple:
    """What each side knows of the other (R10; docs/FORMATS.md "Sightings"): per side, its last
    sightings of the enemy pieces it cannot see, as (marker, piece index or None, type code or
    None, square index, level index, turn), and the enemy activation squares it saw armed."""
    _check_keys(value, set(rules.COLORS) | {"markers", "next_marker"}, set(rules.COLORS),
                "sightings")
    out = []
    used: list[int] = []
    for side, color in enumerate(rules.COLORS):
        where = f"sightings.{color}"
        known = value[color]
        _check_keys(known, SIGHTING_SIDE_KEYS, SIGHTING_SIDE_KEYS, where)
        if not isinstance(known["pieces"], list):
            raise PositionError(f"{where}.pieces: expected a list of sightings")
        seen, markers, named = [], set(), set()
        for i, entry in enumerate(known["pieces"]):
            at = f"{where}.pieces[{i}]"
            _check_keys(entry, SIGHTING_KEYS, SIGHTING_KEYS, at)
            marker = _int(entry["marker"], f"{at}.marker", 0, 10**6)
            if marker in markers:
                raise PositionError(f"{at}.marker: {marker} is already another sighting's")
            markers.add(marker)
            used.append(marker)
            code = entry["type"]
            if code is not None:
                _choice(code, tuple(rules.TYPE_INDEX), f"{at}.type")
            index = entry["piece"]
            if index is not None:
                index = _int(index, f"{at}.piece", 0, len(pieces) - 1)
                if index in named:
                    raise PositionError(f"{at}.piece: piece {index} has another sighting")
                named.add(index)
                if pieces[index]["color"] == side:
                    raise PositionError(f"{at}.piece: pieces[{index}] is {color}'s own")
                if code is not None and pieces[index]["code"] != code:
                    raise PositionError(f"{at}.type: {code}, but pieces[{index}] is a "
                                        f"{pieces[index]['code']}")
            row, col = _square(entry["square"], f"{at}.square")
            level = _choice(entry["level"], rules.LEVELS, f"{at}.level")
            turn = _int(entry["turn"], f"{at}.turn", 1, 10**6)
            seen.append((marker, index, code, square_index(row, col), rules.LEVELS.index(level),
                         turn))
        armed = known["armed_reserves"]
        if not isinstance(armed, list):
            raise PositionError(f"{where}.armed_reserves: expected a list of squares")
        squares = frozenset(square_index(*_square(sq, f"{where}.armed_reserves[{j}]"))
                            for j, sq in enumerate(armed))
        out.append((seen, squares))
    ids, next_id = _piece_markers(value, len(pieces), used)
    return (out[0], out[1]), ids, next_id


def _piece_markers(value: Mapping[str, Any], n_pieces: int, used: list[int]
                   ) -> tuple[list[int] | None, int]:
    """The sightings' `markers` (the marker a new sighting of each piece gets) and
    `next_marker` (the first one for a piece that enters later): both or neither."""
    if ("markers" in value) != ("next_marker" in value):
        raise PositionError("sightings: give both markers and next_marker, or neither")
    if "markers" not in value:
        return None, 0
    ids = value["markers"]
    if not isinstance(ids, list) or len(ids) != n_pieces:
        raise PositionError(f"sightings.markers: expected one marker per piece ({n_pieces})")
    ids = [_int(m, f"sightings.markers[{i}]", 0, 10**6) for i, m in enumerate(ids)]
    if len(set(ids)) != len(ids):
        raise PositionError("sightings.markers: two pieces share a marker")
    next_id = _int(value["next_marker"], "sightings.next_marker", 0, 10**6)
    if next_id <= max(ids + used, default=-1):
        raise PositionError(f"sightings.next_marker: {next_id} is not past every marker")
    return ids, next_id


def _primary_lost(value: Any) -> tuple[int, int]:
    """R11.1: primary government pieces each side lost this turn ({"black": n, "white": n}); End
    Turn reads it, so a position taken in mid-turn keeps a win that is not yet declared."""
    where = "turn_state.primary_lost"
    _check_keys(value, set(rules.COLORS), set(), where)
    black, white = (_int(value.get(c, 0), f"{where}.{c}", 0, MAX_PIECES) for c in rules.COLORS)
    return black, white


def _capacity_problems(pieces: list[dict[str, Any]], options: Options,
                       unsure: set[tuple[int, int] | None]) -> list[str]:
    """R3.1, R3.2, R3.4 at every square and level of the sound pieces (`unsure`: squares of bad
    entries, whose passengers are not judged)."""
    found = []
    at: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for p in pieces:
        at.setdefault((p["sq"], p["level"]), []).append(p)
    for (s, level), here in at.items():
        row, col = square_of(s)
        place = f"({row}, {col}) {rules.LEVELS[level]}"
        if len(here) > 2:
            found.append(f"{here[2]['where']}: more than 2 pieces at {place} (R3.1)")
            continue
        if len(here) == 2:
            a, b = (rules.PIECE_TYPES[p["type"]] for p in here)
            if not (a.coexist or b.coexist):
                found.append(f"{here[1]['where']}: {a.code} and {b.code} cannot share {place}: "
                             f"neither coexists (R3.1)")
            elif here[0]["color"] != here[1]["color"] and level != 0 and \
                    not (rules.LEVELS.index(a.level) == level and
                         rules.LEVELS.index(b.level) == level):
                found.append(f"{here[1]['where']}: enemy pieces share {place}: a mixed pair "
                             f"stays in Air/Sub only if both can be there alone (R3.2, R7.5)")
    for p in pieces:
        level = p["level"]
        ptype = rules.PIECE_TYPES[p["type"]]
        if level == 0 or rules.LEVELS.index(ptype.level) == level or p["journey"] or p["held"]:
            continue  # Ground, its own level, a transport journey (R9.2), or (in an
            # observation) a carrier the viewer cannot see
        row, col = square_of(p["sq"])
        if (row, col) in unsure:
            continue
        carriers = [q for q in at[(p["sq"], level)] if q is not p and q["color"] == p["color"]
                    and rules.PIECE_TYPES[q["type"]].carry
                    and rules.LEVELS.index(rules.PIECE_TYPES[q["type"]].level) == level]
        if not carriers:
            found.append(f"{p['where']}: a {ptype.code} cannot be at {rules.LEVELS[level]} of "
                         f"({row}, {col}) without a carrier (R3.4)")
        elif ptype.role == "primary" and not options.primary_may_fly:
            found.append(f"{p['where']}: a primary government piece may not be carried into "
                         f"Air/Sub when primary_may_fly is off (R3.4)")
    return found


def cooldowns_of(arts: tuple, icool: dict[int, int]) -> dict[str, int]:
    """Weapon code -> owner turns before it fires again (the longest of that type)."""
    out: dict[str, int] = {}
    for kind, cool in list(arts) + list(icool.items()):
        if cool:
            code = rules.ARTICLES[kind - 1]
            out[code] = max(out.get(code, 0), cool)
    return out


_CODES = tuple(t.code for t in rules.PIECE_TYPES)
_ARTICLE_OF_KIND = (None, *rules.ARTICLES)  # the core's article kinds count from 1
_PATHS = ("beeline", "dogleg")


def position_dict(engine: Any, options: Options) -> dict[str, Any]:
    """The position of a core engine as a dict of docs/FORMATS.md (every key written)."""
    pieces: list[dict[str, Any]] = []
    index_of: dict[int, int] = {}
    hidden_state = engine.hidden_state
    for raw in engine.pieces():  # each piece's read once (made at every observation sent)
        index_of[raw.pid] = len(pieces)
        pieces.append(piece_entry(raw, *hidden_state(raw.pid)))
    for entry in pieces:
        if entry["locks"]:  # piece ids until now
            entry["locks"] = [index_of.get(t) if t >= 0 else None for t in entry["locks"]]
    return position_around(engine, options, pieces, index_of)


def piece_entry(raw: Any, locks: list[int], revealed: int, held: bool) -> dict[str, Any]:
    """A piece's entry of the position (a PieceRecord and its `Engine.hidden_state`), its
    "locks" still the piece ids (`position_dict` makes them indices)."""
    arts = _ARTICLE_OF_KIND
    sq = raw.sq
    carried = raw.articles  # in slot order: the order they would drop in (R7.3.3)
    cooldowns, hits, journey = raw.cooldowns, raw.hits, raw.journey
    return {
        "type": _CODES[raw.type], "color": rules.COLORS[raw.color],
        "square": [sq // 10 + 1, sq % 10 + 1], "level": rules.LEVELS[raw.level],
        "hand": rules.HANDS[raw.hand],
        "articles": [arts[k] for k, _ in carried] if carried else [],
        "article_cooldowns": [c for _, c in carried] if carried else [],
        "stun": raw.stun, "home": bool(raw.home),
        "cooldowns": cooldowns_of((), cooldowns) if cooldowns else {},
        "journey": None if journey is None else {
            "article": arts[journey.kind], "to": list(square_of(journey.dest)),
            "path": _PATHS[journey.path]},
        "fired": bool(raw.fired), "acted": bool(raw.acted), "mover": bool(raw.mover),
        "hits": {arts[k]: n for k, n in sorted(hits.items())} if hits else {},
        "revealed": revealed, "held": held,
        "locks": locks}


def position_around(engine: Any, options: Options, pieces: list[dict[str, Any]],
                    index_of: dict[int, int], articles: list[dict[str, Any]] | None = None
                    ) -> dict[str, Any]:
    """The position of a core engine with these piece entries (`index_of`: each piece id's
    index among them) and ground articles (by default `article_entries(engine.articles())`):
    everything else read from the engine."""
    if articles is None:
        articles = article_entries(engine.articles())
    reserves = []
    for t, color, sq, hand, armed, entered in engine.reserves():
        row, col = square_of(sq)
        reserves.append({"type": rules.PIECE_TYPES[t].code, "color": rules.COLORS[color],
                         "square": [row, col], "hand": rules.HANDS[hand], "armed": bool(armed),
                         "entered": bool(entered)})
    projectiles = []
    for kind, sq, level, direction, target, strength, owner in engine.projectiles():
        projectiles.append({"type": rules.ARTICLES[kind - 1], "square": list(square_of(sq)),
                            "level": rules.LEVELS[level],
                            "direction": list(rules.DIRECTIONS[direction]) if direction >= 0
                            else None,
                            "target": index_of.get(target), "strength": strength,
                            "owner": rules.COLORS[owner]})
    ts = engine.turn_state()
    turn_state = {"fires": ts["fires"], "pickup": bool(ts["pickup"]), "drop": bool(ts["drop"]),
                  "exchange": bool(ts["exchange"]), "reinforce": bool(ts["reinforce"]),
                  "violent": bool(ts["violent"]),
                  "primary_lost": dict(zip(rules.COLORS, ts["primary_lost"]))}
    return {"format": "wec-position", "version": 1, "to_move": rules.COLORS[engine.side],
            "turn": engine.turn, "moved": engine.moved, "options": options.changes(),
            "pieces": pieces, "articles": articles, "reserves": reserves,
            "projectiles": projectiles, "turn_state": turn_state, "quiet": engine.quiet,
            "result": {-1: None, 0: "black", 1: "white", 2: "draw"}[engine.result]}


def article_entries(ground: list[tuple[int, int, int]]) -> list[dict[str, Any]]:
    """The position's "articles" of the core's ground articles (`Engine.articles()`)."""
    articles = []
    for sq, kind, cool in ground:
        row, col = square_of(sq)
        articles.append({"type": rules.ARTICLES[kind - 1], "square": [row, col], "cooldown": cool})
    return articles


def position_problems(pos: Any) -> list[str]:
    """Every problem of a position dict, one line each; empty when `Game.from_position` loads
    it. The loader's own reading (`read_position`), then, if that finds nothing, the whole
    position as the engine loads it (its limits and consistency check)."""
    problems, options, data = read_position(pos)
    if not problems:
        problems = engine_problems(options, data)[1]
    return list(dict.fromkeys(problems))


def engine_problems(options: Options, data: dict[str, Any]) -> tuple[Engine | None, list[str]]:
    """A core engine with these options holding the parsed position `data` and what its
    consistency check finds (no engine when it finds anything)."""
    engine = Engine()
    engine.configure(options)
    try:
        engine.load(data)
    except ValueError as e:
        return None, [cut(e)]
    problems = [cut(p) for p in engine.check()]
    return (None if problems else engine), problems


def loaded_engine(options: Options, data: dict[str, Any]) -> Engine:
    """A core engine with these options holding the parsed position `data`, after its
    consistency check (as `Game.from_position` loads it); PositionError names the problem."""
    engine, problems = engine_problems(options, data)
    if engine is None:
        raise PositionError("; ".join(problems))
    return engine

def position_warnings(pos: Any) -> list[str]:
    """What loads but may not be what the author meant: a side without a primary government
    piece can never lose by R11.1 (only by R11.2: no legal Move, or resigning). Nothing for
    what is not a position at all (its problems say why)."""
    if not isinstance(pos, Mapping) or not isinstance(pos.get("pieces", []), list):
        return []
    warnings = []
    pieces = [p for p in pos.get("pieces", []) if isinstance(p, Mapping)]
    for color in rules.COLORS:
        primary = [p for p in pieces if p.get("color") == color and
                   isinstance(p.get("type"), str) and p["type"] in rules.TYPE_INDEX and
                   rules.PIECE_TYPES[rules.TYPE_INDEX[p["type"]]].role == "primary"]
        if not primary:
            warnings.append(f"warning: {color} has no primary government piece, so it cannot "
                            f"lose by R11.1 (only by R11.2: no legal Move, or resigning)")
    return warnings
