"""The evaluation bar beside the board (wec/gui/play/eval_bar.py): a number from the view of the
side at the screen only (R10.6), shown where that side may ask for a hint."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

import wec

pytestmark = pytest.mark.gui


def hidden_aaa_moved(to: str) -> wec.Game:
    """White's hidden AAA (R10.1) moves unseen by Black to `to`; Black to move. Two such games
    differ only where a piece Black cannot see stands."""
    game = wec.Game.from_position({
        "format": "wec-position", "version": 1, "to_move": "white", "turn": 1,
        "pieces": [{"type": "K", "color": "black", "square": [10, 5], "level": "G"},
                   {"type": "TA", "color": "black", "square": [10, 1], "level": "G"},
                   {"type": "K", "color": "white", "square": [1, 5], "level": "G"},
                   {"type": "AAA", "color": "white", "square": [7, 5], "level": "G"}]})
    game.apply(f"MV:AAA(7,5)->{to}")
    game.end_turn()
    return game


def shown_score(w, qtbot) -> int:
    qtbot.waitUntil(lambda: w.eval_bar.score is not None, timeout=20000)
    return w.eval_bar.score


def test_the_number_is_the_seats_view_not_the_game(make_window, qtbot):
    near, far = hidden_aaa_moved("(8,5)"), hidden_aaa_moved("(6,5)")
    # the true games differ (the AAA guards Black's King from (8,5)): a bar reading the game
    # would show two numbers
    assert wec.ai.static_score(near) != wec.ai.static_score(far)
    assert near.observation("black").position() == far.observation("black").position()
    scores = []
    for game in (near, far):
        w = make_window(game, mode="human_vs_computer", human="black", eval_bar=True)
        assert w.eval_bar.isVisible()
        scores.append(shown_score(w, qtbot))
        obs = game.observation("black")
        assert scores[-1] == wec.ai.view_score(obs.position(), wec.ai.searched_sightings(obs),
                                               "black")  # Black to move: for Black
        assert w.eval_bar.number() == f"{abs(scores[-1]) / 100:.1f}"
        assert "Black may know" in w.eval_bar.toolTip() and "pawns" in w.eval_bar.toolTip()
    assert scores[0] == scores[1]
    assert w.eval_bar.black_at_bottom  # Black's end is the board's bottom: the human's side
    w.actions_by_name["flip"].trigger()  # View > Flip board: the bar turns with it
    assert not w.eval_bar.black_at_bottom and not w.board.flipped


def test_it_follows_the_position(make_window, qtbot):
    w = make_window(hidden_aaa_moved("(6,5)"), mode="hotseat", eval_bar=True)
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)
    first = shown_score(w, qtbot)
    stamp = w.eval_gauge.stamp
    assert w.play("MV:K(10,5)->(9,4)")
    assert w.eval_gauge.stamp != stamp  # asked again for the new position
    obs = w.game.observation("black")
    now = wec.ai.view_score(obs.position(), wec.ai.searched_sightings(obs), "black")
    qtbot.waitUntil(lambda: w.eval_bar.score == now, timeout=20000)
    assert now != first  # the King now stands within two squares of the AAA Black last saw
    w.navigation.goto_ply(0)  # looking back: the bar judges the position shown
    qtbot.waitUntil(lambda: w.eval_bar.score == first, timeout=20000)
    w.navigation.back_to_game()
    qtbot.waitUntil(lambda: w.eval_bar.score == now, timeout=20000)


def test_hidden_where_the_side_may_not_see_it(make_window, qtbot):
    # under the hotseat cover
    w = make_window(mode="hotseat", eval_bar=True)
    assert w.handoff_pending and not w.eval_bar.isVisible()
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)
    assert w.eval_bar.isVisible()
    # switched off in the View menu, and on again
    w.actions_by_name["eval_bar"].trigger()
    assert not w.eval_bar.isVisible() and not w.prefs.eval_bar
    w.actions_by_name["eval_bar"].trigger()
    assert w.eval_bar.isVisible()
    # a competitive game against the computer: on the human's own turn only, as Play > Hint
    game = wec.Game.new()
    game.set_competitive()
    c = make_window(game, mode="human_vs_computer", human="black", ai_level=1, ai_seconds=0.2,
                    eval_bar=True)
    assert c.eval_bar.isVisible() and c.actions_by_name["hint"].isEnabled()
    assert c.play("MV:RP(9,1)->(8,2)") and c.play("END")
    assert c.game.to_move == "white"  # the computer's turn (its answer comes by the event loop)
    assert not c.eval_bar.isVisible() and not c.actions_by_name["hint"].isEnabled()
