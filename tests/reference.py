"""Pure-Python *reference* move generator for WEC (Weapon Chess), moves-only milestone.

An independent second implementation of the movement rules, written from
``RULES.md`` (sections 1-4, 5.4, 7.3.3, 8.5, 11.1, 6.4/6.5) and ``docs/ENGINE-NOTES.md``.
It is used to cross-check the fast engine's legal-move lists and perft counts and as the
"pure-Python path" in benchmarks.  It imports only the standard library.

Scope: Move and Doze actions and End Turn (no Fire, Pickup, Drop, Exchange, Reinforce);
every piece is visible (no R4.2.3 / R10 hidden-enemy handling).

Coordinates are ``(row, col)`` 1..10 (R1.1); levels ``"G"``, ``"A"``, ``"S"`` (R1.3).
Offsets are written in White's frame (R1.5: dr > 0 = forward) and negated for Black.

Readings where RULES.md / ENGINE-NOTES.md leave a choice (besides those in ENGINE-NOTES):

* R4.9/R4.10 ``jet_sub_combat`` takes effect whenever the option is on, whatever the movement
  type (RULES.md says "Standard Chess and Mass Destruction only"; ENGINE-NOTES does not gate it).
* R4.8 a helicopter path's intermediate squares must be on the board (R4.2).
* R4.11 a final Ground holding two pieces is legal when they are friendly with coexistence, or
  when they come from the same origin square (a pair moved, or left, as a whole, R3.2).
* R4.3 the pawn home flag is cleared only when the pawn's *square* changes (not by a level change
  as a passenger diving/surfacing in place).
* R4.2.4/R7.3.3 the articles of the pieces removed at one square in one event drop together, in
  the canonical article order (ENGINE-NOTES), ring seen from their owner; a passenger left behind
  (ENGINE-NOTES R2.3) is destroyed and drops before the destination's captures.
* Position dicts: missing ``articles`` / ``reserves`` mean none (not the standard set-up);
  a handed piece or reserve without ``hand`` gets the R2.4 default; R6.5 is checked only at
  End Turn, not on loading.
"""

from __future__ import annotations

from typing import Dict, Iterator, List, Optional, Tuple

__all__ = ["ReferenceGame", "reference_perft", "standard_position", "ReferenceGameError"]


class ReferenceGameError(ValueError):
    """Bad position dict or illegal action given to the reference implementation."""


# --------------------------------------------------------------------------------------------
# Static tables
# --------------------------------------------------------------------------------------------

PAWNS = frozenset({"FP", "RP", "SP", "CP", "XP", "SHP", "SOP"})
PRIMARY = frozenset({"K", "DI", "AV", "PR"})            # R2.1: move like K
SECONDARY = frozenset({"Q", "AS", "AC", "PM"})          # R2.1: move like Q
HANDED = frozenset({"TA", "CL", "CH"})                  # R2.4
COEXIST = frozenset({"CH", "JE", "SU", "DS", "AAA", "DO"})  # R2.2 (union)
CARRIERS = frozenset({"CH", "SU"})                      # R2.3
ONE_STEP = frozenset({"DO", "DS", "AAA"})               # R4.4 (never capture)
ALL_TYPES = frozenset(
    {"DO", "TA", "CH", "JE", "SU", "DS", "AAA", "CL"} | PRIMARY | SECONDARY | PAWNS
)
ARTICLE_ORDER = ("FL", "ST", "CS", "RL", "SL", "TL", "BI", "JP", "SC",
                 "AFL", "AST", "ACS", "ARL", "ASL", "ATL", "SH", "ASH", "XXX")
ARTICLE_RANK = {a: i for i, a in enumerate(ARTICLE_ORDER)}
LEVELS = ("G", "A", "S")
LEVEL_PREFIX = {"G": "", "A": "^", "S": "v"}
LEVEL_RANK = {"G": 0, "A": 1, "S": 2}
COLORS = ("black", "white")
OTHER = {"black": "white", "white": "black"}

KING_STEPS = ((1, -1), (1, 0), (1, 1), (0, -1), (0, 1), (-1, -1), (-1, 0), (-1, 1))

# 45-degree direction units, anticlockwise (= towards the left, R4.6) seen from above.
DIRS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
ORTHO_IDX = (2, 0, 6, 4)   # forward, right, back, left
DIAG_IDX = (1, 7, 5, 3)    # forward-right, back-right, back-left, forward-left

DEFAULT_OPTIONS = {
    "movement": "weapon_chess",
    "md_pawns": "sides_and_forward",
    "jet_sub_combat": False,
    "government_black": "monarchy",
    "government_white": "monarchy",
    "tank_range": 7,
    "cleric_range": 7,
    "queen_tank_range": 7,
    "queen_cleric_range": 7,
    "flame_range": 2,
    "stunner_range": 9,
    "stun_turns": 3,
    "stunner_rate": 2,
    "flame_rate": 4,
    "conversion_rate": 4,
    "projectile_rate": 4,
    "rocket_rate": 0,
    "sam_rate": 0,
    "torpedo_rate": 0,
    "homing_range": 3,
    "jet_rocket_range": 0,
    "invisible_pieces": True,
    "lock_on": True,
    "range_detection": False,
    "stealth_detect_range": 3,
    "sonar_range": 3,
    "dominance": "submersion",
    "stealthy_primary": False,
    "primary_may_fly": True,
    "one_action_per_piece": False,
    "movement_only": False,
    "doze_enemies": True,
    "transport_from_carrier": False,
    "quiet_turn_draw": 0,
    "reveal_on_fire": True,
    "competitive": False,
}
_OPTION_CHOICES = {
    "movement": ("weapon_chess", "standard_chess", "mass_destruction"),
    "md_pawns": ("sides_and_forward", "forward", "all_but_front"),
    "government_black": ("monarchy", "dictatorship", "theocracy", "democracy"),
    "government_white": ("monarchy", "dictatorship", "theocracy", "democracy"),
    "dominance": ("submersion", "stealth"),
}

