"""What each side of a `Game` knows (RULES.md R10): visibility, last sightings, the enemy reserves
seen armed, the weapons' sweeps, the dozes each side's record names, and the observation built
from them."""
from __future__ import annotations

from typing import Any

from wec import rules
from wec._core.engine import Engine
from wec.game.action import PieceInfo, ProjectileInfo
from wec.game.coredata import EV_PROJECTILE, EV_STOPPED, EV_SWEPT, EventRecord, PieceRecord, \
    piece_info
from wec.game.observation import REVEALED_FOR_GOOD, LastSeen
from wec.game.position import square_index, square_of
from wec.game.record import Entry

Sightings = tuple  # per side, pid -> LastSeen of each enemy piece it cannot see now
FLAME = rules.ARTICLE_INDEX["FL"]  # the weapon kind of EV_SWEPT's info for a Flame
_TYPE_LEVEL = {t.code: t.level for t in rules.PIECE_TYPES}  # a type's own level


class Knowledge:
    """What each side of a game knows of the other now (R10, R8.4, R7): which pieces it sees,
    where it last saw each enemy piece it cannot see, the enemy activation squares it saw
    armed, where the weapons went and which dozes its record names. Every field is a value an
    `Entry` keeps as it stood after its action (never changed in place), so undo and redo
    restore them from the entries and a copy shares them."""

    __slots__ = ("vis", "seen", "armed_seen", "swept", "dozes", "markers", "_seen0",
                 "_armed_seen0")

    def __init__(self, engine: Engine, known: tuple | None = None) -> None:
        """What each side knows at the start: `known`, the position's "sightings" as
        wec.game.position parses them; without them the initial position is public (R10): each
        side knows where every enemy piece stands and which enemy reserves are armed."""
        self.vis: tuple[bytes, bytes] = (engine.visible_mask(0), engine.visible_mask(1))
        """Per side, a byte per piece id: does it see the piece now?"""
        self.markers = Markers()
        """The marker a new sighting of each piece gets (its id, unless the game was copied
        from a position after pieces were lost: then the id it had in the game copied)."""
        if known is None:
            self._seen0 = _initial_sightings(engine, self.vis, self.markers)
            self._armed_seen0 = _initial_armed_seen(engine)
        else:
            self._seen0, self._armed_seen0, self.markers = _restored(known)
        self.seen: Sightings = self._seen0
        """Per side, where each enemy piece it cannot see was last seen (pid -> LastSeen)."""
        self.armed_seen: tuple[frozenset[int], frozenset[int]] = self._armed_seen0
        """Per side, the enemy activation squares it saw armed: an enemy piece it could see
        standing on the square's Ground at the end of an action (R8.4)."""
        self.swept: tuple[dict, dict, dict] = ({}, {}, {})
        """Where a weapon went since the game's start (`Entry.swept`)."""
        self.dozes: tuple[dict, dict] = ({}, {})
        """The dozes each side's record names since the game's start (`Entry.dozes`)."""

    def copy(self) -> "Knowledge":
        """An independent copy: the fields are values never changed in place, so it shares
        them."""
        other = Knowledge.__new__(Knowledge)
        other.vis, other.seen, other.armed_seen, other.swept, other.dozes = \
            self.vis, self.seen, self.armed_seen, self.swept, self.dozes
        other.markers = self.markers
        other._seen0, other._armed_seen0 = self._seen0, self._armed_seen0
        return other

    def learn(self, engine: Engine, entry: Entry, before: dict[int, PieceRecord], turn_before: int,
              n_before: int, captured: tuple[int, ...]) -> None:
        """After the action of `entry` was made in `engine`: what each side knows now, kept in
        the entry (`before`: the pieces it changed, as they stood before it)."""
        entry.seen = _update_sightings(engine, self.seen, entry.vis_before, entry.vis_after,
                                       before, turn_before, n_before, (captured, entry.mover),
                                       self.markers)
        entry.armed_seen = _update_armed_seen(engine, self.armed_seen)
        entry.swept = _swept_by(entry.events, turn_before, self.swept)
        entry.dozes = _dozes_by(entry, turn_before, self.dozes)
        self.stand_after(entry)

    def stand_after(self, entry: Entry) -> None:
        """As it was right after `entry`'s action (redo)."""
        self.vis, self.seen, self.armed_seen, self.swept, self.dozes = \
            entry.vis_after, entry.seen, entry.armed_seen, entry.swept, entry.dozes

    def stand_before(self, entry: Entry, previous: Entry | None) -> None:
        """As it was right before `entry`'s action, after `previous` (None: at the start)."""
        self.vis = entry.vis_before
        if previous is None:
            self.seen, self.armed_seen, self.swept, self.dozes = \
                self._seen0, self._armed_seen0, ({}, {}, {}), ({}, {})
        else:
            self.seen, self.armed_seen, self.swept, self.dozes = \
                previous.seen, previous.armed_seen, previous.swept, previous.dozes


