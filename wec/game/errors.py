"""The facade's error types."""
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


SHOWN_CHARS = 80
"""How much of an offending value a message quotes: a 10 MB string must not become a 10 MB
message."""


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """`repr(value)` cut to about `limit` characters, for error messages. Never fails: a value
    nested too deep to print, or an integer too long to turn into text, is described instead."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"an integer of about {int(value.bit_length() * 0.30103)} digits"
    if isinstance(value, str) and len(value) > 4 * limit:
        value = value[:2 * limit]  # repr of a huge string is itself huge: cut first
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        return f"a {type(value).__name__} too large or nested too deep to show"
    if len(text) > limit:
        text = text[:limit - 5] + "[...]"
    return text


def kind_of(value: object) -> str:
    """What a JSON value is, for "expected a list, got an int": null, true and false by name,
    the others by their Python type with an article ("an int", "a string", "an object")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    names = {int: "an int", float: "a float", str: "a string", list: "a list"}
    return names.get(type(value), f"a {type(value).__name__}")


def cut(text: object, limit: int = 300) -> str:
    """A message (e.g. an error from a lower layer that quotes its input) cut to `limit`
    characters, on one line."""
    text = " ".join(str(text).splitlines())
    return text if len(text) <= limit else text[:limit - 5] + "[...]"
