"""Weapon Chess as an OpenSpiel game (`pip install .[openspiel]`).

Importing this module registers the game ``python_weapon_chess`` with ``pyspiel``::

    import pyspiel, wec.openspiel
    game = pyspiel.load_game("python_weapon_chess", {"max_turns": 100})

The game is sequential, deterministic (RULES.md has no chance events), two-player, zero-sum and of
imperfect information (R10). Player 0 is Black, which moves first (R1.4); player 1 is White. One
OpenSpiel action is one facade action (`wec.Action`), End Turn included; a turn is 2 to 8 actions
(R6.1: one Move, up to two Fires, one Pickup, Drop, Exchange and Reinforce, End Turn). The game
ends by RULES.md R11 (+1 / -1 returns), or as a draw (0 / 0) when turn ``max_turns`` is over, so
``max_game_length`` is ``8 * max_turns``. Parameters: ``max_turns`` (default 200) and
``scenario`` (a name from ``wec.rules.scenarios``, default ``"standard"``).

Observations show what a side may know (R10.6): ``observation_string`` (from
``Game.observation(colour)``) and ``observation_tensor`` (the planes of ``wec.game.planes``, the
same as ``wec.rl``'s, docs/RL.md) what it sees now; ``information_state_string`` adds the history
as that side may read it (R12.3), action by action, and ``information_state_tensor`` the same
history as one fixed-size step per possible action (``information_state_size``, docs/RL.md).

Action ids (the codec)
----------------------
Every id below ``NUM_DISTINCT_ACTIONS`` (5,866,901) is a *kind* and a tuple of fields in a fixed
mixed-radix layout (``CODEC``, most significant field first; ``describe(id)`` /
``action_id(kind, **fields)`` convert, and that conversion is a bijection on the whole range):

=========  ==========================================================================  =========
kind       fields (radix)                                                                    ids
=========  ==========================================================================  =========
end        (none)                                                                              1
move       square 100, level 3, slot 2, dest_square 100, dest_level 3,                   360,000
           passenger 2
doze       square 100, slot 2, direction 8, group 256                                    409,600
fire       square 100, level 3, slot 2, weapon 6 (FL ST CS RL SL TL), direction 8         28,800
fire_at    square 100, level 3, slot 2, weapon 3 (RL SL TL), target_square 100,          360,000
           target_slot 2
transport  square 100, level 3, slot 2, article 3 (BI JU SC), dest_square 100,           360,000
           path 2 (beeline, dogleg)
pickup     square 100, level 3, slot 2, article 18                                        10,800
drop       square 100, level 3, slot 2, article 18                                        10,800
exchange   square 100, level 3, slot 2, give 3, swap 4, target_square 100,             4,320,000
           target_level 3, target_slot 2
reinforce  square 100, type 23, hand 3 (none, left, right)                                 6,900
=========  ==========================================================================  =========

``square`` is ``(row - 1) * 10 + (col - 1)``; levels G A S are 0 1 2; directions are the indices
of ``wec.rules.DIRECTIONS``; a doze ``group`` has bit d set when the neighbour square in
direction d is dozed; articles and types are indices of ``wec.rules.ARTICLES`` /
``PIECE_TYPES``. A fire's target level is the weapon's level (RL Ground, SL Air, TL Sub; R7.6,
R7.9). Three fields name things only the state can resolve, all from what the acting side sees:

* ``slot`` / ``target_slot``: two pieces of one side may share a level (R3.1); the slot is the
  rank (0 or 1) of the piece's R12.2 text among the distinct texts of that side's pieces, visible
  to the acting side, at that square and level. Identical texts are one action (docs/FORMATS.md).
* ``give`` / ``swap`` (exchange): the rank of the article among the distinct article codes the
  giving piece carries (at most 3, R5.1); ``swap`` 0 is a one-way transfer, else 1 + the rank in
  the other piece's articles.

So in a given state the map from legal actions to ids is one-to-one (``legal_ids`` raises
``CodecError`` on a collision; the tests check it over random games), and ``decode(game, id)``
gives back the action with exactly its text.
"""
from __future__ import annotations

