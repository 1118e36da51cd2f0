"""Hotseat and competitive games keep their secrets (R10.6, R12.3), through the real
window offscreen: the hand-off cover shows nothing else whatever is pressed, and every view is
built from the observation of the side at the screen only."""
from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QFileDialog, QLabel,
                               QListWidget, QMenu, QMessageBox, QTextBrowser, QWidget)

import wec
from wec.gui.play.board_widget import BoardWidget
from wec.gui.play.history_panel import HistoryPanel
from wec.gui.play.interaction import piece_name
from wec.gui.play.level_panels import LevelPanels
from wec.gui.play.piece_panel import piece_html
from wec.gui.play.snapshot import BoardSnapshot

pytestmark = pytest.mark.gui


# --- helpers -------------------------------------------------------------------------------------

def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def window_image(w) -> QImage:
    settle()
    return w.grab().toImage()


def render(widget: QWidget) -> QImage:
    """Paint a widget (shown or not) into an image of its size."""
    image = QImage(widget.size(), QImage.Format.Format_ARGB32)
    image.fill(0)
    widget.render(image)
    return image


def board_image(board: BoardWidget) -> QImage:
    image = QImage(board.size(), QImage.Format.Format_ARGB32)
    image.fill(0)
    p = QPainter(image)
    board.render_board(p)
    p.end()
    return image


def close_strays(main) -> None:
    """Close every window other than the main one (a dialog an action may have opened)."""
    for top in QApplication.topLevelWidgets():
        if top is not main and top.isVisible() and top.isWindow():
            top.close()
    settle()


def random_hotseat_game(seed: int) -> wec.Game:
    """The standard game (hidden pieces on) after some random turns, a side to move that cannot
    see every enemy piece."""
    rng = random.Random(seed)
    while True:
        g = wec.Game.new()
        for _ in range(rng.randint(2, 9)):
            while g.result is None:
                legal = g.legal_actions()
                ends = [a for a in legal if a.kind == "end"]
                if ends and rng.random() < 0.5:
                    g.apply(ends[0])
                    break
                g.apply(rng.choice([a for a in legal if a.kind != "end"] or ends))
        if g.result is None and hidden_enemies(g, g.to_move):
            return g


def hidden_enemies(game: wec.Game, side: str) -> list:
    """Enemy pieces `side` cannot see now."""
    seen = {(p.type, p.row, p.col, p.level) for p in game.observation(side).pieces()}
    return [p for p in game.pieces() if p.color != side
            and (p.type, p.row, p.col, p.level) not in seen]


def texts(w) -> str:
    """Every text the window and its open dialogs show: labels, buttons, list items, tool tips,
    the status bar, the title."""
    out = [w.windowTitle(), w.statusBar().currentMessage()]
    widgets = [w] + w.findChildren(QWidget) + [d for d in w.dialogs if d.isVisible()]
    for x in widgets:
        out.append(x.toolTip())
        if isinstance(x, QLabel):
            out.append(x.text())
        elif isinstance(x, QAbstractButton):
            out.append(x.text())
        elif isinstance(x, QTextBrowser):
            out.append(x.toPlainText())
        elif isinstance(x, QListWidget):
            for i in range(x.count()):
                out += [x.item(i).text(), x.item(i).toolTip()]
        elif isinstance(x, HistoryPanel):
            out += [t for row in x.rows() for t in row]
        elif isinstance(x, QMessageBox):
            out += [x.text(), x.informativeText()]
    return "\n".join(t for t in out if t)


def assert_no_secret(text: str, game: wec.Game, side: str) -> None:
    """No hidden enemy piece is named where it stands; a hidden type the side knows nothing of
    (no piece of that type in its view, no last sighting of one) is never named at all."""
    obs = game.observation(side)
    known = {p.type for p in obs.pieces()} | {m.type for m in obs.last_seen()}
    for h in hidden_enemies(game, side):
        for leak in (f"{h.type}({h.row},{h.col})", f"{piece_name(h.type)} at ({h.row},{h.col})",
                     f"{piece_name(h.type)} ({h.row},{h.col})"):
            assert leak not in text, f"{side} reads {leak!r}, a hidden enemy piece"
        if h.type not in known:
            assert not re.search(rf"\b{h.type}\b", text), f"{side} reads the hidden type {h.type}"


