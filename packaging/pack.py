"""Pack the packaged app (`make dist`): dist/wec/ with its desktop entry, icon and INSTALL.txt
into dist/wec-VERSION-SYSTEM-MACHINE.tar.gz (a .zip on Windows), one folder inside."""
from __future__ import annotations

import platform
import shutil
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXTRAS = ("wec.desktop", "wec.png", "wec.svg", "INSTALL.txt")


def version() -> str:
    """The version as wec/_version.py writes it (the one place)."""
    namespace: dict[str, str] = {}
    exec((HERE.parent / "wec" / "_version.py").read_text(encoding="utf-8"), namespace)
    return namespace["__version__"]


def archive_name() -> str:
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower().replace("amd64", "x86_64")
    return f"wec-{version()}-{system}-{machine}"


def main(folder: str) -> int:
    app = Path(folder)
    if not (app / ("wec.exe" if sys.platform == "win32" else "wec")).exists():
        print(f"pack: {app} holds no packaged app (make bundle)", file=sys.stderr)
        return 2
    for name in EXTRAS:
        shutil.copy2(HERE / name, app / name)
    name = archive_name()
    if sys.platform == "win32":
        out = shutil.make_archive(str(app.parent / name), "zip", app.parent, app.name)
    else:
        out = str(app.parent / f"{name}.tar.gz")
        with tarfile.open(out, "w:gz") as tar:
            tar.add(app, arcname=name)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "dist/wec"))
