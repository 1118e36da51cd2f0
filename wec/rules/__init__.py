"""Weapon Chess rules as data (RULES.md).

Piece types, articles, movement paths, the drop ring, the standard set-up and reserves live here as
plain tables. ``wec._core`` compiles them into C arrays for one set of options; the movement code
walks those tables instead of branching on piece names (Fairy-Stockfish style).
Offsets are ``(dr, dc)`` written for White: ``dr > 0`` is forward, ``dc > 0`` is to the right.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

LEVELS = ("G", "A", "S")  # R1.3: index 0 Ground, 1 Air, 2 Sub
COLORS = ("black", "white")  # R1.4: index 0 Black (moves first), 1 White
HANDS = (None, "left", "right")  # R2.4

# R5 articles, in the canonical order used by the action text (docs/ENGINE-NOTES.md).
ARTICLES = ("FL", "ST", "CS", "RL", "SL", "TL", "BI", "JP", "SC",
            "AFL", "AST", "ACS", "ARL", "ASL", "ATL", "SH", "ASH", "XXX")
ARTICLE_INDEX = {code: i + 1 for i, code in enumerate(ARTICLES)}  # 0 = empty slot
MAX_ARTICLES = 200  # R3.3
MAX_GROUND_ARTICLES = 2  # R3.3

# Movement kinds (how a piece type moves; RULES.md R4.3-R4.11).
ONE_STEP, PAWN, TANK, CLERIC, QUEEN, HELI, JET, SUB, DOZER = range(9)


@dataclass(frozen=True)
class PieceType:
    """One row of the piece table (docs/RULES.md R2)."""

    code: str
    """RULES.md type code."""
    name: str
    """Name in the game's words."""
    movement: int
    """Movement kind (ONE_STEP … DOZER)."""
    abilities: tuple[str, ...] = ()
    """Inherent abilities as article codes (R5.2): never dropped, never stunned off."""
    combat: bool = False
    """Captures by moving onto enemies (R4.2.2); pawns capture on their attack squares."""
    coexist: bool = False
    """May share a level with a friendly piece (R2.2)."""
    carry: bool = False
    """May take the other friendly piece of its level along (R2.3)."""
    handed: bool = False
    """Left or right handed (R2.4)."""
    level: str = "G"
    """The level it can stand on by itself besides Ground (R3.4)."""
    role: str | None = None
    """"primary" or "secondary" government piece (R2.1)."""


PIECE_TYPES: tuple[PieceType, ...] = (
    PieceType("K", "King", ONE_STEP, ("AFL", "ARL"), combat=True, role="primary"),
    PieceType("Q", "Queen", QUEEN, ("ACS", "AST"), combat=True, role="secondary"),
    PieceType("DI", "Dictator", ONE_STEP, ("ACS", "ARL"), combat=True, role="primary"),
    PieceType("AS", "Assassin", QUEEN, ("AFL", "AST"), combat=True, role="secondary"),
    PieceType("AV", "Avatar", ONE_STEP, ("AST", "ARL"), combat=True, role="primary"),
    PieceType("AC", "Acolyte", QUEEN, ("AFL", "ACS"), combat=True, role="secondary"),
    PieceType("PR", "President", ONE_STEP, ("ACS", "AFL"), combat=True, role="primary"),
    PieceType("PM", "Prime Minister", QUEEN, ("ARL", "AST"), combat=True, role="secondary"),
    PieceType("TA", "Tank", TANK, ("FL",), combat=True, handed=True),
    PieceType("CL", "Cleric", CLERIC, ("CS",), combat=True, handed=True),
    PieceType("CH", "Helicopter", HELI, ("ST",), combat=True, coexist=True, carry=True,
              handed=True, level="A"),
    PieceType("JE", "Jet Fighter", JET, ("SL",), coexist=True, level="A"),
    PieceType("SU", "Submarine", SUB, ("TL",), coexist=True, carry=True, level="S"),
    PieceType("DS", "Destroyer", ONE_STEP, ("TL",), coexist=True),
    PieceType("AAA", "Anti-aircraft battery", ONE_STEP, ("SH", "SL"), coexist=True),
    PieceType("DO", "Dozer", DOZER, (), coexist=True),
    PieceType("FP", "Flame Pawn", PAWN, ("FL", "AFL"), combat=True),
    PieceType("RP", "Rocket Launcher Pawn", PAWN, ("RL", "ARL"), combat=True),
    PieceType("SP", "Stunner Pawn", PAWN, ("ST", "AST"), combat=True),
    PieceType("CP", "Conversion Pawn", PAWN, ("CS", "ACS"), combat=True),
    PieceType("XP", "XXX Pawn", PAWN, ("XXX",), combat=True),
    PieceType("SHP", "Stealth Pawn", PAWN, ("SH", "ASH"), combat=True),
    PieceType("SOP", "SAM-Torpedo Pawn", PAWN, ("SL", "TL"), combat=True),
)
TYPE_INDEX = {t.code: i for i, t in enumerate(PIECE_TYPES)}

