"""Surveys: the share of each hero face's deals that can be won, from many seeded deals.

Deal i of a survey is the deal of seed `rng.derived_seed(first_seed, i)`, that is
`first_seed + i` (mod 2**64), for every hero face asked for: the same seeds for each face. The
jobs go deal by deal, each deal's faces in turn, so a survey stopped part-way has about as many
deals of each face. Each deal is solved in one process (`workers=1`) within the time limit, and
the deals are spread over the batch's workers or a Dask cluster (`engine.executors`).

A deal is won (a winning line, checked), unwinnable (a proof) or unknown (the time ran out). The
won share is only bounded while deals are unknown: at least won/n (every unknown deal lost), at
most (won + unknown)/n (every unknown deal won). Its 95% interval counts the unknown deals both
ways: from the Wilson lower bound of won out of n to the Wilson upper bound of won + unknown out
of n. With no unknown deal it is the plain Wilson interval.

The answers depend on the machine's speed where deals are close to the time limit (a faster core
decides more of them in the same seconds, or another worker's load slows one down): that is what
a time budget means. Won and unwinnable answers never depend on it; only how many deals stay
unknown does. A limit of positions instead (`positions`, with no time limit) gives the same
answers on any machine: only the seconds measured differ.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import Tally, ordered_map
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, card_set
from dungeoneer.engine.rng import derived_seed
from dungeoneer.engine.stats import wilson

STATUSES = ("won", "unwinnable", "unknown")
"""A deal's answer, as the solver gives it."""

MAX_DEALS = 1_000_000
"""The most deals per face one survey solves (the rows are kept to be summarised)."""

ROW_KEYS = ("hero", "index", "seed", "status", "seconds", "positions", "time_limit",
            "position_limit")
"""The fields of one line of a survey's file, in the order written. A file written before
`position_limit` existed has none: it reads as null (a time limit only)."""


@dataclass(frozen=True)
class SurveyJob:
    """One deal to solve: deal `index` of the survey, with `hero`, seeded `seed`."""

    hero: str
    index: int
    seed: int
    seconds: float | None
    """The time limit, or None with a limit of positions."""
    positions: int | None = None
    """The most positions the solver searches (None: only the time limit)."""


def hero_names(names: Sequence[str]) -> list[str]:
    """The hero faces asked for, spelt as the cards spell them, each once (none: every face)."""
    if not names:
        return [hero.name for hero in card_set().heroes]
    chosen: list[str] = []
    for name in names:
        canonical = PuzzleDungeon(hero=name).hero.name  # an unknown hero fails here, in one message
        if canonical not in chosen:
            chosen.append(canonical)
    return chosen


def survey_jobs(heroes: Sequence[str], deals: int, first_seed: int, seconds: float | None,
                skip: Collection[tuple[str, int]] = (), positions: int | None = None
                ) -> Iterator[SurveyJob]:
    """The deals to solve, deal by deal and each deal's faces in turn, lazily; the (hero, index)
    pairs in `skip` (already solved) are left out."""
    for index in range(deals):
        for hero in heroes:
            if (hero, index) not in skip:
                yield SurveyJob(hero, index, derived_seed(first_seed, index), seconds, positions)


def solve_deal(job: SurveyJob) -> dict[str, Any]:
    """Solve one deal in this process within its time limit or limit of positions: its row
    (ROW_KEYS)."""
    from dungeoneer.solver import solve  # OR-Tools: loaded in the worker that solves

    state = PuzzleDungeon(hero=job.hero).new_initial_state(seed=job.seed)
    answer = solve(state, seconds=job.seconds, states=job.positions, workers=1)
    return {"hero": job.hero, "index": job.index, "seed": job.seed, "status": answer.status,
            "seconds": round(answer.seconds, 3), "positions": answer.states,
            "time_limit": job.seconds, "position_limit": job.positions}


def run_survey(heroes: Sequence[str], deals: int, *, first_seed: int = 1,
               seconds: float | None = 30.0, positions: int | None = None, workers: int = 1,
               scheduler: str | None = None, skip: Collection[tuple[str, int]] = (),
               tally: Tally | None = None) -> Iterator[dict[str, Any]]:
    """Solve the survey's deals (but those in `skip`), each within `seconds` and `positions`
    (either may be None, not both), yielding each row in job order as soon as it and every job
    before it are done; `tally` counts the deals solved, failed and retried."""
    if not 1 <= deals <= MAX_DEALS:
        raise DungeoneerError(f"a survey solves 1 to {MAX_DEALS:,} deals per face, not {deals:,}")
    if seconds is None and positions is None:
        raise DungeoneerError("a survey needs a time limit or a limit of positions per deal")
    jobs = survey_jobs(heroes, deals, first_seed, seconds, skip, positions)
    yield from ordered_map(solve_deal, jobs, workers=workers, scheduler=scheduler,
                          tally=tally)


# ----------------------------------------------------------------------------- the file

def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """The rows of a survey's file. A last line without its newline (the survey was stopped while
    writing it) is cut off the file, so that deal is solved again and the file stays whole."""
    target = Path(path)
    with target.open("rb+") as handle:
        data = handle.read()
        whole = data.rfind(b"\n") + 1
        if whole < len(data):
            handle.truncate(whole)
    rows = []
    for number, line in enumerate(data[:whole].decode("utf-8").splitlines(), 1):
        if line.strip():
            rows.append(_checked_row(line, str(target), number))
    return rows


