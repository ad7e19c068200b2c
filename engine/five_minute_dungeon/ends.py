"""How a 5-Minute Dungeon run ends: the boss defeated, or the dungeon getting the best of the team;
and, in a campaign, the next dungeon or another try (docs/rules/five-minute-dungeon.md, D17, D18).

Winning: "If you defeat the Baby Barbarian and all of his cards, you have conquered the first
dungeon! ... You'll have to fight through six more dungeons". Preparing the Next Dungeon: "Gather
all of the cards ... Construct the dungeon for the new boss ... Reset the timer to 5 minutes".
Losing: "There are two ways the dungeon can get the best of your team: If all players run out of
cards, or If time runs out before you and your team defeat the Dungeon Boss (or if you get stuck
on it and have no way to defeat it) ... Reset the timer, rebuild the Dungeon Deck, and try again!"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from dungeoneer.engine.five_minute_dungeon.clock import LIMIT, format_time
from dungeoneer.engine.five_minute_dungeon.notation import TEAM, Move
from dungeoneer.engine.five_minute_dungeon.setup import prepare
from dungeoneer.engine.protocol import Action

if TYPE_CHECKING:
    from dungeoneer.engine.five_minute_dungeon.board import Board


@dataclass(frozen=True, slots=True)
class TimeRunsOut(Move):
    """`time runs out`: the team waits and the five minutes end (written `300.0 time runs
    out`); legal whenever the timer runs, whatever decision is pending (D13)."""

    KIND: ClassVar[str] = "timeout"

    def text(self) -> str:
        return "time runs out"


TIME_RUNS_OUT = Action(TimeRunsOut.KIND, TimeRunsOut(TEAM))
"""The team waits and the timer runs out."""


def time_runs_out(t: Board) -> None:
    """The timer reaches the five minutes: the run is lost."""
    t.clock = LIMIT
    lose(t, "time ran out")


def facing(t: Board) -> str:
    """Where the team stands, for the reason of a loss: the cards it faces ("If you're facing a
    Dungeon Card"; after an Ambush! there may be two; the boss, "once you get to the Dungeon
    Boss"), the event it is dealing with (turned over, or its discards still being made), or,
    between two cards (every player out of cards before the next is turned over), the card dealt
    with last."""
    if t.faced:
        return "facing " + " and ".join(t.faced)
    if t.event:
        return f"facing {t.event}"
    last = t.beaten[-1] if t.beaten else None
    if last is not None and t.tasks and t.game.cards.dungeon[last].kind == "event":
        return f"facing {last}"
    if last is not None:
        return f"after {last}"
    return f"in {t.game.cards.bosses[t.boss - 1].card.name}'s dungeon"


def lose(t: Board, why: str) -> None:
    """The dungeon gets the best of the team: tried again in a campaign while tries are left.
    The reason names the card the team faced, not the dungeon's boss (unless it is the boss)."""
    boss = t.game.cards.bosses[t.boss - 1].card.name
    t.say(f"Lost: {why}.")
    if t.game.campaign and t.attempt < t.game.tries:
        t.attempt += 1
        t.say(f"Reset the timer, rebuild the dungeon and try {boss} again (try {t.attempt}).")
        t.tasks.clear()
        prepare(t)
        return
    t.over = True
    where = facing(t)
    # Time that ran out leaves nothing to tell; any other loss says how much was left.
    t.reason = f"{why} ({where})" if "time" in why else \
        f"{why} ({where}, {format_time(LIMIT - t.clock)} s left)"
    if t.game.campaign:
        t.reason += f"; bosses beaten: {len(t.beaten_bosses)}"


def stuck(t: Board) -> None:
    """Losing: "if you get stuck on it and have no way to defeat it" (D17)."""
    lose(t, "stuck: nothing can be played")  # the reason goes on to say against what


def boss_beaten(t: Board) -> None:
    """Winning; in a campaign, Preparing the Next Dungeon."""
    boss = t.game.cards.bosses[t.boss - 1].card.name
    t.beaten_bosses = (*t.beaten_bosses, t.boss)
    left = format_time(LIMIT - t.clock)
    if t.game.campaign and t.boss < len(t.game.cards.bosses):
        t.say(f"{boss} is defeated with {left} s left. On to the next dungeon.")
        t.boss += 1
        t.attempt = 1
        t.tasks.clear()
        prepare(t)
        return
    t.over = True
    t.won = True
    t.reason = f"{boss} defeated with {left} s left"
    if t.game.campaign:
        t.reason = f"the campaign is won: {t.reason}"
