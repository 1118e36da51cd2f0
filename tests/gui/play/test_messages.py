"""The message line, the status bar and the game-over box say whose turn it is, how the game
ended and what Undo did; the computer's thinking line is never clipped."""
from __future__ import annotations

import pytest

import wec

pytestmark = pytest.mark.gui


def position(*pieces: dict, to_move: str = "black") -> wec.Game:
    return wec.Game.from_position({
        "format": "wec-position", "version": 1, "to_move": to_move, "turn": 1,
        "options": {"invisible_pieces": False}, "pieces": list(pieces), "articles": []})


def piece(code: str, color: str, row: int, col: int, **extra) -> dict:
    return {"type": code, "color": color, "square": [row, col], "level": "G", **extra}


def test_after_the_computers_turn_the_message_and_status_bar_say_it_is_yours(make_window,
                                                                             qtbot):
    # hidden pieces on: the computer's actions are shown as "White is playing its turn."
    w = make_window(mode="human_vs_computer", human="black", ai_level=1, ai_seconds=0.2)
    w.computer.nodes = 300
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    qtbot.waitUntil(lambda: w.game.to_move == "black" and not w.worker.busy, timeout=20000)
    assert "is playing its turn" not in w.last_message
    assert w.last_message == f"Turn {w.game.turn}: your turn (Black)."
    assert w.message.text() == w.last_message
    assert w.statusBar().currentMessage() == w.last_message
    assert "(you)" in w.status_label.text()


def test_the_game_over_box_gives_the_result_its_reason_and_the_turn(make_window):
    # White's King is boxed in by its own stunned pawns: after Black's End Turn White has no
    # legal Move (R6.5), so Black wins
    game = position(piece("K", "white", 1, 1), piece("RP", "white", 1, 2, stun=3),
                    piece("RP", "white", 2, 1, stun=3), piece("RP", "white", 2, 2, stun=3),
                    piece("K", "black", 10, 10))
    w = make_window(game, mode="human_vs_computer", human="black")
    assert w.play("MV:K(10,10)->(9,9)") and w.play("END")
    assert w.game.result == "black"
    box = next(d for d in w.dialogs if d.objectName() == "game_over")
    assert box.text() == ("Black wins: White had no legal Move (R6.5). The game ended after "
                          "turn 1.")
    assert w.last_message == box.text()  # not "White is playing its turn."
    assert w.status_label.text() == "Game over: Black wins — no legal Move."


def test_the_game_over_box_names_a_primary_piece_destroyed(make_window):
    # the Tank's Flame of strength 2 beats the White King's Anti-Flame (R5.3, R7.8, R11.1)
    game = position(piece("K", "white", 6, 5), piece("K", "black", 10, 10),
                    piece("TA", "black", 5, 5, hand="right", articles=["FL"]))
    w = make_window(game, mode="hotseat")
    fire = next(a for a in w.game.legal_actions() if a.kind == "fire" and a.article == "FL"
                and a.dest[:2] == (6, 5))
    assert w.play(fire) and w.play("MV:K(10,10)->(9,9)") and w.play("END")
    assert w.last_game_over == ("Black wins: White's primary government piece was destroyed or "
                                "converted (R11.1). The game ended after turn 1.")


def test_undo_says_how_many_actions_it_took_back(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="black", ai_level=1, ai_seconds=0.2,
                    options={"invisible_pieces": False})
    w.computer.nodes = 300
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    qtbot.waitUntil(lambda: w.game.to_move == "black" and not w.worker.busy, timeout=20000)
    before = w.game.ply
    w.actions_by_name["undo"].trigger()
    n = before - w.game.ply
    assert n >= 3  # the computer's Move and End Turn, and the human's End Turn
    assert w.last_message.startswith(f"Undid {n} actions (")


def test_the_thinking_line_is_never_clipped_at_1280_by_860(make_window, qtbot):
    w = make_window(mode="hotseat", options={"invisible_pieces": False})  # no cover
    w.resize(1280, 860)
    w.thinking.show()
    text = ("Depth 12, 1,234,567 nodes, score +1234: FI:FL/TA(5,5)1FL>->(6,5) then "
            "MV:K(10,10)->(9,9) and a long plan after it")
    w.thinking_label.setText(text)
    qtbot.waitUntil(lambda: w.thinking_label.isVisible())
    label = w.thinking_label
    room = label.contentsRect().width()
    shown = label.shown_text()
    assert label.fontMetrics().horizontalAdvance(shown) <= room
    assert label.text() == text
    assert shown == text or (shown.endswith("…") and label.toolTip() == text)
    label.setText("Depth 2")
    assert label.shown_text() == "Depth 2" and label.toolTip() == ""


def test_the_computers_depth_reads_in_turns_when_it_counts_them():
    from wec.gui.play.computer import depth_words
    assert depth_words(2, 2) == "2 turns" and depth_words(1, 1) == "1 turn"
    assert depth_words(2, 0) == "2 actions" and depth_words(1, 0) == "1 action"
