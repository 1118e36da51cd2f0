"""Frozen perft numbers (moves mode, docs/FORMATS.md) and the `wec perft` command.

The standard numbers at depth 1-3 equal the independent pure-Python reference's (tests/reference.py;
depth 3 takes it ~10 s, so the cross-check runs at depth 2 in test_reference_crosscheck.py).
"""
from __future__ import annotations

import importlib.resources
from pathlib import Path

import pytest

import wec
from wec.cli import main

DATA = Path(str(importlib.resources.files("wec.tools") / "data" / "positions"))
"""midgame_40 and crowded: the positions of the AI signature, shipped with the package."""

FROZEN = {
    # (position, movement, invisible pieces): perft at depths 1, 2, 3. With invisible pieces (the
    # standard), hidden enemies block nothing in the move list (R10.7), so a few more moves exist;
    # with every piece visible the numbers equal the pure-Python reference's.
    ("standard", "weapon_chess", True): (130, 16900, 2262742),
    ("standard", "weapon_chess", False): (130, 16900, 2262740),
    ("standard", "standard_chess", True): (114, 12996, 1563010),
    ("standard", "standard_chess", False): (114, 12996, 1563006),
    ("standard", "mass_destruction", True): (122, 14884, 1915618),
    ("standard", "mass_destruction", False): (122, 14884, 1915616),
    ("midgame_40", None, True): (137, 25735, 3578750),
    ("midgame_40", "standard_chess", True): (124, 22565, 2880183),
    ("midgame_40", "standard_chess", False): (124, 22564, 2879945),
    # R4.11.1: dozes are judged by what the mover sees (a hidden piece of a chosen square no
    # longer refuses a doze), and a mixed pair dozed onto a hidden enemy is no longer captured
    # with it (R4.2.3): 7739 -> 7740, 589521 -> 589353
    ("crowded", "weapon_chess", True): (83, 7740, 589353),
    ("crowded", "weapon_chess", False): (81, 7545, 565248),
    ("crowded", "standard_chess", False): (82, 7486, 583136),
    ("crowded", "mass_destruction", False): (84, 8297, 650972),
}


def load(name: str, movement: str | None, invisible: bool = True) -> wec.Game:
    if name == "standard":
        return wec.Game.new(wec.Options(movement=movement, invisible_pieces=invisible))
    pos = wec.Game.from_position(str(DATA / f"{name}.json")).position()
    pos["options"] = {**pos["options"], "invisible_pieces": invisible}
    if movement:
        pos["options"]["movement"] = movement
    return wec.Game.from_position(pos)


@pytest.mark.parametrize("key", list(FROZEN), ids=lambda k: f"{k[0]}-{k[1]}-{k[2]}")
def test_frozen_perft(key):
    g = load(*key)
    before = g.position()
    assert tuple(wec.perft(g, d) for d in (1, 2, 3)) == FROZEN[key]
    assert g.position() == before  # perft leaves the game as it was


def test_perft_actions_mode_frozen():
    g = wec.Game.new()
    assert [wec.perft(g, d, mode="actions") for d in range(3)] == [1, 266, 52869]


@pytest.mark.slow
def test_frozen_perft_4_standard():
    assert wec.perft(wec.Game.new(wec.Options(invisible_pieces=False)), 4) == 302938734


def test_wec_perft_command(capsys):
    assert main(["perft", "2"]) == 0
    out = capsys.readouterr().out
    assert "16900 nodes" in out and "nodes/s" in out
    assert main(["perft", "1", "--mode", "actions", "--position", str(DATA / "crowded.json")]) == 0
    assert f"{len(wec.Game.from_position(str(DATA / 'crowded.json')).legal_actions())} nodes" \
        in capsys.readouterr().out


def test_wec_perft_command_reports_a_bad_position(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "wec-position"}')
    assert main(["perft", "1", "--position", str(bad)]) == 2
    err = capsys.readouterr().err  # the first of the missing keys, in the format's order
    assert err == "wec: position: missing key 'version'\n"