def can_see(engine: Engine, color: str, row: int, col: int, level: str) -> list[PieceInfo]:
    """The pieces at that level of that square that `color` can see."""
    side = rules.COLORS.index(color)
    s = square_index(row, col)
    return [piece_info(engine.piece(pid))
            for pid in engine.occupants(s, rules.LEVELS.index(level))
            if engine.can_see(side, pid)]


def _initial_sightings(engine: Engine, vis: tuple[bytes, bytes], markers: "Markers"
                       ) -> Sightings:
    """The initial position is public (R10): each side knows where every enemy piece it cannot
    see stands."""
    out: tuple[dict[int, LastSeen], dict[int, LastSeen]] = ({}, {})
    turn = int(engine.turn)
    for side in (0, 1):
        visible = vis[side]
        for raw in engine.pieces():
            if raw.color != side and not visible[raw.pid]:
                out[side][raw.pid] = _sighting(raw, turn, known=True, markers=markers)
    return out


def _update_sightings(engine: Engine, previous: tuple, vis_before: tuple[bytes, bytes],
                      vis_after: tuple[bytes, bytes], before: dict[int, PieceRecord],
                      turn_before: int, n_before: int,
                      captures: tuple[tuple[int, ...], int] = ((), -1),
                      markers: "Markers | None" = None) -> tuple:
    """Per side, the last sighting of each enemy piece it cannot see now: a piece that
    disappears from view is known where it stood before this action; one that was the side's
    own until now (converted) is known where it stands; a reserve that entered unseen is known
    only as "a piece" on its activation square; a piece in view again, or removed in plain
    sight, is forgotten; a hidden piece the mover met and captured (R4.2.3, its history names
    it: `captures` = (the removed pieces, the mover)) is forgotten by the mover
    (_forget_captured). Only the pieces whose view changed are looked at."""
    out = []
    captured, mover = captures
    turn = int(engine.turn)
    for side in (0, 1):
        old, new = vis_before[side], vis_after[side]
        gone = [pid for pid in captured if side == mover and pid in previous[side]]
        if old == new and not gone:
            out.append(previous[side])
            continue
        seen = dict(previous[side])
        for pid in gone:
            _forget_captured(seen, pid, before[pid])
        for pid in changed_ids(old, new):
            now = new[pid] if pid < len(new) else 0
            if now:
                seen.pop(pid, None)  # in view (or its own) again
                continue
            if not engine.is_alive(pid):
                continue  # removed: known gone if it was in view, else its record stays
            raw_now = engine.piece(pid)
            if pid >= n_before:  # entered unseen (R8.4)
                seen[pid] = _sighting(raw_now, turn, known=False, markers=markers)
            elif before[pid].color == side:  # converted away from this side (R7.5)
                seen[pid] = _sighting(raw_now, turn, known=True, markers=markers)
            else:  # went out of view: where it stood before this action
                seen[pid] = _sighting(before[pid], turn_before, known=True, markers=markers)
        out.append(seen)
    return tuple(out)


def _armed_reserves(engine: Engine) -> list[tuple[int, int]]:
    """(colour, activation square) of each reserve armed and not yet entered (R8.4)."""
    return [(color, sq) for _, color, sq, _, is_armed, entered in engine.reserves()
            if is_armed and not entered]


def _initial_armed_seen(engine: Engine) -> tuple[frozenset[int], frozenset[int]]:
    """The initial position is public (R10): each side knows which enemy reserves are armed."""
    armed = _armed_reserves(engine)
    black, white = (frozenset(sq for color, sq in armed if color != side) for side in (0, 1))
    return black, white


