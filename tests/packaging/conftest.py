"""The packaging tests build a wheel or the packaged app (minutes each): they run only when
chosen by marker (`make test-packaging`, i.e. `pytest -m "wheel or bundle" tests/packaging`)."""
from __future__ import annotations

import pytest

BUILDS = ("wheel", "bundle")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    chosen = config.getoption("markexpr") or ""
    for item in items:
        for name in BUILDS:
            if item.get_closest_marker(name) and name not in chosen:
                item.add_marker(pytest.mark.skip(
                    reason=f"builds the {name} (minutes): run with -m {name}"))
