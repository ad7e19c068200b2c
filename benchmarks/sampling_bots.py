"""Sampling bots against the bots they sample with: strength and speed, in one process.

Dinky Dungeon: four-player games, one sampling seat and three greedy, the sampling seat moving one
seat a game (game i: seed FIRST + i, sampling in seat i mod 4, every bot seeded as the session
runner seeds it). For each setting (samples, width, horizon): the sampling seat's win share (a
shared win counts, as in `dungeoneer simulate`) with a 95% Wilson interval, and whole games per
second of the wall clock and of this process's CPU time. Four greedy bots on the same seeds give
the baseline share of a seat (about 25%).

5-Minute Dungeon (`--game five-minute-dungeon`): timed runs of the sampling team and of the
heuristic team on the same seeds (boss 1 unless `--boss`, `--players` players, `--pace`): win
share with 95% Wilson intervals, the runs both won or both lost, and runs per second.

    python benchmarks/sampling_bots.py --games 1000 --settings 1,2,2 1,2,4 2,2,4
    python benchmarks/sampling_bots.py --game five-minute-dungeon --games 200 --settings 2,2
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from typing import Any

from dungeoneer.engine import registry
from dungeoneer.engine.dinky_dungeon.bots import GreedyBot, SamplingBot
from dungeoneer.engine.protocol import Bot
from dungeoneer.engine.session import Session, seat_seed
from dungeoneer.engine.stats import wilson

FIRST = 1


def share(wins: int, games: int) -> dict[str, Any]:
    """A win share with its 95% Wilson interval."""
    low, high = wilson(wins, games)
    return {"wins": wins, "games": games, "share": round(wins / games, 4),
            "wilson95": [round(low, 4), round(high, 4)]}


def dinky(games: int, setting: tuple[int, ...] | None, first: int = FIRST) -> dict[str, Any]:
    """`games` four-player games (seeds from `first`) with one seat sampling at `setting`
    (None: four greedy)."""
    game = registry.get_game("dinky-dungeon", {"players": "4"})
    wins = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        seed, mine = first + i, i % 4
        seats: list[Bot | None] = [
            SamplingBot(seat_seed(seed, s), *setting) if setting and s == mine
            else GreedyBot(seat_seed(seed, s)) for s in range(4)]
        end = Session(game.new_initial_state(seed=seed), seats).run(keep_moves=False)
        outcome = end.state.outcome()
        assert outcome is not None
        wins += mine in outcome.winners
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    samples, width, horizon = setting or (0, 0, 0)
    return {"bot": "sampling" if setting else "greedy", "samples": samples, "width": width,
            "horizon": horizon, **share(wins, games),
            "games_per_second": round(games / wall, 1),
            "games_per_cpu_second": round(games / cpu, 1)}


def five_minute(games: int, setting: tuple[int, ...] | None, boss: int, players: int,
                pace: float) -> dict[str, Any]:
    """`games` timed runs of the sampling team at `setting` (None: the heuristic team)."""
    from dungeoneer.engine.five_minute_dungeon.bots import HeuristicTeam, SamplingTeam

    game = registry.get_game("five-minute-dungeon", {"players": str(players), "boss": str(boss)})
    won = []
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        seed = FIRST + i
        bot: Bot = (SamplingTeam(seed, pace, *setting) if setting else HeuristicTeam(seed, pace))
        end = Session(game.new_initial_state(seed=seed), [bot]).run(keep_moves=False)
        outcome = end.state.outcome()
        assert outcome is not None
        won.append(bool(outcome.winners))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    samples, width = setting or (0, 0)
    return {"bot": "sampling" if setting else "heuristic", "samples": samples, "width": width,
            **share(sum(won), games), "runs_per_second": round(games / wall, 2),
            "runs_per_cpu_second": round(games / cpu, 2), "won": won}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dinky-dungeon",
                        choices=["dinky-dungeon", "five-minute-dungeon"])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--settings", nargs="+", default=["1,2,4"],
                        help="samples,width[,horizon] per setting (horizon: Dinky Dungeon)")
    parser.add_argument("--first", type=int, default=FIRST,
                        help="the first game's seed (Dinky Dungeon; tune and measure apart)")
    parser.add_argument("--boss", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--pace", type=float, default=5.0)
    args = parser.parse_args()
    settings = [tuple(int(v) for v in text.split(",")) for text in args.settings]
    report: dict[str, Any] = {"game": args.game, "python": platform.python_version(),
                              "machine": platform.machine(), "cores": os.cpu_count(),
                              "load_before": [round(v, 2) for v in os.getloadavg()],
                              "games": args.games, "first": args.first, "rows": []}
    if args.game == "dinky-dungeon":
        for setting in [None, *settings]:
            report["rows"].append(dinky(args.games, setting, args.first))
    else:
        base = five_minute(args.games, None, args.boss, args.players, args.pace)
        heuristic_won = base["won"]
        report.update(boss=args.boss, players=args.players, pace=args.pace)
        for setting in [None, *settings]:
            row = base if setting is None else five_minute(args.games, setting, args.boss,
                                                           args.players, args.pace)
            pairs = list(zip(row.pop("won"), heuristic_won, strict=True))
            row["both_won"] = sum(a and b for a, b in pairs)
            row["only_this_won"] = sum(a and not b for a, b in pairs)
            row["only_heuristic_won"] = sum(b and not a for a, b in pairs)
            report["rows"].append(row)
    report["load_after"] = [round(v, 2) for v in os.getloadavg()]
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
