"""Simulations: many bot games in parallel processes, summarised with 95% Wilson intervals.

Two kinds, declared by a game in its `GameEntry.simulation`:

- `SeatSimulation`, for competitive games: game i is seeded with `seed + i` (mod 2**64), and its
  bots sit rotated by i seats (the strategy list turns one seat per game), so a strategy's figures
  are not its seat's and a seat's figures are not one strategy's. The report gives win shares per
  seat and per strategy, the game's length and each card's effect on winning.
- `TeamSimulation`, for cooperative real-time games: timed runs of one team bot for every
  combination of the swept options (run i of each uses `seed + i`), reported overall, by each
  swept option and by all of them together, with the time left on wins and what ended the
  lost runs.

Games are played by the session runner (`engine.session`), which seeds each seat's bot. A game's
result does not depend on the worker that plays it, so no report depends on the worker count or
on where the games ran (`engine.executors`: a local pool or a Dask cluster).
"""

from __future__ import annotations

import itertools
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from dungeoneer.engine import registry
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import Tally, ordered_map
from dungeoneer.engine.protocol import Action, RealTimeState, State, Termination
from dungeoneer.engine.registry import Option
from dungeoneer.engine.rng import derived_seed
from dungeoneer.engine.session import seat_bots, start
from dungeoneer.engine.stats import share_json

Job = TypeVar("Job")


@dataclass(frozen=True)
class SeatSimulation:
    """How a competitive game is simulated."""

    card_action: str | None
    """The kind of action that plays a card, its argument the card's name (for each card's
    effect on winning); None: no per-card figures."""
    length: Callable[[State], int]
    """A finished game's length, in the game's own turns."""
    options: tuple[Option, ...] = ()
    """Game options a simulation may set besides `players` (a variant)."""
    default_bot: str = "greedy"
    default_games: int = 1000


@dataclass(frozen=True)
class Sweep:
    """An option a team simulation runs at several values (every combination with the other
    swept options): `values` gives the default values from the options held fixed."""

    option: Option
    label: str
    """A row of the report, '{}' standing for the value ('boss {}', '{} players')."""
    values: Callable[[Mapping[str, str]], tuple[int, ...]]


@dataclass(frozen=True)
class TeamSimulation:
    """How a cooperative real-time game is simulated: timed runs of one team bot."""

    sweeps: tuple[Sweep, ...]
    ended: Callable[[State], str]
    """How a lost run ended, in a word or three ('time ran out', 'stuck')."""
    progress: Callable[[State], int]
    """How far the team got (cards dealt with)."""
    fixed: tuple[Option, ...] = ()
    """Options held for every run (a team of chosen heroes)."""
    default_bot: str = "heuristic"
    default_runs: int = 200


def _spec(game_name: str, kind: type[SeatSimulation] | type[TeamSimulation]) -> Any:
    entry = registry.entry(game_name)
    if not isinstance(entry.simulation, kind):
        what = "seat by seat" if kind is SeatSimulation else "as timed team runs"
        raise DungeoneerError(f"{entry.info.title} is not simulated {what}", text=game_name)
    return entry.simulation


# ----------------------------------------------------------------------------- jobs

MAX_GAMES = 100_000
"""The most games (or runs) one simulation plays: its results are kept to be summarised, and at
this size a 95% interval is already within about 0.3 points; split a larger study by seed."""

def run_jobs(play: Callable[[Job], dict[str, Any]], jobs: Iterable[Job], workers: int,
             tally: Tally | None = None, scheduler: str | None = None) -> list[dict[str, Any]]:
    """`play` each job where `engine.executors.ordered_map` puts it (`workers` processes, or a
    Dask `scheduler`), the results in job order; `tally` counts the jobs done, failed and
    retried as they go. Jobs are drawn from `jobs` only as workers free up."""
    return list(ordered_map(play, jobs, workers=workers, scheduler=scheduler, tally=tally))


def check_games(games: int) -> None:
    """Refuse a simulation of fewer than 1 or more than MAX_GAMES games."""
    if not 1 <= games <= MAX_GAMES:
        raise DungeoneerError(f"a simulation plays 1 to {MAX_GAMES:,} games, not {games:,}; "
                              "split a larger study into runs with different --seed values")


# ----------------------------------------------------------------------------- seat by seat

SeatJob = tuple[str, int, tuple[str, ...], int, dict[str, str]]
"""(game name, players, bot per seat, seed, the game's other options)."""


