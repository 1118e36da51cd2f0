"""Who is looking at the screen, decided in one place, and what they may read (R10.6, R12.3).

Every view of the window (board, level panels, piece panel, history, status, Square Select,
possible locations, tool tips, the computer's thinking line, the board editor) reads the game
through the `Seat` the window decides after each change, never the game itself:

- the hotseat hand-off cover is up: nobody is looking, every view is empty;
- hotseat with hidden pieces (or a competitive game): the side to move, once it is ready;
- against the computer: the human's side, all the time;
- computer against computer after a player looked at the game (the sides changed during a game
  with hidden pieces): that player's side still (`watcher`);
- computer against computer from the start, hotseat without hidden pieces, and a finished game:
  the whole game (`side` None: there is nothing left to hide).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import wec

from wec.gui.play.snapshot import BoardSnapshot


def has_secrets(game: wec.Game) -> bool:
    """A side may not see all of the game: hidden pieces (R10) or a competitive game's histories
    (R12.3), while the game is on."""
    return game.result is None and bool(game.options.invisible_pieces or game.competitive)


def looking_side(game: wec.Game, mode: str, human: str,
                 watcher: str | None = None) -> str | None:
    """The side at the screen when no cover is up; None when the whole game may be shown.
    `watcher`: the side whose player still looks on at computer against computer (the sides
    changed while that player was at the screen)."""
    if game.result is not None:
        return None
    if mode == "computer_vs_computer":
        return watcher if has_secrets(game) else None
    if mode == "human_vs_computer":
        return human
    return game.to_move if has_secrets(game) else None


def side_view(game: wec.Game, color: str) -> tuple[dict[str, Any], list[Any], str]:
    """What `color` may know, as the computer's helper judges it (the hint, the computer's
    answer to a draw offer): its observation's position (enemy reserves as bare squares) and
    its last sightings of hidden enemies as the computer's own search keeps them
    (wec.ai.searched_sightings; wec.ai.view_game puts them back there and guesses the reserves
    as that search does)."""
    obs = game.observation(color)
    return obs.position(), wec.ai.searched_sightings(obs), color


@dataclass
class Seat:
    """One side's view of the game (or nobody's, or everybody's)."""

    game: wec.Game
    side: str | None
    """The side looking; None: the whole game."""
    covered: bool = False
    """The hand-off cover is up: nobody may see anything."""

    @classmethod
    def decide(cls, game: wec.Game, mode: str, human: str, *, covered: bool,
               watcher: str | None = None) -> "Seat":
        return cls(game, looking_side(game, mode, human, watcher), covered)

    def source(self) -> Any:
        """What the views read: the side's observation, or the game when nothing is hidden."""
        if self.side is None:
            return self.game
        return self.game.observation(self.side)

    def snapshot(self, source: Any, *, possible_locations: bool) -> BoardSnapshot:
        if self.covered:
            return BoardSnapshot.empty()
        return BoardSnapshot.of(source, viewer=self.side,
                                possible_locations=bool(self.side and possible_locations))

    def history(self, source: Any) -> list[str]:
        """The turn strings this seat may read (R12.3)."""
        if self.covered:
            return []
        if self.side is not None:
            return list(source.history())
        if self.game.competitive and self.game.result is None:
            return self.game.full_history()  # computer vs computer: a spectator sees it all
        return self.game.history()

    def notes(self, source: Any, start: int) -> list[Any]:
        """The record's actions from index `start` on (the redo line after the played ones), one
        `wec.game.record.ActionNote` each, as this seat may read them (R12.3)."""
        g = self.game
        if self.covered:
            return []
        if self.side is not None:
            return list(source.action_notes(start, ahead=not g.competitive))
        if g.competitive and g.result is None:
            return g.full_action_notes(start)  # computer vs computer: a spectator sees it all
        return g.action_notes(None, start, ahead=True)

    def history_ahead(self, played: int) -> list[str]:
        """The turns the redo line would bring back after the `played` ones, as this seat may
        read them."""
        g = self.game
        if self.covered or g.competitive or not g.redo_actions():
            return []
        return g.history_with_redo(color=self.side)[played:]

    def sees_everything(self) -> bool:
        return self.side is None and not self.covered

    def editor_position(self) -> dict[str, Any]:
        """The position the board editor may open on: what the seat sees (hidden enemy pieces
        left out, enemy reserves dropped since their types are unknown)."""
        if self.side is None:
            return self.game.position()
        pos = self.game.observation(self.side).position()
        pos.pop("enemy_reserves", None)
        return pos