def ready(w, qtbot) -> None:
    assert w.handoff_pending
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)
    assert not w.handoff_pending


# --- the cover -----------------------------------------------------------------------------------

def test_the_cover_shows_nothing_else_whatever_is_pressed_or_clicked(make_window, qtbot,
                                                                     monkeypatch, shot_dir):
    # whatever an action might open is answered at once (nothing may open, though)
    opened = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: opened.append(a) or ("", ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: opened.append(a) or ("", ""))
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: opened.append(a) or QMessageBox.StandardButton.No)
    monkeypatch.setattr(QMenu, "exec", lambda *a, **k: opened.append(a))
    monkeypatch.setattr(QDialog, "exec", lambda *a, **k: opened.append(a) or 0)
    w = make_window(mode="hotseat")  # standard options: hidden pieces on
    ready(w, qtbot)
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    assert w.handoff_pending and "White to play" in w.handoff.label.text()
    cover = window_image(w)
    cover.save(str(shot_dir / "handoff.png"))
    # the cover is all there is: its colour fills nearly the whole window, no board square
    dark = sum(1 for x in range(0, cover.width(), 16) for y in range(0, cover.height(), 16)
               if cover.pixelColor(x, y).name() == "#2b241c")
    assert dark > 0.85 * (cover.width() // 16 + 1) * (cover.height() // 16 + 1)

    names = set(w.actions_by_name)
    assert {"undo", "redo", "goto_start", "square_select", "possible_locations",
            "board_editor", "end_turn", "new", "quit"} <= names
    assert all(w.actions_by_name[n] in w.window_actions for n in names)
    toolbar = w.toolbar.actions()
    for act in w.window_actions + toolbar:  # menus, toolbar, their shortcuts
        act.trigger()
        close_strays(w)
        assert w.handoff_pending, act.objectName()
        assert window_image(w) == cover, f"{act.objectName() or act.text()} changed the cover"
        if not act.shortcut().isEmpty():
            QTest.keySequence(w, act.shortcut())
            close_strays(w)
            assert window_image(w) == cover, f"the shortcut {act.shortcut().toString()}"
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End,
                Qt.Key.Key_Escape, Qt.Key.Key_Space, Qt.Key.Key_M, Qt.Key.Key_Delete):
        QTest.keyClick(w, key)
        assert window_image(w) == cover, f"key {key}"
    assert not opened, opened
    # every square, every level, both buttons: on the board the cover hides, and where the
    # square lies on the cover (anything but its "I am ready" button)
    button_rect = w.handoff.button.geometry().translated(w.handoff.mapTo(w, QPoint(0, 0)))
    for row in range(1, 11):
        for col in range(1, 11):
            for level in ("A", "G", "S"):
                p = w.board.square_center(row, col, level).toPoint()
                for button in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
                    qtbot.mouseClick(w.board, button, pos=p)
                    at = w.board.mapTo(w, p)
                    if not button_rect.contains(at):
                        target = w.childAt(at) or w
                        qtbot.mouseClick(target, button, pos=target.mapFrom(w, at))
            assert window_image(w) == cover, f"a click on ({row},{col})"
    assert w.game.ply == 2 and w.handoff_pending
    # only "I am ready": the named key takes it down and shows White its own view
    QTest.keyClick(w, Qt.Key.Key_Return)
    assert not w.handoff_pending and w.snapshot.viewer == "white"
    assert window_image(w) != cover


def test_undo_back_into_the_other_sides_turn_puts_the_cover_up(make_window, qtbot):
    w = make_window(mode="hotseat")
    ready(w, qtbot)
    w.play("MV:RP(9,1)->(8,2)")
    w.play("END")
    ready(w, qtbot)
    assert w.seat.side == "white"
    w.actions_by_name["undo"].trigger()  # takes back Black's End Turn: Black's turn again
    assert w.game.to_move == "black" and w.handoff_pending
    assert "Black to play" in w.handoff.label.text() and w.snapshot == BoardSnapshot.empty()
    ready(w, qtbot)
    assert w.seat.side == "black"