MD_PAWN_PATTERNS = {
    "sides_and_forward": ((1, -1), (1, 0), (1, 1), (0, -1), (0, 1)),
    "forward": ((1, -1), (1, 0), (1, 1)),
    "all_but_front": ((1, -1), (1, 1), (0, -1), (0, 1)),
}

# R4.8 helicopter leaps, White frame (the sets are symmetric under a half turn anyway).
_CORNERS = ((2, 2), (2, -2), (-2, 2), (-2, -2))
HELI_LEAPS = {
    ("weapon_chess", "right"): _CORNERS + ((2, 1), (-1, 2), (-2, -1), (1, -2)),
    ("weapon_chess", "left"): _CORNERS + ((2, -1), (1, 2), (-2, 1), (-1, -2)),
    ("standard_chess", "right"): ((1, 2), (2, 1), (2, -1), (1, -2),
                                  (-1, -2), (-2, -1), (-2, 1), (-1, 2)),
    ("standard_chess", "left"): ((1, 2), (2, 1), (2, -1), (1, -2),
                                 (-1, -2), (-2, -1), (-2, 1), (-1, 2)),
    ("mass_destruction", "right"): _CORNERS + ((3, 1), (1, -3), (-3, -1), (-1, 3)),
    ("mass_destruction", "left"): _CORNERS + ((3, -1), (-1, -3), (-3, 1), (1, 3)),
}


def _king_paths(dr: int, dc: int) -> Tuple[Tuple[Tuple[int, int], ...], ...]:
    """All shortest king-step paths from (0,0) to (dr,dc), as tuples of the intermediate
    offsets (R4.8)."""
    n = max(abs(dr), abs(dc))
    out = []

    def rec(r, c, k, acc):
        if k == n:
            if (r, c) == (dr, dc):
                out.append(tuple(acc[:-1]))
            return
        left = n - k - 1
        for sr, sc in KING_STEPS:
            nr, nc = r + sr, c + sc
            if abs(dr - nr) <= left and abs(dc - nc) <= left:
                acc.append((nr, nc))
                rec(nr, nc, k + 1, acc)
                acc.pop()

    rec(0, 0, 0, [])
    return tuple(sorted(set(out)))


_HELI_CACHE: Dict[Tuple[str, str], Tuple] = {}


def _heli_table(movement: str, hand: str):
    key = (movement, hand)
    t = _HELI_CACHE.get(key)
    if t is None:
        t = tuple((off, _king_paths(*off)) for off in HELI_LEAPS[key])
        _HELI_CACHE[key] = t
    return t


def _tank_path(movement: str, hand: str, start: int, rng: int) -> Tuple[Tuple[int, int], ...]:
    """R4.5: the squares (cumulative offsets, White frame) of one tank path; last = destination."""
    f = DIRS[start]
    pos = [0, 0]
    out = []
    if movement == "standard_chess":
        steps = [f] * rng
    elif movement == "weapon_chess":
        turn = -1 if hand == "right" else 1        # right tank turns clockwise
        d2 = DIRS[(start + turn) % 8]
        s = min(4, rng)
        steps = [f] * s + [d2] * (rng - s)
    else:  # mass_destruction: zig-zag, sideways position +1, 0, -1, 0, ... towards the hand
        side = DIRS[(start - 2) % 8] if hand == "right" else DIRS[(start + 2) % 8]
        pattern = (1, 0, -1, 0)
        steps = []
        prev = 0
        for k in range(rng):
            cur = pattern[k % 4]
            delta = cur - prev
            prev = cur
            steps.append((f[0] + delta * side[0], f[1] + delta * side[1]))
    for s_ in steps:
        pos[0] += s_[0]
        pos[1] += s_[1]
        out.append((pos[0], pos[1]))
    return tuple(out)


def _cleric_path(movement: str, hand: str, start: int, rng: int) -> Tuple[Tuple[int, int], ...]:
    """R4.6: the squares (cumulative offsets, White frame) of one cleric path."""
    d = DIRS[start]
    if movement == "standard_chess":
        steps = [d] * rng
    elif movement == "weapon_chess":
        turn = 2 if hand == "left" else -2          # 90 degrees towards the hand
        t = DIRS[(start + turn) % 8]
        a = min(5, rng)
        b = min(2, rng - a)
        steps = [d] * a + [t] * b + [d] * (rng - a - b)
    else:  # mass_destruction spiral
        sgn = 1 if hand == "left" else -1
        rel = (0, 2, 0, -1, -1)
        steps = []
        for k in range(rng):
            r_ = rel[k] if k < len(rel) else -2
            steps.append(DIRS[(start + sgn * r_) % 8])
    pos = [0, 0]
    out = []
    for s_ in steps:
        pos[0] += s_[0]
        pos[1] += s_[1]
        out.append((pos[0], pos[1]))
    return tuple(out)


_RIDER_CACHE: Dict[Tuple, Tuple] = {}


def _rider_paths(kind: str, movement: str, hand: Optional[str], rng: int, rng2: int = 0):
    """Paths for TA ('tank'), CL ('cleric') or a secondary piece ('queen', R4.7: union of the
    left/right tank paths with rng and left/right cleric paths with rng2).  Duplicated
    paths are removed; the union may still hold two different paths to one destination."""
    key = (kind, movement, hand, rng, rng2)
    t = _RIDER_CACHE.get(key)
    if t is None:
        paths = []
        if kind == "tank":
            paths = [_tank_path(movement, hand, s, rng) for s in ORTHO_IDX]
        elif kind == "cleric":
            paths = [_cleric_path(movement, hand, s, rng) for s in DIAG_IDX]
        else:
            for h in ("left", "right"):
                paths += [_tank_path(movement, h, s, rng) for s in ORTHO_IDX if rng > 0]
                paths += [_cleric_path(movement, h, s, rng2) for s in DIAG_IDX if rng2 > 0]
        seen = []
        for p in paths:
            if p and p not in seen:
                seen.append(p)
        t = tuple(seen)
        _RIDER_CACHE[key] = t
    return t


