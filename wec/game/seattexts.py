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
"""
from __future__ import annotations

from typing import Any, Callable

from wec import rules
from wec._core.views import PieceWatch
from wec.game.game import Game
from wec.game.position import article_entries, piece_entry, position_around
from wec.game.sightings import observed_around, seen_entry

_OWN_LEVEL = tuple(rules.LEVELS.index(t.level) for t in rules.PIECE_TYPES)
"""By core type: the index of the level the type stands on by itself besides the Ground."""


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
        self._index_of: dict[int, int] = {}
        """Per live piece id, its index in the position (the live pieces in id order)."""
        self._written: list[tuple[dict[int, tuple | None], dict[int, str]]] = [({}, {}), ({}, {})]
        """Per side, by piece id: what its entry in the view added to the piece (its locks'
        indices) and the entry's text."""

    def texts(self, game: Game) -> dict[str, str]:
        """{side: the JSON text of `game.observation(side).position()`} for both sides."""
        if game is not self._game:
            self._game = game
            self._start()
        # the facade's own parts, read as Game.observation reads them (as seatviews does)
        engine, knowledge = game._engine, game._knowledge
        read = self._read_changed(engine)
        ground = engine.articles()
        if ground != self._ground[0]:
            self._ground = (ground, self.dumps(article_entries(ground)))
        index_of, facts = self._index_of, self._facts
        around = position_around(engine, game.options, [], index_of, [])
        entries: dict[int, dict[str, Any]] = {}  # position entries made for a text (by id)
        out = {}
        for side, color in enumerate(rules.COLORS):
            visible_ids = engine.visible(side)  # in id order, as the position's pieces
            visible = set(visible_ids)
            new_index = {index_of[pid]: new for new, pid in enumerate(visible_ids)}
            addeds, texts = self._written[side]
            now: tuple[dict[int, tuple | None], dict[int, str]] = ({}, {})
            parts = []
            for pid in visible_ids:
                owner, anew, locks = facts[pid]
                adds: tuple | None = ()
                if owner != side:
                    if anew:
                        adds = None  # shows whether its carrier is in view: written anew
                elif locks:  # its locks, as indices of the view's pieces
                    adds = tuple(new_index.get(index_of.get(t, -1)) if t >= 0 else None
                                 for t in locks)
                if adds is not None and pid not in read and addeds.get(pid) == adds \
                        and pid in texts:
                    text = texts[pid]
                else:
                    entry = entries.get(pid)
                    if entry is None:
                        entry = entries[pid] = self._entry(engine, pid, read, index_of)
                    text = self.dumps(seen_entry(engine, entry, pid, color, visible, new_index))
                now[0][pid], now[1][pid] = adds, text
                parts.append(text)
            self._written[side] = now
            view = observed_around(knowledge, color, around, [], new_index,
                                   game._knows_enemy_primary_lost(side))
            out[color] = self._spliced(view, {"pieces": f"[{','.join(parts)}]",
                                              "articles": self._ground[1]})
        return out

    def _read_changed(self, engine: Any) -> dict[int, tuple]:
        """Reads again the pieces the core changed since the last text: {pid: (its record,
        its hidden state)} of those alive; their facts and the live pieces' indices kept."""
        facts = self._facts
        read: dict[int, tuple] = {}
        moved = False  # a piece came or went: the positions' indices moved
        for pid in self._watch.changed(engine):
            if pid < engine.n_pieces and engine.is_alive(pid):
                raw = engine.piece(pid)
                hidden = engine.hidden_state(pid)
                moved = moved or pid not in facts
                level = raw.level
                facts[pid] = (raw.color, bool(level) and _OWN_LEVEL[raw.type] != level
                              and raw.journey is None, tuple(hidden[0]))
                read[pid] = (raw, hidden)
            elif facts.pop(pid, None) is not None:
                moved = True
        if moved:
            self._index_of = {pid: i for i, pid in enumerate(sorted(facts))}
        return read

    @staticmethod
    def _entry(engine: Any, pid: int, read: dict[int, tuple],
               index_of: dict[int, int]) -> dict[str, Any]:
        """The piece's entry of the position, as `position_dict` writes it."""
        found = read.get(pid)
        raw, (locks, revealed, held) = found if found is not None else (
            engine.piece(pid), engine.hidden_state(pid))
        entry = piece_entry(raw, list(locks), revealed, held)
        if locks:
            entry["locks"] = [index_of.get(t) if t >= 0 else None for t in locks]
        return entry

    def _spliced(self, view: dict[str, Any], written: dict[str, str]) -> str:
        """The text of `view`, the values of the keys in `written` being those texts (the
        keys between them written together, as one dict)."""
        parts: list[str] = []
        run: dict[str, Any] = {}
        for k, v in view.items():
            if k in written:
                if run:
                    parts.append(self.dumps(run)[1:-1])
                    run = {}
                parts.append(f'{self.dumps(k)}:{written[k]}')
            else:
                run[k] = v
        if run:
            parts.append(self.dumps(run)[1:-1])
        return "{" + ",".join(parts) + "}"