def test_switching_to_hotseat_mid_game_covers_the_other_side(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="white")
    w.computer.pause(True)
    assert w.seat.side == "white" and w.game.to_move == "black"
    w.actions_by_name["mode_hotseat"].trigger()
    assert w.handoff_pending and "Black to play" in w.handoff.label.text()


# --- every view from the observation -------------------------------------------------------------

def reference_board(w, snap: BoardSnapshot) -> BoardWidget:
    """A board widget like the window's, fed `snap` only."""
    b = BoardWidget()
    b.resize(w.board.size())
    b.set_view(detailed=w.board.detailed, lighting=w.board.lighting,
               show_last_seen=w.board.show_last_seen, show_possible=w.board.show_possible,
               show_reserves=w.board.show_reserves, flipped=w.board.flipped)
    b.set_palette(w.board.palette_)
    b.set_snapshot(snap)
    b.set_highlights(w.board.highlights)
    return b


def reference_levels(w, snap: BoardSnapshot, square) -> LevelPanels:
    lp = LevelPanels()
    lp.resize(w.levels.size())
    lp.detailed, lp.lighting, lp.palette_ = w.levels.detailed, w.levels.lighting, w.levels.palette_
    lp.show_square(snap, square)
    return lp


def item_texts(panel: HistoryPanel) -> list[tuple[str, str]]:
    return panel.rows()


@pytest.mark.parametrize("seed", range(4))
def test_every_view_shows_only_the_observation_of_the_side_at_the_screen(
        make_window, click, qtbot, seed, shot_dir):
    game = random_hotseat_game(seed)
    side = game.to_move
    hidden = hidden_enemies(game, side)
    w = make_window(game, mode="hotseat", possible_locations=bool(seed % 2))
    ready(w, qtbot)
    assert w.seat.side == side
    obs = game.observation(side)
    ref = BoardSnapshot.of(obs, viewer=side, possible_locations=bool(seed % 2))
    # the board: the same model and the same pixels as a board fed the observation only
    assert w.snapshot == ref
    assert board_image(w.board) == board_image(reference_board(w, ref))
    whole = reference_board(w, BoardSnapshot.of(game))
    assert board_image(whole) != board_image(w.board)  # the hidden pieces would show
    # the history: the side's own turn strings (R12.3), in items and tool tips
    hist = HistoryPanel()
    hist.update_record("ref", obs.action_notes(0), 0, played=game.ply,
                       first_turn=game.initial_position()["turn"], turn_strings=obs.history())
    assert item_texts(w.history) == item_texts(hist)
    # every square, clicked on the board and picked by Square Select: level panels and piece
    # panel as fed the observation
    squares = sorted({(p.row, p.col) for p in game.pieces()} | {(5, 5), (1, 1)})
    for row, col in squares:
        click(w, row, col, "G")
        here = ref.at(row, col, "G") or [p for lvl in ("G", "A", "S") for p in ref.at(row, col, lvl)]
        for level in ("A", "G", "S"):
            assert w.levels.snapshot.at(row, col, level) == ref.at(row, col, level)
        assert render(w.levels) == render(reference_levels(w, ref, (row, col)))
        assert w.piece_panel.text() == piece_html(here[0] if here else None)
        assert_no_secret(texts(w), game, side)
        w.human.cancel_selection()
    dlg = w.square_select()
    for h in hidden:
        dlg.row.setValue(h.row)
        dlg.col.setValue(h.col)
        dlg.level.setCurrentIndex(dlg.level.findData(h.level))
        dlg.left.click()
        assert w.levels.snapshot.at(h.row, h.col, h.level) == ref.at(h.row, h.col, h.level)
        assert all(p.color == side or p in obs.pieces() for p in
                   w.levels.snapshot.at(h.row, h.col, h.level))
    dlg.reject()
    status = w.show_status()
    assert f"{len(obs.pieces('black'))} Black and {len(obs.pieces('white'))} White" in \
        status.browser.toPlainText()
    w.actions_by_name["possible_locations"].trigger()
    assert w.snapshot == BoardSnapshot.of(obs, viewer=side, possible_locations=not seed % 2)
    assert item_texts(w.history) == item_texts(hist)
    assert_no_secret(texts(w), game, side)
    assert hidden and game.ply == len(game.actions())  # nothing was played by the clicks
    status.reject()
    if seed == 1:
        click(w, hidden[0].row, hidden[0].col, hidden[0].level)
        w.grab().save(str(shot_dir / "hotseat_view.png"))


