"""`wec.Options`: RULES.md R13 and the FORMATS.md option table ("Option names").

Every test names the rule or the FORMATS.md section it checks.
"""
from __future__ import annotations

import dataclasses

import pytest

import wec

# FORMATS.md "Option names", standard values (the first value listed; RULES.md R13).
API_DEFAULTS = {
    "movement": "weapon_chess",
    "md_pawns": "sides_and_forward",
    "jet_sub_combat": False,
    "government_black": "monarchy",
    "government_white": "monarchy",
    "tank_range": 7,
    "cleric_range": 7,
    "queen_tank_range": 7,
    "queen_cleric_range": 7,
    "flame_range": 2,
    "stunner_range": 9,
    "stun_turns": 3,
    "stunner_rate": 2,
    "flame_rate": 4,
    "conversion_rate": 4,
    "projectile_rate": 4,
    "homing_range": 3,
    "jet_rocket_range": 0,
    "invisible_pieces": True,
    "lock_on": True,
    "range_detection": False,
    "stealth_detect_range": 3,
    "sonar_range": 3,
    "dominance": "submersion",
    "stealthy_primary": False,
    "primary_may_fly": True,
    "one_action_per_piece": False,
    "movement_only": False,
    "doze_enemies": True,
    "transport_from_carrier": False,
    "quiet_turn_draw": 0,
    "competitive": False,
}

# The enumerated values of FORMATS.md, for the "unknown enum" checks.
API_ENUMS = {
    "movement": ("weapon_chess", "standard_chess", "mass_destruction"),
    "md_pawns": ("sides_and_forward", "forward", "all_but_front"),
    "government_black": ("monarchy", "dictatorship", "theocracy", "democracy"),
    "government_white": ("monarchy", "dictatorship", "theocracy", "democracy"),
    "dominance": ("submersion", "stealth"),
}

BOOL_OPTIONS = [k for k, v in API_DEFAULTS.items() if isinstance(v, bool)]
INT_OPTIONS = [k for k, v in API_DEFAULTS.items() if isinstance(v, int) and not isinstance(v, bool)]


# --- defaults (RULES.md R13, FORMATS.md option table) ---------------------------------------------

def test_api_option_table_every_name_is_a_field():
    """FORMATS.md "Option names": every listed name is a `wec.Options` field."""
    names = {f.name for f in dataclasses.fields(wec.Options)}
    missing = set(API_DEFAULTS) - names
    assert not missing, f"Options lacks the FORMATS.md options {sorted(missing)}"


@pytest.mark.parametrize("name", sorted(API_DEFAULTS))
def test_rules_13_default_value(name):
    """RULES.md R13 / FORMATS.md: `Options()` has the standard value of every option."""
    value = getattr(wec.Options(), name)
    expected = API_DEFAULTS[name]
    assert value == expected and type(value) is type(expected), (name, value)


def test_rules_13_every_field_has_a_standard_default():
    """FORMATS.md: `wec.Options()` builds with no arguments; a field not in its table (if any)
    must still have a default and must not count as a change."""
    opts = wec.Options()
    assert opts == wec.Options()
    assert opts.changes() == {}


def test_rules_13_whole_default_equals_table():
    """RULES.md R13: all the FORMATS.md options at once, as one dict."""
    opts = wec.Options()
    assert {k: getattr(opts, k) for k in API_DEFAULTS} == API_DEFAULTS


# --- construction: keyword-only, frozen (`wec.Options`) -------------------------------------

def test_api_options_are_keyword_only():
    """FORMATS.md: `Options(...)` is keyword-only."""
    with pytest.raises(TypeError):
        wec.Options("standard_chess")  # type: ignore[misc]


def test_api_options_keyword_values_are_kept():
    """FORMATS.md example: `Options(movement="standard_chess", stun_turns=2)`."""
    opts = wec.Options(movement="standard_chess", stun_turns=2)
    assert opts.movement == "standard_chess"
    assert opts.stun_turns == 2
    assert opts.tank_range == 7


def test_api_options_are_frozen():
    """FORMATS.md: Options is a frozen dataclass."""
    opts = wec.Options()
    with pytest.raises(dataclasses.FrozenInstanceError):
        opts.movement = "standard_chess"  # type: ignore[misc]
    assert opts.movement == "weapon_chess"


