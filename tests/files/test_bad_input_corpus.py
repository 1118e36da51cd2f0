"""The bad-input corpus : every kind of bad input the fault-injection pass
used, through every loader and the command line. Only the documented errors (wec.WecError
subclasses) escape, each on one short line; the command line never prints a traceback. Kept to a
few seconds: it runs in every CI."""
from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any, Callable

import pytest

import wec
from builders import finishes
from wec import cli
from wec.game.options import Options
from wec.game.position import load_position_file, parse_position, position_problems
from wec.files.save import game_from_save, save_problems
from wec.game.savefile import read_save_file

GOOD_POSITION: dict[str, Any] = {
    "format": "wec-position", "version": 1, "to_move": "black", "turn": 3, "moved": False,
    "options": {"flame_range": 3}, "quiet": 0, "result": None,
    "pieces": [
        {"type": "K", "color": "white", "square": [1, 5], "level": "G"},
        {"type": "K", "color": "black", "square": [10, 5], "level": "G"},
        {"type": "TA", "color": "black", "square": [9, 1], "level": "G", "hand": "left",
         "articles": ["FL"], "stun": 0, "cooldowns": {"FL": 1}, "hits": {}, "locks": [],
         "fired": False, "acted": False, "mover": False, "home": False, "revealed": 0,
         "held": False, "article_cooldowns": [1]},
        {"type": "SHP", "color": "white", "square": [3, 4], "level": "G", "locks": [None]}],
    "articles": [{"type": "SH", "square": [5, 5], "cooldown": 0}],
    "reserves": [{"type": "SU", "color": "white", "square": [2, 2], "hand": None,
                  "armed": False, "entered": False}],
    "projectiles": [{"type": "RL", "square": [6, 6], "level": "G", "direction": [1, 0],
                     "target": None, "strength": 1, "owner": "white"}],
    "turn_state": {"fires": 0, "pickup": False, "drop": False, "exchange": False,
                   "reinforce": False, "violent": False}}

BIG = "x" * 2_000_000
DEEP: Any = []
for _ in range(900):
    DEEP = [DEEP]
BAD_VALUES: list[Any] = [None, True, -1, 10 ** 5000, -(10 ** 5000), 1.5, float("inf"), "",
                         BIG, [], ["x"], [1, 2, 3], {}, {"x": 1}, DEEP, [[1, 2]]]
"""Values put in place of each field: wrong types, lists where objects are expected and the
other way round, huge integers, a 2 MB string, nesting just under the recursion limit."""


