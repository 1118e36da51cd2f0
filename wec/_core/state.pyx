# cython: language_level=3
"""The state's C declarations are in state.pxd; this module exports its codes to Python (levels,
sides, results, article kinds, event kinds and causes, action kinds): wec.game.coredata takes
them from here."""