def _ring_offsets() -> Tuple[Tuple[int, int], ...]:
    """R7.3.3 drop-ring order (White frame): own square, then rings 1..9, each: forward edge
    left->right, left edge front->back, right edge front->back, back edge left->right."""
    out = [(0, 0)]
    for k in range(1, 10):
        out += [(k, dc) for dc in range(-k, k + 1)]
        out += [(dr, -k) for dr in range(k - 1, -k, -1)]
        out += [(dr, k) for dr in range(k - 1, -k, -1)]
        out += [(-k, dc) for dc in range(-k, k + 1)]
    return tuple(out)


RING = _ring_offsets()


def _loc(r: int, c: int) -> str:
    return "(%d,%d)" % (r, c)


def _native(ptype: str, level: str) -> bool:
    """R3.4: may the piece be at that level on its own?"""
    if level == "G":
        return True
    if level == "A":
        return ptype == "CH" or ptype == "JE"
    return ptype == "SU"


def _max_articles(ptype: str, arts) -> int:
    """R5.1: 1 slot; 3 with an XXX (the XXX taking one); XP's inherent XXX leaves 2."""
    if ptype == "XP":
        return 2
    return 3 if "XXX" in arts else 1


# --------------------------------------------------------------------------------------------
# Pieces and game
# --------------------------------------------------------------------------------------------


class _Piece:
    __slots__ = ("type", "color", "hand", "articles", "stun", "home", "r", "c", "l", "extra")

    def __init__(self, ptype, color, hand, articles, stun, home, r, c, l, extra=None):
        self.type = ptype
        self.color = color
        self.hand = hand
        self.articles = articles    # tuple in canonical order
        self.stun = stun
        self.home = home            # pawns: may still double-step (R4.3)
        self.r = r
        self.c = c
        self.l = l
        self.extra = extra          # unknown-to-us but allowed keys (e.g. cooldowns), passed on

    def clone(self) -> "_Piece":
        return _Piece(self.type, self.color, self.hand, self.articles, self.stun, self.home,
                      self.r, self.c, self.l, dict(self.extra) if self.extra else None)

    def text(self) -> str:
        """ENGINE-NOTES / R12.2 ``Piece``: Type Level Loc Articles Orient."""
        s = self.type + LEVEL_PREFIX[self.l] + "(%d,%d)" % (self.r, self.c)
        if self.articles:
            s += str(len(self.articles)) + "".join(self.articles)
        if self.hand is not None:
            s += "<" if self.hand == "left" else ">"
        return s


def _canon_articles(arts) -> Tuple[str, ...]:
    return tuple(sorted(arts, key=ARTICLE_RANK.__getitem__))


