"""The editor's model and validation without windows: random edits keep the editor's form, and
a position the editor calls legal loads into a game whose position is the edited one."""
from __future__ import annotations

import random

import pytest

from wec.gui.editor import model, validation
from wec import Game, rules
from wec.rules import scenarios
from wec.game.errors import WecError

pytestmark = pytest.mark.gui

WARNINGS = ("primary government", "legal Move", "stunned")


def _random_edit(rng: random.Random, pos: model.Position) -> model.Position:
    k = rng.randrange(9)
    sq = (rng.randint(1, 10), rng.randint(1, 10))
    if k == 0 or not pos["pieces"]:
        code = rng.choice(model.PIECE_CODES)
        level = rng.choice("GAS") if rng.random() < 0.2 else \
            (model.piece_type(code).level if rng.random() < 0.5 else "G")
        return model.add_piece(pos, model.make_piece(code, rng.choice(rules.COLORS), sq, level,
                                                     rng.choice([None, "left", "right"])))
    i = rng.randrange(len(pos["pieces"]))
    if k == 1:
        return model.remove_piece(pos, i)
    if k == 2:
        return model.move_piece(pos, i, sq, rng.choice("GAS"))
    if k == 3:
        return model.give_article(pos, i, rng.choice(rules.ARTICLES))
    if k == 4:
        return model.add_article(pos, rng.choice(rules.ARTICLES), sq)
    if k == 5:
        return model.update_piece(pos, i, stun=rng.choice([0, 0, 1, 3]))
    if k == 6:
        return model.add_reserve(pos, rng.choice(model.PIECE_CODES), rng.choice(rules.COLORS), sq)
    if k == 7:
        return model.add_projectile(pos, rng.choice(["RL", "SL", "TL"]), sq,
                                    rng.choice(rules.COLORS))
    return model.change_type(pos, i, rng.choice(model.PIECE_CODES))


@pytest.mark.parametrize("seed", [1, 2])
def test_random_edits(seed: int) -> None:
    rng = random.Random(seed)
    legal = 0
    for _ in range(40):
        pos = model.standard_position() if rng.random() < 0.5 else model.empty_position()
        for _ in range(rng.randint(1, 8)):
            pos = model.normalize(_random_edit(rng, pos))
            assert model.normalize(pos) == pos
            problems = validation.problems(pos)
            if not problems:
                legal += 1
                assert model.normalize(Game.from_position(pos).position()) == pos
                continue
            try:
                Game.from_position(pos)
            except WecError:
                continue
            assert all(any(w in p.text for w in WARNINGS) for p in problems), problems
    assert legal > 20


def test_every_scenario_is_kept_exactly() -> None:
    for name in scenarios.SCENARIOS:
        pos = model.normalize(scenarios.load(name))
        assert validation.problems(pos) == [], name
        game = Game.from_position(scenarios.load(name))
        assert Game.from_position(pos).position() == game.position()


def test_removing_a_piece_renumbers_locks_and_homing_targets() -> None:
    pos = model.standard_position()
    shp = [i for i, p in enumerate(pos["pieces"]) if p["type"] == "SHP"]
    assert pos["pieces"][shp[0]]["locks"] == [shp[1]]
    pos = model.add_projectile(pos, "SL", (5, 5), "white")
    pos["projectiles"][0]["target"] = shp[1]
    after = model.normalize(model.remove_piece(pos, 0))
    assert after["pieces"][shp[0] - 1]["locks"] == [shp[1] - 1]
    assert after["projectiles"][0]["target"] == shp[1] - 1
    gone = model.normalize(model.remove_piece(pos, shp[1]))
    assert "locks" not in gone["pieces"][shp[0]]
    assert gone["projectiles"][0]["target"] is None
    assert validation.problems(gone) == []


def test_problems_name_every_offending_square() -> None:
    pos = model.empty_position()
    for color, sq in (("white", (1, 5)), ("black", (10, 5))):
        pos = model.add_piece(pos, model.make_piece("K", color, sq, "G"))
    pos = model.add_piece(pos, model.make_piece("TA", "white", (4, 4), "A"))
    pos = model.add_piece(pos, model.make_piece("DS", "white", (6, 6), "G"))
    pos = model.add_piece(pos, model.make_piece("DS", "white", (6, 6), "G"))
    pos = model.add_piece(pos, model.make_piece("DS", "white", (6, 6), "G"))
    for _ in range(3):
        pos = model.add_article(pos, "SH", (7, 7))
    pos = model.add_reserve(pos, "TA", "white", (2, 2))
    pos = model.add_reserve(pos, "CL", "white", (2, 2))
    problems = validation.problems(model.normalize(pos))
    by_square = {sq: p.text for p in problems for sq in p.squares}
    assert "without a carrier (R3.4)" in by_square[(4, 4)]
    assert "more than 2 pieces at (6, 6) G (R3.1)" in by_square[(6, 6)]
    assert "more than 2 articles on (7, 7) (R3.3)" in by_square[(7, 7)]
    assert "already holds a reserve" in by_square[(2, 2)]


def test_the_editor_draws_a_reserve_where_the_game_board_does():
    """A reserve is the game board's tag in its column at the right of the Ground band, and the
    pieces there leave it room (it used to be a corner flag over the square's bottom right)."""
    from PySide6.QtCore import QRectF

    from wec.gui.editor.layout import square_items
    from wec.gui.drawing import glyphs
    pos = Game.new().position()
    reserve = pos["reserves"][0]
    square = tuple(reserve["square"])
    rect = QRectF(0, 0, 80, 80)
    items = square_items(pos, square, rect)
    tags = [it for it in items if it.kind == "reserve"]
    ground = glyphs.square_layout(rect)["G"]
    assert [t.rect for t in tags] == [glyphs.reserve_rect(ground)]
    for it in items:
        if it.kind in ("piece", "article"):
            assert not it.rect.intersects(tags[0].rect), it
