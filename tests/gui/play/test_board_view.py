"""The board half ("A chess player's app"): orientation, the whose-turn banner,
pieces at every level drawn as pieces, tool tips and the legend, the last turn's arrows, and the
board's defects 1, 2, 3, 7, 8, 10 and 11 — each driven through the real widgets, offscreen."""
from __future__ import annotations

import random

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

import wec
from wec.gui.drawing import glyphs
from wec.gui.play.board_widget import BoardWidget, Highlights
from wec.gui.play.demo import busy_game
from wec.gui.play.snapshot import BoardSnapshot, LastSeenMark

pytestmark = pytest.mark.gui

OFF = {"options": {"invisible_pieces": False}}
"""Hotseat without hidden pieces: no hand-off cover between turns."""


def point(p: QPointF) -> QPoint:
    return QPoint(int(p.x()), int(p.y()))


def ready(w, qtbot) -> None:
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)
    assert not w.handoff_pending


def image(widget) -> QImage:
    return widget.grab().toImage()


# --- 1. orientation --------------------------------------------------------------------------

def bottom_row(board: BoardWidget) -> int:
    """The row drawn lowest on the screen."""
    return max(range(1, 11), key=lambda r: board.square_rect(r, 5).top())


def test_your_own_side_is_at_the_bottom_by_default(make_window):
    w = make_window(mode="human_vs_computer", human="black")
    w.computer.pause(True)
    black_home = max(p.row for p in w.game.pieces("black"))  # R1.5: Black starts on rows 9-10
    assert bottom_row(w.board) == black_home == 10
    w2 = make_window(mode="human_vs_computer", human="white")
    w2.computer.pause(True)
    assert bottom_row(w2.board) == 1


def test_hotseat_turns_the_board_after_the_hand_off_unless_switched_off(make_window, click,
                                                                          qtbot):
    w = make_window(mode="hotseat")
    ready(w, qtbot)
    assert w.seat.side == "black" and bottom_row(w.board) == 10
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    assert w.handoff_pending
    ready(w, qtbot)
    assert w.seat.side == "white" and bottom_row(w.board) == 1  # White at the screen
    w.actions_by_name["turn_board"].trigger()  # the option: keep the first player's view
    assert not w.prefs.turn_board and bottom_row(w.board) == 10
    w.actions_by_name["flip"].trigger()  # View > Flip board turns it whatever the rest
    assert bottom_row(w.board) == 1


@pytest.mark.parametrize("flip", [False, True])
def test_clicks_drag_panels_and_coordinates_follow_the_orientation(make_window, qtbot, flip):
    w = make_window(mode="hotseat", flipped=flip, **OFF)
    b = w.board
    for row, col, level in ((1, 1, "G"), (10, 10, "A"), (3, 7, "S"), (9, 2, "G")):
        assert b.square_at(b.square_center(row, col, level)) == (row, col, level)
    # a click on the screen square of (9,5) shows (9,5) in the level panels
    qtbot.mouseClick(b, Qt.MouseButton.LeftButton, pos=point(b.square_center(9, 5)))
    assert w.levels.square == (9, 5) and w.picker.selected == (9, 5, "G")
    w.human.cancel_selection()
    # drag and drop: the Stunner Pawn (9,2) to (8,3)
    a, c = b.square_center(9, 2), b.square_center(8, 3)
    qtbot.mousePress(b, Qt.MouseButton.LeftButton, pos=point(a))
    qtbot.mouseMove(b, point((a + c) / 2))
    qtbot.mouseMove(b, point(c))
    qtbot.mouseRelease(b, Qt.MouseButton.LeftButton, pos=point(c))
    assert w.game.actions() == ["MV:SP(9,2)->(8,3)"]
    # the coordinates: each row's number beside that row, each column's under that column
    texts = []

    class Recorder:
        def setPen(self, *_a): pass

        def setFont(self, *_a): pass

        def drawText(self, rect, _flags, text):
            texts.append((QRectF(rect), text))
    bd = b.board_rect()
    glyphs.draw_coordinates(Recorder(), bd, b.square_size(), b.square_rect, b.flipped,
                            QColor("black"))
    for rect, text in texts:
        n = int(text)
        if rect.right() <= bd.left():  # a row number
            assert abs(rect.center().y() - b.square_rect(n, 1).center().y()) < 1
        else:
            assert abs(rect.center().x() - b.square_rect(1, n).center().x()) < 1


