"""The game facade: `Game`, `Action`, `Options`, positions, notation and observations.

Everything above this layer (files, the AI, the tools, the command line, the OpenSpiel binding,
the GUI) drives the engine through these modules only, never through `wec._core`.
"""
