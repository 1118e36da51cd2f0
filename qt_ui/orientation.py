"""Which side is drawn at the bottom of the board (issue 18): your own side, as in a chess GUI.

Row 1 is drawn at the bottom unless the board is flipped (qt_ui/board_widget.py), and White's
pieces start on the low rows (R1.5: White's forward is towards row 10), so White at the bottom
is the unflipped board and Black at the bottom the flipped one.
"""
from __future__ import annotations


def bottom_side(mode: str, human: str, looking: str | None, to_move: str, *,
                turn_board: bool) -> str:
    """The side at the bottom before View > Flip board: against the computer the human's side;
    in hotseat, with `turn_board`, the side at the screen (the side to move when nothing is
    hidden), else the first player's (`human`); computer against computer `human` too (the
    side the user chose to follow)."""
    if mode == "hotseat" and turn_board:
        return looking or to_move
    return human


def is_flipped(bottom: str, flip: bool) -> bool:
    """The board widget's `flipped` for `bottom` at the bottom, turned once more by `flip`
    (View > Flip board)."""
    return (bottom == "black") != bool(flip)
