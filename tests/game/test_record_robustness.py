"""Robustness of game records: save files, turn strings (RULES.md R12.2) and action texts.

FORMATS.md "Saved games": loading replays the actions from the initial position with legality
checks; any problem is a SaveFormatError naming the field or the ply, and nothing else escapes.
Files are written atomically (temp file in the same folder, flush, fsync, os.replace).

1. Fuzzing (hypothesis): mutated save data and files, random and mutated turn strings, random and
   mutated action texts.
2. Loading a corrupt file never changes the game in hand.
3. A save that fails half way keeps the previous file and leaves no temporary file.
4. A process killed with SIGKILL leaves an autosave that loads and holds a prefix of its actions.
5. Round trips over random games: turn strings, positions, saves.
"""
from __future__ import annotations

import collections
import copy
import errno
import functools
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wec
import wec.game.notation
import wec.files.save
import wec.game.savefile
from wec.game.notation import NotationError, parse_turn

ROOT = Path(__file__).resolve().parents[2]
MOVEMENTS = ("weapon_chess", "standard_chess", "mass_destruction")
FUZZ = settings(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


# --- helpers -------------------------------------------------------------------------------------

def pick(game: wec.Game, rng: random.Random) -> wec.Action | None:
    """A random legal action, its kind chosen first so that rare kinds (pickup, drop, exchange,
    reinforce, doze) come up often."""
    actions = game.legal_actions()
    if not actions:
        return None
    by_kind: dict[str, list[wec.Action]] = collections.defaultdict(list)
    for a in actions:
        by_kind[a.kind].append(a)
    return rng.choice(by_kind[rng.choice(sorted(by_kind))])


def play(game: wec.Game, rng: random.Random, n: int) -> None:
    for _ in range(n):
        action = pick(game, rng)
        if action is None:
            return
        game.apply(action)


def state(game: wec.Game) -> tuple[dict, int, int]:
    return game.position(), game.hash, game.ply


def assert_save_error(exc: BaseException) -> None:
    assert isinstance(exc, wec.SaveFormatError), \
        f"expected SaveFormatError, got {type(exc).__name__}: {exc}"
    assert str(exc).strip(), "SaveFormatError with an empty message"


def names_ply(message: str, ply: int) -> bool:
    return re.search(rf"\bply {ply}\b", message) is not None


@functools.lru_cache(maxsize=None)
def base_record() -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """~40 random actions from the standard set-up: (save text, actions, positions before each
    action as JSON texts)."""
    game = wec.Game.new()
    rng = random.Random(20240601)
    positions = []
    for _ in range(40):
        action = pick(game, rng)
        assert action is not None
        positions.append(json.dumps(game.position()))
        game.apply(action)
    positions.append(json.dumps(game.position()))
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "base.json")
        game.save(path)
        text = Path(path).read_text(encoding="utf-8")
    return text, tuple(game.actions()), tuple(positions)


def base_data() -> dict[str, Any]:
    return json.loads(base_record()[0])


def fails_at_its_ply(index: int, text: Any) -> bool:
    """Whether replacing action `index` (0-based) by `text` makes the replay stop right there."""
    if not isinstance(text, str):
        return True
    positions = base_record()[2]
    game = wec.Game.from_position(json.loads(positions[index]))
    if text == "DRAW":
        return game.result is not None
    if text.startswith("RESIGN:"):
        return text[7:] not in ("black", "white", "") or game.result is not None
    try:
        return not game.is_legal(text)
    except Exception:  # a parser bug reported by its own test; the text is surely no action
        return True


