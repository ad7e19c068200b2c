"""A static website of the daily puzzle archive, to publish as it is.

`pages(dailies)` makes every file of the site, by name: `index.html` (the dates, newest first,
with each puzzle's number, hero and level), a page per puzzle (`YYYY-MM-DD.html`: its picture,
level and hero, how to play it, and the winning line behind a reveal control), its picture
(`YYYY-MM-DD.svg`) and `style.css`. Plain HTML and CSS: the reveal is a <details> element, so
the site works without scripts (there are none). The same archive always gives the same bytes:
no dates of making, no random names, everything in date order.
"""

from __future__ import annotations

import datetime as dt
import html
import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from html import escape
from pathlib import Path

from dungeoneer.engine import registry
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.generator.codes import deal_from_code
from dungeoneer.generator.daily import Daily
from dungeoneer.generator.deals import GAME_NAME
from dungeoneer.generator.rating import LEVEL_NAMES
from dungeoneer.solver.lines import brief, written_steps

STYLE = """\
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem;
       color: #222; background: #f4f1ea; line-height: 1.45; }
a { color: #1f618d; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 0.25rem 0.75rem 0.25rem 0; }
th { border-bottom: 1px solid #888; }
figure { margin: 1rem 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #ccc; background: #fff; }
code { background: #fff; padding: 0.1rem 0.3rem; border: 1px solid #ddd; border-radius: 3px; }
details { margin: 1rem 0; padding: 0.5rem 1rem; background: #fff; border: 1px solid #ccc;
          border-radius: 6px; }
summary { cursor: pointer; font-weight: bold; }
ol.line { font-family: ui-monospace, monospace; }
ol.line span { font-family: system-ui, sans-serif; color: #555; }
nav { display: flex; gap: 1.5rem; margin: 1rem 0; }
"""


def page_name(puzzle: Daily) -> str:
    """The file of a puzzle's page."""
    return f"{puzzle.date}.html"


def picture_name(puzzle: Daily) -> str:
    """The file of a puzzle's picture."""
    return f"{puzzle.date}.svg"


def _level(puzzle: Daily) -> str:
    return f"level {puzzle.level} ({LEVEL_NAMES[puzzle.level]})"


def _weekday(puzzle: Daily) -> str:
    return dt.date.fromisoformat(puzzle.date).strftime("%A")


def _document(title: str, body: Sequence[str]) -> str:
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>", '<link rel="stylesheet" href="style.css">',
        '<link rel="icon" href="data:,">',  # no icon: browsers would ask for /favicon.ico
        "</head>",
        "<body>", *body, "</body>", "</html>"]) + "\n"


def index_page(dailies: Sequence[Daily]) -> str:
    """The list of every puzzle, newest first."""
    rows = [f'<tr><td><a href="{page_name(d)}">{d.date}</a></td><td>{_weekday(d)}</td>'
            f"<td>{d.number}</td><td>{escape(d.hero)}</td><td>{escape(_level(d))}</td></tr>"
            for d in sorted(dailies, key=lambda d: d.date, reverse=True)]
    return _document("Puzzle Dungeon daily puzzles", [
        "<h1>Puzzle Dungeon daily puzzles</h1>",
        "<p>One puzzle a day, the same for everyone, always winnable: gentle on Monday, "
        "fiendish on Sunday. Each page shows the table as it is dealt, how to play it, and a "
        "winning line behind a reveal.</p>",
        "<table>", "<thead><tr><th>date</th><th>day</th><th>No.</th><th>hero</th>"
        "<th>level</th></tr></thead>", "<tbody>", *rows, "</tbody>", "</table>"])


