"""The Fires the search looks at below its root (quiescence's list, actions.gen_quiescence_actions,
and search.worth_searching): every homing and jet rocket Fire aimed at a target, a directional
Fire only where its weapon reaches an enemy in that line, and never a transport. A stunner hits
the first square of its line holding a piece at its level (R7.3): behind a piece of its own side
an enemy is out of its reach, so that Fire is left out. Checked against this oracle after every
action of random games, hidden pieces or not, and in the stored positions."""
from __future__ import annotations

import importlib.resources
import json
import pathlib
import random

import pytest

import wec
from wec.rules import ARTICLES, DIRECTIONS

ACT_FIRE = 3
KIND = {code: i + 1 for i, code in enumerate(ARTICLES)}  # article codes as the core numbers them
GROUND, AIR, SUB = 0, 1, 2
PROJECTILE_LEVEL = {KIND["RL"]: GROUND, KIND["SL"]: AIR, KIND["TL"]: SUB}
TRANSPORTS = {KIND["BI"], KIND["JP"], KIND["SC"]}
POSITIONS = [pathlib.Path(str(importlib.resources.files("wec.tools") / "data" / "positions")),
             pathlib.Path(__file__).resolve().parents[2] / "bench" / "positions"]


def line(sq: int, d: int, reach: int) -> list[int]:
    """The squares from `sq` in direction `d`, at most `reach` of them, to the board's edge."""
    dr, dc = DIRECTIONS[d]
    r, c, out = sq // 10, sq % 10, []
    for _ in range(reach):
        r, c = r + dr, c + dc
        if not (0 <= r < 10 and 0 <= c < 10):
            break
        out.append(r * 10 + c)
    return out


def worth_searching(engine, options, fire) -> bool:
    """The oracle: is this legal Fire one the search looks at below its root?"""
    if fire.art in TRANSPORTS:
        return False
    if fire.target >= 0:
        return True  # a homing or jet rocket: aimed at a target
    firer = engine.piece(fire.pid)
    level = PROJECTILE_LEVEL.get(fire.art, firer.level)
    reach = {KIND["FL"]: options.flame_range, KIND["ST"]: options.stunner_range,
             KIND["CS"]: 1}.get(fire.art, 4)
    for sq in line(firer.sq, fire.dir, reach):
        colours = [engine.piece(pid).color for pid in engine.occupants(sq, level)]
        if any(c != firer.color for c in colours):
            return True  # an enemy in line (for a stunner: on the first square with a piece)
        if colours and fire.art == KIND["ST"]:
            return False  # a stunner stops at its first piece, here one of its own side
    return False


def check_fires(game: wec.Game) -> int:
    """Quiescence's Fires are the legal Fires the oracle keeps, in the legal list's order;
    returns how many legal directional stunner Fires the oracle left out."""
    engine, options = game._engine, game._options
    legal = [a for a in engine.legal() if a.kind == ACT_FIRE]
    kept = [a for a in legal if worth_searching(engine, options, a)]
    assert [a for a in engine.quiescence_actions() if a.kind == ACT_FIRE] == kept, \
        game.position()
    return sum(1 for a in legal if a.art == KIND["ST"] and a.target < 0 and a not in kept)


def play_checking(game: wec.Game, rng: random.Random, n_actions: int) -> int:
    blocked = 0
    for _ in range(n_actions):
        if game.result is not None:
            break
        blocked += check_fires(game)
        game.apply(rng.choice(game.legal_actions()))
    return blocked


@pytest.mark.parametrize("hidden", [True, False])
def test_quiescence_fires_reach_an_enemy(hidden):
    """R7.1, R7.3, R7.5, R7.6, R7.9: random games; the stunner Fires whose line meets a piece of
    the firer's side first are there and left out."""
    rng = random.Random(f"quiescence-fires-{hidden}")
    blocked = sum(play_checking(wec.Game.new(wec.Options(invisible_pieces=hidden)), rng, 150)
                  for _ in range(3))
    assert blocked > 0  # the case the stunner's rule is about did occur


@pytest.mark.parametrize("path", sorted(p for folder in POSITIONS for p in folder.glob("*.json")),
                         ids=lambda p: p.stem)
def test_quiescence_fires_in_stored_positions(path):
    play_checking(wec.Game.from_position(json.loads(path.read_text())), random.Random(path.stem),
                  40)
