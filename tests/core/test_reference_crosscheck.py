"""The Cython core against the independent pure-Python reference (tests/reference.py).

Both were written from RULES.md separately; equal move lists over many random positions and equal
perft counts are the strongest check that the core implements section 4 as written.
"""
from __future__ import annotations

import random

import pytest

import wec
from reference import ReferenceGame, reference_perft
from test_random_play import random_position


def for_reference(pos: dict) -> dict:
    """The facade writes every key; the reference reads the start-of-turn subset it needs."""
    assert not pos.get("moved") and not pos.get("projectiles")
    out = {k: v for k, v in pos.items()
           if k not in ("moved", "projectiles", "turn_state", "quiet", "result")}
    out["articles"] = [{"type": a["type"], "square": a["square"]} for a in pos["articles"]]
    dropped = ("cooldowns", "article_cooldowns", "journey", "fired", "acted", "mover", "hits",
               "locks", "revealed", "held")
    out["pieces"] = [{k: v for k, v in p.items() if k not in dropped} for p in pos["pieces"]]
    return out


@pytest.mark.parametrize("seed", range(60))
def test_move_lists_match_the_reference_along_random_games(seed):
    rng = random.Random(5000 + seed)
    pos = random_position(rng)
    pos["options"]["invisible_pieces"] = False  # the reference has no hidden pieces (R10.0)
    g = wec.Game.from_position(pos)
    ref = ReferenceGame.from_position(pos)
    for _ in range(30):
        core = sorted(str(a) for a in g.legal_moves())
        assert core == sorted(ref.legal_move_texts()), g.position()
        if not core:
            break
        text = rng.choice(core)
        g.apply(text)
        ref.apply(text)
        g.end_turn()
        ref.end_turn()
        assert g.result == ref.result
        if g.result:
            break


@pytest.mark.parametrize("movement", ["weapon_chess", "standard_chess", "mass_destruction"])
def test_perft_2_matches_the_reference(movement):
    g = wec.Game.new(wec.Options(movement=movement, invisible_pieces=False))
    ref = ReferenceGame.from_position(for_reference(g.position()))
    assert wec.perft(g, 2) == reference_perft(ref, 2)


def test_perft_2_matches_the_reference_in_a_busy_midgame():
    rng = random.Random(99)
    g = wec.Game.new(wec.Options(invisible_pieces=False))
    for _ in range(40):
        g.apply(rng.choice(g.legal_moves() or [a for a in g.legal_actions() if a.kind == "end"]))
    while g.moved:
        g.end_turn()
    ref = ReferenceGame.from_position(for_reference(g.position()))
    assert wec.perft(g, 2) == reference_perft(ref, 2)