# --- 2. the whose-turn banner ----------------------------------------------------------------

def test_the_banner_says_whose_turn_and_what_is_left_of_it(make_window, click):
    w = make_window(mode="hotseat", **OFF)
    text = w.banner.text()
    assert "Turn 1 · Black to move" in text and "Move: to do" in text and "Fires 0/2" in text
    assert "Black: player" in text and "White: player" in text
    assert w.play("MV:RP(9,1)->(8,2)")
    assert "Move ✓ done" in w.banner.text() and "Fires 0/2" in w.banner.text()
    fire = next(a for a in w.game.legal_actions() if a.kind == "fire")
    assert w.play(fire)
    assert "Fires 1/2" in w.banner.text()
    assert w.play("END")
    assert "Turn 2 · White to move" in w.banner.text() and "Move: to do" in w.banner.text()


def test_the_banner_against_the_computer_names_the_players_and_keeps_its_secrets(make_window):
    game = wec.Game.new()
    game.apply("MV:RP(9,1)->(8,2)")
    game.apply("END")
    w = make_window(game, mode="human_vs_computer", human="black", ai_level=2)
    w.computer.pause(True)
    text = w.banner.text()
    assert "Black: you" in text and "White: computer (level 2)" in text
    # White's turn seen from Black: whether it moved or fired is not Black's to know yet
    assert "White is playing its turn — computer (level 2)" in text
    assert "Fires" not in text and "Move" not in text


def test_the_status_bar_is_never_clipped_at_1280_px(make_window):
    w = make_window(mode="human_vs_computer", human="black")
    w.computer.pause(True)
    assert w.width() == 1280
    long = ("The Move of this turn is already made (R6.1): fire, pick up, drop, exchange, "
            "reinforce or End Turn. " * 2)
    w.say(long)
    bar = w.statusBar()
    used = bar.fontMetrics().horizontalAdvance(bar.currentMessage()) + \
        w.status_label.fontMetrics().horizontalAdvance(w.status_label.text())
    assert used + 40 <= w.width()
    assert w.message.text() == long and w.message.wordWrap()  # the whole text, wrapped
    w.say("Selection cleared.")
    assert bar.currentMessage() == "Selection cleared."  # a short one stays in the bar too


# --- 3. pieces at every level drawn as pieces ----------------------------------------------

def render_glyph(draw) -> QImage:
    pix = QImage(80, 40, QImage.Format.Format_ARGB32_Premultiplied)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    draw(p, QRectF(0, 0, 80, 40))
    p.end()
    return pix


def shape_mask(img: QImage) -> list[list[bool]]:
    return [[img.pixelColor(x, y).alpha() > 0 for x in range(img.width())]
            for y in range(img.height())]


def test_air_and_sub_pieces_have_the_ground_shape_and_a_level_mark_never_a_tag():
    def piece(level):
        return render_glyph(lambda p, r: glyphs.draw_piece(p, r, "JE", "black", level, None,
                                                           detailed=False, lighting=False))
    ground, air, sub = piece("G"), piece("A"), piece("S")
    tag = render_glyph(lambda p, r: glyphs.draw_article(p, r, "SL", lighting=False))
    # the same token: the Ground piece's outline covers the Air piece's body
    g_mask, a_mask = shape_mask(ground), shape_mask(air)
    same = sum(g == a for gr, ar in zip(g_mask, a_mask) for g, a in zip(gr, ar))
    assert same / (80 * 40) > 0.95
    # an article tag fills its corners, a piece does not (a token, not a flat tag)
    corner = QPoint(int(glyphs.token_rect(QRectF(0, 0, 80, 40)).left()) + 2, 3)
    assert tag.pixelColor(4, 4).alpha() > 0 and air.pixelColor(corner).alpha() == 0
    # the level mark: Air's up triangle at the top left, Sub's down one at the bottom left
    body = glyphs.token_rect(QRectF(0, 0, 80, 40))
    mark_air = QPoint(int(body.left() + body.height() * 0.17), int(body.top() + body.height() * 0.25))
    mark_sub = QPoint(int(body.left() + body.height() * 0.17),
                      int(body.bottom() - body.height() * 0.25))
    assert air.pixelColor(mark_air) == glyphs.LEVEL_MARK_COLORS["A"]
    assert sub.pixelColor(mark_sub) == glyphs.LEVEL_MARK_COLORS["S"]
    assert ground.pixelColor(mark_air) != glyphs.LEVEL_MARK_COLORS["A"]


