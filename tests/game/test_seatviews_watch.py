"""The online server's per-action shortcuts give what the long way gives: the pieces the core
reports changed (wec._core.views.PieceWatch) are every piece whose record or hidden state
changed, so both sides' texts made from them stay each side's own observation (R10.6) across
undos and redos too; one key of a listed action's text (text_keys) never stands for two texts
(R12.2); an action looked up by its text (legal_by_text) is the listed action."""
from __future__ import annotations

import json
import random
from typing import Any, Iterator

import pytest

from wec._core.views import PieceWatch, text_keys
from wec.game.game import Game
from wec.game.seattexts import SeatTexts
from wec.game.seatviews import legal_by_text
from wec.rules import scenarios


def wandering_game(scenario: str | None, seed: int, steps: int) -> Iterator[Game]:
    """Yield the game after each step of a random game that now and then undoes an action or
    two, redoes one or goes back a few plies (End Turn now and then)."""
    rng = random.Random(seed)
    game = Game.from_position(scenarios.load(scenario)) if scenario else Game.new()
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.08 and game.ply:
            game.undo()
        elif roll < 0.11 and game.redo_actions():
            game.redo()
        elif roll < 0.13 and game.ply > 3:
            game.goto(game.ply - rng.randint(2, 3))
        else:
            actions = game.legal_actions()
            if game.result is not None or not actions:
                return
            ends = [a for a in actions if a.kind == "end"]
            game.apply(ends[0] if ends and rng.random() < 0.3 else rng.choice(actions))
        yield game


def pieces_read(game: Game) -> dict[int, tuple]:
    """Every live piece's record and hidden state, by id."""
    engine = game._engine
    return {raw.pid: (raw.__reduce__()[1], engine.hidden_state(raw.pid))
            for raw in engine.pieces()}


@pytest.mark.parametrize("scenario,seed", [("stealth_duel", 21), (None, 22),
                                           ("reinforcement_race", 23), ("no_articles", 24)])
def test_the_watch_names_every_piece_that_changed(scenario: str | None, seed: int) -> None:
    watch = PieceWatch()
    game = Game.from_position(scenarios.load(scenario)) if scenario else Game.new()
    assert watch.changed(game._engine) == list(range(game._engine.n_pieces))  # all, at first
    before = pieces_read(game)
    quiet = 0
    for game in wandering_game(scenario, seed, 150):
        now = pieces_read(game)
        changed = set(watch.changed(game._engine))
        differ = {pid for pid in before.keys() | now.keys() if before.get(pid) != now.get(pid)}
        assert differ <= changed, (game.ply, differ - changed)
        quiet += len(changed) < len(now) // 2
        before = now
    assert quiet > 20, "most actions change a few pieces: the watch must not name them all"


@pytest.mark.parametrize("scenario,seed", [("stealth_duel", 31), (None, 32),
                                           ("reinforcement_race", 33), ("mass_destruction", 34)])
def test_the_texts_stay_each_sides_observation_across_undos(scenario: str | None,
                                                              seed: int) -> None:
    texts = SeatTexts(lambda value: json.dumps(value, separators=(",", ":")))
    for game in wandering_game(scenario, seed, 160):
        made = texts.texts(game)
        for side in ("black", "white"):
            expected = json.dumps(game.observation(side).position(), separators=(",", ":"))
            assert made[side] == expected, (side, game.ply)


def test_one_key_stands_for_one_text() -> None:
    seen: dict[bytes, str] = {}
    for scenario, seed in (("stealth_duel", 41), (None, 42), ("reinforcement_race", 43)):
        for game in wandering_game(scenario, seed, 80):
            listed = game._legal_list()
            for key, action in zip(text_keys(game._engine, listed.raws), listed.actions):
                assert seen.setdefault(key, str(action)) == str(action), str(action)
    assert len(seen) > 1000


def test_an_action_looked_up_by_its_text_is_the_listed_one() -> None:
    for game in wandering_game("stealth_duel", 51, 60):
        if game.result is not None:
            return
        listed = legal_by_text(game)
        actions = game.legal_actions()
        assert list(listed) == [str(a) for a in actions] and len(listed) == len(actions)
        text = random.Random(game.ply).choice(list(listed))
        assert text in listed and "no such action" not in listed
        assert listed[text] == actions[list(listed).index(text)]
        twin: Any = game.clone()
        twin.apply(listed[text])
        game.clone().apply(text)  # the facade reads the text alike