# R7.9: the inherent jet / sub rocket (fire code RL), fired from the piece's natural level.
JET_ROCKET_TYPES = ("JE", "SU")

# R12.2 FireArt: the fire code of each weapon / transport article kind (the Jump Pack fires as JU).
FIRE_CODE = {"FL": "FL", "ST": "ST", "CS": "CS", "RL": "RL", "SL": "SL", "TL": "TL",
             "BI": "BI", "JP": "JU", "SC": "SC"}
FIRE_ARTICLE = {v: k for k, v in FIRE_CODE.items()}

# R2.1 governments: (primary, secondary).
GOVERNMENTS = {
    "monarchy": ("K", "Q"),
    "dictatorship": ("DI", "AS"),
    "theocracy": ("AV", "AC"),
    "democracy": ("PR", "PM"),
}

# --- movement geometry -------------------------------------------------------------------------

# The 8 compass directions, anticlockwise from East: index + 1 turns 45° to the left.
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
ORTHOGONAL = (2, 0, 6, 4)  # forward, right, back, left as direction indices
DIAGONAL = (1, 3, 5, 7)

# How each movement kind uses the levels (R4.8-R4.10, R3.4): from a current level, the level its
# paths run in (None: no paths), the levels a path may end at, and the levels it may change to in
# its own square. A piece at a level not listed (a passenger) has no Move of its own.
LEVEL_MOVES = {
    HELI: {"G": ("A", "GA", ""), "A": ("A", "G", "")},   # flies through the Air; lands from Air
    JET: {"G": (None, "", "A"), "A": ("A", "A", "G")},    # only takes off from Ground
    SUB: {"G": ("G", "G", "S"), "S": ("S", "S", "G")},    # dives and surfaces
}
GROUND_MOVES = {"G": ("G", "G", "")}

# Path modes.
NORMAL, MOVE_ONLY, CAPTURE_ONLY = 0, 1, 2


@dataclass(frozen=True)
class Path:
    """One way a piece may move: the squares it passes and where it lands (White's view)."""

    steps: tuple[tuple[int, int], ...]
    """Cumulative offsets from the origin; the last one is the destination."""
    mode: int = NORMAL
    """NORMAL, MOVE_ONLY (never captures) or CAPTURE_ONLY (pawn attack squares)."""
    combat: bool = True
    """Whether landing on enemies captures them (R4.2.2)."""
    home: bool = False
    """Only while the pawn has never left its set-up square (double step, R4.3)."""


def _turn(d: int, eighths: int) -> int:
    return (d + eighths) % 8


def _walk(dirs: list[int]) -> tuple[tuple[int, int], ...]:
    r = c = 0
    out = []
    for d in dirs:
        r += DIRECTIONS[d][0]
        c += DIRECTIONS[d][1]
        out.append((r, c))
    return tuple(out)


def _hand_sign(hand: str) -> int:
    """+1 turns towards the left (anticlockwise), -1 towards the right."""
    return 1 if hand == "left" else -1


def tank_paths(movement: str, hand: str, rng: int) -> list[tuple[tuple[int, int], ...]]:
    """R4.5: four paths, one per orthogonal start direction."""
    out = []
    s = _hand_sign(hand)
    for d in ORTHOGONAL:
        if movement == "weapon_chess":
            straight = min(4, rng)
            dirs = [d] * straight + [_turn(d, s)] * (rng - straight)
        elif movement == "standard_chess":
            dirs = [d] * rng
        else:  # mass destruction: zig-zag, sideways position +1, 0, -1, 0, … towards the hand
            side = [0, 1, 0, -1]
            dirs = []
            for k in range(1, rng + 1):
                delta = side[k % 4] - side[(k - 1) % 4]
                dirs.append(_turn(d, s * delta))
        out.append(_walk(dirs))
    return out


def cleric_paths(movement: str, hand: str, rng: int) -> list[tuple[tuple[int, int], ...]]:
    """R4.6: four paths, one per diagonal start direction."""
    out = []
    s = _hand_sign(hand)
    for d in DIAGONAL:
        if movement == "weapon_chess":
            first = min(5, rng)
            turned = min(2, rng - first)
            dirs = [d] * first + [_turn(d, 2 * s)] * turned + [d] * (rng - first - turned)
        elif movement == "standard_chess":
            dirs = [d] * rng
        else:  # mass destruction spiral: d, d+2, d, d-1, d-1, d-2, d-2, … (left); mirror (right)
            pattern = [0, 2, 0, -1, -1]
            dirs = [_turn(d, s * (pattern[k] if k < len(pattern) else -2)) for k in range(rng)]
        out.append(_walk(dirs))
    return out