@functools.lru_cache(maxsize=None)
def record_pool() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Turn strings (full and per side) and action texts (applied and legal) of random games."""
    turns: list[str] = []
    actions: list[str] = []
    for seed in range(4):
        pos = wec.Game.new(wec.Options(movement=MOVEMENTS[seed % 3])).position()
        if seed == 3:
            for r in pos["reserves"]:
                r["armed"] = True
        game = wec.Game.from_position(pos)
        rng = random.Random(1000 + seed)
        for i in range(120):
            if i % 15 == 0:
                actions.extend(str(a) for a in game.legal_actions())
            action = pick(game, rng)
            if action is None:
                break
            game.apply(action)
        turns += game.history() + game.history("black") + game.history("white")
        actions += game.actions()
    return tuple(dict.fromkeys(turns)), tuple(dict.fromkeys(actions))


# --- strategies ----------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=5)

GRAMMAR_CHARS = list("()<>^v,:-=?*/0123456789 BWX") + ["\u00b2", "\u0661", "\uff11", "\n", "\x00"]
EDIT_CHAR = st.sampled_from(GRAMMAR_CHARS) | st.characters(codec="utf-8") | \
    st.sampled_from([chr(c) for c in range(ord("A"), ord("Z") + 1)])

TOKENS = (["MV:", "MV:?", "DZ:", "FI:", "PU:", "DR:", "EX:", "RE:", "END", "->", "-TRA->", ",DO>",
           ",FI1:", ",FI2:", ",FI", ":", "/", "=>", "<=>", ",PU:", ",EX:", ",RE:", ",DR:", ",RS:",
           ",RESIGN", ",DRAW", "RESIGN", "DRAW", "RESIGN:black", "(", ")", ",", "^", "v", "<", ">",
           "*", "?", "@", "B", "W", "0", "1", "2", "3", "10", "11", "(1,1)", "(10,10)", "(0,3)",
           "(5,5)", "\u00b2", "\u0661", "1" * 5000]
          + list(wec.game.notation.TYPES) + list(wec.game.notation.ARTICLES)
          + list(wec.game.notation.RESULT_KINDS) + list(wec.game.notation.FIRE_ARTS))

RANDOM_TEXT = st.text(max_size=40) | st.lists(
    st.sampled_from(TOKENS) | st.text(max_size=2), max_size=25).map("".join)


@st.composite
def edited(draw: st.DrawFn, text: str) -> str:
    """`text` with 1-3 character edits: insert, delete, replace, duplicate a slice, cut the end,
    swap two slices."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(("insert", "insert_token", "delete", "replace", "dup", "cut",
                                   "swap", "odd_digit")))
        i = draw(st.integers(0, len(chars)))
        digits = [k for k, ch in enumerate(chars) if ch.isdigit()]
        if op == "odd_digit" and digits:
            # a digit written another way: Unicode digits, superscripts, an overlong number
            k = draw(st.sampled_from(digits))
            chars[k:k + 1] = list(draw(st.sampled_from(
                ["\u0661", "\uff11", "\u00b2", "\u00b9", "0" + chars[k], chars[k] * 4400])))
        elif op == "insert":
            chars.insert(i, draw(EDIT_CHAR))
        elif op == "insert_token":
            chars[i:i] = list(draw(st.sampled_from(TOKENS[:-1])))
        elif op == "delete" and chars:
            j = draw(st.integers(i, min(len(chars), i + 4)))
            del chars[max(0, min(i, len(chars) - 1)):max(j, i + 1)]
        elif op == "replace" and chars:
            chars[min(i, len(chars) - 1)] = draw(EDIT_CHAR)
        elif op == "dup":
            j = draw(st.integers(i, len(chars)))
            chars[i:i] = chars[i:j]
        elif op == "cut":
            chars = chars[:i]
        elif op == "swap" and len(chars) > 1:
            j = draw(st.integers(0, len(chars) - 1))
            chars[i:i + 2], chars[j:j + 2] = chars[j:j + 2], chars[i:i + 2]
    return "".join(chars)