def _checked_row(line: str, file: str, number: int) -> dict[str, Any]:
    """One line of a survey's file as a row, or a DungeoneerError naming the line."""
    try:
        row = json.loads(line)
    except ValueError:
        row = None
    if isinstance(row, dict):
        row.setdefault("position_limit", None)  # written before there was a limit of positions
    if not (isinstance(row, dict) and set(ROW_KEYS) <= set(row)
            and isinstance(row["hero"], str) and row["status"] in STATUSES
            and all(isinstance(row[k], int) for k in ("index", "seed", "positions"))
            and isinstance(row["seconds"], int | float)
            and isinstance(row["time_limit"], int | float | None)
            and isinstance(row["position_limit"], int | None)):
        raise DungeoneerError("not a line of a survey's file (a JSON object with "
                              f"{', '.join(ROW_KEYS)})", file=file, line=number,
                              text=line[:80])
    return row


def resumed_rows(rows: Sequence[dict[str, Any]], heroes: Sequence[str], deals: int, first_seed: int,
                 seconds: float | None, file: str, positions: int | None = None
                 ) -> dict[tuple[str, int], dict[str, Any]]:
    """The rows of an earlier run of this survey, by (hero, index): those of its faces and deals
    (a file may hold more). Refuses a file made with another first seed, time limit or limit of
    positions, whose answers would not be this survey's."""
    wanted = set(heroes)
    kept: dict[tuple[str, int], dict[str, Any]] = {}
    for row in rows:
        if row["hero"] not in wanted or not 0 <= row["index"] < deals:
            continue
        if row["seed"] != derived_seed(first_seed, row["index"]):
            raise DungeoneerError(f"{file} holds deal {row['index']} with seed {row['seed']}: it "
                                  "was made with another --first-seed", file=file)
        if _budget(row["time_limit"], row["position_limit"]) != _budget(seconds, positions):
            raise DungeoneerError(
                f"{file} was made with {_budget(row['time_limit'], row['position_limit'])}, "
                f"not {_budget(seconds, positions)}", file=file)
        kept.setdefault((row["hero"], row["index"]), row)
    return kept


def _budget(seconds: float | None, positions: int | None) -> str:
    """A deal's budget as its options say it ('--time-limit 5', '--positions 2000')."""
    if positions is None:
        return f"--time-limit {seconds:g}"
    return f"--positions {positions}" + ("" if seconds is None else f" --time-limit {seconds:g}")


class RowsFile:
    """A survey's file, appended to one line per deal and flushed as each comes, so a survey
    stopped at any point keeps every deal it finished (use as a context manager)."""

    def __init__(self, path: str | Path, *, fresh: bool) -> None:
        # fresh: start the file anew (--force); else append to what an earlier run wrote. Kept
        # open between rows (closed by __exit__), so not a `with` block here.
        self._handle: IO[str] = Path(path).open(  # noqa: SIM115
            "w" if fresh else "a", encoding="utf-8", newline="\n")
        self.lines = 0

    def __enter__(self) -> RowsFile:
        return self

    def write_row(self, row: dict[str, Any]) -> None:
        """Add one deal's row and flush it to the file."""
        self._handle.write(json.dumps({key: row[key] for key in ROW_KEYS}) + "\n")
        self._handle.flush()
        self.lines += 1

    def __exit__(self, *exc: object) -> None:
        self._handle.close()


# ----------------------------------------------------------------------------- the summary

def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the value at rank ceil(share * n) of the sorted values."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def won_share(won: int, unknown: int, deals: int) -> dict[str, Any]:
    """The won share's bounds and its 95% interval counting unknown deals both ways: the Wilson
    lower bound with them lost, the Wilson upper bound with them won."""
    return {"least": round(won / deals, 4), "most": round((won + unknown) / deals, 4),
            "wilson95": [round(wilson(won, deals)[0], 4),
                         round(wilson(won + unknown, deals)[1], 4)]}


def summarise_face(hero: str, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One face's figures: deals, the count of each answer, the won share, solve times."""
    counts = {status: sum(row["status"] == status for row in rows) for status in STATUSES}
    times = [row["seconds"] for row in rows]
    figures: dict[str, Any] = {"hero": hero, "deals": len(rows), **counts}
    if rows:
        figures["won_share"] = won_share(counts["won"], counts["unknown"], len(rows))
        figures["seconds"] = {"median": round(statistics.median(times), 3),
                              "p95": percentile(times, 0.95)}
    else:
        figures["won_share"] = None
        figures["seconds"] = None
    return figures


def summarise(rows: Sequence[dict[str, Any]], heroes: Sequence[str], *, deals: int, first_seed: int,
              seconds: float | None, positions: int | None = None) -> dict[str, Any]:
    """The survey's report (docs/json.md, command_survey): each face's figures, in the order
    asked for."""
    by_hero: dict[str, list[dict[str, Any]]] = {hero: [] for hero in heroes}
    for row in rows:
        by_hero[row["hero"]].append(row)
    return {"deals": deals, "first_seed": first_seed, "time_limit": seconds,
            "position_limit": positions,
            "faces": [summarise_face(hero, by_hero[hero]) for hero in heroes]}

