"""Shared by every test folder: pytest puts this folder on sys.path (for `builders` and
`reference`) because this conftest sits here. It also makes every `long` test `slow`: a test too
long for `make test` is too long for the debug pass (`-m "not slow and not timing"`) as well, and
gives a test run started as a background job the Ctrl-C of a terminal (below)."""
from __future__ import annotations

import signal
import threading

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """The Ctrl-C tests send SIGINT to the commands they start, as a terminal does to its
    foreground job. A shell starts its background jobs (`make test &`, nohup, a CI runner's
    script) with SIGINT ignored, which those commands would inherit and rightly keep: Python's
    handler is put back here, in pytest and each of its workers, so that they start with the
    terminal's default."""
    if (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) == signal.SIG_IGN):
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(tryfirst=True)  # before `-m` chooses the tests
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("long") and not item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.slow)
