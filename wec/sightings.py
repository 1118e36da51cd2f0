"""What each side of a `Game` sees (RULES.md R10): observations, last sightings, competitive
mode."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from . import rules
from .action import PieceInfo, ProjectileInfo
from .errors import IllegalActionError
from .observation import REVEALED_FOR_GOOD, LastSeen, Observation
from .coredata import piece_info
from .position import square_index

if TYPE_CHECKING:
    from .game import Game


class Sightings:
    """Mixin of `Game`: visibility, observations and the last sighting of each enemy piece."""

    _engine: Any
    _competitive: bool
    _seen_stack: list

    if TYPE_CHECKING:  # provided by Game
        @property
        def turn(self) -> int: ...
        def position(self) -> dict[str, Any]: ...
        def projectiles(self) -> list[ProjectileInfo]: ...
        def history(self, color: str | None = None) -> list[str]: ...

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

    def _colors(self) -> dict[int, int]:
        return {raw[0]: raw[2] for raw in self._engine.pieces()}

    def _sightings(self, previous: dict[int, dict[int, LastSeen]], prev_colors: dict[int, int],
                   seen_before: list[set[int]], *,
                   everything: bool = False) -> dict[int, dict[int, LastSeen]]:
        """Per side, the last sighting of each enemy piece: a piece seen now gets a fresh
        record; a hidden one keeps its record; one that was the side's own until now (converted)
        is known where it stands; a reserve that entered unseen is known only as "a piece" on
        its activation square. A piece the side saw being removed is forgotten."""
        out = {}
        turn = self.turn
        alive = {raw[0] for raw in self._engine.pieces()}
        for side in (0, 1):
            seen = dict(previous[side])
            visible = set(self._engine.visible(side))
            for pid in list(seen):
                if pid not in alive and pid in seen_before[side]:
                    del seen[pid]  # it was removed in plain sight
            for raw in self._engine.pieces():
                pid, color = raw[0], raw[2]
                if color == side:
                    seen.pop(pid, None)  # own (or converted to own)
                    continue
                if not (everything or pid in visible or pid not in seen):
                    continue
                info = piece_info(raw)
                known = everything or pid in visible or prev_colors.get(pid) == side
                seen[pid] = LastSeen(pid, info.type if known else None, info.color,
                                     (info.row, info.col), info.level if known else "G", turn)
            out[side] = seen
        return out

    def observation(self, color: str) -> Observation:
        """What `color` may know now (R10.6): own pieces, the enemy pieces it sees, all ground
        articles, projectiles, enemy reserves as markers, its history, its last sightings."""
        if color not in rules.COLORS:
            raise IllegalActionError(f"observation: {color!r} is not black or white")
        side = rules.COLORS.index(color)
        pos = self.position()
        visible = set(self._engine.visible(side))
        ids = [raw[0] for raw in self._engine.pieces()]
        keep = [i for i, pid in enumerate(ids) if pid in visible]
        new_index = {old: new for new, old in enumerate(keep)}
        pieces = []
        for old in keep:
            entry = pos["pieces"][old]
            if entry["color"] != color:  # an enemy piece it sees: what it knows of it
                entry = {**entry, "locks": [], "revealed": REVEALED_FOR_GOOD}
                raw = self._engine.piece(ids[old])
                ptype = rules.PIECE_TYPES[raw[1]]
                if raw[5] != 0 and rules.LEVELS.index(ptype.level) != raw[5] and \
                        not entry["journey"] and not any(
                            q in visible and q != ids[old]
                            for q in self._engine.occupants(raw[4], raw[5])):
                    entry["held"] = True  # its carrier is hidden: something holds it there
            else:
                entry = {**entry, "locks": [new_index.get(t) for t in entry["locks"]]}
            pieces.append(entry)
        pos["pieces"] = pieces
        for proj in pos["projectiles"]:
            proj["target"] = new_index.get(proj["target"]) if proj["target"] is not None else None
        # whether something was destroyed this turn could tell of a hidden piece's end (R10.6)
        pos["turn_state"]["violent"] = False
        pos["enemy_reserves"] = [{"type": None, "color": r["color"], "square": r["square"],
                                  "hand": None, "armed": None, "entered": r["entered"]}
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
        last = [s for pid, s in sorted(self._seen_stack[-1][side].items())
                if pid not in visible]
        return Observation(cast("Game", self), color, position=pos, pieces=infos, projectiles=projectiles,
                           history=self.history(color), last_seen=last)

