"""Bad input and reliability: loaders that refuse every bad file cleanly, saves the user can
trust, the AI's controls, the terminal game's answers and `wec validate` — each test reproduces
a defect once found. The bad-input corpus over every loader is in test_bad_input_corpus.py; the
app's side in tests/gui/play/test_bad_files.py."""
from __future__ import annotations

import io
import json
import os
import stat
import time
from pathlib import Path
from typing import Any, Callable

import pytest

import wec
from wec.tools.signature import signature_position
from builders import finishes
from wec import cli
from wec.ai import AI
from wec.game.position import position_problems
from wec.files import autosave, save
from wec.game import atomicfile, savefile

POS: dict[str, Any] = {"format": "wec-position", "version": 1, "to_move": "white", "turn": 1,
                       "pieces": [{"type": "K", "color": "white", "square": [5, 5], "level": "G"},
                                  {"type": "K", "color": "black", "square": [5, 7], "level": "G"},
                                  {"type": "RP", "color": "black", "square": [9, 9],
                                   "level": "G"}]}


def with_piece(**fields: Any) -> dict[str, Any]:
    pos = json.loads(json.dumps(POS))
    pos["pieces"][0].update(fields)
    return pos


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "",
            monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str]:
    mp = monkeypatch or pytest.MonkeyPatch()
    mp.setattr("sys.stdin", io.StringIO(stdin))
    try:
        code = finishes(lambda: cli.main(argv))
    finally:
        if monkeypatch is None:
            mp.undo()
    out = capsys.readouterr()
    return code, out.out + out.err


def one_line(e: BaseException) -> str:
    text = str(e)
    assert "\n" not in text and len(text) < 400, text[:500]
    return text


# --- loaders that refuse every bad file cleanly  ---------------------------------

def test_item4_hits_given_as_a_list_is_a_position_error_naming_the_field(tmp_path):
    pos = with_piece(hits=["FL"])
    with pytest.raises(wec.PositionError, match=r"pieces\[0\]\.hits"):
        wec.Game.from_position(pos)
    save = {"format": "wec-save", "version": 1, "options": wec.Options().to_dict(),
            "initial": pos, "actions": [], "turns": [], "final": ""}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(save))
    with pytest.raises(wec.SaveFormatError, match=r"initial: pieces\[0\]\.hits"):
        wec.Game.load(path)
    assert any("pieces[0].hits" in p for p in position_problems(pos))
    for bad in (0, "", "FL", True):
        with pytest.raises(wec.PositionError, match=r"pieces\[0\]\.hits"):
            wec.Game.from_position(with_piece(hits=bad))


def test_item5_an_integer_of_5000_digits_is_refused_in_one_short_line(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps(POS).replace('"turn": 1', '"turn": ' + "9" * 5000))
    with pytest.raises(wec.PositionError) as e:
        wec.Game.from_position(path)
    assert "5000 digits" in one_line(e.value)
    with pytest.raises(wec.PositionError) as e:  # the same number given in a dict
        wec.Game.from_position({**POS, "turn": 10 ** 5000})
    assert "turn" in one_line(e.value)
    assert all(len(p) < 300 for p in position_problems({**POS, "turn": 10 ** 5000}))


def test_item6_json_nested_1000_deep_is_refused_not_a_recursion_error(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * 1000 + "]" * 1000)
    for load in (wec.Game.from_position, wec.Game.load):
        with pytest.raises(wec.WecError) as e:
            load(path)
        assert "nested deeper" in one_line(e.value)
    code, out = run_cli(["validate", str(path)], capsys)
    assert code == 1 and "nested deeper" in out and "Traceback" not in out
    deep: Any = []
    for _ in range(900):  # a dict built in Python, nested just under the recursion limit
        deep = [deep]
    with pytest.raises(wec.PositionError) as e:
        wec.Game.from_position({**POS, "turn": deep})
    one_line(e.value)


def test_item7_validate_runs_the_engines_own_load_checks(tmp_path, capsys):
    squares = [[r, c] for r in range(1, 11) for c in range(1, 11)]
    many_reserves = {**POS, "reserves": [{"type": "SU", "color": "white", "square": s}
                                         for s in squares] * 2}
    many_projectiles = {**POS, "projectiles": [
        {"type": "RL", "square": s, "level": "G", "direction": [1, 0], "strength": 1,
         "owner": "white"} for s in squares] * 3}
    self_lock = {**POS, "pieces": [*POS["pieces"], {"type": "SHP", "color": "white",
                                                    "square": [3, 3], "level": "G",
                                                    "locks": [3]}]}  # an Anti-Stealth on itself
    for pos in (many_reserves, many_projectiles, self_lock):
        with pytest.raises(wec.PositionError):
            wec.Game.from_position(pos)
        assert position_problems(pos), pos
        path = tmp_path / "p.json"
        path.write_text(json.dumps(pos))
        code, out = run_cli(["validate", str(path)], capsys)
        assert code == 1 and "a valid position file" not in out


