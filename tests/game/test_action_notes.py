"""Game.action_notes: the record per action as a side may read it (R12.2, R12.3)."""
from __future__ import annotations

import pytest

import wec


def test_notes_follow_the_line_and_the_redo_line():
    g = wec.Game.new(wec.Options(invisible_pieces=False))
    for text in ("MV:RP(9,1)->(8,2)", "END", "MV:RP(2,10)->(3,9)", "END"):
        g.apply(text)
    notes = g.action_notes()
    assert [(n.ply, n.side, n.kind, n.part) for n in notes] == [
        (0, "black", "MOVE", "MV:RP(9,1)->(8,2)"), (1, "black", "END", None),
        (2, "white", "MOVE", "MV:RP(2,10)->(3,9)"), (3, "white", "END", None)]
    g.goto(1)
    assert g.action_notes("white", 0) == notes[:1] and g.action_notes("white", 1) == []
    assert g.action_notes("white", 1, ahead=True) == notes[1:]
    assert g.action_notes("black", 3, ahead=True) == notes[3:]


def test_a_competitive_game_gives_each_side_its_own_record_only():
    g = wec.Game.new(wec.Options(competitive=True))
    g.apply("MV:RP(9,1)->(8,2)")
    with pytest.raises(wec.IllegalActionError, match="R12.3"):
        g.action_notes()
    assert g.action_notes("black")[0].part == "MV:RP(9,1)->(8,2)"
    assert g.full_action_notes()[0].part == "MV:RP(9,1)->(8,2)"


@pytest.mark.parametrize("color,start", [("red", 0), (None, -1), (None, "1")])
def test_bad_arguments_name_themselves(color, start):
    with pytest.raises(wec.IllegalActionError, match=repr(color) if color else repr(start)):
        wec.Game.new().action_notes(color, start)
