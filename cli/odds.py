"""`dungeoneer odds`: how often a player who cannot see the deck wins a Puzzle Dungeon deal,
with a 95% interval, beside the solver's verdict."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from dungeoneer.cli.options import (
    CARDS,
    CORE,
    DEAL,
    DEAL_FILE,
    HERO,
    JSON,
    SEED,
    Amount,
    Points,
    Seconds,
    console,
    echo_json,
    from_option,
    kept_on_stop,
    on_terminal,
    spinner,
    workers_option,
)
from dungeoneer.cli.solve import MAX_TIME_LIMIT
from dungeoneer.cli.starting import start_position
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.numbers import plural
from dungeoneer.generator.deals import puzzle_position

if TYPE_CHECKING:
    from dungeoneer.generator.sampling import Odds
    from dungeoneer.solver import Answer

MAX_PLAYS = 1_000_000
"""Games one `odds` plays at most."""


@click.command(short_help="How often a player who cannot see the deck wins the deal.")
@click.argument("deal_spec", metavar="[SEED|CODE]", type=DEAL, required=False)
@DEAL_FILE
@from_option("The odds")
@HERO
@CARDS
@CORE
@click.option("--plays", type=Amount("plays", most=MAX_PLAYS), default=400, show_default=True,
              help="Games to play at most.")
@click.option("--within", type=Points(0.1, 50), default=5.0, show_default=True,
              metavar="POINTS", help="Stop once the 95% interval is within this many points "
              "either side (a small number plays them all).")
@click.option("--samples", type=Amount("samples", most=1000), default=None, metavar="N",
              help="Fillings of the hidden deck the player weighs at each decision (default 2): "
              "more is stronger and slower.")
@click.option("--candidates", type=Amount("candidates", most=100), default=None, metavar="N",
              help="Options the player weighs at each decision (default 5).")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="Seeds the player's choices: the same seed, the same figures.")
@workers_option(None)
@click.option("--time-limit", type=Seconds(0, MAX_TIME_LIMIT), default=10.0, show_default=True,
              help="Seconds the solver has for its verdict, shown beside the odds.")
@JSON
def odds(deal_spec: int | str | None, deal_file: str | None, from_record: str | None,
         hero: str | None, cards: str | None, core: bool, plays: int, within: float,
         samples: int | None, candidates: int | None, seed: int, workers: int | None,
         time_limit: float, as_json: bool) -> None:
    """How often a player who cannot see the deck wins the deal from here, with a 95% interval,
    beside the solver's verdict (which sees everything). The player fills in the hidden deck a
    few ways at each decision and plays the option that wins most often (docs/difficulty.md,
    "The sampling player").

    Example: dungeoneer odds pd1-4.rogue.42 --workers 2
    """
    from dungeoneer.generator.sampling import CANDIDATES, SAMPLES, SamplingPlayer, iter_odds
    from dungeoneer.solver import UNWINNABLE, usable_cores
    from dungeoneer.solver import solve as solve_position

    start = start_position(deal_spec, deal_file, from_record, hero, cards, core)
    state = start.state
    if state.is_terminal():
        ended = state.outcome()
        assert ended is not None
        raise DungeoneerError(f"the game is over ({ended.termination.value}: {ended.reason}): "
                              "there is nothing left to play", file=from_record or deal_file)
    player = SamplingPlayer(samples or SAMPLES, candidates or CANDIDATES)
    out = console()
    quiet = as_json or not on_terminal()
    so_far: list[Odds] = []
    with kept_on_stop(lambda: _stopped_odds(so_far)):
        verdict = spinner(out, "the solver's verdict", lambda: solve_position(
            puzzle_position(state), seconds=time_limit), quiet)
        if verdict.status != UNWINNABLE:  # no player wins an unwinnable deal: nothing to play
            chances = iter_odds(state, plays, seed=seed, workers=workers or usable_cores(),
                                player=player, precision=within / 100)
            _played_with_progress(out, chances, plays, quiet, so_far)
    found = so_far[-1] if so_far else None
    if as_json:
        echo_json({"deal": start.named, "odds": None if found is None else found.to_json(),
                   "player": player.to_json(),
                   "seed": seed, "solver": {"status": verdict.status, "reason": verdict.reason}})
        return
    out.print(_odds_sentence(found, verdict))


def _played_with_progress(out: Console, chances: Iterable[Odds], plays: int, quiet: bool,
                          so_far: list[Odds]) -> None:
    """Play out `chances`, each new figure put in `so_far` (a run stopped part-way keeps the
    figures it had), with a progress bar on a terminal unless `quiet`."""
    if quiet:
        for odds in chances:
            so_far[:] = [odds]
        return
    with Progress(SpinnerColumn(), TextColumn("{task.completed}/{task.total} plays"),
                  BarColumn(), TextColumn("{task.fields[so_far]}"), TimeElapsedColumn(),
                  console=out, transient=True) as bar:
        task = bar.add_task("odds", total=plays, so_far="")
        for odds in chances:
            so_far[:] = [odds]
            low, high = odds.interval
            bar.update(task, completed=odds.plays,
                       so_far=f"{odds.share:.0%} ({low:.0%}-{high:.0%})")


def _stopped_odds(so_far: list[Odds]) -> str:
    """What a stopped `odds` had found: its figures so far, or that no play had ended."""
    if not so_far:
        return "no play had ended yet, so there are no odds to tell."
    odds = so_far[-1]
    low, high = odds.interval
    return (f"so far a player who cannot see the deck won {odds.share:.0%} of games (95% "
            f"interval {low:.0%}-{high:.0%}, {odds.wins} of {plural(odds.plays, 'play')}).")


def _odds_sentence(found: Odds | None, verdict: Answer) -> str:
    """The odds and the solver's verdict, in words."""
    if found is None:
        return f"No player wins this deal. The solver proves it unwinnable: {verdict.reason}."
    solver = {"won": "the solver wins it (seeing the deck)",
              "unwinnable": "the solver proves it unwinnable",
              "unknown": "the solver could not decide it in time"}[verdict.status]
    low, high = found.interval
    return (f"A player who cannot see the deck wins {found.share:.0%} of games "
            f"(95% interval {low:.0%}-{high:.0%}, {found.wins} of {plural(found.plays, 'play')}); "
            f"{solver}.")
