"""What each side of a `Game` sees (RULES.md R10): observations, last sightings, competitive
mode."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from wec import rules
from wec.game.action import PieceInfo, ProjectileInfo
from wec.game.errors import IllegalActionError
from wec.game.observation import REVEALED_FOR_GOOD, LastSeen, Observation
from wec.game.coredata import PieceRecord, piece_info
from wec.game.position import square_index

if TYPE_CHECKING:
    from wec.game.game import Game


class Sightings:
    """Mixin of `Game`: visibility, observations and the last sighting of each enemy piece."""

    _engine: Any
    _competitive: bool
    _seen: tuple
    _armed_seen: tuple
    _vis: tuple[bytes, bytes]
    _swept: tuple[dict, dict, dict]

    if TYPE_CHECKING:  # provided by Game
        @property
        def turn(self) -> int: ...
        def position(self) -> dict[str, Any]: ...
        def projectiles(self) -> list[ProjectileInfo]: ...
        def history(self, color: str | None = None) -> list[str]: ...
        def _knows_enemy_primary_lost(self, side: int) -> bool: ...

    # --- hidden information (R10) ----------------------------------------------------------------

    @property
    def competitive(self) -> bool:
        """R12.3: no undo; each side's history hides what it could not see."""
        return self._competitive

    def set_competitive(self) -> None:
        """Switch the game to competitive mode (R12.3); it cannot be switched back."""
        self._competitive = True

    def can_see(self, color: str, row: int, col: int, level: str) -> list[PieceInfo]:
        """The pieces at that level of that square that `color` can see."""
        side = rules.COLORS.index(color)
        s = square_index(row, col)
        return [piece_info(self._engine.piece(pid))
                for pid in self._engine.occupants(s, rules.LEVELS.index(level))
                if self._engine.can_see(side, pid)]

    def _initial_sightings(self) -> tuple[dict[int, LastSeen], dict[int, LastSeen]]:
        """The initial position is public (R10): each side knows where every enemy piece it
        cannot see stands."""
        out: tuple[dict[int, LastSeen], dict[int, LastSeen]] = ({}, {})
        turn = self.turn
        for side in (0, 1):
            visible = self._vis[side]
            for raw in self._engine.pieces():
                if raw.color != side and not visible[raw.pid]:
                    out[side][raw.pid] = _sighting(raw, turn, known=True)
        return out

    def _update_sightings(self, previous: tuple, vis_before: tuple[bytes, bytes],
                          vis_after: tuple[bytes, bytes], before: dict[int, PieceRecord],
                          turn_before: int, n_before: int,
                          captures: tuple[tuple[int, ...], int] = ((), -1)) -> tuple:
        """Per side, the last sighting of each enemy piece it cannot see now: a piece that
        disappears from view is known where it stood before this action; one that was the
        side's own until now (converted) is known where it stands; a reserve that entered unseen
        is known only as "a piece" on its activation square; a piece in view again, or removed
        in plain sight, is forgotten; a hidden piece the mover met and captured (R4.2.3, its
        history names it: `captures` = (the removed pieces, the mover)) is forgotten by the
        mover (_forget_captured). Only the pieces whose view changed are looked at."""
        out = []
        captured, mover = captures
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
                if not self._engine.is_alive(pid):
                    continue  # removed: known gone if it was in view, else its record stays
                raw_now = self._engine.piece(pid)
                if pid >= n_before:  # entered unseen (R8.4)
                    seen[pid] = _sighting(raw_now, self.turn, known=False)
                elif before[pid].color == side:  # converted away from this side (R7.5)
                    seen[pid] = _sighting(raw_now, self.turn, known=True)
                else:  # went out of view: where it stood before this action
                    seen[pid] = _sighting(before[pid], turn_before, known=True)
            out.append(seen)
        return tuple(out)

    def _armed_reserves(self) -> list[tuple[int, int]]:
        """(colour, activation square) of each reserve armed and not yet entered (R8.4)."""
        return [(color, sq) for _, color, sq, _, is_armed, entered in self._engine.reserves()
                if is_armed and not entered]

    def _initial_armed_seen(self) -> tuple[frozenset[int], frozenset[int]]:
        """The initial position is public (R10): each side knows which enemy reserves are armed."""
        armed = self._armed_reserves()
        black, white = (frozenset(sq for color, sq in armed if color != side) for side in (0, 1))
        return black, white

    def _update_armed_seen(self, previous: tuple) -> tuple:
        """Per side, the enemy activation squares it has seen armed (R8.4): those where it sees,
        at the end of this action, an enemy piece standing on the Ground. A reserve armed by a
        piece this side could not see stays unknown to it."""
        engine = self._engine
        armed = self._armed_reserves()
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

    def observation(self, color: str) -> Observation:
        """What `color` may know now (R10.6): own pieces, the enemy pieces it sees, all ground
        articles, projectiles, enemy reserves as markers, its history, its last sightings."""
        if color not in rules.COLORS:
            raise IllegalActionError(f"observation: {color!r} is not black or white")
        side = rules.COLORS.index(color)
        pos = self.position()
        visible = set(self._engine.visible(side))
        ids = [raw.pid for raw in self._engine.pieces()]
        keep = [i for i, pid in enumerate(ids) if pid in visible]
        new_index = {old: new for new, old in enumerate(keep)}
        pieces = []
        for old in keep:
            entry = pos["pieces"][old]
            if entry["color"] != color:  # an enemy piece it sees: what it knows of it
                entry = {**entry, "locks": [], "revealed": REVEALED_FOR_GOOD}
                raw = self._engine.piece(ids[old])
                ptype = rules.PIECE_TYPES[raw.type]
                if raw.level != 0 and rules.LEVELS.index(ptype.level) != raw.level and \
                        not entry["journey"] and not any(
                            q in visible and q != ids[old]
                            for q in self._engine.occupants(raw.sq, raw.level)):
                    entry["held"] = True  # its carrier is hidden: something holds it there
            else:
                entry = {**entry, "locks": [new_index.get(t) for t in entry["locks"]]}
            pieces.append(entry)
        pos["pieces"] = pieces
        for proj in pos["projectiles"]:
            proj["target"] = new_index.get(proj["target"]) if proj["target"] is not None else None
        # whether something was destroyed this turn could tell of a hidden piece's end (R10.6)
        pos["turn_state"]["violent"] = False
        enemy = rules.COLORS[1 - side]
        if not self._knows_enemy_primary_lost(side):
            pos["turn_state"]["primary_lost"][enemy] = 0
        # armed: True where this side saw it armed (R8.4), else unknown (None)
        seen_armed = self._armed_seen[side]
        pos["enemy_reserves"] = [{"type": None, "color": r["color"], "square": r["square"],
                                  "hand": None,
                                  "armed": True if square_index(*r["square"]) in seen_armed
                                  else None, "entered": r["entered"]}
                                 for r in pos["reserves"] if r["color"] != color]
        pos["reserves"] = [r for r in pos["reserves"] if r["color"] == color]
        infos = [piece_info(self._engine.piece(pid)) for pid in ids if pid in visible]
        projectiles = []
        for p in self.projectiles():
            target = p.target
            if target is not None and not any((q.row, q.col, q.level) == target for q in infos):
                target = None
            projectiles.append(ProjectileInfo(p.kind, p.square, p.level, p.direction, target,
                                              p.strength, p.owner))
        last = [s for pid, s in sorted(self._seen[side].items()) if pid not in visible]
        return Observation(cast("Game", self), color, position=pos, pieces=infos, projectiles=projectiles,
                           history=self.history(color), last_seen=last,
                           sweeps=(self._swept[0], self._swept[1 + side]))



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


def _sighting(raw: PieceRecord, turn: int, *, known: bool) -> LastSeen:
    info = piece_info(raw)
    return LastSeen(raw.pid, info.type if known else None, info.color, (info.row, info.col),
                    info.level if known else "G", turn)


def changed_ids(old: bytes, new: bytes) -> list[int]:
    """The piece ids whose byte differs (a longer mask: new pieces count as changed)."""
    n = min(len(old), len(new))
    out = [i for i in range(n) if old[i] != new[i]]
    out += range(n, max(len(old), len(new)))
    return out
