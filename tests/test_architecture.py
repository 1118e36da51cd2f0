"""The package's shape (docs/ARCHITECTURE.md): layers kept by import-linter's contracts
(pyproject.toml), no import circle anywhere, a compiled core that imports only the rules data,
no module too long to read, and test files pytest can tell apart."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "wec"
LONGEST = 800


def test_the_import_contracts_are_kept():
    """import-linter reads the contracts from pyproject.toml; a broken one names the import."""
    pytest.importorskip("importlinter")
    linter = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(linter), "--no-cache"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def _strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components of more than one module (an import circle each)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_between_any_two_modules():
    """Stricter than the siblings contract: a package and its own children count too (an
    `__init__` that imports a child which imports the `__init__` back is a circle)."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("wec", cache_dir=None)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert _strongly_connected(edges) == []


FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+([\w.]+)[ \t]+c?import[ \t]+\(?([\w, \t]+)", re.M)
PLAIN_IMPORT = re.compile(r"^[ \t]*c?import[ \t]+([\w.]+)", re.M)


def _project_imports(text: str) -> set[str]:
    """The project's modules a Cython source names in its imports and cimports."""
    found = {m.group(1) for m in PLAIN_IMPORT.finditer(text)}
    for m in FROM_IMPORT.finditer(text):
        found.add(m.group(1))
        if m.group(1) == "wec":  # `from wec import rules` names the module wec.rules
            found |= {f"wec.{n.split()[0]}" for n in m.group(2).split(",") if n.strip()}
            found.discard("wec")
    return {name for name in found if name == "wec" or name.startswith("wec.")}


def test_the_compiled_core_imports_only_itself_and_the_rules_data():
    """grimp reads Python files only, so the core's .pyx/.pxd imports are checked here."""
    sources = sorted((PACKAGE / "_core").glob("*.p[yx][xd]"))
    assert sources
    for source in sources:
        for name in _project_imports(source.read_text()):
            assert name.startswith("wec._core") or name == "wec.rules", \
                f"{source.name} imports {name}"


def test_no_module_is_over_800_lines():
    too_long = {}
    for source in sorted(PACKAGE.rglob("*")):
        if source.suffix in (".py", ".pyx", ".pxd"):
            lines = len(source.read_text(encoding="utf-8").splitlines())
            if lines > LONGEST:
                too_long[str(source.relative_to(ROOT))] = lines
    assert too_long == {}


def test_no_module_imports_a_private_name_of_another():
    """`from wec.x import _name` couples a module to another's insides: a name another module
    needs is public (and documented) where it is defined."""
    taken = []
    for source in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("wec"):
                taken += [f"{source.relative_to(ROOT)}:{node.lineno} {alias.name}"
                          for alias in node.names
                          if alias.name.startswith("_") and not alias.name.startswith("__")]
    assert taken == []


def test_no_two_test_modules_share_a_name():
    """The test folders are not packages (pytest's default import mode puts each folder on
    sys.path), so two files of one name in different folders clash: pytest collects the first
    and stops the whole run with "import file mismatch" at the second (it happened once, only
    on the fresh-clone CI's whole-suite run). conftest.py files are loaded by path and may
    repeat."""
    seen: dict[str, list[str]] = {}
    for module in sorted((ROOT / "tests").rglob("*.py")):
        if module.name != "conftest.py":
            seen.setdefault(module.name, []).append(str(module.relative_to(ROOT)))
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}
