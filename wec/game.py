"""`Game`: the facade over the Cython core (API.md)."""
from __future__ import annotations

import copy
import os
from typing import Any, Iterable, Mapping

from . import rules
from ._core.engine import Engine
from .action import Action, PieceInfo, parse_action, piece_text, LEVEL_MARK
from .errors import IllegalActionError, PositionError
from .options import Options
from .position import (load_position_file, parse_position, position_dict, square_index,
                       square_of)

ACT_MOVE, ACT_DOZE, ACT_END = 0, 1, 2
RESULT_NAMES = {-1: None, 0: "black", 1: "white", 2: "draw"}


def _piece_info(raw: tuple) -> PieceInfo:
    pid, t, color, hand, sq, level, arts, stun, home, icool = raw
    row, col = square_of(sq)
    cooldowns: dict[str, int] = {}
    for kind, cool in list(arts) + list(icool.items()):
        if cool:
            code = rules.ARTICLES[kind - 1]
            cooldowns[code] = max(cooldowns.get(code, 0), cool)
    articles = tuple(sorted((rules.ARTICLES[k - 1] for k, _ in arts),
                            key=rules.ARTICLE_INDEX.__getitem__))
    return PieceInfo(rules.PIECE_TYPES[t].code, rules.COLORS[color], row, col, rules.LEVELS[level],
                     rules.HANDS[hand], articles, stun, cooldowns, bool(home))


