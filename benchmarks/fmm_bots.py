"""5 More Minutes bots: the greedy bot's blunders counted, and the sampling bot against greedy
bots, with its speed.

    python benchmarks/fmm_bots.py blunders --games 1000            # how often each blunder happens
    python benchmarks/fmm_bots.py duel --games 400 --bot sampling --bot greedy --workers 2
    python benchmarks/fmm_bots.py speed --games 20 --bot sampling --bot greedy
    python benchmarks/fmm_bots.py paired --games 4000 --bot sampling --bot sampling-view \
        --samples 8 --lead 0.125 --workers 2

`duel` seats the bots as `dungeoneer simulate` does (the list repeated to fill the four seats,
turned one seat per game, so every bot plays every seat equally often) and reports each bot's win
share with a 95% Wilson interval (a shared win counts for each winner). Against three others of
equal strength a bot wins about a quarter of four-player games.
`paired` compares two bots game by game: each game is played twice from the same seed, the first
bot in one seat (turned one seat per game) against three greedy bots, then the second bot in the
same seat; it reports both win shares, how many games only one of them won, and the difference
with a 95% interval over the pairs (the deal's luck, shared by both, drops out).
`--samples N`, `--lead L` and `--near K` replace the sampling bot's defaults (bots.py).
`sampling-view` is the sampling bot filling in from its seat's view of the present position
only, without what it remembers of earlier positions (information.from_view); `sampling-true`,
for scale and not a fair bot, plays out from the true position (the hidden cards and chips as
they are, the order of the deck and of the pile too, only the dice and shuffles to come new):
what knowing
everything the seat cannot see would be worth to it; `sampling-hands`, not fair either, knows
the other hands and blue chips but deals the deck and the pile in a new order: what the most
a memory could tell would be worth. All three are a benchmark's bots only.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from multiprocessing import get_context
from typing import Any

from dungeoneer.engine import registry
from dungeoneer.engine.five_more_minutes import BOTS
from dungeoneer.engine.five_more_minutes.bots import SamplingFiveBot, fill_in
from dungeoneer.engine.five_more_minutes.effects import Roll, Target
from dungeoneer.engine.five_more_minutes.information import from_view
from dungeoneer.engine.five_more_minutes.state import FiveState
from dungeoneer.engine.protocol import Action, Bot
from dungeoneer.engine.rng import Stream, derived_seed
from dungeoneer.engine.session import seat_seed, start
from dungeoneer.engine.simulate import seating
from dungeoneer.engine.stats import wilson

GAME = "five-more-minutes"


Settings = dict[str, float]
"""The sampling bot's settings that replace its defaults: `samples`, `lead`, `near`."""


class ViewSamplingBot(SamplingFiveBot):
    """The sampling bot without its memory: its fillings read the seat's view of the present
    position only."""

    name = "sampling-view"

    def fill_in(self, state: Any, seat: int, seed: int) -> Any:
        return fill_in(state, seat, seed, from_view(state, seat))


class TrueSamplingBot(SamplingFiveBot):
    """The sampling bot seeing what its seat cannot (for scale, not a fair bot): each filling
    is the true position with a fresh stream for the chance to come."""

    name = "sampling-true"

    def fill_in(self, state: Any, seat: int, seed: int) -> Any:
        return replace(state, stream=Stream(seed).u64(), events=None, legal=state.legal)


class HandsSamplingBot(SamplingFiveBot):
    """The sampling bot seeing the other hands and blue chips (for scale, not a fair bot): each
    filling is the true position with the deck and the pile in a new order, and a fresh stream."""

    name = "sampling-hands"

    def fill_in(self, state: Any, seat: int, seed: int) -> Any:
        stream = Stream(seed)
        deck = stream.shuffled(sorted(state.deck))
        pile = stream.shuffled(sorted(state.blue_pile))
        return replace(state, deck=deck, blue_pile=pile, stream=stream.u64(), events=None,
                       legal=state.legal)