HELI_LEAPS = {
    ("weapon_chess", "right"): ((2, 2), (2, -2), (-2, 2), (-2, -2), (2, 1), (-1, 2), (-2, -1), (1, -2)),
    ("weapon_chess", "left"): ((2, 2), (2, -2), (-2, 2), (-2, -2), (2, -1), (1, 2), (-2, 1), (-1, -2)),
    ("standard_chess", "right"): ((2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)),
    ("standard_chess", "left"): ((2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)),
    ("mass_destruction", "right"): ((2, 2), (2, -2), (-2, 2), (-2, -2), (3, 1), (1, -3), (-3, -1), (-1, 3)),
    ("mass_destruction", "left"): ((2, 2), (2, -2), (-2, 2), (-2, -2), (3, -1), (-1, -3), (-3, 1), (1, 3)),
}


def king_step_paths(dr: int, dc: int) -> list[tuple[tuple[int, int], ...]]:
    """Every shortest king-step path from (0,0) to (dr, dc), as cumulative offsets (R4.8)."""
    n = max(abs(dr), abs(dc))
    out: list[tuple[tuple[int, int], ...]] = []

    def rec(r: int, c: int, left: int, acc: list[tuple[int, int]]) -> None:
        if left == 0:
            if (r, c) == (dr, dc):
                out.append(tuple(acc))
            return
        for sr, sc in DIRECTIONS:
            nr, nc = r + sr, c + sc
            if max(abs(dr - nr), abs(dc - nc)) <= left - 1:
                rec(nr, nc, left - 1, acc + [(nr, nc)])

    rec(0, 0, n, [])
    return out


PAWN_MOVES = {
    # movement: (move offsets, double steps (via, to), attack offsets)
    "weapon_chess": (((1, -1), (1, 1)), (((1, -1), (2, -2)), ((1, 1), (2, 2))),
                     ((1, 0), (0, -1), (0, 1))),
    "standard_chess": (((1, 0),), (((1, 0), (2, 0)),), ((1, -1), (1, 1))),
}
MD_PAWNS = {
    "sides_and_forward": ((1, -1), (1, 0), (1, 1), (0, -1), (0, 1)),
    "forward": ((1, -1), (1, 0), (1, 1)),
    "all_but_front": ((1, -1), (1, 1), (0, -1), (0, 1)),
}


def movement_paths(ptype: PieceType, hand: str | None, options) -> list[Path]:
    """Every path of a piece type for one set of options (the moves from its natural level)."""
    mv = options.movement
    kind = ptype.movement
    if kind in (ONE_STEP, DOZER):
        return [Path(((dr, dc),), combat=ptype.combat) for dr, dc in DIRECTIONS]
    if kind == SUB:
        return [Path(((dr, dc),), combat=options.jet_sub_combat) for dr, dc in DIRECTIONS]
    if kind == JET:
        out = [Path(((dr, dc),), combat=options.jet_sub_combat) for dr, dc in DIRECTIONS]
        out += [Path(((dr, dc), (2 * dr, 2 * dc)), combat=False) for dr, dc in DIRECTIONS]
        return out
    if kind == PAWN:
        if mv == "mass_destruction":
            return [Path((o,), combat=True) for o in MD_PAWNS[options.md_pawns]]
        moves, doubles, attacks = PAWN_MOVES[mv]
        out = [Path((o,), mode=MOVE_ONLY, combat=False) for o in moves]
        out += [Path(steps, mode=MOVE_ONLY, combat=False, home=True) for steps in doubles]
        out += [Path((o,), mode=CAPTURE_ONLY, combat=True) for o in attacks]
        return out
    if kind == TANK:
        return [Path(p) for p in tank_paths(mv, hand or "right", options.tank_range)]
    if kind == CLERIC:
        return [Path(p) for p in cleric_paths(mv, hand or "right", options.cleric_range)]
    if kind == QUEEN:  # R4.7: union of both tank hands and both cleric hands
        out = []
        for h in ("left", "right"):
            out += [Path(p) for p in tank_paths(mv, h, options.queen_tank_range)]
        for h in ("left", "right"):
            out += [Path(p) for p in cleric_paths(mv, h, options.queen_cleric_range)]
        return out
    if kind == HELI:  # R4.8: any shortest king-step path through the Air
        out = []
        for dr, dc in HELI_LEAPS[(mv, hand or "right")]:
            out += [Path(p) for p in king_step_paths(dr, dc)]
        return out
    raise ValueError(f"unknown movement kind {kind}")


def destination_offsets(ptype_code: str, hand: str | None, options) -> set[tuple[int, int]]:
    """The destination offsets of a piece on an unbounded open board (for tests and the GUI)."""
    return {p.steps[-1] for p in movement_paths(PIECE_TYPES[TYPE_INDEX[ptype_code]], hand, options)}


