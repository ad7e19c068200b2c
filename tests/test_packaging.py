"""What a user installs: one import package, `dungeoneer`, complete with its data files, typed,
licensed, with its games as entry points, runnable as `python -m dungeoneer`; and the README's
Python examples work from a folder that is not the checkout."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib import metadata, resources
from pathlib import Path

import pytest

import dungeoneer
from dungeoneer.engine import registry

ROOT = Path(__file__).resolve().parent.parent
DATA = (".toml", ".rec")
GAMES = {"puzzle-dungeon", "dinky-dungeon", "five-more-minutes", "five-minute-dungeon"}


def distribution() -> metadata.Distribution:
    """The installed distribution the imported package belongs to (a build leaves a
    dungeoneer.egg-info in the checkout too, which is not what was installed)."""
    site = str(Path(dungeoneer.__file__).resolve().parent.parent)
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


def test_the_tests_import_the_installed_copy():
    """The checkout has no `dungeoneer` folder, so `import dungeoneer` finds the installation."""
    assert not (ROOT / "dungeoneer").exists()
    here = Path(dungeoneer.__file__).resolve()
    assert here == Path(str(distribution().locate_file("dungeoneer/__init__.py"))).resolve()


def test_one_top_level_package_and_its_metadata():
    if editable():
        pytest.skip("an editable install maps the checkout instead of copying it")
    tops = {name.split("/")[0] for name in installed_files() if not name.startswith("..")}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"dungeoneer"}
    assert "dungeoneer/py.typed" in installed_files()
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
    version = run_python(["-m", "dungeoneer", "--version"], tmp_path)
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip().endswith(dungeoneer.__version__)
    listing = run_python(["-m", "dungeoneer", "games", "--json"], tmp_path)
    assert listing.returncode == 0, listing.stderr
    assert {game["name"] for game in json.loads(listing.stdout)} == GAMES


def readme_examples() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", readme, flags=re.S)


@pytest.mark.parametrize("index", range(len(readme_examples())))
def test_the_readme_python_examples_print_what_they_say(tmp_path, index):
    """Each example runs from an empty folder; a `print(...)  # TEXT` line prints TEXT."""
    code = readme_examples()[index]
    said = [line.split("#", 1)[1].strip() for line in code.splitlines()
            if line.startswith("print(") and "#" in line]
    result = run_python(["-c", code], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == said
