"""`dungeoneer rate`: a Puzzle Dungeon deal's difficulty, from 1 (gentle) to 5 (fiendish)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click
from rich.console import Console

from dungeoneer.cli.options import (
    CARDS,
    DEAL,
    DEAL_FILE,
    HERO,
    JSON,
    Seconds,
    console,
    echo_json,
    spinner,
)
from dungeoneer.cli.solve import MAX_TIME_LIMIT
from dungeoneer.cli.starting import start_position

if TYPE_CHECKING:
    from dungeoneer.generator.rating import Rating


@click.command(name="rate", short_help="Rate a deal from 1 (gentle) to 5 (fiendish).")
@click.argument("deal_spec", metavar="[SEED|CODE]", type=DEAL, required=False)
@DEAL_FILE
@HERO
@CARDS
@click.option("--time-limit", type=Seconds(0, MAX_TIME_LIMIT), default=None,
              help="Seconds the solver has at most, besides its budget of positions (the same "
                   "on every machine); a deal not decided within it gets no rating.")
@JSON
def rate_command(deal_spec: int | str | None, deal_file: str | None, hero: str | None,
                 cards: str | None, time_limit: float | None, as_json: bool) -> None:
    """Rate a deal from 1 (gentle) to 5 (fiendish), with the features behind the rating. Only a
    deal the solver wins gets a rating (docs/difficulty.md).

    Example: dungeoneer rate pd1-5.warrior.42
    """
    from dungeoneer.generator.rating import rate

    if (deal_spec is None) == (deal_file is None):
        raise click.UsageError("give one of SEED, CODE or --deal-file FILE")
    start = start_position(deal_spec, deal_file, None, hero, cards, False)
    out = console()
    rating = spinner(out, "solving and rating", lambda: rate(start.state, seconds=time_limit),
                     as_json)
    if as_json:
        echo_json({"deal": start.named, "rating": rating.to_json()})
        return
    if rating.level is None:
        why = ("the deal is unwinnable" if rating.status == "unwinnable" else
               "the solver could not decide the deal within its budget")
        reason = rating.answer.reason if rating.answer is not None else rating.status
        out.print(f"[bold]No rating[/bold]: {why} ({reason}).")
        return
    print_rating(out, rating)


def print_rating(out: Console, rating: Rating) -> None:
    """A rating's level and the features behind it."""
    out.print(f"[bold]Rating {rating.level} ({rating.name})[/bold], score {rating.score:.2f}")
    features = rating.features
    out.print(f"  an eager player wins {features['eager_wins']} of {features['eager_plays']} "
              "games (never seeing the deck)")
    out.print(f"  the solver's first win took {features['solver_positions']:,} positions")
    out.print(f"  its line: {features['line_steps']} steps, {features['line_attacks']} attacks")
