"""`dungeoneer archive`: the archive of issued daily puzzles: `list` (with the player's played
and won marks), `show DATE`, `export`, and `site` (a static website of the archive); and
`dungeoneer stats`, the player's figures."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich import box
from rich.table import Table

from dungeoneer.cli.options import (
    ARCHIVE,
    JSON,
    PathType,
    console,
    echo_json,
    force_option,
    output_path,
)
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.files import write_atomic

if TYPE_CHECKING:
    from dungeoneer.generator.archive import Archive
    from dungeoneer.generator.daily import Daily
    from dungeoneer.generator.plays import Play


def existing_archive(archive_path: str | None) -> Archive:
    """The archive at `archive_path` (default: the user's), opened; a DungeoneerError if there
    is none yet (reading never creates one)."""
    from dungeoneer.generator.archive import Archive, default_path

    path = Path(archive_path) if archive_path else default_path()
    if not path.exists():
        raise DungeoneerError("no archive here yet (`dungeoneer daily` starts one)",
                              file=str(path))
    return Archive(path)


@click.group(short_help="The archive of issued daily puzzles.")
def archive() -> None:
    """The archive of issued daily puzzles."""


@archive.command(name="export")
@ARCHIVE
@click.option("--format", "form", type=click.Choice(["json", "csv"]), default="json",
              show_default=True)
@click.option("--out", type=PathType(dir_okay=False), help="Write to a file (atomically).")
@force_option("--out")
def archive_export(archive_path: str | None, form: str, out: str | None, force: bool) -> None:
    """Every archived puzzle, as JSON or CSV.

    Example: dungeoneer archive export --format csv --out dailies.csv
    """
    output_path(out, force)
    with existing_archive(archive_path) as opened:
        text = opened.export(form)
    if out:
        write_atomic(out, text, overwrite=force)
    else:
        click.echo(text, nl=False)


@archive.command(name="site", short_help="Write a static website of the archive.")
@click.argument("folder", type=PathType(file_okay=False))
@ARCHIVE
@click.option("--force", is_flag=True,
              help="Replace the site in FOLDER (a folder of anything else is never replaced).")
def archive_site(folder: str, archive_path: str | None, force: bool) -> None:
    """Write a static website of the archive into FOLDER: an index of the dates with their
    levels, and a page per puzzle with its picture, level, how to play it, and a winning line
    behind a reveal (plain HTML and CSS, no scripts). The same archive always gives the same
    files. FOLDER is made; an existing one is replaced only with --force, and only if it holds
    nothing but a site.

    Example: dungeoneer archive site public/
    """
    from dungeoneer.generator.site import pages, write_site

    with existing_archive(archive_path) as opened:
        dailies = opened.all()
    write_site(folder, pages(dailies), overwrite=force)
    console().print(f"Wrote {len(dailies)} puzzle pages and the index to {folder}.")


@archive.command(name="list", short_help="The archived puzzles, with your played and won marks.")
@ARCHIVE
@click.option("--from", "first", metavar="DATE", help="The first date listed.")
@click.option("--to", "last", metavar="DATE", help="The last date listed.")
@click.option("--failed", is_flag=True,
              help="Only the puzzles you played and never won: ones to try again.")
@JSON
def archive_list(archive_path: str | None, first: str | None, last: str | None,
                 failed: bool, as_json: bool) -> None:
    """The archived puzzles (from --from to --to), each with its number, level and hero, and
    your mark: won, lost (played and never won: one to try again) or played (begun).

    Example: dungeoneer archive list --from 2026-12-01 --to 2026-12-31
    """
    from dungeoneer.generator.daily import parse_date
    from dungeoneer.generator.plays import marks

    low = parse_date(first).isoformat() if first else None
    high = parse_date(last).isoformat() if last else None
    with existing_archive(archive_path) as opened:
        dailies = [d for d in opened.all() if (low is None or d.date >= low)
                   and (high is None or d.date <= high)]
        marked = marks(opened.plays())
    if failed:
        dailies = [d for d in dailies if marked.get(d.date) in ("lost", "played")]
    if as_json:
        echo_json({"dailies": [{**_listed(d), "mark": marked.get(d.date)} for d in dailies]})
        return
    if not dailies:
        console().print("No puzzle in the archive for these dates.")
        return
    table = Table("date", "day", "No.", "level", "hero", "yours", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    for puzzle in dailies:
        day = dt.date.fromisoformat(puzzle.date)
        table.add_row(puzzle.date, day.strftime("%a"), str(puzzle.number), str(puzzle.level),
                      puzzle.hero, marked.get(puzzle.date, ""))
    out = console()
    out.print(table)
    out.print("Play one: dungeoneer play puzzle-dungeon --daily DATE")


def _listed(puzzle: Daily) -> dict[str, Any]:
    return {"date": puzzle.date, "number": puzzle.number, "level": puzzle.level,
            "hero": puzzle.hero, "code": puzzle.code}


@archive.command(name="show", short_help="An archived puzzle and your plays of it.")
@click.argument("date")
@ARCHIVE
@JSON
def archive_show(date: str, archive_path: str | None, as_json: bool) -> None:
    """An archived puzzle (never its solution) and your plays of it.

    Example: dungeoneer archive show 2026-12-01
    """
    from dungeoneer.generator.daily import parse_date
    from dungeoneer.generator.plays import help_used
    from dungeoneer.generator.rating import LEVEL_NAMES

    day = parse_date(date).isoformat()
    with existing_archive(archive_path) as opened:
        puzzle = opened.served(day)
        plays = opened.plays(day)
    if puzzle is None:
        raise DungeoneerError(f"the archive has no puzzle of {day} (`dungeoneer daily {day}` "
                              "issues it)", text=date)
    if as_json:
        echo_json({**_listed(puzzle), "layout_code": puzzle.layout_code,
                   "plays": [p.to_json() for p in plays]})
        return
    out = console()
    out.print(f"[bold]Daily No. {puzzle.number}[/bold] of {puzzle.date}: {puzzle.hero}, level "
              f"{puzzle.level} ({LEVEL_NAMES[puzzle.level]})")
    out.print(f"Code {puzzle.code}")
    for play in plays:
        out.print(f"  {_play_line(play)} ({help_used(play)})")
    if not plays:
        out.print("Not played yet.")
    again = "Play it again" if plays else "Play it"
    out.print(f"{again}: dungeoneer play puzzle-dungeon --daily {puzzle.date}")


def _play_line(play: Play) -> str:
    when = f"played on {play.played_on}"
    if play.result == "unfinished":
        return f"{when}: stopped after {play.moves} moves"
    return f"{when}: {play.result} in {play.moves} moves"


@click.command(short_help="Your daily puzzle figures: played, won, streaks.")
@ARCHIVE
@JSON
def stats(archive_path: str | None, as_json: bool) -> None:
    """Your figures from the daily puzzles played: how many played and won, the current and the
    longest streak (days in a row on which that day's puzzle was won that day; a past puzzle
    played later never changes a streak), and the moves of the wins.

    Example: dungeoneer stats
    """
    from dungeoneer.generator.daily import today
    from dungeoneer.generator.plays import MOVES_BUCKET
    from dungeoneer.generator.plays import stats as figures_of

    with existing_archive(archive_path) as opened:
        plays = opened.plays()
    figures = figures_of(plays, today())
    if as_json:
        echo_json(figures.to_json())
        return
    out = console()
    if not plays:
        out.print("No daily puzzle played yet: dungeoneer play puzzle-dungeon --daily")
        return
    share = round(100 * figures.won / figures.played) if figures.played else 0
    out.print(f"Played {figures.played}, won {figures.won} ({share}%)")
    out.print(f"Streak {figures.current_streak}, longest {figures.longest_streak}")
    if figures.moves:
        out.print("Moves of the wins:")
        for low, wins in figures.moves:
            out.print(f"  {low}-{low + MOVES_BUCKET - 1} {'█' * wins} {wins}", highlight=False)
