"""File > Paste position (wec/gui/play/paste.py): a position (JSON, docs/FORMATS.md) from the
clipboard, checked by the facade; the game in hand is never lost without a yes."""
from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QApplication

import wec

pytestmark = pytest.mark.gui
OFF = {"options": {"invisible_pieces": False}}


def a_position() -> dict:
    game = wec.Game.new(wec.Options(invisible_pieces=False))
    game.apply("MV:RP(9,1)->(8,2)")
    game.end_turn()
    return game.position()


def asked(w, answer: bool) -> list[str]:
    """The confirmations the window asks from now on, answered `answer`."""
    questions: list[str] = []

    def confirm(title: str, text: str) -> bool:
        questions.append(text)
        return answer
    w.confirm = confirm
    return questions


def test_a_valid_position_replaces_the_game_after_a_yes(make_window):
    w = make_window(mode="hotseat", **OFF)
    assert w.play("MV:SP(9,2)->(8,3)")
    questions = asked(w, True)
    QApplication.clipboard().setText(json.dumps(a_position()))
    w.actions_by_name["paste_position"].trigger()  # Ctrl+Shift+V
    assert questions and "Abandon the game in progress" in questions[0]
    assert w.game.position() == wec.Game.from_position(a_position()).position()
    assert w.game.to_move == "white" and w.game.ply == 0
    assert "pasted position" in w.last_message


def test_without_a_yes_the_game_in_hand_stays(make_window):
    w = make_window(mode="hotseat", **OFF)
    assert w.play("MV:SP(9,2)->(8,3)")
    game = w.game
    asked(w, False)
    assert not w.paste.paste(json.dumps(a_position()))
    assert w.game is game and w.game.ply == 1


@pytest.mark.parametrize("text, names", [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    ("", "empty"),
])
def test_what_is_no_position_is_refused_in_one_line(make_window, text, names):
    w = make_window(mode="hotseat", **OFF)
    assert w.play("MV:SP(9,2)->(8,3)")
    game = w.game
    questions = asked(w, True)
    assert not w.paste.paste(text)
    assert names in w.last_error and "\n" not in w.last_error
    assert w.game is game and w.game.ply == 1 and not questions  # nothing asked, nothing lost


def test_a_bad_field_is_named_and_the_game_stays(make_window):
    w = make_window(mode="hotseat", **OFF)
    assert w.play("MV:SP(9,2)->(8,3)")
    game = w.game
    pos = a_position()
    pos["pieces"][3]["square"] = [11, 1]  # off the board (R1.1)
    assert not w.paste.paste(json.dumps(pos))
    assert "pieces[3]" in w.last_error and "\n" not in w.last_error
    assert w.game is game and w.game.ply == 1
    box = w.dialogs[-1]
    assert box.isVisible() and "pieces[3]" in box.text()
