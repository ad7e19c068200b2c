"""Where a puzzle command starts: one of SEED|CODE, --deal-file FILE or --from RECORD
(`generator.deals.Start`), and the usage errors of giving them wrong."""

from __future__ import annotations

import click

from dungeoneer.cli.options import note_unchecked
from dungeoneer.generator.deals import (
    Start,
    start_of_deal,
    start_of_deal_file,
    start_of_record,
)


def check_no_game_options(deal_file: str | None, from_record: str | None,
                          **given: object) -> None:
    """A deal file or a record names its own hero, cards and rules in its header: an option that
    would say otherwise is refused rather than silently ignored."""
    source = "--deal-file" if deal_file is not None else "--from" if from_record is not None \
        else None
    clashing = [name for name, value in given.items() if value]
    if source and clashing:
        options = " and ".join(f"--{name}" for name in clashing)
        raise click.UsageError(f"{options} can't be given with {source}: the file's header says "
                               "which hero, cards and rules it is played with (edit the header "
                               "to change them)")


def start_position(deal: int | str | None, deal_file: str | None, from_record: str | None,
                   hero: str | None, cards: str | None, core: bool) -> Start:
    """The start given by exactly one of a deal (a seed or a code), a deal file or a record."""
    chosen = [x for x in (deal, deal_file, from_record) if x is not None]
    if len(chosen) != 1:
        raise click.UsageError("give one of SEED, CODE, --deal-file FILE or --from RECORD")
    check_no_game_options(deal_file, from_record, hero=hero, cards=cards, core=core)
    if deal_file is not None:
        return start_of_deal_file(deal_file)
    if from_record is not None:
        return start_of_record(from_record)
    assert deal is not None
    start = start_of_deal(deal, hero, cards, core)
    note_unchecked(start.note)
    return start
