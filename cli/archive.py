"""`dungeoneer archive`: the archive of issued daily puzzles (`archive export`)."""

from __future__ import annotations

from pathlib import Path

import click

from dungeoneer.cli.options import ARCHIVE, PathType, force_option, output_path
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.files import write_atomic


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
    from dungeoneer.generator.archive import Archive, default_path

    output_path(out, force)
    path = Path(archive_path) if archive_path else default_path()
    if not path.exists():
        raise DungeoneerError("no archive here yet (`dungeoneer daily` starts one)",
                              file=str(path))
    with Archive(path) as opened:
        text = opened.export(form)
    if out:
        write_atomic(out, text, overwrite=force)
    else:
        click.echo(text, nl=False)
