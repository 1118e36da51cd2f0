"""`wec bench`: a smoke run with tiny budgets (--quick) prints every figure."""
from __future__ import annotations

import io
import re

from wec.tools import benchreport
from wec.cli import main


def test_wec_bench_quick_prints_every_figure(capsys):
    assert main(["bench", "--quick"]) == 0
    out = capsys.readouterr().out
    for figure in ("moves-mode perft", "action generation", "apply+undo", "AI search, nodes/s",
                   "IS-MCTS simulations/s",
                   "board repaint", "AI signature", "total"):
        assert figure in out, figure
    # the installed engine's own figures; the ratios to the pure-Python reference are bench/'s
    assert "The engine's own figures" in out and "make bench" in out
    generation = next(line for line in out.splitlines() if line.startswith("action generation"))
    assert re.search(r"\s\d+\s+\(facade", generation)  # the core / facade ratio
    repaint = next(line for line in out.splitlines() if "board repaint" in line)
    assert "n/a (" in repaint or re.search(r"\d+\.\d+", repaint)


def test_signature_is_deterministic_and_repaint_is_optional(monkeypatch):
    first = benchreport.signature_figures(quick=True)
    second = benchreport.signature_figures(quick=True)
    assert [r[:3] for r in first["rows"]] == [r[:3] for r in second["rows"]]
    assert first["total"] > 0
    # without wec.gui the repaint figure is n/a with the reason, never an error
    real_module = benchreport._module

    def no_qt(name):
        if name.startswith("wec.gui"):
            raise ImportError("no wec.gui here")
        return real_module(name)

    monkeypatch.setattr(benchreport, "_module", no_qt)
    value, why = benchreport.repaint_figure(quick=True)
    assert value is None and "no wec.gui here" in why
    monkeypatch.undo()
    out = io.StringIO()
    monkeypatch.setattr(benchreport, "repaint_figure", lambda quick: (None, "ImportError: x"))
    benchreport.report(quick=True, out=out)
    assert "board repaint: n/a (ImportError: x)" in out.getvalue()
