"""The online tests need the optional extra `online` (aiohttp); `served` starts `wec serve`."""
from __future__ import annotations

import pytest

pytest.importorskip("aiohttp")

from online_helpers import Subprocess  # noqa: E402


@pytest.fixture
def served(tmp_path):
    """A `wec serve` subprocess on a free port (killed at the end)."""
    procs: list[Subprocess] = []

    def start() -> Subprocess:
        proc = Subprocess(str(tmp_path / "games.sqlite3"))
        procs.append(proc)
        return proc
    yield start
    for proc in procs:
        proc.close()
