"""`Game.copy_at(ply)`: a copy standing at an earlier ply for looking back; the game in hand
does not move, and a side reads of the copy exactly what it knew then (R10.6, R12.3)."""
from __future__ import annotations

import pytest

import wec

LINE = ("MV:RP(9,1)->(8,2)", "END", "MV:AAA(2,3)->(3,3)", "END", "MV:SP(9,2)->(8,3)", "END")


def played(competitive: bool) -> tuple[wec.Game, list]:
    """The line played, with Black's observation after every action as it was then."""
    game = wec.Game.new()
    if competitive:
        game.set_competitive()  # R12.3: no undo, no goto
    seen = [game.observation("black")]
    for text in LINE:
        game.apply(text)
        seen.append(game.observation("black"))
    return game, seen


@pytest.mark.parametrize("competitive", [False, True])
def test_a_copy_at_each_ply_is_what_each_side_knew_then(competitive):
    game, seen = played(competitive)
    actions, position = game.actions(), game.position()
    for ply in range(len(LINE) + 1):
        copy = game.copy_at(ply)
        obs = copy.observation("black")
        assert copy.ply == ply and copy.actions() == list(LINE[:ply])
        assert obs.position() == seen[ply].position()
        assert obs.last_seen() == seen[ply].last_seen()
        assert obs.history() == seen[ply].history()
    assert game.actions() == actions and game.position() == position  # the game stays
    assert game.competitive == competitive


def test_the_redo_line_can_be_looked_at_and_bad_plies_are_refused():
    game, _ = played(False)
    game.goto(2)
    ahead = game.copy_at(6)
    assert ahead.actions() == list(LINE) and game.ply == 2
    for bad in (-1, 7, True, "3"):
        with pytest.raises(wec.IllegalActionError):
            game.copy_at(bad)
