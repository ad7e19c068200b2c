"""`dungeoneer archive site`: a static website of the archive. The files are the same for the
same archive, every link and picture points at a file of the site, a folder is never replaced
by accident; and in a real headless browser (the system's Chromium, driven by Playwright) every
page loads without a console error, its picture is visible, and the reveal shows the line."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import failed_cleanly, run, succeeded
from tests.daily.conftest import PUZZLE

DATES = ("2026-01-04", "2026-01-05", "2026-01-06")


@pytest.fixture
def site(stand_in, archive, tmp_path) -> Path:
    for date in DATES:
        succeeded(run("daily", date, "--archive", archive))
    folder = tmp_path / "site"
    result = succeeded(run("archive", "site", str(folder), "--archive", archive))
    assert " ".join(result.output.split()) == f"Wrote 3 puzzle pages and the index to {folder}."
    return folder


def test_the_site_has_an_index_a_page_and_a_picture_per_puzzle(site):
    assert sorted(p.name for p in site.iterdir()) == [
        "2026-01-04.html", "2026-01-04.svg", "2026-01-05.html", "2026-01-05.svg",
        "2026-01-06.html", "2026-01-06.svg", "index.html", "style.css"]
    index = (site / "index.html").read_text()
    rows = re.findall(r'<tr><td><a href="([^"]+)">([^<]+)</a></td><td>(\w+)</td><td>(\d+)</td>'
                      r"<td>(\w+)</td><td>([^<]+)</td></tr>", index)
    assert rows == [("2026-01-06.html", "2026-01-06", "Tuesday", "6", "Bodyguard",
                     "level 1 (gentle)"),
                    ("2026-01-05.html", "2026-01-05", "Monday", "5", "Bodyguard",
                     "level 1 (gentle)"),
                    ("2026-01-04.html", "2026-01-04", "Sunday", "4", "Bodyguard",
                     "level 1 (gentle)")]
    page = (site / "2026-01-05.html").read_text()
    assert '<img src="2026-01-05.svg"' in page
    alt = re.search(r'<img [^>]*alt="([^"]*)"', page)[1]  # the table in words, from the picture
    assert alt.startswith("Daily No. 5 of 2026-01-05, level 1 (gentle). Code ")
    assert "Column 1, back to front: Ghost, Ratman, Blue Devil, Minotaur, Lich." in alt
    assert "<code>dungeoneer play puzzle-dungeon --daily 2026-01-05</code>" in page
    assert "<details>\n<summary>Show a winning line (55 steps)</summary>" in page
    assert "<script" not in page and "<script" not in index
    revealed = page.split("<details>", 1)[1]
    assert all(f"<strong>{step}</strong>" in revealed for step in PUZZLE.line if " " in step
               and not step.startswith("deal"))
    assert "attack 3" not in page.split("<details>", 1)[0]  # nothing of the line before it


def test_every_link_and_picture_of_the_site_is_a_file_of_it(site):
    for page in site.glob("*.html"):
        for target in re.findall(r'(?:href|src)="([^"]+)"', page.read_text()):
            if target.startswith("data:"):
                continue  # the empty icon
            assert (site / target).is_file(), f"{page.name} links to {target}"


def test_the_same_archive_gives_the_same_site(site, archive, tmp_path):
    again = tmp_path / "again"
    succeeded(run("archive", "site", str(again), "--archive", archive))
    assert {p.name: p.read_bytes() for p in site.iterdir()} == \
        {p.name: p.read_bytes() for p in again.iterdir()}


def test_a_folder_is_replaced_only_with_force_and_only_if_it_holds_a_site(site, archive):
    (site / "index.html").write_text("old")
    result = failed_cleanly(run("archive", "site", str(site), "--archive", archive))
    assert "already exists; choose another folder, or pass --force" in result.output
    assert (site / "index.html").read_text() == "old"
    succeeded(run("archive", "site", str(site), "--archive", archive, "--force"))
    assert (site / "index.html").read_text() != "old"
    (site / "notes.txt").write_text("mine")
    result = failed_cleanly(run("archive", "site", str(site), "--archive", archive, "--force"))
    assert "the folder holds 'notes.txt', which is not a page of a site" in result.output
    assert (site / "notes.txt").read_text() == "mine"
    assert not [p for p in site.parent.iterdir() if p.name.startswith(".site.")]


# ----------------------------------------------------------------------------- in a browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves files without a log line each."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """The folder on a local web server; yields its address."""
    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def browser_or_skip():
    """Playwright and the system's Chromium; in CI (which installs both) their absence fails."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    if sync_playwright is None or CHROMIUM is None:
        missing = "playwright" if sync_playwright is None else "chromium"
        if os.environ.get("CI"):
            pytest.fail(f"{missing} is missing; .ci/run installs it")
        pytest.skip(f"{missing} is not installed (apt-get install chromium)")
    return sync_playwright


@pytest.mark.slow
def test_in_a_real_browser_pages_load_cleanly_pictures_show_and_the_reveal_works(site,
                                                                                 tmp_path):
    sync_playwright = browser_or_skip()
    problems: list[str] = []
    with served(site) as address, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
                if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.on("response", lambda r: problems.append(f"{r.status} {r.url}")
                if r.status >= 400 else None)
        page.on("requestfailed", lambda r: problems.append(f"failed {r.url}"))
        page.goto(address + "index.html")
        links = page.eval_on_selector_all("a", "els => els.map(e => e.href)")
        assert len(links) == 3
        for link in links:
            page.goto(link)
            picture = page.locator("figure img")
            assert picture.is_visible()
            assert page.evaluate("document.querySelector('figure img').naturalWidth") == 870
            box = picture.bounding_box()
            assert box is not None and box["width"] > 400 and box["height"] > 400
            line = page.locator("ol.line")
            assert not line.is_visible()
            page.locator("summary").click()
            assert line.is_visible() and line.locator("li").count() > 10
            for target in page.eval_on_selector_all(
                    "a[href], img[src], link[href]", "els => els.map(e => e.href || e.src)"):
                if target.startswith("data:"):
                    continue
                assert page.request.get(target).ok, target
        page.goto(address + "2026-01-05.html")
        page.locator("summary").click()
        page.screenshot(path=str(tmp_path / "page.png"), full_page=True)
        browser.close()
    assert problems == []
