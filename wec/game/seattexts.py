"""Both sides' observations of one game as JSON text, after every action (the online server's
state frames): each side's text is `dumps(game.observation(side).position())`, and a piece's
entry is written again only when something it shows has changed since the last text.

A piece's entry in a side's view depends on the piece as the core holds it (its record and
hidden state) and, for an own piece, on where its locks' targets stand among the pieces the
side sees; an enemy piece at Air/Sub that is not at its own level is looked at anew each time
(whether its carrier is in view decides what it shows). So only the pieces whose core record
changed since the last text are read again (`wec._core.views.PieceWatch` keeps a copy of the
core's records), and the memory is, per side and piece id, what the view added to the entry
and its text: strings and tuples of plain values, which the garbage collector soon stops
looking at (a server holding many games runs its full passes over what they keep).

The rest of a view (the reserves, the projectiles, the turn state...) is written as
`wec.game.sightings.observed_around` makes it of `wec.game.position.position_around`, each
part again only when what it is made of changed (tests/game/test_seatviews*.py compare the
texts with the observations' along random games).
"""
from __future__ import annotations

from typing import Any, Callable, Collection

from wec import rules
from wec._core.views import PieceWatch
from wec.game.game import Game
from wec.game.position import article_entries, piece_entry, square_index, square_of
from wec.game.sightings import seen_entry

_OWN_LEVEL = tuple(rules.LEVELS.index(t.level) for t in rules.PIECE_TYPES)
"""By core type: the index of the level the type stands on by itself besides the Ground."""
_RESULTS = {-1: None, 0: "black", 1: "white", 2: "draw"}


