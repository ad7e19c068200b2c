"""Simulations: many bot games of a multi-player game, in parallel processes, summarised with
95% Wilson intervals.

Game i is seeded with `seed + i`, and its bots sit rotated by i seats (the strategy list turns one
seat per game), so a strategy's figures are not its seat's and a seat's figures are not one
strategy's. A game's result does not depend on the worker that plays it, so the report does not
depend on the worker count.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from multiprocessing import get_context
from typing import Any

from dungeoneer.engine import registry
from dungeoneer.engine.bots import make_bot
from dungeoneer.engine.stats import wilson

MAX_ACTIONS = 10_000


def play_game(job: tuple) -> dict:
    """One game: (game name, players, bot per seat, seed[, options]) -> scores, winners, turns,
    and the cards each seat played. `options` are the game's other options (a variant)."""
    game_name, players, bots, seed, *rest = job
    options = {**(rest[0] if rest else {}), "players": str(players)}
    state = registry.get_game(game_name, options).new_initial_state(seed=seed)
    seats = [make_bot(game_name, name, seed * 8 + i) for i, name in enumerate(bots)]
    played: list[set[str]] = [set() for _ in range(players)]
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        seat = state.current_player()
        action = seats[seat].choose(state)
        if action.kind == "play":
            played[seat].add(action.arg)
        state = state.apply(action)
    else:
        raise AssertionError(f"game {seed} did not end")
    outcome = state.outcome()
    return {"seed": seed, "bots": list(bots), "scores": list(outcome.scores),
            "winners": list(outcome.winners), "turns": state.turns,
            "played": [sorted(p) for p in played]}


def seating(bots: Sequence[str], players: int, game: int) -> tuple[str, ...]:
    """The bots of game `game`, seat by seat: the list (repeated to fill the seats) turned by
    `game` seats."""
    filled = [bots[i % len(bots)] for i in range(players)]
    turn = game % players
    return tuple(filled[turn:] + filled[:turn])


def simulate(game_name: str, games: int, *, players: int, bots: Sequence[str], seed: int = 1,
             workers: int = 1, options: dict[str, str] | None = None,
             progress: Callable[[int], None] | None = None) -> dict:
    """Play `games` games (with the game's `options`, such as a variant) and summarise them
    (see `summarise`)."""
    for name in bots:
        make_bot(game_name, name)  # an unknown name fails here, in one message
    options = dict(options or {})
    registry.get_game(game_name, {**options, "players": str(players)})  # bad options: one message
    jobs = [(game_name, players, seating(bots, players, i), seed + i, options)
            for i in range(games)]
    report = summarise(run_jobs(play_game, jobs, workers, progress), players)
    report["options"] = options
    return report


def run_jobs(play: Callable[[Any], dict], jobs: list, workers: int,
             progress: Callable[[int], None] | None = None) -> list[dict]:
    """`play` each job, in `workers` processes if more than one, the results in job order;
    `progress` hears the number done."""
    results: list[dict] = []
    if workers > 1:
        with get_context("spawn").Pool(workers) as pool:
            for result in pool.imap(play, jobs, chunksize=8):
                results.append(result)
                if progress is not None:
                    progress(len(results))
        return results
    for job in jobs:
        results.append(play(job))
        if progress is not None:
            progress(len(results))
    return results


def _share(wins: int, trials: int) -> dict:
    low, high = wilson(wins, trials) if trials else (0.0, 0.0)
    return {"wins": wins, "games": trials, "share": round(wins / trials, 4) if trials else None,
            "wilson95": [round(low, 4), round(high, 4)]}


def summarise(results: list[dict], players: int) -> dict:
    """Per seat and per strategy: win share with a 95% Wilson interval (a shared win counts as
    a win for each winner), mean score; game length (turns); and for each card, the win share of
    seats that played it against seats that did not."""
    by_seat = [{"wins": 0, "games": 0, "score": 0} for _ in range(players)]
    by_bot: dict[str, dict] = defaultdict(lambda: {"wins": 0, "games": 0, "score": 0})
    with_card: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    without_card: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    names = set()
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
    report = {
        "games": len(results), "players": players,
        "seats": [{"seat": i + 1, **_share(s["wins"], s["games"]),
                   "mean_score": round(s["score"] / max(1, s["games"]), 3)}
                  for i, s in enumerate(by_seat)],
        "strategies": {name: {**_share(s["wins"], s["games"]),
                              "mean_score": round(s["score"] / max(1, s["games"]), 3)}
                       for name, s in sorted(by_bot.items())},
        "turns": {"mean": round(sum(turns) / max(1, len(turns)), 2),
                  "min": min(turns, default=0), "max": max(turns, default=0)},
        "cards": {},
    }
    for name in sorted(names):
        played, not_played = _share(*with_card[name]), _share(*without_card[name])
        effect = (None if played["share"] is None or not_played["share"] is None
                  else round(played["share"] - not_played["share"], 4))
        report["cards"][name] = {"played": played, "not_played": not_played,
                                 "difference": effect}
    return report


