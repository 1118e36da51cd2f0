"""A side's planes (wec.game.planes, docs/RL.md) hold only what that side may know (R10.6): a
hidden enemy piece leaves no trace but its ghost where it was last seen, and the sightings the
core keeps agree with the facade's observation."""
from __future__ import annotations

import random

import numpy as np
import pytest

import wec
from builders import piece, position
from wec import rules
from wec.rules import scenarios
from wec.game.planes import SHAPE, Views, channel_slices

W, B = "white", "black"
SONAR = (1, 5)  # a white Rocket Pawn carrying a Torpedo Launcher: sonar range 3 (R10.4)


def submarine_game() -> wec.Game:
    """Black to move, its Submarine at Sub on (5,5), out of White's sonar range."""
    return wec.Game.from_position(position(
        piece("K", W, 1, 1), piece("K", B, 10, 10),
        piece("RP", W, *SONAR, articles=["TL"], home=False), piece("SU", B, 5, 5, "S"),
        to_move=B))


def submarine_moves(g: wec.Game) -> dict[tuple[int, int], wec.Action]:
    return {a.dest[:2]: a for a in g.legal_moves()
            if a.piece == "SU" and a.dest[2] == "S" and not a.passenger}


def white_planes_after(dest: tuple[int, int]) -> tuple[np.ndarray, wec.Game]:
    """White's planes once Black's Submarine went to `dest` and Black ended its turn."""
    g = submarine_game()
    views = Views(g._engine)
    g.apply(submarine_moves(g)[dest])
    views.update(g._engine)
    g.end_turn()
    views.update(g._engine)
    return views.planes(g._engine, 1), g


def seen_by_white(g: wec.Game) -> bool:
    return any(p.type == "SU" for p in g.observation(W).pieces())


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def test_R10_4_R10_6_a_hidden_submarine_leaves_the_same_planes_wherever_it_went():
    dests = [d for d in submarine_moves(submarine_game()) if distance(d, SONAR) > 3]
    assert len(dests) >= 2
    planes = []
    for d in dests[:3]:
        got, g = white_planes_after(d)
        assert not seen_by_white(g)
        planes.append(got)
    for other in planes[1:]:
        assert np.array_equal(planes[0], other)
    ghosts = planes[0][channel_slices()["ghosts"]]
    assert ghosts[rules.TYPE_INDEX["SU"], 4, 4] == 1  # last seen on (5,5), at the start


def test_R10_4_R10_6_a_submarine_within_sonar_range_shows_where_it_stands():
    moves = submarine_moves(submarine_game())
    near = [d for d in moves if distance(d, SONAR) <= 3]
    far = [d for d in moves if distance(d, SONAR) > 3]
    assert len(near) >= 2 and far
    hidden, _ = white_planes_after(far[0])
    seen = []
    for d in near[:2]:
        got, g = white_planes_after(d)
        assert seen_by_white(g)
        enemy = got[channel_slices()["enemy_pieces"]]
        assert enemy[rules.TYPE_INDEX["SU"] * 3 + 2, d[0] - 1, d[1] - 1] == 1
        assert not np.array_equal(got, hidden)
        seen.append(got)
    assert not np.array_equal(seen[0], seen[1])


def ghost_records(views: Views, side: int) -> list[tuple]:
    return [(None if t is None else rules.PIECE_TYPES[t].code, sq, rules.LEVELS[lvl], turn)
            for _, t, sq, lvl, turn in views.sides[side].ghosts()]


def observed_ghosts(g: wec.Game, color: str) -> list[tuple]:
    return [(s.type, s.square, s.level, s.turn) for s in g.observation(color).last_seen()]


def enemy_counts(planes: np.ndarray) -> dict[tuple, int]:
    enemy = planes[channel_slices()["enemy_pieces"]]
    return {(rules.PIECE_TYPES[ch // 3].code, r + 1, c + 1, rules.LEVELS[ch % 3]): int(v)
            for ch, r, c in zip(*np.nonzero(enemy)) for v in [enemy[ch, r, c]]}


def observed_enemy_counts(g: wec.Game, color: str) -> dict[tuple, int]:
    out: dict[tuple, int] = {}
    for p in g.observation(color).pieces():
        if p.color != color:
            key = (p.type, p.row, p.col, p.level)
            out[key] = out.get(key, 0) + 1
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_R10_6_the_planes_see_what_the_observation_sees_in_random_games(seed):
    rng = random.Random(seed)
    g = wec.Game.from_position(scenarios.load("standard"))
    views = Views(g._engine)
    hidden_seen = 0
    for _ in range(250):
        if g.result is not None:
            break
        g.apply(rng.choice(g.legal_actions()))
        views.update(g._engine)
        for side, color in enumerate(rules.COLORS):
            planes = views.planes(g._engine, side)
            assert planes.shape == SHAPE
            assert enemy_counts(planes) == observed_enemy_counts(g, color)
            assert sorted(ghost_records(views, side)) == sorted(observed_ghosts(g, color))
            hidden_seen += len(observed_ghosts(g, color))
    assert hidden_seen > 0  # the games had hidden pieces to compare
