"""The costly parts of a game's state frames (wec.online.rooms): each seat's observation and
history and the legal actions of the side to move, made once per version of the game and kept
as JSON text (`protocol.Raw`).

Both seats' observations come from one reading of the position, each piece's entry written
again only when it changed (wec.game.seattexts), the legal texts from those of alike actions
met before, a history's text grows by the turns added; and what stays alive between two
actions is text and tuples of plain values (a server holding many games would otherwise spend
its time in the garbage collector's full passes over them).
"""
from __future__ import annotations

from wec.game.game import Game
from wec.game.seattexts import SeatTexts
from wec.game.seatviews import LegalByText, legal_by_text
from wec.online.protocol import Raw, dumps


class TextList:
    """The JSON text of a list of strings that grows at its end (a side's turn strings):
    only the strings added since the last call are written."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.body = ""

    def text(self, items: list[str]) -> Raw:
        n = len(self.items)
        if len(items) < n or items[:n] != self.items:  # not the same list grown: anew
            self.items, self.body, n = [], "", 0
        if len(items) > n:
            added = ",".join(dumps(s) for s in items[n:])
            self.body = f"{self.body},{added}" if self.body else added
            self.items = list(items)
        return Raw(f"[{self.body}]")


class SeatParts:
    """One game's costly frame parts, each made when first asked for at a version (of one
    `Game` object: a room whose game is replaced starts anew)."""

    def __init__(self, earlier: dict[str, list[str]] | None = None) -> None:
        self.earlier = earlier or {}
        """Per side, the turn strings of the turns before the game's record began (a game
        resumed from a snapshot), put before `game.history(side)`."""
        self._at: tuple[Game, int] | None = None
        self._observations: dict[str, Raw] = {}
        self._histories: dict[str, Raw] = {}
        self._legal: LegalByText | None = None
        self._legal_text: Raw | None = None
        self._lists: dict[str, TextList] = {}
        self._finished: dict[str, tuple[tuple, Raw]] = {}
        """Per side, the history's text with the (game, turn, result) it was made at."""
        self._texts = SeatTexts(dumps)

    def _at_version(self, game: Game, version: int) -> None:
        if self._at is None or self._at[0] is not game or self._at[1] != version:
            self._at = (game, version)
            self._observations, self._histories = {}, {}
            self._legal = self._legal_text = None

    def observation(self, game: Game, version: int, side: str) -> Raw:
        """`game.observation(side).position()` as JSON text."""
        self._at_version(game, version)
        if not self._observations:
            self._observations = {s: Raw(text) for s, text in self._texts.texts(game).items()}
        return self._observations[side]

    def history(self, game: Game, version: int, side: str) -> Raw:
        """The side's turn strings (those before the record began, then `game.history(side)`)
        as JSON text."""
        self._at_version(game, version)
        made = self._histories.get(side)
        if made is None:
            # a competitive game (every online game) is never taken back: its finished turns
            # change only when a turn ends (the turn number or the result changes)
            mark = (game, game.turn, game.result)
            last = self._finished.get(side)
            if game.competitive and last is not None and last[0] == mark:
                made = last[1]
            else:
                turns = self.earlier.get(side, []) + game.history(side)
                made = self._lists.setdefault(side, TextList()).text(turns)
                self._finished[side] = (mark, made)
            self._histories[side] = made
        return made

    def full_history(self, game: Game) -> list[str]:
        """Every turn string in full (the game is over)."""
        return self.earlier.get("full", []) + game.full_history()

    def legal(self, game: Game, version: int) -> LegalByText:
        """The legal actions of the side to move by their texts (each made when looked up)."""
        self._at_version(game, version)
        if self._legal is None:
            self._legal = legal_by_text(game)
        return self._legal

    def legal_text(self, game: Game, version: int) -> Raw:
        """The texts of the legal actions as a JSON list."""
        legal = self.legal(game, version)
        if self._legal_text is None:
            self._legal_text = Raw(dumps(legal.texts))
        return self._legal_text