def test_the_three_bands_of_a_square_read_apart():
    board = BoardWidget()
    board.resize(800, 800)
    img = image(board)
    lay = glyphs.square_layout(board.square_rect(5, 5))
    colours = {lvl: img.pixelColor(point(r.center())) for lvl, r in lay.items()}
    for a, b in (("A", "G"), ("G", "S"), ("A", "S")):
        ca, cb = colours[a], colours[b]
        dist = abs(ca.red() - cb.red()) + abs(ca.green() - cb.green()) + abs(ca.blue() - cb.blue())
        assert dist > 40, (a, b, ca.name(), cb.name())


def overlaps(items) -> list:
    out = []
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            inter = a.rect.intersected(b.rect)
            if inter.width() > 0.5 and inter.height() > 0.5:
                out.append((a.kind, b.kind))
    return out


def test_nothing_overlaps_in_a_square(qapp):
    board = BoardWidget()
    board.resize(880, 760)
    game = busy_game()
    snap = BoardSnapshot.of(game)
    # a reserve flag beside a Sub piece, and a last-seen marker beside a visible piece
    sub = next(p for p in game.pieces() if p.level == "S")
    snap.reserves[(sub.row, sub.col)] = [{"color": "white", "type": "TA", "armed": False,
                                         "square": [sub.row, sub.col]}]
    fp = next(p for p in game.pieces() if p.type == "FP" and p.level == "G")
    snap.last_seen.append(LastSeenMark("AAA", "white", (fp.row, fp.col), "G"))
    board.set_snapshot(snap)
    squares = {(r, c) for r in range(1, 11) for c in range(1, 11)}
    kinds = set()
    for row, col in squares:
        items = board.square_items(row, col)
        kinds |= {it.kind for it in items}
        assert not overlaps(items), (row, col, overlaps(items))
    assert {"piece", "ghost", "article", "reserve"} <= kinds
    here = board.square_items(fp.row, fp.col)
    assert [it.kind for it in here if it.level == "G"].count("ghost") == 1


def test_weapon_count_downs_stay_on_the_board_after_end_turn(make_window):
    w = make_window(mode="hotseat", **OFF)
    fire = next(a for a in w.game.legal_actions() if a.kind == "fire" and a.article == "FL")
    assert w.play("MV:RP(9,1)->(8,2)") and w.play(fire) and w.play("END")
    r, c, lvl = fire.origin
    shooter = w.snapshot.at(r, c, lvl)[0]
    assert shooter.cooldowns and not shooter.fired  # cooling down, in the next turn
    cold = dataclasses.replace(shooter, cooldowns={})
    snap = BoardSnapshot.of(w.game)
    snap.pieces[(r, c)][lvl] = [cold if p == shooter else p for p in snap.pieces[(r, c)][lvl]]
    plain = BoardWidget()
    plain.resize(w.board.size())
    plain.set_view(flipped=w.board.flipped, detailed=w.board.detailed)
    plain.set_snapshot(snap)
    plain.set_highlights(w.board.highlights)
    rect = w.board.square_rect(r, c).toRect()
    assert image(w.board).copy(rect) != image(plain).copy(rect)  # the red count-down is drawn
    # and the level panels agree
    w.human.on_square_clicked(r, c, lvl, Qt.MouseButton.LeftButton)
    assert w.levels.snapshot.at(r, c, lvl)[0].cooldowns


# --- 4. tool tips and the legend -------------------------------------------------------------

def test_hover_tool_tips_name_pieces_articles_reserves_and_markers(qapp):
    board = BoardWidget()
    board.resize(880, 760)
    game = busy_game()
    snap = BoardSnapshot.of(game)
    board.set_snapshot(snap)
    tips = {}
    for row in range(1, 11):
        for col in range(1, 11):
            for it in board.square_items(row, col):
                tips.setdefault(it.kind, (it, board.tooltip_at(it.rect.center())))
    piece, text = tips["piece"]
    p = piece.obj
    from wec.gui.play.interaction import piece_name
    assert piece_name(p.type) in text and p.color.capitalize() in text and "Carr" in text
    stunned = next(q for q in game.pieces() if q.stun)
    cooling = next(q for q in game.pieces() if q.cooldowns)
    for q, word in ((stunned, "Stunned"), (cooling, "Cooling down")):
        it = next(i for i in board.square_items(q.row, q.col) if i.obj == q)
        assert word in board.tooltip_at(it.rect.center())
    assert "lying on the Ground" in tips["article"][1]
    assert "reserve" in tips["reserve"][1] and "R8.4" in tips["reserve"][1]
    mark = LastSeenMark("TA", "white", (5, 5), "G")
    snap.last_seen.append(mark)
    board.set_snapshot(snap)
    it = next(i for i in board.square_items(5, 5) if i.kind == "ghost")
    assert "last seen" in board.tooltip_at(it.rect.center()).lower()