# --- drop ring (R7.3.3) ------------------------------------------------------------------------

@lru_cache(maxsize=None)
def drop_ring_offsets(max_ring: int = 9) -> tuple[tuple[int, int], ...]:
    """Offsets of the drop ring search in order, for White (negate both for Black).

    Own square; then each ring k: its forward edge left to right, left edge front to back, right
    edge front to back, back edge left to right.
    """
    out = [(0, 0)]
    for k in range(1, max_ring + 1):
        out += [(k, c) for c in range(-k, k + 1)]
        out += [(r, -k) for r in range(k - 1, -k, -1)]
        out += [(r, k) for r in range(k - 1, -k, -1)]
        out += [(-k, c) for c in range(-k, k + 1)]
    return tuple(out)


# --- standard set-up (R2.5, R5.4, R8.5) ----------------------------------------------------------

_WHITE_ROW1 = ("TA", "DO+SU", "CL", "CH+JE", "K", "Q", "CH+JE", "CL", "DO+SU", "TA")
_WHITE_ROW2 = ("RP", "SP", "FP+AAA", "CP+DS", "SHP", "XP", "CP+DS", "FP+AAA", "SP", "RP")
STANDARD_ARTICLES = {  # R5.4, White's view, row -> ten cells
    8: ("SH", "TL", "BI+SL", "JP", "SC", "SC", "JP", "BI+SL", "TL", "ASH"),
    7: ("ATL", "ASH", "SL", "ACS", "ARL", "AFL", "AST", "SL", "ASH", "ATL"),
    6: ("TL", "SH", "ASL", "CS", "XXX+RL", "XXX+FL", "ST", "ASL", "SH", "TL"),
    5: ("TL", "SH", "ASL", "ST", "XXX+FL", "XXX+RL", "CS", "ASL", "SH", "TL"),
    4: ("ATL", "ASH", "SL", "AST", "AFL", "ARL", "ACS", "SL", "ASH", "ATL"),
    3: ("ASH", "TL", "BI+SL", "JP", "SC", "SC", "JP", "BI+SL", "TL", "SH"),
}
_WHITE_RESERVES = (("SU", None), ("JE", None), ("DS", None), ("CL", "left"), ("Q", None),
                   ("DO", None), ("TA", "right"), ("AAA", None), ("JE", None), ("SU", None))


def _standard_hand(code: str, color: str, col: int) -> str | None:
    """R2.4 decision: handed pieces on the owner's left half are left handed."""
    if not PIECE_TYPES[TYPE_INDEX[code]].handed:
        return None
    left_half = col <= 5 if color == "white" else col >= 6
    return "left" if left_half else "right"


def standard_position(government_black: str = "monarchy", government_white: str = "monarchy") -> dict:
    """The standard set-up as a position dict (docs/FORMATS.md): R2.5, R5.4, R8.5; Black to move."""
    govs = {"black": GOVERNMENTS[government_black], "white": GOVERNMENTS[government_white]}

    def gov(code: str, color: str) -> str:
        return {"K": govs[color][0], "Q": govs[color][1]}.get(code, code)

    pieces = []
    for color in ("white", "black"):
        for row_w, cells in ((1, _WHITE_ROW1), (2, _WHITE_ROW2)):
            for c_w, cell in enumerate(cells, start=1):
                row, col = (row_w, c_w) if color == "white" else (11 - row_w, 11 - c_w)
                for code in cell.split("+"):
                    code = gov(code, color)
                    pieces.append({"type": code, "color": color, "square": [row, col], "level": "G",
                                   "hand": _standard_hand(code, color, col), "articles": [],
                                   "stun": 0})
    articles = [{"type": a, "square": [row, col]}
                for row, cells in sorted(STANDARD_ARTICLES.items())
                for col, cell in enumerate(cells, start=1) for a in cell.split("+")]
    reserves = []
    for color in ("white", "black"):
        for c_w, (code, hand) in enumerate(_WHITE_RESERVES, start=1):
            row, col = (8, c_w) if color == "white" else (3, 11 - c_w)
            reserves.append({"type": gov(code, color), "color": color, "square": [row, col],
                             "hand": hand, "armed": False})
    # R2.5: at the start the two Stealth Pawns' Anti-Stealths are locked on each other (R10.2)
    shp = [i for i, p in enumerate(pieces) if p["type"] == "SHP"]
    pieces[shp[0]]["locks"] = [shp[1]]
    pieces[shp[1]]["locks"] = [shp[0]]
    return {"format": "wec-position", "version": 1, "to_move": "black", "turn": 1, "options": {},
            "pieces": pieces, "articles": articles, "reserves": reserves}
