"""The board readable at a glance: a silhouette per piece type in the game and the editor,
pieces as large at every level, tags written whole at 11 px or more at the default window, the
hidden-enemy marker unlike a count-down, the last turn's arrows under the labels, no seam
between the squares, and overlays a controller can add."""
from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter

import wec
from wec.gui.drawing import glyphs, shapes
from wec.gui.play.board_widget import BoardWidget, Highlights
from wec.gui.play.demo import busy_game
from wec.gui.play.snapshot import BoardSnapshot

pytestmark = pytest.mark.gui

DEFAULT_BOARD = (885, 745)
"""The board widget's size in the window at its default 1280 x 860."""


def busy_board(size: tuple[int, int] = DEFAULT_BOARD) -> BoardWidget:
    board = BoardWidget()
    board.resize(*size)
    board.set_snapshot(BoardSnapshot.of(busy_game()))
    return board


def render(draw, w: int = 40, h: int = 40) -> QImage:
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    draw(p, QRectF(0, 0, w, h))
    p.end()
    return img


def mask(img: QImage) -> set[tuple[int, int]]:
    return {(x, y) for x in range(img.width()) for y in range(img.height())
            if img.pixelColor(x, y).alpha() > 128}


@pytest.fixture
def texts(monkeypatch):
    """Every text QPainter writes: (font pixel size, rect or None, text)."""
    seen: list[tuple[int, QRectF | None, str, float]] = []
    original = QPainter.drawText

    def record(self, *args):
        rect = args[0] if isinstance(args[0], QRectF) else None
        width = QFontMetricsF(self.font()).horizontalAdvance(str(args[-1]))
        seen.append((self.font().pixelSize(), rect, str(args[-1]), width))
        return original(self, *args)
    monkeypatch.setattr(QPainter, "drawText", record)
    return seen


# --- pieces ---------------------------------------------------------------------------------

def test_every_piece_type_has_its_own_silhouette(qapp):
    """Rendered at the board's size, no two types cover the same pixels (a chess player tells
    them apart), and a silhouette is no disc: it differs from the lettered disc of its type."""
    masks = {t: mask(render(lambda p, r, t=t: glyphs.draw_piece(
        p, r, t, "white", "G", None, detailed=True, lighting=False), 24, 24))
        for t in shapes.ALL_TYPES}
    for a, b in itertools.combinations(shapes.ALL_TYPES, 2):
        differ = len(masks[a] ^ masks[b])
        assert differ >= 12, (a, b, differ)
    for t in ("K", "TA", "FP"):
        disc = mask(render(lambda p, r, t=t: glyphs.draw_piece(
            p, r, t, "white", "G", None, detailed=False, lighting=False), 24, 24))
        assert len(disc ^ masks[t]) > 60


def test_the_two_sides_read_apart_at_every_level(qapp):
    for level in ("G", "A", "S"):
        white, black = (render(lambda p, r, c=c: glyphs.draw_piece(
            p, r, "TA", c, level, None, detailed=True, lighting=False), 32, 24)
            for c in ("white", "black"))
        centre = (16, 17)  # the hull
        lw = white.pixelColor(*centre).lightness()
        lb = black.pixelColor(*centre).lightness()
        assert lw - lb > 80, (level, lw, lb)


def test_air_and_sub_pieces_are_as_large_as_ground_ones(qapp):
    board = BoardWidget()
    board.resize(*DEFAULT_BOARD)
    game = wec.Game.new()
    snap = BoardSnapshot.of(game)
    ch = next(p for p in game.pieces() if p.type == "CH")
    su = next(p for p in game.pieces() if p.type == "SU")
    ta = next(p for p in game.pieces() if p.type == "TA")
    snap.pieces[(5, 5)] = {"A": [ch], "G": [ta], "S": [su]}
    board.set_snapshot(snap)
    heights = {it.level: round(it.rect.height(), 3) for it in board.square_items(5, 5)
               if it.kind == "piece"}
    assert heights["A"] == heights["G"] == heights["S"]
    assert heights["G"] >= board.square_size() * 0.29