import time
from typing import Any, Iterable

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError("wec.openspiel needs the optional OpenSpiel package: "
                      "pip install 'wec[openspiel]' (open_spiel>=1.5)") from e

from wec import rules
from wec._core import codec
from wec.ai.player import AI
from wec.game.action import Action
from wec.game.actionlist import Snapshot, piece_brief, core_brief, brief_text, pending
from wec.game.coredata import (ACT_DOZE, ACT_DROP, ACT_END, ACT_EXCHANGE, ACT_FIRE, ACT_MOVE,
                       ACT_PICKUP, ACT_REINFORCE, ActionRecord, PieceRecord, piece_info)
from wec.game.errors import IllegalActionError, WecError
from wec.game.game import Game
from wec.game.planes import LAYOUT, SHAPE, Views, channel_slices
from wec.game.position import position_dict, square_of
from wec.game.recall import STEP_SIZE, Recalls, step_text
from wec.game.textview import render
from wec.rules import scenarios

GAME_NAME = "python_weapon_chess"
MAX_ACTIONS_PER_TURN = 8  # R6.1: Move, 2 Fires, Pickup, Drop, Exchange, Reinforce, End Turn
DEFAULT_PARAMS = {"max_turns": 200, "scenario": "standard"}


class CodecError(WecError):
    """An action the codec cannot number, or two legal actions with one id (a bug)."""


# --- the codec: fixed mixed-radix layout ----------------------------------------------------------

_PIECE = (("square", 100), ("level", 3), ("slot", 2))
CODEC: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = (
    ("end", ()),
    ("move", _PIECE + (("dest_square", 100), ("dest_level", 3), ("passenger", 2))),
    ("doze", (("square", 100), ("slot", 2), ("direction", 8), ("group", 256))),
    ("fire", _PIECE + (("weapon", 6), ("direction", 8))),
    ("fire_at", _PIECE + (("weapon", 3), ("target_square", 100), ("target_slot", 2))),
    ("transport", _PIECE + (("article", 3), ("dest_square", 100), ("path", 2))),
    ("pickup", _PIECE + (("article", len(rules.ARTICLES)),)),
    ("drop", _PIECE + (("article", len(rules.ARTICLES)),)),
    ("exchange", _PIECE + (("give", 3), ("swap", 4), ("target_square", 100),
                           ("target_level", 3), ("target_slot", 2))),
    ("reinforce", (("square", 100), ("type", len(rules.PIECE_TYPES)), ("hand", 3))),
)


def _size(fields: Iterable[tuple[str, int]]) -> int:
    n = 1
    for _, radix in fields:
        n *= radix
    return n


_BASE: dict[str, int] = {}
_FIELDS: dict[str, tuple[tuple[str, int], ...]] = {}
_start = 0
for _kind, _fields in CODEC:
    _BASE[_kind], _FIELDS[_kind] = _start, _fields
    _start += _size(_fields)
NUM_DISTINCT_ACTIONS = _start
_KINDS_BY_BASE = sorted(((base, kind) for kind, base in _BASE.items()), reverse=True)
_CORE_BASES = tuple(_BASE[kind] for kind in ("end", "move", "doze", "fire", "fire_at",
                                              "transport", "pickup", "drop", "exchange",
                                              "reinforce"))
"""The kinds' first ids in the order the core's codec (wec._core.codec.codec_ids) takes them."""

FIRE_WEAPONS = ("FL", "ST", "CS", "RL", "SL", "TL")   # directional fire, article kinds 1..6
AT_WEAPONS = ("RL", "SL", "TL")                       # homing SAM/Torpedo, jet/sub rocket
TRANSPORTS = ("BI", "JU", "SC")                       # fire codes of article kinds 7..9


def action_id(kind: str, **fields: int) -> int:
    """The id of a kind and its fields (see the module docstring)."""
    if kind not in _FIELDS:
        raise CodecError(f"unknown action kind {kind!r}")
    spec = _FIELDS[kind]
    if set(fields) != {name for name, _ in spec}:
        raise CodecError(f"{kind}: fields {sorted(fields)} != {[n for n, _ in spec]}")
    value = 0
    for name, radix in spec:
        v = fields[name]
        if not 0 <= v < radix:
            raise CodecError(f"{kind}: {name}={v} outside 0..{radix - 1}")
        value = value * radix + v
    return _BASE[kind] + value