def puzzle_page(puzzle: Daily, before: Daily | None, after: Daily | None,
                described: str = "") -> str:
    """A puzzle's page: its picture (`described`: the table in words, its text alternative),
    level and hero, how to play it, the line behind a reveal."""
    start = deal_from_code(puzzle.layout_code)
    steps = brief(written_steps(start, puzzle.line))
    line = [f'<li value="{row.numbers.split("-")[0]}"><strong>{escape(row.action)}</strong>'
            + (f" <span>{escape(row.gloss)}</span>" if row.gloss else "") + "</li>"
            for row in steps]
    title = f"Daily No. {puzzle.number} of {puzzle.date}"
    nav = ['<nav><a href="index.html">All puzzles</a>']
    if before is not None:
        nav.append(f'<a href="{page_name(before)}" rel="prev">Earlier: {before.date}</a>')
    if after is not None:
        nav.append(f'<a href="{page_name(after)}" rel="next">Later: {after.date}</a>')
    nav.append("</nav>")
    alt = described or (f"The table of the daily puzzle of {puzzle.date} as it is dealt.")
    return _document(f"{title}: Puzzle Dungeon", [
        *nav,
        f"<h1>{escape(title)}</h1>",
        f"<p>{_weekday(puzzle)}, {escape(_level(puzzle))}; hero: {escape(puzzle.hero)}.</p>",
        f'<figure><img src="{picture_name(puzzle)}" alt="{escape(alt)}" width="870">',
        f"<figcaption>The table as dealt. Code <code>{escape(puzzle.code)}</code>."
        "</figcaption></figure>",
        "<h2>Play it</h2>",
        f"<p><code>dungeoneer play puzzle-dungeon --daily {puzzle.date}</code></p>",
        f"<p>or deal it by its code: <code>dungeoneer play puzzle-dungeon "
        f"{escape(puzzle.code)}</code></p>",
        "<details>", f"<summary>Show a winning line ({len(puzzle.line)} steps)</summary>",
        '<ol class="line">', *line, "</ol>", "</details>"])


def pages(dailies: Sequence[Daily]) -> dict[str, str]:
    """Every file of the site of these puzzles, by name, in a fixed order."""
    ordered = sorted(dailies, key=lambda d: d.date)
    entry = registry.entry(GAME_NAME)
    assert entry.picture is not None  # Puzzle Dungeon positions are drawn
    files = {"index.html": index_page(ordered), "style.css": STYLE}
    for i, puzzle in enumerate(ordered):
        before = ordered[i - 1] if i > 0 else None
        after = ordered[i + 1] if i + 1 < len(ordered) else None
        caption = registry.Caption(title=f"Daily No. {puzzle.number} of {puzzle.date}, "
                                         f"{_level(puzzle)}", code=puzzle.code)
        drawn = entry.picture(deal_from_code(puzzle.layout_code), caption)
        files[picture_name(puzzle)] = drawn
        described = _DESCRIPTION.search(drawn)
        files[page_name(puzzle)] = puzzle_page(
            puzzle, before, after, html.unescape(described[1]) if described else "")
    return files


_DESCRIPTION = re.compile(r"<desc[^>]*>([^<]*)</desc>")
"""The picture's own description of the table, in words: the page gives it as the text
alternative of the picture."""
_SITE_FILE = re.compile(r"(index\.html|style\.css|[0-9]{4}-[0-9]{2}-[0-9]{2}\.(html|svg))")


def write_site(folder: str | Path, files: dict[str, str], *, overwrite: bool = False) -> None:
    """Write the site's files into `folder` as a whole: they are written into a new folder
    beside it, flushed to disk, and that folder is renamed into place, so `folder` never holds
    half a site. A folder already there is replaced only with `overwrite`, and only if it holds
    nothing but a site's files (a folder of other things is never removed)."""
    target = Path(folder)
    if target.exists():
        if not overwrite:
            raise DungeoneerError(f"{target} already exists; choose another folder, or pass "
                                  "--force to replace the site in it", file=str(target))
        if not target.is_dir():
            raise DungeoneerError("not a folder: a site is a folder of pages", file=str(target))
        foreign = sorted(p.name for p in target.iterdir() if not _SITE_FILE.fullmatch(p.name))
        if foreign:
            raise DungeoneerError(f"the folder holds {foreign[0]!r}, which is not a page of a "
                                  "site: it is not replaced; choose another folder",
                                  file=str(target))
    if not target.parent.is_dir():
        raise DungeoneerError(f"the folder {target.parent} does not exist", file=str(target))
    fresh = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".new"))
    try:
        mask = os.umask(0)
        os.umask(mask)
        fresh.chmod(0o777 & ~mask)  # as any new folder of the user's (mkdtemp's is private)
        for name, text in files.items():
            with open(fresh / name, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        _swap_in(fresh, target)
    finally:
        if fresh.exists():
            shutil.rmtree(fresh, ignore_errors=True)


def _swap_in(fresh: Path, target: Path) -> None:
    """Put the folder `fresh` at `target`, the old one (if any) moved aside, then removed."""
    if not target.exists():
        fresh.rename(target)
        return
    old = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".old"))
    old.rmdir()
    target.rename(old)
    try:
        fresh.rename(target)
    except OSError:
        old.rename(target)  # put the old site back
        raise
    shutil.rmtree(old, ignore_errors=True)