class SeatTexts:
    """The two sides' observations of a game as JSON text (`texts`), remembering each piece's
    entry as last written. One per game: a new `Game` object starts it anew."""

    def __init__(self, dumps: Callable[[Any], str]) -> None:
        self.dumps = dumps
        """A value's JSON text (the texts are made of its pieces' texts)."""
        self._game: Game | None = None
        self._start()
        self._ground: tuple[list[tuple[int, int, int]], str] = ([], "[]")
        """The ground articles as last read and their text (the same for both sides)."""

    def _start(self) -> None:
        self._watch = PieceWatch()
        """The pieces as the core held them at the last text: only those changed since are
        read again."""
        self._facts: dict[int, tuple[int, bool, tuple[int, ...]]] = {}
        """Per live piece id: its side, whether an enemy's view of it is written anew each
        time (at Air/Sub, not its own level, no journey: whether its carrier is in view
        decides what it shows), its locks (piece ids)."""
        self._anew: set[int] = set()
        """The live pieces an enemy's view writes anew each time."""
        self._index_of: dict[int, int] = {}
        """Per live piece id, its index in the position (the live pieces in id order)."""
        self._written: list[tuple[dict[int, tuple | None], dict[int, str]]] = [({}, {}), ({}, {})]
        """Per side, by piece id: what its entry in the view added to the piece (its locks'
        indices) and the entry's text."""
        self._shown: list[tuple[list[int], list[str], dict[int, int]]] = [([], [], {}),
                                                                          ([], [], {})]
        """Per side, the pieces of its last view (ids), their texts, each id's place."""
        self._parts: dict[tuple[str, int], tuple[tuple, str]] = {}
        """The other parts of the views, by name and side: what each was last made of and its
        text."""

    def texts(self, game: Game) -> dict[str, str]:
        """{side: the JSON text of `game.observation(side).position()`} for both sides."""
        if game is not self._game:
            self._game = game
            self._start()
        # the facade's own parts, read as Game.observation reads them (as seatviews does)
        engine = game._engine
        read, moved = self._read_changed(engine)
        ground = engine.articles()
        if ground != self._ground[0]:
            self._ground = (ground, self.dumps(article_entries(ground)))
        shared = (tuple(engine.reserves()), tuple(engine.projectiles()), engine.turn_state())
        out = {}
        made: dict[int, dict[str, Any]] = {}
        for side, color in enumerate(rules.COLORS):
            visible_ids = engine.visible(side)  # in id order, as the position's pieces
            shown = self._shown[side]
            if not moved and visible_ids == shown[0]:  # the same pieces in the same places
                new_index = None
                parts, places = shown[1], shown[2]
                redo = [pid for pid in read if pid in places]
                redo += [pid for pid in self._anew if pid in places and self._facts[pid][0] != side]
            else:
                parts = [""] * len(visible_ids)
                places = {pid: i for i, pid in enumerate(visible_ids)}
                redo = visible_ids
            if redo or self._projectile_targets(shared[1]):
                new_index = {self._index_of[pid]: new for new, pid in enumerate(visible_ids)}
            if redo:
                self._write_pieces(engine, side, redo, read, parts, places, visible_ids,
                                   new_index, made)
            self._shown[side] = (visible_ids, parts, places)
            head, tail = self._around(game, engine, side, shared, new_index)
            out[color] = (f'{{{head},"pieces":[{",".join(parts)}],'
                          f'"articles":{self._ground[1]},{tail}}}')
        return out

    def _write_pieces(self, engine: Any, side: int, redo: list[int], read: dict[int, tuple],
                      parts: list[str], places: dict[int, int], visible_ids: list[int],
                      new_index: dict[int, int] | None, made: dict[int, dict[str, Any]]) -> None:
        """Writes the texts of the pieces `redo` of `side`'s view (in `parts`, at their
        `places`), each again only if what it shows changed (`made`: the position entries
        made for this text, by id)."""
        assert new_index is not None
        color = rules.COLORS[side]
        facts, index_of = self._facts, self._index_of
        addeds, texts = self._written[side]
        if redo is visible_ids:  # the whole view: the pieces out of it are forgotten
            addeds, texts = self._written[side] = ({}, {}) if not texts else (
                {pid: addeds[pid] for pid in visible_ids if pid in addeds},
                {pid: texts[pid] for pid in visible_ids if pid in texts})
        visible: set[int] | None = None
        for pid in redo:
            owner, anew, locks = facts[pid]
            adds: tuple | None = ()
            if owner != side:
                if anew:
                    adds = None  # shows whether its carrier is in view: written anew
            elif locks:  # its locks, as indices of the view's pieces
                adds = tuple(new_index.get(index_of.get(t, -1)) if t >= 0 else None
                             for t in locks)
            text = texts.get(pid)
            if adds is None or text is None or pid in read or addeds.get(pid) != adds:
                if visible is None:
                    visible = set(visible_ids)
                entry = made.get(pid)
                if entry is None:  # a piece both sides see: its entry made once
                    entry = made[pid] = self._entry(engine, pid, read, index_of)
                text = texts[pid] = self.dumps(seen_entry(engine, entry, pid, color, visible,
                                                          new_index))
                addeds[pid] = adds
            parts[places[pid]] = text

    def _read_changed(self, engine: Any) -> tuple[dict[int, tuple], bool]:
        """Reads again the pieces the core changed since the last text: {pid: (its record,
        its hidden state)} of those alive, and whether a piece came or went (the positions'
        indices moved); their facts and the live pieces' indices kept."""
        facts, anew = self._facts, self._anew
        read: dict[int, tuple] = {}
        moved = False
        for pid in self._watch.changed(engine):
            if pid < engine.n_pieces and engine.is_alive(pid):
                raw = engine.piece(pid)
                hidden = engine.hidden_state(pid)
                moved = moved or pid not in facts
                level = raw.level
                facts[pid] = fact = (raw.color, bool(level) and _OWN_LEVEL[raw.type] != level
                                     and raw.journey is None, tuple(hidden[0]))
                if fact[1]:
                    anew.add(pid)
                else:
                    anew.discard(pid)
                read[pid] = (raw, hidden)
            elif facts.pop(pid, None) is not None:
                anew.discard(pid)
                moved = True
        if moved:
            self._index_of = {pid: i for i, pid in enumerate(sorted(facts))}
        return read, moved

    def _entry(self, engine: Any, pid: int, read: dict[int, tuple],
               index_of: dict[int, int]) -> dict[str, Any]:
        """The piece's entry of the position, as `position_dict` writes it."""
        found = read.get(pid)
        raw, (locks, revealed, held) = found if found is not None else (
            engine.piece(pid), engine.hidden_state(pid))
        entry = piece_entry(raw, list(locks), revealed, held)
        if locks:
            entry["locks"] = [index_of.get(t) if t >= 0 else None for t in locks]
        return entry

    def _projectile_targets(self, projectiles: tuple[tuple, ...]) -> bool:
        """Whether a projectile aims at a live piece (its view names the piece's index)."""
        return any(p[4] in self._index_of for p in projectiles)

    def _around(self, game: Game, engine: Any, side: int, shared: tuple,
                new_index: dict[int, int] | None) -> tuple[str, str]:
        """`side`'s view's text but its pieces and articles: the keys before them and those
        after, as `observed_around` writes them of `position_around`."""
        reserves, projectiles, ts = shared
        dumps = self.dumps
        head = self._part("head", side, (engine.side, engine.turn, engine.moved),
                          lambda: dumps(_head(game, engine))[1:-1])
        own = self._part("reserves", side, reserves, lambda: dumps(
            [_reserve(r) for r in reserves if r[1] == side]))
        index_of = self._index_of
        aims = tuple(None if new_index is None or (t := index_of.get(p[4])) is None
                     else new_index.get(t) for p in projectiles)
        flying = self._part("projectiles", side, (projectiles, aims), lambda: dumps(
            [_projectile(p, aim) for p, aim in zip(projectiles, aims)]))
        lost = dict(zip(rules.COLORS, ts["primary_lost"]))
        if ts["primary_lost"][1 - side] and not game._knows_enemy_primary_lost(side):
            lost[rules.COLORS[1 - side]] = 0
        seen_armed = game._knowledge.armed_seen[side]
        last = self._parts.get(("enemy", side))  # a set equals its frozen copy: no copy
        if last is not None and last[0] == (reserves, seen_armed):
            enemy = last[1]
        else:
            enemy = self._part("enemy", side, (reserves, frozenset(seen_armed)),
                               lambda: dumps([_enemy_reserve(r, seen_armed) for r in reserves
                                              if r[1] != side]))
        rest = self.dumps({
            "turn_state": {"fires": ts["fires"], "pickup": bool(ts["pickup"]),
                           "drop": bool(ts["drop"]), "exchange": bool(ts["exchange"]),
                           "reinforce": bool(ts["reinforce"]), "violent": False,
                           "primary_lost": lost},
            "quiet": engine.quiet, "result": _RESULTS[engine.result]})[1:-1]
        return head, f'"reserves":{own},"projectiles":{flying},{rest},"enemy_reserves":{enemy}'

    def _part(self, name: str, side: int, made_of: tuple, write: Callable[[], str]) -> str:
        """The text of a part of `side`'s view, written again (`write`) only when what it is
        made of changed since the last."""
        last = self._parts.get((name, side))
        if last is not None and last[0] == made_of:
            return last[1]
        text = write()
        self._parts[(name, side)] = (made_of, text)
        return text