def test_api_options_are_hashable_and_compare_by_value():
    """FORMATS.md: a frozen dataclass compares by value and can key a dict."""
    a = wec.Options(stun_turns=2)
    b = wec.Options(stun_turns=2)
    assert a == b and hash(a) == hash(b)
    assert a != wec.Options()


def test_api_options_replace_is_validated():
    """FORMATS.md: validated — `dataclasses.replace` builds a new Options and checks it too."""
    with pytest.raises(wec.OptionsError):
        dataclasses.replace(wec.Options(), tank_range=-1)


# --- validation (FORMATS.md: "keyword-only, validated"; errors) -----------------------------------

def test_api_options_error_class():
    """FORMATS.md errors: OptionsError is a WecError and a ValueError."""
    assert issubclass(wec.OptionsError, wec.WecError)
    assert issubclass(wec.OptionsError, ValueError)


def _raises_naming(kwargs: dict, *words: str) -> str:
    with pytest.raises(wec.OptionsError) as info:
        wec.Options(**kwargs)
    msg = str(info.value)
    for w in words:
        assert w in msg, f"message {msg!r} does not name {w!r}"
    return msg


@pytest.mark.parametrize("name", BOOL_OPTIONS)
@pytest.mark.parametrize("bad", [1, "yes", None])
def test_api_bool_option_wrong_type(name, bad):
    """FORMATS.md options: booleans take True/False only; the message names option and value."""
    _raises_naming({name: bad}, name, repr(bad))


@pytest.mark.parametrize("name", INT_OPTIONS)
@pytest.mark.parametrize("bad", ["7", 7.0, True, None])
def test_api_int_option_wrong_type(name, bad):
    """FORMATS.md option table: integer options take ints (not bool, float, str)."""
    _raises_naming({name: bad}, name, repr(bad))


@pytest.mark.parametrize("name", INT_OPTIONS)
@pytest.mark.parametrize("bad", [-1, -7])
def test_api_int_option_out_of_range(name, bad):
    """RULES.md R13: ranges, rates, counts and turn numbers are never negative; the message names
    the option and the value."""
    _raises_naming({name: bad}, name, str(bad))


def test_r12_2_stun_turns_above_255_rejected():
    """R12.2 `Stun = 0..255`: a stun count above 255 cannot be recorded."""
    _raises_naming({"stun_turns": 256}, "stun_turns", "256")


@pytest.mark.parametrize("name", ["tank_range", "cleric_range", "queen_tank_range",
                                  "queen_cleric_range", "flame_range", "stunner_range"])
def test_r4_r7_zero_range_rejected(name):
    """R4.5-R4.7, R7.1, R7.3: a rider or weapon range of 0 is no range at all."""
    _raises_naming({name: 0}, name, "0")


@pytest.mark.parametrize("name", ["stunner_rate", "flame_rate", "conversion_rate",
                                  "projectile_rate"])
def test_r7_2_zero_rate_rejected(name):
    """R7.2: the firing turn counts as one, so a rate of fire is at least 1."""
    _raises_naming({name: 0}, name, "0")


@pytest.mark.parametrize("name", sorted(API_ENUMS))
def test_api_enum_option_unknown_value(name):
    """FORMATS.md options: an enumerated option rejects a value not listed; message names both."""
    _raises_naming({name: "no_such_value"}, name, "no_such_value")


@pytest.mark.parametrize("name", sorted(API_ENUMS))
def test_api_enum_option_wrong_type(name):
    """FORMATS.md option table: an enumerated option is a string."""
    _raises_naming({name: 3}, name, "3")


@pytest.mark.parametrize("name,value", [(n, v) for n, vs in API_ENUMS.items() for v in vs])
def test_api_enum_option_every_listed_value_accepted(name, value):
    """FORMATS.md option table: every listed value is accepted and kept."""
    assert getattr(wec.Options(**{name: value}), name) == value


def test_r4_9_jet_sub_combat_rejected_with_weapon_chess():
    """R4.9 / RULES.md R13: jet/sub combat exists only in Standard Chess (or Mass Destruction with
    movement only); with Weapon Chess movement it is an OptionsError naming the option."""
    msg = _raises_naming({"jet_sub_combat": True}, "jet_sub_combat")
    assert "movement" in msg


def test_r4_9_jet_sub_combat_rejected_with_mass_destruction_without_movement_only():
    """RULES.md R13: "jet/sub combat (Standard Chess; Mass Destruction with movement only)"."""
    _raises_naming({"jet_sub_combat": True, "movement": "mass_destruction"}, "jet_sub_combat")


