"""The build: the package as pyproject.toml declares it, with the search kernels written in C
(solver/csrc/) built as the extension `dungeoneer.solver._ckernel` where a C compiler works, and,
when asked (DUNGEONEER_COMPILE=1), the hot modules of the Puzzle Dungeon engine and the solver
compiled to C with mypyc too (docs/solver.md, "Speed").

The C kernels are ports of the Python kernels, which stay in the package, and the compiled
modules are the same Python files, compiled: everything works without them, with the same
answers, only slower. So an install builds the C kernels (a few seconds of the compiler) and
falls back to the pure package, with a warning, when there is no C compiler or when compiling
fails; mypyc (minutes) runs only when asked; DUNGEONEER_COMPILE=0 asks for the pure package. An
editable install (`pip install -e`) is always pure: a developer's edits take effect at once,
and tests, mypy and editors read the files as they are.

mypyc names modules by their place in a package, and this checkout has no `dungeoneer` folder
(pyproject.toml maps engine/, solver/, ... into it), so the compiled files are first laid out
as the installed package is, as links under build/mypyc-src/.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from setuptools import Distribution, Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE_DIRS = {"": "package", "engine": "engine", "solver": "solver", "generator": "generator",
                "cli": "cli", "seeds": "seeds"}
"""Where each part of the `dungeoneer` package lives in the checkout (as pyproject.toml)."""

COMPILED = (
    "engine/rng.py",
    "engine/puzzle_dungeon/rules.py",
    "engine/puzzle_dungeon/effects.py",
    "engine/puzzle_dungeon/board.py",
    "engine/puzzle_dungeon/bots.py",
    "engine/puzzle_dungeon/state.py",
    "solver/canonical.py",
    "solver/branches.py",
    "solver/ordering.py",
    "solver/table.py",
    "solver/search.py",
    "solver/rollouts.py",
    "solver/kernel.py",
    "solver/trigger_kernel.py",
    "solver/rules_kernel.py",
    "solver/native.py",
)
"""The modules compiled, as paths in the checkout: the engine's primitives, card effects,
working board and positions, the players' choices, and the solver's keys, branches, orderings,
table, searches (whose best-first node is a class: mypy expands a recursive tuple alias without
end when mypyc compiles it) and its kernels: the core rules', the full rules' and its slice, and
the search on the C kernel (a compiled `Strategy` takes no interpreted subclass)."""

C_KERNEL = "dungeoneer.solver._ckernel"
"""The extension of the C kernels (solver/native.py drives it)."""
C_SOURCES = ("solver/csrc/kernel.c", "solver/csrc/rules.c")
"""Its sources: kernel.c includes rules.c (so the build compiles kernel.c alone, and builds it
again when either changes)."""

BUILDING = {"build", "build_ext", "bdist_wheel", "bdist", "install"}
"""The commands that build modules; the others (the metadata a build front end asks for first)
need not compile anything."""

GROUP = "dungeoneer.native"
"""mypyc's group: its shared runtime library is `dungeoneer.native__mypyc`, inside the package."""


def _staged() -> Path:
    """The package laid out under build/mypyc-src/dungeoneer as links to the checkout."""
    stage = ROOT / "build" / "mypyc-src"
    if stage.exists():
        shutil.rmtree(stage)
    top = stage / "dungeoneer"
    top.mkdir(parents=True)
    for part, folder in PACKAGE_DIRS.items():
        if part:
            (top / part).symlink_to(ROOT / folder, target_is_directory=True)
        else:
            for item in (ROOT / folder).iterdir():
                (top / item.name).symlink_to(item)
    return stage