# ----------------------------------------------------------------------------- team games

def play_run(job: tuple[str, dict, str, float, int]) -> dict:
    """One timed run of a cooperative real-time game: (game name, options, team bot, pace in
    seconds per action, seed) -> whether the team won, why the run ended, the time left and
    how far the team got."""
    game_name, options, bot_name, pace, seed = job
    game = registry.get_game(game_name, options)
    state = game.new_initial_state(seed=seed)
    team = make_bot(game_name, bot_name, seed, pace=pace)
    actions = 0
    while not state.is_terminal():
        state = state.apply(team.choose(state))
        actions += 1
        if actions > MAX_ACTIONS:
            raise AssertionError(f"run {seed} did not end")
    outcome = state.outcome()
    return {"seed": seed, "options": options, "won": outcome.termination.value == "won",
            "ended": "won" if state.won else _loss_kind(outcome.reason),
            "time_left": outcome.scores[0] if state.won else 0.0, "actions": actions,
            "dealt_with": len(state.beaten)}


def _loss_kind(reason: str) -> str:
    """A lost run's reason in a word or three: 'time ran out', 'stuck', 'out of cards'."""
    head = reason.split(" (")[0].split(":")[0]
    return "out of cards" if "out of cards" in head else head


def simulate_team(game_name: str, runs: int, *, players: Sequence[int], bosses: Sequence[int],
                  bot: str, pace: float, seed: int = 1, workers: int = 1,
                  heroes: str | None = None,
                  progress: Callable[[int], None] | None = None) -> dict:
    """`runs` timed runs for every player count and boss (run i of each uses seed + i), and
    their summary (see `summarise_team`). `heroes` (comma-separated) fixes the team; otherwise
    each team size plays the game's default heroes."""
    make_bot(game_name, bot)  # an unknown name fails here, in one message
    extra = {} if heroes is None else {"heroes": heroes}
    for n in players:
        registry.get_game(game_name, {"players": str(n), **extra})  # bad heroes: one message
    jobs = [(game_name, {"players": str(n), "boss": str(b), **extra}, bot, pace, seed + i)
            for b in bosses for n in players for i in range(runs)]
    report = summarise_team(run_jobs(play_run, jobs, workers, progress))
    report.update(bot=bot, pace=pace, first_seed=seed, heroes=heroes)
    return report


def _time_left(results: list[dict]) -> dict:
    left = sorted(r["time_left"] for r in results if r["won"])
    if not left:
        return {"wins": 0}
    return {"wins": len(left), "mean": round(sum(left) / len(left), 1),
            "median": statistics.median(left), "min": left[0], "max": left[-1]}


def summarise_team(results: list[dict]) -> dict:
    """Win share with a 95% Wilson interval overall, by boss, by number of players and by both;
    the time left on wins; what ended the lost runs."""
    def group(key: Callable[[dict], Any]) -> dict:
        cells: dict[Any, list[dict]] = defaultdict(list)
        for r in results:
            cells[key(r)].append(r)
        return {k: {**_share(sum(r["won"] for r in rs), len(rs)), "time_left": _time_left(rs)}
                for k, rs in sorted(cells.items())}

    losses = [r["ended"] for r in results if not r["won"]]
    ended = {kind: {"runs": losses.count(kind),
                    "share_of_losses": round(losses.count(kind) / len(losses), 4)}
             for kind in sorted(set(losses))}
    return {
        "runs": len(results),
        "overall": {**_share(sum(r["won"] for r in results), len(results)),
                    "time_left": _time_left(results)},
        "by_boss": group(lambda r: int(r["options"]["boss"])),
        "by_players": group(lambda r: int(r["options"]["players"])),
        "by_boss_and_players": {f"{b} {n}": entry for (b, n), entry in group(
            lambda r: (int(r["options"]["boss"]), int(r["options"]["players"]))).items()},
        "lost_runs_ended_by": ended,
        "mean_actions": round(sum(r["actions"] for r in results) / max(1, len(results)), 1),
    }
