"""Build the C kernel (kernel.c) into build/ next to this file, when it is missing or older than
its source: one `gcc` call against the running interpreter's headers. Not part of the package.

    python benchmarks/native/build.py
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "kernel.c"
BUILD = HERE / "build"
MODULE = "ckernel"

FLAGS = ["-O3", "-march=native", "-shared", "-fPIC", "-Wall", "-Wextra", "-Wno-unused-parameter",
         "-Wno-missing-field-initializers", "-Wno-cast-function-type"]
"""Optimised for this machine: the figure wanted is what C can do here."""


def target() -> Path:
    """Where the extension goes, named as this interpreter imports it."""
    return BUILD / (MODULE + sysconfig.get_config_var("EXT_SUFFIX"))


def ensure_built() -> Path:
    """The extension, compiled first if its source is newer; its folder joins `sys.path`."""
    built = target()
    if not built.exists() or built.stat().st_mtime < SOURCE.stat().st_mtime:
        BUILD.mkdir(exist_ok=True)
        include = sysconfig.get_paths()["include"]
        subprocess.run(["gcc", *FLAGS, f"-I{include}", str(SOURCE), "-o", str(built)],
                       check=True)
    if str(BUILD) not in sys.path:
        sys.path.insert(0, str(BUILD))
    return built


if __name__ == "__main__":
    print(ensure_built())
