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
import os
import statistics
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import Tally, ordered_map
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, card_set
from dungeoneer.engine.rng import derived_seed
from dungeoneer.engine.stats import wilson
from dungeoneer.engine.stops import stops_held

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

HEADER = {"file": "dungeoneer survey", "format": 1}
"""The first line of a survey's file: it names the file, so that `--resume` goes on only with a
survey's own file. (A file written before the header existed starts with a row, and is read as
one too.)"""

HEADER_LINE = json.dumps(HEADER)


def parse_rows(data: bytes, file: str) -> tuple[list[dict[str, Any]], int]:
    """The rows of a survey's file given its bytes, and how many bytes of it are whole lines (a
    last line without its newline was cut off when the survey stopped). Raises a DungeoneerError
    naming the line for anything else: a file that is not a survey's, or is damaged. Reads only:
    the caller cuts the broken line off once every check has passed."""
    whole = data.rfind(b"\n") + 1
    lines = data[:whole].split(b"\n")[:-1]
    if not lines:
        raise DungeoneerError("not a survey's file: it holds no whole line, and a survey's file "
                              f"starts with the line {HEADER_LINE}", file=file, line=1)
    rows = []
    for number, raw in enumerate(lines, 1):
        line = _decoded(raw, file, number)
        if number == 1 and _is_header(line):
            continue
        if number == 1 and _row_or_none(line) is None:
            raise DungeoneerError(f"not a survey's file: its first line is not {HEADER_LINE}",
                                  file=file, line=1, text=line[:80])
        if line.strip():
            rows.append(_checked_row(line, file, number))
    return rows, whole


def _decoded(raw: bytes, file: str, number: int) -> str:
    """One line of a survey's file as text, or a DungeoneerError naming it."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DungeoneerError(f"not a line of a survey's file: it is not UTF-8 text ({exc.reason} "
                              f"at byte {exc.start + 1})", file=file, line=number) from None


def _is_header(line: str) -> bool:
    return bool(_json_or_none(line) == HEADER)


def _json_or_none(line: str) -> Any:
    """The JSON value of a line, or None if it is not JSON (nesting too deep included)."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def _row_or_none(line: str) -> dict[str, Any] | None:
    """One line of a survey's file as a row (ROW_KEYS, each of its type), or None."""
    row = _json_or_none(line)
    if isinstance(row, dict):
        row.setdefault("position_limit", None)  # written before there was a limit of positions
    if not (isinstance(row, dict) and set(ROW_KEYS) <= set(row)
            and isinstance(row["hero"], str) and row["status"] in STATUSES
            and all(_whole(row[k]) for k in ("index", "seed", "positions"))
            and _number(row["seconds"])
            and (row["time_limit"] is None or _number(row["time_limit"]))
            and (row["position_limit"] is None or _whole(row["position_limit"]))):
        return None
    return row


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


def _checked_row(line: str, file: str, number: int) -> dict[str, Any]:
    """One line of a survey's file as a row, or a DungeoneerError naming the line."""
    row = _row_or_none(line)
    if row is None:
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


class SurveyFile:
    """A survey's file, held by one survey at a time (use as a context manager).

    Opening it takes a lock on it, before it is read or changed: a second survey on the same
    file (to resume it, or --force) is refused in one message. `rows()` reads an earlier run's
    rows without changing anything; `start()`, once every check has passed, starts the file
    anew (a header line) or cuts off a last line the earlier run left half-written. Then
    `write_row` appends one line per deal, each in one write as it comes, so a survey stopped
    at any point (even by SIGKILL) keeps every deal it finished."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        # O_APPEND: every row goes to the end; no O_TRUNC: nothing changes until start().
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND
                           | getattr(os, "O_BINARY", 0), 0o666)
        self.created = os.fstat(self._fd).st_size == 0
        self.lines = 0
        try:
            _lock(self._fd, self.path)
        except BaseException:
            os.close(self._fd)
            raise

    def __enter__(self) -> SurveyFile:
        return self

    def _read(self) -> bytes:
        size = os.fstat(self._fd).st_size
        return os.pread(self._fd, size, 0) if size else b""

    def rows(self) -> list[dict[str, Any]]:
        """The rows already in the file (none in an empty one); a DungeoneerError naming the
        line if it is not a survey's file or is damaged."""
        data = self._read()
        return parse_rows(data, self.path)[0] if data else []

    def start(self, *, fresh: bool) -> None:
        """Make the file ready for rows: with `fresh` (or when empty), anew with its header;
        else keep its whole lines, cutting off a half-written last one."""
        data = self._read()
        if fresh or not data:
            os.ftruncate(self._fd, 0)
            self._append(HEADER_LINE)
            return
        whole = parse_rows(data, self.path)[1]
        if whole < len(data):
            os.ftruncate(self._fd, whole)

    def write_row(self, row: dict[str, Any]) -> None:
        """Add one deal's row to the file, in one write; a stop (Ctrl-C, SIGTERM) waits until
        it is written and counted."""
        line = json.dumps({key: row[key] for key in ROW_KEYS})
        with stops_held():
            self._append(line)
            self.lines += 1

    def _append(self, line: str) -> None:
        data = (line + "\n").encode("utf-8")
        while data:
            data = data[os.write(self._fd, data):]

    def __exit__(self, *exc: object) -> None:
        try:
            if self.created and not self.lines:
                os.unlink(self.path)  # made by this run, which solved nothing: no file
        finally:
            os.close(self._fd)  # the lock goes with it


def _lock(fd: int, path: str) -> None:
    """Take the lock of a survey's file, or a DungeoneerError if another survey holds it."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock to take
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise DungeoneerError("another survey is writing this file; wait for it to end, or "
                              "choose another --out", file=path) from None


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

