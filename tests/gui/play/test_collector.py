"""The cyclic garbage collector runs on the window's thread only (wec/gui/play/collector.py): a cycle
holding a Qt object, left by the window's thread and found while another thread allocates, is
freed on the window's thread."""
from __future__ import annotations

import gc
import threading

import pytest
from PySide6.QtCore import QObject

from wec.gui.play.collector import THRESHOLDS, pin_collection_to_this_thread, unpin

pytestmark = pytest.mark.gui


class Cyclic(QObject):
    """A Qt object in a reference cycle that says, when freed, on which thread it was."""

    freed_on: list[str] = []

    def __init__(self) -> None:
        super().__init__()
        self.me = self  # the cycle: only the cyclic collector frees it

    def __del__(self) -> None:
        Cyclic.freed_on.append(threading.current_thread().name)


KEPT: list[list] = []


def allocate_in_another_thread() -> None:
    """Containers made and kept by another thread, enough to pass the youngest generation's
    threshold many times (freed ones would not count)."""
    def churn() -> None:
        KEPT.extend([] for _ in range(3 * THRESHOLDS[0]))
    t = threading.Thread(target=churn, name="churn")
    t.start()
    t.join()


def test_a_cycle_with_a_qt_object_is_freed_on_the_windows_thread(qtbot):
    gc.collect()
    Cyclic.freed_on = []
    collector = pin_collection_to_this_thread()
    try:
        assert not gc.isenabled()
        Cyclic()
        allocate_in_another_thread()
        assert Cyclic.freed_on == []  # the other thread did not collect
        collector.threshold = (0, 10, 10)  # due at the timer's next look, whatever the count
        qtbot.waitUntil(lambda: Cyclic.freed_on != [], timeout=5000)
        assert Cyclic.freed_on == [threading.main_thread().name]
        assert collector.collect_due() == 0  # nothing left over
    finally:
        KEPT.clear()
        unpin()
    assert gc.isenabled()


def test_without_the_pin_another_thread_may_free_it():
    """What the pin prevents (the test above would fail without it)."""
    gc.collect()
    Cyclic.freed_on = []
    assert gc.isenabled()
    Cyclic()
    try:
        allocate_in_another_thread()
    finally:
        KEPT.clear()
    assert Cyclic.freed_on == ["churn"]