def test_the_legend_opens_from_the_view_menu(make_window, shot_dir):
    from wec.gui.play.legend import LegendWidget
    lone = LegendWidget()  # the Help window embeds it: a parent is all it takes
    names = [name for name, _ in lone.rows]
    for name in ("Square", "Air piece", "Sub piece", "Article", "Reserve", "Last seen",
                 "Count-down", "Last Move", "Last Fire"):
        assert name in names
    w = make_window(mode="hotseat", **OFF)
    w.actions_by_name["legend"].trigger()
    shown = [d for d in w.dialogs if isinstance(d, LegendWidget)]
    assert shown and shown[0].isVisible()
    shown[0].grab().save(str(shot_dir / "board-legend.png"))


# --- 5. the last turn's arrows ----------------------------------------------------------------

def test_the_last_turns_move_and_fires_are_arrows_of_two_kinds(make_window):
    w = make_window(mode="hotseat", **OFF)
    before = image(w.board)
    fire = next(a for a in w.game.legal_actions() if a.kind == "fire" and a.target is None)
    assert w.play("MV:RP(9,1)->(8,2)") and w.play(fire) and w.play("END")
    arrows = w.board.highlights.arrows
    assert ("move", (9, 1, "G"), (8, 2, "G")) in arrows
    assert ("fire", fire.origin, (fire.dest[0], fire.dest[1], fire.origin[2])) in arrows
    after = image(w.board)
    mid = (w.board.square_center(9, 1) + w.board.square_center(8, 2)) / 2
    assert after.pixelColor(point(mid)) != before.pixelColor(point(mid))
    assert glyphs.ARROW_COLORS["move"].rgb() != glyphs.ARROW_COLORS["fire"].rgb()


def test_an_unseen_enemy_move_draws_no_arrow():
    from wec.gui.play.last_turn import last_turn_arrows
    assert last_turn_arrows("MV:?") == []
    assert last_turn_arrows("not a turn") == []
    seen = last_turn_arrows("MV:?,FI1:FL/FP(3,3)->(4,3)")
    assert seen == [("fire", (3, 3, "G"), (4, 3, "G"))]


def test_against_the_computer_arrows_come_from_the_humans_history(make_window):
    game = wec.Game.new()  # hidden pieces on (the standard)
    game.apply("MV:RP(9,1)->(8,2)")
    game.apply("END")
    w = make_window(game, mode="human_vs_computer", human="white")
    w.computer.pause(True)
    obs = game.observation("white")
    from wec.gui.play.last_turn import last_turn_arrows
    assert w.board.highlights.arrows == last_turn_arrows(obs.history()[-1])


# --- 6. defects ------------------------------------------------------------------------------

def test_defect_1_the_piece_panel_describes_the_piece_selected(make_window):
    w = make_window(busy_game(), mode="human_vs_computer", human="black")
    w.computer.pause(True)
    first = w.game.pieces_at(9, 9, "G")
    assert [p.type for p in first][:2] == ["TA", "DO"]  # only the Dozer can move
    w.human.on_square_clicked(9, 9, "G", Qt.MouseButton.LeftButton)
    assert "Dozer" in w.last_message
    assert w.piece_panel.piece.type == "DO" and "Dozer" in w.piece_panel.text()


def panel_point(levels, piece) -> QPoint:
    """Where the level panels draw `piece`."""
    for level, _title, rect in levels._panels():
        pieces, slots, _a, _r = levels._slots(level, rect)
        for p, slot in zip(pieces, slots):
            if p == piece:
                return point(slot.center())
    raise LookupError(piece)


