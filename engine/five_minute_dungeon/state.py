"""A 5-Minute Dungeon position: the frozen state, its protocol methods (legal actions, `apply`
with the timer's checks, the notation, the views) and what people and bots read from it.

There are no turns ("Players don't take turns. Any player can play a card at any time."): while
the team is free to act, `current_player()` is ANY_PLAYER and every action names the seat that
takes it (or the team, for an event's choice). A decision that belongs to one player (which card
to discard to a Trap Door) is that seat's, and the others wait for it, as at the table.

Time: every action may carry the timer reading at which it happened, in tenths of a second (its
record's `at`); a record writes it first on the line (`12.5 seat 2 play Sword at Gorblin`).
Applying an action checks it against the timer (clock.py). An action without a time happens
"now", at the timer's reading. When time runs out the team writes (or a bot plays) `300.0 time
runs out`, and the run is lost.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from dungeoneer.engine.errors import TEXT_SHOWN, ActionSyntaxError, IllegalActionError
from dungeoneer.engine.five_minute_dungeon.cards import CardSet
from dungeoneer.engine.five_minute_dungeon.clock import (
    LIMIT,
    check_reading,
    format_time,
    parse_time,
)
from dungeoneer.engine.five_minute_dungeon.dungeon import shortfall
from dungeoneer.engine.five_minute_dungeon.effects import Play, Use
from dungeoneer.engine.five_minute_dungeon.ends import TIME_RUNS_OUT, TimeRunsOut
from dungeoneer.engine.five_minute_dungeon.events import EventWaits, Resolve
from dungeoneer.engine.five_minute_dungeon.hands import DiscardCard, RecoverCard, ToDiscard
from dungeoneer.engine.five_minute_dungeon.notation import Move, normal
from dungeoneer.engine.numbers import shown
from dungeoneer.engine.protocol import (
    ANY_PLAYER,
    TERMINAL,
    Action,
    Outcome,
    Termination,
    seat_number,
)
from dungeoneer.engine.tasks import Task

if TYPE_CHECKING:
    from dungeoneer.engine.five_minute_dungeon.board import Board
    from dungeoneer.engine.five_minute_dungeon.game import FiveMinuteDungeon

RECORDS: dict[str, type[Move]] = {r.KIND: r for r in (Play, Use, DiscardCard, RecoverCard,
                                                       Resolve, TimeRunsOut)}
"""Each kind's record, by the word a record writes for it ('play', 'use', ...)."""


