"""Bad files, the app's side: a corrupt autosave at start, a FIFO named autosave.json, deep JSON
in File > Load, two windows on one data folder, and a failing autosave told once."""
from __future__ import annotations

import os
import threading

import pytest

import wec

pytestmark = pytest.mark.gui

OFF = {"options": {"invisible_pieces": False}}


def test_item12_a_corrupt_autosave_is_kept_aside_told_and_never_continued(make_window,
                                                                         private_files):
    autosave = private_files / "autosave.json"
    autosave.write_text('{"format": "wec-save", "version": 1, "initial": {"form')
    w = make_window(mode="hotseat", **OFF)
    kept = [p for p in private_files.iterdir() if p.name.startswith("autosave-unreadable-")]
    assert len(kept) == 1 and kept[0].read_text().endswith('"form')
    assert "could not be read" in w.last_error and kept[0].name in w.last_error
    assert w.game.ply == 0 and wec.Game.load(autosave).ply == 0
    w.actions_by_name["continue"].trigger()  # the autosave now holds the new game: not a crash
    assert "no autosaved game" in w.last_error


def test_item8_a_fifo_named_autosave_does_not_block_the_start(make_window, private_files):
    os.mkfifo(private_files / "autosave.json")
    made: list = []
    # the window is made in this thread (Qt); a hang would show as a test timeout, so first
    # check the start-up look at the file returns at once in another thread
    from wec.files.save import autosave_at_start
    t = threading.Thread(target=lambda: made.append(autosave_at_start(
        private_files / "autosave.json")), daemon=True)
    t.start()
    t.join(20)
    assert made and made[0].problem and "FIFO" in made[0].problem
    w = make_window(mode="hotseat", **OFF)
    assert w.game.ply == 0 and (private_files / "autosave.json").is_file()


def test_item6_file_load_of_json_nested_1000_deep_shows_an_error(make_window, tmp_path):
    w = make_window(mode="hotseat", **OFF)
    kept = w.game
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    assert not w.files.load_file(str(deep))
    assert w.game is kept and "nested deeper" in w.last_error


def test_item14_a_second_window_does_not_autosave_over_the_first(make_window, private_files):
    first = make_window(mode="hotseat", **OFF)
    first.play("MV:RP(9,1)->(8,2)")
    second = make_window(mode="hotseat", **OFF)
    assert "another WEC window" in second.last_error and second.files.autosave_path is None
    second.play("MV:RP(9,2)->(8,3)")
    assert wec.Game.load(private_files / "autosave.json").actions() == ["MV:RP(9,1)->(8,2)"]
    first.close()  # the first window closes: a later window autosaves again
    third = make_window(mode="hotseat", **OFF)
    assert third.files.autosave_path is not None


def test_item11_a_failing_autosave_is_said_once(make_window, tmp_path, monkeypatch):
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("")
    monkeypatch.setenv("WEC_DATA_DIR", str(blocker / "data"))
    w = make_window(mode="hotseat", **OFF)
    assert w.last_message.startswith("Autosave is off")
    said = []
    w.say = said.append  # type: ignore[method-assign]
    w.play("MV:RP(9,1)->(8,2)")
    assert not any("Autosave" in s for s in said)
