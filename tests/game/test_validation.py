"""One validation for the loaders and `wec validate`: `position_problems` and `save_problems`
list every problem, one line each naming the field; `Game.from_position` and `game_from_save`
raise from the same reading; whatever one accepts the other accepts."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import wec
from malformed import CROWDED, a_save, rich_position, shipped_positions, variants
from wec.files.save import game_from_save, save_problems
from wec.game.position import position_problems


def loader_verdict(pos: Any) -> str | None:
    """None when `Game.from_position` loads `pos`, else its message (only PositionError may
    escape)."""
    try:
        wec.Game.from_position(pos)
    except wec.PositionError as e:
        return str(e)
    return None


def save_verdict(data: Any) -> str | None:
    try:
        game_from_save(data)
    except wec.SaveFormatError as e:
        return str(e)
    return None


def one_line(problems: list[str]) -> None:
    assert all(p and "\n" not in p and len(p) < 400 for p in problems), problems


def test_every_shipped_position_loads_and_validates():
    shipped = shipped_positions()
    assert str(CROWDED.relative_to(CROWDED.parents[4])) in shipped and len(shipped) > 40
    for name, pos in shipped.items():
        assert loader_verdict(pos) is None, name
        assert position_problems(pos) == [], name


def test_carried_pieces_are_judged_with_their_carriers():
    """R3.4: a piece is at Air or Sub as a Chopper's or Submarine's passenger; crowded.json has
    an RP on a Chopper at (4, 4) A and a DS on a Submarine at (5, 2) S."""
    pos = json.loads(CROWDED.read_text())
    assert position_problems(pos) == []
    without_carriers = copy.deepcopy(pos)
    without_carriers["pieces"][2]["level"] = "G"  # the Chopper lands: its RP has no carrier
    without_carriers["pieces"][4]["square"] = [5, 1]  # the Submarine leaves its DS
    problems = position_problems(without_carriers)
    assert problems == ["pieces[3]: a RP cannot be at A of (4, 4) without a carrier (R3.4)",
                        "pieces[5]: a DS cannot be at S of (5, 2) without a carrier (R3.4)"]
    assert loader_verdict(without_carriers) == problems[0]


def test_a_carrier_with_a_problem_of_its_own_does_not_strand_its_passenger():
    pos = json.loads(CROWDED.read_text())
    pos["pieces"][2]["hand"] = "up"  # the Chopper's own problem, not its passenger's
    assert position_problems(pos) == ["pieces[2].hand: 'up' is not one of left, right"]


@pytest.mark.parametrize("value, kind", [(1, "an int"), (None, "null"), (1.5, "a float"),
                                         (True, "true"), ("x", "a string"), ({}, "an object")])
def test_pieces_that_is_no_list_is_one_problem_naming_the_field(value, kind):
    pos = {**json.loads(CROWDED.read_text()), "pieces": value}
    message = f"pieces: expected a list, got {kind}"
    assert position_problems(pos) == [message]
    assert loader_verdict(pos) == message
    save = a_save()
    save["initial"]["pieces"] = value
    assert save_problems(save) == [f"initial: {message}"]
    assert save_verdict(save) == f"initial: {message}"


def test_every_problem_is_listed_and_the_loader_raises_the_first():
    pos = json.loads(CROWDED.read_text())
    pos["turn"] = 0
    pos["pieces"][8]["type"] = "ZZ"
    pos["pieces"].append({"type": "RP", "color": "white", "square": [3, 3], "level": "G"})
    pos["pieces"].append({"type": "RP", "color": "white", "square": [3, 3], "level": "G"})
    pos["articles"].append({"type": "FL", "square": [5, 6]})
    pos["quiet"] = "x"
    problems = position_problems(pos)
    assert problems == [
        "turn: 0 is outside 1..1000000",
        "pieces[8].type: 'ZZ' is not one of " + ", ".join(wec.rules.TYPE_INDEX),
        "pieces[26]: more than 2 pieces at (3, 3) G (R3.1)",
        "articles[3]: more than 2 articles on (5, 6) (R3.3)",
        "quiet: expected an integer, got 'x'"]
    assert loader_verdict(pos) == problems[0]


def test_a_save_lists_every_field_problem_and_the_loader_raises_the_first():
    save = a_save()
    save["turns"] = 3
    save["initial"]["to_move"] = "red"
    save["actions"][1] = 5
    save["extra"] = 1
    problems = save_problems(save)
    assert problems == ["'extra': unknown field",
                        "turns: expected a list of turn strings, got an int",
                        "initial: to_move: 'red' is not one of black, white",
                        "actions[1] (ply 2): expected action text, got an int"]
    assert save_verdict(save) == problems[0]
    assert save_problems(a_save()) == [] and save_verdict(a_save()) is None


def test_a_first_version_save_without_turns_and_digest_validates_as_it_loads():
    save = a_save()
    save["version"] = 0
    del save["turns"], save["final"]
    assert save_verdict(save) is None
    assert save_problems(save) == []


def agree(pos: Any, name: str) -> None:
    """The loader and the validation say the same of `pos`: both accept it, or the loader's
    message is the validation's first problem (or, for the engine's own checks, all of them)."""
    problems = position_problems(pos)
    one_line(problems)
    if isinstance(pos, str):  # Game.from_position reads a str as a file path
        assert problems == ["position: expected an object, got a string"]
        return
    verdict = loader_verdict(pos)
    if verdict is None:
        assert problems == [], name
    else:
        assert verdict in (problems[0], "; ".join(problems)), (name, verdict, problems)


def test_every_malformed_position_is_judged_alike_by_the_loader_and_the_validation():
    crowded = json.loads(CROWDED.read_text())
    for name, pos in variants(crowded):
        agree(pos, name)
    for name, pos in variants(rich_position(), entries=2):
        agree(pos, name)


def test_every_malformed_save_is_judged_alike_by_the_loader_and_the_validation():
    save = a_save()
    cases = list(variants(save, entries=2)) + [
        ("bad action", {**save, "actions": [*save["actions"][:-1], "MV:XX(1,1)->(1,2)"]}),
        ("bad turn", {**save, "turns": [*save["turns"][:-1], "?"]}),
        ("bad digest", {**save, "final": "sha256:0"}),
        ("other options", {**save, "options": {**save["options"], "flame_range": 2}})]
    for name, data in cases:
        problems = save_problems(data)
        one_line(problems)
        verdict = save_verdict(data)
        if verdict is None:
            assert problems == [], name
        else:
            assert problems and verdict == problems[0], (name, verdict, problems)
