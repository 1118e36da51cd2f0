"""WEC — Weapon Chess: the engine facade (reference: `make docs`; formats: docs/FORMATS.md)."""
from wec.game.action import Action, PieceInfo, parse_action
from wec.game.errors import (IllegalActionError, OptionsError, PositionError, SaveFormatError,
                     WecError)
from wec.game.game import Game, perft
from wec.game.options import Options
from wec.ai import AI, GreedyPlayer, RandomPlayer
from wec._version import __version__

__all__ = ["AI", "Action", "Game", "GreedyPlayer", "RandomPlayer", "IllegalActionError", "Options", "OptionsError", "PieceInfo",
           "PositionError", "SaveFormatError", "WecError", "parse_action", "perft"]