def test_item8_fifo_and_devices_are_refused_at_once_and_big_files_by_size(tmp_path, capsys):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for bad in (fifo, Path("/dev/zero")):
        for load in (wec.Game.from_position, wec.Game.load, savefile.read_save_file):
            with pytest.raises(wec.WecError, match="not a regular file"):
                finishes(lambda: load(bad), 20)
        code, out = run_cli(["validate", str(bad)], capsys)
        assert code == 1 and "not a regular file" in out
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:  # sparse: 65 MB that take no disk
        f.truncate(65 * 1024 * 1024)
    with pytest.raises(wec.SaveFormatError, match="64 MB"):
        wec.Game.load(huge)
    folder = tmp_path / "autosave.json"  # a FIFO named like the autosave does not block a start
    os.rename(fifo, folder)
    found = finishes(lambda: save.autosave_at_start(folder), 20)
    assert found.problem and found.kept_as and not folder.exists()


def test_item9_a_10_mb_value_is_cut_in_the_message():
    huge = "x" * 10_000_000
    cases = [{**POS, "to_move": huge}, with_piece(type=huge), {**POS, "options": {huge: 1}},
             {**POS, "options": {"movement": huge}}, {**POS, huge: 1}]
    for pos in cases:
        with pytest.raises(wec.PositionError) as e:
            wec.Game.from_position(pos)
        assert len(one_line(e.value)) < 300
        assert all(len(p) < 300 for p in position_problems(pos))
    with pytest.raises(wec.OptionsError) as e:
        wec.Options.from_dict({"movement": huge})
    assert len(one_line(e.value)) < 300


def test_item10_non_paths_are_refused_with_a_wec_error_and_ai_arguments_at_construction(
        monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(POS)))
    for bad in (None, 3.5, 0, True, b"\x00", ["a.json"]):
        with pytest.raises(wec.SaveFormatError, match="expected a file path"):
            wec.Game.load(bad)  # type: ignore[arg-type]
    assert json.loads(os.sys.stdin.read()) == POS  # Game.load(0) did not read stdin
    for bad_args in ({"seconds": "1"}, {"seconds": -1.0}, {"seconds": float("nan")},
                     {"nodes": "9"}, {"level": 9}, {"samples": 0}):
        with pytest.raises(wec.OptionsError):
            AI(**bad_args)  # type: ignore[arg-type]
    with pytest.raises(wec.OptionsError):
        AI().choose_action(wec.Game.new(), seconds="1")  # type: ignore[arg-type]


# --- saves the user can trust  ---------------------------------------------------

def test_item12_a_corrupt_autosave_at_terminal_start_is_kept_aside_and_told(tmp_path, capsys):
    autosave = tmp_path / "autosave.json"
    autosave.write_text('{"format": "wec-save", "version": 1, "acti')
    code, out = run_cli(["play", "--text", "--autosave", str(autosave)], capsys, "quit\n")
    assert code == 0 and "could not be read" in out
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("autosave-unreadable-")]
    assert len(kept) == 1 and kept[0].read_text().endswith('"acti')
    assert str(kept[0]) in out
    assert wec.Game.load(autosave).ply == 0  # the new game autosaves beside it


