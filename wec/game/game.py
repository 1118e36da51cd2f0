"""`Game`: the facade over the Cython core."""
from __future__ import annotations

import copy
import os
from typing import Any, Mapping, Protocol

from wec import rules
from wec._core.engine import Engine
from wec.game import savefile
from wec.game.action import Action, PieceInfo, ProjectileInfo, parse_action
from wec.game.actionlist import LegalList, Snapshot, raw_of
from wec.game.atomicfile import write_atomically
from wec.game.clock import (Clock, ClockReading, TimeControl, mark_entries, marks_of,
                            seconds_left)
from wec.game.coredata import (ACT_DOZE, ACT_DRAW, ACT_END, ACT_EXCHANGE, ACT_FIRE, ACT_MOVE,
                               ACT_RESIGN, CAUSE_CAPTURE, EV_CONVERTED, EV_REMOVED,
                               RESULT_NAMES, ActionRecord, EventRecord, PieceRecord, piece_info)
from wec.game.errors import IllegalActionError
from wec.game.observation import Observation
from wec.game.options import Options
from wec.game.position import (load_position_file, loaded_engine, parse_position, position_dict,
                               square_index, square_of)
from wec.game.record import KIND_NAMES, ActionNote, Entry, Record, ending_of
from wec.game.sightings import (Knowledge, can_see, changed_ids, observed,
                                sightings_data)


END_REASONS = ("primary destroyed", "no legal move", "resignation", "agreement", "quiet turns",
               "time")
"""`Game.end_reason`'s words: R11.1, R6.5, R11.2 (twice), R11.3, and a fallen flag (a game
with clocks)."""


class Recorder(Protocol):
    """What a game tells after each change of its line of play (`Game.attach_recorder`): an
    autosave (wec.files.autosave) is one."""

    def record(self, *, rewrite: bool = False) -> None:
        """The line of play changed (`rewrite`: a variation was entered: the whole line is
        new)."""


