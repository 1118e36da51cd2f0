"""Argument types and the parser of the command lines (`wec`, `python -m wec.tools.tune`): a bad value
is a one-line usage error with exit status 2, never a traceback."""
from __future__ import annotations

import argparse
import math
import re
from typing import Any, Callable


def count(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} is less than {minimum}")
        return value
    return parse


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"{text} is not a positive number of seconds")
    return value


def elo_bounds(text: str) -> tuple[float, float]:
    """ELO0,ELO1 of an SPRT, e.g. 0,100 or -10,40: the first below the second."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        low, high = float(parts[0]), float(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:80]!r} is not ELO0,ELO1 such as 0,100") from None
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise argparse.ArgumentTypeError(f"{text[:80]}: ELO0 must be below ELO1, both finite")
    return low, high


def window_size(text: str) -> str:
    """WxH in pixels, e.g. 1280x860 (wec.gui reads the same text)."""
    m = re.fullmatch(r"(\d+)x(\d+)", text.strip())
    if not m or not (200 <= int(m[1]) <= 10000 and 200 <= int(m[2]) <= 10000):
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size WxH such as 1280x860 "
                                         "(200 to 10000 pixels each)")
    return f"{int(m[1])}x{int(m[2])}"


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error: the message and where the help is, exit 2."""

    def error(self, message: str) -> Any:
        self.exit(2, f"{self.prog}: {message} (see `{self.prog} --help`)\n")
