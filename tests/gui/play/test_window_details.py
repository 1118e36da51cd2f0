"""Defects 4, 5, 6 and 9, each reproduced."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

import wec

pytestmark = pytest.mark.gui
OFF = {"options": {"invisible_pieces": False}}


def test_defect4_pause_in_autoplay_lets_no_more_action_through(make_window, qtbot):
    w = make_window(mode="computer_vs_computer", ai_level=1, ai_seconds=0.2)
    w.computer.nodes = 300
    w.computer.delay_ms = 200  # the pause between turns, as a spectator has it
    qtbot.waitUntil(lambda: w.game.ply >= 2 and w.game.to_move == "white", timeout=30000)
    qtbot.waitUntil(lambda: not w.worker.busy or w.game.ply > 2, timeout=30000)
    # pause within the pause between turns: the turn about to start must not start
    qtbot.waitUntil(lambda: w.game.actions()[-1] == "END", timeout=30000)
    w.actions_by_name["ai_pause"].trigger()
    ply = w.game.ply
    qtbot.wait(1200)
    assert w.game.ply == ply and not w.worker.busy


def test_defect5_rewound_against_the_computer_says_what_to_do(make_window, qtbot, click):
    w = make_window(mode="human_vs_computer", human="black", ai_level=1, ai_seconds=0.2)
    w.computer.nodes = 300
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    qtbot.waitUntil(lambda: w.game.to_move == "black" and not w.worker.busy, timeout=20000)
    qtbot.mouseClick(w.history.buttons["prev"], Qt.MouseButton.LeftButton)  # a look back
    qtbot.mouseClick(w.navigation.bar.play_button, Qt.MouseButton.LeftButton)  # and play on
    assert w.game.to_move == "white" and w.game.redo_actions()
    qtbot.wait(300)
    assert not w.worker.busy  # the computer waits while there are actions to redo
    assert "Ctrl+M" in w.status_label.text()  # and the status says so, not "computer to move"
    click(w, 9, 2)
    assert "waits" in w.last_message and "Ctrl+M" in w.last_message
    ply = w.game.ply
    w.actions_by_name["ai_now"].trigger()  # and Ctrl+M does let it play
    qtbot.waitUntil(lambda: w.game.ply > ply, timeout=20000)


def test_defect6_undo_leaves_no_stale_message(make_window):
    w = make_window(mode="hotseat", **OFF)
    assert w.play("MV:RP(9,1)->(8,2)")
    assert "moves to (8,2)" in w.last_message
    w.actions_by_name["undo"].trigger()
    assert "moves to (8,2)" not in w.last_message and "Undid 1 action" in w.last_message


def test_defect6_possible_locations_keeps_an_aimed_fire_and_its_prompt(make_window, click):
    w = make_window(mode="hotseat", **OFF)
    assert w.play("MV:RP(9,1)->(8,2)")
    click(w, 9, 2, "G", Qt.MouseButton.RightButton)  # the Stunner Pawn aims
    prompt = w.last_message
    assert w.picker.stage == "fire" and "right-click" in prompt
    targets = w.board.highlights.destinations | w.board.highlights.targets
    w.actions_by_name["possible_locations"].trigger()
    assert w.picker.stage == "fire" and w.last_message == prompt
    assert w.board.highlights.destinations | w.board.highlights.targets == targets


def _labels(dialog) -> dict[str, str]:
    """Each option's label as the dialog shows it."""
    from PySide6.QtWidgets import QFormLayout, QLabel
    out = {}
    for form in dialog.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            lab = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            field = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            if lab and field and isinstance(lab.widget(), QLabel) and \
                    field.widget().objectName().startswith("option_"):
                out[field.widget().objectName()[len("option_"):]] = lab.widget().text()
    return out


def test_defect9_one_options_form_for_the_game_and_the_editor(make_window, shot_dir):
    from PySide6.QtWidgets import QGroupBox
    from wec.gui.editor.scenario_panel import OptionsDialog as EditorOptions
    w = make_window(mode="hotseat", **OFF)
    game = w.preferences.options_dialog()
    editor = EditorOptions({"stun_turns": 2}, w)
    game_labels, editor_labels = _labels(game), _labels(editor)
    assert set(editor_labels) == set(game_labels) - {"government_black", "government_white"}
    for name, text in editor_labels.items():
        assert text == game_labels[name]  # the same words in both
        assert "_" not in text and text != name.replace("_", " ")  # never the raw field name
    assert {b.title() for b in editor.findChildren(QGroupBox)} >= {"Movement (R4)", "Fire (R7)"}
    assert editor.values() == {"stun_turns": 2}
    editor.show()
    editor.grab().save(str(shot_dir / "editor_options.png"))
    game.reject()
    editor.reject()
