"""R10.6, R10.7 as a property over dense random positions with hidden pieces.

Random games from the standard set-up seldom reach the places where hidden pieces, journeys,
carriers and identical twins meet; dense random positions reach them within a few dozen actions.
At every action of a random game played from such a position:

* the side to move's legal actions (as texts) equal those built from its observation alone
  (a Game made from `observation(side)`, as tests/game/test_observation_properties.py does), and
* the core's consistency checker finds nothing (occupancy against pieces, R3.1-R3.4, R5.1, the
  article count, the hash) and the position reloads.

`slow` runs 100 games; every CI run plays the first few.
"""
from __future__ import annotations

import random

import pytest

import wec

W, B = "white", "black"
COEXIST = ("CH", "JE", "SU", "DS", "AAA", "DO")
GROUND_TYPES = ("TA", "CL", "Q", "DS", "AAA", "DO", "FP", "RP", "SP", "CP", "XP", "SHP", "SU",
                "CH", "JE")
PASSENGERS = ("FP", "RP", "SP", "CP", "XP", "DS", "TA", "CL")
ARTICLES = ("SH", "SH", "SH", "SH", "SH", "ASH", "TL", "SL", "RL", "FL", "ST", "CS", "BI", "JP", "JP", "SC",
            "SC", "AFL", "ARL", "ASL", "ATL", "XXX")
HANDED = ("TA", "CL", "CH")
PAWNS = ("FP", "RP", "SP", "CP", "XP", "SHP")


class Board:
    """A dense random position that obeys R3.1-R3.4 and R5.1 by construction."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pieces: list[dict] = []
        self.levels: dict[tuple[int, int, str], list[dict]] = {}

    def add(self, code: str, color: str, r: int, c: int, level: str = "G",
            articles: list[str] | None = None) -> dict | None:
        here = self.levels.setdefault((r, c, level), [])
        if len(here) == 2 or (here and (here[0]["color"] != color or (
                here[0]["type"] not in COEXIST and code not in COEXIST))):
            return None
        entry = {"type": code, "color": color, "square": [r, c], "level": level,
                 "articles": articles if articles is not None else self.articles(code)}
        if code in HANDED:
            entry["hand"] = self.rng.choice(("left", "right"))
        if code in PAWNS:
            entry["home"] = False
        here.append(entry)
        self.pieces.append(entry)
        return entry

    def articles(self, code: str) -> list[str]:
        rng = self.rng
        if code == "K" or rng.random() < 0.35:
            return []
        if code == "XP":
            return rng.sample(ARTICLES, rng.choice((1, 2)))
        if rng.random() < 0.15:
            return ["XXX"] + rng.sample([a for a in ARTICLES if a != "XXX"], 2)
        return [rng.choice(ARTICLES)]

    def square(self) -> tuple[int, int]:
        return self.rng.randint(3, 8), self.rng.randint(2, 9)


def dense_position(seed: int) -> dict:
    rng = random.Random(seed)
    board = Board(rng)
    board.add("K", W, 1, rng.randint(1, 10), articles=[])
    board.add("K", B, 10, rng.randint(1, 10), articles=[])
    for _ in range(rng.randint(26, 40)):
        color = rng.choice((W, B))
        r, c = board.square()
        roll = rng.random()
        if roll < 0.15:    # a carrier at Air / Sub, often with a passenger
            carrier, level = rng.choice((("CH", "A"), ("SU", "S")))
            if board.add(carrier, color, r, c, level) and rng.random() < 0.7:
                board.add(rng.choice(PASSENGERS), color, r, c, level)
        elif roll < 0.22:  # a jet in the Air
            board.add("JE", color, r, c, "A")
        elif roll < 0.32:  # identical twins (R7.9, R7.2): same type and articles on one level
            code = rng.choice(("DS", "AAA", "DO", "JE", "SU"))
            level = {"JE": "A", "SU": "S"}.get(code, "G")
            arts = rng.choice(([], ["SH"], ["TL"], ["SL"], ["RL"]))
            board.add(code, color, r, c, level, list(arts))
            board.add(code, color, r, c, level, list(arts))
        else:
            code = rng.choice(GROUND_TYPES)
            board.add(code, color, r, c)
            if code in ("DO",) and rng.random() < 0.6:   # a dozer with its partner
                board.add(rng.choice(PASSENGERS), color, r, c)
    lying = []
    for _ in range(rng.randint(5, 15)):
        lying.append({"type": rng.choice(ARTICLES), "square": list(board.square())})
    counts: dict[tuple, int] = {}
    articles = []
    for a in lying:
        key = tuple(a["square"])
        if counts.get(key, 0) < 2:
            counts[key] = counts.get(key, 0) + 1
            articles.append(a)
    return {"format": "wec-position", "version": 1, "to_move": rng.choice((W, B)), "turn": 1,
            "options": {"sonar_range": rng.choice((1, 2, 3)), "range_detection": rng.random() < 0.3,
                        "homing_range": rng.choice((2, 3, 4)),
                        "jet_rocket_range": rng.choice((0, 0, 1))},
            "pieces": board.pieces, "articles": articles}


def observed_legal(g: wec.Game) -> list[str]:
    return sorted(str(a) for a in g.observation(g.to_move).legal_actions())


def pick(rng: random.Random, g: wec.Game, legal: list[wec.Action]) -> wec.Action:
    """A random action, leaning towards where hidden pieces are met: weapon Fires, short
    journeys (they end on the firing turn or soon), Moves and Dozes; End Turn now and then."""
    ends = [a for a in legal if a.kind == "end"]
    journeys = [a for a in legal if a.kind == "fire" and a.article in ("BI", "JU", "SC")]
    near = [a for a in journeys
            if max(abs(a.dest[0] - a.origin[0]), abs(a.dest[1] - a.origin[1])) <= 2]
    weapons = [a for a in legal if a.kind == "fire" and a not in journeys]
    moves = [a for a in legal if a.kind in ("move", "doze")]
    roll = rng.random()
    for share, group in ((0.3, ends), (0.55, weapons), (0.7, near), (0.75, journeys),
                         (1.0, moves)):
        if roll < share and group:
            return rng.choice(group)
    return rng.choice(legal)


def play_dense_game(seed: int, n_actions: int) -> int:
    """Play a random game from a dense position, checking the properties at every action.
    Returns the number of actions played."""
    rng = random.Random(seed)
    g = wec.Game.from_position(dense_position(seed))
    played = 0
    for _ in range(n_actions):
        if g.result is not None:
            break
        legal = g.legal_actions()
        assert sorted(map(str, legal)) == observed_legal(g), (seed, played, g.history())
        choice = pick(rng, g, legal)
        g.apply(choice)
        played += 1
        problems = g.check()
        assert problems == [], (seed, played, str(choice), problems)
    assert wec.Game.from_position(g.position()).position() == g.position()
    return played


def test_dense_positions_are_valid_and_dense():
    for seed in range(20):
        pos = dense_position(seed)
        g = wec.Game.from_position(pos)
        assert len(g.pieces()) >= 25
        assert g.check() == []


@pytest.mark.parametrize("seed", range(10))
def test_R10_6_R10_7_dense_random_games_observation_lists_equal_the_games(seed):
    assert play_dense_game(1000 + seed, 80) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100))
def test_R10_6_R10_7_dense_random_games_observation_lists_equal_the_games_slow(seed):
    assert play_dense_game(5000 + seed, 60) > 0