def test_defect_2_level_panel_clicks_pick_that_piece_and_right_click_fires(make_window, qtbot):
    w = make_window(mode="hotseat", **OFF)
    asked = []
    w.choose = lambda title, labels: asked.append(title) or 0
    w.human.on_square_clicked(10, 2, "G", Qt.MouseButton.LeftButton)  # DO + SU: the chooser
    assert asked == ["Which piece moves?"]
    w.human.cancel_selection()
    asked.clear()
    su = next(p for p in w.levels.snapshot.at(10, 2, "G") if p.type == "SU")
    qtbot.mouseClick(w.levels, Qt.MouseButton.LeftButton, pos=panel_point(w.levels, su))
    assert asked == [] and w.picker.candidates[0].piece == "SU"
    assert w.piece_panel.piece == su
    w.human.cancel_selection()
    shooter = next(a for a in w.game.legal_actions() if a.kind == "fire").origin
    w.human.on_square_clicked(shooter[0], shooter[1], shooter[2], Qt.MouseButton.LeftButton)
    piece = next(p for p in w.levels.snapshot.at(*shooter)
                 if any(a.kind == "fire" and a.piece == p.type and a.origin == shooter
                        for a in w.game.legal_actions()))
    w.human.cancel_selection()
    qtbot.mouseClick(w.levels, Qt.MouseButton.RightButton, pos=panel_point(w.levels, piece))
    assert w.picker.stage == "fire" and w.picker.candidates[0].kind == "fire"


def test_defect_3_a_left_hand_is_written_not_taken_as_html(qapp):
    from wec.gui.play.piece_panel import PiecePanel
    game = wec.Game.new()
    tank = next(p for p in game.pieces() if p.type == "TA" and p.hand == "left")
    panel = PiecePanel()
    panel.show_piece(tank)
    from PySide6.QtGui import QTextDocument
    doc = QTextDocument()
    doc.setHtml(panel.text())
    plain = doc.toPlainText()
    assert "left (<)" in plain and "Inherent" in plain


def two_fires_done(w) -> None:
    """Play the Move and two Fires of Black's first turn."""
    assert w.play("MV:RP(9,1)->(8,2)")
    for _ in range(2):
        fire = next(a for a in w.game.legal_actions() if a.kind == "fire")
        assert w.play(fire)
    assert not any(a.kind == "fire" for a in w.game.legal_actions())


def test_defect_7_after_two_fires_the_right_button_acts_as_the_left(make_window):
    w = make_window(mode="hotseat", **OFF)
    two_fires_done(w)
    w.actions_by_name["left_pickup"].trigger()
    w.human.on_square_clicked(8, 2, "G", Qt.MouseButton.RightButton)
    assert w.game.actions()[-1] == "PU:RP(8,2)^TL"  # what the left button does: Pickup


def test_defect_7_the_cursor_follows_the_left_buttons_action(make_window):
    w = make_window(mode="hotseat", **OFF)
    shapes = {"left_move": Qt.CursorShape.OpenHandCursor,
              "left_pickup": Qt.CursorShape.PointingHandCursor,
              "left_drop": Qt.CursorShape.PointingHandCursor,
              "left_exchange": Qt.CursorShape.DragCopyCursor,
              "left_reinforce": Qt.CursorShape.CrossCursor}
    for name, shape in shapes.items():
        w.actions_by_name[name].trigger()
        assert w.board.cursor().shape() == shape, name
    w.actions_by_name["left_move"].trigger()
    shooter = next(a for a in w.game.legal_actions() if a.kind == "fire" and a.target is None)
    w.choose = lambda title, labels: 0
    w.human.on_square_clicked(*shooter.origin, Qt.MouseButton.RightButton)
    assert w.picker.stage == "fire" and w.board.cursor().shape() == Qt.CursorShape.CrossCursor


