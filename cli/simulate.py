"""`dungeoneer simulate GAME`: many bot games of a game that declares how it is simulated
(`engine.simulate`), reported with 95% Wilson intervals: by seat and strategy for a competitive
game, by the swept options for a real-time cooperative one."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, TextColumn
from rich.table import Table

from dungeoneer.cli.games import GameCommand, GameCommands
from dungeoneer.cli.options import (
    JSON,
    SCHEDULER,
    SEED,
    Amount,
    batch_progress,
    batch_tally,
    console,
    echo_json,
    error_console,
    game_option,
    game_values,
    workers_option,
)
from dungeoneer.cli.play import bot_settings_help, pace_option
from dungeoneer.engine.executors import Tally
from dungeoneer.engine.registry import GameEntry
from dungeoneer.engine.simulate import (
    MAX_GAMES,
    SeatSimulation,
    TeamSimulation,
    simulate,
    simulate_team,
)


def _interval(entry: dict[str, Any]) -> str:
    if entry["share"] is None:
        return "no games"
    low, high = entry["wilson95"]
    return f"{entry['share']:.1%} ({low:.1%}-{high:.1%})"


def _with_progress(total: int, job: Callable[[Tally | None], dict[str, Any]],
                   as_json: bool) -> dict[str, Any]:
    """Run a simulation, with a progress bar on a terminal's standard error: games done, and any
    failed and retried."""
    err = error_console()
    if not err.is_terminal or as_json:
        return job(None)
    with batch_progress(TextColumn("simulating"), BarColumn(),
                        TextColumn("{task.completed}/{task.total} games"), console=err) as bar:
        task = bar.add_task("games", total=total)
        return job(batch_tally(bar, task, advance=True))


def _batch_params() -> list[click.Parameter]:
    return [click.Option(["--seed"], type=SEED, default=1, show_default=True,
                         help="Game i uses seed + i."),
            workers_option(1).param(),
            SCHEDULER.param(),
            JSON.param()]


def _print_seat_simulation(out: Console, report: dict[str, Any]) -> None:
    options = ", ".join(report.get("options", {}).values())
    out.print(f"[bold]{report['games']} games, {report['players']} players"
              f"{', ' + options if options else ''}[/bold]; turns: mean "
              f"{report['turns']['mean']}, {report['turns']['min']}-{report['turns']['max']}. "
              "Win shares with 95% Wilson intervals; a shared win counts for each winner.")
    table = Table("", "win share", "mean score", "games")
    for seat in report["seats"]:
        table.add_row(f"seat {seat['seat']}", _interval(seat), f"{seat['mean_score']:.2f}",
                      str(seat["games"]))
    for name, entry in report["strategies"].items():
        table.add_row(name, _interval(entry), f"{entry['mean_score']:.2f}", str(entry["games"]))
    out.print(table)
    cards = Table("card", "played it: win share", "did not", "difference")
    for name, entry in report["cards"].items():
        cards.add_row(name, _interval(entry["played"]), _interval(entry["not_played"]),
                      "-" if entry["difference"] is None else f"{entry['difference']:+.1%}")
    out.print(cards)


MAX_PLAYERS = 99
"""The most players --players reads (each game then checks its own range)."""


def seat_simulation_command(entry: GameEntry, spec: SeatSimulation) -> click.Command:
    """`simulate GAME` for a competitive game: many games, bots by seat."""
    info = entry.info
    params: list[click.Parameter] = [
        click.Option(["--games"], type=Amount("games", most=MAX_GAMES), default=spec.default_games,
                     show_default=True, help="Games to play."),
        click.Option(["--players"], type=Amount("players", most=MAX_PLAYERS),
                     default=info.min_players,
                     show_default=True,
                     help=f"Players, {info.min_players} to {info.max_players}."),
        click.Option(["--bot", "bots"], multiple=True,
                     help=f"Bots by seat ({', '.join(entry.bots)}; default {spec.default_bot}), "
                          "repeated to fill the seats; the seating turns one seat per game."
                          f"{bot_settings_help(entry)}"),
        *(game_option(option) for option in spec.options),
        *_batch_params()]

    def callback(games: int, players: int, bots: tuple[str, ...], seed: int, workers: int,
                 scheduler: str | None, as_json: bool, **values: Any) -> None:
        options = game_values(spec.options, values)
        report = _with_progress(games, lambda tally: simulate(
            entry.name, games, players=players, bots=bots or (spec.default_bot,), seed=seed,
            workers=workers, options=options, tally=tally, scheduler=scheduler), as_json)
        if as_json:
            echo_json({"game": entry.name, **report})
        else:
            _print_seat_simulation(console(), report)

    return GameCommand(
        entry.name, callback=callback, params=params,
        short_help=f"Simulate {info.title}.",
        help=f"Play many {info.title} games with bots: per seat and per strategy, win share with "
             "a 95% Wilson interval, mean score, game length, and each card's effect on winning "
             "(the win share of seats that played it against those that did not).\n\n"
             f"Example: dungeoneer simulate {entry.name} --games 2000 --players "
             f"{info.max_players} --bot {spec.default_bot}")


def _print_team_simulation(out: Console, report: dict[str, Any], spec: TeamSimulation) -> None:
    held = ", ".join(str(report[o.key]) for o in spec.fixed if report.get(o.key))
    out.print(f"[bold]{report['runs']} runs[/bold] by the {report['bot']} team"
              f"{f' ({held})' if held else ''} at {report['pace']:g} s per action per player; "
              f"{report['mean_actions']} actions per run on average. Win shares with 95% Wilson "
              "intervals; time left on wins in seconds.")
    table = Table("", "win share", "runs", "time left: mean", "median", "range")
    rows: list[tuple[str, dict[str, Any]]] = [("all", report["overall"])]
    for sweep in spec.sweeps:
        rows += [(sweep.label.format(value), cell)
                 for value, cell in report[f"by_{sweep.option.key}"].items()]
    for label, cell in rows:
        left = cell["time_left"]
        table.add_row(label, _interval(cell), str(cell["games"]),
                      *((f"{left['mean']:.1f}", f"{left['median']:.1f}",
                         f"{left['min']:.1f}-{left['max']:.1f}") if left["wins"] else
                        ("-", "-", "-")))
    out.print(table)
    ended = Table("lost runs ended by", "runs", "share of losses")
    for kind, cell in report["lost_runs_ended_by"].items():
        ended.add_row(kind, str(cell["runs"]), f"{cell['share_of_losses']:.1%}")
    out.print(ended)


def _grid(spec: TeamSimulation, values: dict[str, Any],
          fixed: dict[str, str]) -> dict[str, tuple[int, ...]]:
    """The values each swept option runs at: as given, or the game's defaults."""
    return {sweep.option.key: tuple(int(v) for v in values.get(sweep.option.key) or ())
            or sweep.values(fixed) for sweep in spec.sweeps}


