"""The facade's error types (API.md)."""
from __future__ import annotations


class WecError(Exception):
    """Base of every error the facade raises on purpose."""


class IllegalActionError(WecError, ValueError):
    """An action that is not legal now, or text that is no action; the game is unchanged."""


class PositionError(WecError, ValueError):
    """A bad position dict or file; the message names the offending entry."""


class SaveFormatError(WecError, ValueError):
    """A bad or corrupt save file; the message names the field or the ply."""


class OptionsError(WecError, ValueError):
    """An option with a wrong name, type or value; the message names it."""
