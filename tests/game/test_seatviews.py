"""Both sides' views made at once (wec.game.seatviews) are what each side's own observation
gives (R10.6: a side is shown only what it may know), and so are, byte for byte, their JSON
texts made with each piece's entry written again only when it changed (wec.game.seattexts);
the legal texts read from a memory of alike actions are the actions' own texts (R12.2); along
random games with hidden pieces, carried pieces and locks."""
from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from wec import rules
from wec.game.game import Game
from wec.game.seattexts import SeatTexts
from wec.game.seatviews import legal_by_text, seat_positions
from wec.rules import scenarios


def random_game(scenario: str | None, seed: int, plies: int):
    """Yield the game after each action of a random game (End Turn now and then)."""
    rng = random.Random(seed)
    game = Game.from_position(scenarios.load(scenario)) if scenario else Game.new()
    game.set_competitive()
    for _ in range(plies):
        actions = game.legal_actions()
        if game.result is not None or not actions:
            return
        ends = [a for a in actions if a.kind == "end"]
        game.apply(ends[0] if ends and rng.random() < 0.3 else rng.choice(actions))
        yield game


@pytest.mark.parametrize("scenario,seed", [("stealth_duel", 1), ("stealth_duel", 2),
                                           (None, 3), ("mass_destruction", 4),
                                           ("reinforcement_race", 5)])
def test_seat_positions_are_each_sides_observation(scenario: str | None, seed: int) -> None:
    hidden_seen = 0
    for game in random_game(scenario, seed, 160):
        whole = game.position()
        views = seat_positions(game)
        for side in ("black", "white"):
            expected = game.observation(side).position()
            assert views[side] == expected, (side, game.ply)
            hidden_seen += len(expected["pieces"]) < len(whole["pieces"])
        assert game.position() == whole  # reading both views changed nothing
    if scenario == "stealth_duel":
        assert hidden_seen > 20, "the game must hide pieces for the comparison to mean much"


def test_the_two_views_can_be_read_apart() -> None:
    """A change to one side's view (a caller that ignored the advice) does not show in the
    other's, nor in the game: what the two share is only read by seat_positions."""
    game = next(g for i, g in enumerate(random_game("stealth_duel", 7, 40)) if i == 30)
    views = seat_positions(game)
    white = copy.deepcopy(views["white"])
    views["black"]["turn_state"]["violent"] = "changed"
    views["black"]["projectiles"].append("changed")
    assert views["white"] == white
    assert game.observation("white").position() == white


@pytest.mark.parametrize("scenario,seed", [("stealth_duel", 11), (None, 12),
                                           ("reinforcement_race", 13)])
def test_legal_texts_are_the_actions_texts(scenario: str | None, seed: int) -> None:
    for game in random_game(scenario, seed, 120):
        listed = legal_by_text(game)
        actions = game.legal_actions()
        assert list(listed) == [str(a) for a in actions]
        assert list(listed.values()) == actions
        for text, action in listed.items():  # a listed action is the one its text names
            assert game.is_legal(text) and str(action) == text


def exchange_pair() -> tuple[Game, Game]:
    """Two games alike but for the articles of the piece an Exchange gives to (R7.3.4): the
    same core record names a piece that reads differently (R12.2 `Piece` with its articles)."""
    for seed in range(20):
        for game in random_game(None, seed, 60):
            for action in game.legal_actions():
                if action.kind != "exchange":
                    continue
                pos = game.position()
                other = next(q for q in pos["pieces"]
                             if (*q["square"], q["level"]) == action.target)
                for article in rules.ARTICLES:
                    changed = copy.deepcopy(pos)
                    piece = changed["pieces"][pos["pieces"].index(other)]
                    piece["articles"] = other["articles"] + [article]
                    piece["article_cooldowns"] = other["article_cooldowns"] + [0]
                    try:
                        twin = Game.from_position(changed)
                    except ValueError:
                        continue
                    mine = str(action).split("->")[0]
                    if any(str(a).startswith(mine) and str(a) not in
                           {str(b) for b in game.legal_actions()} for a in twin.legal_actions()):
                        return Game.from_position(pos), twin
    raise AssertionError("no exchange found to change")


def test_a_text_names_the_other_piece_as_it_stands_now() -> None:
    first, twin = exchange_pair()
    assert list(legal_by_text(first)) == [str(a) for a in first.legal_actions()]
    assert list(legal_by_text(twin)) == [str(a) for a in twin.legal_actions()]


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


@pytest.mark.parametrize("scenario,seed", [("stealth_duel", 1), ("stealth_duel", 2),
                                           (None, 3), ("mass_destruction", 4),
                                           ("reinforcement_race", 5), ("tactical_puzzle", 6)])
def test_the_texts_are_each_sides_observation(scenario: str | None, seed: int) -> None:
    texts = SeatTexts(compact)
    for game in random_game(scenario, seed, 160):
        whole = game.position()
        made = texts.texts(game)
        for side in ("black", "white"):
            assert made[side] == compact(game.observation(side).position()), (side, game.ply)
        assert game.position() == whole  # writing both views changed nothing


def test_another_game_is_written_anew() -> None:
    """A piece id of one game names another piece in the next: nothing is kept across."""
    texts = SeatTexts(compact)
    for first in random_game("stealth_duel", 8, 30):
        texts.texts(first)
    for second in random_game(None, 9, 12):
        made = texts.texts(second)
        for side in ("black", "white"):
            assert made[side] == compact(second.observation(side).position())
