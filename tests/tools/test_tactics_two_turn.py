"""The two-turn tactics (categories win-in-two, parry, journey; positions 61 on): the files are
well-formed, and each category's exhaustive proof (wec.tools.tactic_search, every turn and every
reply by the rules engine) holds again for its smallest positions. The whole suite's check is the
slow test at the end (make_tactics.py --check)."""
from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

from wec.tools import tactic_search as search
from wec.tools import tactics

MAKE = Path(__file__).resolve().parents[1] / "data" / "tactics"
sys.path.insert(0, str(MAKE))
import make_tactics  # noqa: E402
import make_two_turn  # noqa: E402

SUITE = tactics.suite()
TWO = [t for t in SUITE if t.category != "one-turn"]
FIGURES = {"parry": {"turns", "saving"}, "win-in-two": {"replies", "fails"},
           "journey": {"replies", "fails"}}


def cost(tactic: tactics.Tactic) -> int:
    figures = tactic.verified or {}
    return figures.get("replies", 0) + figures.get("turns", 0)


def smallest(category: str, n: int = 2) -> list[tactics.Tactic]:
    return sorted((t for t in TWO if t.category == category), key=cost)[:n]


def test_at_least_30_two_turn_positions_follow_the_first_60():
    assert [t.category for t in SUITE[:60]] == ["one-turn"] * 60
    assert [int(t.name[:2]) for t in SUITE] == list(range(1, len(SUITE) + 1))
    assert len(TWO) >= 30 and all(int(t.name[:2]) > 60 for t in TWO)
    assert {t.category for t in TWO} == {"win-in-two", "parry", "journey"}
    for t in TWO:
        assert t.solution[-1] == "END" and "(R" in t.note, t.name
        assert t.goal == ("survive" if t.category == "parry" else "win2"), t.name
        assert set(t.verified or {}) == FIGURES[t.category], t.name


@pytest.mark.parametrize("tactic",
                         smallest("win-in-two") + smallest("parry") + smallest("journey", 1),
                         ids=lambda t: t.name)
def test_each_category_proof_holds_again(tactic):
    assert make_two_turn.check(tactic) is None
    assert tactics.judge(tactic, list(tactic.solution))


@pytest.mark.parametrize("tactic", smallest("win-in-two", 2),
                         ids=lambda t: t.name)
def test_a_win_in_two_takes_two_turns_and_its_first_turn_matters(tactic):
    game = tactic.game()
    assert not search.has_win_now(game)  # R11.1: no turn wins at once
    g = game.clone()
    for a in tactic.solution:
        g.apply(a)
    assert g.result is None
    fails = tactic.verified["fails"]
    assert not tactics.judge(tactic, fails)  # some reply escapes it
    escape = search.wins_in_two(search.after(game, fails), game._engine.side).escape
    assert escape


def test_a_journey_solution_starts_a_journey():
    for tactic in smallest("journey", 3):  # R9.1, R9.3: it advances a square and goes on
        g = tactic.game()
        for a in tactic.solution:
            g.apply(a)
        side = tactic.position["to_move"]
        assert any(p.get("journey") for p in g.position()["pieces"] if p["color"] == side)


def test_a_parry_without_its_threat_is_no_parry():
    tactic = smallest("parry", 1)[0]
    game = tactic.game()
    n, saving = search.saving_turns(game)
    assert (n, len(saving)) == (tactic.verified["turns"], tactic.verified["saving"])
    lost = next(t for t in search_turns(game) if t not in saving)
    assert not tactics.judge(tactic, lost)  # the opponent then has a winning turn (R11.1)
    projectile = next(t for t in TWO if t.theme == "parry-projectile")
    bare = copy.deepcopy(projectile.position)
    bare["projectiles"] = []  # R7.7: nothing in flight, nothing to parry
    with pytest.raises(search.VerifyError):
        search.verify_parry(tactics.Tactic("", "", "survive", bare, ()).game(), None)


def search_turns(game):
    return tactics.turns(game, limit=10_000)


@pytest.mark.long  # re-proves every tactic exhaustively: minutes (`make test-long`)
def test_the_whole_suite_checks_again():
    assert make_tactics.check(tactics.SUITE) == 0