def _update_armed_seen(engine: Engine, previous: tuple) -> tuple:
    """Per side, the enemy activation squares it has seen armed (R8.4): those where it sees, at
    the end of this action, an enemy piece standing on the Ground. A reserve armed by a piece
    this side could not see stays unknown to it."""
    armed = _armed_reserves(engine)
    if not armed:
        return previous
    out = []
    for side in (0, 1):
        known = previous[side]
        new = [sq for color, sq in armed
               if color != side and sq not in known
               and any(engine.piece(q).color == color and engine.can_see(side, q)
                       for q in engine.occupants(sq, 0))]
        out.append(known | frozenset(new) if new else known)
    return tuple(out)


def _swept_by(events: list[EventRecord], turn: int, swept: tuple[dict, dict, dict]
              ) -> tuple[dict, dict, dict]:
    """`swept` (Entry.swept) with the squares and levels the action's weapons went through
    marked with `turn`: where its projectiles were created (R7.6) or flew in (R7.7), where its
    Flames burned (R7.1, in the firer's side's map). The maps it changes are new dicts, the
    others are shared: an action costs the same in a long game."""
    out = list(swept)
    fresh = [False, False, False]
    for e in events:
        if e.kind == EV_PROJECTILE or (e.kind == EV_SWEPT and e.info != FLAME):
            which = 0
        elif e.kind == EV_SWEPT:
            which = 1 + e.color
        else:
            continue
        if not fresh[which]:
            out[which], fresh[which] = dict(out[which]), True
        out[which][(*square_of(e.sq), rules.LEVELS[e.level])] = turn
    return (out[0], out[1], out[2]) if any(fresh) else swept


def _dozes_by(entry: Entry, turn: int, dozes: tuple[dict, dict]) -> tuple[dict, dict]:
    """`dozes` (Entry.dozes) with the doze of `entry`, if it is one that happened, added for
    each side whose record names it (R12.3: a side that sees the Dozer reads its way and the
    dozed squares by the pieces it saw there, each a neighbour of the Dozer's square):
    square -> ((turn, row step, col step), ...), oldest first. A doze that stopped moved
    nothing (R4.11.1). The maps it changes are new dicts (at most one key per square), the
    others shared."""
    if entry.name != "DOZE" or any(e.kind == EV_STOPPED for e in entry.events):
        return dozes
    dozer = entry.raw.pid
    origin = square_of(entry.pieces[dozer].sq)
    dest = square_of(entry.raw.dest)
    step = (turn, dest[0] - origin[0], dest[1] - origin[1])
    out = list(dozes)
    for side in (0, 1):
        if not entry.sees(dozer, side):
            continue  # its record reads "MV:?"
        squares = {square_of(entry.pieces[q].sq) for q in entry.dozed if entry.sees(q, side)}
        if squares:
            out[side] = {**dozes[side],
                         **{sq: dozes[side].get(sq, ()) + (step,) for sq in squares}}
    return (out[0], out[1])


def observed(engine: Engine, knowledge: Knowledge, color: str, pos: dict[str, Any],
             projectiles: list[ProjectileInfo], knows_enemy_primary_lost: bool
             ) -> dict[str, Any]:
    """What `color` may know now (R10.6), as `Observation`'s fields: `pos` (the game's position,
    left as it is) restricted to its view, the pieces and projectiles it sees, its last
    sightings, the weapons' sweeps and the dozes it knows."""
    side = rules.COLORS.index(color)
    visible = set(engine.visible(side))
    ids = [raw.pid for raw in engine.pieces()]
    position = observed_position(engine, knowledge, color, pos, knows_enemy_primary_lost,
                                 visible, ids)
    infos = [piece_info(engine.piece(pid)) for pid in ids if pid in visible]
    seen_projectiles = []
    for p in projectiles:
        target = p.target
        if target is not None and not any((q.row, q.col, q.level) == target for q in infos):
            target = None
        seen_projectiles.append(ProjectileInfo(p.kind, p.square, p.level, p.direction, target,
                                               p.strength, p.owner))
    last = sorted((s for pid, s in knowledge.seen[side].items() if pid not in visible),
                  key=lambda s: s.marker)
    return {"position": position, "pieces": infos, "projectiles": seen_projectiles,
            "last_seen": last, "sweeps": (knowledge.swept[0], knowledge.swept[1 + side]),
            "dozes": knowledge.dozes[side]}