@st.composite
def mutated_save(draw: st.DrawFn) -> tuple[dict[str, Any], int | None]:
    """Real save data with 1-2 random mutations; also the 1-based ply the error must name when
    the only mutation is one bad action (None when no ply is certain)."""
    data = base_data()
    actions = list(base_record()[1])
    n_mut = draw(st.integers(1, 2))
    bad_ply: int | None = None
    for _ in range(n_mut):
        op = draw(st.sampled_from((
            "delete_key", "replace_key", "extra_key", "version", "truncate", "edit_action",
            "edit_action", "edit_action", "action_value", "swap", "initial_piece",
            "initial_key", "options", "turns", "final")))
        keys = sorted(data) if isinstance(data, dict) else []
        if op == "delete_key" and keys:
            del data[draw(st.sampled_from(keys))]
        elif op == "replace_key" and keys:
            data[draw(st.sampled_from(keys))] = draw(JSON_VALUES)
        elif op == "extra_key":
            data[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif op == "version":
            data["version"] = draw(st.integers(-3, 3) | st.integers() | st.text(max_size=4)
                                   | st.none() | st.booleans() | st.floats(allow_nan=False)
                                   | st.just("1") | st.just(1.0))
        elif op == "truncate" and isinstance(data.get("actions"), list):
            data["actions"] = data["actions"][:draw(st.integers(0, len(data["actions"])))]
        elif op in ("edit_action", "action_value") and isinstance(data.get("actions"), list) \
                and data["actions"]:
            i = draw(st.integers(0, len(data["actions"]) - 1))
            old = data["actions"][i]
            if op == "edit_action" and isinstance(old, str):
                new: Any = draw(edited(old))
            else:
                new = draw(JSON_VALUES)
            data["actions"][i] = new
            if n_mut == 1 and data["actions"][:i] == actions[:i] and new != old:
                bad_ply = i + 1 if fails_at_its_ply(i, new) else None
        elif op == "swap" and isinstance(data.get("actions"), list) and len(data["actions"]) > 1:
            n = len(data["actions"])
            i = draw(st.integers(0, n - 2))
            j = draw(st.integers(i + 1, n - 1))
            acts = data["actions"]
            acts[i], acts[j] = acts[j], acts[i]
        elif op == "initial_piece" and isinstance(data.get("initial"), dict) \
                and isinstance(data["initial"].get("pieces"), list) and data["initial"]["pieces"]:
            pieces = data["initial"]["pieces"]
            k = draw(st.integers(0, len(pieces) - 1))
            if isinstance(pieces[k], dict):
                field = draw(st.sampled_from(sorted(pieces[k]) + ["bogus"]))
                if draw(st.booleans()):
                    pieces[k].pop(field, None)
                else:
                    pieces[k][field] = draw(JSON_VALUES | st.sampled_from(
                        ["K", "Q", "TA", "XP", "white", "black", "A", "S", "G", "left", [0, 5],
                         [10, 10], [11, 1], ["FL", "ST"], ["XXX", "FL", "ST"], 256, -1]))
        elif op == "initial_key" and isinstance(data.get("initial"), dict):
            init = data["initial"]
            key = draw(st.sampled_from(sorted(init) + ["bogus"]))
            if draw(st.booleans()):
                init.pop(key, None)
            else:
                init[key] = draw(JSON_VALUES)
        elif op == "options" and isinstance(data.get("options"), dict):
            opts = data["options"]
            key = draw(st.sampled_from(sorted(opts) + ["bogus"]))
            if draw(st.booleans()):
                opts.pop(key, None)
            else:
                opts[key] = draw(JSON_VALUES | st.sampled_from([0, 1, 9, 10, 99, 100, 256, -1,
                                                                 True, False, "stealth"]))
        elif op == "turns" and isinstance(data.get("turns"), list) and data["turns"]:
            turns = data["turns"]
            if draw(st.booleans()):
                k = draw(st.integers(0, len(turns) - 1))
                turns[k] = draw(edited(turns[k])) if isinstance(turns[k], str) \
                    else draw(JSON_VALUES)
            else:
                data["turns"] = turns[:draw(st.integers(0, len(turns)))]
        elif op == "final":
            data["final"] = draw(JSON_VALUES | st.just("sha256:" + "0" * 64))
    return data, bad_ply


@st.composite
def corrupt_file(draw: st.DrawFn) -> bytes:
    """Bytes of a save file: a mutated save, the real one truncated or with random byte edits,
    or random bytes."""
    text = base_record()[0]
    raw = text.encode("utf-8")
    kind = draw(st.sampled_from(("mutated", "truncated", "bytes", "random", "bom")))
    if kind == "mutated":
        data, _ = draw(mutated_save())
        return json.dumps(data, indent=draw(st.sampled_from((None, 1)))).encode("utf-8")
    if kind == "truncated":
        return raw[:draw(st.integers(0, len(raw) - 1))]
    if kind == "bytes":
        out = bytearray(raw)
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(out) - 1))
            if draw(st.booleans()):
                out[i] = draw(st.integers(0, 255))
            else:
                out[i:i] = draw(st.binary(min_size=1, max_size=4))
        return bytes(out)
    if kind == "bom":
        return b"\xef\xbb\xbf" + raw
    return draw(st.binary(max_size=200))


