"""Which side is drawn at the bottom of the board: your own side, as in a chess GUI.

Row 1 is drawn at the bottom unless the board is flipped (wec/gui/drawing/board_geometry.py, the
mapping the board editor shares), and White's pieces start on the low rows (R1.5: White's
forward is towards row 10), so White at the bottom is the unflipped board and Black at the
bottom the flipped one.
"""
from __future__ import annotations

from wec.gui.drawing.board_geometry import flipped_for


def bottom_side(mode: str, human: str, looking: str | None, to_move: str, *,
                turn_board: bool) -> str:
    """The side at the bottom before View > Flip board: against the computer the human's side;
    in hotseat with a hand-off (hidden pieces or competitive: `looking` is the side at the
    screen) and `turn_board`, that side; computer against computer on a player's view (the
    sides changed during a game with hidden pieces), that player's side; otherwise `human`
    (hotseat without a hand-off: both players look at one board, it stays put; computer against
    computer: the side the user chose to follow). `to_move` is kept for callers that show the
    mover."""
    if looking and (mode == "hotseat" and turn_board or mode == "computer_vs_computer"):
        return looking
    return human


def is_flipped(bottom: str, flip: bool) -> bool:
    """The board widget's `flipped` for `bottom` at the bottom, turned once more by `flip`
    (View > Flip board)."""
    return flipped_for(bottom) != bool(flip)