def test_the_game_and_the_editor_draw_pieces_alike(make_window):
    """The editor opened from the game paints the same silhouettes at the same proportions."""
    w = make_window(mode="hotseat", options={"invisible_pieces": False})
    editor = w.open_board_editor()
    canvas = editor.canvas
    canvas.resize(w.board.size())
    assert canvas.detailed and w.board.detailed_now()
    from wec.gui.editor.layout import square_items
    pos = canvas.position
    for row, col in ((1, 1), (1, 2), (2, 3)):
        board_rects = sorted(v for it in w.board.square_items(row, col) if it.kind == "piece"
                             for v in (it.rect.width(), it.rect.height()))
        canvas_rects = sorted(v for it in square_items(pos, (row, col),
                                                       canvas.square_rect(row, col))
                              if it.kind == "piece" for v in (it.rect.width(), it.rect.height()))
        assert board_rects == pytest.approx(canvas_rects, abs=0.01), (row, col)
    editor.close()


# --- tags -------------------------------------------------------------------------------------

def test_tags_are_written_whole_at_11_px_or_more_on_the_default_board(qapp, texts):
    board = busy_board()
    snap = board.snapshot
    # a crowded activation square: two articles, a reserve and two Ground pieces
    game = wec.Game.new()
    two = [p for p in game.pieces() if p.row == 1 and p.col == 2]
    snap.pieces[(4, 4)] = {"G": two}
    snap.articles[(4, 4)] = ("XXX", "ASH")
    snap.reserves[(4, 4)] = [{"color": "white", "type": "CL", "hand": "left", "armed": False,
                              "square": [4, 4]}]
    board.set_snapshot(snap)
    board.grab()
    codes = {c for arts in snap.articles.values() for c in arts}
    tags = [t for t in texts if t[2] in codes or t[2] == "R" or t[2].endswith(("<", ">", "?"))
            or t[2] in {"SU", "JE", "DS", "Q", "DO", "TA", "AAA"}]
    assert tags and {t[2] for t in tags} >= {"XXX", "ASH", "R"}
    for px, rect, text, width in tags:
        assert px >= glyphs.MIN_TAG_PX, (text, px)
        assert rect is not None and width <= rect.width() + 0.5, (text, width, rect)
    # the squeezed reserve keeps its R; its type is in the tool tip
    reserve = next(it for it in board.square_items(4, 4) if it.kind == "reserve")
    assert "CL" in board.tooltip_at(reserve.rect.center())


def test_tags_of_articles_sit_inside_the_ground_band(qapp):
    board = busy_board()
    for row, col in itertools.product(range(1, 11), repeat=2):
        band = board.level_rect(row, col, "G")
        for it in board.square_items(row, col):
            if it.kind in ("article", "reserve"):
                assert band.adjusted(-0.01, -0.01, 0.01, 0.01).contains(it.rect), (row, col)


# --- the hidden-enemy marker ------------------------------------------------------------------

def test_the_hidden_enemy_marker_writes_no_digit_like_glyph(qapp, texts):
    img = render(lambda p, r: glyphs.draw_last_seen(p, r, "AAA", "white", "G"), 60, 24)
    assert texts == []  # an eye crossed out, drawn: no "?" that reads as a 7
    # and nothing of it is the count-down's red
    red = glyphs.DEFAULT_PALETTE.cooldown
    for x in range(img.width()):
        for y in range(img.height()):
            c = img.pixelColor(x, y)
            if c.alpha() > 200:
                assert abs(c.red() - red.red()) + abs(c.green() - red.green()) + \
                    abs(c.blue() - red.blue()) > 90, (x, y, c.name())
    unknown = render(lambda p, r: glyphs.draw_last_seen(p, r, None, "white", "G"), 60, 24)
    assert texts == [] and mask(unknown)