# --- 1. fuzzing the save loader ------------------------------------------------------------------

def test_the_base_save_loads():
    text, actions, _ = base_record()
    game = wec.files.save.game_from_save(json.loads(text))
    assert game.actions() == list(actions)
    assert len(actions) == 40


@settings(FUZZ, max_examples=300)
@given(mutated_save())
def test_game_from_save_on_mutated_data_raises_only_save_format_error(case):
    data, bad_ply = case
    try:
        game = wec.files.save.game_from_save(data)
    except Exception as e:  # noqa: BLE001 - the property is about the exception's type
        assert_save_error(e)
        if bad_ply is not None:
            assert names_ply(str(e), bad_ply), f"the error does not name ply {bad_ply}: {e}"
    else:
        assert isinstance(game, wec.Game)
        assert bad_ply is None, f"an illegal action at ply {bad_ply} was accepted"
        # what loads is a sound game whose own save loads again to the same thing
        again = wec.files.save.game_from_save(wec.game.savefile.save_data(game))
        assert again.position() == game.position() and again.actions() == game.actions()


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("record_fuzz")


@pytest.fixture(scope="module")
def held_game():
    game = wec.Game.new()
    play(game, random.Random(77), 20)
    return game


@settings(FUZZ, max_examples=200)
@given(raw=corrupt_file())
def test_load_of_a_corrupt_file_raises_only_save_format_error(raw, fuzz_dir, held_game):
    path = fuzz_dir / "fuzz.json"
    path.write_bytes(raw)
    before = state(held_game)
    try:
        game = wec.Game.load(path)
    except Exception as e:  # noqa: BLE001
        assert_save_error(e)
    else:
        assert isinstance(game, wec.Game)
    # 2. loading never touches the game in hand
    assert state(held_game) == before


@pytest.mark.parametrize("version", [0, 1, 2, -1, 10**30, "1", None, 1.0, True, False, [], {}])
def test_version_values(version):
    data = base_data()
    data["version"] = version
    try:
        game = wec.files.save.game_from_save(data)
    except Exception as e:  # noqa: BLE001
        assert_save_error(e)
        assert "version" in str(e)
    else:
        assert version in (0, 1) and not isinstance(version, bool)
        assert game.actions() == list(base_record()[1])


BAD_ACTIONS = ["", "XYZ", "END ", "MV:K(1,1)->(1,1)", "MV:K(0,0)->(11,11)", "RESIGN:purple",
               "DZ:DO(1,2)->(2,2)@", "FI:QQ/TA(1,1)<->(2,1)", 17, None, ["END"], {"a": 1},
               "MV:K(\u00b2,1)->(1,1)"]


@pytest.mark.parametrize("index", [0, 7, 39])
@pytest.mark.parametrize("bad", BAD_ACTIONS, ids=lambda b: repr(b)[:24])
def test_a_bad_action_is_named_by_its_ply(index, bad):
    if not fails_at_its_ply(index, bad):
        pytest.skip(f"{bad!r} is legal at ply {index + 1}")
    data = base_data()
    data["actions"][index] = bad
    with pytest.raises(wec.SaveFormatError) as info:
        wec.files.save.game_from_save(data)
    assert names_ply(str(info.value), index + 1), str(info.value)


def test_an_action_with_an_overlong_number_is_named_by_its_ply():
    data = base_data()
    data["actions"][7] = "MV:K(" + "1" * 5000 + ",1)->(1,1)"
    with pytest.raises(wec.SaveFormatError) as info:
        wec.files.save.game_from_save(data)
    assert names_ply(str(info.value), 8), str(info.value)


