"""The legal actions of one state, listed at the core's pace.

`Engine.legal()` gives ActionRecords; an `Action` (a frozen dataclass of 14 fields) costs micro-
seconds to spell out, and most listed actions are never looked at. So a listed action starts as
a `PendingAction`: an `Action` subclass holding only the record and a `Snapshot` of the pieces
it names, taken when the list was made. Its first attribute read fills in every field from that
snapshot and turns it into a plain `Action` (equal, hashed and printed like one), so a listed
action always describes the state it was listed in, whatever the game did since.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from wec import rules
from wec._core.engine import Engine
from wec.game.action import Action, piece_text
from wec.game.coredata import ACT_DOZE, ACT_DROP, ACT_END, ACT_EXCHANGE, ACT_FIRE, ACT_MOVE, \
    ACT_PICKUP, ACT_REINFORCE, ActionRecord, PieceRecord
from wec.game.position import square_of


class Snapshot:
    """What the actions of one legal list need to know of the pieces they name, read from the
    engine when the list is made: per piece id (type code, row, col, level, hand, articles)."""

    __slots__ = ("_named", "reserves", "key")

    def __init__(self, engine: Any, raws: list[ActionRecord], key: tuple[int, int], *,
                 just_listed: bool = False) -> None:
        self.key = key
        """(actions applied, hash) of the state the list belongs to."""
        if just_listed:  # `raws` is what engine.legal() just returned: read its buffer
            named = engine.named_briefs(len(raws))
            reinforce = engine.lists_reinforce(len(raws))
        else:
            named = {pid: core_brief(engine.piece(pid)) for pid in _named(raws)}
            reinforce = any(r.kind == ACT_REINFORCE for r in raws)
        self._named = named  # core briefs; spelled out (`brief`) only for actions read
        self.reserves = engine.reserves() if reinforce else ()

    def brief(self, pid: int) -> tuple:
        """(type code, row, col, level, hand, articles) of a piece the actions name."""
        return piece_brief(self._named[pid])

    def text_key(self, raw: ActionRecord) -> tuple:
        """Everything the text of a listed action depends on: its record and the pieces (or
        the reserve) it names, as they stood; two actions of one key have one text."""
        if raw.kind == ACT_REINFORCE:
            return raw, self.reserves[raw.target]
        named = self._named
        return raw, named.get(raw.pid), named.get(raw.passenger), named.get(raw.target)

    def fields(self, raw: ActionRecord) -> dict[str, Any]:
        """The Action fields of a listed action (an Engine.legal record)."""
        kind, pid, dest, art, target = raw.kind, raw.pid, raw.dest, raw.art, raw.target
        if kind == ACT_END:
            return {"kind": "end"}
        if kind == ACT_REINFORCE:
            rtype, _, rsq, rhand, _, _ = self.reserves[target]
            r, c = square_of(rsq)
            return {"kind": "reinforce", "piece": rules.PIECE_TYPES[rtype].code,
                    "dest": (r, c, "G"), "hand": rules.HANDS[rhand]}
        code, row, col, level, hand, articles = self.brief(pid)
        me = {"piece": code, "origin": (row, col, level), "hand": hand, "articles": articles}
        if kind in (ACT_PICKUP, ACT_DROP):
            return {"kind": "pickup" if kind == ACT_PICKUP else "drop", **me,
                    "article": rules.ARTICLES[art - 1]}
        if kind == ACT_EXCHANGE:
            other = self.brief(target)
            return {"kind": "exchange", **me, "article": rules.ARTICLES[art - 1],
                    "swap": rules.ARTICLES[raw.art2 - 1] if raw.art2 else None,
                    "target": other[1:4], "other": brief_text(other)}
        if kind == ACT_FIRE:
            fire = rules.FIRE_CODE[rules.ARTICLES[art - 1]]
            r, c = square_of(dest)
            if fire in ("BI", "JU", "SC"):
                return {"kind": "fire", **me, "dest": (r, c, "G"), "article": fire,
                        "path": ("beeline", "dogleg")[raw.path]}
            if target >= 0:
                other = self.brief(target)
                return {"kind": "fire", **me, "dest": other[1:4], "article": fire,
                        "target": other[1:4], "other": brief_text(other)}
            return {"kind": "fire", **me, "dest": (r, c, rules.LEVELS[raw.dlevel]), "article": fire}
        dr, dc = square_of(dest)
        if kind == ACT_MOVE:
            passenger = raw.passenger
            carried = brief_text(self.brief(passenger)) if passenger >= 0 else None
            return {"kind": "move", **me, "dest": (dr, dc, rules.LEVELS[raw.dlevel]),
                    "passenger": passenger >= 0, "carried": carried}
        squares = []
        group = raw.group
        for d in range(8):
            if (group >> d) & 1:
                ddr, ddc = rules.DIRECTIONS[d]
                squares.append((row + ddr, col + ddc))
        return {"kind": "doze", **me, "dest": (dr, dc, "G"), "group": tuple(sorted(squares))}


def _named(raws: list[ActionRecord]) -> set[int]:
    wanted = {r.pid for r in raws}
    wanted.update(r.passenger for r in raws if r.kind == ACT_MOVE and r.passenger >= 0)
    wanted.update(r.target for r in raws if r.kind in (ACT_FIRE, ACT_EXCHANGE) and r.target >= 0)
    wanted.discard(-1)
    return wanted


def core_brief(raw: PieceRecord) -> tuple:
    """Engine.piece's record cut to what named_briefs gives."""
    return (raw.type, raw.color, raw.hand, raw.sq, raw.level, tuple(k for k, _ in raw.articles))