def test_item13_stale_temporary_files_of_killed_saves_are_removed_on_the_next_save(tmp_path):
    dead = tmp_path / ".wec-999999999-abcd.tmp"  # a process id that cannot exist
    old = tmp_path / ".wec-old.tmp"  # the old naming, older than a minute
    alive = tmp_path / f".wec-{os.getppid()}-abcd.tmp"  # a live process's save in progress
    for p in (dead, old, alive):
        p.write_text("partial")
    os.utime(old, (time.time() - 120,) * 2)
    other = tmp_path / "notes.tmp"
    other.write_text("mine")
    atomicfile.write_atomically(tmp_path / "game.json", "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [alive.name, other.name, "game.json"])


def test_item14_a_second_program_does_not_autosave_over_the_first(tmp_path, capsys):
    autosave = tmp_path / "autosave.json"
    first = save.AutosaveLock(autosave)
    assert first.acquire()
    try:
        assert not save.AutosaveLock(autosave).acquire()
        code, out = run_cli(["play", "--text", "--autosave", str(autosave)], capsys,
                            "MV:RP(9,1)->(8,2)\nquit\n")
        assert code == 0 and "another WEC game is autosaving" in out
        assert not autosave.exists()
    finally:
        first.release()
    assert save.AutosaveLock(autosave).acquire()  # released: the next program may autosave


def test_saves_are_the_owners_alone_new_or_replaced(tmp_path):
    # a save holds every hidden piece in clear (R10.6): the machine's other users may not read
    # it, whatever the umask, and a file that was readable by others is made private
    old = os.umask(0o022)
    try:
        path = tmp_path / "game.json"
        wec.Game.new().save(path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        path.chmod(0o644)
        wec.Game.new().save(path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    finally:
        os.umask(old)


def test_autosave_failure_is_told_once_through_on_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    told: list[str] = []
    g = wec.Game.new()
    autosave.start(g, blocker / "autosave.json", on_error=told.append)
    g.apply("MV:RP(9,1)->(8,2)")
    g.end_turn()
    assert len(told) == 1 and "autosave" in told[0]


# --- the AI's controls  ----------------------------------------------------------

def test_item16_seconds_0_means_as_fast_as_possible_not_no_deadline():
    g = wec.Game.new()
    action = finishes(lambda: AI(level=5).choose_action(g, seconds=0), 60)
    assert action in g.legal_actions()
    turn = finishes(lambda: AI(level=5, seconds=0).choose_turn(g), 60)
    assert turn[-1].kind == "end"


def test_item17_a_stop_after_a_decision_ended_does_not_cut_the_next_one_short():
    g = wec.Game.new()
    budget = {"level": 4, "seconds": None, "nodes": 40_000}
    fresh = AI(**budget)
    fresh.choose_action(g)
    ai = AI(**budget)
    ai.choose_action(signature_position("midgame_40"))
    ai.stop()  # late: that decision has ended
    ai.choose_action(g)
    assert ai.last_nodes == fresh.last_nodes > 1000


# --- the terminal game and wec validate  ---------------------------------------

def test_a_mistyped_answer_asks_again_and_only_new_replaces_the_game(tmp_path,
                                                                                   capsys):
    autosave = tmp_path / "autosave.json"
    run_cli(["play", "--text", "--new", "--autosave", str(autosave)], capsys,
            "MV:RP(9,1)->(8,2)\nquit\n")
    assert wec.Game.load(autosave).ply == 1
    code, out = run_cli(["play", "--text", "--autosave", str(autosave)], capsys,
                        "continu\nhelp\nn\n")  # then the input ends
    assert out.count("Continue it?") == 4 and "1 action," in out
    files = [p for p in tmp_path.iterdir() if not p.name.endswith(".journal")]
    assert wec.Game.load(autosave).ply == 1 and len(files) == 2
    code, out = run_cli(["play", "--text", "--autosave", str(autosave)], capsys, "new\nquit\n")
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("autosave-unfinished-")
            and p.suffix == ".json"]
    assert len(kept) == 1 and wec.Game.load(kept[0]).ply == 1 and str(kept[0]) in out
    assert wec.Game.load(autosave).ply == 0


def test_validate_lists_every_problem_warns_and_names_plain_errors(tmp_path,
                                                                                capsys):
    pos = {**POS, "turn": 0, "quiet": -1}
    pos["pieces"] = [*POS["pieces"], {"type": "ZZ", "color": "white", "square": [1, 1],
                                      "level": "G"},
                     {"type": "RP", "color": "white", "square": [11, 1], "level": "G"}]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(pos))
    code, out = run_cli(["validate", str(path)], capsys)
    assert code == 1
    for field in ("turn:", "quiet:", "pieces[3].type", "pieces[4].square"):
        assert field in out, field
    no_white_primary = {**POS, "pieces": POS["pieces"][1:]}
    path.write_text(json.dumps(no_white_primary))
    code, out = run_cli(["validate", str(path)], capsys)
    assert code == 0 and "a valid position file" in out
    assert "warning: white has no primary government piece" in out
    code, out = run_cli(["validate", str(tmp_path / "nonexistent.json")], capsys)
    assert code == 1 and out.strip() == f"{tmp_path / 'nonexistent.json'}: no such file"
    code, out = run_cli(["play", "--text", "--load", str(path), "--autosave",
                         str(tmp_path / "a.json")], capsys)
    assert code == 2 and "this is a position: use --position" in out
