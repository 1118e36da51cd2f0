"""`wec validate` on malformed files: never a traceback, exit 1 with one line per problem naming
the file and the field, and the same verdict as the loaders (`Game.from_position`, `Game.load`)
for every file: what they accept it accepts, what they refuse it refuses."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

import wec
from malformed import CROWDED, ROOT, a_save, rich_position, shipped_positions, variants
from wec.cli import main


def validate(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(["validate", str(path)])
    out = capsys.readouterr()
    return code, (out.out + out.err).splitlines()


def loaders_accept(path: Path) -> bool:
    """Whether the loader of the file's kind reads it (a save by its format, else a position);
    only their documented errors may escape."""
    try:
        data = json.loads(path.read_bytes().decode("utf-8-sig"))
    except (ValueError, RecursionError):  # not JSON (or too deep): either loader refuses it
        data = None
    load = wec.Game.load if isinstance(data, dict) and data.get("format") == "wec-save" \
        else wec.Game.from_position
    try:
        load(path)
    except wec.WecError:
        return False
    return True


def judged_alike(path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = validate(path, capsys)
    assert not any("Traceback" in line for line in lines), (name, lines)
    assert lines and all(line.startswith(f"{path}: ") and len(line) < 400 for line in lines), \
        (name, lines)
    if loaders_accept(path):
        assert code == 0 and f"{path}: a valid " in lines[0], (name, lines)
    else:
        assert code == 1 and "a valid" not in lines[0], (name, lines)


def written(tmp_path: Path, cases: Iterator[tuple[str, Any]]) -> Iterator[tuple[str, Path]]:
    path = tmp_path / "case.json"
    for name, doc in cases:
        path.write_text(json.dumps(doc))
        yield name, path


def test_every_shipped_position_and_its_save_validate(tmp_path, capsys):
    for name, pos in shipped_positions().items():
        path = tmp_path / "p.json"
        path.write_text(json.dumps(pos))
        assert validate(path, capsys) == (0, [f"{path}: a valid position file"]), name
    code, lines = validate(CROWDED, capsys)
    assert (code, lines) == (0, [f"{CROWDED}: a valid position file"])
    save = tmp_path / "s.json"
    save.write_text(json.dumps(a_save()))
    assert validate(save, capsys) == (0, [f"{save}: a valid save file"])


@pytest.mark.parametrize("value, kind", [(1, "an int"), (None, "null"), (1.5, "a float"),
                                         (True, "true")])
def test_pieces_that_is_no_list_is_one_line_in_a_position_and_in_a_save(value, kind, tmp_path,
                                                                       capsys):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({**json.loads(CROWDED.read_text()), "pieces": value}))
    assert validate(path, capsys) == (1, [f"{path}: pieces: expected a list, got {kind}"])
    save = a_save()
    save["initial"]["pieces"] = value
    path.write_text(json.dumps(save))
    assert validate(path, capsys) == (1, [f"{path}: initial: pieces: expected a list, got {kind}"])


def test_every_malformed_position_through_the_command_line(tmp_path, capsys):
    crowded = json.loads(CROWDED.read_text())
    for name, path in written(tmp_path, variants(crowded)):
        judged_alike(path, name, capsys)
    for name, path in written(tmp_path, variants(rich_position(), entries=1)):
        judged_alike(path, name, capsys)


def test_every_malformed_save_through_the_command_line(tmp_path, capsys):
    save = a_save()
    for name, path in written(tmp_path, variants(save, entries=1)):
        judged_alike(path, name, capsys)


def broken_texts() -> Iterator[tuple[str, bytes]]:
    """Files that are no JSON or no UTF-8: cut short anywhere, other encodings, stray bytes."""
    for doc_name, doc in (("position", json.loads(CROWDED.read_text())), ("save", a_save())):
        text = json.dumps(doc, indent=1)
        for cut in range(0, len(text), max(1, len(text) // 40)):
            yield f"{doc_name} cut at {cut}", text[:cut].encode("utf-8")
        accented = text.replace('"white"', '"blanc\u00e9"', 1)
        for encoding in ("utf-16", "utf-32", "latin-1", "cp1252"):
            yield f"{doc_name} in {encoding}", accented.encode(encoding)
        yield f"{doc_name} with a NUL", text.replace("{", "{\x00", 1).encode("utf-8")
        yield f"{doc_name} with a stray byte", text.encode("utf-8")[:50] + b"\xff" + \
            text.encode("utf-8")[50:]
    yield "nested 1000 deep", b"[" * 1000 + b"]" * 1000
    yield "nulls nested", json.dumps({"format": "wec-position", "pieces": [[[None]]]}).encode()
    yield "NaN", b'{"format": "wec-position", "version": NaN}'


def test_broken_files_are_one_line_and_exit_1(tmp_path, capsys):
    path = tmp_path / "broken.json"
    for name, data in broken_texts():
        path.write_bytes(data)
        judged_alike(path, name, capsys)


def test_no_traceback_in_a_real_process(tmp_path):
    """What the in-process runs cannot show: nothing reaches the real stderr."""
    cases = {"pieces_int.json": {**json.loads(CROWDED.read_text()), "pieces": 1},
             "save_pieces_null.json": {**a_save(), "initial": {**a_save()["initial"],
                                                               "pieces": None}}}
    for name, doc in cases.items():
        (tmp_path / name).write_text(json.dumps(doc))
    (tmp_path / "utf16.json").write_bytes(CROWDED.read_text().encode("utf-16"))
    for name in [*cases, "utf16.json"]:
        done = subprocess.run([sys.executable, "-m", "wec", "validate", str(tmp_path / name)],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        assert done.returncode == 1 and done.stderr == "", (name, done.stderr[-500:])
        assert len(done.stdout.splitlines()) == 1, done.stdout