def make_bot(name: str, seed: int, settings: Settings | None = None) -> Bot:
    """A bot by name: the product's bots, and the benchmark's variants of the sampling bot;
    the sampling bot with `settings` in place of its defaults."""
    if name in ("sampling", "sampling-view", "sampling-true", "sampling-hands"):
        chosen = dict(settings or {})
        kind = {"sampling-view": ViewSamplingBot, "sampling-true": TrueSamplingBot,
                "sampling-hands": HandsSamplingBot}.get(name, BOTS["sampling"])
        bot = kind(seed, samples=int(chosen.pop("samples", 0)) or None)
        for key, value in chosen.items():
            setattr(bot, key, type(getattr(bot, key))(value))
        return bot
    return registry.make_bot(GAME, name, seed)


# ----------------------------------------------------------------------------- blunders

def blunders_of(state: FiveState, action: Action) -> list[str]:
    """The blunders a sensible player avoids that `action` (the acting seat's choice)
    makes, and the kind of decision each one is counted against ('of ...')."""
    seat = state.current_player()
    decision = state.decision
    found: list[str] = []
    if action.kind == "play" and action.arg == "Dream Control":
        found.append("of Dream Control plays")
        rest = list(state.hands[seat])
        rest.remove("Dream Control")
        if not any(state.game.costs[card] is not None for card in rest):
            found.append("Dream Control with no other card to play")
    if isinstance(decision, Roll) and action.kind == "pink":
        found.append("of pink spends")
        if decision.leads_to(state, decision.rolled + action.arg) == decision.leads_to(
                state, decision.rolled):
            found.append("pink spent on a roll it cannot change")
    if isinstance(decision, Target) and decision.PURPOSE == "hallucinations":
        found.append("of Hallucinations targets")
        if state.blue[seat] and not state.blue[action.arg - 1]:
            found.append("own blue chip given to a player who has none")
    if isinstance(decision, Target) and decision.PURPOSE == "paralysis":
        found.append("of Sleep Paralysis targets")
        if state.stages[action.arg - 1] == 1:
            found.append("Sleep Paralysis at a player at stage 1")
    if isinstance(decision, Target) and decision.PURPOSE == "exploding":
        found.append("of Exploding Head targets")
        if state.stages[action.arg - 1] == 1:
            found.append("Exploding Head at a player at stage 1")
    return found


class Counting:
    """A bot that plays as `bot` and counts the blunders of its choices into `counts`."""

    def __init__(self, bot: Bot, counts: Counter[str]) -> None:
        self.bot, self.counts = bot, counts

    def choose(self, state: FiveState) -> Action:  # type: ignore[override]
        action = self.bot.choose(state)
        if len(state.legal_actions()) > 1:
            self.counts.update(blunders_of(state, action))
        return action


def count_blunders(bot: str, games: int, seed: int,
                   settings: Settings | None = None) -> dict[str, int]:
    """Blunder counts of `bot` in every seat of `games` four-player games."""
    counts: Counter[str] = Counter()
    game = registry.get_game(GAME, {"players": "4"})
    for i in range(games):
        game_seed = derived_seed(seed, i)
        seats = [Counting(make_bot(bot, seat_seed(game_seed, s), settings), counts)
                 for s in range(4)]
        start(game, game_seed, seats).run(keep_moves=False)
    return dict(sorted(counts.items()))


# ----------------------------------------------------------------------------- duels

DuelJob = tuple[tuple[str, ...], int, Settings]
"""(bot per seat, game seed, the sampling bot's settings)."""


def play_duel(job: DuelJob) -> dict[str, Any]:
    """One four-player game of the bots seated as given: the winners and the time it took."""
    bots, game_seed, settings = job
    game = registry.get_game(GAME, {"players": str(len(bots))})
    seats = [make_bot(name, seat_seed(game_seed, s), settings) for s, name in enumerate(bots)]
    began = time.perf_counter()
    end = start(game, game_seed, seats).run(keep_moves=False)
    outcome = end.state.outcome()
    assert outcome is not None
    return {"bots": bots, "winners": list(outcome.winners),
            "seconds": time.perf_counter() - began}


