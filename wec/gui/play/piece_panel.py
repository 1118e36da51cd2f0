"""The panel for the selected piece: type, hand, articles, strengths, cool-downs, stun."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from wec import rules
from wec.game.action import PieceInfo

from wec.gui.play.interaction import ARTICLE_NAMES, LEVEL_NAMES, piece_name

WEAPONS = ("FL", "ST", "CS", "RL", "SL", "TL")


def strengths(piece: PieceInfo) -> dict[str, int]:
    """Per weapon kind, how many the piece has (inherent + carried): its Fire strength when all
    are ready (R6.2)."""
    inherent = rules.PIECE_TYPES[rules.TYPE_INDEX[piece.type]].abilities
    out: dict[str, int] = {}
    for code in list(inherent) + list(piece.articles):
        if code in WEAPONS:
            out[code] = out.get(code, 0) + 1
    return out


def piece_html(piece: PieceInfo | None) -> str:
    if piece is None:
        return "<i>No piece selected.</i><br>Click a piece on the board or in the level panels."
    ptype = rules.PIECE_TYPES[rules.TYPE_INDEX[piece.type]]
    rows = [("Piece", f"{html.escape(ptype.name)} ({piece.type}), {piece.color}"),
            ("Where", f"({piece.row},{piece.col}) {LEVEL_NAMES[piece.level]}")]
    if piece.hand:
        mark = html.escape("<" if piece.hand == "left" else ">")  # not a tag
        rows.append(("Hand", f"{piece.hand} ({mark})"))
    inherent = ", ".join(f"{ARTICLE_NAMES.get(a, a)} ({a})" for a in ptype.abilities) or "none"
    rows.append(("Inherent", inherent))
    carried = ", ".join(f"{ARTICLE_NAMES.get(a, a)} ({a})" for a in piece.articles) or "none"
    rows.append(("Articles", carried))
    st = strengths(piece)
    if st:
        rows.append(("Strengths", ", ".join(f"{k} {v}" for k, v in st.items())))
    if piece.cooldowns:  # "RL: 3 turns": also on the board, as the piece's red count-down
        rows.append(("Cool-downs", ", ".join(f"{k}: {v} turn{'s' if v != 1 else ''}"
                                             for k, v in sorted(piece.cooldowns.items()))))
    else:
        rows.append(("Cool-downs", "all weapons ready"))
    rows.append(("Stun", f"<b style='color:#b08800'>{piece.stun} turns</b>" if piece.stun
                 else "not stunned"))
    if piece.journey:
        art, to, path = piece.journey
        rows.append(("Journey", f"{ARTICLE_NAMES.get(art, art)} to {to} ({path})"))
    if piece.fired:
        rows.append(("This turn", "has fired"))
    body = "".join(f"<tr><td><b>{k}</b>&nbsp;</td><td>{v}</td></tr>" for k, v in rows)
    return f"<table cellspacing=1>{body}</table>"


class PiecePanel(QLabel):
    """Rich text about one piece."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.piece: PieceInfo | None = None
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.setMargin(4)
        self.setMinimumHeight(190)
        self.show_piece(None)

    def show_piece(self, piece: PieceInfo | None) -> None:
        self.piece = piece
        self.setText(piece_html(piece))
