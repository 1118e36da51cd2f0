"""The chess-GUI shell: File > New's dialog, confirmations before a game in progress
is abandoned, resuming at start, the window's layout remembered, Help, predefined scenarios."""
from __future__ import annotations

from pathlib import Path

import pytest

import wec
from wec.rules import scenarios

pytestmark = pytest.mark.gui
OFF = {"options": {"invisible_pieces": False}}


def grab(widget, path: Path) -> None:
    widget.grab().save(str(path))


def test_new_opens_the_new_game_dialog_and_starts_what_it_says(make_window, qtbot, shot_dir):
    w = make_window(mode="hotseat", **OFF)
    w.actions_by_name["new"].trigger()
    dlg = w.dialogs[-1]
    assert dlg.objectName() == "new_game" and dlg.isVisible()
    assert [dlg.mode.itemData(i) for i in range(dlg.mode.count())] == \
        ["hotseat", "human_vs_computer", "computer_vs_computer"]
    assert "Expert" in dlg.level.itemText(dlg.level.count() - 1)  # the level in words
    dlg.mode.setCurrentIndex(dlg.mode.findData("human_vs_computer"))
    dlg.side.setCurrentIndex(dlg.side.findData("white"))
    dlg.level.setCurrentIndex(dlg.level.findData(2))
    dlg.seconds.setValue(3.5)
    dlg.scenario.setCurrentIndex(dlg.scenario.findData("stealth_duel"))
    dlg.competitive.setChecked(True)
    assert "stealth" in dlg.about.text().lower()
    grab(dlg, shot_dir / "dialog_new_game.png")
    w.worker_paused = True
    w.computer.pause(True)  # the computer (Black) would start at once
    dlg.accept()
    g = w.game
    assert g.competitive and g.ply == 0
    assert {p.type for p in g.pieces()} == {p.type for p in wec.Game.from_position(
        scenarios.load("stealth_duel")).pieces()}
    assert (w.prefs.mode, w.prefs.human, w.prefs.ai_level, w.prefs.ai_seconds) == \
        ("human_vs_computer", "white", 2, 3.5)
    assert w.actions_by_name["human_white"].isChecked()
    assert w.actions_by_name["level_2"].isChecked()


def test_a_game_in_progress_is_abandoned_only_when_the_player_says_so(make_window, monkeypatch):
    w = make_window(mode="hotseat", **OFF)
    assert w.play("MV:RP(9,1)->(8,2)")
    asked = []
    w.confirm = lambda title, text: asked.append(title) or False
    w.files.new_game().accept()
    assert w.game.ply == 1 and asked == ["New game"]
    assert not w.files.load_scenario("tactical_puzzle") and w.game.ply == 1
    from PySide6.QtWidgets import QFileDialog
    opened = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *a, **k: opened.append(a) or ("", ""))
    w.files.load_dialog()
    assert not opened and asked[-1] == "Load"
    w.confirm = lambda title, text: asked.append(title) or True
    w.files.new_game().accept()
    assert w.game.ply == 0


def test_quitting_asks_only_when_the_game_would_be_lost(qtbot):
    from wec.gui.play.main_window import MainWindow
    from wec.gui.play.settings import Preferences
    w = MainWindow(None, prefs=Preferences(mode="hotseat", **OFF), autosave=False)
    qtbot.addWidget(w)
    w.show()
    asked = []
    w.confirm = lambda title, text: asked.append(text) or False
    assert w.play("MV:RP(9,1)->(8,2)")
    w.close()
    assert asked and "not autosaved" in asked[0] and w.isVisible()
    w.confirm = lambda title, text: True
    w.close()
    assert not w.isVisible()
    w.shutdown()


def test_the_next_start_resumes_the_game_as_it_was_played(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="white", ai_level=1, ai_seconds=0.2)
    w.computer.nodes = 300
    qtbot.waitUntil(lambda: w.game.to_move == "white" and not w.worker.busy, timeout=30000)
    played = w.game.actions()
    w.close()  # quit: autosaved, nothing asked
    from wec.gui.play.main_window import MainWindow
    w2 = MainWindow(None)  # the preferences say hotseat/black: the session says otherwise
    qtbot.addWidget(w2)
    try:
        assert w2.game.actions() == played and "Resumed" in w2.last_message
        assert (w2.prefs.mode, w2.prefs.human) == ("human_vs_computer", "white")
    finally:
        w2.shutdown()


def test_the_window_geometry_and_panel_split_are_remembered(qtbot):
    from wec.gui.play.main_window import MainWindow
    from wec.gui.play.settings import Preferences
    w = MainWindow(None, prefs=Preferences(mode="hotseat"), autosave=False)
    qtbot.addWidget(w)
    w.show()
    w.resize(760, 560)
    w.splitter.setSizes([420, 330])
    sizes, size = w.splitter.sizes(), (w.width(), w.height())
    assert size != (1280, 860)  # not the size a new window gets
    w.close()
    w2 = MainWindow(None, prefs=Preferences(mode="hotseat"), autosave=False)
    qtbot.addWidget(w2)
    w2.show()
    try:
        assert (w2.width(), w2.height()) == size
        assert w2.splitter.sizes() == sizes
    finally:
        w2.shutdown()


def test_settings_are_never_the_users(private_files):
    from wec.gui.play import settings
    assert settings._settings().fileName().startswith(str(private_files.parent))


@pytest.mark.parametrize("name", sorted(scenarios.SCENARIOS))
def test_every_predefined_scenario_loads_from_the_file_menu(make_window, name):
    w = make_window(mode="hotseat", **OFF)
    w.computer.pause(True)
    w.actions_by_name[f"scenario_{name}"].trigger()
    assert w.game.position() == wec.Game.from_position(scenarios.load(name)).position()
    assert scenarios.SCENARIOS[name][:30] in w.last_message


def test_help_shows_the_rules_the_shortcuts_and_about(make_window, qtbot, shot_dir):
    w = make_window(mode="hotseat", **OFF)
    w.actions_by_name["help_rules"].trigger()
    dlg = w.dialogs[-1]
    qtbot.waitExposed(dlg)
    text = dlg.rules.toPlainText()
    assert "Weapon Chess — a player's guide to the rules" in text and "R6.1" in text
    grab(dlg, shot_dir / "help_rules.png")
    dlg.show_tab("keys")
    keys = {dlg.keys.item(i, 1).text(): dlg.keys.item(i, 0).text()
            for i in range(dlg.keys.rowCount())}
    assert keys["End Turn"] == "Ctrl+Return" and keys["Undo"] == "Ctrl+Z"
    assert keys["Rules"] == "F1"
    grab(dlg, shot_dir / "help_keys.png")
    dlg.show_tab("about")
    assert "Weapon Chess" in dlg.about.toPlainText()
    from wec.gui.play.legend import LegendWidget
    w.actions_by_name["help_legend"].trigger()
    legend = w.dialogs[-1]
    assert isinstance(legend.tabs.currentWidget(), LegendWidget)
    grab(legend, shot_dir / "help_legend.png")


def test_the_shipped_rules_are_the_guide():
    """The app reads the guide from the package (an installed app has no docs/ folder)."""
    from wec.gui.play.help_window import rules_text
    guide = Path(__file__).resolve().parents[3] / "docs" / "RULES-GUIDE.md"
    assert rules_text() == guide.read_text(encoding="utf-8"), \
        "copy docs/RULES-GUIDE.md to wec/gui/play/help/rules-guide.md"