def observed_position(engine: Engine, knowledge: Knowledge, color: str, pos: dict[str, Any],
                      knows_enemy_primary_lost: bool, visible: set[int], ids: list[int]
                      ) -> dict[str, Any]:
    """`Observation.position()` of `color`: the game's position `pos` (`position_dict`, left
    as it is: the two sides' views can be made from one) restricted to what it sees, `visible`
    (its piece ids), `ids` being the ids of `pos`'s pieces in order. A new dict; the values it
    does not restrict are `pos`'s own."""
    keep = [i for i, pid in enumerate(ids) if pid in visible]
    new_index = {old: new for new, old in enumerate(keep)}
    all_pieces = pos["pieces"]
    pieces = [seen_entry(engine, all_pieces[old], ids[old], color, visible, new_index)
              for old in keep]
    return observed_around(knowledge, color, pos, pieces, new_index, knows_enemy_primary_lost)


def seen_entry(engine: Engine, entry: dict[str, Any], pid: int, color: str, visible: set[int],
               new_index: dict[int, int]) -> dict[str, Any]:
    """What `color` is shown of piece `pid`, which it sees (`visible`): its entry of the
    position (`position_dict`'s, left as it is) with an enemy piece's secrets left out and an
    own piece's locks as indices of the view's pieces (`new_index`: position index -> view
    index)."""
    if entry["color"] != color:  # an enemy piece it sees: what it knows of it
        entry = {**entry, "locks": [], "revealed": REVEALED_FOR_GOOD}
        level = entry["level"]
        if level != "G" and _TYPE_LEVEL[entry["type"]] != level and not entry["journey"]:
            raw = engine.piece(pid)  # carried at Air/Sub: is its carrier in view?
            if not any(q in visible and q != pid for q in engine.occupants(raw.sq, raw.level)):
                entry["held"] = True  # its carrier is hidden: something holds it there
    elif entry["locks"]:  # its own piece's locks, as indices of this view's pieces
        entry = {**entry, "locks": [new_index.get(t) for t in entry["locks"]]}
    return entry


def observed_around(knowledge: Knowledge, color: str, pos: dict[str, Any],
                    pieces: list[dict[str, Any]], new_index: dict[int, int],
                    knows_enemy_primary_lost: bool) -> dict[str, Any]:
    """`color`'s view of the position `pos` (left as it is) with these piece entries
    (`new_index`: position index -> view index): the projectiles' targets, the turn state and
    the reserves as it may know them. A new dict; the values it does not restrict are `pos`'s
    own."""
    side = rules.COLORS.index(color)
    out = dict(pos)  # the same keys in the same order; the restricted ones replaced
    out["pieces"] = pieces
    out["projectiles"] = [{**proj, "target": new_index.get(proj["target"])
                           if proj["target"] is not None else None}
                          for proj in pos["projectiles"]]
    # whether something was destroyed this turn could tell of a hidden piece's end (R10.6)
    turn_state = out["turn_state"] = {**pos["turn_state"], "violent": False}
    enemy = rules.COLORS[1 - side]
    if not knows_enemy_primary_lost:
        turn_state["primary_lost"] = {**turn_state["primary_lost"], enemy: 0}
    # armed: True where this side saw it armed (R8.4), else unknown (None)
    seen_armed = knowledge.armed_seen[side]
    out["enemy_reserves"] = [{"type": None, "color": r["color"], "square": r["square"],
                              "hand": None,
                              "armed": True if square_index(*r["square"]) in seen_armed
                              else None, "entered": r["entered"]}
                             for r in pos["reserves"] if r["color"] != color]
    out["reserves"] = [r for r in pos["reserves"] if r["color"] == color]
    return out


def _forget_captured(seen: dict[int, LastSeen], pid: int, raw: PieceRecord) -> None:
    """Forget a hidden enemy piece the side captured unseen (R4.2.3). Its history names only the
    type and the square, so the sighting forgotten is the one that the side itself would pick:
    among the sightings of that type (or of a reserve that entered unseen, type unknown), the
    nearest to the square (then a typed one, then the older marker). When that is not the
    captured piece's own sighting, the living piece inherits the sighting that stays: what the
    side is told is the same whichever of two alike pieces it met."""
    info = piece_info(raw)
    square = (info.row, info.col)
    candidates = [(max(abs(s.square[0] - square[0]), abs(s.square[1] - square[1])),
                   s.type is None, s.marker, key) for key, s in seen.items()
                  if s.type in (info.type, None)]
    if not candidates:
        seen.pop(pid, None)
        return
    chosen = min(candidates)[3]
    if chosen != pid:
        seen[chosen] = seen[pid]  # the living piece, known by the sighting that stays
    del seen[pid]


