"""Both sides' views of a game at once, for a program that shows each side its own view after
every action (the online server): what `Game.observation(side).position()` gives for the two
sides, made from one reading of the position, and the legal actions with their texts.

`Game.observation` reads the whole position once per side and spells out every piece and
projectile the side sees; a server that only sends the position reads it once for both and
spells nothing else. The values are equal to the observation's (the tests compare them).
"""
from __future__ import annotations

from typing import Any, Iterator, Mapping

from wec import rules
from wec._core.views import known_texts
from wec.game.action import Action
from wec.game.actionlist import LegalList
from wec.game.game import Game
from wec.game.position import position_dict
from wec.game.sightings import observed_position


def seat_positions(game: Game) -> dict[str, dict[str, Any]]:
    """{side: `game.observation(side).position()`} for both sides, equal in value. The two
    dicts share the parts both sides see alike (read them, do not change them)."""
    # the facade's own parts, read as Game.observation reads them (as wec.ai reads the engine)
    engine, knowledge = game._engine, game._knowledge
    pos = position_dict(engine, game.options)
    ids = [pid for pid in range(engine.n_pieces) if engine.is_alive(pid)]  # pieces()'s order
    return {color: observed_position(engine, knowledge, color, pos,
                                     game._knows_enemy_primary_lost(side),
                                     set(engine.visible(side)), ids)
            for side, color in enumerate(rules.COLORS)}


_TEXTS: dict[bytes, str] = {}
"""The texts of the listed actions met before, by `text_keys`' key (the action's record and the
pieces or the reserve it names, as they stood): shared by every game of the process."""


class LegalByText(Mapping[str, Action]):
    """The legal actions of one state by their texts, in the order of `game.legal_actions()`:
    the texts read from the core's records, an action made only when looked up (the others
    are never made)."""

    def __init__(self, texts: list[str], listed: LegalList) -> None:
        self.texts = texts
        """The texts, in order."""
        self._index = {text: i for i, text in enumerate(texts)}
        self._listed = listed

    def __getitem__(self, text: str) -> Action:
        return self._listed.action(self._index[text])

    def __iter__(self) -> Iterator[str]:
        return iter(self.texts)

    def __len__(self) -> int:
        return len(self.texts)

    def __contains__(self, text: object) -> bool:
        return text in self._index


def legal_by_text(game: Game) -> LegalByText:
    """The legal actions of the side to move by their texts (`str(action)`), in the order of
    `game.legal_actions()`; the texts of the actions met before are not spelled again."""
    listed = game._legal_list()  # the facade's own list: the state's, as legal_actions' copy
    texts, missing = known_texts(game._engine, listed.raws, _TEXTS)
    if missing:
        if len(_TEXTS) > 100_000:  # about 30 MB
            _TEXTS.clear()
        for i, key in missing:
            texts[i] = _TEXTS[key] = str(listed.action(i))
    return LegalByText(texts, listed)  # type: ignore[arg-type]  # no None left
