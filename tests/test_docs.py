"""The documentation a clone has: the API reference builds from the docstrings without a warning,
and the rules reference (docs/RULES.md) holds every rule id that code, tests and docs cite."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "RULES.md"
SHARED_RULES = ROOT.parent / "shared" / "RULES.md"  # the first specification, beside a clone

RULE_ID = r"R\d+(?:\.\d+)*"
# docs/RULES.md defines an id where a rule starts: a list item `- **R6.1** ...` (nested ones too)
# or a heading `## R6. The turn` / `### R4.5 Tank`.
DEFINED = re.compile(rf"^(?:\s*- \*\*({RULE_ID})\*\*|#{{2,4}} ({RULE_ID})\b)", re.M)
CITED = re.compile(rf"\b{RULE_ID}\b")
# Where the project cites rules: product code, tests, benchmarks and docs (generated files and
# recorded match data are not written by hand and cite nothing).
CITING = [("wec", ("*.py", "*.pyx", "*.pxd", "*.md")), ("tests", ("*.py", "*.md")),
          ("bench", ("*.py", "*.md")), ("docs", ("*.md", "*.rst", "*.py"))]


def defined_rule_ids(text: str) -> list[str]:
    """The rule ids a rules text defines, in order, repeats kept."""
    return [a or b for a, b in DEFINED.findall(text)]


def shared_rule_ids(text: str) -> set[str]:
    """The ids the first specification defines: its rule items, an id named in a heading, and its
    numbered sections and subsections (`### 4.5 Tank` is R4.5)."""
    ids = set(re.findall(rf"^\s*- ({RULE_ID})\b", text, re.M))
    ids |= set(re.findall(rf"^#+ .*\(({RULE_ID})\)", text, re.M))
    ids |= {f"R{n}" for n in re.findall(r"^#+ (\d+(?:\.\d+)*)\.? ", text, re.M)}
    return ids


def citing_files() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder, patterns in CITING:
        for pattern in patterns:
            files += [p for p in (ROOT / folder).rglob(pattern)
                      if "_build" not in p.parts and "generated" not in p.parts]
    return sorted(set(files))


# --- the rules reference ------------------------------------------------------------------------

def test_every_rule_id_is_defined_once():
    ids = defined_rule_ids(RULES.read_text(encoding="utf-8"))
    assert len(ids) >= 90
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    assert not repeated, repeated


def test_the_rules_reference_keeps_the_order_of_its_ids():
    """R1.1 comes before R1.2 …, so a reader finds an id where its number says."""
    ids = defined_rule_ids(RULES.read_text(encoding="utf-8"))
    keys = [tuple(int(n) for n in i[1:].split(".")) for i in ids]
    assert keys == sorted(keys), [i for i, k, n in zip(ids, keys, keys[1:]) if k > n]


def test_every_cited_rule_id_exists():
    defined = set(defined_rule_ids(RULES.read_text(encoding="utf-8")))
    unknown: dict[str, list[str]] = {}
    for path in citing_files():
        for rid in set(CITED.findall(path.read_text(encoding="utf-8", errors="replace"))):
            if rid not in defined:
                unknown.setdefault(rid, []).append(str(path.relative_to(ROOT)))
    assert not unknown, unknown


def test_the_citation_check_sees_code_tests_and_docs():
    """Control for the test above: it reads the places that cite rules."""
    files = {str(p.relative_to(ROOT)) for p in citing_files()}
    assert {"README.md", "wec/game/notation.py", "tests/game/test_fire.py",
            "docs/RULES-GUIDE.md"} <= files
    assert not any(f.endswith(".jsonl") for f in files)


def test_the_rules_reference_has_every_id_of_the_first_specification():
    if not SHARED_RULES.exists():
        pytest.skip("../shared/RULES.md is not beside this clone")
    shared = shared_rule_ids(SHARED_RULES.read_text(encoding="utf-8"))
    assert {"R1.1", "R2.5", "R4.11.1", "R7.3.4", "R13"} <= shared  # the parser finds them
    missing = shared - set(defined_rule_ids(RULES.read_text(encoding="utf-8")))
    assert not missing, sorted(missing)


def test_code_and_tests_cite_files_a_clone_has():
    """No docstring, comment or test sends the reader to ../shared (the rules and the formats are
    in docs/); the manual in ../shared/reference and the Fairy-Stockfish tools in ../shared/tools
    are source material, not the contract."""
    cites = []
    for path in citing_files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"shared/(RULES|API)\.md|\bAPI\.md|RULES\.md §", line) \
                    and path != Path(__file__).resolve():
                cites.append(f"{path.relative_to(ROOT)}:{n}")
    assert not cites, cites


def test_the_formats_reference_names_every_option():
    import dataclasses

    from wec.game.options import Options

    formats = (ROOT / "docs" / "FORMATS.md").read_text(encoding="utf-8")
    for field in dataclasses.fields(Options):
        assert f"`{field.name}`" in formats, field.name
    for key in ("wec-position", "wec-save", "to_move", "pieces", "articles", "reserves",
                "initial", "actions", "turns", "final"):
        assert key in formats, key


# --- the API reference --------------------------------------------------------------------------

def test_the_makefile_installs_the_docs_tools_for_the_tests():
    makefile = (ROOT / "Makefile").read_text()
    installs = re.findall(r"pip install -q -e '\.\[([a-z,]+)\]'", makefile)
    tested = [extras.split(",") for extras in installs if "test" in extras.split(",")]
    assert tested and all("docs" in extras for extras in tested), installs
    assert re.search(r"^docs:.*\n\t.*sphinx .*-W --keep-going.* docs/api docs/_build", makefile, re.M)


def test_the_api_reference_builds_without_a_warning(tmp_path):
    """`make docs` in a copy: any warning (a docstring that is not valid reST, a module that does
    not import, an ambiguous reference) fails the build, and so does a module that acts when
    imported (autosummary imports every module, `__main__` ones included)."""
    pytest.importorskip("sphinx")
    source = tmp_path / "api"
    shutil.copytree(ROOT / "docs" / "api", source, ignore=shutil.ignore_patterns("generated"))
    out = tmp_path / "html"
    env = {**os.environ, "WEC_ROOT": str(ROOT), "PYTHONPATH": str(ROOT),
           "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
                          str(source), str(out)], env=env, capture_output=True, text=True,
                         timeout=300)
    # -q leaves only problems on stderr: warnings, and the output of a module that runs something
    # when imported (a `__main__` without its `if __name__ == "__main__":` guard)
    assert run.returncode == 0 and not run.stderr.strip(), run.stderr[-4000:]
    pages = {p.name for p in (out / "generated").glob("*.html")}
    # the facade, every layer under it, and the GUI
    assert {"wec.html", "wec.game.game.html", "wec.files.save.html", "wec.ai.html",
            "wec.openspiel.html", "wec.tools.match.html", "wec.rules.html", "wec.cli.html",
            "wec.gui.play.main_window.html"} <= pages, sorted(pages)
    assert not any(p.startswith("wec._core") for p in pages)
    facade = (out / "generated" / "wec.html").read_text(encoding="utf-8")
    for name in ("Game", "Options", "Action", "PieceInfo", "WecError", "IllegalActionError",
                 "PositionError", "SaveFormatError", "perft", "AI"):
        assert f'<span class="pre">{name}</span>' in facade, name
