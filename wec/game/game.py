"""`Game`: the facade over the Cython core."""
from __future__ import annotations

import copy
import os
import warnings
from typing import Any, Callable, Mapping

from wec import rules
from wec._core.engine import Engine
from wec.game.action import Action, PieceInfo, ProjectileInfo, parse_action
from wec.game.actionlist import Snapshot, pending, raw_of
from wec.game.errors import IllegalActionError, PositionError
from wec.game.options import Options
from wec.game.position import (load_position_file, parse_position, position_dict,
                       square_index, square_of)

from wec.game.coredata import (ACT_DOZE, ACT_END, ACT_EXCHANGE, ACT_FIRE, ACT_MOVE, ACT_REINFORCE,
                       ACT_RESIGN, ACT_DRAW, CAUSE_CAPTURE, EV_CONVERTED,
                       EV_PROJECTILE, EV_REMOVED, EV_SWEPT, NO_ACTION, RESULT_NAMES,
                       piece_info)
from wec.game.record import KIND_NAMES, Entry, Line, RecordKeeping, turn_strings
from wec.game.sightings import Sightings, changed_ids


class _LegalList:
    """The legal actions of one state, their raw core tuples (in the same order), and their
    texts once asked for."""

    __slots__ = ("snap", "actions", "raws", "_by_text")

    def __init__(self, engine: Engine, key: tuple[int, int]) -> None:
        self.raws: list[tuple] = engine.legal()
        self.snap = Snapshot(engine, self.raws, key, just_listed=True)
        self.actions = pending(self.snap, self.raws)
        self._by_text: dict[str, tuple[Action, tuple]] | None = None

    @property
    def pairs(self) -> list[tuple[Action, tuple]]:
        """(action, raw) pairs."""
        return list(zip(self.actions, self.raws))

    def by_text(self) -> dict[str, tuple[Action, tuple]]:
        if self._by_text is None:
            self._by_text = {str(a): (a, raw) for a, raw in self.pairs}
        return self._by_text


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
        self._competitive = options.competitive
        # the current line of play, one Entry per applied action (the record, R12.2), and the
        # actions taken back, redo's next last (R12.4); abandoned lines are kept as variations:
        # (ply where they leave the current line, their action texts)
        self._line = Line()
        self._redo: list[Entry] = []
        self._variations: list[tuple[int, list[Entry]]] = []
        self._variation_keys: set[tuple[int, tuple]] = set()
        # R10: per side, which pieces it sees now (a byte per piece id), and where each enemy
        # piece it cannot see was last seen (pid -> LastSeen); the initial position is public
        self._vis = (self._engine.visible_mask(0), self._engine.visible_mask(1))
        self._seen0 = self._initial_sightings()
        self._seen = self._seen0
        # R8.4: per side, the enemy activation squares it saw armed (an enemy piece it could see
        # standing on the square's Ground at the end of an action); the initial position is public
        self._armed_seen0 = self._initial_armed_seen()
        self._armed_seen = self._armed_seen0
        # where a weapon went since the game's start, (row, col, level) -> the last turn: the
        # projectiles (R7.6, R7.7; public), Black's Flames, White's (R7.1); Entry.swept
        self._swept: tuple[dict, dict, dict] = ({}, {}, {})
        self._autosave: Any = None
        # legal lists of recently seen states, keyed by (actions applied, hash): undo finds the
        # list of the state it returns to
        self._legal_cache: dict[tuple[int, int], _LegalList] = {}
        self._turns_cache: dict[int | None, Any] = {}  # history's finished turns, per reader

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
        """A game from a position dict or a position file path (docs/FORMATS.md)."""
        if isinstance(pos, (str, os.PathLike)):
            pos = load_position_file(pos)
        options, data = parse_position(pos)
        return cls(options, data)

    def clone(self) -> "Game":
        """An independent copy (undo, redo and the record included): a copy of the core's state
        and of the record's lists, never a replay, so its cost does not grow with the game. The
        copy does not autosave."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._engine = self._engine.copy()
        other._line = self._line.copy()
        other._redo = list(self._redo)
        other._variations = list(self._variations)
        other._variation_keys = set(self._variation_keys)
        other._legal_cache = dict(self._legal_cache)
        other._turns_cache = {}
        other._autosave = None
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
        """The position dict (docs/FORMATS.md); ``Game.from_position(game.position())`` is equal."""
        return position_dict(self._engine, self._options)

    def initial_position(self) -> dict[str, Any]:
        return copy.deepcopy(self._initial)

    def actions(self) -> list[str]:
        """Texts of every action applied since the initial position."""
        return [e.text for e in self._line]

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

    def ground_articles(self) -> list[tuple[str, tuple[int, int]]]:
        """Every article lying on the ground: (code, square), in the position's order."""
        return [(rules.ARTICLES[kind - 1], square_of(sq)) for sq, kind, _ in
                self._engine.articles()]

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

    def _legal_list(self) -> _LegalList:
        key = (self._engine.n_actions, self._engine.hash)
        found = self._legal_cache.get(key)
        if found is None:
            if len(self._legal_cache) > 64:
                self._legal_cache.clear()
            found = self._legal_cache[key] = _LegalList(self._engine, key)
        return found

    def _legal(self) -> list[tuple[Action, tuple]]:
        return self._legal_list().pairs

    def _to_action(self, raw: tuple) -> Action:
        """The Action of a raw tuple legal in the current state (only the pieces it names are
        read: no legal list is made)."""
        return Action(**Snapshot(self._engine, [raw], (-1, 0)).fields(raw))

    def legal_actions(self) -> list[Action]:
        """Everything the side to move may do now (R6.1): Moves and Dozes (until the Move is
        made), Fires, Pickups, Drops, Exchanges, Reinforces, and End Turn after the Move."""
        return list(self._legal_list().actions)  # a copy: the caller may change it

    def legal_moves(self) -> list[Action]:
        """The Move and Doze actions among the legal actions."""
        return [a for a in self._legal_list().actions if a.kind in ("move", "doze")]

    def is_legal(self, action: Action | str) -> bool:
        try:
            self._find(action)
        except IllegalActionError:
            return False
        return True

    def _find(self, action: Action | str) -> tuple[Action, tuple]:
        if self.result is not None:
            raise IllegalActionError(f"the game is over ({self.result}): {action}")
        listed = self._legal_list()
        if isinstance(action, Action):
            raw = raw_of(action, listed.snap)
            if raw is not None:  # listed for this very state
                return action, raw
        wanted = parse_action(action) if isinstance(action, str) else action
        if not isinstance(wanted, Action):
            raise IllegalActionError(f"expected an Action or its text, got {action!r}")
        text = str(wanted)
        found = listed.by_text().get(text)
        if found is not None:
            return found
        key = wanted.loose_key()
        matches = [(a, raw) for a, raw in listed.pairs if a.loose_key() == key
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
        found, raw = self._find(action)
        entry = self._apply_raw(found, raw)
        if self._redo:  # the state is the one the redo entry was made in: same raw, same action
            if self._redo[-1].raw == raw:
                self._redo.pop()
            else:
                self._keep_variation(len(self._line) - 1, self._redo[::-1])
                self._redo = []
        self._journal()
        return found

    def _apply_raw(self, action: Action, raw: tuple) -> Entry:
        """Make a legal action in the core and keep its entry (the record's raw material)."""
        engine = self._engine
        kind, pid, dest, dlevel, passenger, path, group, direction, art, art2, target = raw
        n_before, turn_before, mover = engine.n_pieces, engine.turn, engine.side
        named = _named_pieces(engine, raw)
        before = {q: engine.piece(q) for q in named}
        dozed = _dozed(engine, raw) if kind == ACT_DOZE else ()
        for q in dozed:
            before[q] = engine.piece(q)
        vis_before = self._vis
        engine.apply(raw)
        events = engine.events()
        vis_after = (engine.visible_mask(0), engine.visible_mask(1))
        missing = {e[1] for e in events if 0 <= e[1] < n_before} - before.keys()
        for side in (0, 1):
            if vis_before[side] != vis_after[side]:
                missing.update(q for q in changed_ids(vis_before[side], vis_after[side])
                               if q < n_before)
        missing -= before.keys()
        if missing:  # pieces the action changed: read them as they stood before it
            engine.undo()
            before.update((q, engine.piece(q)) for q in missing)
            engine.apply(raw)
            events = engine.events()
        pieces = dict(before)
        for e in events:
            if e[1] >= n_before:  # entered with this action
                pieces[e[1]] = engine.piece(e[1])
        primary = tuple(_primary_losses(events, pieces, vis_before, vis_after, mover))
        entry = Entry(action, raw, KIND_NAMES[kind], events=events, vis_before=vis_before,
                      vis_after=vis_after, pieces=pieces, dozed=dozed, mover=mover,
                      primary=primary)
        captured = tuple(e[1] for e in events if e[0] == EV_REMOVED and e[4] == CAUSE_CAPTURE
                         and e[5] != mover and e[1] in before)
        entry.seen = self._update_sightings(self._seen, vis_before, vis_after, before,
                                            turn_before, n_before, (captured, mover))
        entry.armed_seen = self._update_armed_seen(self._armed_seen)
        entry.swept = _swept_by(events, turn_before, self._swept)
        self._vis = vis_after
        self._seen = entry.seen
        self._armed_seen = entry.armed_seen
        self._swept = entry.swept
        self._line.append(entry)
        return entry

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
        self._game_call(raw, "RESIGN", f"RESIGN:{color}")

    def agree_draw(self) -> None:
        """R11.2: the two players agree a draw."""
        if self.result is not None:
            raise IllegalActionError(f"draw: the game is over ({self.result})")
        self._game_call((ACT_DRAW,) + NO_ACTION[1:], "DRAW", "DRAW")

    def _game_call(self, raw: tuple, name: str, text: str) -> None:
        """A resign or an agreed draw: an entry of its own, no part in any turn's actions."""
        self._engine.apply(raw)
        self._line.append(Entry(None, raw, name, text=text, vis_before=self._vis,
                                vis_after=self._vis, seen=self._seen,
                                armed_seen=self._armed_seen, swept=self._swept,
                                mover=self._engine.side))
        self._redo = []
        self._journal()

    def end_turn(self) -> None:
        """End Turn (R6.4)."""
        self.apply(Action("end"))

    def undo(self) -> None:
        """Take back the last action (redo() puts it back)."""
        if not self._line:
            raise IllegalActionError("nothing to undo")
        if self._competitive:
            raise IllegalActionError("undo is off in a competitive game (R12.3)")
        self._undo_one()
        self._journal()

    def _undo_one(self) -> None:
        entry = self._line.pop()
        self._engine.undo()
        self._redo.append(entry)
        self._vis = entry.vis_before
        self._seen = self._line[-1].seen if self._line else self._seen0
        self._armed_seen = self._line[-1].armed_seen if self._line else self._armed_seen0
        self._swept = self._line[-1].swept if self._line else ({}, {}, {})

    def redo(self) -> None:
        """Apply again the last action taken back (R12.4)."""
        if self._competitive:
            raise IllegalActionError("redo is off in a competitive game (R12.3)")
        if not self._redo:
            raise IllegalActionError("nothing to redo")
        self._redo_one()
        self._journal()

    def _redo_one(self) -> None:
        """The state is the one the entry was made in: its raw action applies as it is."""
        entry = self._redo.pop()
        self._engine.apply(entry.raw)
        self._line.append(entry)
        self._vis = entry.vis_after
        self._seen = entry.seen
        self._armed_seen = entry.armed_seen
        self._swept = entry.swept

    @property
    def ply(self) -> int:
        """How many actions have been applied since the initial position."""
        return len(self._line)

    def redo_actions(self) -> list[str]:
        """The actions redo() would apply, next first."""
        return [e.text for e in reversed(self._redo)]

    def history_with_redo(self, color: str | None = None) -> list[str]:
        """The history as if every redo action were applied again (the app shows the turns
        ahead after going back); the game is not changed."""
        if color is None and self._competitive and self.result is None:
            return self.history()  # raises: R12.3
        reader = None if color is None else rules.COLORS.index(color)
        return turn_strings(self._line + self._redo[::-1], reader)

    def goto(self, ply: int) -> None:
        """Undo or redo to `ply` actions from the initial position (R12.4); the core's undo and
        the kept entries, so any ply of a long game is reached at once."""
        if self._competitive:
            raise IllegalActionError("going back is off in a competitive game (R12.3)")
        total = len(self._line) + len(self._redo)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= total:
            raise IllegalActionError(f"goto: ply {ply!r} is outside 0..{total}")
        while len(self._line) > ply:
            self._undo_one()
        while len(self._line) < ply:
            self._redo_one()
        self._journal()

    def variations(self) -> list[tuple[int, list[str]]]:
        """Abandoned lines: (the ply where each leaves the line it was played from, its
        actions)."""
        return [(ply, [e.text for e in entries]) for ply, entries in self._variations]

    def _keep_variation(self, ply: int, entries: list[Entry]) -> None:
        """Keep an abandoned line (its entries, made on this line's first `ply` actions), once:
        trying the same line again after going back (a long analysis session in the app) must
        not pile up copies of it."""
        key = (ply, tuple(e.raw for e in entries))
        if key not in self._variation_keys:
            self._variation_keys.add(key)
            self._variations.append((ply, entries))

    def enter_variation(self, index: int) -> None:
        """Make variation `index` the current line; the line left becomes a variation."""
        if not 0 <= index < len(self._variations):
            raise IllegalActionError(f"no variation {index}")
        ply, entries = self._variations.pop(index)
        self._variation_keys.discard((ply, tuple(e.raw for e in entries)))
        autosave, self._autosave = self._autosave, None
        try:
            self.goto(ply)
            if self._redo:
                self._keep_variation(ply, self._redo[::-1])
            self._redo = entries[::-1]  # made on this very state: applied again as they are
            while self._redo:
                self._redo_one()
        finally:
            self._autosave = autosave
        self._journal(rewrite=True)

    # --- saving (docs/FORMATS.md) -----------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game to a save file, atomically."""
        from wec.files.save import save_game
        save_game(self, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "Game":
        """A game from a save file (and its autosave journal, if one continues it); every
        problem raises SaveFormatError naming the field/ply."""
        from wec.files.autosave import journal_for, read_journals, replay_journal
        from wec.files.save import game_from_save, read_save_file
        for attempt in range(3):
            journals = read_journals(path) if isinstance(path, (str, os.PathLike)) else []
            data = read_save_file(path)
            game = game_from_save(data)
            found = journal_for(journals, data)
            if found is not None:
                replay_journal(game, *found)
            if found is not None or not journals:
                break  # else: an autosave fold replaced the files meanwhile; read them again
        return game

    def autosave_to(self, path: str | os.PathLike[str] | None, *,
                    on_error: Callable[[str], None] | None = None) -> None:
        """Keep the game saved in `path` after every action (None: stop autosaving): the save
        file is written now, then each action appends one synced line to a journal beside it
        (`<path>.journal`, O(1) per action), folded into the save file from time to time and by
        `flush_autosave()`; `Game.load` reads the two together. A failure (disk full, folder
        gone) never undoes an action: `on_error(message)` is told once (without it, one
        RuntimeWarning), and autosaving stops."""
        from wec.files.autosave import Autosave
        if self._autosave is not None:
            self._autosave.close()
        self._autosave = None
        if path is not None:
            self._autosave = Autosave(self, os.fspath(path), on_error)
            self._autosave.compact()

    def flush_autosave(self) -> None:
        """Fold the autosave journal into the save file now (e.g. on exit)."""
        if self._autosave is not None:
            self._autosave.compact()

    def _journal(self, *, rewrite: bool = False) -> None:
        if self._autosave is not None:
            self._autosave.record(rewrite=rewrite)

    def _knows_enemy_primary_lost(self, side: int) -> bool:
        """R11.1 counts the primary pieces lost this turn; a side knows of an enemy's loss only
        if it could read it (R12.3). The turn's entries are read back to the last End Turn
        (whose journeys belong to this turn); a loss from before this game's record began is
        known from the position it started from."""
        for entry in reversed(self._line):
            losses = [who for color, who in entry.primary if color != side]
            if losses:
                return any(side in who for who in losses)
            if entry.name == "END":
                return False
        return True

    def full_history(self) -> list[str]:
        """The full record, whatever the mode (for save files)."""
        competitive, self._competitive = self._competitive, False
        try:
            return self.history()
        finally:
            self._competitive = competitive

    def undo_turn(self) -> None:
        """Take back actions up to and including the last End Turn (or to the turn's start)."""
        if not self._line:
            raise IllegalActionError("nothing to undo")
        if self._competitive:
            raise IllegalActionError("undo is off in a competitive game (R12.3)")
        self._undo_one()
        while self._line and self._line[-1].name != "END":
            self._undo_one()
        self._journal()

    def __repr__(self) -> str:
        return f"<wec.Game turn {self.turn}, {self.to_move} to move, result {self.result}>"


def perft(game: Game, depth: int, mode: str = "moves") -> int:
    """Leaf count of the game tree from the side to move (docs/FORMATS.md "perft")."""
    if mode not in ("moves", "actions"):
        raise ValueError(f"perft mode must be 'moves' or 'actions', got {mode!r}")
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, got {depth}")
    return int(game._engine.perft(depth, mode))


def _named_pieces(engine: Engine, raw: tuple) -> list[int]:
    """The pieces an action's record names, known before it is made."""
    kind, pid, _, _, passenger, *_, target = raw
    out = [pid] if pid >= 0 else []
    if passenger >= 0 and kind in (ACT_MOVE, ACT_DOZE):
        out.append(passenger)
    if target >= 0 and kind in (ACT_FIRE, ACT_EXCHANGE):
        out.append(target)
    return out


def _dozed(engine: Engine, raw: tuple) -> tuple[int, ...]:
    """The pieces of a doze group (R4.11), in group order: by square, then piece id."""
    _, pid, _, _, _, _, group, *_ = raw
    sq = engine.piece(pid)[4]
    row, col = square_of(sq)
    squares = sorted((row + dr, col + dc) for d, (dr, dc) in enumerate(rules.DIRECTIONS)
                     if (group >> d) & 1)
    return tuple(q for r, c in squares for q in sorted(engine.occupants(square_index(r, c), 0)))


FLAME = rules.ARTICLE_INDEX["FL"]  # the weapon kind of EV_SWEPT's info for a Flame


def _swept_by(events: list[tuple], turn: int, swept: tuple[dict, dict, dict]
              ) -> tuple[dict, dict, dict]:
    """`swept` (Entry.swept) with the squares and levels the action's weapons went through
    marked with `turn`: where its projectiles were created (R7.6) or flew in (R7.7), where its
    Flames burned (R7.1, in the firer's side's map). The maps it changes are new dicts, the
    others are shared: an action costs the same in a long game."""
    out = list(swept)
    fresh = [False, False, False]
    for ev, _, sq, level, info, color in events:
        if ev == EV_PROJECTILE or (ev == EV_SWEPT and info != FLAME):
            which = 0
        elif ev == EV_SWEPT:
            which = 1 + color
        else:
            continue
        if not fresh[which]:
            out[which], fresh[which] = dict(out[which]), True
        out[which][(*square_of(sq), rules.LEVELS[level])] = turn
    return (out[0], out[1], out[2]) if any(fresh) else swept


def _primary_losses(events: list[tuple], pieces: dict[int, tuple], vis_before: tuple,
                    vis_after: tuple, mover: int) -> list[tuple[int, frozenset[int]]]:
    """R11.1: the primary pieces an action removed or converted, with the sides that know."""
    out = []
    for ev, pid, *_ in events:
        if ev not in (EV_REMOVED, EV_CONVERTED) or pid not in pieces:
            continue
        raw = pieces[pid]
        if rules.PIECE_TYPES[raw[1]].role != "primary":
            continue
        who = {raw[2], mover}  # the owner, and the side that acted
        for side in (0, 1):
            for mask in (vis_before[side], vis_after[side]):
                if pid < len(mask) and mask[pid]:
                    who.add(side)
        out.append((raw[2], frozenset(who)))
    return out