def team_simulation_command(entry: GameEntry, spec: TeamSimulation) -> click.Command:
    """`simulate GAME` for a cooperative real-time game: timed runs of one team bot."""
    info = entry.info
    if entry.default_pace is None:
        raise ValueError(f"{info.name}: a team simulation needs the entry's default_pace")
    default_pace = entry.default_pace
    params: list[click.Parameter] = [
        click.Option(["--games"], type=Amount("runs", most=MAX_GAMES), default=spec.default_runs,
                     show_default=True, help="Runs for each combination of the swept options."),
        *(game_option(sweep.option, many=True) for sweep in spec.sweeps),
        *(game_option(option) for option in spec.fixed),
        click.Option(["--bot", "bots"], multiple=True,
                     help=f"The team bot that plays every seat ({', '.join(entry.bots)}; "
                          f"default {spec.default_bot}).{bot_settings_help(entry)}"),
        pace_option(entry, people=False),
        *_batch_params()]

    def callback(games: int, bots: tuple[str, ...], pace: float | None, seed: int,
                 workers: int, scheduler: str | None, as_json: bool, **values: Any) -> None:
        if len(bots) > 1:
            raise click.UsageError("one team bot plays every seat: give one --bot")
        fixed = game_values(spec.fixed, values)
        grid = _grid(spec, values, fixed)
        cells = math.prod(len(chosen) for chosen in grid.values())
        chosen_pace = pace if pace is not None else default_pace
        report = _with_progress(games * cells, lambda tally: simulate_team(
            entry.name, games, grid=grid, bot=bots[0] if bots else spec.default_bot,
            pace=chosen_pace, seed=seed, workers=workers, fixed=fixed, tally=tally,
            scheduler=scheduler), as_json)
        if as_json:
            echo_json({"game": entry.name, **report})
        else:
            _print_team_simulation(console(), report, spec)

    swept = " and ".join(sweep.option.key for sweep in spec.sweeps)
    return GameCommand(
        entry.name, callback=callback, params=params,
        short_help=f"Simulate {info.title}.",
        help=f"Timed {info.title} runs by a team bot for every combination of {swept} asked "
             f"for: win share with 95% Wilson intervals overall and by {swept}, the time left "
             "on wins, and what ended the lost runs.\n\n"
             f"Example: dungeoneer simulate {entry.name} --games 200 --workers 2")


def simulation_command(entry: GameEntry) -> click.Command | None:
    """`simulate GAME`, for a game that declares how it is simulated."""
    if isinstance(entry.simulation, SeatSimulation):
        return seat_simulation_command(entry, entry.simulation)
    if isinstance(entry.simulation, TeamSimulation):
        return team_simulation_command(entry, entry.simulation)
    return None


@click.group(name="simulate", cls=GameCommands, make=simulation_command,
             subcommand_metavar="GAME [OPTIONS]",
             short_help="Simulate many bot games; figures with 95% intervals.")
def simulate_group() -> None:
    """Play many bot games of a game and report the figures with 95% Wilson intervals.
    `dungeoneer simulate GAME --help` shows a game's options.

    Examples: dungeoneer simulate dinky-dungeon --games 2000 --players 4 --bot greedy --bot
    random; dungeoneer simulate five-minute-dungeon --boss 3 --heroes "Ninja, Wizard, Paladin"
    """