_BRIEFS: dict[tuple, tuple] = {}


def piece_brief(core: tuple) -> tuple:
    """(type code, row, col, level, hand, articles sorted) of a core brief, remembered."""
    found = _BRIEFS.get(core)
    if found is None:
        t, _, hand, sq, level, kinds = core
        row, col = square_of(sq)
        articles = tuple(sorted((rules.ARTICLES[k - 1] for k in kinds),
                                key=rules.ARTICLE_INDEX.__getitem__))
        found = (rules.PIECE_TYPES[t].code, row, col, rules.LEVELS[level], rules.HANDS[hand],
                 articles)
        if len(_BRIEFS) > 100_000:
            _BRIEFS.clear()
        _BRIEFS[core] = found
    return found


def brief_text(brief: tuple) -> str:
    """The R12.2 Piece text of a brief (`piece_brief`)."""
    code, row, col, level, hand, articles = brief
    return piece_text(code, row, col, level, articles, hand)


_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Action)
             if f.default is not dataclasses.MISSING}


class PendingAction(Action):
    """A listed legal action whose fields are filled in at the first read (see the module)."""

    def _resolve(self) -> Action:
        d = self.__dict__
        if "kind" not in d:
            snap, raw = d["_legal"]
            d.update(_DEFAULTS)
            d.update(snap.fields(raw))
        object.__setattr__(self, "__class__", Action)
        return self

    def __eq__(self, other: object) -> bool:
        self._resolve()
        if isinstance(other, PendingAction):
            other._resolve()
        return self == other

    def __hash__(self) -> int:
        return hash(self._resolve())

    def __str__(self) -> str:
        return str(self._resolve())

    def __repr__(self) -> str:
        return repr(self._resolve())

    def __reduce_ex__(self, protocol: Any) -> Any:
        return self._resolve().__reduce_ex__(protocol)

    def __copy__(self) -> Action:
        return self._resolve()

    def __deepcopy__(self, memo: dict) -> Action:
        return self._resolve()


def _lazy(name: str) -> property:
    def read(self: PendingAction) -> Any:
        return self._resolve().__dict__[name]
    return property(read)


for _field in dataclasses.fields(Action):
    setattr(PendingAction, _field.name, _lazy(_field.name))


def pending(snap: Snapshot, raws: list[ActionRecord]) -> list[Action]:
    """The actions of a legal list (in the order of `raws`), not yet spelled out."""
    return Engine.pending(PendingAction, snap, raws)  # type: ignore[no-any-return]


class LegalList:
    """The legal actions of one state, the core's records of them (in the same order), and their
    texts once asked for. The actions are made when first read (a server reading the texts
    from the records makes only the one applied: `action`)."""

    __slots__ = ("snap", "_actions", "raws", "_by_text")

    def __init__(self, engine: Engine, key: tuple[int, int]) -> None:
        self.raws: list[ActionRecord] = engine.legal()
        self.snap = Snapshot(engine, self.raws, key, just_listed=True)
        self._actions: list[Action] | None = None
        self._by_text: dict[str, tuple[Action, ActionRecord]] | None = None

    @property
    def actions(self) -> list[Action]:
        """The actions, in the order of `raws`."""
        if self._actions is None:
            self._actions = pending(self.snap, self.raws)
        return self._actions

    def action(self, i: int) -> Action:
        """The `i`th action (the same as `actions[i]`, without making the others)."""
        if self._actions is None:
            return pending(self.snap, [self.raws[i]])[0]
        return self._actions[i]

    @property
    def pairs(self) -> list[tuple[Action, ActionRecord]]:
        """(action, raw) pairs."""
        return list(zip(self.actions, self.raws))

    def by_text(self) -> dict[str, tuple[Action, ActionRecord]]:
        if self._by_text is None:
            self._by_text = {str(a): (a, raw) for a, raw in self.pairs}
        return self._by_text


def raw_of(action: Action, snap: Snapshot) -> ActionRecord | None:
    """The core's record of an action listed with `snap` (None for any other action)."""
    found = action.__dict__.get("_legal")
    if found is not None and found[0] is snap:
        return found[1]
    return None


_TEXTS: dict[tuple, str] = {}


def listed_texts(actions: list[Action]) -> list[str]:
    """`[str(a) for a in actions]`, each listed action's text read from the texts of alike
    actions met before (the same record naming the same pieces as they stood), so a server
    listing the texts after every action of many games spells only the actions that are new."""
    out = []
    for action in actions:
        found = action.__dict__.get("_legal")
        if found is None:
            out.append(str(action))
            continue
        key = found[0].text_key(found[1])
        text = _TEXTS.get(key)
        if text is None:
            if len(_TEXTS) > 50_000:  # about 25 MB (a key keeps its records alive)
                _TEXTS.clear()
            text = _TEXTS[key] = str(action)
        out.append(text)
    return out
