"""The system libraries Qt's X11 window plugin needs, checked before Qt starts.

The PySide6 wheel brings Qt but not the X11 helper libraries of the desktop: since Qt 6.5 its xcb
plugin needs libxcb-cursor, which a fresh Debian/Ubuntu desktop lacks, and without it (or any other
of its libraries) Qt aborts the process with a message about platform plugins. `missing_for_x11()`
reads what the plugin needs before any Qt import, so `wec play` can say the one command that
installs the missing libraries instead.
"""
from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import shutil
import subprocess
import sys

# The distribution's package for a library Qt's xcb plugin needs, where its name is not the
# Debian rule's (`libxcb-cursor.so.0` -> `libxcb-cursor0`, `libxkbcommon-x11.so.0` ->
# `libxkbcommon-x11-0`): Fedora and Arch name the xcb-util libraries by their source package.
FEDORA_PACKAGES = {
    "libxcb-cursor.so.0": "xcb-util-cursor", "libxcb-icccm.so.4": "xcb-util-wm",
    "libxcb-keysyms.so.1": "xcb-util-keysyms", "libxcb-image.so.0": "xcb-util-image",
    "libxcb-render-util.so.0": "xcb-util-renderutil", "libxcb-util.so.1": "xcb-util",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11", "libEGL.so.1": "libglvnd-egl",
    "libGL.so.1": "libglvnd-glx",
}
ARCH_PACKAGES = {
    "libxcb-cursor.so.0": "xcb-util-cursor", "libxcb-icccm.so.4": "xcb-util-wm",
    "libxcb-keysyms.so.1": "xcb-util-keysyms", "libxcb-image.so.0": "xcb-util-image",
    "libxcb-render-util.so.0": "xcb-util-renderutil", "libxcb-util.so.1": "xcb-util",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11", "libEGL.so.1": "libglvnd",
    "libGL.so.1": "libglvnd",
}


def xcb_plugin() -> str | None:
    """The path of the PySide6 wheel's xcb platform plugin, found without importing Qt (an
    import that fails for a missing library is the abort this module prevents)."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        path = os.path.join(folder, "Qt", "plugins", "platforms", "libqxcb.so")
        if os.path.exists(path):
            return path
    return None


def unresolved(ldd_output: str) -> list[str]:
    """The libraries `ldd` reports as "not found", each once, in its order."""
    names: list[str] = []
    for line in ldd_output.splitlines():
        m = re.match(r"\s*(\S+)\s+=>\s+not found", line)
        if m and m.group(1) not in names:
            names.append(m.group(1))
    return names


def missing_libraries(plugin: str) -> list[str]:
    """The shared libraries `plugin` needs that the dynamic loader cannot find: by `ldd` (every
    one), or where it is absent by loading the plugin (the first one the loader names)."""
    ldd = shutil.which("ldd")
    if ldd:
        done = subprocess.run([ldd, plugin], capture_output=True, text=True, check=False)
        return unresolved(done.stdout)
    try:
        ctypes.CDLL(plugin)
    except OSError as e:
        m = re.match(r"(\S+\.so[.\d]*): cannot open shared object file", str(e))
        return [m.group(1)] if m else []
    return []


def debian_package(library: str) -> str:
    """Debian's package of a library by the Debian naming rule: the soname's stem, lower case,
    with its major number appended (a hyphen first when the stem ends with a digit)."""
    m = re.match(r"(.+)\.so\.(\d+)", library)
    if not m:
        return library
    stem, major = m.group(1).lower(), m.group(2)
    return f"{stem}-{major}" if stem[-1].isdigit() else f"{stem}{major}"


def distribution() -> set[str]:
    """The ids of this Linux distribution and those it is like (/etc/os-release)."""
    ids: set[str] = set()
    try:
        with open("/etc/os-release", encoding="utf-8") as f:
            for line in f:
                key, _, value = line.strip().partition("=")
                if key in ("ID", "ID_LIKE"):
                    ids.update(value.strip('"').split())
    except OSError:
        pass
    return ids


def install_command(libraries: list[str], ids: set[str]) -> str | None:
    """The one command that installs `libraries` on the distribution `ids`, or None when this
    module does not know the distribution's package names."""
    if ids & {"debian", "ubuntu"}:
        return "sudo apt-get install " + " ".join(debian_package(x) for x in libraries)
    if ids & {"fedora", "rhel", "centos"}:
        return "sudo dnf install " + " ".join(FEDORA_PACKAGES.get(x, x) for x in libraries)
    if ids & {"arch"}:
        names = dict.fromkeys(ARCH_PACKAGES.get(x, x) for x in libraries)
        return "sudo pacman -S " + " ".join(names)
    return None


def uses_x11(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    """Whether Qt will open its windows through the xcb plugin: on Linux, unless another
    platform is chosen or a Wayland session offers Qt its own plugin."""
    if not sys.platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(":")[0].split(";")[0] == "xcb"
    return not environ.get("WAYLAND_DISPLAY")


def x11_problem() -> str | None:
    """One line saying which system libraries the desktop app lacks and how to install them, or
    None when nothing is missing (or Qt will not use X11)."""
    plugin = xcb_plugin() if uses_x11() else None
    if plugin is None:
        return None
    missing = missing_libraries(plugin)
    if not missing:
        return None
    command = install_command(missing, distribution())
    how = f"install them with: {command}" if command else "install them with your package manager"
    return (f"the desktop app's X11 window needs system libraries that are missing "
            f"({', '.join(missing)}): {how}")