def test_the_computers_thinking_line_and_moves_name_nothing_hidden(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="black", ai_level=5, ai_seconds=1.0)
    reports = []
    w.worker.progress.connect(lambda d, n, s, best, t: reports.append((best, w.thinking_label.text())))
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    while w.game.to_move == "white" and w.game.result is None:
        qtbot.waitUntil(lambda: reports and not w.worker.busy or w.game.to_move == "black",
                        timeout=30000)
        assert_no_secret(texts(w), w.game, "black")
        qtbot.wait(20)
    assert reports
    for best, label in reports:
        assert best not in label and "score" not in label and "depth" in label
    assert w.snapshot == BoardSnapshot.of(w.game.observation("black"), viewer="black",
                                          possible_locations=w.prefs.possible_locations)


# --- the board editor ----------------------------------------------------------------------------

def test_the_board_editor_is_refused_in_a_competitive_game(make_window, qtbot, shot_dir):
    w = make_window(mode="human_vs_computer", human="black",
                    options={"competitive": True})
    w.computer.pause(True)
    assert w.game.competitive
    w.actions_by_name["board_editor"].trigger()
    assert w.editor_window is None
    box = w.dialogs[-1]
    assert box.objectName() == "editor_refused" and box.isVisible()
    assert "non-competitive" in box.text()
    box.grab().save(str(shot_dir / "dialog_editor_refused.png"))
    assert not [t for t in QApplication.topLevelWidgets()
                if t.isVisible() and t.objectName() == "board_editor"]
    box.close()


def test_the_board_editor_opens_on_what_the_side_at_the_screen_sees(make_window, qtbot):
    from wec.gui.editor import model
    w = make_window(mode="hotseat")
    ready(w, qtbot)
    obs = w.game.observation("black")
    ed = w.open_board_editor()
    assert ed is not None
    pos = ed.doc.position
    expected = obs.position()
    expected.pop("enemy_reserves")
    assert pos == model.normalize(expected)
    # White's stealthy AAAs and the types of White's reserves stay out of it
    assert not [p for p in pos["pieces"] if p["color"] == "white" and p["type"] == "AAA"]
    assert not [r for r in pos.get("reserves", []) if r["color"] == "white"]
    assert "what Black can see" in w.last_message
    # the next player's cover closes the editor of the last one
    w.play("MV:RP(9,1)->(8,2)")
    w.play("END")
    assert not ed.isVisible() and w.editor_window is None


def test_a_draw_offer_is_answered_over_the_cover(make_window, qtbot):
    w = make_window(mode="hotseat")
    ready(w, qtbot)
    seen = []

    def answer(title, text):
        seen.append((w.pages.currentWidget() is w.handoff, w.handoff.button.isVisible(),
                     w.menuBar().isVisible(), w.handoff.label.text()))
        return False
    w.confirm = answer
    w.actions_by_name["offer_draw"].trigger()
    assert seen == [(True, False, False, "Black offers a draw.\n\nPass the computer to White "
                                         "to answer.")]
    # declined: back to Black through the cover
    assert w.handoff_pending and w.handoff.button.isVisible() and w.game.result is None
    ready(w, qtbot)
    assert w.seat.side == "black" and "declined" in w.last_message
    w.confirm = lambda title, text: True
    w.actions_by_name["offer_draw"].trigger()
    assert w.game.result == "draw" and not w.handoff_pending and w.seat.side is None


def test_a_computer_error_names_no_hidden_piece(make_window):
    w = make_window(mode="human_vs_computer", human="black")
    w.computer.pause(True)
    w.computer._failed("PositionError: a AAA cannot be at (2,3) without a carrier")
    assert "AAA" not in w.last_error and "(2,3)" not in w.last_error
    assert "play now" in w.last_error
    w.dialogs[-1].close()


