"""Hidden information as properties over random games (R10.6, R10.7, R10.2, R10.5).

* No leak: two true states that differ only in a piece one side cannot see give that side the
  same observation.
* A side's legal actions computed from its observation alone equal the game's.
* Every hidden enemy piece has a last-seen marker and stands in its possible-locations set.
* Lock-ons and reveals hold exactly as long as R10.2 and R10.5 say.
"""
from __future__ import annotations

import json
import random

import pytest

import wec
from wec import rules


def random_states(seed: int, n_actions: int, every: int = 7):
    """Yield a game along a random game of every action kind, every few actions."""
    rng = random.Random(seed)
    g = wec.Game.new()
    for i in range(n_actions):
        actions = g.legal_actions()
        if not actions:
            return
        ends = [a for a in actions if a.kind == "end"]
        g.apply(ends[0] if ends and rng.random() < 0.4 else rng.choice(actions))
        if i % every == 0:
            yield g


def hidden_enemies(g: wec.Game, color: str) -> list[tuple[int, dict]]:
    """(index in position()["pieces"], entry) of the enemy pieces `color` cannot see."""
    pos = g.position()
    out = []
    for i, p in enumerate(pos["pieces"]):
        if p["color"] == color:
            continue
        r, c = p["square"]
        visible = g.can_see(color, r, c, p["level"])
        same = [v for v in visible if v.type == p["type"] and v.color == p["color"]]
        if not same:
            out.append((i, p))
    return out


def comparable(obs) -> str:
    """The observation without last sightings (which come from the public initial position)."""
    data = obs.to_dict()
    del data["last_seen"]
    data["pieces"] = sorted(json.dumps(p.__dict__, sort_keys=True, default=str)
                            for p in obs.pieces())
    data["legal"] = sorted(str(a) for a in obs.legal_actions())
    data["projectiles"] = [repr(p) for p in obs.projectiles()]
    return json.dumps(data, sort_keys=True, default=str)


def variants(pos: dict, index: int, rng: random.Random):
    """Positions that differ from `pos` only in the hidden piece `index`: moved to an empty
    Ground square, or carrying one article more or less."""
    entry = pos["pieces"][index]
    occupied = {(tuple(p["square"]), p["level"]) for p in pos["pieces"]}
    targets = [(p.get("target") if isinstance(p, dict) else None) for p in pos["projectiles"]]
    if entry["level"] == "G" and entry["journey"] is None and index not in targets:
        empty = [(r, c) for r in range(1, 11) for c in range(1, 11)
                 if ((r, c), "G") not in occupied]
        for r, c in rng.sample(empty, min(3, len(empty))):
            moved = json.loads(json.dumps(pos))
            moved["pieces"][index]["square"] = [r, c]
            moved["pieces"][index]["home"] = False
            yield moved
    for code in ("AFL", "ARL"):
        more = json.loads(json.dumps(pos))
        more["pieces"][index]["articles"].append(code)
        more["pieces"][index]["article_cooldowns"].append(0)
        yield more


@pytest.mark.parametrize("seed", range(4))
def test_no_hidden_fact_leaks_into_an_observation(seed):
    rng = random.Random(seed)
    checked = 0
    for g in random_states(100 + seed, 160, every=9):
        pos = g.position()
        base = wec.Game.from_position(pos)
        for color in rules.COLORS:
            hidden = hidden_enemies(base, color)
            if not hidden:
                continue
            index, _ = rng.choice(hidden)
            reference = comparable(base.observation(color))
            for variant in variants(pos, index, rng):
                try:
                    other = wec.Game.from_position(variant)
                except wec.PositionError:
                    continue  # e.g. a moved piece now breaks a slot or capacity rule
                if index not in [i for i, _ in hidden_enemies(other, color)]:
                    continue  # the change made it visible: not the same observation
                assert comparable(other.observation(color)) == reference
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("seed", range(4))
def test_legal_actions_from_the_observation_equal_the_games(seed):
    for g in random_states(200 + seed, 150, every=5):
        for color in rules.COLORS:
            obs = g.observation(color)
            if color == g.to_move and g.result is None:
                assert sorted(map(str, obs.legal_actions())) == sorted(map(str, g.legal_actions()))

            else:
                assert obs.legal_actions() == []


