"""Hint, the analysis line and the draw offer to the computer."""
from __future__ import annotations

import pytest

import wec
from wec.gui.play.analysis import DRAW_ACCEPT, accepts_draw, black_share, score_words
from wec.gui.play.seat import side_view

pytestmark = pytest.mark.gui


def test_the_hint_is_the_computers_choice_from_the_humans_view(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="black", ai_level=1, ai_seconds=0.3)
    w.computer.nodes = 400
    sent = []
    real = w.worker.evaluate
    w.worker.evaluate = lambda purpose, view, **kw: sent.append(view) or real(purpose, view, **kw)
    w.actions_by_name["hint"].trigger()
    assert "Looking for a hint" in w.last_message
    qtbot.waitUntil(lambda: w.analysis.text().startswith("Hint for Black"), timeout=30000)
    assert w.last_message.startswith("Hint: ") and w.analysis.score is not None
    # what went to the helper is Black's observation, never the game
    obs = w.game.observation("black")
    pos, seen, color = sent[0]
    assert color == "black" and seen == wec.ai.searched_sightings(obs)
    assert pos == obs.position()  # enemy reserves only as squares (R8.4)
    words = w.last_message[len("Hint: "):].rstrip(".")
    from wec.gui.play.interaction import describe
    hinted = [a for a in w.game.legal_actions() if describe(a) == words]
    assert hinted
    # on the board: the piece framed, where it goes marked
    assert w.board.highlights.selected == hinted[0].origin
    assert w.board.highlights.destinations == {hinted[0].target or hinted[0].dest}
    assert w.game.ply == 0  # a hint plays nothing


def test_a_view_holds_only_what_the_side_may_know():
    g = wec.Game.new()
    ai = wec.AI(level=1, seconds=None, nodes=300)
    for _ in range(12):  # hidden pieces appear as the sides spread out
        for a in ai.choose_turn(g):
            g.apply(a)
    for color in ("black", "white"):
        obs = g.observation(color)
        view = wec.ai.view_game(*side_view(g, color))
        known = {(p.type, p.color, p.row, p.col, p.level) for p in obs.pieces()}
        for p in view.pieces():
            if (p.type, p.color, p.row, p.col, p.level) in known:
                continue
            # a hidden enemy: at its last sighting, or near it when that square cannot hold it
            assert any((s.type, s.color, s.level) == (p.type, p.color, p.level) and
                       max(abs(s.square[0] - p.row), abs(s.square[1] - p.col)) <= 2
                       for s in obs.last_seen()), p


def test_a_hint_for_a_position_left_behind_is_dropped(make_window, qtbot):
    w = make_window(mode="hotseat", options={"invisible_pieces": False}, ai_level=1,
                    ai_seconds=0.3)
    w.computer.nodes = 400
    w.offers.hint()
    assert w.play("MV:RP(9,1)->(8,2)")  # played before the answer came
    qtbot.wait(1500)
    assert not w.analysis.text().startswith("Hint")


@pytest.mark.parametrize("score,accepted", [(-400, True), (0, True), (DRAW_ACCEPT, True),
                                            (DRAW_ACCEPT + 1, False), (300, False)])
def test_the_computer_accepts_a_draw_when_about_even_or_worse(score, accepted):
    assert accepts_draw(score) is accepted


def test_the_bar_and_its_words():
    assert black_share(0) == 0.5 and black_share(100) > 0.6 and black_share(-900) < 0.05
    assert score_words(0) == "about even" and score_words(-125) == "+1.25 for White"


def _offer(w, qtbot) -> None:
    w.actions_by_name["offer_draw"].trigger()
    assert "considers" in w.last_message
    qtbot.waitUntil(lambda: w.game.result is not None or "declines" in w.last_message,
                    timeout=30000)


def test_the_computer_declines_a_draw_when_it_is_well_ahead(make_window, qtbot):
    pos = wec.Game.new().position()  # Black (the human) without its Tanks, Clerics, Queen
    pos["pieces"] = [p for p in pos["pieces"] if p["color"] == "white"
                     or p["type"] not in ("TA", "CL", "Q", "CH", "JE")]
    for p in pos["pieces"]:
        p["locks"] = []  # lock-ons name pieces by index
    w = make_window(wec.Game.from_position(pos), mode="human_vs_computer", human="black",
                    ai_level=1, ai_seconds=0.3)
    w.computer.nodes = 400
    _offer(w, qtbot)
    assert w.game.result is None and "declines" in w.last_message


def test_the_computer_accepts_a_draw_when_it_is_well_behind(make_window, qtbot):
    pos = wec.Game.new().position()  # White (the computer) without its heavy pieces
    pos["pieces"] = [p for p in pos["pieces"] if p["color"] == "black"
                     or p["type"] not in ("TA", "CL", "Q", "CH", "JE")]
    for p in pos["pieces"]:
        p["locks"] = []  # lock-ons name pieces by index
    w = make_window(wec.Game.from_position(pos), mode="human_vs_computer", human="black",
                    ai_level=1, ai_seconds=0.3)
    w.computer.nodes = 400
    _offer(w, qtbot)
    assert w.game.result == "draw" and w.last_game_over


def test_the_computers_evaluation_stays_after_its_move(make_window, qtbot, shot_dir):
    w = make_window(mode="computer_vs_computer", ai_level=1, ai_seconds=0.2)
    w.computer.nodes = 300
    qtbot.waitUntil(lambda: "its evaluation" in w.analysis.text(), timeout=30000)
    w.computer.pause(True)
    assert w.analysis.score is not None and w.analysis.bar.share is not None
    w.grab().save(str(shot_dir / "analysis_line.png"))


def test_against_the_computer_its_score_stays_secret(make_window, qtbot):
    w = make_window(mode="human_vs_computer", human="black", ai_level=1, ai_seconds=0.2)
    w.computer.nodes = 300
    assert w.play("MV:RP(9,1)->(8,2)") and w.play("END")
    qtbot.waitUntil(lambda: w.game.to_move == "black" and not w.worker.busy, timeout=30000)
    assert "played at depth" in w.analysis.text()
    assert "evaluation" not in w.analysis.text() and w.analysis.score is None


def test_a_hint_cut_short_gives_its_action_without_an_evaluation(make_window, qtbot):
    w = make_window(mode="hotseat", options={"invisible_pieces": False}, ai_level=5,
                    ai_seconds=0.3)
    w.computer.nodes = 50  # not one depth done
    w.offers.hint()
    qtbot.waitUntil(lambda: w.analysis.text().startswith("Hint"), timeout=30000)
    assert "quick look" in w.analysis.text() and w.analysis.score is None


def test_the_plan_reads_in_words():
    from wec.gui.play.move_list import plan_words
    assert plan_words(["FI:ST/SP(9,2)->(8,2)", "END"]) == \
        "Stunner Pawn (9,2) fires Stunner towards (8,2), then End Turn"
    assert plan_words([]) == ""


def test_the_ai_tells_the_rest_of_its_turn():
    g = wec.Game.new(wec.Options(invisible_pieces=False))
    ai = wec.AI(level=4, seconds=None, nodes=None, fair=False)
    first = ai.choose_action(g)
    plan = ai.plan
    assert plan  # the rest of the turn it foresaw (a depth-2 search sees its Fire)
    g.apply(first)
    for action in plan:
        assert g.is_legal(action)
        g.apply(action)
