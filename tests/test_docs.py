"""The documentation stays true: the README's quick start matches CI, and every test a rules
decision cites exists."""

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent


def quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


def test_the_quick_start_is_two_commands_and_ci_runs_the_test_one():
    install_and_run, install_and_test = quick_start()
    assert "pip install ." in install_and_run and "dungeoneer deal" in install_and_run
    ci = (ROOT / ".ci" / "run").read_text()
    install, test = install_and_test.split(" && .venv/bin/python -m pytest")[0], "python -m pytest"
    # The same extras as the README's (the test one and, for the --scheduler tests, dask).
    assert "'.[test,dask]'" in install
    assert install.replace("pip install '", "pip install --quiet '") in ci
    assert f".venv/bin/{test}" in ci


def test_every_test_cited_by_a_rules_decision_exists():
    for doc in (ROOT / "docs" / "rules").glob("*.md"):
        text = doc.read_text()
        for file, name in re.findall(r"`((?:\.\./)?[\w/]+\.py)::(\w+)`", text):
            folder = ROOT / "tests" / doc.stem.replace("-", "_")
            path = (folder / file).resolve()
            assert path.exists(), f"{doc.name} cites {file}"
            assert f"def {name}(" in path.read_text(), f"{doc.name} cites {file}::{name}"


def test_the_developing_section_gives_the_install_the_packaging_test_asks_for():
    from tests.test_packaging import INSTALL

    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Developing", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in section.splitlines() if line.startswith("    ")]
    assert commands[0] == f"python3 -m venv .venv && .venv/bin/{INSTALL}"