class Game:
    """One game of Weapon Chess: state, legal actions, make/undo, and the record of turns."""

    def __init__(self, options: Options, data: dict[str, Any]) -> None:
        self._options = options
        self._engine = Engine()
        self._engine.configure(options)
        try:
            self._engine.load(data)
        except ValueError as e:
            raise PositionError(str(e)) from None
        problems = self._engine.check()
        if problems:
            raise PositionError("; ".join(problems))
        self._initial = position_dict(self._engine, options)
        self._actions: list[str] = []
        self._parts: list[str | None] = []  # per applied action: its R12.2 part, None for END
        self._legal_cache: tuple[int, int, list[tuple[Action, tuple]]] | None = None

    # --- construction ----------------------------------------------------------------------------

    @classmethod
    def new(cls, options: Options | None = None) -> "Game":
        """The standard set-up (R2.5, R5.4, R8.5) with these options; Black to move."""
        options = options or Options()
        pos = rules.standard_position(options.government_black, options.government_white)
        pos["options"] = options.changes()
        return cls.from_position(pos)

    @classmethod
    def from_position(cls, pos: Mapping[str, Any] | str | os.PathLike[str]) -> "Game":
        """A game from a position dict or a position file path (API.md format)."""
        if isinstance(pos, (str, os.PathLike)):
            pos = load_position_file(pos)
        options, data = parse_position(pos)
        return cls(options, data)

    def clone(self) -> "Game":
        """An independent copy with the same initial position and action record (undo works)."""
        other = Game.from_position(self._initial)
        for text in self._actions:
            other.apply(text)
        return other

    # --- reading ---------------------------------------------------------------------------------

    @property
    def options(self) -> Options:
        return self._options

    @property
    def to_move(self) -> str:
        return rules.COLORS[self._engine.side]

    @property
    def turn(self) -> int:
        return int(self._engine.turn)

    @property
    def result(self) -> str | None:
        """None while the game goes on, else "black", "white" or "draw" (R11)."""
        return RESULT_NAMES[self._engine.result]

    def is_game_over(self) -> bool:
        return self.result is not None

    @property
    def moved(self) -> bool:
        """The side to move has made this turn's Move (R6.1)."""
        return bool(self._engine.moved)

    @property
    def hash(self) -> int:
        """The incremental Zobrist hash of the state."""
        return int(self._engine.hash)

    def position(self) -> dict[str, Any]:
        """The position as an API.md dict; ``Game.from_position(game.position())`` is equal."""
        return position_dict(self._engine, self._options)

    def initial_position(self) -> dict[str, Any]:
        return copy.deepcopy(self._initial)

    def actions(self) -> list[str]:
        """Texts of every action applied since the initial position."""
        return list(self._actions)

    def pieces(self, color: str | None = None) -> list[PieceInfo]:
        infos = [_piece_info(raw) for raw in self._engine.pieces()]
        return [p for p in infos if color is None or p.color == color]

    def pieces_at(self, row: int, col: int, level: str | None = None) -> list[PieceInfo]:
        s = square_index(row, col)
        levels = rules.LEVELS if level is None else (level,)
        out = []
        for lvl in levels:
            for pid in self._engine.occupants(s, rules.LEVELS.index(lvl)):
                out.append(_piece_info(self._engine.piece(pid)))
        return out

    def articles_at(self, row: int, col: int) -> tuple[str, ...]:
        s = square_index(row, col)
        return tuple(rules.ARTICLES[k - 1] for sq, k, _ in self._engine.articles() if sq == s)

    def projectiles(self) -> list[Any]:
        """Projectiles in flight (Fire arrives with the second engine issue: none yet)."""
        return []

    def history(self) -> list[str]:
        """One RULES.md R12.2 turn string per finished turn."""
        turns: list[str] = []
        parts: list[str] = []
        for part in self._parts:
            if part is None:
                turns.append("".join(parts))
                parts = []
            else:
                parts.append(part)
        return turns

    def check(self) -> list[str]:
        """The core's consistency checker: a list of problems, empty when the state is sound."""
        return list(self._engine.check())

    # --- actions ---------------------------------------------------------------------------------

    def _legal(self) -> list[tuple[Action, tuple]]:
        key = (self._engine.n_actions, self._engine.hash)
        if self._legal_cache is None or self._legal_cache[:2] != key:
            raws = self._engine.legal()
            self._legal_cache = (key[0], key[1], [(self._to_action(r), r) for r in raws])
        return self._legal_cache[2]

    def _to_action(self, raw: tuple) -> Action:
        kind, pid, dest, dlevel, passenger, path, group, direction = raw
        if kind == ACT_END:
            return Action("end")
        me = _piece_info(self._engine.piece(pid))
        origin = (me.row, me.col, me.level)
        dr, dc = square_of(dest)
        if kind == ACT_MOVE:
            carried = None
            if passenger >= 0:
                carried = _piece_info(self._engine.piece(passenger)).text()
            return Action("move", me.type, origin, (dr, dc, rules.LEVELS[dlevel]),
                          passenger=passenger >= 0, hand=me.hand, articles=me.articles,
                          carried=carried)
        squares = []
        for d in range(8):
            if (group >> d) & 1:
                ddr, ddc = rules.DIRECTIONS[d]
                squares.append((me.row + ddr, me.col + ddc))
        return Action("doze", me.type, origin, (dr, dc, "G"), group=tuple(sorted(squares)),
                      hand=me.hand, articles=me.articles)

    def legal_actions(self) -> list[Action]:
        """Everything the side to move may do now (this milestone: Move, Doze, End Turn)."""
        return [a for a, _ in self._legal()]

    def legal_moves(self) -> list[Action]:
        """The Move and Doze actions among the legal actions."""
        return [a for a, _ in self._legal() if a.kind in ("move", "doze")]

    def is_legal(self, action: Action | str) -> bool:
        try:
            self._find(action)
        except IllegalActionError:
            return False
        return True

    def _find(self, action: Action | str) -> tuple[Action, tuple]:
        if self.result is not None:
            raise IllegalActionError(f"the game is over ({self.result}): {action}")
        wanted = parse_action(action) if isinstance(action, str) else action
        if not isinstance(wanted, Action):
            raise IllegalActionError(f"expected an Action or its text, got {action!r}")
        legal = self._legal()
        text = str(wanted)
        for a, raw in legal:
            if str(a) == text:
                return a, raw
        key = wanted.loose_key()
        matches = [(a, raw) for a, raw in legal if a.loose_key() == key
                   and (wanted.hand is None or wanted.hand == a.hand)
                   and (not wanted.articles or wanted.articles == a.articles)]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            shown = ", ".join(str(a) for a, _ in matches)
            raise IllegalActionError(f"{text}: ambiguous, it could be any of {shown}")
        if wanted.kind == "end" and not self.moved:
            raise IllegalActionError("END: End Turn is allowed only after the Move (R6.1)")
        if wanted.kind in ("move", "doze") and self.moved:
            raise IllegalActionError(f"{text}: the Move of this turn is already made (R6.1)")
        raise IllegalActionError(f"{text}: not a legal action for {self.to_move} now")

    def apply(self, action: Action | str) -> Action:
        """Apply a legal action (an Action or its text); IllegalActionError leaves the game as it was."""
        found, raw = self._find(action)
        before = {p[0]: p for p in self._engine.pieces()}
        self._engine.apply(raw)
        self._actions.append(str(found))
        self._record(found, raw, before)
        return found

    def end_turn(self) -> None:
        """End Turn (R6.4)."""
        self.apply(Action("end"))

    def undo(self) -> None:
        """Take back the last action."""
        if not self._actions:
            raise IllegalActionError("nothing to undo")
        if self._options.competitive:
            raise IllegalActionError("undo is off in a competitive game (R12.3)")
        self._engine.undo()
        self._actions.pop()
        self._parts.pop()
        self._legal_cache = None

    def undo_turn(self) -> None:
        """Take back actions up to and including the last End Turn (or to the turn's start)."""
        if not self._actions:
            raise IllegalActionError("nothing to undo")
        self.undo()
        while self._actions and self._actions[-1] != "END":
            self.undo()

    # --- the record (RULES.md R12.2) -------------------------------------------------------------

    def _record(self, action: Action, raw: tuple, before: dict[int, tuple]) -> None:
        if action.kind == "end":
            self._parts.append(None)
            return
        kind, pid, dest, dlevel, passenger, *_ = raw
        mover = _piece_info(before[pid])
        r, c = square_of(dest)
        text = f"MV:{mover.text()}->{LEVEL_MARK[rules.LEVELS[dlevel]]}({r},{c})"
        if kind == ACT_MOVE and passenger >= 0:
            text += "-TRA->" + _piece_info(before[passenger]).text()
        if kind == ACT_DOZE:
            partner = _piece_info(before[passenger])
            text += f",DO>({r},{c}){partner.type}({partner.row},{partner.col})"
            for gr, gc in action.group:
                for p in sorted(before.values()):
                    info = _piece_info(p)
                    if (info.row, info.col, info.level) == (gr, gc, "G"):
                        text += f",{info.type}({gr},{gc})"
        after = {p[0]: p for p in self._engine.pieces()}
        results = []
        now = _piece_info(after[pid]) if pid in after else None
        if kind == ACT_MOVE and now is not None and (now.row, now.col) != (r, c):
            results.append(f"{now.type}->({now.row},{now.col})")  # stopped by a hidden enemy
        for gone in sorted(set(before) - set(after)):
            info = _piece_info(before[gone])
            results.append(f"X*{info.text()}{'B' if info.color == 'black' else 'W'}")
        if results:
            text += ",RS:" + ",".join(results)
        self._parts.append(text)

    def __repr__(self) -> str:
        return f"<wec.Game turn {self.turn}, {self.to_move} to move, result {self.result}>"


def perft(game: Game, depth: int, mode: str = "moves") -> int:
    """Leaf count of the game tree from the side to move (API.md "perft")."""
    if mode not in ("moves", "actions"):
        raise ValueError(f"perft mode must be 'moves' or 'actions', got {mode!r}")
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, got {depth}")
    return int(game._engine.perft(depth, mode))
