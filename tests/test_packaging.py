"""What a user installs: one import package, `dungeoneer`, complete with its data files, typed,
licensed, with its games as entry points, runnable as `python -m dungeoneer`; the README's Python
examples work from a folder that is not the checkout; and the copy the tests import is the
checkout as it is now, under the user install and the developer's editable one alike."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import sysconfig
import tomllib
from importlib import metadata, resources
from pathlib import Path

import pytest

import dungeoneer
from dungeoneer.engine import registry
from tests.conftest import run, succeeded

ROOT = Path(__file__).resolve().parent.parent
DATA = (".toml", ".rec")
GAMES = {"puzzle-dungeon", "dinky-dungeon", "five-more-minutes", "five-minute-dungeon"}
INSTALL = "pip install -e '.[test,dask]' --config-settings editable_mode=strict"
"""The developer install (README, "Developing"), named in the messages below."""


def distribution() -> metadata.Distribution:
    """The distribution installed in this interpreter's site-packages (the checkout may hold a
    dungeoneer.egg-info from a build too, which is not what was installed)."""
    site = sysconfig.get_paths()["purelib"]
    found = [d for d in metadata.distributions(path=[site]) if d.metadata["Name"] == "dungeoneer"]
    assert len(found) == 1, f"dungeoneer is installed {len(found)} times in {site}"
    return found[0]


def editable() -> bool:
    direct = distribution().read_text("direct_url.json")
    return bool(direct and json.loads(direct).get("dir_info", {}).get("editable"))


def installed_files() -> list[str]:
    files = distribution().files
    assert files is not None, "the distribution lists no files"
    return [str(f) for f in files]


def import_roots() -> set[Path]:
    """The folders the installation puts on the import path: site-packages, and for an editable
    install the folders its .pth file names (the strict mode's tree of links to the checkout)."""
    dist = distribution()
    roots = {Path(sysconfig.get_paths()["purelib"])}
    for name in installed_files():
        if name.endswith(".pth"):
            text = Path(str(dist.locate_file(name))).read_text(encoding="utf-8")
            roots |= {Path(line.strip()) for line in text.splitlines()
                      if line.strip() and not line.startswith(("import", "#"))}
    return roots


def test_the_tests_import_the_installed_copy():
    """The checkout has no `dungeoneer` folder, so `import dungeoneer` finds the installation:
    site-packages, or the folder an editable install maps."""
    assert not (ROOT / "dungeoneer").exists()
    imported = Path(dungeoneer.__file__).parent.parent
    assert imported in import_roots(), f"dungeoneer is imported from {imported}"


def checkout_files() -> dict[str, Path]:
    """Every file the package is built from, by its path in the installed package
    (`dungeoneer/engine/rng.py`): the folders pyproject.toml maps, their modules and data."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mapped = config["tool"]["setuptools"]["package-dir"]
    found: dict[str, Path] = {}
    for package, folder in mapped.items():
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".pyi", *DATA) or path.name == "py.typed":
                relative = path.relative_to(ROOT / folder).as_posix()
                found[f"{package.replace('.', '/')}/{relative}"] = path
    return found


def test_the_installed_copy_is_the_checkout_as_it_is():
    """Tests of an installed copy older than the checkout would pass or fail for the old code:
    every module and data file of the checkout is installed, the same bytes, and no module is
    installed that the checkout no longer has. (The editable install follows edits by itself
    but not new or removed modules; the user install follows nothing.)"""
    top = Path(dungeoneer.__file__).parent
    checkout = checkout_files()
    assert len(checkout) > 100
    changed = sorted(name for name, path in checkout.items()
                     if not (top.parent / name).is_file()
                     or (top.parent / name).read_bytes() != path.read_bytes())
    gone = sorted(f"dungeoneer/{p.relative_to(top).as_posix()}" for p in top.rglob("*.py"))
    gone = [name for name in gone if name not in checkout]
    assert not changed and not gone, (
        f"the installed copy is older than the checkout: changed or new {changed[:5]}, "
        f"removed {gone[:5]}; reinstall: {INSTALL} (README, Developing)")


def test_one_top_level_package():
    if editable():
        # A .pth file names a folder of links to the checkout; `dungeoneer` is all it holds.
        tree = Path(dungeoneer.__file__).parent.parent
        assert [p.name for p in tree.iterdir()] == ["dungeoneer"]
        assert (tree / "dungeoneer" / "py.typed").is_file()
        return
    tops = {name.split("/")[0] for name in installed_files() if not name.startswith("..")}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"dungeoneer"}
    assert "dungeoneer/py.typed" in installed_files()


def test_the_metadata():
    assert any(name.endswith("licenses/LICENSE") for name in installed_files())
    meta = distribution().metadata
    assert meta["License-Expression"] == "MIT"
    assert "Typing :: Typed" in meta.get_all("Classifier")
    assert dungeoneer.__version__ == meta["Version"]


def test_every_data_file_of_the_checkout_is_installed():
    """A card file or example record missing from the wheel fails here (and in the tests that
    read it from the installed package)."""
    def data(folder: Path) -> set[str]:
        return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.suffix in DATA}

    checkout = data(ROOT / "seeds")
    assert len(checkout) > 20
    assert data(Path(str(resources.files("dungeoneer.seeds")))) == checkout


def test_the_games_are_found_through_entry_points():
    points = metadata.entry_points(group=registry.ENTRY_POINT_GROUP)
    assert set(points.names) == GAMES
    assert {entry.name for entry in registry.entries()} == GAMES
    assert registry.broken() == {}


def run_python(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, check=False)


def test_python_m_dungeoneer_runs_from_any_folder(tmp_path):
    listing = run_python(["-m", "dungeoneer", "games", "--json"], tmp_path)
    assert listing.returncode == 0, listing.stderr
    assert {game["name"] for game in json.loads(listing.stdout)} == GAMES


def test_the_version_is_the_installed_one():
    assert succeeded(run("--version")).output.strip().endswith(dungeoneer.__version__)


def readme_examples() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", readme, flags=re.S)


RUN_EXAMPLES = """
import sys, traceback
for index, code in enumerate(sys.argv[1:]):
    print(f"\\0example {index}", flush=True)
    try:
        exec(compile(code, f"README example {index}", "exec"), {"__name__": "__main__"})
    except BaseException:
        traceback.print_exc(file=sys.stdout)
"""
"""Runs each example given, after a line that starts it, with globals of its own; an example's
error is printed among its lines."""


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> list[list[str]]:
    """The lines each README example printed, all run in one new process (one start-up, not
    one each) from an empty folder."""
    examples = readme_examples()
    result = run_python(["-c", RUN_EXAMPLES, *examples], tmp_path_factory.mktemp("readme"))
    assert result.returncode == 0, result.stderr
    parts = result.stdout.split("\0example ")[1:]
    assert len(parts) == len(examples), result.stdout
    return [part.splitlines()[1:] for part in parts]


@pytest.mark.parametrize("index", range(len(readme_examples())))
def test_the_readme_python_examples_print_what_they_say(printed, index):
    """Each example runs from an empty folder; a `print(...)  # TEXT` line prints TEXT."""
    code = readme_examples()[index]
    said = [line.split("#", 1)[1].strip() for line in code.splitlines()
            if line.startswith("print(") and "#" in line]
    assert printed[index] == said