def describe(action: int) -> tuple[str, dict[str, int]]:
    """The kind and fields of an id (the inverse of ``action_id``)."""
    if not 0 <= action < NUM_DISTINCT_ACTIONS:
        raise CodecError(f"action id {action} outside 0..{NUM_DISTINCT_ACTIONS - 1}")
    for base, kind in _KINDS_BY_BASE:
        if action >= base:
            break
    value = action - base
    fields: dict[str, int] = {}
    for name, radix in reversed(_FIELDS[kind]):
        value, fields[name] = divmod(value, radix)
    return kind, {name: fields[name] for name, _ in _FIELDS[kind]}


def describe_text(action: int) -> str:
    """A readable form of an id without a state, e.g. ``move(square=18, level=0, ...)``."""
    kind, fields = describe(action)
    return kind + "(" + ", ".join(f"{k}={v}" for k, v in fields.items()) + ")"


# --- numbering the legal actions of a state -------------------------------------------------------

class _Numberer:
    """Numbers the core's actions (wec._core ``Engine.legal()`` records) of one state."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.side = engine.side
        self._pieces: dict[int, PieceRecord] = {}
        self._slots: dict[int, int] = {}

    def piece(self, pid: int) -> PieceRecord:
        raw = self._pieces.get(pid)
        if raw is None:
            raw = self._pieces[pid] = self.engine.piece(pid)
        return raw

    def slot(self, pid: int) -> int:
        """Rank of the piece's text among its side's visible pieces sharing its level."""
        found = self._slots.get(pid)
        if found is not None:
            return found
        raw = self.piece(pid)
        color = raw.color
        others = [q for q in self.engine.occupants(raw.sq, raw.level)
                  if q != pid and self.piece(q).color == color
                  and (color == self.side or self.engine.can_see(self.side, q))]
        rank = 0
        if others:
            me = _piece_text(raw)
            texts = sorted({me, *(_piece_text(self.piece(q)) for q in others)})
            rank = texts.index(me)
        self._slots[pid] = rank
        return rank

    def ref(self, pid: int) -> dict[str, int]:
        raw = self.piece(pid)
        return {"square": raw.sq, "level": raw.level, "slot": self.slot(pid)}

    def article_rank(self, pid: int, kind: int) -> int:
        kinds = sorted({k for k, _ in self.piece(pid).articles})
        return kinds.index(kind)

    def number(self, raw: ActionRecord) -> int:
        kind, pid, dest, art, target = raw.kind, raw.pid, raw.dest, raw.art, raw.target
        if kind == ACT_END:
            return _BASE["end"]
        if kind == ACT_REINFORCE:
            rtype, _, rsq, rhand, _, _ = self.engine.reserves()[target]
            return action_id("reinforce", square=rsq, type=rtype, hand=rhand)
        me = self.ref(pid)
        if kind == ACT_MOVE:
            return action_id("move", **me, dest_square=dest, dest_level=raw.dlevel,
                             passenger=int(raw.passenger >= 0))
        if kind == ACT_DOZE:
            if me["level"] != 0:
                raise CodecError(f"doze from level {me['level']}: {raw}")
            return action_id("doze", square=me["square"], slot=me["slot"], direction=raw.dir,
                             group=raw.group)
        if kind in (ACT_PICKUP, ACT_DROP):
            return action_id("pickup" if kind == ACT_PICKUP else "drop", **me, article=art - 1)
        if kind == ACT_EXCHANGE:
            other = self.ref(target)
            swap = 0 if not raw.art2 else 1 + self.article_rank(target, raw.art2)
            return action_id("exchange", **me, give=self.article_rank(pid, art), swap=swap,
                             target_square=other["square"], target_level=other["level"],
                             target_slot=other["slot"])
        if kind == ACT_FIRE:
            code = rules.FIRE_CODE[rules.ARTICLES[art - 1]]
            if code in TRANSPORTS:
                return action_id("transport", **me, article=TRANSPORTS.index(code),
                                 dest_square=dest, path=raw.path)
            if target >= 0:
                other = self.ref(target)
                weapon = AT_WEAPONS.index(code)
                if other["level"] != weapon:  # RL at Ground, SL in the Air, TL at Sub
                    raise CodecError(f"{code} fired at a piece at level {other['level']}: {raw}")
                return action_id("fire_at", **me, weapon=weapon,
                                 target_square=other["square"], target_slot=other["slot"])
            return action_id("fire", **me, weapon=FIRE_WEAPONS.index(code), direction=raw.dir)
        raise CodecError(f"no id for action kind {kind}: {raw}")


_TWIN_RANKS: dict[tuple, int] = {}


def _twin_rank(me: tuple, twin: tuple) -> int:
    """The codec slot of a piece beside a visible twin (core briefs): the rank of its text, as
    `_Numberer.slot` gives it, remembered per pair."""
    found = _TWIN_RANKS.get((me, twin))
    if found is None:
        mine, other = brief_text(piece_brief(me)), brief_text(piece_brief(twin))
        found = int(other < mine)
        if len(_TWIN_RANKS) > 100_000:
            _TWIN_RANKS.clear()
        _TWIN_RANKS[(me, twin)] = found
    return found


def _piece_text(raw: PieceRecord) -> str:
    """R12.2 Piece text of an Engine.piece record (the facade briefs, remembered per state of
    the piece)."""
    return brief_text(piece_brief(core_brief(raw)))


def legal_ids(game: Game) -> dict[int, ActionRecord]:
    """The side to move's legal actions as {id: the core's ActionRecord}; CodecError on a collision
    (two different action texts with one id)."""
    if game._engine.result != -1:
        return {}
    return _listed_ids(game)[0]


def _listed_ids(game: Game) -> tuple[dict[int, ActionRecord], Snapshot]:
    """`legal_ids` of a game that goes on, and the Snapshot of the pieces its actions name (for
    their texts, spelled out only when read)."""
    engine = game._engine
    numberer = _Numberer(engine)
    out: dict[int, ActionRecord] = {}
    raws = engine.legal()
    snap = Snapshot(engine, raws, (-1, 0), just_listed=True)
    twins = codec.codec_twins(engine, len(raws))
    slots = {pid: _twin_rank(*pair) for pid, pair in twins.items()}
    fast = codec.codec_ids(engine, len(raws), _CORE_BASES, slots)
    out = dict(zip(fast, raws))
    if len(out) == len(raws) and -1 not in out:
        return out, snap  # every action numbered by the core, no two alike
    out = {}
    for raw, aid in zip(raws, fast):
        if aid < 0:
            aid = numberer.number(raw)
        before = out.get(aid)
        if before is None:
            out[aid] = raw
        elif before != raw and str(game._to_action(before)) != str(game._to_action(raw)):
            raise CodecError(f"id {aid} names both {game._to_action(before)} and "
                             f"{game._to_action(raw)}")
    return out, snap


def encode(game: Game, action: Action | str) -> int:
    """The id of a legal action of `game` (an Action or its text)."""
    _, raw = game._find(action)
    return _Numberer(game._engine).number(raw)


def decode(game: Game, action: int) -> Action:
    """The legal action of `game` with this id; IllegalActionError if there is none."""
    raw = legal_ids(game).get(action)
    if raw is None:
        raise IllegalActionError(f"no legal action with id {action} ({describe_text(action)}) "
                                 f"for {game.to_move} now")
    return game._to_action(raw)


# --- the OpenSpiel game ---------------------------------------------------------------------------

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Weapon Chess (WEC)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(DEFAULT_PARAMS))


def _initial_position(scenario: str) -> dict[str, Any]:
    try:
        return scenarios.load(scenario)
    except KeyError as e:
        raise ValueError(str(e)) from None


class WeaponChessGame(pyspiel.Game):
    """Weapon Chess for OpenSpiel; parameters ``max_turns`` and ``scenario``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**DEFAULT_PARAMS, **(params or {})}
        self.max_turns = int(merged["max_turns"])
        if self.max_turns < 1:
            raise ValueError(f"max_turns must be >= 1, got {self.max_turns}")
        self.scenario = str(merged["scenario"])
        self.initial_position = _initial_position(self.scenario)
        self.initial_game = Game.from_position(self.initial_position)
        """The initial state's facade game: every new state starts from a clone of it."""
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_DISTINCT_ACTIONS,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_ACTIONS_PER_TURN * self.max_turns)
        super().__init__(_GAME_TYPE, info, merged)

    def new_initial_state(self) -> "WeaponChessState":
        return WeaponChessState(self)

    def state_from_game(self, game: Game) -> "WeaponChessState":
        """A state at `game`'s current position (its history starts there)."""
        return WeaponChessState(self, game.position())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "WecObserver":
        return WecObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                           params, self.max_turns)