def test_r4_9_jet_sub_combat_allowed_where_the_rules_allow_it():
    """RULES.md R13: jet/sub combat with Standard Chess, and Mass Destruction + movement only."""
    assert wec.Options(jet_sub_combat=True, movement="standard_chess").jet_sub_combat is True
    assert wec.Options(jet_sub_combat=True, movement="mass_destruction",
                       movement_only=True).jet_sub_combat is True


def test_api_unknown_keyword_rejected():
    """FORMATS.md: only the named options exist (a typo is an error, not ignored)."""
    with pytest.raises(TypeError):
        wec.Options(tank_rnage=7)  # type: ignore[call-arg]


# --- from_dict / changes (FORMATS.md position "options": only what differs) -----------------------

def test_api_from_dict_rejects_unknown_name():
    """FORMATS.md: the position's "options" keys are the option names; an unknown one is an
    OptionsError naming it."""
    with pytest.raises(wec.OptionsError, match="tank_rnage"):
        wec.Options.from_dict({"tank_rnage": 6})


def test_api_from_dict_rejects_non_mapping():
    """FORMATS.md: "options" is an object."""
    with pytest.raises(wec.OptionsError):
        wec.Options.from_dict(["movement"])  # type: ignore[arg-type]


def test_api_from_dict_validates_values():
    """FORMATS.md: from_dict goes through the same validation as the constructor."""
    with pytest.raises(wec.OptionsError, match="stun_turns"):
        wec.Options.from_dict({"stun_turns": -2})


def test_api_from_dict_empty_is_standard():
    """FORMATS.md: `options` lists only what differs, so {} is the standard game."""
    assert wec.Options.from_dict({}) == wec.Options()


def test_api_from_dict_sets_the_given_values():
    """FORMATS.md: from_dict keeps every given value and defaults the rest."""
    opts = wec.Options.from_dict({"movement": "mass_destruction", "md_pawns": "forward",
                                  "government_white": "democracy", "quiet_turn_draw": 50})
    assert (opts.movement, opts.md_pawns, opts.government_white, opts.quiet_turn_draw) == \
        ("mass_destruction", "forward", "democracy", 50)
    assert opts.government_black == "monarchy"


def test_api_changes_of_standard_is_empty():
    """FORMATS.md position format: `options` only lists what differs — none for the standard."""
    assert wec.Options().changes() == {}


def test_api_changes_lists_only_non_standard_values():
    """FORMATS.md: changes() lists exactly the options whose value is not the standard one."""
    opts = wec.Options(movement="standard_chess", stun_turns=2, tank_range=7, lock_on=True,
                       government_black="theocracy")
    assert opts.changes() == {"movement": "standard_chess", "stun_turns": 2,
                              "government_black": "theocracy"}


@pytest.mark.parametrize("name", sorted(API_DEFAULTS))
def test_api_changes_single_option(name):
    """FORMATS.md: changing any one option shows up in changes() as that option alone."""
    standard = API_DEFAULTS[name]
    if isinstance(standard, bool):
        value = not standard
    elif isinstance(standard, int):
        value = standard - 1 if standard >= 2 else standard + 1
    else:
        value = next(v for v in API_ENUMS[name] if v != standard)
    kwargs = {name: value}
    if name == "jet_sub_combat":
        kwargs["movement"] = "standard_chess"
    opts = wec.Options(**kwargs)
    expected = dict(kwargs)
    assert opts.changes() == expected


def test_api_changes_round_trip_through_from_dict():
    """FORMATS.md: the position's `options` (changes()) rebuilds the same Options."""
    opts = wec.Options(movement="mass_destruction", md_pawns="all_but_front", movement_only=True,
                       jet_sub_combat=True, government_white="dictatorship", sonar_range=5,
                       dominance="stealth", competitive=True)
    assert wec.Options.from_dict(opts.changes()) == opts


def test_api_game_position_options_are_the_changes():
    """FORMATS.md positions: `options` only lists what differs; `Game.new(opts)` keeps them."""
    opts = wec.Options(movement="standard_chess", government_black="democracy", flame_range=1)
    game = wec.Game.new(opts)
    assert game.position()["options"] == opts.changes()
    assert wec.Game.new().position()["options"] == {}
