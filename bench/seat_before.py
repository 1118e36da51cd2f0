"""The online server's per-action work as it was before `wec._core.views` (every piece read
from the core at every action, the legal list's actions all made and their texts looked up
one by one, each side's history read again at every version), kept for the benches that
measure both ways side by side in one process (`online_views.py --lobbies`). The frames are
byte for byte the same (the benches check it)."""
from __future__ import annotations

from typing import Any, Callable

from wec import rules
from wec.game.actionlist import listed_texts
from wec.game.game import Game
from wec.game.position import article_entries, piece_entry, position_around
from wec.game.sightings import observed_around, seen_entry
from wec.online.frames import SeatParts, TextList
from wec.online.protocol import Raw, dumps

_OWN_LEVEL = tuple(rules.LEVELS.index(t.level) for t in rules.PIECE_TYPES)

Written = tuple[dict[int, tuple], dict[int, tuple | None], dict[int, str]]


class ReadAllTexts:
    """wec.game.seattexts.SeatTexts before: every piece and its hidden state read at every
    text, each piece's entry written again only when it changed."""

    def __init__(self, dumps: Callable[[Any], str]) -> None:
        self.dumps = dumps
        """A value's JSON text (the texts are made of its pieces' texts)."""
        self._game: Game | None = None
        self._written: list[Written] = [({}, {}, {}), ({}, {}, {})]
        self._ground: tuple[list[tuple[int, int, int]], str] = ([], "[]")
        """The ground articles as last read and their text (the same for both sides)."""

    def texts(self, game: Game) -> dict[str, str]:
        """{side: the JSON text of `game.observation(side).position()`} for both sides."""
        if game is not self._game:
            self._game, self._written = game, [({}, {}, {}), ({}, {}, {})]
        # the facade's own parts, read as Game.observation reads them (as seatviews does)
        engine, knowledge = game._engine, game._knowledge
        raws = engine.pieces()
        hidden_state = engine.hidden_state
        index_of: dict[int, int] = {}
        read = []
        for i, raw in enumerate(raws):
            pid = raw.pid
            index_of[pid] = i
            locks, revealed, held = hidden_state(pid)  # last in the tuple: `_entry`
            a = raw.__reduce__()[1]  # its dicts as items: a tuple of plain values is
            # soon left alone by the garbage collector, one holding a dict never
            read.append((*a[:9], tuple(a[9].items()), *a[10:13], tuple(a[13].items()), a[14],
                         tuple(locks), revealed, held))
        ground = engine.articles()
        if ground != self._ground[0]:
            self._ground = (ground, self.dumps(article_entries(ground)))
        around = position_around(engine, game.options, [], index_of, [])
        entries: dict[int, dict[str, Any]] = {}  # position entries made for a text (by index)
        out = {}
        for side, color in enumerate(rules.COLORS):
            visible = set(engine.visible(side))
            keep = [i for i, raw in enumerate(raws) if raw.pid in visible]
            new_index = {old: new for new, old in enumerate(keep)}
            cores, addeds, texts = self._written[side]
            now: Written = ({}, {}, {})
            parts = []
            for old in keep:
                raw, core = raws[old], read[old]
                adds: tuple | None = ()
                if raw.color != side:
                    if raw.level and _OWN_LEVEL[raw.type] != raw.level and raw.journey is None:
                        adds = None  # shows whether its carrier is in view: written anew
                elif core[-3]:  # its locks, as indices of the view's pieces
                    adds = tuple(new_index.get(index_of.get(t, -1)) if t >= 0 else None
                                 for t in core[-3])
                pid = raw.pid
                if adds is not None and addeds.get(pid) == adds and cores.get(pid) == core:
                    text = texts[pid]
                else:
                    entry = entries.get(old)
                    if entry is None:
                        entry = entries[old] = self._entry(raw, core[-3:], index_of)
                    text = self.dumps(seen_entry(engine, entry, pid, color, visible, new_index))
                now[0][pid], now[1][pid], now[2][pid] = core, adds, text
                parts.append(text)
            self._written[side] = now
            view = observed_around(knowledge, color, around, [], new_index,
                                   game._knows_enemy_primary_lost(side))
            out[color] = self._spliced(view, {"pieces": f"[{','.join(parts)}]",
                                              "articles": self._ground[1]})
        return out

    @staticmethod
    def _entry(raw: Any, hidden: tuple, index_of: dict[int, int]) -> dict[str, Any]:
        """The piece's entry of the position, as `position_dict` writes it."""
        locks, revealed, held = hidden
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


class BeforeParts(SeatParts):
    """A room's frame parts made the way before: `ReadAllTexts`, every legal action made and
    its text looked up (`listed_texts`), each side's history read again at every version."""

    def __init__(self) -> None:
        super().__init__()
        self._texts = ReadAllTexts(dumps)  # type: ignore[assignment]

    def legal(self, game: Game, version: int) -> Any:
        self._at_version(game, version)
        if self._legal is None:
            actions = game.legal_actions()
            self._legal = dict(zip(listed_texts(actions), actions))  # type: ignore[assignment]
        return self._legal

    def legal_text(self, game: Game, version: int) -> Raw:
        legal = self.legal(game, version)
        if self._legal_text is None:
            self._legal_text = Raw(dumps(list(legal)))
        return self._legal_text

    def history(self, game: Game, version: int, side: str) -> Raw:
        self._at_version(game, version)
        made = self._histories.get(side)
        if made is None:
            turns = self.earlier.get(side, []) + game.history(side)
            made = self._histories[side] = self._lists.setdefault(side, TextList()).text(turns)
        return made
