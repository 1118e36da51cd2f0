"""A server's garbage collector (`server.tune_collector`'s thresholds): no pass over the young
generations examines more than a few young passes' worth of objects, however many objects the
games keep, so no collection stalls the loop for long. The objects examined are counted, not
timed."""
from __future__ import annotations

import gc

import pytest

pytest.importorskip("aiohttp")

from wec.online.server import COLLECTOR_THRESHOLDS  # noqa: E402

YOUNG = COLLECTOR_THRESHOLDS[0]
"""Objects a young pass waits for."""


def largest_pass(kept: int) -> tuple[int, int]:
    """With the server's thresholds, `kept` objects made and kept as games keep theirs: (the
    most objects a pass examined, the passes)."""
    examined: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] < 2:
            examined.append(sum(len(gc.get_objects(g)) for g in range(info["generation"] + 1)))
    old = gc.get_threshold()
    gc.collect()
    gc.freeze()  # the test process's own objects: examined by no pass
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    gc.callbacks.append(count)
    try:
        games = [[n] for n in range(kept)]
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*old)
        gc.unfreeze()
    assert len(games) == kept
    return max(examined), len(examined)


def test_no_pass_of_the_young_generations_examines_more_than_three_young_passes_worth():
    most, passes = largest_pass(40 * YOUNG)
    assert passes >= 30  # the young generations were collected many times
    assert most <= 4 * YOUNG  # 22 young passes' worth with the middle threshold at 20