def test_the_hidden_badge_differs_from_a_count_down(qapp):
    badge = render(lambda p, r: glyphs.draw_hidden_badge(p, QPointF(12, 12), 10), 24, 24)
    count = render(lambda p, r: glyphs.draw_badge(p, QPointF(12, 12), 10, "7",
                                                  glyphs.DEFAULT_PALETTE.cooldown), 24, 24)
    slate, red = badge.pixelColor(12, 4), count.pixelColor(12, 4)
    assert slate.blue() > slate.red() and red.red() > 150 > red.blue()  # slate, not red
    # an eye: white at its pupil's rim on the slate disc; no number's strokes
    assert mask(badge) != mask(count)


# --- arrows -----------------------------------------------------------------------------------

def test_the_last_turns_arrows_never_cover_a_label(qapp):
    """Rows 3 to 8 are full of article and reserve tags: arrows across them leave every tag's
    pixels as they are without the arrows."""
    arrows = [("move", (3, 1, "G"), (8, 6, "G")), ("fire", (8, 1, "G"), (3, 6, "G")),
              ("fire", (4, 10, "G"), (7, 3, "A"))]
    plain = busy_board()
    with_arrows = busy_board()
    with_arrows.set_highlights(Highlights(set(), set(), None, set(), arrows))
    a, b = plain.grab().toImage(), with_arrows.grab().toImage()
    assert a != b  # the arrows are drawn
    labels = 0
    for row, col in itertools.product(range(1, 11), repeat=2):
        for it in plain.square_items(row, col):
            if it.kind in ("article", "reserve"):
                r = it.rect.adjusted(2, 2, -2, -2).toAlignedRect()
                assert a.copy(r) == b.copy(r), (row, col, it.obj)
                labels += 1
    assert labels > 40


def test_an_arrow_stops_at_the_edge_of_the_piece_it_points_to(qapp):
    board = busy_board()
    game_piece = next(it for it in board.square_items(1, 1) if it.kind == "piece")
    start = board.square_center(5, 5)
    from wec.gui.drawing.board_paint import arrow_ends
    a, b = arrow_ends(start, game_piece.rect.center(), None, game_piece.rect, 2.0)
    assert a == start and not game_piece.rect.contains(b)


# --- squares ----------------------------------------------------------------------------------

def test_no_seam_between_squares(qapp):
    """Squares on whole pixels: their tiles meet with no line of the margin between them."""
    board = BoardWidget()
    board.resize(*DEFAULT_BOARD)
    for row, col in ((1, 1), (5, 5), (10, 10)):
        r = board.square_rect(row, col)
        assert [r.left(), r.top(), r.width()] == [int(r.left()), int(r.top()), int(r.width())]
    img = board.grab().toImage()
    left, right = board.square_rect(5, 5), board.square_rect(5, 6)
    y = int(left.center().y())
    seam = img.pixelColor(int(right.left()), y)
    inside = img.pixelColor(int(right.left()) + 2, y)
    assert abs(seam.lightness() - inside.lightness()) < 12, (seam.name(), inside.name())


# --- overlays ---------------------------------------------------------------------------------

def test_an_overlay_paints_over_the_board_until_it_is_removed(qapp):
    board = busy_board()
    calls = []

    def mark(painter: QPainter) -> None:
        calls.append(painter)
        painter.fillRect(board.level_rect(5, 5, "G"), QColor(255, 0, 255))
    before = board.grab().toImage()
    board.add_overlay(mark)
    marked = board.grab().toImage()
    centre = board.level_rect(5, 5, "G").center().toPoint()
    assert calls and marked.pixelColor(centre) == QColor(255, 0, 255)
    assert board.layer_renders == 1  # an overlay never renders the position again
    board.remove_overlay(mark)
    assert board.grab().toImage() == before


# --- the preference ----------------------------------------------------------------------------

def test_lettered_discs_remain_a_view_preference(make_window):
    w = make_window(mode="hotseat", options={"invisible_pieces": False})
    assert w.board.detailed and w.levels.detailed  # silhouettes by default
    w.actions_by_name["discs"].trigger()
    assert not w.board.detailed and not w.levels.detailed and w.prefs.discs
    w.actions_by_name["discs"].trigger()
    assert w.board.detailed
