"""Shared by every test folder: pytest puts this folder on sys.path (for `builders` and
`reference`) because this conftest sits here. It also makes every `long` test `slow`: a test too
long for `make test` is too long for the debug pass (`-m "not slow and not timing"`) as well."""
from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)  # before `-m` chooses the tests
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("long") and not item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.slow)
