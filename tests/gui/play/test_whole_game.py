"""A whole game against the computer played by clicks on the real board, as a user plays it:
each of the human's Moves is a click on the piece and a click on its destination, each turn
ends with the End Turn button, and the computer answers in its helper process. Marked slow (the
stealth duel takes about a minute); the standard game, some 250 turns and four minutes, is
`long` (not in `make test`: `pytest -m long`). Screenshots go to WEC_SCREENSHOT_DIR when set."""
from __future__ import annotations

import random

import pytest

import wec
from wec.rules import scenarios
from PySide6.QtCore import QPoint, Qt

pytestmark = [pytest.mark.gui, pytest.mark.slow]

MOST_TURNS = 400
"""A level-1 computer against random Moves ends the game long before this (R11)."""


@pytest.mark.parametrize("scenario", [
    "stealth_duel", pytest.param("standard", marks=pytest.mark.long)])
def test_a_whole_game_against_the_computer_by_clicks(scenario, make_window, click, qtbot,
                                                     shot_dir):
    w = make_window(wec.Game.from_position(scenarios.load(scenario)), mode="human_vs_computer", human="black",
                    ai_level=1, ai_seconds=0.1)
    rng = random.Random(41)
    wanted: list = []

    def token(move):
        """The centre of the acting piece's own token: a click there selects it without a
        chooser, however many pieces share the band."""
        r, c, lvl = move.origin
        for it in w.board.square_items(r, c):
            p = it.obj
            if it.kind == "piece" and it.level == lvl and p.type == move.piece and \
                    tuple(p.articles) == tuple(move.articles):
                return it.rect.center()
        return w.board.square_center(r, c, lvl)

    played = 0
    while w.game.result is None and w.game.turn < MOST_TURNS:
        qtbot.waitUntil(lambda: w.game.to_move == "black" or w.game.result is not None,
                        timeout=120_000)
        if w.game.result is not None:
            break
        moves = [a for a in w.game.legal_actions() if a.kind == "move"]
        move = rng.choice(moves)
        wanted.append(move)
        before = w.game.ply
        at = token(move)
        qtbot.mouseClick(w.board, Qt.MouseButton.LeftButton, pos=QPoint(int(at.x()), int(at.y())))
        dr, dc, dl = move.dest
        click(w, dr, dc, dl)
        if w.game.ply == before and "again" in w.last_message:
            click(w, dr, dc, dl)  # a Dozer's Move: its pushes are chosen on the board first
        assert w.game.ply == before + 1, (str(move), w.last_message)
        assert w.game.actions()[-1].startswith("MV:") or w.game.result is not None
        played += 1
        if played == 10:
            w.grab().save(str(shot_dir / f"whole-game-{scenario}-turn-20.png"))
        if w.game.result is None:
            qtbot.mouseClick(w.end_turn_button, Qt.MouseButton.LeftButton)
    assert w.game.result is not None, "the game did not end"
    qtbot.waitUntil(lambda: bool(w.last_game_over), timeout=10_000)
    assert w.game.end_reason is not None
    assert ("wins" in w.last_game_over or "drawn" in w.last_game_over) and \
        "The game ended" in w.last_game_over
    w.grab().save(str(shot_dir / f"whole-game-{scenario}-over.png"))
    assert played >= 5