def duel(bots: Sequence[str], games: int, seed: int, workers: int,
         settings: Settings | None = None) -> dict[str, Any]:
    """Each bot's win share over `games` four-player games, seats rotated, with a 95% Wilson
    interval; the mean seconds a game took in its worker."""
    jobs = [(seating(bots, 4, i), derived_seed(seed, i), settings or {}) for i in range(games)]
    results = run(play_duel, jobs, workers)
    wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    for r in results:
        for s, name in enumerate(r["bots"]):
            seats[name] += 1
            wins[name] += s in r["winners"]
    report: dict[str, Any] = {"games": games, "seed": seed, "workers": workers,
                              "settings": settings, "bots": list(bots)}
    for name in sorted(seats):
        low, high = wilson(wins[name], seats[name])
        report[name] = {"wins": wins[name], "seat_games": seats[name],
                        "share": round(wins[name] / seats[name], 4),
                        "wilson95": [round(low, 4), round(high, 4)]}
    report["mean_seconds_per_game"] = round(sum(r["seconds"] for r in results) / games, 4)
    return report


def run(function: Callable[[Any], dict], jobs: list[Any], workers: int) -> list[dict]:
    """`function` of each job, in order, in `workers` processes (in this one when 1)."""
    if workers == 1:
        return [function(job) for job in jobs]
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        return list(pool.map(function, jobs, chunksize=4))


def paired(bots: Sequence[str], games: int, seed: int, workers: int,
           settings: Settings | None = None) -> dict[str, Any]:
    """Two bots, game by game: game i from the same seed with the first and then the second bot
    in seat i mod 4 and greedy bots in the others; the difference of their win shares with a
    95% interval over the paired games (normal, from the pairs' spread)."""
    first, second = bots
    jobs = []
    for i in range(games):
        for bot in (first, second):
            seated = ["greedy"] * 4
            seated[i % 4] = bot
            jobs.append((tuple(seated), derived_seed(seed, i), settings or {}))
    results = run(play_duel, jobs, workers)
    won = [(i // 2 % 4) in r["winners"] for i, r in enumerate(results)]
    a, b = won[0::2], won[1::2]
    only_first = sum(x and not y for x, y in zip(a, b, strict=True))
    only_second = sum(y and not x for x, y in zip(a, b, strict=True))
    difference = (only_first - only_second) / games
    mean_square = (only_first + only_second) / games
    spread = ((mean_square - difference ** 2) / (games - 1)) ** 0.5 if games > 1 else 0.0
    report: dict[str, Any] = {"games": games, "seed": seed, "workers": workers,
                              "settings": settings, "bots": list(bots)}
    for name, wins in ((first, sum(a)), (second, sum(b))):
        low, high = wilson(wins, games)
        report[name] = {"wins": wins, "share": round(wins / games, 4),
                        "wilson95": [round(low, 4), round(high, 4)]}
    report["only_first_won"], report["only_second_won"] = only_first, only_second
    report["difference"] = round(difference, 4)
    report["difference95"] = [round(difference - 1.96 * spread, 4),
                              round(difference + 1.96 * spread, 4)]
    return report


# ----------------------------------------------------------------------------- speed

def speed(bots: Sequence[str], games: int, seed: int,
          settings: Settings | None = None) -> dict[str, Any]:
    """Whole four-player games per second (wall clock and CPU time) in this process, seats
    rotated."""
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        play_duel((seating(bots, 4, i), derived_seed(seed, i), settings or {}))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"games": games, "bots": list(bots), "settings": settings,
            "games_per_second": round(games / wall, 2),
            "games_per_cpu_second": round(games / cpu, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["blunders", "duel", "paired", "speed"])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--bot", action="append")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int)
    parser.add_argument("--lead", type=float)
    parser.add_argument("--near", type=int)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    bots = args.bot or ["greedy"]
    settings = {key: value for key in ("samples", "lead", "near")
                if (value := getattr(args, key)) is not None}
    report: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine()}
    if args.what == "blunders":
        report.update(bot=bots[0], games=args.games,
                      counts=count_blunders(bots[0], args.games, args.seed, settings))
    elif args.what == "duel":
        report.update(duel(bots, args.games, args.seed, args.workers, settings))
    elif args.what == "paired":
        report.update(paired(bots, args.games, args.seed, args.workers, settings))
    else:
        report.update(speed(bots, args.games, args.seed, settings))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
