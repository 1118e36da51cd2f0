"""The manual's pre-game options: reveal-on-fire (R7.10, R10.5; manual M495-497) and a
rate of fire per projectile weapon (R7.2; manual M161-163). Standard = the behaviour before."""
from __future__ import annotations

import pytest

import wec
from builders import game, piece, play

W, B = "white", "black"
KINGS = (piece("K", W, 1, 1), piece("K", B, 10, 10))


def black_sees_the_pawn(g: wec.Game) -> bool:
    return [p.type for p in g.can_see(B, 3, 5, "G")] == ["RP"]


@pytest.mark.parametrize("options, revealed", [({}, True), ({"reveal_on_fire": True}, True),
                                               ({"reveal_on_fire": False}, False)])
def test_R7_10_R10_5_reveal_on_fire_option(options, revealed):
    g = game(*KINGS, piece("RP", W, 3, 5, articles=["SH"], home=False), **options)
    assert not black_sees_the_pawn(g)
    play(g, "FI:RL/RP(3,5)1SH->(4,5)")
    assert black_sees_the_pawn(g) is revealed


def test_R10_5_without_reveal_on_fire_a_capture_still_reveals():
    g = game(*KINGS, piece("RP", W, 3, 5, articles=["SH"], home=False),
             piece("FP", B, 4, 5, home=False), reveal_on_fire=False)
    play(g, "MV:RP(3,5)1SH->(4,5)")
    assert [p.type for p in g.can_see(B, 4, 5, "G")] == ["RP"]


def cooldowns_after_firing(**options) -> tuple[dict, dict]:
    """A White RP fires its Rocket Launcher and a White AAA its SAM Launcher (R6.2: one Fire per
    piece); their inherent count-downs as the position writes them (R7.2: set to the rate, the
    firing turn counting as one)."""
    g = game(*KINGS, piece("RP", W, 3, 5, home=False), piece("AAA", W, 3, 8), **options)
    play(g, "FI:RL/RP(3,5)->(4,5)")
    play(g, "FI:SL/AAA(3,8)->(4,8)")
    cools = {p["type"]: p["cooldowns"] for p in g.position()["pieces"]}
    return cools["RP"], cools["AAA"]


def test_R7_2_standard_one_projectile_rate_for_every_projectile_weapon():
    assert cooldowns_after_firing() == ({"RL": 4}, {"SL": 4})
    assert cooldowns_after_firing(projectile_rate=3) == ({"RL": 3}, {"SL": 3})


def test_R7_2_a_rate_of_fire_per_projectile_weapon():
    assert cooldowns_after_firing(rocket_rate=2) == ({"RL": 2}, {"SL": 4})
    assert cooldowns_after_firing(projectile_rate=6, sam_rate=1) == ({"RL": 6}, {"SL": 1})


def test_R7_2_the_torpedo_rate_and_the_sub_rocket_rate():
    g = game(*KINGS, piece("DS", W, 3, 5), torpedo_rate=7, rocket_rate=5)
    play(g, "FI:TL/DS(3,5)->(4,5)")
    (ds,) = [p for p in g.position()["pieces"] if p["type"] == "DS"]
    assert ds["cooldowns"] == {"TL": 7}
    # R7.9: the jet/sub rocket is a rocket and takes the rocket rate
    g = game(*KINGS, piece("JE", W, 3, 5, "A"), piece("FP", B, 3, 5, home=False), rocket_rate=5)
    play(g, "FI:RL/JE^(3,5)=>FP(3,5)")
    (je,) = [p for p in g.position()["pieces"] if p["type"] == "JE"]
    assert je["cooldowns"] == {"RL": 5}


@pytest.mark.parametrize("name, value", [("rocket_rate", -1), ("sam_rate", 100),
                                         ("torpedo_rate", "4"), ("reveal_on_fire", 1)])
def test_R7_2_R10_5_bad_option_values_are_refused_naming_the_option(name, value):
    with pytest.raises(wec.OptionsError, match=name):
        wec.Options(**{name: value})


def test_the_new_options_are_standard_by_default_and_round_trip():
    assert wec.Options().changes() == {}
    opts = wec.Options(rocket_rate=2, reveal_on_fire=False)
    assert wec.Options.from_dict(opts.changes()) == opts
    assert wec.Options().projectile_rates() == (4, 4, 4)
    assert wec.Options(rocket_rate=0, projectile_rate=5).projectile_rates() == (5, 5, 5)
