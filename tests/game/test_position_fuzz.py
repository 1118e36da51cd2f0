"""Fuzzing the position loader: only PositionError escapes, and whatever loads is consistent."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wec
from wec import rules
from wec.game.position import position_problems

squares = st.lists(st.integers(min_value=-1, max_value=11), min_size=0, max_size=3) | st.tuples(
    st.integers(1, 10), st.integers(1, 10)).map(list)
pieces = st.fixed_dictionaries(
    {"type": st.sampled_from(list(rules.TYPE_INDEX) + ["ZZ", 3]),
     "color": st.sampled_from(["black", "white", "red"]),
     "square": squares,
     "level": st.sampled_from(["G", "A", "S", "X"])},
    optional={"hand": st.sampled_from([None, "left", "right", "up"]),
              "articles": st.lists(st.sampled_from(list(rules.ARTICLES) + ["??"]), max_size=4),
              "stun": st.integers(-1, 300),
              "home": st.booleans() | st.just("yes"),
              "cooldowns": st.dictionaries(st.sampled_from(["FL", "ST", "RL", "XX"]),
                                           st.integers(-1, 5), max_size=2),
              "junk": st.just(1)})
positions = st.fixed_dictionaries(
    {"format": st.sampled_from(["wec-position", "wec-save"]),
     "version": st.sampled_from([1, 2, "1"]),
     "to_move": st.sampled_from(["black", "white", None]),
     "pieces": st.lists(pieces, max_size=12)},
    optional={"turn": st.integers(-1, 5),
              "options": st.dictionaries(st.sampled_from(["movement", "tank_range", "nope"]),
                                         st.sampled_from(["weapon_chess", 7, 0, True]), max_size=2),
              "articles": st.lists(st.fixed_dictionaries(
                  {"type": st.sampled_from(list(rules.ARTICLES)), "square": squares}), max_size=6),
              "moved": st.booleans()})


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_loader_raises_only_position_error_and_loaded_games_are_sound(pos):
    problems = position_problems(pos)  # `wec validate` says what the loader says
    try:
        g = wec.Game.from_position(pos)
    except wec.PositionError as e:
        assert str(e) in (problems[0], "; ".join(problems))
        return
    assert problems == []
    assert g.check() == []
    again = wec.Game.from_position(g.position())
    assert again.position() == g.position()
    assert again.hash == g.hash
    for a in g.legal_actions():
        assert wec.parse_action(str(a)) == a
