"""The core's codes are defined once (wec/_core/state.pxd) and the facade takes them from there;
its boundary hands named records (wec/_core/records.pxd)."""
from __future__ import annotations

import ast
import pickle
from pathlib import Path

import wec
from wec import rules
from wec._core import state
from wec._core.records import ActionRecord, EventRecord, PieceRecord
from wec.game import coredata


CODES = {name for name in dir(state) if name.isupper()}


def test_no_python_module_defines_a_code_again():
    assert {"ACT_MOVE", "ACT_RESIGN", "EV_REMOVED", "CAUSE_FALL", "RESULT_NONE"} <= CODES
    package = Path(wec.__file__).parent
    for source in sorted(package.rglob("*.py")):
        if source.is_relative_to(package / "rules"):
            continue  # the rules data, below the core: its names (movement kinds) are its own
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
            names = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
            assert not names & CODES, f"{source.name}:{node.lineno} defines {names & CODES}"


def test_the_facade_codes_are_the_cores():
    for name in ("ACT_MOVE", "ACT_END", "ACT_REINFORCE", "ACT_RESIGN", "ACT_DRAW", "EV_REMOVED",
                 "EV_SWEPT", "CAUSE_CAPTURE", "CAUSE_FALL", "RESULT_NONE"):
        assert getattr(coredata, name) == getattr(state, name), name
    # the core's values as the rules data orders them (R12.2 kinds by article index)
    assert state.A_FL == rules.ARTICLE_INDEX["FL"] and state.A_TL == rules.ARTICLE_INDEX["TL"]
    assert coredata.KILL_KIND[state.A_RL] == "RK" and coredata.PROJECTILE_LETTER[state.A_SL] == "S"
    assert coredata.RESULT_NAMES[state.RESULT_DRAW] == "draw"
    assert (state.BLACK, state.WHITE) == (rules.COLORS.index("black"), rules.COLORS.index("white"))


def test_the_core_hands_named_records():
    g = wec.Game.new()
    engine = g._engine
    legal = engine.legal()
    assert all(type(a) is ActionRecord for a in legal)
    move = next(a for a in legal if a.kind == state.ACT_MOVE)
    assert move == pickle.loads(pickle.dumps(move)) and hash(move) == hash(pickle.loads(
        pickle.dumps(move)))
    piece = engine.piece(move.pid)
    assert type(piece) is PieceRecord and piece.pid == move.pid and piece.sq != move.dest
    engine.apply(move)
    events = engine.events()
    assert all(type(e) is EventRecord for e in events)
    assert engine.piece(move.pid).sq == move.dest and engine.piece(move.pid).level == move.dlevel
    # End Turn, legal once the Move is made (R6.1): its fields default to "none"
    assert [a for a in engine.legal() if a.kind == state.ACT_END] == [ActionRecord(state.ACT_END)]
    engine.undo()
    assert engine.piece(move.pid) == piece