class ReferenceGame:
    """A WEC game state restricted to Moves, Dozes and End Turn."""

    def __init__(self):
        self.options: Dict = dict(DEFAULT_OPTIONS)
        self.to_move = "black"
        self.turn = 1
        self.result: Optional[str] = None
        self.pieces: List[_Piece] = []
        self.board: Dict[Tuple[int, int, str], List[_Piece]] = {}
        self.ground: Dict[Tuple[int, int], List[str]] = {}   # lying articles, R3.3
        self.reserves: List[dict] = []
        self._moved = False
        self._lost_primary = set()    # colours whose primary piece was removed this turn (R11.1)

    # ---------------------------------------------------------------- construction / output

    @classmethod
    def from_position(cls, pos: dict) -> "ReferenceGame":
        if not isinstance(pos, dict):
            raise ReferenceGameError("position must be a dict")
        g = cls()
        for key in ("format", "version", "to_move", "pieces"):
            if key not in pos:
                raise ReferenceGameError("position: missing key %r" % key)
        if pos["format"] != "wec-position":
            raise ReferenceGameError("position: format must be 'wec-position'")
        if pos["version"] != 1:
            raise ReferenceGameError("position: version must be 1")
        known = {"format", "version", "to_move", "turn", "options", "pieces", "articles",
                 "reserves", "moved", "projectiles"}
        for key in pos:
            if key not in known:
                raise ReferenceGameError("position: unknown key %r" % key)
        if pos["to_move"] not in COLORS:
            raise ReferenceGameError("position: to_move must be 'black' or 'white'")
        g.to_move = pos["to_move"]
        if pos.get("moved", False) or pos.get("projectiles", []):
            raise ReferenceGameError("position: the reference starts only at the start of a turn "
                                     "with no projectiles")
        turn = pos.get("turn", 1)
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
            raise ReferenceGameError("position: turn must be a positive int")
        g.turn = turn
        opts = pos.get("options", {}) or {}
        if not isinstance(opts, dict):
            raise ReferenceGameError("position: options must be a dict")
        for k, v in opts.items():
            if k not in DEFAULT_OPTIONS:
                raise ReferenceGameError("options: unknown option %r" % k)
            d = DEFAULT_OPTIONS[k]
            if isinstance(d, bool):
                if not isinstance(v, bool):
                    raise ReferenceGameError("options.%s: must be a bool" % k)
            elif isinstance(d, int):
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    raise ReferenceGameError("options.%s: must be a non-negative int" % k)
            elif k in _OPTION_CHOICES and v not in _OPTION_CHOICES[k]:
                raise ReferenceGameError("options.%s: bad value %r" % (k, v))
            g.options[k] = v
        for k in ("tank_range", "cleric_range", "queen_tank_range", "queen_cleric_range"):
            if g.options[k] < 1:
                raise ReferenceGameError("options.%s: must be >= 1" % k)

        pieces = pos["pieces"]
        if not isinstance(pieces, list):
            raise ReferenceGameError("position: pieces must be a list")
        for i, e in enumerate(pieces):
            g._add_piece_entry(i, e)
        g._validate_board()

        for i, a in enumerate(pos.get("articles", []) or []):
            name = "articles[%d]" % i
            if not isinstance(a, dict) or set(a) - {"type", "square"} or "type" not in a \
                    or "square" not in a:
                raise ReferenceGameError(name + ": needs exactly type and square")
            if a["type"] not in ARTICLE_RANK:
                raise ReferenceGameError(name + ": unknown article %r" % (a["type"],))
            r, c = g._square(a["square"], name)
            lst = g.ground.setdefault((r, c), [])
            if len(lst) >= 2:
                raise ReferenceGameError(name + ": more than 2 articles on (%d,%d)" % (r, c))
            lst.append(a["type"])
        total = sum(len(v) for v in g.ground.values()) + sum(len(p.articles) for p in g.pieces)
        if total > 200:
            raise ReferenceGameError("articles: more than 200 articles in the game (R3.3)")
        res = pos.get("reserves", []) or []
        if not isinstance(res, list):
            raise ReferenceGameError("position: reserves must be a list")
        for i, e in enumerate(res):
            name = "reserves[%d]" % i
            if not isinstance(e, dict) or "type" not in e or "color" not in e \
                    or "square" not in e:
                raise ReferenceGameError(name + ": needs type, color, square")
            if set(e) - {"type", "color", "square", "hand", "armed", "entered"}:
                raise ReferenceGameError(name + ": unknown key")
            if e["type"] not in ALL_TYPES or e["color"] not in COLORS:
                raise ReferenceGameError(name + ": bad type or color")
            r, c = g._square(e["square"], name)
            hand = e.get("hand")
            if e["type"] in HANDED:
                if hand is None:   # R2.4 default, as for pieces
                    left_half = c <= 5 if e["color"] == "white" else c >= 6
                    hand = "left" if left_half else "right"
                elif hand not in ("left", "right"):
                    raise ReferenceGameError(name + ": bad hand %r" % (hand,))
            elif hand is not None:
                raise ReferenceGameError(name + ": hand only for TA, CL, CH")
            g.reserves.append({"type": e["type"], "color": e["color"], "square": [r, c],
                               "hand": hand, "armed": bool(e.get("armed", False))})
        return g

    @staticmethod
    def _square(sq, name):
        if (not isinstance(sq, (list, tuple)) or len(sq) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in sq)):
            raise ReferenceGameError(name + ": square must be [row, col]")
        r, c = sq
        if not (1 <= r <= 10 and 1 <= c <= 10):
            raise ReferenceGameError(name + ": square off the board")
        return r, c

    def _add_piece_entry(self, i, e):
        name = "pieces[%d]" % i
        if not isinstance(e, dict):
            raise ReferenceGameError(name + ": must be a dict")
        for k in ("type", "color", "square", "level"):
            if k not in e:
                raise ReferenceGameError(name + ": missing key %r" % k)
        known = {"type", "color", "square", "level", "hand", "articles", "stun", "home",
                 "cooldowns"}
        for k in e:
            if k not in known:
                raise ReferenceGameError(name + ": unknown key %r" % k)
        t = e["type"]
        if t not in ALL_TYPES:
            raise ReferenceGameError(name + ": unknown type %r" % (t,))
        color = e["color"]
        if color not in COLORS:
            raise ReferenceGameError(name + ": bad color %r" % (color,))
        r, c = self._square(e["square"], name)
        lvl = e["level"]
        if lvl not in LEVELS:
            raise ReferenceGameError(name + ": bad level %r" % (lvl,))
        hand = e.get("hand")
        if t in HANDED:
            if hand is None:   # R2.4 default: owner's left half is left handed
                left_half = c <= 5 if color == "white" else c >= 6
                hand = "left" if left_half else "right"
            elif hand not in ("left", "right"):
                raise ReferenceGameError(name + ": bad hand %r" % (hand,))
        elif hand is not None:
            raise ReferenceGameError(name + ": hand only for TA, CL, CH")
        arts = e.get("articles", []) or []
        if not isinstance(arts, (list, tuple)) or any(a not in ARTICLE_RANK for a in arts):
            raise ReferenceGameError(name + ": bad articles")
        if len(arts) > _max_articles(t, arts):
            raise ReferenceGameError(name + ": too many articles (R5.1)")
        stun = e.get("stun", 0)
        if not isinstance(stun, int) or isinstance(stun, bool) or stun < 0:
            raise ReferenceGameError(name + ": stun must be an int >= 0")
        home = False
        if t in PAWNS:
            second = 2 if color == "white" else 9
            home = e.get("home", r == second)
            if not isinstance(home, bool):
                raise ReferenceGameError(name + ": home must be a bool")
        elif "home" in e and e["home"] not in (False, None):
            raise ReferenceGameError(name + ": home only for pawns")
        extra = None
        if "cooldowns" in e:
            if not isinstance(e["cooldowns"], dict):
                raise ReferenceGameError(name + ": cooldowns must be a dict")
            extra = {"cooldowns": dict(e["cooldowns"])}
        p = _Piece(t, color, hand, _canon_articles(arts), stun, home, r, c, lvl, extra)
        self.pieces.append(p)
        self.board.setdefault((r, c, lvl), []).append(p)

    def _validate_board(self):
        for (r, c, l), lst in self.board.items():
            where = "pieces: (%d,%d) level %s" % (r, c, l)
            if len(lst) > 2:
                raise ReferenceGameError(where + ": more than 2 pieces (R3.1)")
            if len(lst) == 2:
                a, b = lst
                if a.color == b.color and a.type not in COEXIST and b.type not in COEXIST:
                    raise ReferenceGameError(where + ": two pieces without coexistence (R3.1)")
            for p in lst:
                if not _native(p.type, l):
                    carrier = "CH" if l == "A" else "SU"
                    if not any(q is not p and q.type == carrier and q.color == p.color
                               for q in lst):
                        raise ReferenceGameError(where + ": %s has no support (R3.4)" % p.type)

    def position(self) -> dict:
        pieces = []
        for p in sorted(self.pieces, key=lambda p: (p.r, p.c, LEVEL_RANK[p.l], p.color,
                                                    p.text(), p.stun)):
            d = {"type": p.type, "color": p.color, "square": [p.r, p.c], "level": p.l,
                 "hand": p.hand, "articles": list(p.articles), "stun": p.stun}
            if p.type in PAWNS:
                d["home"] = p.home
            if p.extra:
                for k, v in p.extra.items():
                    d[k] = dict(v) if isinstance(v, dict) else v
            pieces.append(d)
        arts = []
        for (r, c) in sorted(self.ground):
            for a in _canon_articles(self.ground[(r, c)]):
                arts.append({"type": a, "square": [r, c]})
        return {
            "format": "wec-position",
            "version": 1,
            "to_move": self.to_move,
            "turn": self.turn,
            "options": dict(self.options),
            "pieces": pieces,
            "articles": arts,
            "reserves": [dict(e, square=list(e["square"])) for e in self.reserves],
        }

    def copy(self) -> "ReferenceGame":
        g = ReferenceGame.__new__(ReferenceGame)
        g.options = self.options            # never mutated after construction
        g.to_move = self.to_move
        g.turn = self.turn
        g.result = self.result
        g.pieces = [p.clone() for p in self.pieces]
        board = {}
        for p in g.pieces:
            key = (p.r, p.c, p.l)
            lst = board.get(key)
            if lst is None:
                board[key] = [p]
            else:
                lst.append(p)
        g.board = board
        g.ground = {k: list(v) for k, v in self.ground.items()}
        g.reserves = [dict(e) for e in self.reserves]
        g._moved = self._moved
        g._lost_primary = set(self._lost_primary)
        return g

    # ---------------------------------------------------------------- move generation

    def _enter(self, r, c, lvl, color, movers, combat):
        """R4.2.1 / R4.2.2 / R3.1 / R3.2: can ``movers`` (a list of types, 1 or 2, the first one
        the moving piece) enter (r,c,lvl)?  Returns None (illegal) or the list of enemy pieces
        captured (possibly empty)."""
        occ = self.board.get((r, c, lvl))
        if not occ:
            return ()
        enemies = [q for q in occ if q.color != color]
        if enemies:
            if len(enemies) != len(occ):      # mixed pair: nobody may enter (R3.2)
                return None
            if not combat:
                return None
            return enemies                    # all captured, level now empty
        if len(occ) + len(movers) > 2:
            return None
        # one friendly piece there, one piece arriving: needs coexistence (R3.1)
        if occ[0].type in COEXIST or movers[0] in COEXIST:
            return ()
        return None

    def _empty(self, r, c, lvl) -> bool:
        return not self.board.get((r, c, lvl))

    def _iter_actions(self) -> Iterator[tuple]:
        """Yield every legal Move/Doze of the side to move (may repeat equal texts).
        Actions: ('mv', piece_index, (r, c, level), passenger_index or -1, combat)
                 ('dz', dozer_index, (dr, dc), group_squares_sorted)"""
        if self.result is not None or self._moved:
            return
        color = self.to_move
        opts = self.options
        mv = opts["movement"]
        jsc = opts["jet_sub_combat"]
        sgn = 1 if color == "white" else -1
        board = self.board
        enter = self._enter
        for i, p in enumerate(self.pieces):
            if p.color != color or p.stun > 0:           # R4.2.5
                continue
            t = p.type
            r, c, l = p.r, p.c, p.l
            if not _native(t, l):                         # ENGINE-NOTES R3.4/R4.1
                continue
            here = board[(r, c, l)]

            # ---- passenger candidate (R2.3, ENGINE-NOTES)
            pas = None
            if t in CARRIERS and len(here) == 2:
                o = here[0] if here[1] is p else here[1]
                if o.color == color and o.stun == 0:
                    pas = o
            pas_idx = -1
            if pas is not None:
                for j, q in enumerate(self.pieces):
                    if q is pas:
                        pas_idx = j
                        break

            if t in PAWNS:
                yield from self._pawn_moves(i, p, mv, sgn)
            elif t in PRIMARY:
                for dr, dc in KING_STEPS:
                    nr, nc = r + dr, c + dc
                    if 1 <= nr <= 10 and 1 <= nc <= 10 and enter(nr, nc, l, color, (t,), True) is not None:
                        yield ("mv", i, (nr, nc, l), -1, True)
            elif t in ONE_STEP:
                for dr, dc in KING_STEPS:
                    nr, nc = r + dr, c + dc
                    if 1 <= nr <= 10 and 1 <= nc <= 10 and enter(nr, nc, l, color, (t,), False) is not None:
                        yield ("mv", i, (nr, nc, l), -1, False)
                if t == "DO":
                    yield from self._doze_moves(i, p)
            elif t == "TA" or t == "CL" or t in SECONDARY:
                if t == "TA":
                    paths = _rider_paths("tank", mv, p.hand, opts["tank_range"])
                elif t == "CL":
                    paths = _rider_paths("cleric", mv, p.hand, opts["cleric_range"])
                else:
                    paths = _rider_paths("queen", mv, None, opts["queen_tank_range"],
                                         opts["queen_cleric_range"])
                done = set()
                for path in paths:
                    ok = True
                    last = len(path) - 1
                    for k, (dr, dc) in enumerate(path):
                        nr, nc = r + sgn * dr, c + sgn * dc
                        if not (1 <= nr <= 10 and 1 <= nc <= 10):
                            ok = False
                            break
                        if k < last and board.get((nr, nc, l)):
                            ok = False
                            break
                    if not ok:
                        continue
                    if (nr, nc) in done:
                        continue
                    if enter(nr, nc, l, color, (t,), True) is not None:
                        done.add((nr, nc))
                        yield ("mv", i, (nr, nc, l), -1, True)
            elif t == "CH":
                table = _heli_table(mv, p.hand)
                dest_levels = ("G", "A") if l == "G" else ("G",)
                for (dr, dc), paths in table:
                    nr, nc = r + sgn * dr, c + sgn * dc
                    if not (1 <= nr <= 10 and 1 <= nc <= 10):
                        continue
                    clear = False
                    for path in paths:
                        good = True
                        for (ar, ac) in path:
                            sr, sc = r + sgn * ar, c + sgn * ac
                            if not (1 <= sr <= 10 and 1 <= sc <= 10) or board.get((sr, sc, "A")):
                                good = False
                                break
                        if good:
                            clear = True
                            break
                    if not clear:
                        continue
                    for dl in dest_levels:
                        if enter(nr, nc, dl, color, (t,), True) is not None:
                            yield ("mv", i, (nr, nc, dl), -1, True)
                        if pas is not None and self._pas_ok(pas, dl) \
                                and enter(nr, nc, dl, color, (t, pas.type), True) is not None:
                            yield ("mv", i, (nr, nc, dl), pas_idx, True)
            elif t == "SU":
                dests = [(r + dr, c + dc, l) for dr, dc in KING_STEPS]
                dests.append((r, c, "S" if l == "G" else "G"))
                for nr, nc, nl in dests:
                    if not (1 <= nr <= 10 and 1 <= nc <= 10):
                        continue
                    if enter(nr, nc, nl, color, (t,), jsc) is not None:
                        yield ("mv", i, (nr, nc, nl), -1, jsc)
                    # a SU with a passenger never captures (ENGINE-NOTES R4.8)
                    if pas is not None and self._pas_ok(pas, nl) \
                            and enter(nr, nc, nl, color, (t, pas.type), False) is not None:
                        yield ("mv", i, (nr, nc, nl), pas_idx, False)
            elif t == "JE":
                if l == "G":
                    if enter(r, c, "A", color, (t,), jsc) is not None:
                        yield ("mv", i, (r, c, "A"), -1, jsc)
                else:
                    if enter(r, c, "G", color, (t,), jsc) is not None:
                        yield ("mv", i, (r, c, "G"), -1, jsc)
                    for dr, dc in KING_STEPS:
                        nr, nc = r + dr, c + dc
                        if not (1 <= nr <= 10 and 1 <= nc <= 10):
                            continue
                        if enter(nr, nc, "A", color, (t,), jsc) is not None:
                            yield ("mv", i, (nr, nc, "A"), -1, jsc)
                        if not board.get((nr, nc, "A")):
                            mr, mc = nr + dr, nc + dc
                            if 1 <= mr <= 10 and 1 <= mc <= 10 \
                                    and enter(mr, mc, "A", color, (t,), False) is not None:
                                yield ("mv", i, (mr, mc, "A"), -1, False)

    def _pas_ok(self, pas: _Piece, dest_level: str) -> bool:
        """ENGINE-NOTES R2.3: a primary government passenger goes to Air/Sub only with
        ``primary_may_fly``."""
        if dest_level != "G" and pas.type in PRIMARY and not self.options["primary_may_fly"]:
            return False
        return True

    def _pawn_moves(self, i, p, mv, sgn):
        """R4.3."""
        r, c, l, color, t = p.r, p.c, p.l, p.color, p.type
        enter = self._enter
        if mv == "mass_destruction":
            for dr, dc in MD_PAWN_PATTERNS[self.options["md_pawns"]]:
                nr, nc = r + sgn * dr, c + sgn * dc
                if 1 <= nr <= 10 and 1 <= nc <= 10 and enter(nr, nc, l, color, (t,), True) is not None:
                    yield ("mv", i, (nr, nc, l), -1, True)
            return
        if mv == "weapon_chess":
            moves = ((1, -1), (1, 1))
            attacks = ((1, 0), (0, -1), (0, 1))
        else:
            moves = ((1, 0),)
            attacks = ((1, -1), (1, 1))
        for dr, dc in moves:
            nr, nc = r + sgn * dr, c + sgn * dc
            if not (1 <= nr <= 10 and 1 <= nc <= 10):
                continue
            if enter(nr, nc, l, color, (t,), False) is not None:
                yield ("mv", i, (nr, nc, l), -1, False)
            if p.home and self._empty(nr, nc, l):
                mr, mc = nr + sgn * dr, nc + sgn * dc
                if 1 <= mr <= 10 and 1 <= mc <= 10 and enter(mr, mc, l, color, (t,), False) is not None:
                    yield ("mv", i, (mr, mc, l), -1, False)
        for dr, dc in attacks:
            nr, nc = r + sgn * dr, c + sgn * dc
            if not (1 <= nr <= 10 and 1 <= nc <= 10):
                continue
            cap = enter(nr, nc, l, color, (t,), True)
            if cap:                       # capture only: needs an enemy there
                yield ("mv", i, (nr, nc, l), -1, True)

    def _doze_moves(self, i, d):
        """R4.11 and the ENGINE-NOTES reading."""
        r, c = d.r, d.c
        if d.l != "G":
            return
        here = self.board.get((r, c, "G"))
        if len(here) != 2:
            return
        partner = here[0] if here[1] is d else here[1]
        if partner.color != d.color:
            return
        doze_enemies = self.options["doze_enemies"]
        board = self.board
        nbrs = []   # (square, pieces)
        for dr, dc in KING_STEPS:
            nr, nc = r + dr, c + dc
            if not (1 <= nr <= 10 and 1 <= nc <= 10):
                continue
            occ = board.get((nr, nc, "G"))
            if not occ:
                continue
            if not doze_enemies and any(q.color != d.color for q in occ):
                continue
            nbrs.append(((nr, nc), occ))
        nbrs.sort()
        # every subset with at most 4 pieces
        groups = []

        def rec(k, chosen, count):
            if k == len(nbrs):
                groups.append(tuple(chosen))
                return
            rec(k + 1, chosen, count)
            n = len(nbrs[k][1])
            if count + n <= 4:
                chosen.append(nbrs[k])
                rec(k + 1, chosen, count + n)
                chosen.pop()

        rec(0, [], 0)
        for grp in groups:
            origins = [((r, c), here)] + list(grp)
            from_set = {sq for sq, _ in origins}
            for ddr, ddc in KING_STEPS:
                ok = True
                incoming: Dict[Tuple[int, int], list] = {}
                for (sr, sc), occ in origins:
                    nr, nc = sr + ddr, sc + ddc
                    if not (1 <= nr <= 10 and 1 <= nc <= 10):
                        ok = False
                        break
                    incoming.setdefault((nr, nc), []).append(((sr, sc), occ))
                if not ok:
                    continue
                for sq, parts in incoming.items():
                    final = []     # (origin_square, piece)
                    if sq not in from_set:
                        for q in board.get((sq[0], sq[1], "G"), ()):
                            final.append((sq, q))
                    for osq, occ in parts:
                        for q in occ:
                            final.append((osq, q))
                    if len(final) > 2:
                        ok = False
                        break
                    if len(final) == 2:
                        (o1, a), (o2, b) = final
                        if o1 == o2:
                            continue       # the pair was already together (R3.2 pair kept)
                        if a.color != b.color or (a.type not in COEXIST and b.type not in COEXIST):
                            ok = False
                            break
                if ok:
                    yield ("dz", i, (ddr, ddc), tuple(sq for sq, _ in grp))

    def _action_text(self, a) -> str:
        if a[0] == "mv":
            p = self.pieces[a[1]]
            nr, nc, nl = a[2]
            s = "MV:" + p.text() + "->" + LEVEL_PREFIX[nl] + "(%d,%d)" % (nr, nc)
            if a[3] >= 0:
                s += "-TRA->" + self.pieces[a[3]].text()
            return s
        p = self.pieces[a[1]]
        dr, dc = a[2]
        return ("DZ:" + p.text() + "->" + "(%d,%d)" % (p.r + dr, p.c + dc) + "@"
                + "".join("(%d,%d)" % sq for sq in sorted(a[3])))

    def _actions(self) -> Dict[str, tuple]:
        out: Dict[str, tuple] = {}
        for a in self._iter_actions():
            t = self._action_text(a)
            if t not in out:
                out[t] = a
        return out

    def legal_move_texts(self) -> List[str]:
        return sorted(self._actions())

    def has_legal_move(self) -> bool:
        for _ in self._iter_actions():
            return True
        return False

    # ---------------------------------------------------------------- applying

    def apply(self, text: str) -> None:
        acts = self._actions()
        a = acts.get(text)
        if a is None:
            raise ReferenceGameError("illegal action: %r" % (text,))
        self._apply_action(a)

    def _remove(self, q: _Piece):
        """Remove a captured/destroyed piece (R4.2.4: its articles drop by the ring)."""
        lst = self.board[(q.r, q.c, q.l)]
        lst.remove(q)
        if not lst:
            del self.board[(q.r, q.c, q.l)]
        self.pieces.remove(q)
        if q.type in PRIMARY:
            self._lost_primary.add(q.color)

    def _drop_ring(self, r: int, c: int, owner: str, articles) -> None:
        """R7.3.3: each article (in canonical order) goes to the first square of the ring order,
        seen from ``owner``, holding fewer than 2 articles; off-board squares skipped."""
        sgn = 1 if owner == "white" else -1
        ground = self.ground
        for art in _canon_articles(articles):
            for dr, dc in RING:
                sr, sc = r + sgn * dr, c + sgn * dc
                if not (1 <= sr <= 10 and 1 <= sc <= 10):
                    continue
                lst = ground.get((sr, sc))
                if lst is None:
                    ground[(sr, sc)] = [art]
                    break
                if len(lst) < 2:
                    lst.append(art)
                    break

    def _remove_group(self, victims: List[_Piece]) -> None:
        """Remove pieces taken at one square and level; their articles drop together
        (canonical order), ring seen from each owner (victims of one event share a colour
        except a conversion pair, not in this scope; grouped per owner)."""
        if not victims:
            return
        r, c = victims[0].r, victims[0].c
        by_owner: Dict[str, list] = {}
        for q in victims:
            self._remove(q)
            by_owner.setdefault(q.color, []).extend(q.articles)
        for owner in COLORS:
            if by_owner.get(owner):
                self._drop_ring(r, c, owner, by_owner[owner])

    def _place(self, p: _Piece, r: int, c: int, l: int) -> None:
        lst = self.board[(p.r, p.c, p.l)]
        lst.remove(p)
        if not lst:
            del self.board[(p.r, p.c, p.l)]
        if (r, c) != (p.r, p.c):
            p.home = False                   # R4.3: left its square
        p.r, p.c, p.l = r, c, l
        self.board.setdefault((r, c, l), []).append(p)

    def _apply_action(self, a) -> None:
        if self.result is not None or self._moved:
            raise ReferenceGameError("no Move allowed now")
        if a[0] == "mv":
            p = self.pieces[a[1]]
            nr, nc, nl = a[2]
            pas = self.pieces[a[3]] if a[3] >= 0 else None
            orig = (p.r, p.c, p.l)
            # captures at the destination (evaluated before anything moves)
            victims = []
            if a[4]:
                victims = [q for q in self.board.get((nr, nc, nl), ()) if q.color != p.color]
            self._place(p, nr, nc, nl)
            if pas is not None:
                self._place(pas, nr, nc, nl)
            # ENGINE-NOTES R2.3/R3.4: a piece left unsupported at Air/Sub is destroyed
            if orig[2] != "G":
                left = [q for q in self.board.get(orig, ()) if not _native(q.type, orig[2])]
                carrier = "CH" if orig[2] == "A" else "SU"
                if left and not any(q.type == carrier for q in self.board.get(orig, ())):
                    self._remove_group(left)
            # R4.2.2 capture, R4.2.4 drop ring at the destination
            self._remove_group(victims)
        else:
            d = self.pieces[a[1]]
            dr, dc = a[2]
            movers = list(self.board[(d.r, d.c, "G")])
            for sq in a[3]:
                movers += self.board[(sq[0], sq[1], "G")]
            for q in movers:   # remove all first, then place (simultaneous move)
                lst = self.board[(q.r, q.c, "G")]
                lst.remove(q)
                if not lst:
                    del self.board[(q.r, q.c, "G")]
            for q in movers:
                q.r += dr
                q.c += dc
                q.home = False
                self.board.setdefault((q.r, q.c, "G"), []).append(q)
        self._moved = True

    def end_turn(self) -> None:
        """R6.4 subset, R11.1, R6.5."""
        if self.result is not None:
            raise ReferenceGameError("the game is over")
        if not self._moved:
            raise ReferenceGameError("End Turn only after the Move (R6.1)")
        mover = self.to_move
        other = OTHER[mover]
        for p in self.pieces:
            if p.color == mover and p.stun > 0:
                p.stun -= 1
        if mover in self._lost_primary:
            self.result = other
        elif other in self._lost_primary:
            self.result = mover
        self._lost_primary = set()
        self._moved = False
        self.to_move = other
        self.turn += 1
        if self.result is None and not self.has_legal_move():
            self.result = mover            # R6.5: the side to move has no legal Move and loses