def play_game(job: SeatJob | tuple[str, int, tuple[str, ...], int]) -> dict[str, Any]:
    """One game: (game name, players, bot per seat, seed[, options]) -> scores, winners, turns,
    and the cards each seat played. `options` are the game's other options (a variant)."""
    game_name, players, bots, seed, *rest = job
    spec: SeatSimulation = _spec(game_name, SeatSimulation)
    options = {**(rest[0] if rest else {}), "players": str(players)}
    game = registry.get_game(game_name, options)
    played: list[set[str]] = [set() for _ in range(players)]

    card_action = spec.card_action

    def tally(seat: int, action: Action) -> None:
        if action.kind == card_action:
            played[seat].add(action.arg)

    end = start(game, seed, seat_bots(game_name, bots, seed)).run(on_action=tally,
                                                                  keep_moves=False)
    outcome = end.state.outcome()
    assert outcome is not None  # the session ran to the end
    return {"seed": seed, "bots": list(bots), "scores": list(outcome.scores),
            "winners": list(outcome.winners), "turns": spec.length(end.state),
            "played": [sorted(p) for p in played]}


def seating(bots: Sequence[str], players: int, game: int) -> tuple[str, ...]:
    """The bots of game `game`, seat by seat: the list (repeated to fill the seats) turned by
    `game` seats."""
    filled = [bots[i % len(bots)] for i in range(players)]
    turn = game % players
    return tuple(filled[turn:] + filled[:turn])


def simulate(game_name: str, games: int, *, players: int, bots: Sequence[str], seed: int = 1,
             workers: int = 1, options: Mapping[str, str] | None = None,
             tally: Tally | None = None, scheduler: str | None = None) -> dict[str, Any]:
    """Play `games` games (with the game's `options`, such as a variant) and summarise them
    (see `summarise`); `tally` counts the games done, failed and retried as they go."""
    _spec(game_name, SeatSimulation)
    for name in bots:
        registry.make_bot(game_name, name)  # an unknown name fails here, in one message
    chosen = dict(options or {})
    registry.get_game(game_name, {**chosen, "players": str(players)})  # bad options: one message
    check_games(games)
    jobs = ((game_name, players, seating(bots, players, i), derived_seed(seed, i), chosen)
            for i in range(games))
    report = summarise(run_jobs(play_game, jobs, workers, tally, scheduler), players)
    report["options"] = chosen
    return report