def test_actions_beyond_the_end_of_the_game_name_their_ply():
    data = base_data()
    data["actions"] = data["actions"][:10] + ["RESIGN:black"] + data["actions"][10:]
    with pytest.raises(wec.SaveFormatError) as info:
        wec.files.save.game_from_save(data)
    assert names_ply(str(info.value), 12), str(info.value)


def test_deeply_nested_json_is_a_save_format_error(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000, encoding="utf-8")
    with pytest.raises(wec.SaveFormatError):
        wec.Game.load(path)


def test_an_integer_too_long_to_convert_is_a_save_format_error(tmp_path):
    path = tmp_path / "bigint.json"
    text = base_record()[0].replace('"version": 1', '"version": ' + "1" * 5000, 1)
    assert text != base_record()[0]
    path.write_text(text, encoding="utf-8")
    with pytest.raises(wec.SaveFormatError):
        wec.Game.load(path)


def test_a_missing_or_unreadable_file_is_a_save_format_error(tmp_path):
    for path in (tmp_path / "missing.json", tmp_path):  # no file; a folder
        with pytest.raises(wec.SaveFormatError) as info:
            wec.Game.load(path)
        assert str(info.value).strip()


def test_initial_must_be_a_position_object_not_a_file_name(tmp_path):
    """A save is untrusted input: its "initial" is a position (FORMATS.md), never a path the loader
    then opens (a FIFO or a device there would hang the loader, see the next test)."""
    pos_path = tmp_path / "pos.json"
    pos_path.write_text(json.dumps(wec.Game.new().position()), encoding="utf-8")
    data = base_data()
    data["initial"] = str(pos_path)
    with pytest.raises(wec.SaveFormatError) as info:
        wec.files.save.game_from_save(data)
    assert "initial" in str(info.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")
def test_loading_a_save_whose_initial_names_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    data = base_data()
    data["initial"] = str(fifo)
    save = tmp_path / "save.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    code = ("import sys, wec\n"
            "try:\n    wec.Game.load(sys.argv[1])\nexcept wec.SaveFormatError:\n    pass\n"
            "print('returned', flush=True)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WEC_DATA_DIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-c", code, str(save)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("wec.Game.load hung opening the FIFO named by the save's 'initial'")
    assert "returned" in out, err


# --- 1. fuzzing the notation parser --------------------------------------------------------------

def check_parse_turn(text: str) -> None:
    try:
        record = parse_turn(text)
    except NotationError as e:
        assert str(e).strip()
        return
    again = str(record)
    assert parse_turn(again) == record, (text, again)
    assert str(parse_turn(again)) == again


@settings(FUZZ, max_examples=400)
@given(RANDOM_TEXT)
def test_parse_turn_on_random_text(text):
    check_parse_turn(text)


@settings(FUZZ, max_examples=400)
@given(st.data())
def test_parse_turn_on_mutated_turn_strings(data):
    turns = record_pool()[0]
    check_parse_turn(data.draw(edited(data.draw(st.sampled_from(turns)))))


def test_notation_error_is_a_value_error_and_a_wec_error():
    assert issubclass(NotationError, ValueError) and issubclass(NotationError, wec.WecError)


@pytest.mark.parametrize("text", [
    "MV:K(\u00b2,1)->(1,1)",              # isdigit() but not int()-able
    ",RS:STK*K(1,1)B\u00b2",
    "MV:K(" + "1" * 5000 + ",1)->(1,1)",  # beyond int()'s digit limit
    ",FI" + "1" * 5000 + ":FL/TA(1,1)<->(2,1)",
])
def test_parse_turn_on_odd_digits_raises_notation_error(text):
    with pytest.raises(NotationError):
        parse_turn(text)


# --- 1. fuzzing the action text parser -----------------------------------------------------------

def check_parse_action(text: str) -> None:
    try:
        action = wec.parse_action(text)
    except wec.IllegalActionError as e:
        assert str(e).strip()
        return
    assert isinstance(action, wec.Action)


@settings(FUZZ, max_examples=300)
@given(RANDOM_TEXT)
def test_parse_action_on_random_text(text):
    check_parse_action(text)


@settings(FUZZ, max_examples=300)
@given(st.data())
def test_parse_action_on_mutated_action_texts(data):
    actions = record_pool()[1]
    check_parse_action(data.draw(edited(data.draw(st.sampled_from(actions)))))


class _Holder:
    game: wec.Game | None = None


def apply_garbage(text: str) -> None:
    if _Holder.game is None:
        game = wec.Game.new()
        play(game, random.Random(31), 23)  # mid-turn: some Fires/Pickups may be legal
        _Holder.game = game
    game = _Holder.game
    before = state(game)
    history = game.history()
    try:
        game.apply(text)
    except wec.IllegalActionError as e:
        assert str(e).strip()
        assert state(game) == before, f"a refused {text!r} changed the game"
        assert game.history() == history
    else:  # the edit happened to name a legal action; start again from a fresh game
        _Holder.game = None


@settings(FUZZ, max_examples=250)
@given(st.data())
def test_apply_of_garbage_raises_only_illegal_action_error_and_changes_nothing(data):
    pool = record_pool()[1]
    text = data.draw(RANDOM_TEXT | edited(data.draw(st.sampled_from(pool))))
    apply_garbage(text)


@pytest.mark.parametrize("text", [
    "MV:K(" + "1" * 5000 + ",1)->(1,1)",
    "RE:(" + "1" * 5000 + ",1)K",
])
def test_action_texts_with_overlong_numbers_are_illegal_action_errors(text):
    with pytest.raises(wec.IllegalActionError):
        wec.parse_action(text)
    game = wec.Game.new()
    before = state(game)
    with pytest.raises(wec.IllegalActionError):
        game.apply(text)
    assert state(game) == before


@pytest.mark.parametrize("bad", [None, 3, b"END", ["END"], object()])
def test_apply_of_non_text_raises_illegal_action_error(bad):
    game = wec.Game.new()
    before = state(game)
    with pytest.raises(wec.IllegalActionError):
        game.apply(bad)
    assert state(game) == before


# --- 2. loading never changes the game in hand ---------------------------------------------------

def test_loading_corrupt_files_leaves_the_game_in_hand_alone(tmp_path):
    game = wec.Game.new()
    play(game, random.Random(5), 30)
    before = state(game)
    actions, history = game.actions(), game.history()
    text = base_record()[0]
    data = json.loads(text)
    data["actions"][5] = "MV:K(1,1)->(1,1)"
    corrupt = [b"", b"{", text[: len(text) // 2].encode(), b"\xff\xfe\x00",
               json.dumps(data).encode(), b"[" * 50_000]
    for i, raw in enumerate(corrupt):
        path = tmp_path / f"bad{i}.json"
        path.write_bytes(raw)
        try:
            wec.Game.load(path)
        except Exception:  # noqa: BLE001 - the types are checked by the tests above
            pass
        assert state(game) == before
        assert game.actions() == actions and game.history() == history


# --- 3. atomic writes ----------------------------------------------------------------------------

@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_a_failed_save_keeps_the_previous_file(tmp_path, monkeypatch, failing):
    game = wec.Game.new()
    rng = random.Random(11)
    play(game, rng, 20)
    path = tmp_path / "game.json"
    game.save(path)
    previous = path.read_bytes()
    old_actions = game.actions()
    play(game, rng, 10)
    assert game.actions() != old_actions
    held = state(game)

    real = getattr(os, failing)
    calls: list[tuple] = []

    def fail_once(*args, **kwargs):
        if not calls:
            calls.append(args)
            raise OSError(errno.EIO, f"simulated {failing} failure")
        return real(*args, **kwargs)

    monkeypatch.setattr(os, failing, fail_once)
    with pytest.raises(OSError):
        game.save(path)
    assert calls, f"save never called os.{failing}"
    assert path.read_bytes() == previous
    assert wec.Game.load(path).actions() == old_actions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"], "temporary file left"
    assert state(game) == held

    game.save(path)  # works again: the new game is there, still no temporary file
    assert wec.Game.load(path).actions() == game.actions()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_first_save_leaves_nothing(tmp_path, monkeypatch):
    game = wec.Game.new()
    play(game, random.Random(12), 5)

    def fail(*args, **kwargs):
        raise OSError(errno.ENOSPC, "simulated")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        game.save(tmp_path / "new.json")
    assert list(tmp_path.iterdir()) == []


# --- 4. SIGKILL during autosave ------------------------------------------------------------------

CHILD = r'''
import random, sys
import wec
import wec.files.autosave
path, seed, total, block_at = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
game = wec.Game.new()
wec.files.autosave.start(game, path)
rng = random.Random(seed)
for n in range(1, total + 1):
    actions = game.legal_actions()
    if not actions:
        break
    game.apply(rng.choice(actions))
    print(n, flush=True)
    if n == block_at:
        sys.stdin.readline()
print("done", flush=True)
sys.stdin.readline()  # alive until killed: a kill that comes late still finds the process
'''


@functools.lru_cache(maxsize=None)
def child_sequence(seed: int, total: int) -> tuple[str, ...]:
    game = wec.Game.new()
    rng = random.Random(seed)
    for _ in range(total):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(rng.choice(actions))
    return tuple(game.actions())


def start_child(tmp_path: Path, seed: int, total: int, block_at: int) -> subprocess.Popen:
    env = {**os.environ, "WEC_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path / "autosave.json"), str(seed), str(total),
         str(block_at)],
        stdout=subprocess.PIPE, stdin=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
        cwd=str(tmp_path))


def read_until(proc: subprocess.Popen, count: int) -> int:
    """Read the child's lines until it has printed `count`; the last number read."""
    watchdog = threading.Timer(120, proc.kill)
    watchdog.start()
    try:
        last = 0
        while last < count:
            line = proc.stdout.readline()
            if not line:
                proc.wait()
                pytest.fail(f"the child ended early (rc {proc.returncode}): "
                            f"{proc.stderr.read()[-2000:]}")
            if line.strip() == "done":
                break
            last = int(line)
        return last
    finally:
        watchdog.cancel()


def kill(proc: subprocess.Popen) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    for stream in (proc.stdout, proc.stdin, proc.stderr):
        stream.close()
    assert proc.returncode == -signal.SIGKILL


needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL here")


@needs_sigkill
def test_sigkill_while_blocked_keeps_every_applied_action(tmp_path):
    seed = 4242
    proc = start_child(tmp_path, seed, 100, 25)
    try:
        assert read_until(proc, 25) == 25
    finally:
        kill(proc)
    loaded = wec.Game.load(tmp_path / "autosave.json")
    assert loaded.actions() == list(child_sequence(seed, 100)[:25])
    assert len(loaded.actions()) == 25


@needs_sigkill
@pytest.mark.parametrize("delay", [0.0, 0.003, 0.011, 0.029])
def test_sigkill_at_an_arbitrary_moment_leaves_a_loadable_prefix(tmp_path, delay):
    seed = 99
    total = 1000  # still playing when the kill comes (the child plays some 10 actions a ms)
    proc = start_child(tmp_path, seed, total, 0)
    try:
        read = read_until(proc, 80)
        assert read == 80, "the child finished before it could be killed"
        time.sleep(delay)
    finally:
        kill(proc)
    expected = child_sequence(seed, total)
    assert len(expected) > 100, "the seeded game ended too early to test anything"
    loaded = wec.Game.load(tmp_path / "autosave.json")
    got = loaded.actions()
    assert got == list(expected[:len(got)]), "the autosave is not a prefix of the game"
    assert len(got) >= read - 1, (len(got), read)


# --- 5. round trips over random games ------------------------------------------------------------

GAME_SEEDS = range(10)
ENDINGS = {1: "resign_mid_turn", 2: "draw_after_end", 3: "resign_other", 7: "resign_mid_turn",
           9: "resign_mid_turn"}


class Played:
    """One random game with its positions at every ply and saves at a few plies."""

    def __init__(self, seed: int) -> None:
        options = wec.Options(movement=MOVEMENTS[seed % 3],
                              government_black=("monarchy", "democracy")[seed % 2],
                              government_white=("theocracy", "dictatorship", "monarchy")[seed % 3],
                              competitive=(seed == 9))
        pos = wec.Game.new(options).position()
        if seed % 3 == 0:  # armed reserves: Reinforce comes up
            for r in pos["reserves"]:
                r["armed"] = True
        if seed == 9:
            pos["options"]["competitive"] = True
        game = wec.Game.from_position(pos)
        rng = random.Random(500 + seed)
        self.positions: list[dict] = [game.position()]
        self.saves: list[tuple[str, dict]] = []
        n = 90 + 5 * seed
        with tempfile.TemporaryDirectory() as d:
            for i in range(n):
                action = pick(game, rng)
                if action is None:
                    break
                game.apply(action)
                self.positions.append(game.position())
                if i in (n // 3, 2 * n // 3):
                    self.saves.append(self._save(game, d))
            ending = ENDINGS.get(seed)
            if ending == "resign_mid_turn" and game.result is None:
                while game.result is None and not game.moved:
                    game.apply(pick(game, rng))
                if game.result is None:
                    game.resign()
            elif ending == "draw_after_end" and game.result is None:
                while game.result is None and game.actions()[-1] != "END":
                    game.apply(pick(game, rng))
                if game.result is None:
                    game.agree_draw()
            elif ending == "resign_other" and game.result is None:
                game.resign("white" if game.to_move == "black" else "black")
            self.positions.append(game.position())
            self.saves.append(self._save(game, d))
        self.game = game

    @staticmethod
    def _save(game: wec.Game, folder: str) -> tuple[str, dict]:
        path = os.path.join(folder, "rt.json")
        game.save(path)
        expect = {"position": game.position(), "hash": game.hash, "actions": game.actions(),
                  "full": game.full_history(), "black": game.history("black"),
                  "white": game.history("white"), "ply": game.ply,
                  "history": None if game.competitive and game.result is None
                  else game.history()}
        return Path(path).read_text(encoding="utf-8"), expect


@functools.lru_cache(maxsize=None)
def played(seed: int) -> Played:
    return Played(seed)


@pytest.mark.parametrize("seed", GAME_SEEDS)
def test_turn_strings_round_trip(seed):
    game = played(seed).game
    for reader in (None, "black", "white"):
        for t in game.history(reader):
            record = parse_turn(t)
            assert str(record) == t, (reader, t)
            assert parse_turn(str(record)) == record


@pytest.mark.parametrize("seed", GAME_SEEDS)
def test_positions_round_trip(seed):
    for ply, pos in enumerate(played(seed).positions):
        assert wec.Game.from_position(pos).position() == pos, f"ply {ply}"


@pytest.mark.parametrize("seed", GAME_SEEDS)
def test_saves_round_trip(seed, tmp_path):
    for k, (text, expect) in enumerate(played(seed).saves):
        path = tmp_path / f"save{k}.json"
        path.write_text(text, encoding="utf-8")
        loaded = wec.Game.load(path)
        assert loaded.position() == expect["position"]
        assert loaded.hash == expect["hash"]
        assert loaded.actions() == expect["actions"]
        assert loaded.ply == expect["ply"]
        assert loaded.full_history() == expect["full"]
        assert loaded.history("black") == expect["black"]
        assert loaded.history("white") == expect["white"]
        if expect["history"] is not None:
            assert loaded.history() == expect["history"]
        assert loaded.competitive == (seed == 9)


def test_round_trip_games_cover_every_action_kind():
    kinds: collections.Counter = collections.Counter()
    marks: collections.Counter = collections.Counter()
    for seed in GAME_SEEDS:
        game = played(seed).game
        for text in game.actions():
            kinds[text.split(":")[0]] += 1
        for reader in (None, "black", "white"):
            for t in game.history(reader):
                for mark in ("-TRA->", ",DO>", "=>", "<=>", "MV:?", "->?", ",RS:", ",RESIGN",
                             "DRAW", "STK*", "RE:"):
                    marks[mark] += mark in t
    assert set(kinds) >= {"MV", "DZ", "FI", "PU", "DR", "EX", "RE", "END", "RESIGN", "DRAW"}, kinds
    assert all(marks[m] for m in ("-TRA->", ",DO>", "MV:?", ",RS:", ",RESIGN", "DRAW", "RE:")), \
        marks
