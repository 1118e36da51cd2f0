"""`python -m build` makes an sdist and a binary wheel: the wheel holds the compiled core and
every data file the package reads, and installs and runs where nothing can be compiled."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
import tarfile
from pathlib import Path

import pytest

from packaging_helpers import ROOT, png_colours
from wec._version import __version__

pytestmark = pytest.mark.wheel

CORE = sorted(p.stem for p in (ROOT / "wec" / "_core").glob("*.pyx"))
# the data files the package reads at run time, as the source tree has them
DATA = sorted(str(p.relative_to(ROOT)) for pattern in (
    "wec/py.typed", "wec/rules/scenarios/*.json", "wec/tools/data/tactics/*.json",
    "wec/tools/data/positions/*.json", "wec/gui/play/help/*.md", "wec/gui/play/audio/*.wav")
    for p in ROOT.glob(pattern))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel built from it, as `python -m build` makes them; WEC_DIST names
    a folder that has them already (e.g. dist after `make wheel`)."""
    if os.environ.get("WEC_DIST"):
        out = Path(os.environ["WEC_DIST"])
        return {"sdist": next(out.glob("wec-*.tar.gz")), "wheel": next(out.glob("wec-*.whl"))}
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=3600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return {"sdist": next(out.glob("wec-*.tar.gz")), "wheel": next(out.glob("wec-*.whl"))}


def test_the_wheel_holds_the_compiled_core_and_every_data_file(built):
    wheel = built["wheel"]
    assert re.fullmatch(rf"wec-{re.escape(__version__)}-cp3\d+-cp3\d+-\w+\.whl", wheel.name)
    names = set(zipfile.ZipFile(wheel).namelist())
    compiled = {n.split("/")[-1].split(".")[0] for n in names
                if n.startswith("wec/_core/") and n.endswith((".so", ".pyd"))}
    assert compiled == set(CORE)
    assert DATA and [d for d in DATA if d not in names] == []
    assert not [n for n in names if n.endswith(".c")], "the generated C is not shipped"


def test_the_sdist_holds_the_sources_the_wheel_is_built_from(built):
    names = {n.partition("/")[2] for n in tarfile.open(built["sdist"]).getnames()}
    assert {"setup.py", "pyproject.toml", "README.md"} <= names
    assert {f"wec/_core/{m}.pyx" for m in CORE} <= names
    assert [d for d in DATA if d not in names] == []


def test_the_wheel_installs_where_nothing_compiles_and_runs_the_game(built, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=600)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    # any compiler call fails: the wheel and its dependencies must come ready-built
    env.update(CC="false", CXX="false", PATH=f"{venv / 'bin'}{os.pathsep}/usr/bin:/bin")
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q",
                          "--only-binary=:all:", f"{built['wheel']}[gui]"],
                         env=env, capture_output=True, text=True, timeout=1800)
    assert pip.returncode == 0, pip.stderr[-3000:]
    wec = str(venv / "bin" / "wec")

    def run(*args: str) -> str:
        done = subprocess.run([wec, *args], env=env, cwd=tmp_path, capture_output=True,
                              text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    assert run("--version").strip() == f"wec {__version__}"
    assert run("perft", "3").startswith("perft 3 (moves): 2262742 nodes")
    run("play", "--screenshot", "play.png", "--new")
    width, height, colours = png_colours(tmp_path / "play.png")
    assert (width, height) == (1280, 860) and colours > 50


@pytest.mark.skipif(shutil.which("auditwheel") is None and not
                    (Path(sys.executable).parent / "auditwheel").exists(), reason="no auditwheel")
def test_the_wheel_needs_only_manylinux_system_libraries(built):
    """auditwheel reads the libraries and symbol versions the compiled core links against: a
    manylinux tag means it runs on any Linux of that glibc or newer (cibuildwheel's manylinux
    containers then make the wheel that is published)."""
    tool = shutil.which("auditwheel") or str(Path(sys.executable).parent / "auditwheel")
    done = subprocess.run([tool, "show", str(built["wheel"])], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    assert re.search(r"manylinux_\d+_\d+_\w+", done.stdout), done.stdout