def test_defect_8_dragging_shows_the_destinations(make_window, qtbot):
    w = make_window(mode="hotseat", **OFF)
    b = w.board
    a, c = b.square_center(9, 2), b.square_center(8, 3)
    still = image(b)
    qtbot.mousePress(b, Qt.MouseButton.LeftButton, pos=point(a))
    qtbot.mouseMove(b, point((a + c) / 2))
    qtbot.mouseMove(b, point(c))
    dests = {x.dest for x in w.game.legal_actions() if x.origin == (9, 2, "G") and x.dest
             and x.kind == "move"}
    dragging = image(b)
    assert b.cursor().shape() == Qt.CursorShape.ClosedHandCursor  # the piece in hand
    for d in dests:
        centre = point(glyphs.square_layout(b.square_rect(d[0], d[1]))[d[2]].topLeft()
                       + QPointF(3, 3))
        assert dragging.pixelColor(centre) != still.pixelColor(centre), d
    assert b._drag_dests == dests
    qtbot.mouseRelease(b, Qt.MouseButton.LeftButton, pos=point(c))
    assert b._drag_dests == set() and w.game.actions() == ["MV:SP(9,2)->(8,3)"]
    assert b.cursor().shape() == Qt.CursorShape.OpenHandCursor


def test_defect_10_the_big_board_grows(make_window, qtbot):
    w = make_window(mode="hotseat", **OFF)
    qtbot.wait(10)
    before = w.board.board_rect()
    w.actions_by_name["big_board"].trigger()
    qtbot.waitUntil(lambda: not w.side.isVisible())
    qtbot.wait(10)
    after = w.board.board_rect()
    assert after.width() * after.height() > 1.3 * before.width() * before.height()
    b = w.board  # clicks still land on the right squares
    for row, col, level in ((1, 1, "G"), (10, 10, "A"), (4, 7, "S")):
        assert b.square_at(b.square_center(row, col, level)) == (row, col, level)


def test_defect_11_a_selection_repaints_without_rendering_the_position_again(qapp):
    board = BoardWidget()
    board.resize(1280, 860)
    game = busy_game()
    board.set_snapshot(BoardSnapshot.of(game))
    board.grab()
    rendered = board.layer_renders
    legal = [a for a in game.legal_moves() if a.dest]
    for n in range(1, 6):  # selections and destinations: the overlay only
        board.set_highlights(Highlights({a.dest for a in legal[:n * 3]}, set(), legal[n].origin,
                                        set()))
        board.grab()
    assert board.layer_renders == rendered
    updated = board.layer_updates
    board.set_snapshot(BoardSnapshot.of(game))  # a new position: rendered once
    board.grab()
    board.grab()
    assert board.layer_renders + board.layer_updates == rendered + updated + 1


@pytest.mark.parametrize("n_actions", [1, 3, 8])
def test_after_an_action_only_its_squares_are_painted_and_the_board_is_the_same(qapp, n_actions):
    """The layer after an action paints only the squares whose content changed (a watchdog
    found it: a full render on every action cost 8-10 ms of the window's thread), and the
    result is pixel for pixel a full render of the new position."""
    board = BoardWidget()
    board.resize(1280, 860)
    game = busy_game()
    board.set_snapshot(BoardSnapshot.of(game))
    board.grab()
    rng = random.Random(n_actions)
    for _ in range(n_actions):
        game.apply(rng.choice(game.legal_actions()))
    before = board.squares_repainted
    board.set_snapshot(BoardSnapshot.of(game))
    quick = board.grab().toImage()
    assert board.squares_repainted - before < 40
    board.set_view(flipped=board.flipped)  # drops the kept layer: a full render
    full = board.grab().toImage()
    assert quick == full


def test_defect_11_a_live_resize_paints_the_last_layer_scaled_until_it_settles(qapp, qtbot):
    board = BoardWidget()
    board.resize(900, 700)
    board.show()
    qtbot.waitExposed(board)
    board.set_snapshot(BoardSnapshot.of(busy_game()))
    board.grab()
    rendered = board.layer_renders
    qtbot.wait(1100)
    board.resize(920, 710)  # one resize (a view toggle): rendered at once
    board.repaint()
    assert board.layer_renders == rendered + 1 and not board._resizing
    for size in ((950, 720), (1000, 760), (1100, 800)):  # a live resize
        board.resize(*size)
        board.repaint()
    assert board._resizing
    assert board.layer_renders == rendered + 1  # no full render in the middle of it
    qtbot.waitUntil(lambda: not board._resizing, timeout=2000)
    board.repaint()
    assert board.layer_renders == rendered + 2
    # toggling back to a size seen with the same position finds its layer
    board.set_view(stretch=True)
    board.grab()
    n = board.layer_renders
    board.set_highlights(Highlights({(5, 5, "G")}, set(), None, set()))
    board.grab()
    assert board.layer_renders == n


