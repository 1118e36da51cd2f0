"""The consistency checker (Engine.check, Stockfish pos_is_ok) and the debug build's check after
every action (occupancy against pieces, R3.1-R3.4)."""
from __future__ import annotations

import pytest

import wec
from wec import rules
from wec._core.engine import DEBUG_CHECKS, Engine


def raw_piece(code: str, color: int, sq: int, level: int) -> dict:
    return {"type": rules.TYPE_INDEX[code], "color": color, "hand": 0, "sq": sq, "level": level,
            "articles": []}


def unsound_engine() -> Engine:
    """An engine loaded directly (past the facade's validation) with a Rocket Pawn alone in the
    Air: the state breaks R3.4."""
    eng = Engine()
    eng.configure(wec.Options())
    eng.load({"side": 1, "turn": 1, "pieces": [raw_piece("K", 1, 0, 0), raw_piece("K", 0, 99, 0),
                                               raw_piece("RP", 1, 44, 1)]})
    return eng


def test_R3_4_the_checker_reports_a_piece_without_support():
    assert any("without support (R3.4)" in p for p in unsound_engine().check())


def test_the_debug_build_checks_the_state_after_every_action():
    eng = unsound_engine()
    king_move = next(a for a in eng.legal() if a.pid == 0)
    if DEBUG_CHECKS:
        with pytest.raises(AssertionError, match="without support"):
            eng.apply(king_move)
    else:
        eng.apply(king_move)  # the release build does not pay for the check
        assert eng.n_actions == 1