def reference_perft(game: ReferenceGame, depth: int) -> int:
    """Moves-mode perft (docs/FORMATS.md): one ply = one Move/Doze + End Turn; leaves counted;
    a finished game has no children."""
    if depth <= 0:
        return 1
    if game.result is not None:
        return 0
    acts = game._actions()
    if depth == 1:
        return len(acts)
    total = 0
    for a in acts.values():
        child = game.copy()
        child._apply_action(a)
        child.end_turn()
        total += reference_perft(child, depth - 1)
    return total


# --------------------------------------------------------------------------------------------
# Standard set-up
# --------------------------------------------------------------------------------------------

_WHITE_ROW1 = (["TA"], ["DO", "SU"], ["CL"], ["CH", "JE"], ["K"], ["Q"], ["CH", "JE"], ["CL"],
               ["DO", "SU"], ["TA"])
_WHITE_ROW2 = (["RP"], ["SP"], ["FP", "AAA"], ["CP", "DS"], ["SHP"], ["XP"], ["CP", "DS"],
               ["FP", "AAA"], ["SP"], ["RP"])
_ARTICLES = {   # R5.4, absolute rows, White's view, columns 1..10
    8: ("SH", "TL", "BI+SL", "JP", "SC", "SC", "JP", "BI+SL", "TL", "ASH"),
    7: ("ATL", "ASH", "SL", "ACS", "ARL", "AFL", "AST", "SL", "ASH", "ATL"),
    6: ("TL", "SH", "ASL", "CS", "XXX+RL", "XXX+FL", "ST", "ASL", "SH", "TL"),
    5: ("TL", "SH", "ASL", "ST", "XXX+FL", "XXX+RL", "CS", "ASL", "SH", "TL"),
    4: ("ATL", "ASH", "SL", "AST", "AFL", "ARL", "ACS", "SL", "ASH", "ATL"),
    3: ("ASH", "TL", "BI+SL", "JP", "SC", "SC", "JP", "BI+SL", "TL", "SH"),
}
_WHITE_RESERVES = (("SU", None), ("JE", None), ("DS", None), ("CL", "left"), ("Q", None),
                   ("DO", None), ("TA", "right"), ("AAA", None), ("JE", None), ("SU", None))