def test_changing_sides_against_the_computer_goes_through_the_cover(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="black")
    w.computer.pause(True)
    w.toolbar.hide()  # the player's own layout survives the cover
    w.actions_by_name["human_white"].trigger()
    assert w.handoff_pending and w.handoff.label.text().startswith("White's view next.")
    assert w.snapshot == BoardSnapshot.empty()
    ready(w, qtbot)
    assert w.seat.side == "white" and w.menuBar().isVisible() and not w.toolbar.isVisible()


# --- changing who plays which side during a game -------------------------------------------------

def shows_only(w, side: str) -> None:
    """Every view is `side`'s own (R10.6, R12.3): its board, its move list, no hidden name."""
    g = w.game
    obs = g.observation(side)
    assert not w.handoff_pending and w.seat.side == side
    assert w.snapshot == BoardSnapshot.of(obs, viewer=side,
                                          possible_locations=w.prefs.possible_locations)
    hist = HistoryPanel()
    hist.update_record("ref", obs.action_notes(0), 0, played=g.ply,
                       first_turn=g.initial_position()["turn"], turn_strings=obs.history())
    assert item_texts(w.history) == item_texts(hist)
    assert_no_secret(texts(w), g, side)


def hotseat_on_whites_turn(make_window, qtbot):
    """Hotseat, standard options (hidden pieces on), White at the screen on its first turn with
    Black's AAAs hidden from it."""
    w = make_window(mode="hotseat")
    w.computer.pause(True)
    ready(w, qtbot)
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    ready(w, qtbot)
    assert [p.type for p in hidden_enemies(w.game, "white")] and w.game.to_move == "white"
    shows_only(w, "white")
    return w


def test_computer_vs_computer_in_hotseat_keeps_the_board_to_the_side_at_the_screen(
        make_window, qtbot, shot_dir):
    # R10.6: Play > Sides > Computer vs computer on White's turn never draws Black's hidden
    # AAAs: the board, the move list and every text stay White's own observation
    w = hotseat_on_whites_turn(make_window, qtbot)
    hidden = hidden_enemies(w.game, "white")
    w.actions_by_name["mode_computer_vs_computer"].trigger()
    assert w.prefs.mode == "computer_vs_computer"
    shows_only(w, "white")
    assert not any(w.snapshot.at(h.row, h.col, h.level) for h in hidden
                   if not [p for p in w.game.observation("white").pieces()
                           if (p.row, p.col, p.level) == (h.row, h.col, h.level)])
    w.grab().save("/tmp/sides_cvc_white_view.png")
    w.grab().save(str(shot_dir / "sides_cvc_white_view.png"))
    # the computers play on (a turn of each side): White's view still, never the true game
    w.computer.nodes = 60
    w.computer.pause(False)
    qtbot.waitUntil(lambda: w.game.turn >= 3 or w.game.result is not None, timeout=60000)
    w.computer.pause(True)
    qtbot.waitUntil(lambda: not w.worker.busy, timeout=30000)
    if w.game.result is None:
        shows_only(w, "white")


def test_back_to_hotseat_the_cover_comes_before_the_side_to_moves_view(make_window, qtbot):
    # R10.6: hotseat again after computer vs computer: the next player comes to the screen
    # through the hand-off cover, even the side that was looking
    w = hotseat_on_whites_turn(make_window, qtbot)
    w.actions_by_name["mode_computer_vs_computer"].trigger()
    w.actions_by_name["mode_hotseat"].trigger()
    assert w.prefs.mode == "hotseat" and w.handoff_pending
    assert "White to play" in w.handoff.label.text()
    assert w.snapshot == BoardSnapshot.empty()
    assert all("(start)" in row[0] for row in w.history.rows())  # no turn of anyone's
    assert_no_secret(texts(w), w.game, "white")
    assert_no_secret(texts(w), w.game, "black")
    ready(w, qtbot)
    shows_only(w, "white")