def _sighting(raw: PieceRecord, turn: int, *, known: bool, markers: "Markers | None" = None
              ) -> LastSeen:
    info = piece_info(raw)
    marker = raw.pid if markers is None else markers.of(raw.pid)
    return LastSeen(marker, info.type if known else None, info.color, (info.row, info.col),
                    info.level if known else "G", turn)


class Markers:
    """The marker of a new sighting of piece id `pid` (`of`): the id itself in a game played
    from its start; in a game loaded from a position whose `sightings` name them, the id each
    piece had in the game the position was taken from (`ids`, by the position's piece order;
    a piece that enters later counts on from `next`), so a copy by position marks its sightings
    as the game copied does. Never changed in place."""

    __slots__ = ("ids", "next")

    def __init__(self, ids: tuple[int, ...] | None = None, next_id: int = 0) -> None:
        self.ids = ids
        self.next = next_id

    def of(self, pid: int) -> int:
        if self.ids is None:
            return pid
        return self.ids[pid] if pid < len(self.ids) else self.next + pid - len(self.ids)


def _restored(known: tuple) -> tuple[Sightings, tuple[frozenset[int], frozenset[int]], Markers]:
    """The knowledge a position's "sightings" hold (parsed by wec.game.position): the last
    sightings by piece id (a loaded position's piece ids are its indices; a sighting of a piece
    no longer on the board is kept under a negative key: its side still thinks it there), the
    activation squares seen armed, and the markers of new sightings."""
    seen: tuple[dict[int, LastSeen], dict[int, LastSeen]] = ({}, {})
    armed = []
    sides, ids, next_id = known
    for side, (entries, squares) in enumerate(sides):
        gone = 0
        enemy = rules.COLORS[1 - side]
        for marker, index, code, sq, level, turn in entries:
            if index is None:
                gone += 1
            key = -gone if index is None else index
            seen[side][key] = LastSeen(marker, code, enemy, square_of(sq), rules.LEVELS[level],
                                       turn)
        armed.append(squares)
    markers = Markers() if ids is None else Markers(tuple(ids), next_id)
    return seen, (armed[0], armed[1]), markers


def sightings_data(engine: Engine, knowledge: Knowledge, hidden: bool) -> dict[str, Any] | None:
    """The position format's "sightings" (docs/FORMATS.md) of what each side knows now, or
    None when a position without them gives the same (each hidden piece known where it stands
    now, every armed enemy reserve known, new sightings marked by piece id): old positions read
    and write as before. `hidden`: pieces may be hidden in this game (R10.0); if not, no
    sighting is ever made, so their markers are not written."""
    pids = [raw.pid for raw in engine.pieces()]
    index_of = {pid: i for i, pid in enumerate(pids)}
    markers = knowledge.markers
    written = _written(knowledge.seen, knowledge.armed_seen, index_of)
    public = _written(_initial_sightings(engine, knowledge.vis, markers),
                      _initial_armed_seen(engine), index_of)
    ids = [markers.of(pid) for pid in pids]
    next_id = markers.of(int(engine.n_pieces))
    plain = ids == list(range(len(ids))) and next_id == len(ids)
    if written == public and (plain or not hidden):
        return None
    if hidden and not plain:
        written["markers"] = ids
        written["next_marker"] = next_id
    return written


def _written(seen: Sightings, armed: tuple, index_of: dict[int, int]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for side, color in enumerate(rules.COLORS):
        entries = [{"marker": s.marker, "piece": index_of.get(pid) if pid >= 0 else None,
                    "type": s.type, "square": list(s.square), "level": s.level, "turn": s.turn}
                   for pid, s in seen[side].items()]
        out[color] = {"pieces": sorted(entries, key=lambda e: e["marker"]),
                      "armed_reserves": sorted(list(square_of(sq)) for sq in armed[side])}
    return out


def changed_ids(old: bytes, new: bytes) -> list[int]:
    """The piece ids whose byte differs (a longer mask: new pieces count as changed)."""
    n = min(len(old), len(new))
    out = [i for i in range(n) if old[i] != new[i]]
    out += range(n, max(len(old), len(new)))
    return out
