"""Evaluation weights of the computer opponent, as data (tuned by self-play later).

Values are in centipawn-like units: a pawn is 100.
"""
from __future__ import annotations

from wec import rules

PIECE_VALUES = {
    "K": 0, "DI": 0, "AV": 0, "PR": 0,          # primary government: its loss ends the game
    "Q": 900, "AS": 900, "AC": 900, "PM": 900,   # secondary government
    "TA": 450, "CL": 450, "CH": 500, "JE": 400, "SU": 400, "DS": 300, "AAA": 300, "DO": 250,
    "FP": 110, "RP": 110, "SP": 110, "CP": 110, "XP": 120, "SHP": 120, "SOP": 110,
}
ARTICLE_VALUES = {
    "FL": 60, "ST": 60, "CS": 70, "RL": 60, "SL": 50, "TL": 40, "BI": 25, "JP": 35, "SC": 25,
    "AFL": 30, "AST": 30, "ACS": 35, "ARL": 30, "ASL": 20, "ATL": 20, "SH": 45, "ASH": 30,
    "XXX": 40,
}
WEIGHTS = {
    "stunned": 40,            # percent of a stunned piece's value lost while it is stunned
    "projectile_near_primary": 150,  # an enemy projectile within 2 squares of a primary piece
    "mobility": 2,            # per legal action of the side to move (tempo)
    "reserve_armed": 120,     # an armed reserve not yet entered
    "primary_guard": 25,      # per enemy piece within 2 squares of a primary piece
    "cooling": 6,             # per turn a weapon still cools down (a Fire at nothing costs)
    "win": 1_000_000,
}


def table() -> dict:
    """The weights as one table (the shape `search_values` and the tuner use)."""
    return _default_table()


def _default_table() -> dict:
    return {"pieces": dict(PIECE_VALUES), "articles": dict(ARTICLE_VALUES),
            "weights": dict(WEIGHTS)}


def search_values(table: dict | None = None) -> dict:
    """The evaluation table in the core's index order: these weights, or a table of the same
    shape ({"pieces": {code: v}, "articles": {code: v}, "weights": {name: v}}) from tuning."""
    chosen = table or _default_table()
    pieces, articles, w = chosen["pieces"], chosen["articles"], chosen["weights"]
    return {"pieces": [int(pieces[t.code]) for t in rules.PIECE_TYPES],
            "articles": [0] + [int(articles[a]) for a in rules.ARTICLES],
            "stunned": int(w["stunned"]),
            "projectile_near_primary": int(w["projectile_near_primary"]),
            "mobility": int(w["mobility"]), "reserve_armed": int(w["reserve_armed"]),
            "primary_guard": int(w.get("primary_guard", 0)),
            "cooling": int(w.get("cooling", 0)), "win": int(w["win"])}