@dataclass(frozen=True)
class DungeonState:
    """A 5-Minute Dungeon position. Immutable; `apply` returns a new one."""

    BOARD: ClassVar[type[Board]]
    """The working copy `apply` uses (board.py sets it)."""

    game: FiveMinuteDungeon
    boss: int
    attempt: int
    beaten_bosses: tuple[int, ...]
    decks: tuple[tuple[str, ...], ...]
    """Draw piles, top first."""
    hands: tuple[tuple[str, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    dungeon: tuple[str, ...]
    """The dungeon deck, top first."""
    faced: tuple[str, ...]
    """The cards the team faces now (two or more after an Ambush!; the boss at the end)."""
    played: tuple[tuple[str, ...], ...]
    """The resource cards played toward each faced card."""
    swept: tuple[str, ...]
    """Hero cards played to the center and swept away (out of this dungeon)."""
    beaten: tuple[str, ...]
    """Dungeon cards defeated or resolved, in order."""
    clock: int
    """The timer's reading: tenths of a second since the first card was turned over."""
    paused: bool
    used: frozenset[int]
    """Seats that used their ability during this pause."""
    event: str | None
    """An event turned over and waiting: stopped (Cancel, Holy Hand Grenade) or resolved."""
    tasks: tuple[Task, ...]
    """What is pending, the top last (empty: the team is free to act)."""
    stream: int | None
    forced: tuple[str, ...]
    over: bool
    won: bool
    reason: str
    setup: Mapping[str, str] = field(compare=False, hash=False, repr=False)
    legal: tuple[Action, ...] | None = field(default=None, compare=False, hash=False,
                                             repr=False)

    # ------------------------------------------------------------------ protocol

    def current_player(self) -> int:
        """TERMINAL, the seat whose decision is pending, or ANY_PLAYER."""
        if self.over:
            return TERMINAL
        return self.tasks[-1].seat if self.tasks else ANY_PLAYER

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.over

    def outcome(self) -> Outcome | None:
        """Won (every seat a winner; the score is the time left, in seconds) or lost."""
        if not self.over:
            return None
        everyone = tuple(range(self.game.players))
        if self.won:
            return Outcome(Termination.WON, everyone, ((LIMIT - self.clock) / 10,), self.reason)
        return Outcome(Termination.LOST, (), (), self.reason)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action legal now, without a time (it may happen now or later, see `apply`)."""
        if self.over:
            return ()
        if self.legal is None:
            object.__setattr__(self, "legal", self.BOARD.of(self).options())
        assert self.legal is not None
        return self.legal

    def time_of(self, action: Action) -> int | None:
        """When the action happens (timer tenths), or None: now."""
        at: int | None = action.arg.at
        return at

    def timeless(self, action: Action) -> Action:
        """The action without its time."""
        record: Move = action.arg
        return action if record.at is None else Action(action.kind, record.timed(None))

    def at(self, action: Action, tenths: int) -> Action:
        """The action happening at timer reading `tenths`."""
        record: Move = action.arg
        return Action(action.kind, record.timed(tenths))

    def apply(self, action: Action, log: list[str] | None = None) -> DungeonState:
        """The state after `action`: IllegalActionError if it isn't legal here, or not at its
        time (earlier than the timer's reading, after time ran out, or other than the paused
        reading while the timer is paused)."""
        plain = self.timeless(action)
        # A scan of the few legal actions costs less than hashing them all into a set.
        if plain not in self.legal_actions():
            raise IllegalActionError(f"{self.action_text(plain)} is not legal here",
                                     legal=self.legal_texts())
        at = self.time_of(action)
        when = self.clock if at is None else at
        self.verify_time(plain, when, written=at is not None)
        table = self.BOARD.of(self, log)
        table.clock = when
        table.choose(plain)
        table.run()
        return table.freeze()

    def verify_time(self, action: Action, when: int, written: bool = True) -> None:
        """Raise IllegalActionError if `action` can't happen at timer reading `when` (`written`:
        the reading was given, not taken as now)."""
        check_reading(self.clock, self.paused, self.action_text(action), when,
                      timeout=action.kind == TIME_RUNS_OUT.kind, written=written)

    def time_runs_out(self) -> Action:
        """The action of letting the timer run out."""
        return TIME_RUNS_OUT

    def public_action_text(self, action: Action) -> str:
        """The team plays with its cards on the table (D12): the same as `action_text`."""
        return self.action_text(action)

    def legal_texts(self) -> list[str]:
        """The legal actions as a record writes them."""
        return [self.action_text(a) for a in self.legal_actions()]

    def action_text(self, action: Action) -> str:
        """The action as a record writes it: the time (if it has one), the actor, the rest."""
        record: Move = action.arg
        text = record.text()
        return text if record.at is None else f"{format_time(record.at)} {text}"

    def parse_action(self, text: str) -> Action:
        """The legal action the text names, with its time if the text starts with one. Spacing
        and letter case do not matter, nor the order of what has no order (the cards paid for
        an ability, Enrage's two players); the faced card ('at Gorblin') may be left out when
        the team faces only one card."""
        words = text.split()
        at = parse_time(words[0]) if words else None
        if at is not None:
            words = words[1:]
        if not words or not _looks_like_action(words):
            raise ActionSyntaxError(
                f"{shown(text, TEXT_SHOWN)!r} is not a 5-Minute Dungeon action: [TIME] seat N "
                "play CARD [at CARD], [TIME] seat N use ABILITY ... discarding A, B, C, [TIME] "
                "seat N discard CARD, [TIME] team resolve ..., or [TIME] time runs out",
                text=text)
        kind = _kind_word(words)
        record = RECORDS.get(kind)
        read = record.reading if record is not None else normal
        wanted = read(normal(" ".join(words)))
        only = self.event if self.event else self.faced[0] if len(self.faced) == 1 else None
        suffix = None if only is None else f" at {normal(only)}"
        for action in self.legal_actions():
            if action.kind != (record.KIND if record is not None else kind):
                continue
            written = normal(action.arg.text())
            if read(written) == wanted or (suffix is not None and suffix in written and
                                           read(written.replace(suffix, "", 1)) == wanted):
                return action if at is None else self.at(action, at)
        _check_card_name(self.game.cards, words)
        raise IllegalActionError(f"{shown(' '.join(words), TEXT_SHOWN)!r} is not legal here",
                                 legal=self.legal_texts())

    def with_chance(self, outcomes: Sequence[str]) -> DungeonState:
        """This state with explicit shuffles queued (a Heal's new draw pile)."""
        return replace(self, forced=(*self.forced, *outcomes), legal=None)

    def pending_chance(self) -> tuple[str, ...]:
        """Queued explicit outcomes not yet used."""
        return self.forced

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may know: their own hand, the others' hand sizes, everything on the
        table (discard piles lie face up). ANY_PLAYER: the team's view, every hand (the team
        talks freely; D12), no draw pile."""
        data = self._public()
        data["seat"] = seat_number(player)
        if player == ANY_PLAYER:
            data["hands"] = [list(h) for h in self.hands]
        else:
            data["hand"] = list(self.hands[player])
        return data

    def to_json(self) -> dict[str, Any]:
        """The whole state."""
        data = self._public()
        data["hands"] = [list(h) for h in self.hands]
        data["decks"] = [list(d) for d in self.decks]
        data["dungeon"] = list(self.dungeon)
        return data

    def _public(self) -> dict[str, Any]:
        return {"game": "five-minute-dungeon", "players": self.game.players,
                "heroes": list(self.game.heroes), "boss": self.boss,
                "boss_name": self.game.cards.bosses[self.boss - 1].card.name,
                "attempt": self.attempt, "clock": format_time(self.clock),
                "time_left": format_time(LIMIT - self.clock), "paused": self.paused,
                "used_this_pause": sorted(s + 1 for s in self.used),
                "faced": [{"card": c, "played": list(p)} for c, p in
                          zip(self.faced, self.played, strict=True)],
                "event": self.event, "dungeon_left": len(self.dungeon),
                "beaten": len(self.beaten), "hand_counts": [len(h) for h in self.hands],
                "deck_counts": [len(d) for d in self.decks],
                "discards": [list(d) for d in self.discards],
                "to_act": seat_number(self.current_player()),
                "decision": None if self.over or not self.tasks else _decision_json(self.tasks[-1]),
                "over": self.over, "won": self.won, "reason": self.reason}

    def prompt(self) -> str:
        """Who is to act, for a person at the terminal."""
        if self.over:
            return ""
        if self.event:
            return f"{self.event}: stop it, or let it happen"
        if self.tasks:
            task = self.tasks[-1]
            assert isinstance(task, ToDiscard)
            return task.prompt()
        return "Anyone: play a card or use an ability"

    def needs(self, index: int) -> tuple[tuple[int, ...], int]:
        """What faced card `index` still needs: symbols by SYMBOLS order, before counting the
        Wild Cards played on it, and the number of symbols missing after them."""
        return shortfall(self.game.cards, self.faced[index], self.played[index])

    def cards_everywhere(self) -> list[str]:
        """Every hero card in the game, wherever it is (for conservation checks)."""
        cards = [c for zone in (*self.decks, *self.hands, *self.discards, *self.played)
                 for c in zone]
        return cards + list(self.swept)


def _decision_json(task: Task) -> dict[str, Any]:
    """A pending decision as docs/json.md writes it: {"kind", "seat" (from 1; null: the
    team's), "left" (how many cards are still to give or reveal; null: not a count)}."""
    if isinstance(task, ToDiscard):
        return {"kind": task.NAME, "seat": seat_number(task.seat), "left": task.left}
    assert isinstance(task, EventWaits)
    return {"kind": task.NAME, "seat": seat_number(task.seat), "left": None}


def _kind_word(words: list[str]) -> str:
    """The word of an action's kind: 'seat N KIND ...', 'team KIND ...', 'time runs out'."""
    first = words[0].lower()
    if first == "seat":
        return words[2].lower()
    if first == "team":
        return words[1].lower() if len(words) > 1 else ""
    return TIME_RUNS_OUT.kind


def _check_card_name(cards: CardSet, words: list[str]) -> None:
    """ActionSyntaxError if a 'seat N play CARD ...' names no card of the game."""
    if len(words) < 4 or words[2].lower() != "play":
        return
    rest = " ".join(words[3:])
    if not any(rest.lower() == name.lower() or rest.lower().startswith(name.lower() + " ")
               for name in cards.hero_cards):
        named = re.split(r" (?:at|for|from|to) ", rest, maxsplit=1)[0]
        raise ActionSyntaxError(f"no hero card is called {named!r} (resource "
                                "cards are named by their symbols, like 'Sword' or "
                                "'Sword+Arrow')")


def _looks_like_action(words: list[str]) -> bool:
    first = words[0].lower()
    return (first == "seat" and len(words) > 2) or first == "team" or \
        " ".join(words).lower() == "time runs out"
