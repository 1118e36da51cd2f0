"""The small items (items 6 and 8): `python -m wec`, the match summary of a short
match, `wec history` of a save with no turns, the bench table's columns, the tuner's help, the
SPDX license, the README's layout."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = None  # type: ignore[assignment]

import pytest

import wec
from wec.tools import benchreport, tune
from wec.cli import _elo, main, plural
from wec.tools.match import GameResult, summary

ROOT = Path(__file__).resolve().parents[2]


def test_python_dash_m_wec_is_the_command_line(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WEC_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "wec", "perft", "1"], capture_output=True,
                          text=True, env=env, timeout=60, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("perft 1 (moves): 130 nodes")
    done = subprocess.run([sys.executable, "-m", "wec", "--help"], capture_output=True,
                          text=True, env=env, timeout=60, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("usage: python -m wec")


def test_elo_figures_never_read_minus_zero():
    assert _elo(-0.4) == "0" and _elo(0.3) == "0" and _elo(-0.0) == "0"
    assert _elo(57.4) == "+57" and _elo(-120.6) == "-121"
    assert _elo(float("inf")) == "+inf"
    assert plural(1, "game") == "1 game" and plural(2, "game") == "2 games"


@pytest.mark.parametrize("score", [1.0, 0.5, 0.0])
def test_a_one_game_match_reports_no_error_bars_and_no_verdict(score):
    s = summary([GameResult(0, "black", "black", 5, False, score)])
    assert s["elo_low"] is None and s["elo_high"] is None
    assert s["sprt"] == "continue" and abs(s["llr"]) < 1


def test_one_sided_matches_still_reach_a_verdict():
    wins = [GameResult(i, "black", "black", 5, False, 1.0) for i in range(20)]
    losses = [GameResult(i, "black", "white", 5, False, 0.0) for i in range(20)]
    assert summary(wins)["sprt"] == "H1 accepted"
    assert summary(losses)["sprt"] == "H0 accepted"


def test_the_printed_summary_of_a_one_game_match(capsys):
    assert main(["match", "random", "random", "--games", "1", "--max-turns", "3",
                 "--processes", "1"]) == 0
    out = capsys.readouterr().out
    assert "of 1 game," in out
    elo_line = next(line for line in out.splitlines() if line.startswith("Elo difference"))
    elo_part, sprt_part = elo_line.split(";", 1)
    assert not re.search(r"[-+]0\b", elo_part) and "inf ." not in elo_part
    assert "inf" not in elo_part or "every game: no finite estimate" in elo_part
    assert "H0 accepted" not in sprt_part and "LLR -inf" not in sprt_part


def test_history_of_a_save_with_no_turns_says_so(tmp_path, capsys):
    path = tmp_path / "empty.json"
    wec.Game.new().save(path)
    assert main(["history", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: no turns yet (black to move at turn 1)"


def test_every_row_of_the_bench_table_fills_its_columns(monkeypatch):
    monkeypatch.setattr(benchreport, "perft_figures", lambda quick: {
        "perft_depth": 3, "perft_leaves": 1, "perft_rate": 2e6})
    monkeypatch.setattr(benchreport, "generation_figures", lambda quick: {
        "gen_rate": 1.4e7, "facade_gen_rate": 4e4})
    monkeypatch.setattr(benchreport, "apply_undo_figures", lambda quick: {
        "mu_rate": 4e5, "facade_mu_rate": 200})
    monkeypatch.setattr(benchreport, "signature_figures", lambda quick: {
        "rows": [], "total": 0, "best_total": 0, "search_rate": 1e5, "signature3": None})
    monkeypatch.setattr(benchreport, "repaint_figure", lambda quick: (None, "skipped"))
    import io
    out = io.StringIO()
    benchreport.report(quick=True, out=out)
    lines = out.getvalue().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("figure"))
    table = lines[header + 1:header + 3]
    ratio_end = lines[header].index("ratio") + len("ratio")
    for line in table:  # core, facade, ratio, then the facade's path named
        cells = re.split(r"\s{2,}", line[:ratio_end].strip())
        assert len(cells) == 4, line
        assert line[ratio_end:].startswith("  ("), line
    assert sum("facade" in line for line in table) == 2


def test_the_tuner_help_is_whole_sentences(capsys):
    with pytest.raises(SystemExit):
        tune.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "(SPSA: simultaneous perturbation stochastic approximation, J. C. Spall 1992)." in out


def test_the_license_is_an_spdx_string():
    if tomllib is None:
        pytest.skip("tomllib needs Python 3.11")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["license"] == "MIT"
    setuptools = next(r for r in project["build-system"]["requires"]
                      if r.startswith("setuptools"))
    assert setuptools == "setuptools>=77"  # the first to read project.license as SPDX


def test_the_readme_layout_names_every_package():
    readme = (ROOT / "README.md").read_text()
    layout = readme.split("## Layout", 1)[1].split("\n## ", 1)[0]
    for folder in ("wec/rules/", "wec/_core/", "wec/game/", "wec/files/", "wec/ai/", "wec/tools/",
                   "wec/cli/", "wec/gui/play/", "wec/gui/editor/", "tests/", "bench/", "docs/"):
        assert f"`{folder}`" in layout, folder


def test_the_readme_tells_a_player_how_to_move_and_where_the_rules_are():
    readme = (ROOT / "README.md").read_text()
    playing = readme.split("## Playing", 1)[1].split("\n## ", 1)[0]
    assert "**Black**" in playing and "Black moves first" in playing
    for step in ("1. **Move**", "2. **Fire**", "3. **End Turn**"):
        assert step in playing
    assert "docs/RULES-GUIDE.md" in playing and "docs/RULES-GUIDE.md" in readme.split("##")[0]
    assert "docs/RULES.md" not in readme.split("## Set-up")[0].split("developers")[0]
    assert "../shared" not in readme  # a clone has the rules and formats references in docs/


def test_the_rules_guide_stands_alone_and_cites_real_rule_ids():
    """The guide ships with the repository (../shared does not); it follows the game's order,
    and every rule id it cites is defined in the rules reference, docs/RULES.md."""
    guide = (ROOT / "docs" / "RULES-GUIDE.md").read_text()
    assert "../shared" not in guide
    cited = set(re.findall(r"\bR\d+(?:\.\d+)*\b", guide))
    sections = {int(rid[1:].split(".")[0]) for rid in cited}
    assert sections >= set(range(1, 13)), sorted(sections)  # every part of the rules
    reference = (ROOT / "docs" / "RULES.md").read_text()
    # a rule starts a list item (`- **R6.1**`) or a heading (`### R4.5 Tank`)
    known = set(re.findall(r"^(?:\s*- \*\*|#+ )(R\d+(?:\.\d+)*)\b", reference, re.M))
    assert {"R1.1", "R4.5", "R7.3.3", "R12.2"} <= known
    assert cited <= known, sorted(cited - known)
