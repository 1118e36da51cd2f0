"""In the packaged app the X11 check finds Qt's xcb plugin where the packager put it."""
from __future__ import annotations

import importlib.util
import sys

import pytest

from wec.gui import systemlibs


@pytest.mark.parametrize("inside", ["PySide6/Qt/plugins", "PySide6/qt-plugins"])
def test_the_xcb_plugin_is_found_inside_a_packaged_app(tmp_path, monkeypatch, inside):
    plugin = tmp_path / inside / "platforms" / "libqxcb.so"
    plugin.parent.mkdir(parents=True)
    plugin.touch()
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert systemlibs.xcb_plugin() is None  # not packaged: only the PySide6 package is looked in
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert systemlibs.xcb_plugin() == str(plugin)
