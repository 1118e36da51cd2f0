"""What the installed package needs ships with it: the tactics suite and the signature's
positions are package data found through importlib.resources, and no product module names the
tests/ folder as a path (an installed wec has no tests/)."""
from __future__ import annotations

import ast
import importlib.resources
import json
import re
from pathlib import Path

import wec
from wec.tools import signature, tactics

PRODUCT = Path(wec.__file__).resolve().parent


def test_the_tactics_suite_ships_with_the_package():
    folder = importlib.resources.files("wec.tools") / "data" / "tactics"
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    assert len(names) >= 60
    assert json.loads((folder / names[0]).read_text())["format"] == "wec-tactic"
    assert Path(str(folder)) == tactics.SUITE.resolve()


def test_the_signature_positions_ship_with_the_package():
    folder = importlib.resources.files("wec.tools") / "data" / "positions"
    for name in signature.SIGNATURE_POSITIONS:
        if name != "standard":
            assert json.loads((folder / f"{name}.json").read_text())["format"] == "wec-position"
    assert Path(str(folder)) == signature.POSITIONS.resolve()


def test_the_package_data_is_declared_for_the_installer():
    text = (PRODUCT.parent / "pyproject.toml").read_text()
    assert '"wec.tools" = ["data/tactics/*.json", "data/positions/*.json"]' in text


def _code_strings(source: str) -> list[str]:
    """The string constants of a module's code, its docstrings (any string standing alone as a
    statement: a module's, a function's, an attribute's) left out."""
    tree = ast.parse(source)
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]


def test_no_product_module_names_the_tests_folder_as_a_path():
    # "tests" as a path component in a string of the code (a path built or a default shown);
    # docstrings may name a test file
    offenders = [f"{p.relative_to(PRODUCT)}: {text!r}" for p in sorted(PRODUCT.rglob("*.py"))
                 for text in _code_strings(p.read_text(encoding="utf-8"))
                 if re.search(r"(^|[\s/(])tests(/|$)", text)]
    assert offenders == []


def test_the_check_finds_a_path_into_tests():
    assert sorted(_code_strings('x = Path(a) / "tests" / "data"')) == ["data", "tests"]
    assert _code_strings('"""Docs: tests/x.py."""') == []
    assert re.search(r"(^|[\s/(])tests(/|$)", "default: tests/data/tactics")