def _head(game: Game, engine: Any) -> dict[str, Any]:
    """The keys of a position before its pieces (`position_around`'s)."""
    return {"format": "wec-position", "version": 1, "to_move": rules.COLORS[engine.side],
            "turn": engine.turn, "moved": engine.moved, "options": game.options.changes()}


def _reserve(r: tuple) -> dict[str, Any]:
    """A reserve's entry of the position (`position_around`'s) of `Engine.reserves()`'s."""
    t, color, sq, hand, armed, entered = r
    row, col = square_of(sq)
    return {"type": rules.PIECE_TYPES[t].code, "color": rules.COLORS[color],
            "square": [row, col], "hand": rules.HANDS[hand], "armed": bool(armed),
            "entered": bool(entered)}


def _enemy_reserve(r: tuple, seen_armed: Collection[int]) -> dict[str, Any]:
    """An enemy reserve's entry of a view (`observed_around`'s): armed only where the side saw
    it armed (R8.4)."""
    square = list(square_of(r[2]))
    return {"type": None, "color": rules.COLORS[r[1]], "square": square, "hand": None,
            "armed": True if square_index(*square) in seen_armed else None,
            "entered": bool(r[5])}


def _projectile(p: tuple, aim: int | None) -> dict[str, Any]:
    """A projectile's entry of a view (`observed_around`'s), its target the view's index."""
    kind, sq, level, direction, _, strength, owner = p
    return {"type": rules.ARTICLES[kind - 1], "square": list(square_of(sq)),
            "level": rules.LEVELS[level],
            "direction": list(rules.DIRECTIONS[direction]) if direction >= 0 else None,
            "target": aim, "strength": strength, "owner": rules.COLORS[owner]}
