"""The facade, the desktop app and the editor are typed (py.typed) and mypy-clean."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_clean(tmp_path):
    api = pytest.importorskip("mypy.api")
    # a fresh cache each time: a stale one once hid errors in the GUI from this test
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", str(tmp_path / "mypy-cache"),
                                str(ROOT / "wec")])
    assert status == 0, out + err


def test_py_typed_marker_is_shipped():
    assert (ROOT / "wec" / "py.typed").exists()