class Game:
    """One game of Weapon Chess: state, legal actions, make/undo, and the record of turns.

    A game is the core's state plus the parts it owns: its `Record` (the line of play, the
    redo list and the variations), its `Knowledge` (what each side sees and last saw) and, if
    it has clocks, its `Clock` (wec.game.clock: the time each side has left)."""

    def __init__(self, options: Options, data: dict[str, Any]) -> None:
        self._options = options
        self._engine = loaded_engine(options, data)
        self._clock: Clock | None = data.get("clock")
        self._competitive = options.competitive
        self._record = Record()
        self._knowledge = Knowledge(self._engine, data.get("sightings"))
        self._initial = self.position()
        self._recorder: Recorder | None = None
        # legal lists of recently seen states, keyed by (actions applied, hash): undo finds the
        # list of the state it returns to
        self._legal_cache: dict[tuple[int, int], LegalList] = {}

    # --- construction ----------------------------------------------------------------------------

    @classmethod
    def new(cls, options: Options | None = None,
            time_control: TimeControl | None = None) -> "Game":
        """The standard set-up (R2.5, R5.4, R8.5) with these options; Black to move; with
        `time_control`, clocks (`charge`)."""
        options = options or Options()
        pos = rules.standard_position(options.government_black, options.government_white)
        pos["options"] = options.changes()
        game = cls.from_position(pos)
        if time_control is not None:
            game.set_time_control(time_control)
        return game

    @classmethod
    def from_position(cls, pos: Mapping[str, Any] | str | os.PathLike[str]) -> "Game":
        """A game from a position dict or a position file path (docs/FORMATS.md); its
        `sightings`, when given, are what each side knows of the other's hidden pieces."""
        if isinstance(pos, (str, os.PathLike)):
            pos = load_position_file(pos)
        options, data = parse_position(pos)
        return cls(options, data)

    def clone(self) -> "Game":
        """An independent copy (undo, redo and the record included): a copy of the core's state
        and of the record's lists, never a replay, so its cost does not grow with the game. The
        copy has no recorder (it does not autosave)."""
        other = object.__new__(type(self))
        other._options = self._options
        other._engine = self._engine.copy()
        other._initial = self._initial  # never changed: initial_position() hands out copies
        other._competitive = self._competitive
        other._record = self._record.copy()
        other._knowledge = self._knowledge.copy()
        other._clock = None if self._clock is None else self._clock.copy()
        other._recorder = None
        other._legal_cache = dict(self._legal_cache)
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
        """None while the game goes on, else "black", "white" or "draw" (R11, or a side's time
        ran out: `flagged`)."""
        result = RESULT_NAMES[self._engine.result]
        if result is None and self._clock is not None:
            out = self._clock.flagged(self._engine.side)
            if out is not None:
                return rules.COLORS[1 - out]
        return result

    def is_game_over(self) -> bool:
        return self.result is not None

    @property
    def end_reason(self) -> str | None:
        """Why the game ended, one of END_REASONS ("primary destroyed" R11.1, "no legal move"
        R6.5, "resignation" and "agreement" R11.2, "quiet turns" R11.3, "time" when a clock's
        flag fell); None while it goes on, or when the record does not tell (a position loaded
        already decided)."""
        if self.result is None:
            return None
        if self.flagged:
            return "time"
        return ending_of(self._record.line, self.result)

    @property
    def moved(self) -> bool:
        """The side to move has made this turn's Move (R6.1)."""
        return bool(self._engine.moved)

    @property
    def hash(self) -> int:
        """The incremental Zobrist hash of the state."""
        return int(self._engine.hash)

    def position(self) -> dict[str, Any]:
        """The position dict (docs/FORMATS.md); ``Game.from_position(game.position())`` is equal:
        the same state and hash, the clocks, and each side knows what it knew (its `sightings`,
        written when they are not what a position without them gives)."""
        pos = position_dict(self._engine, self._options)
        if self._clock is not None:
            pos["clock"] = self._clock.to_dict()
        known = sightings_data(self._engine, self._knowledge, self._options.invisible_pieces)
        if known is not None:
            pos["sightings"] = known
        return pos

    def initial_position(self, *, shared: bool = False) -> dict[str, Any]:
        """The position the game started from; `shared`: the game's own dict, not a copy (for a
        caller that only reads it, e.g. to write it out)."""
        return self._initial if shared else copy.deepcopy(self._initial)

    def actions(self) -> list[str]:
        """Texts of every action applied since the initial position."""
        return [e.text for e in self._record.line]

    @property
    def record(self) -> Record:
        """The record of play (the line, the redo list, the variations), for reading: a
        recorder compares its line with what it wrote. Change the game through its methods."""
        return self._record

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
        return position_dict(self._engine, self._options)["reserves"]

    def check(self) -> list[str]:
        """The core's consistency checker: a list of problems, empty when the state is sound."""
        return list(self._engine.check())

    # --- actions ---------------------------------------------------------------------------------

    def _legal_list(self) -> LegalList:
        key = (self._engine.n_actions, self._engine.hash)
        found = self._legal_cache.get(key)
        if found is None:
            if len(self._legal_cache) > 64:
                self._legal_cache.clear()
            found = self._legal_cache[key] = LegalList(self._engine, key)
        return found

    def _legal(self) -> list[tuple[Action, ActionRecord]]:
        return self._legal_list().pairs

    def _to_action(self, raw: ActionRecord) -> Action:
        """The Action of a core record legal in the current state (only the pieces it names are
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

    def _find(self, action: Action | str) -> tuple[Action, ActionRecord]:
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
        if self._clock is not None:
            if raw.kind == ACT_END:
                self._clock.add_increment(entry.mover)
            entry.clock = self._clock.marks()
        record = self._record
        if record.redo:  # the state is the one the redo entry was made in: same raw, same action
            if record.redo[-1].raw == raw:
                record.redo.pop()
            else:
                record.keep_variation(len(record.line) - 1, record.redo[::-1])
                record.redo = []
        self._journal()
        return found

    def _apply_raw(self, action: Action, raw: ActionRecord) -> Entry:
        """Make a legal action in the core and keep its entry (the record's raw material)."""
        engine = self._engine
        kind = raw.kind
        n_before, turn_before, mover = engine.n_pieces, engine.turn, engine.side
        named = _named_pieces(engine, raw)
        before = {q: engine.piece(q) for q in named}
        dozed = _dozed(engine, raw) if kind == ACT_DOZE else ()
        for q in dozed:
            before[q] = engine.piece(q)
        vis_before = self._knowledge.vis
        engine.apply(raw)
        events = engine.events()
        vis_after = (engine.visible_mask(0), engine.visible_mask(1))
        missing = {e.pid for e in events if 0 <= e.pid < n_before} - before.keys()
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
            if e.pid >= n_before:  # entered with this action
                pieces[e.pid] = engine.piece(e.pid)
        primary = tuple(_primary_losses(events, pieces, vis_before, vis_after, mover))
        entry = Entry(action, raw, KIND_NAMES[kind], events=events, vis_before=vis_before,
                      vis_after=vis_after, pieces=pieces, dozed=dozed, mover=mover,
                      primary=primary)
        captured = tuple(e.pid for e in events if e.kind == EV_REMOVED and e.info == CAUSE_CAPTURE
                         and e.color != mover and e.pid in before)
        self._knowledge.learn(engine, entry, before, turn_before, n_before, captured)
        self._record.line.append(entry)
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
        raw = ActionRecord(ACT_RESIGN, target=rules.COLORS.index(color))
        self._game_call(raw, "RESIGN", f"RESIGN:{color}")

    def agree_draw(self) -> None:
        """R11.2: the two players agree a draw."""
        if self.result is not None:
            raise IllegalActionError(f"draw: the game is over ({self.result})")
        self._game_call(ActionRecord(ACT_DRAW), "DRAW", "DRAW")

    def _game_call(self, raw: ActionRecord, name: str, text: str) -> None:
        """A resign or an agreed draw: an entry of its own, no part in any turn's actions."""
        self._engine.apply(raw)
        known = self._knowledge
        entry = Entry(None, raw, name, text=text, vis_before=known.vis, vis_after=known.vis,
                      seen=known.seen, armed_seen=known.armed_seen, swept=known.swept,
                      dozes=known.dozes, mover=self._engine.side)
        entry.clock = None if self._clock is None else self._clock.marks()
        self._record.line.append(entry)
        self._record.redo = []
        self._journal()

    def end_turn(self) -> None:
        """End Turn (R6.4)."""
        self.apply(Action("end"))

    def undo(self) -> None:
        """Take back the last action (redo() puts it back)."""
        if not self._record.line:
            raise IllegalActionError("nothing to undo")
        if self._competitive:
            raise IllegalActionError("undo is off in a competitive game (R12.3)")
        self._undo_one()
        self._journal()

    def _undo_one(self) -> None:
        line = self._record.line
        entry = line.pop()
        self._engine.undo()
        self._record.redo.append(entry)
        self._knowledge.stand_before(entry, line[-1] if line else None)
        self._clock_from_line()

    def redo(self) -> None:
        """Apply again the last action taken back (R12.4)."""
        if self._competitive:
            raise IllegalActionError("redo is off in a competitive game (R12.3)")
        if not self._record.redo:
            raise IllegalActionError("nothing to redo")
        self._redo_one()
        self._journal()

    def _redo_one(self) -> None:
        """The state is the one the entry was made in: its raw action applies as it is."""
        entry = self._record.redo.pop()
        self._engine.apply(entry.raw)
        self._record.line.append(entry)
        self._knowledge.stand_after(entry)
        self._clock_from_line()

    def _cut_to(self, ply: int) -> None:
        """Keep the first `ply` actions of the line, and nothing to redo, whatever the mode (an
        autosave journal continuing a save says so, `Game.load`)."""
        while len(self._record.line) > ply:
            self._undo_one()
        self._record.redo = []

    @property
    def ply(self) -> int:
        """How many actions have been applied since the initial position."""
        return len(self._record.line)

    def redo_actions(self) -> list[str]:
        """The actions redo() would apply, next first."""
        return [e.text for e in reversed(self._record.redo)]

    def history_with_redo(self, color: str | None = None) -> list[str]:
        """The history as if every redo action were applied again (the app shows the turns
        ahead after going back); the game is not changed."""
        if color is None and self._competitive and self.result is None:
            return self.history()  # raises: R12.3
        reader = None if color is None else rules.COLORS.index(color)
        return self._record.turns_with_redo(reader)

    def goto(self, ply: int) -> None:
        """Undo or redo to `ply` actions from the initial position (R12.4); the core's undo and
        the kept entries, so any ply of a long game is reached at once."""
        if self._competitive:
            raise IllegalActionError("going back is off in a competitive game (R12.3)")
        record = self._record
        total = len(record.line) + len(record.redo)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= total:
            raise IllegalActionError(f"goto: ply {ply!r} is outside 0..{total}")
        while len(record.line) > ply:
            self._undo_one()
        while len(record.line) < ply:
            self._redo_one()
        self._journal()

    def copy_at(self, ply: int) -> "Game":
        """An independent copy standing after the first `ply` actions of the line and its redo
        line (0 .. len(actions()) + len(redo_actions())), for looking back at an earlier
        position: this game does not move. Allowed in a competitive game too (the copy is
        competitive: what a side may read of it is still its observation, R12.3)."""
        record = self._record
        total = len(record.line) + len(record.redo)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= total:
            raise IllegalActionError(f"copy_at: ply {ply!r} is outside 0..{total}")
        other = self.clone()
        line = other._record.line
        while len(line) > ply:
            other._undo_one()
        while len(line) < ply:
            other._redo_one()
        return other

    def variations(self) -> list[tuple[int, list[str]]]:
        """Abandoned lines: (the ply where each leaves the line it was played from, its
        actions)."""
        return [(ply, [e.text for e in entries]) for ply, entries in self._record.variations]

    def enter_variation(self, index: int) -> None:
        """Make variation `index` the current line; the line left becomes a variation."""
        record = self._record
        if not 0 <= index < len(record.variations):
            raise IllegalActionError(f"no variation {index}")
        ply, entries = record.take_variation(index)
        recorder, self._recorder = self._recorder, None
        try:
            self.goto(ply)
            if record.redo:
                record.keep_variation(ply, record.redo[::-1])
            record.redo = entries[::-1]  # made on this very state: applied again as they are
            while record.redo:
                self._redo_one()
        finally:
            self._recorder = recorder
        self._journal(rewrite=True)

    # --- the record (R12.2, R12.3) ---------------------------------------------------------------

    def history(self, color: str | None = None) -> list[str]:
        """One RULES.md R12.2 turn string per finished turn (actions in the fixed order).

        With `color`, the history as that side may read it: a hidden piece's Move shows as
        `MV:?` (a hidden carrier's Move with a passenger it saw: as the passenger's Move), its
        other actions and the results nobody of that side could see are left out (R12.3). A competitive game shows the full history only once it is over.
        """
        if color is None and self._competitive and self.result is None:
            raise IllegalActionError("a competitive game shows each side its own history "
                                     "until the game ends (R12.3): history(color)")
        return self._record.turns(None if color is None else rules.COLORS.index(color))

    def action_notes(self, color: str | None = None, start: int = 0, *,
                     ahead: bool = False) -> list[ActionNote]:
        """The actions from index `start` of the line on, one `ActionNote` each, as `color` may
        read them (None: in full; refused in a competitive game until it ends, as `history`);
        with `ahead`, the actions redo would bring back follow. Only the actions asked for are
        read, so a move list kept up to date action by action costs the same in a long game."""
        if color is None and self._competitive and self.result is None:
            raise IllegalActionError("a competitive game shows each side its own record "
                                     "until the game ends (R12.3): action_notes(color)")
        return self._notes(color, start, ahead)

    def full_action_notes(self, start: int = 0, *, ahead: bool = False) -> list[ActionNote]:
        """Every action in full, whatever the mode (a spectator of computer vs computer)."""
        return self._notes(None, start, ahead)

    def _notes(self, color: str | None, start: int, ahead: bool) -> list[ActionNote]:
        if color is not None and color not in rules.COLORS:
            raise IllegalActionError(f"action_notes: {color!r} is not black or white")
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            raise IllegalActionError(f"action_notes: start {start!r} is not a ply")
        reader = None if color is None else rules.COLORS.index(color)
        return self._record.notes(reader, start, ahead)

    def full_history(self) -> list[str]:
        """The full record, whatever the mode (for save files)."""
        return self._record.turns(None)

    # --- hidden information (R10) ------------------------------------------------------------

    @property
    def competitive(self) -> bool:
        """R12.3: no undo; each side's history hides what it could not see."""
        return self._competitive

    def set_competitive(self) -> None:
        """Switch the game to competitive mode (R12.3); it cannot be switched back."""
        self._competitive = True

    def can_see(self, color: str, row: int, col: int, level: str) -> list[PieceInfo]:
        """The pieces at that level of that square that `color` can see."""
        return can_see(self._engine, color, row, col, level)

    def observation(self, color: str) -> Observation:
        """What `color` may know now (R10.6): own pieces, the enemy pieces it sees, all ground
        articles, projectiles, enemy reserves as markers, its history, its last sightings."""
        if color not in rules.COLORS:
            raise IllegalActionError(f"observation: {color!r} is not black or white")
        side = rules.COLORS.index(color)
        parts = observed(self._engine, self._knowledge, color,
                         position_dict(self._engine, self._options),
                         self.projectiles(), self._knows_enemy_primary_lost(side))
        return Observation(self, color, history=self.history(color), **parts)

    # --- clocks (wec.game.clock) -----------------------------------------------------------------

    @property
    def clock(self) -> ClockReading | None:
        """The clocks now (None: a game without clocks)."""
        c = self._clock
        if c is None:
            return None
        out = c.flagged(self._engine.side)
        running = None if self.result is not None else self.to_move
        return ClockReading(c.control, c.left[0], c.left[1], running,
                            None if out is None else rules.COLORS[out])

    @property
    def flagged(self) -> str | None:
        """The side that lost on time (its clock ran out), or None."""
        reading = self.clock
        return None if reading is None else reading.flagged

    def set_time_control(self, control: TimeControl | None) -> None:
        """Give the game clocks (each side `control.base_seconds`) or none; only before its
        first action, as it becomes part of the position it starts from."""
        if self._record.line or self._record.redo:
            raise IllegalActionError("clocks are set before the first action")
        self._clock = None if control is None else Clock(control)
        self._initial = self.position()

    def charge(self, seconds: float) -> None:
        """Charge `seconds` the side to move spent to its clock (the caller measures time: the
        facade never reads the wall clock). A clock that reaches 0 ends the game: the side to
        move loses on time (`flagged`, `result`). Nothing happens without clocks or once the
        game is over."""
        seconds = seconds_left(seconds, "charge")
        if self._clock is not None and self.result is None:
            self._clock.spend(self._engine.side, seconds)

    def clock_marks(self, start: int = 0) -> list[list[float]] | None:
        """The seconds left per side ([black, white]) after each action of the line from index
        `start` on, as saves and autosave journals keep them; None without clocks."""
        if self._clock is None:
            return None
        return [list(e.clock or self._clock.marks()) for e in self._record.line[start:]]

    def restore_clock(self, marks: list[Any], start: int, now: Any = None) -> None:
        """Loading: the clocks after each action from index `start` on (`clock_marks`), then
        (`now`: [black, white]) the seconds left at the moment the game was saved. ValueError
        names a bad mark."""
        if self._clock is None:
            raise ValueError("the game has no clocks")
        mark_entries(self._record.line, marks, start)
        self._clock_from_line()
        if now is not None:
            self._clock.left = list(marks_of(now, "remaining"))

    def _clock_from_line(self) -> None:
        """Undo, redo, loading: the clocks as they were after the line's last action."""
        if self._clock is None:
            return
        line = self._record.line
        mark = line[-1].clock if line else None
        if mark is None:
            mark = tuple(self._initial["clock"]["remaining"][c] for c in rules.COLORS)
        self._clock.left = list(mark)

    # --- saving (docs/FORMATS.md, wec.game.savefile) --------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game to a save file, atomically."""
        write_atomically(path, savefile.save_text(self))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "Game":
        """A game from a save file (and its autosave journal, if one continues it); every
        problem raises SaveFormatError naming the field/ply."""
        for attempt in range(3):
            journals = savefile.read_journals(path) if isinstance(path, (str, os.PathLike)) \
                else []
            data = savefile.read_save_file(path)
            game = savefile.game_from_save(data, cls.from_position)
            found = savefile.journal_for(journals, data)
            if found is not None:
                savefile.replay_journal(game, *found, cut_to=game._cut_to)
            if found is not None or not journals:
                break  # else: an autosave fold replaced the files meanwhile; read them again
        return game

    @property
    def recorder(self) -> Recorder | None:
        """What is told of each change of the line of play (an autosave), or None."""
        return self._recorder

    def attach_recorder(self, recorder: Recorder | None) -> None:
        """Tell `recorder` of every change of the line of play from now on (None: nobody): it
        is called after each action, undo, redo, goto and variation entered. A clone has
        none."""
        self._recorder = recorder

    def _journal(self, *, rewrite: bool = False) -> None:
        if self._recorder is not None:
            self._recorder.record(rewrite=rewrite)

    def _knows_enemy_primary_lost(self, side: int) -> bool:
        """R11.1 counts the primary pieces lost this turn; a side knows of an enemy's loss only
        if it could read it (R12.3). The turn's entries are read back to the last End Turn
        (whose journeys belong to this turn); a loss from before this game's record began is
        known from the position it started from."""
        for entry in reversed(self._record.line):
            losses = [who for color, who in entry.primary if color != side]
            if losses:
                return any(side in who for who in losses)
            if entry.name == "END":
                return False
        return True

    def undo_turn(self) -> None:
        """Take back actions up to and including the last End Turn (or to the turn's start)."""
        line = self._record.line
        if not line:
            raise IllegalActionError("nothing to undo")
        if self._competitive:
            raise IllegalActionError("undo is off in a competitive game (R12.3)")
        self._undo_one()
        while line and line[-1].name != "END":
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


def perft_roots(game: Game, mode: str = "moves") -> list[tuple[str, ActionRecord]]:
    """The root's children as the core's perft makes them (to split a count, e.g. for a
    progress bar or `wec perft --divide`): in moves mode each Move (or Doze), followed by End
    Turn; in actions mode each legal action. (text, the core's action) pairs."""
    texts = {raw: str(action) for action, raw in game._legal()}
    roots = game._engine.legal(moves_only=mode == "moves")
    return [(texts.get(raw, repr(raw)), raw) for raw in roots]


def perft_below(game: Game, root: ActionRecord, depth: int, mode: str = "moves") -> int:
    """perft(depth) of the child reached by `root` (one of `perft_roots`; and End Turn in moves
    mode), on the game's own core state, which is unwound afterwards; -1 if `perft_stop` ended
    it."""
    engine = game._engine
    steps = [root] + ([ActionRecord(ACT_END)] if mode == "moves" else [])
    for step in steps:
        engine.apply(step)
    try:
        return int(engine.perft(depth, mode))
    finally:
        for _ in steps:
            engine.undo()


def perft_stop(game: Game) -> None:
    """Stop a perft of `game` counting in another thread: the core's count unwinds within
    milliseconds (and returns -1 if it had not finished)."""
    game._engine.perft_stop()


def _named_pieces(engine: Engine, raw: ActionRecord) -> list[int]:
    """The pieces an action's record names, known before it is made."""
    kind, pid, passenger, target = raw.kind, raw.pid, raw.passenger, raw.target
    out = [pid] if pid >= 0 else []
    if passenger >= 0 and kind in (ACT_MOVE, ACT_DOZE):
        out.append(passenger)
    if target >= 0 and kind in (ACT_FIRE, ACT_EXCHANGE):
        out.append(target)
    return out


def _dozed(engine: Engine, raw: ActionRecord) -> tuple[int, ...]:
    """The pieces of a doze group (R4.11), in group order: by square, then piece id."""
    group = raw.group
    sq = engine.piece(raw.pid).sq
    row, col = square_of(sq)
    squares = sorted((row + dr, col + dc) for d, (dr, dc) in enumerate(rules.DIRECTIONS)
                     if (group >> d) & 1)
    return tuple(q for r, c in squares for q in sorted(engine.occupants(square_index(r, c), 0)))


def _primary_losses(events: list[EventRecord], pieces: dict[int, PieceRecord], vis_before: tuple,
                    vis_after: tuple, mover: int) -> list[tuple[int, frozenset[int]]]:
    """R11.1: the primary pieces an action removed or converted, with the sides that know."""
    out = []
    for e in events:
        pid = e.pid
        if e.kind not in (EV_REMOVED, EV_CONVERTED) or pid not in pieces:
            continue
        raw = pieces[pid]
        if rules.PIECE_TYPES[raw.type].role != "primary":
            continue
        who = {raw.color, mover}  # the owner, and the side that acted
        for side in (0, 1):
            for mask in (vis_before[side], vis_after[side]):
                if pid < len(mask) and mask[pid]:
                    who.add(side)
        out.append((raw.color, frozenset(who)))
    return out
