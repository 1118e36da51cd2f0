"""WEC's version: the one place it is written. pyproject.toml reads it at build time
([tool.setuptools.dynamic]); `wec --version` and Help > About show it."""
from __future__ import annotations

__version__ = "0.1.0"


def version() -> str:
    """The version of the installed distribution, or this source's where wec runs without one
    (from a checkout, or from the packaged app, which carries no distribution metadata)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed
    try:
        return installed("wec")
    except PackageNotFoundError:
        return __version__
