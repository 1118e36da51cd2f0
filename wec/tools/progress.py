"""Progress of long commands (`wec match`, `wec perft`, `python -m wec.tools.tune`) on stderr: a tqdm
bar on a terminal; elsewhere (a log file, CI, a pipe) a plain line at most every `interval`
seconds, so that a long run is never silent and a log is never flooded with bar redraws."""
from __future__ import annotations

import sys
import time
from typing import Any, TextIO

from tqdm import tqdm


class LineProgress:
    """The subset of tqdm's interface the commands use, printed as occasional plain lines."""

    def __init__(self, total: int, desc: str, unit: str, initial: int = 0,
                 file: TextIO | None = None, interval: float = 30.0):
        self.total, self.desc, self.unit, self.n = total, desc, unit, initial
        self.file = file or sys.stderr
        self.interval = interval
        self.postfix = ""
        self.start = time.monotonic()
        self.first = initial
        self.shown = self.start

    def __enter__(self) -> "LineProgress":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def set_description(self, text: str, refresh: bool = True) -> None:
        self.desc = text

    def set_postfix_str(self, text: str, refresh: bool = True) -> None:
        self.postfix = text

    def write(self, text: str, file: TextIO | None = None) -> None:
        print(text, file=file or sys.stdout, flush=True)

    def update(self, n: int = 1) -> None:
        self.n += n
        now = time.monotonic()
        if now - self.shown >= self.interval or self.n >= self.total:
            self.shown = now
            print(self.line(now), file=self.file, flush=True)

    def line(self, now: float) -> str:
        elapsed = now - self.start
        done = self.n - self.first
        eta = ""
        if done > 0 and self.n < self.total:
            eta = f", about {_clock(elapsed / done * (self.total - self.n))} left"
        postfix = f", {self.postfix}" if self.postfix else ""
        return (f"{self.desc}: {self.n}/{self.total} {self.unit}s{postfix} "
                f"({_clock(elapsed)}{eta})")

    def close(self) -> None:
        pass


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    h, rest = divmod(seconds, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


def progress_bar(total: int, desc: str, unit: str, initial: int = 0,
                 leave: bool = True) -> Any:
    if not sys.stderr.isatty():
        return LineProgress(total, desc, unit, initial)
    return tqdm(total=total, desc=desc, unit=unit, initial=initial, leave=leave,
                file=sys.stderr, dynamic_ncols=True, mininterval=0.25)
