"""`wec play` says which system libraries Qt's X11 plugin lacks, and the command that installs
them, instead of letting Qt abort the process (a fresh Debian/Ubuntu desktop lacks libxcb-cursor0)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from wec.cli import main as wec_main
from wec.gui import app, systemlibs

LDD = """\tlinux-vdso.so.1 (0x00007ffd)
\tlibGL.so.1 => /lib/x86_64-linux-gnu/libGL.so.1 (0x00007f)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxkbcommon-x11.so.0 => not found
\tlibxcb-icccm.so.4 => not found
"""


def test_ldd_not_found_lines_are_read_once_each_in_order():
    assert systemlibs.unresolved(LDD) == [
        "libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxkbcommon-x11.so.0"]
    assert systemlibs.unresolved("\tlibc.so.6 => /lib/libc.so.6 (0x1)\n") == []


@pytest.mark.parametrize("library, package", [
    ("libxcb-cursor.so.0", "libxcb-cursor0"), ("libxcb-icccm.so.4", "libxcb-icccm4"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"), ("libEGL.so.1", "libegl1"),
    ("libdbus-1.so.3", "libdbus-1-3"), ("libxcb-render-util.so.0", "libxcb-render-util0")])
def test_debian_package_names_follow_the_soname(library, package):
    assert systemlibs.debian_package(library) == package


def test_one_install_command_per_distribution():
    missing = ["libxcb-cursor.so.0", "libxcb-keysyms.so.1"]
    assert systemlibs.install_command(missing, {"ubuntu", "debian"}) == \
        "sudo apt-get install libxcb-cursor0 libxcb-keysyms1"
    assert systemlibs.install_command(missing, {"fedora"}) == \
        "sudo dnf install xcb-util-cursor xcb-util-keysyms"
    assert systemlibs.install_command(missing, {"arch"}) == \
        "sudo pacman -S xcb-util-cursor xcb-util-keysyms"
    assert systemlibs.install_command(missing, {"gentoo"}) is None


@pytest.mark.parametrize("environ, x11", [
    ({}, True), ({"WAYLAND_DISPLAY": "wayland-0"}, False), ({"QT_QPA_PLATFORM": "xcb"}, True),
    ({"QT_QPA_PLATFORM": "offscreen"}, False), ({"QT_QPA_PLATFORM": "wayland;xcb"}, False)])
def test_the_check_runs_only_where_qt_uses_x11(environ, x11, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    assert systemlibs.uses_x11(environ) is x11


def test_the_check_agrees_with_the_dynamic_loader():
    """What the check calls missing is what keeps the real plugin from loading: either nothing
    is missing and the plugin loads, or loading it fails on one of the libraries named."""
    plugin = systemlibs.xcb_plugin()
    if plugin is None:
        pytest.skip("this PySide6 has no xcb plugin")
    missing = systemlibs.missing_libraries(plugin)
    loaded = subprocess.run([sys.executable, "-c", f"import ctypes; ctypes.CDLL({plugin!r})"],
                            capture_output=True, text=True, check=False)
    if missing:
        assert loaded.returncode != 0
        assert any(name in loaded.stderr for name in missing), loaded.stderr
    else:
        assert loaded.returncode == 0, loaded.stderr


def test_wec_play_and_the_editor_say_the_command_instead_of_qt_aborting(monkeypatch, capsys):
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(app, "x11_problem", lambda: (
        "the desktop app's X11 window needs system libraries that are missing "
        "(libxcb-cursor.so.0): install them with: sudo apt-get install libxcb-cursor0"))
    made = []
    monkeypatch.setattr(app, "application", lambda offscreen: made.append(offscreen))
    assert wec_main(["play"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "sudo apt-get install libxcb-cursor0" in err
    assert "wec play --text" in err and "Traceback" not in err
    assert wec_main(["editor"]) == 2
    assert "sudo apt-get install libxcb-cursor0" in capsys.readouterr().err
    assert made == []  # Qt never started