def test_screenshots_of_the_board_view(make_window, shot_dir, qtbot):
    """Look at it: the busy position against the computer, Black at the bottom, with a
    selection and the last turn's arrows (board-view.png), and the big board."""
    w = make_window(busy_game(), mode="human_vs_computer", human="black")
    w.computer.pause(True)
    w.human.on_square_clicked(9, 5, "G", Qt.MouseButton.LeftButton)
    img = w.grab()
    assert img.save(str(shot_dir / "board-view.png"))
    # the board on a screen of device pixel ratio 2: rendered at twice the pixels, not scaled
    double = QImage(w.board.size() * 2, QImage.Format.Format_ARGB32_Premultiplied)
    double.setDevicePixelRatio(2)
    p = QPainter(double)
    w.board.render_board(p)
    p.end()
    assert double.save(str(shot_dir / "board-view-2x.png"))
    assert double.width() == 2 * w.board.width()
    w.actions_by_name["big_board"].trigger()
    qtbot.wait(150)
    assert w.grab().save(str(shot_dir / "board-big.png"))


def test_level_panels_have_tool_tips_too(make_window):
    w = make_window(mode="hotseat", **OFF)
    w.human.on_square_clicked(10, 2, "G", Qt.MouseButton.LeftButton)
    w.human.cancel_selection()
    su = next(p for p in w.levels.snapshot.at(10, 2, "G") if p.type == "SU")
    assert "Submarine" in w.levels.tooltip_at(QPointF(panel_point(w.levels, su)))


def test_piece_shapes_are_drawn_at_every_size(qapp):
    board = BoardWidget()
    board.resize(600, 600)  # small squares: still the silhouettes, one look at every size
    assert board.detailed_now()
    board.resize(1400, 1400)
    assert board.detailed_now()
    board.set_view(detailed=False)  # View > Lettered discs
    assert not board.detailed_now()


def test_a_hover_shows_the_tool_tip(make_window, qtbot):
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip
    w = make_window(mode="hotseat", **OFF)
    b = w.board
    pos = point(b.piece_rect(10, 1, "G").center())
    QApplication.sendEvent(b, QHelpEvent(QEvent.Type.ToolTip, pos, b.mapToGlobal(pos)))
    qtbot.waitUntil(lambda: "Tank" in QToolTip.text(), timeout=2000)
    assert "Black" in QToolTip.text() and "Ground at (10,1)" in QToolTip.text()
    QToolTip.hideText()


def test_defect_8_the_piece_in_hand_is_the_one_that_may_move(make_window, qtbot):
    w = make_window(busy_game(), mode="human_vs_computer", human="black")
    w.computer.pause(True)
    b = w.board
    assert [p.type for p in w.game.pieces_at(9, 9, "G")][:2] == ["TA", "DO"]
    dozer = next(a for a in w.game.legal_actions() if a.piece == "DO" and a.origin == (9, 9, "G"))
    a = b.square_center(9, 9)
    c = b.square_center(*dozer.dest[:2], dozer.dest[2])
    qtbot.mousePress(b, Qt.MouseButton.LeftButton, pos=point(a))
    qtbot.mouseMove(b, point((a + c) / 2))
    assert b._drag_piece.type == "DO" and dozer.dest in b._drag_dests
    qtbot.mouseRelease(b, Qt.MouseButton.LeftButton, pos=point(c))
    assert w.game.actions()[-1].startswith("MV:DO(9,9)")


def test_hotseat_without_a_hand_off_keeps_the_board_still(make_window):
    w = make_window(mode="hotseat", **OFF)
    assert bottom_row(w.board) == 10  # the default side (Black) at the bottom
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    assert w.game.to_move == "white" and bottom_row(w.board) == 10


def test_an_enemy_reserve_tooltip_says_only_what_its_viewer_saw():
    # R10.6: the enemy reserve's piece is hidden, and its arming known only if seen (R8.4)
    from wec.gui.play.tooltips import reserve_tip
    unknown = reserve_tip({"type": None, "color": "white", "square": [8, 5], "armed": None})
    seen = reserve_tip({"type": None, "color": "white", "square": [8, 5], "armed": True})
    own = reserve_tip({"type": "Q", "color": "black", "square": [3, 6], "armed": False})
    assert "type is hidden" in unknown and "not seen it armed" in unknown
    assert "not armed yet" not in unknown
    assert "saw one of its side's pieces" in seen
    assert "not armed yet" in own and "Reinforce" not in own
