"""The facade is typed (py.typed) and mypy-clean."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_clean():
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "wec")])
    assert status == 0, out + err


def test_py_typed_marker_is_shipped():
    assert (ROOT / "wec" / "py.typed").exists()
