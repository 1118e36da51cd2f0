"""Opening a game from a save, a scenario or a position file (wec.files.opening), as `wec play`,
`wec show`, `wec perft` and the play window's File > Load read them."""
from __future__ import annotations

import json
from argparse import Namespace

import pytest

from wec.files.opening import file_kind, open_game, open_game_named_by
from wec.game.errors import WecError
from wec.game.game import Game
from wec.rules import scenarios


@pytest.fixture
def played(tmp_path):
    """A save file of a game one turn in, and a position file of the same position."""
    game = Game.new()
    game.apply(game.legal_moves()[0])
    game.end_turn()
    save = tmp_path / "game.json"
    game.save(str(save))
    position = tmp_path / "position.json"
    position.write_text(json.dumps(game.position()))
    return game, save, position


def test_each_source_opens_its_game(played) -> None:
    game, save, position = played
    assert open_game(load=save).actions() == game.actions()
    assert open_game(position=position).position() == game.position()
    name = next(iter(scenarios.SCENARIOS))
    assert open_game(scenario=name).position() == \
        Game.from_position(scenarios.load(name)).position()
    assert open_game().position() == Game.new().position()


def test_parsed_arguments_name_the_same_games(played) -> None:
    game, save, _ = played
    assert open_game_named_by(Namespace(load=str(save))).actions() == game.actions()
    assert open_game_named_by(object()).position() == Game.new().position()


def test_a_file_given_to_the_wrong_option_names_the_right_one(played) -> None:
    _, save, position = played
    with pytest.raises(WecError, match="this is a position: use --position"):
        open_game(load=position)
    with pytest.raises(WecError, match="this is a save: use --load"):
        open_game(position=save)
    with pytest.raises(WecError, match="no scenario 'nowhere'; 'wec scenarios' lists them"):
        open_game(scenario="nowhere")


def test_file_kind_tells_a_position_from_a_save(played, tmp_path) -> None:
    _, save, position = played
    assert file_kind(position) == "position" and file_kind(save) == "save"
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert file_kind(broken) == "save"  # left to Game.load, whose error names the problem
    assert file_kind(tmp_path / "missing.json") == "save"
