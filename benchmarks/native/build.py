"""Build the C kernels (the package's solver/csrc/kernel.c, which includes rules.c) into build/
next to this file as the module `ckernel`, when it is missing or older than its sources: one
`gcc` call against the running interpreter's headers, optimised for this machine; and
driver.py's loop compiled with mypyc as `compiled_driver` (when mypyc is installed: it takes
half a minute). Not part of the package.

    python benchmarks/native/build.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
C_SOURCES = HERE.parent.parent / "solver" / "csrc"
SOURCE = C_SOURCES / "kernel.c"
SOURCES = (SOURCE, C_SOURCES / "rules.c")
"""kernel.c and the file it includes: the extension is built again when either is newer."""
BUILD = HERE / "build"
MODULE = "ckernel"

FLAGS = ["-O3", "-march=native", "-shared", "-fPIC", "-Wall", "-Wextra", "-Wno-unused-parameter",
         "-Wno-missing-field-initializers", "-Wno-cast-function-type",
         f"-DCKERNEL_NAME={MODULE}", f'-DCKERNEL_PATH="{MODULE}"']
"""Optimised for this machine: the figure wanted is what C can do here."""


def target() -> Path:
    """Where the extension goes, named as this interpreter imports it."""
    return BUILD / (MODULE + sysconfig.get_config_var("EXT_SUFFIX"))


def ensure_built() -> Path:
    """The extension, compiled first if its source is newer; its folder joins `sys.path`."""
    built = target()
    if not built.exists() or built.stat().st_mtime < max(s.stat().st_mtime for s in SOURCES):
        BUILD.mkdir(exist_ok=True)
        include = sysconfig.get_paths()["include"]
        subprocess.run(["gcc", *FLAGS, f"-I{include}", str(SOURCE), "-o", str(built)],
                       check=True)
    if str(BUILD) not in sys.path:
        sys.path.insert(0, str(BUILD))
    return built


def ensure_compiled_loop() -> bool:
    """driver.py compiled with mypyc as `compiled_driver`, built first if it is missing or
    older than driver.py; False when this environment has no mypyc."""
    if shutil.which("mypyc", path=str(Path(sys.executable).parent)) is None:
        return False
    folder = BUILD / "mypyc"
    built = BUILD / ("compiled_driver" + sysconfig.get_config_var("EXT_SUFFIX"))
    source = HERE / "driver.py"
    if not built.exists() or built.stat().st_mtime < source.stat().st_mtime:
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, folder / "compiled_driver.py")
        subprocess.run([str(Path(sys.executable).parent / "mypyc"), "compiled_driver.py"],
                       cwd=folder, check=True, capture_output=True)
        shutil.copy(folder / built.name, built)
    if str(BUILD) not in sys.path:
        sys.path.insert(0, str(BUILD))
    return True


if __name__ == "__main__":
    print(ensure_built())
    print("compiled loop:", ensure_compiled_loop())
