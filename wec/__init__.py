"""WEC — Weapon Chess: the engine facade (API.md)."""
from .action import Action, PieceInfo, parse_action
from .errors import (IllegalActionError, OptionsError, PositionError, SaveFormatError,
                     WecError)
from .game import Game, perft
from .options import Options
from .ai import AI, GreedyPlayer, RandomPlayer

__all__ = ["AI", "Action", "Game", "GreedyPlayer", "RandomPlayer", "IllegalActionError", "Options", "OptionsError", "PieceInfo",
           "PositionError", "SaveFormatError", "WecError", "parse_action", "perft"]
__version__ = "0.1.0"