@pytest.mark.parametrize("seed", range(4))
def test_hidden_pieces_stand_in_their_possible_locations(seed):
    for g in random_states(300 + seed, 200, every=3):
        for color in rules.COLORS:
            obs = g.observation(color)
            places = obs.possible_locations()
            markers = {s.marker: s for s in obs.last_seen()}
            side = rules.COLORS.index(color)
            visible = set(g._engine.visible(side))
            for raw in g._engine.pieces():
                pid, owner = raw.pid, raw.color
                if owner == side or pid in visible:
                    continue
                assert pid in markers, (color, raw)
                r, c = raw.sq // 10 + 1, raw.sq % 10 + 1
                assert (r, c) in places[pid], (color, markers[pid], (r, c))
            # an observation never lists an enemy piece it cannot see
            seen = {(p.type, p.row, p.col, p.level) for p in obs.pieces() if p.color != color}
            truth = {(p.type, p.row, p.col, p.level) for p in g.pieces() if p.color != color}
            assert seen <= truth


@pytest.mark.parametrize("seed", range(4))
def test_locks_and_reveals_hold_exactly_as_the_rules_say(seed):
    for g in random_states(400 + seed, 200, every=1):
        pos = g.position()
        pieces = pos["pieces"]
        for i, p in enumerate(pieces):
            ptype = rules.PIECE_TYPES[rules.TYPE_INDEX[p["type"]]]
            sources = ("ASH" in ptype.abilities) + p["articles"].count("ASH")
            assert len(p["locks"]) == sources  # one lock slot per Anti-Stealth it holds
            for t in p["locks"]:
                if t is None:
                    continue
                target = pieces[t]
                tt = rules.PIECE_TYPES[rules.TYPE_INDEX[target["type"]]]
                # R10.2: a lock lasts only while the target is an enemy with stealth
                assert target["color"] != p["color"]
                assert "SH" in tt.abilities or "SH" in target["articles"]
                if target["level"] != "S":  # locked: visible to the locker's side
                    r, c = target["square"]
                    assert any(v.type == target["type"]
                               for v in g.can_see(p["color"], r, c, target["level"]))
            # R10.5: revealed up to the end of the opponent's next turn at most
            assert p["revealed"] <= pos["turn"] + 1
            if p["revealed"] >= pos["turn"]:
                enemy = "white" if p["color"] == "black" else "black"
                r, c = p["square"]
                assert any(v.type == p["type"] for v in g.can_see(enemy, r, c, p["level"]))


def revealed_passenger_of_a_hidden_carrier() -> wec.Game:
    """White to move; a black Tank revealed (R10.5) as the passenger of a submerged black
    Submarine that White cannot see (R10.4)."""
    from builders import piece, position
    pos = position(piece("K", "white", 1, 1), piece("K", "black", 10, 10),
                   piece("SU", "black", 6, 6, "S"),
                   piece("TA", "black", 6, 6, "S", hand="left", revealed=5),
                   piece("RP", "white", 2, 2, home=False), to_move="white")
    pos["turn"] = 5
    return wec.Game.from_position(pos)


def test_a_visible_passenger_whose_carrier_is_hidden_stays_in_the_observation():
    """R10.5 reveals a passenger (it fired) while its submerged carrier stays hidden (R10.4): the
    observation shows the passenger, marked as held by something unseen, and its legal actions
    still equal the game's."""
    g = revealed_passenger_of_a_hidden_carrier()
    obs = g.observation("white")
    assert [(p.type, p.level) for p in obs.pieces("black")] == [("K", "G"), ("TA", "S")]
    held = [p for p in obs.position()["pieces"] if p["type"] == "TA"]
    assert held[0]["held"] is True
    assert sorted(map(str, obs.legal_actions())) == sorted(map(str, g.legal_actions()))


def test_a_game_of_an_observation_keeps_the_held_passenger_through_position_and_clone():
    """Seen in a level match ("pieces[7]: a DO cannot be at S of (4, 9) without a carrier"): the
    game built from an observation with a held passenger (R10.6: its carrier unseen, R10.4) wrote
    `held: false` in its own position, so clone() and every reload of it failed. The flag must
    survive position() and clone(), and the AI must decide from such an observation."""
    g = revealed_passenger_of_a_hidden_carrier()
    view = wec.Game.from_position(g.observation("white")._game_position())
    assert [p["held"] for p in view.position()["pieces"] if p["type"] == "TA"] == [True]
    assert wec.Game.from_position(view.position()).position() == view.position()
    assert view.clone().position() == view.position()
    assert wec.AI(level=2, seconds=None).choose_action(g) in g.legal_actions()
