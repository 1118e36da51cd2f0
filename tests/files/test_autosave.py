"""Autosave at O(1) per action: a save file plus a journal (wec/files/autosave.py)."""
from __future__ import annotations

import json
import os
import random
import shutil
import warnings

import pytest

import wec
from wec.files.autosave import MIN_LINES, flush, journal_path, start


def play(g: wec.Game, n: int, seed: int = 5) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if g.result is not None:
            return
        acts = g.legal_actions()
        ends = [a for a in acts if a.kind == "end"]
        g.apply(ends[0] if ends and rng.random() < 0.4 else rng.choice(acts))


def test_each_action_is_one_journal_line_and_the_save_file_waits(tmp_path):
    path = tmp_path / "auto.json"
    g = wec.Game.new()
    start(g, path)
    before = path.read_text()
    play(g, 10)
    assert path.read_text() == before  # not rewritten per action
    lines = open(journal_path(path)).read().splitlines()
    assert len(lines) == 1 + 10 and json.loads(lines[0])["base"] == 0
    assert wec.Game.load(path).actions() == g.actions()


def test_undo_goto_and_variations_reach_the_file(tmp_path):
    path = tmp_path / "auto.json"
    g = wec.Game.new()
    start(g, path)
    play(g, 12)
    g.undo()
    g.undo()
    assert wec.Game.load(path).actions() == g.actions()
    g.goto(3)
    assert wec.Game.load(path).actions() == g.actions()
    g.goto(9)
    play(g, 3, seed=9)  # a new line: the old one becomes a variation
    assert wec.Game.load(path).actions() == g.actions()
    g.enter_variation(0)
    assert wec.Game.load(path).actions() == g.actions()


def test_the_journal_is_folded_into_the_save_as_it_grows(tmp_path):
    path = tmp_path / "auto.json"
    g = wec.Game.new()
    start(g, path)
    play(g, 3 * MIN_LINES)
    g.recorder.join()
    lines = open(journal_path(path)).read().splitlines()
    assert len(lines) <= MIN_LINES + 1
    assert json.loads(lines[0])["base"] == len(json.loads(path.read_text())["actions"]) > 0
    assert wec.Game.load(path).actions() == g.actions()
    flush(g)
    assert json.loads(path.read_text())["actions"] == g.actions()


def test_a_torn_last_line_is_ignored_with_a_warning(tmp_path):
    path = tmp_path / "auto.json"
    g = wec.Game.new()
    start(g, path)
    play(g, 6)
    jp = journal_path(path)
    text = open(jp).read()
    open(jp, "w").write(text[:-7])  # killed while writing the last line
    with pytest.warns(RuntimeWarning, match="line 7 is torn"):
        loaded = wec.Game.load(path)
    assert loaded.actions() == g.actions()[:5]


def test_a_fold_interrupted_after_the_save_was_written_loses_nothing(tmp_path):
    """The new save file is in place, its journal still named .journal.next: it is read."""
    path = tmp_path / "auto.json"
    g = wec.Game.new()
    start(g, path)
    play(g, MIN_LINES - 2)
    g.recorder.join()
    stale = open(journal_path(path)).read()
    play(g, 4, seed=7)  # a fold starts; copy its files before the rename
    g.recorder.join()
    shutil.copyfile(journal_path(path), journal_path(path) + ".next")
    open(journal_path(path), "w").write(stale)  # the older save's journal, as before the rename
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert wec.Game.load(path).actions() == g.actions()


def test_actions_played_while_a_fold_is_written_reach_both_journals(tmp_path, monkeypatch):
    """The game's thread only gathers the fold's content; while the writer thread makes its
    text, later actions go to the old journal (a kill then loses nothing) and to the new one."""
    import threading

    from wec.files.autosave import Autosave
    gate = threading.Event()
    fold = Autosave._fold

    def held_fold(self, data):
        gate.wait(10)
        fold(self, data)
    path = tmp_path / "auto.json"
    g = wec.Game.new()
    start(g, path)
    monkeypatch.setattr(Autosave, "_fold", held_fold)
    play(g, MIN_LINES + 1)  # the fold starts, and waits at the gate
    assert g.recorder._writer is not None and g.recorder._writer.is_alive()
    base = len(g.actions()) - 1
    play(g, 4, seed=8)
    assert wec.Game.load(path).actions() == g.actions()  # killed now: the old save and journal
    gate.set()
    g.recorder.join()
    lines = open(journal_path(path)).read().splitlines()
    assert json.loads(lines[0])["base"] == len(json.loads(path.read_text())["actions"]) >= base
    assert len(lines) == 1 + len(g.actions()) - json.loads(lines[0])["base"]
    assert wec.Game.load(path).actions() == g.actions()


def test_a_journal_of_another_save_is_not_applied(tmp_path):
    path = tmp_path / "auto.json"
    g = wec.Game.new()
    start(g, path)
    play(g, 5)
    other = tmp_path / "other.json"
    g.save(other)
    shutil.copyfile(journal_path(path), journal_path(other))
    assert wec.Game.load(other).actions() == g.actions()  # its header names auto.json
    h = wec.Game.new()
    play(h, 1, seed=2)
    h.save(other)
    assert wec.Game.load(other).actions() == h.actions()


def test_a_failed_autosave_is_told_once_and_the_game_goes_on(tmp_path):
    folder = tmp_path / "gone"
    folder.mkdir()
    path = folder / "auto.json"
    told: list[str] = []
    g = wec.Game.new()
    start(g, path, on_error=told.append)
    shutil.rmtree(folder)
    open(tmp_path / "gone", "w").close()  # the folder is now a file: every write fails
    play(g, 4)
    assert g.ply == 4 and len(told) == 1 and "autosave is off" in told[0]


def test_a_clone_does_not_autosave(tmp_path):
    path = tmp_path / "auto.json"
    g = wec.Game.new()
    start(g, path)
    play(g, 3)
    c = g.clone()
    play(c, 5, seed=11)
    assert wec.Game.load(path).actions() == g.actions()
    assert os.path.getsize(journal_path(path)) > 0