def summarise(results: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Per seat and per strategy: win share with a 95% Wilson interval (a shared win counts as
    a win for each winner), mean score; game length (turns); and for each card, the win share of
    seats that played it against seats that did not."""
    by_seat = [{"wins": 0, "games": 0, "score": 0} for _ in range(players)]
    by_bot: dict[str, dict[str, Any]] = defaultdict(lambda: {"wins": 0, "games": 0, "score": 0})
    with_card: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    without_card: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    names: set[str] = set()
    for r in results:
        for p in r["played"]:
            names.update(p)
    turns = [r["turns"] for r in results]
    for r in results:
        for seat in range(players):
            won = seat in r["winners"]
            for entry in (by_seat[seat], by_bot[r["bots"][seat]]):
                entry["wins"] += won
                entry["games"] += 1
                entry["score"] += r["scores"][seat]
            for name in names:
                tally = with_card[name] if name in r["played"][seat] else without_card[name]
                tally[0] += won
                tally[1] += 1
    report: dict[str, Any] = {
        "games": len(results), "players": players,
        "seats": [{"seat": i + 1, **share_json(s["wins"], s["games"]),
                   "mean_score": round(s["score"] / max(1, s["games"]), 3)}
                  for i, s in enumerate(by_seat)],
        "strategies": {name: {**share_json(s["wins"], s["games"]),
                              "mean_score": round(s["score"] / max(1, s["games"]), 3)}
                       for name, s in sorted(by_bot.items())},
        "turns": {"mean": round(sum(turns) / max(1, len(turns)), 2),
                  "min": min(turns, default=0), "max": max(turns, default=0)},
        "cards": {},
    }
    for name in sorted(names):
        played, not_played = share_json(*with_card[name]), share_json(*without_card[name])
        effect = (None if played["share"] is None or not_played["share"] is None
                  else round(played["share"] - not_played["share"], 4))
        report["cards"][name] = {"played": played, "not_played": not_played,
                                 "difference": effect}
    return report


# ----------------------------------------------------------------------------- team runs

RunJob = tuple[str, dict[str, str], str, float, int]
"""(game name, options, team bot, pace in seconds per action, seed)."""


def play_run(job: RunJob) -> dict[str, Any]:
    """One timed run of a cooperative real-time game: (game name, options, team bot, pace in
    seconds per action, seed) -> whether the team won, why the run ended, the time left and
    how far the team got."""
    game_name, options, bot_name, pace, seed = job
    spec: TeamSimulation = _spec(game_name, TeamSimulation)
    game = registry.get_game(game_name, options)
    end = start(game, seed, seat_bots(game_name, [bot_name], seed, pace=pace)).run(
        keep_moves=False)
    state = cast(RealTimeState, end.state)  # a team simulation is of a real-time game
    outcome = state.outcome()
    assert outcome is not None  # the session ran to the end
    won = outcome.termination == Termination.WON
    left = ((game.info.time_limit or 0) - state.clock) / 10
    return {"seed": seed, "options": options, "won": won,
            "ended": "won" if won else spec.ended(state), "time_left": left if won else 0.0,
            "actions": end.actions, "dealt_with": spec.progress(state)}


def simulate_team(game_name: str, runs: int, *, grid: Mapping[str, Sequence[int]], bot: str,
                  pace: float, seed: int = 1, workers: int = 1,
                  fixed: Mapping[str, str] | None = None,
                  tally: Tally | None = None, scheduler: str | None = None) -> dict[str, Any]:
    """`runs` timed runs for every combination of the `grid`'s option values (run i of each uses
    seed + i), with the `fixed` options in every run, and their summary (see `summarise_team`);
    `tally` counts the runs done, failed and retried as they go."""
    spec: TeamSimulation = _spec(game_name, TeamSimulation)
    registry.make_bot(game_name, bot)  # an unknown name fails here, in one message
    held = dict(fixed or {})
    keys = list(grid)
    cells = [dict(zip(keys, map(str, values), strict=True))
             for values in itertools.product(*grid.values())]
    for cell in cells:
        registry.get_game(game_name, {**cell, **held})  # bad options: one message
    check_games(runs * len(cells))
    jobs = ((game_name, {**cell, **held}, bot, pace, derived_seed(seed, i))
            for cell in cells for i in range(runs))
    report = summarise_team(run_jobs(play_run, jobs, workers, tally, scheduler), keys)
    report.update(bot=bot, pace=pace, first_seed=seed)
    report.update({option.key: held.get(option.key) for option in spec.fixed})
    return report


def _time_left(results: list[dict[str, Any]]) -> dict[str, Any]:
    left = sorted(r["time_left"] for r in results if r["won"])
    if not left:
        return {"wins": 0}
    return {"wins": len(left), "mean": round(sum(left) / len(left), 1),
            "median": statistics.median(left), "min": left[0], "max": left[-1]}


def _value_of(key: str) -> Callable[[dict[str, Any]], int]:
    """A run's value of option `key` (a swept option is a whole number)."""
    return lambda run: int(run["options"][key])


def summarise_team(results: list[dict[str, Any]], keys: Sequence[str]) -> dict[str, Any]:
    """Win share with a 95% Wilson interval overall, by each option in `keys` (the swept ones)
    and by all of them together; the time left on wins; what ended the lost runs."""
    def group(key: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
        cells: dict[Any, list[dict[str, Any]]] = defaultdict(list)
        for r in results:
            cells[key(r)].append(r)
        return {k: {**share_json(sum(r["won"] for r in rs), len(rs)), "time_left": _time_left(rs)}
                for k, rs in sorted(cells.items())}

    losses = [r["ended"] for r in results if not r["won"]]
    ended = {kind: {"runs": losses.count(kind),
                    "share_of_losses": round(losses.count(kind) / len(losses), 4)}
             for kind in sorted(set(losses))}
    report: dict[str, Any] = {
        "runs": len(results),
        "overall": {**share_json(sum(r["won"] for r in results), len(results)),
                    "time_left": _time_left(results)},
    }
    for key in keys:
        report[f"by_{key}"] = group(_value_of(key))
    if len(keys) > 1:
        together = group(lambda r: tuple(int(r["options"][key]) for key in keys))
        report["by_" + "_and_".join(keys)] = {" ".join(map(str, values)): entry
                                              for values, entry in together.items()}
    report["lost_runs_ended_by"] = ended
    report["mean_actions"] = round(sum(r["actions"] for r in results) / max(1, len(results)), 1)
    return report
