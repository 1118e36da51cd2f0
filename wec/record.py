"""The game record of a `Game` (RULES.md R12.2, R12.3): each action's part as each side may read
it, the results it caused, and the turn strings built from them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import rules
from .action import Action, LEVEL_MARK
from .errors import IllegalActionError
from .coredata import (ACT_DOZE, ACT_DROP, ACT_END, ACT_EXCHANGE, ACT_FIRE, ACT_MOVE,
                     ACT_PICKUP, ACT_REINFORCE, CAUSE_CAPTURE, EV_CONVERTED, EV_ENTERED,
                     EV_PROJECTILE, EV_REMOVED, EV_STOPPED, EV_STUNNED, KILL_KIND,
                     PROJECTILE_LETTER, Texts, piece_info)
from .position import square_of


class RecordKeeping:
    """Mixin of `Game`: keeps `_parts`, one entry per applied action."""

    _engine: Any
    _parts: list
    _competitive: bool

    if TYPE_CHECKING:  # provided by Game
        @property
        def result(self) -> str | None: ...

    # --- the record (RULES.md R12.2) -------------------------------------------------------------

    def _record(self, action: Action, raw: tuple, before: dict[int, tuple],
                seen_before: list[set[int]]) -> None:
        """Keep each action's R12.2 part as each side may read it, and the results it caused."""
        kind, pid, dest, dlevel, passenger, *_, target = raw
        seen_after = [set(self._engine.visible(0)), set(self._engine.visible(1))]
        mover_side = self._engine.side if kind != ACT_END else 1 - self._engine.side

        def sees(who: int, side: int) -> bool:
            """The owner, or a side that saw the piece before or after the action."""
            owner = before[who][2] if who in before else self._engine.piece(who)[2]
            return side == owner or who in seen_before[side] or who in seen_after[side]

        def readers(who: int) -> frozenset[int]:
            return frozenset(s for s in (0, 1) if sees(who, s))

        texts = Texts(before, self._engine)

        def part_for(side: int | None) -> str | None:
            """The action's part as `side` may read it (None: in full); None if hidden."""
            def shown(who: int) -> bool:
                return side is None or sees(who, side)

            if kind in (ACT_MOVE, ACT_DOZE):
                if not shown(pid):
                    return "MV:?"
                r, c = square_of(dest)
                text = f"MV:{texts[pid]}->{LEVEL_MARK[rules.LEVELS[dlevel]]}({r},{c})"
                if kind == ACT_MOVE and passenger >= 0 and shown(passenger):
                    text += "-TRA->" + texts[passenger]
                if kind == ACT_DOZE:
                    partner = piece_info(before[passenger])
                    code = partner.type if shown(passenger) else "?"
                    text += f",DO>({r},{c}){code}({partner.row},{partner.col})"
                    for q in self._dozed(action, before):
                        if shown(q):
                            info = piece_info(before[q])
                            text += f",{info.type}({info.row},{info.col})"
                return text
            if kind == ACT_REINFORCE:
                entered = [e[1] for e in self._engine.events() if e[0] == EV_ENTERED]
                return "," + str(action) if not entered or shown(entered[0]) else None
            if kind == ACT_END or not shown(pid):
                return None
            if kind == ACT_FIRE:
                return str(action)[3:]  # FireArt "/" Piece ...
            if kind == ACT_PICKUP:
                return f",PU:{texts[pid]}^{action.article}"
            if kind == ACT_DROP:
                return f",DR:{texts[pid]}v{action.article}"
            if kind == ACT_EXCHANGE:
                if shown(target):
                    return "," + str(action)
                back = f"<=>{action.swap}" if action.swap else ""
                return f",EX:{texts[pid]}->{action.article}{back}->?"
            return None

        results: list[tuple[str, frozenset[int]]] = []
        for ev, epid, sq, level, info, color in self._engine.events():
            r, c = square_of(sq)
            side = "B" if color == 0 else "W"
            if ev == EV_PROJECTILE:  # projectiles are seen by both sides (R10.6)
                results.append((f"{PROJECTILE_LETTER[info]}->({r},{c})", frozenset((0, 1))))
                continue
            text = texts[epid]
            who = readers(epid)
            if ev == EV_REMOVED:
                if info == CAUSE_CAPTURE:  # R4.2.3: the capturer learns what it met
                    who = who | {mover_side}
                results.append((f"{KILL_KIND.get(info, 'X')}*{text}{side}", who))
            elif ev == EV_STUNNED:
                results.append((f"STK*{text}{side}{info}", who))
            elif ev == EV_CONVERTED:
                results.append((f"CK*{text}{side}", who))
            elif ev in (EV_ENTERED, EV_STOPPED):
                code = rules.PIECE_TYPES[self._engine.piece(epid)[1]].code
                results.append((f"{code}->({r},{c})", who))
        parts = {None: part_for(None), 0: part_for(0), 1: part_for(1)}
        name = action.kind.upper() if kind != ACT_FIRE else "FIRE"
        self._parts.append((name, results, parts))

    def _dozed(self, action: Action, before: dict[int, tuple]) -> list[int]:
        """The pieces of the doze group (R4.11), in group order."""
        out = []
        for gr, gc in action.group:
            for raw in sorted(before.values()):
                info = piece_info(raw)
                if (info.row, info.col, info.level) == (gr, gc, "G"):
                    out.append(raw[0])
        return out

    def history(self, color: str | None = None) -> list[str]:
        """One RULES.md R12.2 turn string per finished turn (actions in the fixed order).

        With `color`, the history as that side may read it: a hidden piece's Move shows as
        `MV:?`, its other actions and the results nobody of that side could see are left out
        (R12.3). A competitive game shows the full history only once it is over.
        """
        if color is None and self._competitive and self.result is None:
            raise IllegalActionError("a competitive game shows each side its own history "
                                     "until the game ends (R12.3): history(color)")
        reader = None if color is None else rules.COLORS.index(color)
        turns: list[str] = []
        current: list = []
        for entry in self._parts:
            current.append(entry)
            if entry[0] in ("END", "RESIGN", "DRAW"):
                turns.append(self._turn_string(current, reader))
                current = []
        return turns

    @staticmethod
    def _turn_string(parts: list, reader: int | None) -> str:
        order = {"MOVE": 0, "DOZE": 0, "FIRE": 1, "PICKUP": 2, "EXCHANGE": 3, "REINFORCE": 4,
                 "DROP": 5}
        readable = [(kind, texts[reader]) for kind, _, texts in parts
                    if kind in order and texts[reader] is not None]
        text = ""
        fires = 0
        for kind, part in sorted(readable, key=lambda e: order[e[0]]):
            if kind == "FIRE":
                fires += 1
                text += f",FI{fires}:{part}"
            else:
                text += part
        results = [r for _, res, _ in parts for r, who in res if reader is None or reader in who]
        if results:
            text += ",RS:" + ",".join(results)
        if parts and parts[-1][0] in ("RESIGN", "DRAW"):
            text += ("," if text else "") + parts[-1][0]
        return text

