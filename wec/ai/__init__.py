"""The computer opponent (`wec.AI`), and the baseline players.

The package's modules, by concern: `search` (levels, depths, progress reports), `params` (the
search parameters: SearchParams, IsmctsParams), `weights` (the evaluation), `view` (the fair
view a fair AI searches, R10.6), `plan` (a turn's plan), `player` (AI, RandomPlayer,
GreedyPlayer) and `ismcts` (the Information-Set MCTS decision). This module only re-exports
their public names.
"""
from __future__ import annotations

from wec.ai.params import DEFAULT_PARAMS, IsmctsParams, SearchParams
from wec.ai.plan import plan_entries, plan_hash
from wec.ai.player import AI, GreedyPlayer, RandomPlayer
from wec.ai.search import ALGORITHMS, DEFAULT_LEVEL, GREEDY, LEVEL_DEPTH, LEVELS, Level, \
    Progress, iteration_depths, static_score
from wec.ai.view import flamed, loadable, searched_sightings, view_game, view_score
from wec.ai.weights import search_values

__all__ = ["AI", "ALGORITHMS", "DEFAULT_LEVEL", "DEFAULT_PARAMS", "GREEDY", "GreedyPlayer",
           "IsmctsParams", "LEVEL_DEPTH", "LEVELS", "Level", "Progress", "RandomPlayer",
           "SearchParams", "flamed", "iteration_depths", "loadable", "plan_entries", "plan_hash",
           "search_values", "searched_sightings", "static_score", "view_game", "view_score"]