@pytest.mark.parametrize("change", ["mode_computer_vs_computer", "mode_hotseat", "human_white"])
def test_the_sides_cannot_change_in_a_competitive_game(make_window, qtbot, change, shot_dir):
    # R12.3: in a competitive game against the computer the sides are fixed, as undo and the
    # editor are refused: nothing changes, the move list stays Black's own
    w = make_window(mode="human_vs_computer", human="black", options={"competitive": True})
    w.computer.pause(True)
    assert w.game.competitive and w.game.to_move == "black"
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    assert w.game.to_move == "white"
    shows_only(w, "black")
    w.actions_by_name[change].trigger()
    assert (w.prefs.mode, w.prefs.human) == ("human_vs_computer", "black")
    assert w.actions_by_name["mode_human_vs_computer"].isChecked()
    assert w.actions_by_name["human_black"].isChecked()
    assert not w.actions_by_name[change].isChecked()
    box = w.dialogs[-1]
    assert box.objectName() == "sides_refused" and box.isVisible()
    assert "competitive" in box.text()
    assert "competitive" in w.last_message
    shows_only(w, "black")
    if change == "human_white":
        w.grab().save("/tmp/sides_refused.png")
        box.grab().save(str(shot_dir / "dialog_sides_refused.png"))
    box.close()


def test_the_options_dialog_cannot_change_the_sides_of_a_competitive_game(make_window, qtbot):
    # R12.3: Play > Options is another way to the sides: refused the same
    w = make_window(mode="human_vs_computer", human="black", options={"competitive": True})
    w.computer.pause(True)
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    dlg = w.preferences.options_dialog()
    dlg.mode.setCurrentIndex(dlg.mode.findData("computer_vs_computer"))
    dlg.human.setCurrentText("white")
    dlg.accept()
    assert (w.prefs.mode, w.prefs.human) == ("human_vs_computer", "black")
    assert w.dialogs[-1].objectName() == "sides_refused"
    shows_only(w, "black")
    w.dialogs[-1].close()


def test_i_play_white_against_the_computer_hands_over_through_the_cover(make_window, qtbot):
    # R10.6: not competitive, hidden pieces on: I play White puts the cover up, then White's
    # own view, never the computer's (Black's) hidden pieces
    w = make_window(mode="human_vs_computer", human="black")
    w.computer.pause(True)
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    shows_only(w, "black")
    w.actions_by_name["human_white"].trigger()
    assert w.handoff_pending and w.snapshot == BoardSnapshot.empty()
    assert "White" in w.handoff.label.text()
    ready(w, qtbot)
    assert hidden_enemies(w.game, "white")
    shows_only(w, "white")
    # and back through computer vs computer: the human's view stays, then the cover for Black
    w.actions_by_name["mode_computer_vs_computer"].trigger()
    shows_only(w, "white")
    w.actions_by_name["human_black"].trigger()
    shows_only(w, "white")  # still the computers' game: the same player looks on
    w.actions_by_name["mode_human_vs_computer"].trigger()
    assert w.handoff_pending and "Black" in w.handoff.label.text()
    ready(w, qtbot)
    shows_only(w, "black")


def test_restore_defaults_in_a_hotseat_game_hands_over_through_the_cover(make_window, qtbot):
    # R10.6: the defaults (against the computer, the human Black) on White's turn of a hotseat
    # game: Black's view comes only through the cover
    w = hotseat_on_whites_turn(make_window, qtbot)
    w.actions_by_name["restore_defaults"].trigger()
    assert (w.prefs.mode, w.prefs.human) == ("human_vs_computer", "black")
    assert w.handoff_pending and "Black" in w.handoff.label.text()
    ready(w, qtbot)
    shows_only(w, "black")


def test_the_options_dialog_changes_the_sides_of_a_hotseat_game_as_the_menu_does(make_window,
                                                                                   qtbot):
    # R10.6: Play > Options, computer vs computer on White's turn: White's view stays
    w = hotseat_on_whites_turn(make_window, qtbot)
    dlg = w.preferences.options_dialog()
    dlg.mode.setCurrentIndex(dlg.mode.findData("computer_vs_computer"))
    dlg.accept()
    assert w.prefs.mode == "computer_vs_computer"
    assert w.actions_by_name["mode_computer_vs_computer"].isChecked()
    shows_only(w, "white")
