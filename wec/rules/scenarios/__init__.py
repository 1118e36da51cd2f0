"""Predefined starting positions (docs/FORMATS.md "Positions"), one JSON file per scenario.

``load(name)`` gives the position dict for ``wec.Game.from_position``; ``path(name)`` the file.
Every file is written exactly as ``Game.position()`` writes it (UTF-8, indent 1), so a file is
equal to the position of the game loaded from it.
"""
from __future__ import annotations

import json
import pathlib
from importlib import resources
from typing import Any

SCENARIOS: dict[str, str] = {
    "standard": "The standard set-up (R2.5, R5.4, R8.5): Game.new().position(); Black to move.",
    "no_articles": "The standard set-up without any article on the board; reserves kept.",
    "ground_only": "The standard set-up without CH, JE, SU, without JP, SC, SL, TL, ASL, ATL "
                   "articles and without SU/JE reserves: everything at Ground.",
    "standard_chess": "The standard set-up with Standard Chess movement (R4).",
    "mass_destruction": "The standard set-up with Mass Destruction movement (R4).",
    "stealth_duel": "Small stealth fight (R10): K, pawns, SHP, AAA, SH-carrying TA and CL, a DS "
                    "and a submerged SU per side, ASH/SH/TL/ATL articles near both sides; "
                    "range detection on.",
    "reinforcement_race": "Few pieces per side, seven reserves each on activation squares "
                          "(rows 3-4 / 7-8) near its own forces: race to arm and bring them in "
                          "(R8.4).",
    "tactical_puzzle": "White to move wins this turn: stun the King to strip its carried "
                       "Anti-Flame, then a strength-2 flame (before the Tank blocks the stunner).",
}

PUZZLE_SOLUTIONS: dict[str, list[str]] = {
    # the actions of the winning turn, in order, before "END" (which the solver then plays)
    "tactical_puzzle": [
        "FI:ST/SP(3,6)->(4,6)",        # stun the black King: it drops its carried AFL (R7.3.3)
        "MV:TA(1,9)1FL<->(8,6)",       # only now may the Tank enter the stunner's column
        "FI:FL/TA(8,6)1FL<->(9,6)",    # flame strength 2 > the King's inherent AFL 1 (R7.8)
    ],
}

PUZZLE_WINNERS: dict[str, str] = {"tactical_puzzle": "white"}


def _check(name: str) -> str:
    if name not in SCENARIOS:
        raise KeyError(f"unknown scenario {name!r}; known scenarios: {', '.join(sorted(SCENARIOS))}")
    return f"{name}.json"


def path(name: str) -> pathlib.Path:
    """The JSON file of a scenario; KeyError for an unknown name."""
    return pathlib.Path(__file__).resolve().parent / _check(name)


def load(name: str) -> dict[str, Any]:
    """The position dict of a scenario (docs/FORMATS.md); KeyError for an unknown name."""
    text = resources.files(__name__).joinpath(_check(name)).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