def field_paths(pos: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every field of the good position: top-level keys, and each key of the first entry of
    each list and of turn_state."""
    paths: list[tuple[Any, ...]] = [(k,) for k in pos]
    for key in ("pieces", "articles", "reserves", "projectiles"):
        paths += [(key, 0), *((key, 0, k) for k in pos[key][0])]
    paths += [("pieces", 2, k) for k in pos["pieces"][2]]
    paths += [("turn_state", k) for k in pos["turn_state"]] + [("options", "flame_range")]
    return paths


def replaced(pos: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(pos))
    here = out
    for step in path[:-1]:
        here = here[step]
    here[path[-1]] = value
    return out


def mutants() -> list[tuple[str, Any]]:
    cases: list[tuple[str, Any]] = []
    for path in field_paths(GOOD_POSITION):
        for i, value in enumerate(BAD_VALUES):
            cases.append((f"{'.'.join(map(str, path))}={i}", replaced(GOOD_POSITION, path, value)))
    for value in (None, [], "x", 3, [GOOD_POSITION], BIG, DEEP):  # wrong top-level types
        cases.append((f"top={type(value).__name__}", value))
    cases.append(("unknown key", {**GOOD_POSITION, BIG: 1}))
    return cases


MUTANTS = mutants()


def assert_one_line(e: BaseException) -> None:
    text = str(e)
    assert text and "\n" not in text and len(text) < 400, text[:500]


def only_documented(fn: Callable[[], Any]) -> None:
    try:
        fn()
    except wec.WecError as e:
        assert_one_line(e)


def test_the_good_position_loads():
    assert wec.Game.from_position(GOOD_POSITION).check() == []
    assert position_problems(GOOD_POSITION) == []


def test_every_position_loader_refuses_every_mutant_in_one_line():
    for name, pos in MUTANTS:
        for fn in (lambda: wec.Game.from_position(pos), lambda: parse_position(pos)):
            try:
                fn()
            except wec.PositionError as e:
                assert_one_line(e)
            except Exception as e:  # noqa: BLE001 - the failure names the case
                pytest.fail(f"{name}: {type(e).__name__}: {str(e)[:200]}")
        problems = position_problems(pos)
        assert all("\n" not in p and len(p) < 400 for p in problems), name


def test_every_mutant_in_a_save_is_a_save_format_error():
    good = json.loads(json.dumps(wec.game.savefile.save_data(wec.Game.from_position(GOOD_POSITION))))
    for name, pos in MUTANTS[::3]:  # a third of them: the save wraps the same position checks
        data = {**good, "initial": pos}
        try:
            game_from_save(data)
        except wec.SaveFormatError as e:
            assert_one_line(e)
        assert all("\n" not in p and len(p) < 400 for p in save_problems(data)), name
    for key in good:
        for value in BAD_VALUES:
            only_documented(lambda: game_from_save({**good, key: value}))
            only_documented(lambda: save_problems({**good, key: value}))
    for value in (None, [], "x", 3, BIG, DEEP):
        with pytest.raises(wec.SaveFormatError):
            game_from_save(value)
    actions = {**good, "actions": [BIG], "turns": [], "final": ""}
    with pytest.raises(wec.SaveFormatError) as e:
        game_from_save(actions)
    assert_one_line(e.value)


def test_options_parsing_refuses_every_bad_value_in_one_line():
    names = [f.name for f in Options.__dataclass_fields__.values()]
    for name in names:
        for value in BAD_VALUES:
            only_documented(lambda: Options.from_dict({name: value}))
    for value in BAD_VALUES + [BIG, 3]:
        only_documented(lambda: Options.from_dict(value))
        only_documented(lambda: Options.from_dict({value: 1} if isinstance(value, str) else {}))


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One file (or non-file) of each kind."""
    d = tmp_path_factory.mktemp("bad")
    files: dict[str, Path] = {}

    def write(name: str, data: bytes | str) -> None:
        p = d / name
        p.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        files[name] = p
    write("empty.json", "")
    write("garbage.json", b"\x00\xff\xfe binary \x80")
    write("latin1.json", '{"format": "wec-position", "to_move": "n\xe9"}'.encode("latin-1"))
    write("truncated.json", json.dumps(GOOD_POSITION)[:200])
    write("deep.json", "[" * 1000 + "]" * 1000)
    write("deep_object.json", '{"a":' * 1000 + "1" + "}" * 1000)
    write("huge_int.json", json.dumps(GOOD_POSITION).replace('"turn": 3', '"turn": ' + "9" * 5000))
    write("huge_string.json", json.dumps({**GOOD_POSITION, "to_move": "y" * 10_000_000}))
    write("nan.json", json.dumps(GOOD_POSITION).replace('"quiet": 0', '"quiet": NaN'))
    write("list.json", "[1, 2, 3]")
    write("string.json", '"wec-position"')
    write("null.json", "null")
    write("hits_list.json", json.dumps(replaced(GOOD_POSITION, ("pieces", 2, "hits"), ["FL"])))
    write("bom.json", "\ufeff" + json.dumps(GOOD_POSITION))
    write("position.json", json.dumps(GOOD_POSITION))
    save = wec.game.savefile.save_data(wec.Game.from_position(GOOD_POSITION))
    write("save.json", json.dumps(save))
    write("save_deep_action.json", json.dumps({**save, "actions": [DEEP]}))
    write("save_list.json", json.dumps([save]))
    files["missing.json"] = d / "missing.json"
    files["folder"] = d
    os.mkfifo(d / "fifo.json")
    files["fifo.json"] = d / "fifo.json"
    files["/dev/zero"] = Path("/dev/zero")
    files["/dev/null"] = Path("/dev/null")
    sparse = d / "huge.json"
    with open(sparse, "wb") as f:
        f.truncate(65 * 1024 * 1024)
    files["huge.json"] = sparse
    return files


def guarded(fn: Callable[[], Any]) -> Any:
    """fn() in a thread, failing if it has not returned in 20 s (a hang guard)."""
    return finishes(fn, 20.0)


def test_every_file_loader_refuses_every_bad_file_in_one_line(bad_files):
    loaders = {"Game.from_position": wec.Game.from_position, "Game.load": wec.Game.load,
               "load_position_file": load_position_file, "read_save_file": read_save_file}
    for name, path in bad_files.items():
        for loader_name, load in loaders.items():
            for arg in (path, str(path)):
                try:
                    guarded(lambda: load(arg))
                except wec.WecError as e:
                    assert_one_line(e)
                except Exception as e:  # noqa: BLE001 - the failure names the case
                    pytest.fail(f"{loader_name}({name}): {type(e).__name__}: {str(e)[:200]}")
    for bad in (None, 3.5, 0, -1, True, b"", ["x"], {}, object()):
        for load in (wec.Game.load, read_save_file, load_position_file):
            with pytest.raises(wec.WecError):
                load(bad)  # type: ignore[arg-type]
    for bad in (None, 3.5, 0, True, ["x"], object()):
        with pytest.raises(wec.PositionError):
            wec.Game.from_position(bad)  # type: ignore[arg-type]


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str],
            monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    stdin = io.StringIO("")
    stdin.close()  # stdin closed: a prompt must not hang nor crash
    monkeypatch.setattr("sys.stdin", stdin)
    code = guarded(lambda: cli.main(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


def test_the_command_line_says_one_line_for_every_bad_file(bad_files, capsys, monkeypatch,
                                                           tmp_path):
    monkeypatch.setenv("WEC_DATA_DIR", str(tmp_path / "data"))
    for name, path in bad_files.items():
        commands = [["validate", str(path)], ["show", "--position", str(path)],
                    ["play", "--text", "--position", str(path)],
                    ["play", "--text", "--load", str(path)]]
        for argv in commands:
            try:
                code, out = run_cli(argv, capsys, monkeypatch)
            except (Exception, SystemExit) as e:  # noqa: BLE001 - the failure names the case
                pytest.fail(f"wec {' '.join(argv)}: {type(e).__name__}: {str(e)[:200]}")
            assert "Traceback" not in out, (argv, out[:500])
            if code != 0:
                assert code in (1, 2), (argv, code)
                long_lines = [line for line in out.splitlines() if len(line) > 400]
                assert not long_lines, (argv, long_lines[0][:300])
    for good, flag, other in (("position.json", "--load", "--position"),
                              ("save.json", "--position", "--load")):
        code, out = run_cli(["play", "--text", flag, str(bad_files[good])], capsys, monkeypatch)
        assert code == 2 and f"use {other}" in out


def test_the_command_line_without_traceback_in_a_real_process(bad_files, tmp_path):
    """One real `wec` process per command (the others run in this process): stdin closed, the
    output has no traceback."""
    import subprocess
    import sys
    env = {**os.environ, "WEC_DATA_DIR": str(tmp_path / "data")}
    for argv in (["validate", str(bad_files["deep.json"])],
                 ["play", "--text", "--position", str(bad_files["fifo.json"])]):
        done = subprocess.run([sys.executable, "-m", "wec.cli", *argv], stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=60, env=env)
        assert done.returncode in (1, 2) and "Traceback" not in done.stdout + done.stderr
        assert len((done.stdout + done.stderr).strip().splitlines()) == 1
