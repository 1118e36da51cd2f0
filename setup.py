"""Build the Cython core (wec/_core).

Cython directives are global: bounds and wraparound checks off, C division. Set WEC_DEBUG=1 in the
environment to build with every check on (bounds, wraparound, None, initialised variables, Python
division semantics) and line tracing for tests.
"""
import os
import platform

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("WEC_DEBUG", "") not in ("", "0")
# popcount/ctz as single instructions (every x86-64 CPU since 2008 has them): without the flag
# GCC calls libgcc's __popcountdi2, a tenth of perft's move counting
NATIVE_BITS = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "cdivision": not DEBUG,
    "initializedcheck": DEBUG,
    "nonecheck": DEBUG,
    "embedsignature": True,
}
MODULES = ["state", "board", "effects", "dozes", "movegen", "fire", "articles", "actions", "make", "perft",
           "search", "tables", "records", "engine", "searcher", "ismcts_tree", "ismcts", "codec",
           "planes", "bench", "views"]
extensions = [
    Extension(
        f"wec._core.{name}",
        [f"wec/_core/{name}.pyx"],
        include_dirs=[numpy.get_include()],
        extra_compile_args=(["-O0", "-g"] if DEBUG else ["-O3"]) + NATIVE_BITS,
        # WEC_DEBUG also turns on the consistency checker after every applied action (engine.pyx)
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
        + ([("WEC_DEBUG", "1")] if DEBUG else []),
    )
    for name in MODULES
    if os.path.exists(f"wec/_core/{name}.pyx")
]

setup(
    ext_modules=cythonize(extensions, compiler_directives=directives,
                          build_dir="build/debug" if DEBUG else "build/release"),
)