class _Mechanics:
    """The game the state plays in; copied cheaply (`Game.clone`, a copy of the core's state)
    when the state is cloned."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict) -> "_Mechanics":
        return _Mechanics(self.game.clone())  # a copy of the core's state, never a replay

    def __reduce__(self) -> tuple:  # pickling (OpenSpiel's serialize test) keeps the position
        # the core's state alone: this game is played on the core, so the facade's knowledge
        # (the position's `sightings`) was never kept up; the full game rebuilds its own
        return _mechanics_from_position, (position_dict(self.game._engine, self.game.options),)


class _Cloned:
    """A facade Game (or the sides' Views) copied with the state by its `clone()` (a copy of
    the core's state): a cloned state need not replay its history to observe; a pickled one
    rebuilds it when asked."""

    def __init__(self, value: Any = None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict) -> "_Cloned":
        return _Cloned(None if self.value is None else self.value.clone())

    def __reduce__(self) -> tuple:
        return _Cloned, ()


class _Played(list):
    """The actions played from the initial position (listed actions, spelled out only when read:
    most states never build the facade game that replays them); a copy of the state shares the
    actions (immutable) and copies only the list."""

    def __deepcopy__(self, memo: dict) -> "_Played":
        return _Played(self)


class _Lazy:
    """A value not copied with the state (rebuilt on demand)."""

    def __init__(self, value: Any = None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict) -> "_Lazy":
        return _Lazy()

    def __reduce__(self) -> tuple:
        return _Lazy, ()


class _Shared:
    """A value that never changes, shared by a state and its clones (not copied)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict) -> "_Shared":
        return self


