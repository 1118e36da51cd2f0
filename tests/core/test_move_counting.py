"""The Move counter (perft's last ply and the R6.5 test count Moves without listing them:
movegen.count_paths on count_boards) agrees with the listed Moves and Dozes everywhere.

Random games over every movement set, with hidden pieces on and off, and the stored positions:
at each position before the Move of a turn, perft(1) (moves mode, bulk-counted) equals the
number of listed Moves and Dozes (R4, R4.11, R10.7: the mover judges by what it sees).
"""
from __future__ import annotations

import importlib.resources
import json
import pathlib
import random

import pytest

import wec

POSITIONS = [pathlib.Path(__file__).parents[1] / "data" / "positions",
             pathlib.Path(str(importlib.resources.files("wec.tools") / "data" / "positions"))]
"""The test positions, and the signature's (package data)."""


def assert_count_equals_list(g: wec.Game) -> None:
    if g.result is None and not g.moved:
        assert wec.perft(g, 1) == len(g.legal_moves()), g.position()


def play_checking_counts(g: wec.Game, rng: random.Random, n_actions: int) -> None:
    """Random actions, the count checked before each one."""
    for _ in range(n_actions):
        assert_count_equals_list(g)
        actions = g.legal_actions()
        if not actions:
            break
        g.apply(rng.choice(actions))


@pytest.mark.parametrize("movement", ["weapon_chess", "standard_chess", "mass_destruction"])
@pytest.mark.parametrize("hidden", [True, False])
def test_counted_moves_equal_listed_moves_in_random_games(movement, hidden):
    rng = random.Random(f"{movement}-{hidden}")
    for _ in range(3):
        play_checking_counts(wec.Game.new(wec.Options(movement=movement, invisible_pieces=hidden)),
                             rng, 150)


@pytest.mark.parametrize("path", sorted(p for folder in POSITIONS for p in folder.glob("*.json")), ids=lambda p: p.stem)
def test_counted_moves_equal_listed_moves_in_stored_positions(path):
    play_checking_counts(wec.Game.from_position(json.loads(path.read_text())),
                         random.Random(path.stem), 60)


def leaves_listed(g: wec.Game) -> int:
    """perft(2) as lists say it: each Move listed, made with End Turn, then the Moves listed."""
    total = 0
    for move in g.legal_moves():
        g.apply(move)
        g.end_turn()
        if g.result is None:
            total += len(g.legal_moves())
        g.undo()
        g.undo()
    return total


@pytest.mark.parametrize("movement", ["weapon_chess", "standard_chess", "mass_destruction"])
@pytest.mark.parametrize("hidden", [True, False])
def test_counts_kept_between_positions_equal_the_lists(movement, hidden):
    """Counting keeps each piece's count while nothing it reads changed (State.counts): perft(2)
    counts its leaves one after another on one engine, reusing them, and must equal the lists;
    the consistency checker recounts every count the next count would reuse (R4, R4.11)."""
    rng = random.Random(f"kept-{movement}-{hidden}")
    g = wec.Game.new(wec.Options(movement=movement, invisible_pieces=hidden))
    for i in range(80):
        if i % 10 == 0 and g.result is None and not g.moved:
            assert wec.perft(g, 2) == leaves_listed(g), g.position()
            assert g.check() == []
        assert_count_equals_list(g)
        assert g.check() == []
        actions = g.legal_actions()
        if not actions:
            break
        g.apply(rng.choice(actions))


def enemy_at(engine, side: int, sq: int, level: int) -> bool:
    return any(engine.piece(pid).color != side for pid in engine.occupants(sq, level)
               if pid >= 0)


def play_checking_captures(g: wec.Game, rng: random.Random, n_actions: int) -> None:
    """Random actions; before each Move, gen_captures (what quiescence searches) against the
    full list's Moves that end where an enemy piece stands, seen or not, in the same order."""
    engine = g._engine
    for _ in range(n_actions):
        if g.result is None and not g.moved:
            side = engine.side
            full = [(a.kind, a.pid, a.dest, a.dlevel, a.passenger, a.path)
                    for a in engine.legal(True)
                    if a.kind == 0 and enemy_at(engine, side, a.dest, a.dlevel)]
            assert [(a.kind, a.pid, a.dest, a.dlevel, a.passenger, a.path)
                    for a in engine.captures()] == full, g.position()
        actions = g.legal_actions()
        if not actions:
            break
        g.apply(rng.choice(actions))


@pytest.mark.parametrize("movement", ["weapon_chess", "standard_chess", "mass_destruction"])
@pytest.mark.parametrize("hidden", [True, False])
def test_quiescence_captures_are_the_listed_moves_onto_an_enemy(movement, hidden):
    """The Moves quiescence searches are those of the list that end where an enemy piece
    stands (R4.2.2; R10.7: a hidden one too, the Move meets it), in the list's order; no Doze
    (R4.11: it captures nothing)."""
    rng = random.Random(f"captures-{movement}-{hidden}")
    for _ in range(3):
        play_checking_captures(wec.Game.new(wec.Options(movement=movement,
                                                        invisible_pieces=hidden)), rng, 200)


@pytest.mark.parametrize("path", sorted(p for folder in POSITIONS for p in folder.glob("*.json")), ids=lambda p: p.stem)
def test_quiescence_captures_in_stored_positions(path):
    play_checking_captures(wec.Game.from_position(json.loads(path.read_text())),
                           random.Random(path.stem), 60)