def _can_compile_c() -> bool:
    """Whether this machine's C compiler (as Python's build tools find it, $CC included) builds
    a trivial file: asked before mypyc spends a minute type-checking for nothing."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "probe.c"
        source.write_text("int dungeoneer_probe(void) { return 0; }\n", encoding="ascii")
        try:
            compiler.compile([str(source)], output_dir=folder)
        except Exception:  # (CompileError, or no compiler program at all)
            return False
    return True


def _native_extensions() -> list:
    """The C kernels' extension, and mypyc's extensions for COMPILED when asked
    (DUNGEONEER_COMPILE=1; it type-checks them first, and the C kernels alone are built when
    mypyc is not there); none (a pure build) when DUNGEONEER_COMPILE=0 or when there is no C
    compiler."""
    asked = os.environ.get("DUNGEONEER_COMPILE", "")
    if asked == "0":
        return []
    if not _can_compile_c():
        print("dungeoneer: no working C compiler: building the pure package", file=sys.stderr)
        return []
    # Optimised as CPython's own extensions are, plus -O3, and for any machine of the platform
    # (no -march=native: a wheel may run elsewhere).
    kernels = Extension(C_KERNEL, sources=[C_SOURCES[0]], depends=list(C_SOURCES[1:]),
                        extra_compile_args=["-O3"] if os.name != "nt" else [])
    if asked == "":
        return [kernels]
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("dungeoneer: mypyc is not installed: the Python modules stay pure",
              file=sys.stderr)
        return [kernels]
    return [kernels, *_mypyc_extensions(mypycify)]


def _mypyc_extensions(mypycify: Callable[..., list]) -> list:
    """mypyc's extensions for COMPILED, built from the package laid out under build/."""
    stage = _staged()
    here = Path.cwd()
    os.chdir(stage)  # (mypyc names modules by their paths from here)
    try:
        # The build environment holds mypy alone: the dependencies' types are taken as Any. So
        # mypy reads a configuration of its own here, not the project's strict one (which
        # pyproject.toml gives for checking an install that has the dependencies).
        config = stage / "mypy.ini"
        config.write_text("[mypy]\nignore_missing_imports = True\n", encoding="ascii")
        return mypycify(["--config-file", str(config),
                         *(f"dungeoneer/{path}" for path in COMPILED)], opt_level="3",
                        group_name=GROUP, target_dir=str(ROOT / "build" / "mypyc-c"))
    finally:
        os.chdir(here)


class OptionalBuildExt(build_ext):
    """Build the compiled modules if this machine can; otherwise leave them out, so the pure
    modules are used, and say so. An editable install never compiles them (nor type-checks
    them for it)."""

    def finalize_options(self) -> None:
        # The extensions are chosen before setuptools prepares each of them for building.
        if self.editable_mode:
            print("dungeoneer: an editable install stays pure (edits take effect at once)",
                  file=sys.stderr)
            self.distribution.ext_modules = []
        elif not BUILDING & set(self.distribution.commands):
            self.distribution.ext_modules = []  # (metadata only: nothing is compiled)
        else:
            try:
                self.distribution.ext_modules = _native_extensions()
            except (Exception, SystemExit) as exc:  # (mypyc exits on a type error)
                _say_pure(exc)
                self.distribution.ext_modules = []
        super().finalize_options()

    def run(self) -> None:
        built: set[str] = set()
        try:
            if self.extensions:
                super().run()
                built = {extension.name for extension in self.extensions}
        except (Exception, SystemExit) as exc:  # (no C compiler, a failed compile)
            _say_pure(exc)
        self._remove_outputs(keep=built)

    def _remove_outputs(self, keep: set[str]) -> None:
        """Leave no compiled module in the build but those just built (`keep`): a stale one of
        an earlier build would be imported before the Python file beside it."""
        names = [C_KERNEL, f"{GROUP}__mypyc",
                 *("dungeoneer." + path.removesuffix(".py").replace("/", ".")
                   for path in COMPILED)]
        for name in names:
            if name not in keep:
                Path(self.get_ext_fullpath(name)).unlink(missing_ok=True)
        if not keep:
            self.extensions = []
            self.distribution.ext_modules = []


def _say_pure(reason: BaseException) -> None:
    print(f"dungeoneer: the compiled modules could not be built ({reason}); the pure package "
          "is installed, and it is slower", file=sys.stderr)


class MaybeNativeDistribution(Distribution):
    """A distribution that may hold compiled modules: its wheels are built for this platform,
    and the build runs `build_ext`, which decides what to compile."""

    def has_ext_modules(self) -> bool:
        return True


setup(distclass=MaybeNativeDistribution, cmdclass={"build_ext": OptionalBuildExt})
