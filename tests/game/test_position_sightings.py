"""A position carries what each side knows of the other's hidden pieces (R10, R10.6; docs/FORMATS.md
"Sightings"): a copy by position gives each side the same observation as the game it was taken
from, last sightings included; a position without them loads as before, and they never enter
the hash."""
from __future__ import annotations

import json
import random

import pytest

import wec
from builders import game, piece, play

W, B = "white", "black"
STANDARD_HASH = 0x7677F8A60982E146


def view(g: wec.Game, color: str) -> str:
    """Everything `color` observes but its history (a position holds none)."""
    obs = g.observation(color)
    data = obs.to_dict()
    data.pop("history")
    data["possible"] = sorted((m, sorted(sq)) for m, sq in obs.possible_locations().items())
    return json.dumps(data, sort_keys=True)


def aaa_out_of_sight() -> wec.Game:
    """White's AAA (Stealth: hidden from Black, R10.1) walks from (5,5) to (5,7) in two turns:
    Black last saw it at (5,5), where the public starting position put it."""
    g = game(piece("K", W, 1, 1), piece("K", B, 10, 10), piece("AAA", W, 5, 5), to_move=W)
    play(g, "MV:AAA(5,5)->(5,6)")
    g.end_turn()
    play(g, "MV:K(10,10)->(9,9)")
    g.end_turn()
    play(g, "MV:AAA(5,6)->(5,7)")
    g.end_turn()
    return g


def test_R10_6_a_copy_by_position_keeps_where_black_last_saw_the_hidden_piece():
    g = aaa_out_of_sight()
    seen = g.observation(B).last_seen()
    assert [(s.type, s.square) for s in seen] == [("AAA", (5, 5))]
    copy = wec.Game.from_position(g.position())
    assert [(s.type, s.square, s.turn) for s in copy.observation(B).last_seen()] == \
        [(s.type, s.square, s.turn) for s in seen]    # not its true square (5,7)
    for color in (B, W):
        assert view(copy, color) == view(g, color)
    assert copy.hash == g.hash


def random_game(seed: int, n: int) -> wec.Game:
    rng = random.Random(seed)
    g = wec.Game.new()
    while g.ply < n and g.result is None:
        acts = g.legal_actions()
        ends = [a for a in acts if a.kind == "end"]
        g.apply(ends[0] if ends and rng.random() < 0.4 else rng.choice(acts))
    return g


@pytest.mark.parametrize("seed", range(4))
def test_R10_6_each_side_observes_the_same_in_a_copy_by_position_and_a_save(seed, tmp_path):
    g = random_game(seed, 90)
    assert g.observation(B).last_seen() and g.observation(W).last_seen()  # pieces are hidden
    by_position = wec.Game.from_position(g.position())
    g.save(tmp_path / "g.json")
    loaded = wec.Game.load(tmp_path / "g.json")
    for color in (B, W):
        assert view(by_position, color) == view(g, color), color
        assert view(loaded, color) == view(g, color), color
        assert loaded.observation(color).history() == g.observation(color).history()
    # a copy of the copy is the same again, and a game started from the copy's position saves
    # and loads with what each side knew at its start
    again = wec.Game.from_position(by_position.position())
    by_position.save(tmp_path / "copy.json")
    from_copy = wec.Game.load(tmp_path / "copy.json")
    for color in (B, W):
        assert view(again, color) == view(g, color)
        assert view(from_copy, color) == view(g, color)


def test_a_position_without_sightings_loads_as_before():
    g = wec.Game.new()
    assert g.hash == STANDARD_HASH
    assert "sightings" not in g.position()            # the public start: nothing to add
    assert "sightings" not in wec.Game.from_position(g.position()).position()
    pos = game(piece("K", W, 1, 1), piece("K", B, 10, 10), piece("AAA", W, 5, 5)).position()
    black = wec.Game.from_position(pos).observation(B).last_seen()
    assert [(s.type, s.square) for s in black] == [("AAA", (5, 5))]   # where it stands


def test_sightings_do_not_enter_the_hash():
    g = aaa_out_of_sight()
    pos = g.position()
    assert "sightings" in pos
    without = {k: v for k, v in pos.items() if k != "sightings"}
    assert wec.Game.from_position(without).hash == wec.Game.from_position(pos).hash == g.hash


@pytest.mark.parametrize("change, field", [
    (lambda s: s.update(black=5), "sightings.black"),
    (lambda s: s.pop("white"), "sightings"),
    (lambda s: s["black"].update(pieces={}), "sightings.black.pieces"),
    (lambda s: s["black"]["pieces"][0].update(square=[11, 1]), "sightings.black.pieces[0].square"),
    (lambda s: s["black"]["pieces"][0].update(piece=1), "sightings.black.pieces[0].piece"),
    (lambda s: s["black"]["pieces"][0].update(piece=99), "sightings.black.pieces[0].piece"),
    (lambda s: s["black"]["pieces"][0].update(type="TA"), "sightings.black.pieces[0].type"),
    (lambda s: s["black"]["pieces"][0].update(level="X"), "sightings.black.pieces[0].level"),
    (lambda s: s["black"]["pieces"][0].update(turn=0), "sightings.black.pieces[0].turn"),
    (lambda s: s["black"]["pieces"][0].pop("marker"), "sightings.black.pieces[0]"),
    (lambda s: s["white"].update(armed_reserves=[[0, 3]]), "sightings.white.armed_reserves[0]"),
    (lambda s: s.update(markers=[0, 1, 2]), "sightings"),
])
def test_a_malformed_sighting_gets_one_line_naming_the_field(change, field):
    pos = aaa_out_of_sight().position()
    pieces = [p["type"] for p in pos["pieces"]]
    assert pieces.index("AAA") == 2 and pos["sightings"]["black"]["pieces"][0]["piece"] == 2
    change(pos["sightings"])
    with pytest.raises(wec.PositionError) as caught:
        wec.Game.from_position(pos)
    message = str(caught.value)
    assert message.startswith(field) and "\n" not in message, message
