"""`Game`: the facade over the Cython core (API.md)."""
from __future__ import annotations

import copy
import os
import warnings
from typing import Any, Mapping

from . import rules
from ._core.engine import Engine
from .action import Action, PieceInfo, ProjectileInfo, parse_action
from .observation import LastSeen
from .errors import IllegalActionError, PositionError
from .options import Options
from .position import (load_position_file, parse_position, position_dict,
                       square_index, square_of)

from .coredata import (ACT_END, ACT_EXCHANGE, ACT_FIRE, ACT_MOVE, ACT_PICKUP,
                       ACT_REINFORCE, ACT_RESIGN, ACT_DRAW, ACT_DROP, NO_ACTION, RESULT_NAMES,
                       piece_info)
from .record import RecordKeeping
from .sightings import Sightings


class Game(RecordKeeping, Sightings):
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
        # per applied action: (kind, [(result, readers)], {reader: R12.2 part or None}), where
        # a reader is a colour index (None: the full record) and readers the colours that may
        # read a result (R12.3)
        self._parts: list[tuple[str, list[tuple[str, frozenset[int]]],
                                dict[int | None, str | None]]] = []
        self._competitive = options.competitive
        # R10: per side, where each enemy piece was last seen (pid -> LastSeen); the initial
        # position is public. One snapshot per applied action, for undo.
        seen = self._sightings({0: {}, 1: {}}, {}, [set(), set()], everything=True)
        self._seen_stack: list[dict[int, dict[int, LastSeen]]] = [seen]
        self._colors_stack: list[dict[int, int]] = [self._colors()]
        # R12.4: actions taken back (redo takes the last), and abandoned lines kept as
        # variations: (ply where they leave the current line, their action texts)
        self._redo: list[str] = []
        self._variations: list[tuple[int, list[str]]] = []
        self._autosave: str | None = None
        # legal lists of recently seen states, keyed by (actions applied, hash): undo finds the
        # list of the state it returns to
        self._legal_cache: dict[tuple[int, int], list[tuple[Action, tuple]]] = {}

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
            other.replay_action(text)
        other._competitive = self._competitive
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
        infos = [piece_info(raw) for raw in self._engine.pieces()]
        return [p for p in infos if color is None or p.color == color]

    def pieces_at(self, row: int, col: int, level: str | None = None) -> list[PieceInfo]:
        s = square_index(row, col)
        levels = rules.LEVELS if level is None else (level,)
        out = []
        for lvl in levels:
            for pid in self._engine.occupants(s, rules.LEVELS.index(lvl)):
                out.append(piece_info(self._engine.piece(pid)))
        return out

    def articles_at(self, row: int, col: int) -> tuple[str, ...]:
        s = square_index(row, col)
        return tuple(rules.ARTICLES[k - 1] for sq, k, _ in self._engine.articles() if sq == s)

    def projectiles(self) -> list[ProjectileInfo]:
        """Projectiles in flight, oldest first (R7.7)."""
        out = []
        for kind, sq, level, direction, target, strength, owner in self._engine.projectiles():
            aim = None
            if target >= 0 and self._engine.is_alive(target):
                t = piece_info(self._engine.piece(target))
                aim = (t.row, t.col, t.level)
            out.append(ProjectileInfo(rules.ARTICLES[kind - 1], square_of(sq), rules.LEVELS[level],
                                      rules.DIRECTIONS[direction] if direction >= 0 else None,
                                      aim, strength, rules.COLORS[owner]))
        return out

    def reserves(self) -> list[dict[str, Any]]:
        """The reserves (R8.4): type, color, square, hand, armed, entered."""
        return self.position()["reserves"]

    def check(self) -> list[str]:
        """The core's consistency checker: a list of problems, empty when the state is sound."""
        return list(self._engine.check())

    # --- actions ---------------------------------------------------------------------------------

    def _legal(self) -> list[tuple[Action, tuple]]:
        key = (self._engine.n_actions, self._engine.hash)
        found = self._legal_cache.get(key)
        if found is None:
            if len(self._legal_cache) > 64:
                self._legal_cache.clear()
            found = [(self._to_action(r), r) for r in self._engine.legal()]
            self._legal_cache[key] = found
        return found

    def _to_action(self, raw: tuple) -> Action:
        kind, pid, dest, dlevel, passenger, path, group, direction, art, art2, target = raw
        if kind == ACT_END:
            return Action("end")
        if kind == ACT_REINFORCE:
            rtype, _, rsq, rhand, _, _ = self._engine.reserves()[target]
            r, c = square_of(rsq)
            return Action("reinforce", rules.PIECE_TYPES[rtype].code, None, (r, c, "G"),
                          hand=rules.HANDS[rhand])
        me = piece_info(self._engine.piece(pid))
        if kind in (ACT_PICKUP, ACT_DROP):
            return Action("pickup" if kind == ACT_PICKUP else "drop", me.type,
                          (me.row, me.col, me.level), article=rules.ARTICLES[art - 1], hand=me.hand, articles=me.articles)
        if kind == ACT_EXCHANGE:
            other = piece_info(self._engine.piece(target))
            return Action("exchange", me.type, (me.row, me.col, me.level),
                          article=rules.ARTICLES[art - 1],
                          swap=rules.ARTICLES[art2 - 1] if art2 else None,
                          target=(other.row, other.col, other.level), other=other.text(), hand=me.hand, articles=me.articles)
        if kind == ACT_FIRE:
            code = rules.FIRE_CODE[rules.ARTICLES[art - 1]]
            r, c = square_of(dest)
            if code in ("BI", "JU", "SC"):
                return Action("fire", me.type, (me.row, me.col, me.level), (r, c, "G"),
                              article=code, path=("beeline", "dogleg")[path], hand=me.hand, articles=me.articles)
            if target >= 0:
                other = piece_info(self._engine.piece(target))
                aim = (other.row, other.col, other.level)
                return Action("fire", me.type, (me.row, me.col, me.level), aim, article=code,
                              target=aim, other=other.text(), hand=me.hand, articles=me.articles)
            return Action("fire", me.type, (me.row, me.col, me.level),
                          (r, c, rules.LEVELS[dlevel]), article=code, hand=me.hand, articles=me.articles)
        origin = (me.row, me.col, me.level)
        dr, dc = square_of(dest)
        if kind == ACT_MOVE:
            carried = None
            if passenger >= 0:
                carried = piece_info(self._engine.piece(passenger)).text()
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
        """Everything the side to move may do now (R6.1): Moves and Dozes (until the Move is
        made), Fires, Pickups, Drops, Exchanges, Reinforces, and End Turn after the Move."""
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
        """Apply a legal action (an Action or its text); IllegalActionError leaves the game as it
        was. After an undo, a different action starts a new line: the abandoned one is kept as a
        variation (R12.4)."""
        found = self._apply(action)
        text = str(found)
        if self._redo:
            if self._redo[-1] == text:
                self._redo.pop()
            else:
                self._keep_variation(len(self._actions) - 1, list(reversed(self._redo)))
                self._redo = []
        self._autosave_now()
        return found

    def _apply(self, action: Action | str) -> Action:
        found, raw = self._find(action)
        before = {p[0]: p for p in self._engine.pieces()}
        seen_before = [set(self._engine.visible(0)), set(self._engine.visible(1))]
        self._engine.apply(raw)
        self._actions.append(str(found))
        self._record(found, raw, before, seen_before)
        self._seen_stack.append(self._sightings(self._seen_stack[-1], self._colors_stack[-1],
                                                seen_before))
        self._colors_stack.append(self._colors())
        return found

    def replay_action(self, text: str) -> None:
        """Apply one recorded action text (`Game.actions()`), the facade calls included."""
        if text == "DRAW":
            self.agree_draw()
        elif text.startswith("RESIGN:"):
            self.resign(text[7:])
        else:
            self.apply(text)

    def resign(self, color: str | None = None) -> None:
        """R11.2: `color` (default: the side to move) resigns; the other side wins."""
        color = color or self.to_move
        if color not in rules.COLORS:
            raise IllegalActionError(f"resign: {color!r} is not black or white")
        if self.result is not None:
            raise IllegalActionError(f"resign: the game is over ({self.result})")
        raw = (ACT_RESIGN,) + NO_ACTION[1:10] + (rules.COLORS.index(color),)
        self._engine.apply(raw)
        self._actions.append(f"RESIGN:{color}")
        self._parts.append(("RESIGN", [], {None: None, 0: None, 1: None}))
        self._seen_stack.append(self._seen_stack[-1])
        self._colors_stack.append(self._colors_stack[-1])
        self._redo = []
        self._autosave_now()

    def agree_draw(self) -> None:
        """R11.2: the two players agree a draw."""
        if self.result is not None:
            raise IllegalActionError(f"draw: the game is over ({self.result})")
        self._engine.apply((ACT_DRAW,) + NO_ACTION[1:])
        self._actions.append("DRAW")
        self._parts.append(("DRAW", [], {None: None, 0: None, 1: None}))
        self._seen_stack.append(self._seen_stack[-1])
        self._colors_stack.append(self._colors_stack[-1])
        self._redo = []
        self._autosave_now()

    def end_turn(self) -> None:
        """End Turn (R6.4)."""
        self.apply(Action("end"))

    def undo(self) -> None:
        """Take back the last action (redo() puts it back)."""
        if not self._actions:
            raise IllegalActionError("nothing to undo")
        if self._competitive:
            raise IllegalActionError("undo is off in a competitive game (R12.3)")
        self._engine.undo()
        self._redo.append(self._actions.pop())
        self._parts.pop()
        self._seen_stack.pop()
        self._colors_stack.pop()
        self._autosave_now()

    def redo(self) -> None:
        """Apply again the last action taken back (R12.4)."""
        if self._competitive:
            raise IllegalActionError("redo is off in a competitive game (R12.3)")
        if not self._redo:
            raise IllegalActionError("nothing to redo")
        text = self._redo.pop()
        self._replay_one(text)
        self._autosave_now()

    def _replay_one(self, text: str) -> None:
        if text == "DRAW" or text.startswith("RESIGN:"):
            saved = self._redo
            self.replay_action(text)
            self._redo = saved
        else:
            self._apply(text)

    @property
    def ply(self) -> int:
        """How many actions have been applied since the initial position."""
        return len(self._actions)

    def redo_actions(self) -> list[str]:
        """The actions redo() would apply, next first."""
        return list(reversed(self._redo))

    def goto(self, ply: int) -> None:
        """Undo or redo to `ply` actions from the initial position (R12.4)."""
        if self._competitive:
            raise IllegalActionError("going back is off in a competitive game (R12.3)")
        if not isinstance(ply, int) or not 0 <= ply <= len(self._actions) + len(self._redo):
            raise IllegalActionError(f"goto: ply {ply!r} is outside 0.."
                                     f"{len(self._actions) + len(self._redo)}")
        autosave, self._autosave = self._autosave, None
        try:
            while len(self._actions) > ply:
                self.undo()
            while len(self._actions) < ply:
                self.redo()
        finally:
            self._autosave = autosave
        self._autosave_now()

    def variations(self) -> list[tuple[int, list[str]]]:
        """Abandoned lines: (the ply where each leaves the line it was played from, its
        actions)."""
        return [(ply, list(actions)) for ply, actions in self._variations]

    def _keep_variation(self, ply: int, actions: list[str]) -> None:
        """Keep an abandoned line, once: trying the same line again after going back (a long
        analysis session in the app) must not pile up copies of it."""
        if (ply, actions) not in self._variations:
            self._variations.append((ply, actions))

    def enter_variation(self, index: int) -> None:
        """Make variation `index` the current line; the line left becomes a variation."""
        if not 0 <= index < len(self._variations):
            raise IllegalActionError(f"no variation {index}")
        ply, actions = self._variations.pop(index)
        autosave, self._autosave = self._autosave, None
        try:
            self.goto(ply)
            if self._redo:
                self._keep_variation(ply, list(reversed(self._redo)))
                self._redo = []
            for text in actions:
                self._replay_one(text)
        finally:
            self._autosave = autosave
        self._autosave_now()

    # --- saving (API.md save-game format) --------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game to a save file, atomically."""
        from .save import save_game
        save_game(self, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "Game":
        """A game from a save file; every problem raises SaveFormatError naming the field/ply."""
        from .save import game_from_save, read_save_file
        return game_from_save(read_save_file(path))

    def autosave_to(self, path: str | os.PathLike[str] | None) -> None:
        """After every action write the game to `path` (None: stop autosaving)."""
        self._autosave = None if path is None else os.fspath(path)
        self._autosave_now()

    def _autosave_now(self) -> None:
        """Autosave; a failure (disk full, folder gone) warns and never undoes the action."""
        if self._autosave is not None:
            from .save import save_game
            try:
                save_game(self, self._autosave)
            except OSError as e:
                warnings.warn(f"autosave to {self._autosave} failed: {e}", RuntimeWarning,
                              stacklevel=3)

    def full_history(self) -> list[str]:
        """The full record, whatever the mode (for save files)."""
        competitive, self._competitive = self._competitive, False
        try:
            return self.history()
        finally:
            self._competitive = competitive

    def undo_turn(self) -> None:
        """Take back actions up to and including the last End Turn (or to the turn's start)."""
        if not self._actions:
            raise IllegalActionError("nothing to undo")
        self.undo()
        while self._actions and self._actions[-1] != "END":
            self.undo()

    def __repr__(self) -> str:
        return f"<wec.Game turn {self.turn}, {self.to_move} to move, result {self.result}>"

    def history_with_redo(self, color: str | None = None) -> list[str]:
        """The turn strings (as `history(color)`) as if every redo action were applied: the
        turns the redo line would bring back, for a history view that shows them ahead.
        (A simple clone-and-replay; the efficient version replaces it.)"""
        other = self.clone()
        for text in self.redo_actions():
            other.replay_action(text)
        return other.history(color)


def perft(game: Game, depth: int, mode: str = "moves") -> int:
    """Leaf count of the game tree from the side to move (API.md "perft")."""
    if mode not in ("moves", "actions"):
        raise ValueError(f"perft mode must be 'moves' or 'actions', got {mode!r}")
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, got {depth}")
    return int(game._engine.perft(depth, mode))