def _mechanics_from_position(position: dict[str, Any]) -> _Mechanics:
    return _Mechanics(Game.from_position(position))


class WeaponChessState(pyspiel.State):
    """One state: the engine plays the actions; the full facade game (with the sightings and the
    record that observations need) is rebuilt from the action texts only when asked for."""

    def __init__(self, game: WeaponChessGame, position: dict[str, Any] | None = None) -> None:
        super().__init__(game)
        self._max_turns = game.max_turns
        self._initial = _Shared(position if position is not None else game.initial_position)
        self._mech = _Mechanics(Game.from_position(position) if position is not None
                                else game.initial_game.clone())
        self._played = _Played()
        self._legal = _Lazy()   # (ply, {id: raw}, the Snapshot of the list)
        self._full = _Cloned()  # the facade Game with its record (for observations)
        self._views = _Cloned()  # the sides' Views (wec.game.planes), once tensors are asked
        self._recalls = _Cloned()  # the sides' encoded history steps (wec.game.recall)

    # --- helpers ---------------------------------------------------------------------------------

    @property
    def wec_game(self) -> Game:
        """The engine-level game (its record starts at this state's initial position)."""
        return self._mech.game

    def _listed(self) -> tuple[int, dict[int, ActionRecord], Snapshot | None]:
        cached = self._legal.value
        if cached is None or cached[0] != len(self._played):
            if self.is_terminal():
                cached = (len(self._played), {}, None)
            else:
                cached = (len(self._played), *_listed_ids(self._mech.game))
            self._legal.value = cached
        return cached  # type: ignore[no-any-return]

    def _ids(self) -> dict[int, ActionRecord]:
        return self._listed()[1]

    def full_game(self) -> Game:
        """The facade game of this state with its full record (for observations)."""
        full = self._full.value
        if full is None:
            full = Game.from_position(self._initial.value)
            self._full.value = full
        for action in self._played[full.ply:]:
            full.apply(action)
        return full

    def _capped(self) -> bool:
        return self._mech.game._engine.turn > self._max_turns

    # --- the OpenSpiel API -----------------------------------------------------------------------

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self._mech.game._engine.side

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.current_player():
            return []
        return sorted(self._ids())

    def _apply_action(self, action: int) -> None:
        _, ids, snap = self._listed()
        raw = ids.get(action)
        if raw is None:
            raise IllegalActionError(f"action id {action} ({describe_text(action)}) is not legal")
        self._mech.game._engine.apply(raw)
        if self._views.value is not None:
            self._views.value.update(self._mech.game._engine)
        self._played.append(pending(snap, [raw])[0])  # type: ignore[arg-type]

    def planes(self, player: int, out: np.ndarray | None = None) -> np.ndarray:
        """The player's observation planes (wec.game.planes), into `out` when given."""
        views = self._views.value
        if views is None:  # the first time: the sightings of the actions played so far
            replay = Game.from_position(self._initial.value)
            views = Views(replay._engine, self._max_turns)
            for action in self._played:
                replay._engine.apply(replay._find(action)[1])
                views.update(replay._engine)
            self._views.value = views
        return views.planes(self._mech.game._engine, player, out)

    def recall(self, player: int, out: np.ndarray) -> None:
        """The player's history steps (wec.game.recall), read from its own record, into `out`
        (max_game_length x STEP_SIZE)."""
        recalls = self._recalls.value
        if recalls is None:
            recalls = self._recalls.value = Recalls()
        recalls.sides[player].fill(self.full_game(), out)

    def _action_to_string(self, player: int, action: int) -> str:
        raw = None if self.is_terminal() else self._ids().get(action)
        if raw is not None:
            return str(self._mech.game._to_action(raw))
        return describe_text(action)

    def is_terminal(self) -> bool:
        engine = self._mech.game._engine  # asked many times per action by pyspiel: kept short
        return engine.result != -1 or engine.turn > self._max_turns

    def returns(self) -> list[float]:
        result = self._mech.game.result
        if result in (None, "draw"):
            return [0.0, 0.0]
        return [1.0, -1.0] if result == "black" else [-1.0, 1.0]

    def __str__(self) -> str:
        """The whole true state, in an order that does not depend on the engine's piece ids
        (a clone is built from the position and numbers its pieces afresh)."""
        game = self._mech.game
        pieces = sorted((p.row, p.col, "GAS".index(p.level), p.color, p.text(), p.stun,
                         p.journey or (), p.fired) for p in game.pieces())
        lines = [f"turn {game.turn}, {game.to_move} to move, moved {game.moved}, "
                 f"result {game.result}, ply {len(self._played)}"]
        lines += [f"{color[0]}:{text}" + (f" stun {stun}" if stun else "") +
                  (f" journey {journey}" if journey else "") + (" fired" if fired else "")
                  for _, _, _, color, text, stun, journey, fired in pieces]
        lines.append("articles: " + " ".join(
            f"{a}({r},{c})" for r in range(1, 11) for c in range(1, 11)
            for a in sorted(game.articles_at(r, c))))
        lines.append("projectiles: " + " ".join(
            f"{p.kind}({p.square[0]},{p.square[1]}){p.owner[0]}" for p in game.projectiles()))
        lines.append("reserves: " + " ".join(sorted(
            f"{r['color'][0]}:{r['type']}({r['square'][0]},{r['square'][1]})"
            + ("+" if r["armed"] else "") + ("=" if r["entered"] else "")
            for r in game.reserves())))
        return "\n".join(lines)


