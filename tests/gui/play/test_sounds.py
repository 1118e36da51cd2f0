"""Sounds of play (wec/gui/play/sounds.py): which sound each action makes, decided from what
the listeners may read (R10.6, R12.3), the mute kept, the WAVs the project makes itself."""
from __future__ import annotations

import wave
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

import wec
from wec.gui.play import sound_synth
from wec.gui.play.sounds import SoundPlayer, load_effects

pytestmark = pytest.mark.gui
OFF = {"options": {"invisible_pieces": False}}


def heard(w) -> list[str]:
    """The sounds the window plays from now on, by name (the player patched)."""
    names: list[str] = []
    w.sounds.player = names.append
    return names


def duel() -> wec.Game:
    """Kings apart, a White Flame Pawn beside Black's King (a primary piece captures by moving,
    R4.4) and White's hidden AAA (7,5) (stealthy: Black cannot see it, R10.1)."""
    return wec.Game.from_position({
        "format": "wec-position", "version": 1, "to_move": "black", "turn": 1,
        "pieces": [{"type": "K", "color": "black", "square": [10, 5], "level": "G"},
                   {"type": "K", "color": "white", "square": [1, 5], "level": "G"},
                   {"type": "FP", "color": "white", "square": [9, 4], "level": "G"},
                   {"type": "AAA", "color": "white", "square": [7, 5], "level": "G"}]})


def test_each_kind_of_action_has_its_sound(make_window):
    w = make_window(mode="hotseat", **OFF)
    names = heard(w)
    assert w.play("MV:RP(9,1)->(8,2)")
    assert names == ["move"]
    assert w.play("FI:RL/RP(8,2)->(7,2)")  # a rocket flies off (R7.7): nothing is hit yet
    assert names[-1] == "fire"
    assert w.play("END")
    assert names[-1] == "fire"  # End Turn alone is silent: no new sound
    assert w.play("MV:RP(2,10)->(3,9)") and w.play("END")
    assert w.play("MV:SP(9,2)->(8,3)")
    assert w.play("FI:ST/SP(8,3)->(7,3)")  # it stuns White's (2,3) pieces (R7.3)
    assert names[-1] == "hit"
    w.offers.resign()
    assert names[-1] == "game_end"


def test_a_capture_crunches(make_window, qtbot):
    w = make_window(duel(), mode="hotseat")
    names = heard(w)
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)  # Black at the screen
    assert w.play("MV:K(10,5)->(9,4)")  # the King takes the Flame Pawn (R4.2.2, R4.4)
    assert names == ["capture"]


def test_a_hidden_enemy_move_makes_no_sound(make_window, qtbot):
    w = make_window(duel(), mode="hotseat")
    names = heard(w)
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)  # Black at the screen
    assert w.play("MV:K(10,5)->(10,6)") and w.play("END")
    assert names == ["move"]
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)  # White at the screen
    assert w.play("MV:AAA(7,5)->(6,5)")  # Black, in the room, never sees it (MV:? for Black)
    assert w.game.history("black") == ["MV:K(10,5)->(10,6)"] and \
        w.game.action_notes("black", w.game.ply - 1)[0].part == "MV:?"
    assert names == ["move"]  # nothing: a sound would tell Black a hidden piece moved
    assert w.play("END")
    qtbot.mouseClick(w.handoff.button, Qt.MouseButton.LeftButton)
    assert w.play("MV:K(10,6)->(10,7)")
    assert names == ["move", "move"]


def test_against_the_computer_its_hidden_move_is_silent_for_the_human(make_window):
    game = duel()
    game.apply("MV:K(10,5)->(10,6)")
    game.end_turn()
    game.apply("MV:AAA(7,5)->(6,5)")  # the computer's (White's) hidden AAA (R10.1)
    w = make_window(game, mode="human_vs_computer", human="black")
    from wec.gui.play.sounds import listeners, sound_of_action
    assert listeners(w) == ["black"]
    assert sound_of_action(game, 2, listeners(w)) is None  # Black reads "MV:?"
    assert sound_of_action(game, 2, [None]) == "move"  # the true game would have told


def test_the_mute_is_kept(make_window):
    w = make_window(mode="hotseat", **OFF)
    names = heard(w)
    w.actions_by_name["sounds"].trigger()  # View > Sounds off
    assert w.sounds.muted and not w.actions_by_name["sounds"].isChecked()
    assert w.play("MV:RP(9,1)->(8,2)")
    assert names == []
    again = make_window(mode="hotseat", **OFF)  # the next start keeps it
    assert again.sounds.muted and not again.actions_by_name["sounds"].isChecked()
    again.actions_by_name["sounds"].trigger()
    assert make_window(mode="hotseat").sounds.muted is False


def test_offscreen_the_player_is_silent_and_says_nothing(qapp, capfd, qtlog):
    player = SoundPlayer()
    player.play("move")
    assert not player.available()
    out, err = capfd.readouterr()
    assert out == "" and err == ""
    # and where QtMultimedia is looked at (a desktop) without an audio output: none, silently
    # (here: no output device, or no QtMultimedia at all)
    assert load_effects() == {}
    out, err = capfd.readouterr()
    assert out == "" and err == "" and not qtlog.records  # nor a Qt warning


def test_the_wavs_are_the_scripts_and_small(tmp_path: Path):
    """The committed WAVs are what sound_synth.py makes (sample by sample, within one step of
    rounding), each under 30 KB, and shipped as package data."""
    made = {p.name: p for p in sound_synth.write(tmp_path)}
    assert set(made) == {f"{name}.wav" for name in sound_synth.SOUNDS}
    for name, fresh in made.items():
        kept = sound_synth.AUDIO_DIR / name
        assert kept.stat().st_size < 30_000
        with wave.open(str(kept)) as a, wave.open(str(fresh)) as b:
            assert a.getparams() == b.getparams()
            x, y = a.readframes(a.getnframes()), b.readframes(b.getnframes())
        xs = memoryview(x).cast("h")
        ys = memoryview(y).cast("h")
        assert len(xs) == len(ys) and max(abs(p - q) for p, q in zip(xs, ys)) <= 1
    pyproject = (Path(__file__).parents[3] / "pyproject.toml").read_text()
    assert '"audio/*.wav"' in pyproject