def standard_position() -> dict:
    """R2.5 pieces (hands by R2.4), R5.4 articles, R8.5 reserves; Black to move, turn 1."""
    pieces = []
    for color in ("white", "black"):
        for row_white, table in ((1, _WHITE_ROW1), (2, _WHITE_ROW2)):
            for c0, types in enumerate(table):
                cw = c0 + 1
                if color == "white":
                    r, c = row_white, cw
                else:
                    r, c = 11 - row_white, 11 - cw
                for t in types:
                    e = {"type": t, "color": color, "square": [r, c], "level": "G",
                         "hand": None, "articles": [], "stun": 0}
                    if t in HANDED:
                        left_half = c <= 5 if color == "white" else c >= 6
                        e["hand"] = "left" if left_half else "right"
                    if t in PAWNS:
                        e["home"] = True
                    pieces.append(e)
    articles = []
    for r in sorted(_ARTICLES):
        for c0, cell in enumerate(_ARTICLES[r]):
            for a in cell.split("+"):
                articles.append({"type": a, "square": [r, c0 + 1]})
    reserves = []
    for c0, (t, hand) in enumerate(_WHITE_RESERVES):
        reserves.append({"type": t, "color": "white", "square": [8, c0 + 1], "hand": hand,
                         "armed": False})
    for c0, (t, hand) in enumerate(_WHITE_RESERVES):
        reserves.append({"type": t, "color": "black", "square": [3, 10 - c0], "hand": hand,
                         "armed": False})
    return {
        "format": "wec-position",
        "version": 1,
        "to_move": "black",
        "turn": 1,
        "options": dict(DEFAULT_OPTIONS),
        "pieces": pieces,
        "articles": articles,
        "reserves": reserves,
    }


if __name__ == "__main__":   # python tests/reference.py [depth]: perft of the standard position
    import sys
    import time

    _g = ReferenceGame.from_position(standard_position())
    for _d in range(1, (int(sys.argv[1]) if len(sys.argv) > 1 else 2) + 1):
        _t = time.perf_counter()
        _n = reference_perft(_g, _d)
        print("perft(%d) = %d  (%.2fs)" % (_d, _n, time.perf_counter() - _t))