# --- observations -------------------------------------------------------------------------------

OBSERVATION_SHAPE = SHAPE
"""The observation tensor: one side's planes (wec.game.planes, docs/RL.md)."""


def information_state_size(max_turns: int) -> int:
    """The information-state tensor's length: the observation planes, then one history step of
    STEP_SIZE floats (wec.game.recall) per possible action, max_game_length of them."""
    return SHAPE[0] * 100 + MAX_ACTIONS_PER_TURN * max_turns * STEP_SIZE


_PUBLIC = ("ground_articles", "projectiles", "turn")


class WecObserver:
    """The PyObserver of the game: the planes of wec.game.planes (``OBSERVATION_SHAPE``, named
    views in ``dict``; the public observation keeps the public groups), with perfect recall
    also the side's history as it read it (``information_state_size``), and strings, from what
    the side sees (R10.6)."""

    def __init__(self, iig_obs_type: Any, params: Any, max_turns: int) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Weapon Chess has no observation of every player's private "
                             "information; use the single-player or public observation")
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = iig_obs_type.public_info
        self.perfect_recall = iig_obs_type.perfect_recall
        self.max_turns = max_turns
        names = [(n, k) for n, k in LAYOUT if self.private or n in _PUBLIC]
        steps = MAX_ACTIONS_PER_TURN * max_turns if self.perfect_recall and self.private else 0
        self.tensor = np.zeros(sum(k for _, k in names) * 100 + steps * STEP_SIZE, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, k in names:
            self.dict[name] = self.tensor[start * 100:(start + k) * 100].reshape(k, 10, 10)
            start += k
        if steps:  # one slot per action of the longest game (wec.game.recall, docs/RL.md)
            self.dict["history"] = self.tensor[start * 100:].reshape(steps, STEP_SIZE)
        self._planes = np.zeros(SHAPE, np.float32)
        self._groups = channel_slices()

    def set_from(self, state: WeaponChessState, player: int) -> None:
        if self.private:  # the planes come first in the tensor, in LAYOUT order
            state.planes(player, self.tensor[:SHAPE[0] * 100].reshape(SHAPE))
        else:
            state.planes(player, self._planes)
            for name in _PUBLIC:
                self.dict[name][:] = self._planes[self._groups[name]]
        if "history" in self.dict:
            state.recall(player, self.dict["history"])

    def string_from(self, state: WeaponChessState, player: int) -> str:
        game = state.full_game()
        color = rules.COLORS[player]
        if not self.private:
            return _public_string(game)
        obs = game.observation(color)
        text = _observation_string(obs, color)
        if self.perfect_recall:  # the steps the tensor encodes, as words (wec.game.recall)
            text = ("history: " + " ".join(step_text(n) for n in game.action_notes(color)) +
                    "\n" + text)
        return text


def _public_string(game: Game) -> str:
    arts = " ".join(f"{a}({r},{c})" for r in range(1, 11) for c in range(1, 11)
                    for a in game.articles_at(r, c))
    projs = " ".join(f"{p.kind}({p.square[0]},{p.square[1]}){p.owner[0]}"
                     for p in game.projectiles())
    return (f"turn {game.turn}, {game.to_move} to move, moved {game.moved}, "
            f"result {game.result}\narticles: {arts}\nprojectiles: {projs}")


def _observation_string(obs: Any, color: str) -> str:
    pieces = " ".join(sorted(f"{p.color[0]}:{p.text()}" + (f"!{p.stun}" if p.stun else "")
                             for p in obs.pieces()))
    projs = " ".join(f"{p.kind}({p.square[0]},{p.square[1]}){p.owner[0]}"
                     for p in obs.projectiles())
    reserves = " ".join(f"{r['color'][0]}:{r['type'] or '?'}({r['square'][0]},{r['square'][1]})"
                        + ("+" if r.get("armed") else "")
                        for r in obs.reserves() if not r.get("entered"))
    seen = " ".join(f"{s.type or '?'}({s.square[0]},{s.square[1]}){s.level}@{s.turn}"
                    for s in obs.last_seen())
    return (f"{color} observes\n{render(obs)}\npieces: {pieces}\nprojectiles: {projs}\n"
            f"reserves: {reserves}\nlast seen: {seen}")


pyspiel.register_game(_GAME_TYPE, WeaponChessGame)


# --- OpenSpiel's MCTS as a `wec match` player -----------------------------------------------------

class FastRolloutEvaluator(mcts.RandomRolloutEvaluator):
    """OpenSpiel's random-rollout evaluator, played on the engine directly: each rollout plays
    uniformly random legal actions to the end of the game (or its turn cap), like
    ``RandomRolloutEvaluator``, without numbering every action of every rollout state. After
    ``deadline`` (time.monotonic()) it returns 0 without rolling out."""

    def __init__(self, n_rollouts: int = 1, random_state: Any = None) -> None:
        super().__init__(n_rollouts=n_rollouts, random_state=random_state)
        self.deadline = float("inf")

    def evaluate(self, state: WeaponChessState) -> np.ndarray:
        if time.monotonic() > self.deadline:
            return np.zeros(2)
        total = np.zeros(2)
        for _ in range(self.n_rollouts):
            engine = Game.from_position(state.wec_game.position())._engine
            cap = state._max_turns
            while engine.result == -1 and engine.turn <= cap:
                legal = engine.legal()
                engine.apply(legal[self._random_state.randint(len(legal))])
            if engine.result in (0, 1):
                total += (1.0, -1.0) if engine.result == 0 else (-1.0, 1.0)
        return total / self.n_rollouts


class TimedMCTSBot(mcts.MCTSBot):
    """MCTSBot with a time budget per decision: the number of simulations is set from the
    simulation rate measured in the previous searches, and rollouts stop at the deadline."""

    def __init__(self, game: WeaponChessGame, seconds: float, *, uct_c: float = 2.0,
                 seed: int | None = 0) -> None:
        rng = np.random.RandomState(seed)
        self.evaluator_fast = FastRolloutEvaluator(random_state=rng)
        super().__init__(game, uct_c, 8, self.evaluator_fast, random_state=rng, solve=True)
        self.seconds = seconds
        self.rate: float | None = None  # simulations per second
        self.last_simulations = 0

    def mcts_search(self, state: Any) -> Any:
        """OpenSpiel's search within `seconds`: the simulation count follows the measured rate."""
        start = time.monotonic()
        if self.rate is not None:
            self.max_simulations = max(2, int(self.rate * self.seconds))
        self.evaluator_fast.deadline = start + self.seconds
        root = super().mcts_search(state)
        elapsed = max(time.monotonic() - start, 1e-3)
        self.last_simulations = root.explore_count
        rate = root.explore_count / elapsed
        self.rate = rate if self.rate is None else 0.5 * (self.rate + rate)
        return root


class MCTSPlayer:
    """``wec match`` player ``openspiel-mcts``: OpenSpiel's MCTSBot (random rollouts, UCT c=2)
    with a time budget of `seconds` per turn, shared out among the turn's actions like the AI's
    (most of it before the Move). Fair like the default AI: it searches a game built from its
    side's observation, hidden enemy pieces put back where they were last seen (R10.6)."""

    MOVE_SHARE = 0.6

    def __init__(self, seconds: float, seed: int | None = 0, max_turns: int = 200) -> None:
        self.seconds = seconds
        self.game = WeaponChessGame({"max_turns": max_turns})
        self.bot = TimedMCTSBot(self.game, seconds, seed=seed)
        self._viewer = AI(level=1, seconds=None, seed=seed, fair=True)
        self._turn_key: tuple | None = None
        self._turn_spent = 0.0

    def _share(self, game: Game) -> float:
        key = (game.turn, game.to_move)
        if key != self._turn_key:
            self._turn_key, self._turn_spent = key, 0.0
        left = max(self.seconds - self._turn_spent, 0.0)
        return max(left * (0.5 if game.moved else self.MOVE_SHARE), 0.005)

    def choose_action(self, game: Game, **_: object) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        started = time.monotonic()
        self.bot.seconds = self._share(game)
        try:
            view = self._viewer.view(game)
            state = self.game.state_from_game(view)
            choice = decode(view, self.bot.step(state))
        finally:
            self._turn_spent += time.monotonic() - started
        try:
            return game._find(str(choice))[0]
        except IllegalActionError:  # the view's guess of a hidden piece was wrong
            return legal[0]
