"""5-Minute Dungeon: the rules (shared/rulebooks/five-minute-dungeon.txt) on immutable states,
with the five-minute timer as part of the rules.

There are no turns ("Players don't take turns. Any player can play a card at any time."): while
the team is free to act, `current_player()` is ANY_PLAYER and every action names the seat that
takes it (or the team, for an event's choice). A decision that belongs to one player (which card
to discard to a Trap Door) is that seat's, and the others wait for it, as at the table.

Time: every action may carry the timer reading at which it happened, in tenths of a second (an
`Act`'s `at`); a record writes it first on the line (`12.5 seat 2 play Sword at Gorblin`).
Applying an action checks it against the timer: never earlier than the last action, never after
the five minutes, and while the timer is paused (Stop Time, Divine Shield) exactly the paused
reading. An action without a time happens "now", at the timer's reading. When time runs out the
team writes (or a bot plays) `300.0 time runs out`, and the run is lost.

The shape follows the other card games (engine.tasks): a frozen state, a mutable `Table` for one
action, and a stack of tasks for the steps an action sets off. Decisions are in
docs/rules/five-minute-dungeon.md (D1, D2, ...).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from dungeoneer.engine import registry, rng
from dungeoneer.engine.errors import (
    ActionSyntaxError,
    ChanceError,
    DungeoneerError,
    IllegalActionError,
    UnknownNameError,
)
from dungeoneer.engine.five_minute_dungeon.cards import (
    COLOURS,
    SYMBOLS,
    CardSet,
    DungeonCard,
    card_set,
)
from dungeoneer.engine.five_minute_dungeon.effects import CARD_EFFECTS, EVENTS, seats_text
from dungeoneer.engine.numbers import shown, whole_number
from dungeoneer.engine.protocol import (
    ANY_PLAYER,
    TERMINAL,
    Action,
    GameInfo,
    Outcome,
    Termination,
    format_reading,
    seat_number,
)
from dungeoneer.engine.tasks import TaskTable

LIMIT = 3000
"""The timer: "Set a timer to 5 minutes", in tenths of a second (`INFO.time_limit`)."""
HAND_SIZE = {2: 5, 3: 4, 4: 3, 5: 3}
"""Starting Hand Size: "2 players 5 cards; 3 players 4 cards; 4, 5 or 6 players 3 cards"."""
ABILITY_COST = 3
"""To use your ability, discard 3 cards."""
DEFAULT_HEROES = ("Barbarian", "Wizard", "Paladin", "Ranger", "Thief")
TEAM = None
"""The actor of a team's choice (an event's): `Act.seat` is None."""

MAX_TRIES = 99
"""A campaign's tries per dungeon at most: every game must end, and a bot finishing a record
(`replay --then`) plays every try (docs/rules/five-minute-dungeon.md, D18)."""

INFO = GameInfo(
    name="five-minute-dungeon", title="5-Minute Dungeon", min_players=2, max_players=5,
    hidden_information=True, real_time=True, time_limit=3000,
    summary="A team races a five-minute timer through a dungeon to its boss; 2-5 players.",
    options={"players": "number of players, 2 to 5 (default 2)",
             "heroes": "the heroes by seat, comma-separated (default Barbarian, Wizard, "
                       "Paladin, Ranger, Thief)",
             "second-decks": "with 2 players, the deck each player adds to their own, by colour "
                             "or hero (default: the first colours nobody plays)",
             "boss": "the dungeon: a boss number 1-7 or name (default 1, Baby Barbarian)",
             "campaign": "yes: go on to the next boss after each win, up to boss 7",
             "tries": "in a campaign, tries at each dungeon before the team gives up "
                      "(default 3)"},
    setup={"dungeon": "the dungeon deck, top first, card titles comma-separated (any selection "
                      "of door and challenge cards)",
           **{f"deck {i}": f"the top of seat {i}'s draw pile, comma-separated; the rest of "
                           "the deck is shuffled under it" for i in range(1, 6)}})

# What each action card does, keyed by title. The card data (seeds/.../cards.toml) holds the
# text; these are the engine's readings of it.
DEFEATS = {"Fireball": "monster", "Smite": "monster", "Snipe": "person", "Backstab": "person",
           "Sprint": "obstacle", "Mighty Leap": "obstacle"}
"""'defeat a Monster' / 'defeat a Person' / 'defeat an Obstacle'."""
GRENADE = "Holy Hand Grenade"
"""'defeat any card faced, including Mini-Bosses, Events and Bosses'."""
CANCEL = "Cancel"
"""'stop an Event from taking effect'."""
ONE_PLAYER = ("Heal", "Healing Herbs")
"""Cards that name one player (you may name yourself)."""
OTHER_PLAYER = ("Steal", "Donation")
"""Cards that name another player."""
TWO_PLAYERS = ("Enrage",)
"""'choose two players (you may be one)'."""
NO_TARGET = ("Health Potion", "Divine Shield")

ABILITIES = {"Stop Time": ("pause", None), "Teleport": ("defeat", "obstacle"),
             "Vault": ("defeat", "obstacle"), "Pickpocket": ("draw", 5),
             "Smite": ("defeat", "monster"), "Inspire": ("others", 2),
             "Slay": ("defeat", "monster"), "Intimidate": ("defeat", "person"),
             "Trick Shot": ("defeat", "person"), "Animal Companion": ("another", 4)}
"""Each hero ability: what it does (the card data's `effect`)."""

class Act(NamedTuple):
    """An action's argument: who acts, what exactly, and when (timer tenths, or None: now)."""

    seat: int | None
    detail: tuple
    at: int | None = None


TIME_RUNS_OUT = Action("timeout", Act(None, ()))
"""The team waits and the timer runs out."""


format_time = format_reading
"""A timer reading as a record writes it: seconds to a tenth ('12.5')."""


_TIME = re.compile(r"(?:(\d+):)?(\d+)(?:\.(\d))?")


def parse_time(text: str) -> int | None:
    """'12.5', '12' or '1:05.5' as tenths of a second; None if it isn't a time."""
    match = _TIME.fullmatch(text)
    if not match:
        return None
    minutes, seconds, tenth = match.groups()
    if minutes is not None and int(seconds) >= 60:
        return None
    return (int(minutes or 0) * 60 + int(seconds)) * 10 + int(tenth or 0)


# ----------------------------------------------------------------------------- the game

class FiveMinuteDungeon:
    """A configured game: players, heroes, decks and the dungeon to attempt."""

    info = INFO

    def __init__(self, players: int = 2, heroes: Sequence[str] | None = None,
                 second_decks: Sequence[str] | None = None, boss: int = 1,
                 campaign: bool = False, tries: int = 3) -> None:
        self.cards: CardSet = card_set()
        if not 2 <= players <= 5:
            raise DungeoneerError(f"5-Minute Dungeon is for 2 to 5 players, not {players}")
        self.players = players
        self.heroes = self._heroes(heroes or DEFAULT_HEROES[:players])
        self.colours = tuple(self.cards.heroes[h].colour for h in self.heroes)
        self.second = self._second_decks(second_decks) if players == 2 else ()
        if players != 2 and second_decks:
            raise DungeoneerError("only a two-player team adds a second deck", text="second")
        if not 1 <= boss <= len(self.cards.bosses):
            raise DungeoneerError(f"the bosses are numbered 1 to {len(self.cards.bosses)}",
                                  text=str(boss))
        self.boss = boss
        self.campaign = campaign
        if tries < 1:
            raise DungeoneerError("a campaign needs at least 1 try per dungeon", text=str(tries))
        self.tries = tries
        self.hand_size = HAND_SIZE[players]
        self.abilities = tuple(self.cards.heroes[h].ability for h in self.heroes)

    def _heroes(self, names: Sequence[str]) -> tuple[str, ...]:
        by_key = {h.lower(): h for h in self.cards.heroes}
        heroes = []
        for name in names:
            hero = by_key.get(name.strip().lower())
            if hero is None:
                raise UnknownNameError(f"unknown hero {name.strip()!r}; the heroes are: "
                                       f"{', '.join(self.cards.heroes)}", text=name.strip())
            heroes.append(hero)
        if len(heroes) != self.players:
            raise DungeoneerError(f"{len(heroes)} heroes for {self.players} players",
                                  text=", ".join(names))
        colours = [self.cards.heroes[h].colour for h in heroes]
        for i, colour in enumerate(colours):
            if colour in colours[:i]:
                raise DungeoneerError(f"{heroes[i]} and {heroes[colours.index(colour)]} share "
                                      f"the {colour} mat and deck: each hero needs their own",
                                      text=heroes[i])
        return tuple(heroes)

    def _second_decks(self, names: Sequence[str] | None) -> tuple[str, ...]:
        """Two-Player Games: "Each of you should select a second deck" (D2)."""
        free = [c for c in COLOURS if c not in self.colours]
        if not names:
            order = [self.cards.heroes[h].colour for h in DEFAULT_HEROES]
            return tuple(c for c in order if c in free)[:2]
        chosen = []
        for name in names:
            key = name.strip().lower()
            colour = next((c for c in COLOURS if c.lower() == key), None) or next(
                (h.colour for h in self.cards.heroes.values() if h.name.lower() == key), None)
            if colour is None:
                raise UnknownNameError(f"unknown deck {name.strip()!r}; the decks are "
                                       f"{', '.join(COLOURS)} (or name a hero)",
                                       text=name.strip())
            if colour not in free or colour in chosen:
                raise DungeoneerError(f"the {colour} deck is already in play", text=name.strip())
            chosen.append(colour)
        if len(chosen) != 2:
            raise DungeoneerError("two second decks, one for each player", text=", ".join(names))
        return tuple(chosen)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FiveMinuteDungeon) and self.options() == other.options() \
            and self.players == other.players

    def __hash__(self) -> int:
        return hash(("five-minute-dungeon", self.players, *self.options().items()))

    def options(self) -> dict[str, str]:
        """Record header lines."""
        options = {"heroes": ", ".join(self.heroes)}
        if self.second:
            options["second-decks"] = ", ".join(self.second)
        options["boss"] = str(self.boss)
        if self.campaign:
            options["campaign"] = "yes"
            options["tries"] = str(self.tries)
        return options

    def deck_of(self, seat: int) -> tuple[str, ...]:
        """A seat's cards: their hero's deck (and with two players, a second deck)."""
        cards = list(self.cards.decks[self.colours[seat]])
        if self.second:
            cards += self.cards.decks[self.second[seat]]
        return tuple(sorted(cards))

    def new_initial_state(self, seed: int | None = None,
                          setup: Mapping[str, str] | None = None) -> DungeonState:
        """Setting Up: decks shuffled, starting hands drawn, the dungeon built and its first card
        turned over as the timer starts."""
        setup = dict(setup or {})
        unknown = sorted(set(setup) - set(INFO.setup))
        if unknown:
            raise UnknownNameError(f"5-Minute Dungeon has no set-up key {unknown[0]!r}",
                                   text=unknown[0])
        for key in setup:
            if key.startswith("deck ") and int(key.split()[1]) > self.players:
                raise DungeoneerError(f"there is no seat {key.split()[1]}", text=setup[key])
        n = self.players
        table = Table(game=self, boss=self.boss, attempt=1, beaten_bosses=(), decks=[()] * n,
                      hands=[()] * n, discards=[()] * n, dungeon=(), faced=[], played=[],
                      swept=(), beaten=(), clock=0, paused=False, used=frozenset(), event=None,
                      tasks=[], stream=None if seed is None else rng.verify_seed(seed),
                      forced=(), over=False, won=False, reason="", setup=setup)
        table.prepare()
        table.run()
        return table.freeze()


# ----------------------------------------------------------------------------- the state

def _decision_json(task: tuple) -> dict[str, Any]:
    """A pending task as docs/json.md writes it: {"kind", "seat" (from 1; null: the team's),
    "left" (how many cards are still to give or reveal; null: not a count)}."""
    return {"kind": task[0], "seat": None if task[1] is None else seat_number(task[1]),
            "left": task[2] if len(task) > 2 else None}


@dataclass(frozen=True)
class DungeonState:
    """A 5-Minute Dungeon position. Immutable; `apply` returns a new one."""

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
    tasks: tuple
    stream: int | None
    forced: tuple[str, ...]
    over: bool
    won: bool
    reason: str
    setup: Mapping[str, str] = field(compare=False, hash=False, repr=False)
    legal: tuple | None = field(default=None, compare=False, hash=False, repr=False)

    # ------------------------------------------------------------------ protocol

    def current_player(self) -> int:
        """TERMINAL, the seat whose decision is pending, or ANY_PLAYER."""
        if self.over:
            return TERMINAL
        if self.tasks and self.tasks[-1][1] is not None:
            return self.tasks[-1][1]
        return ANY_PLAYER

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
            object.__setattr__(self, "legal", options_of(self))
        return self.legal

    def time_of(self, action: Action) -> int | None:
        """When the action happens (timer tenths), or None: now."""
        return action.arg.at

    def timeless(self, action: Action) -> Action:
        """The action without its time."""
        arg = action.arg
        return action if arg.at is None else Action(action.kind, Act(arg.seat, arg.detail))

    def at(self, action: Action, tenths: int) -> Action:
        """The action happening at timer reading `tenths`."""
        return Action(action.kind, Act(action.arg.seat, action.arg.detail, tenths))

    def apply(self, action: Action, log: list[str] | None = None) -> DungeonState:
        """The state after `action`: IllegalActionError if it isn't legal here, or not at its
        time (earlier than the timer's reading, after time ran out, or other than the paused
        reading while the timer is paused)."""
        plain = self.timeless(action)
        if plain not in self.legal_set():
            raise IllegalActionError(f"{self.action_text(plain)} is not legal here",
                                     legal=self.legal_texts())
        when = self.clock if action.arg.at is None else action.arg.at
        self.verify_time(plain, when, written=action.arg.at is not None)
        table = Table.of(self, log)
        table.clock = when
        table.choose(plain)
        table.run()
        return table.freeze()

    def verify_time(self, action: Action, when: int, written: bool = True) -> None:
        """Raise IllegalActionError if `action` can't happen at timer reading `when` (`written`:
        the reading was given, not taken as now)."""
        text = f"{format_time(when)} {self.action_text(action)}"
        if when < self.clock:
            raise IllegalActionError(f"{text}: the timer already reads "
                                     f"{format_time(self.clock)}; actions come in time order",
                                     legal=[f"{format_time(self.clock)} "
                                            f"{self.action_text(action)}"])
        if action.kind == "timeout":
            if when != LIMIT and written:
                raise IllegalActionError(f"{text}: time runs out at {format_time(LIMIT)}",
                                         legal=[f"{format_time(LIMIT)} time runs out"])
            return
        if when > LIMIT:
            raise IllegalActionError(f"{text}: time ran out at {format_time(LIMIT)}",
                                     legal=[f"{format_time(LIMIT)} time runs out"])
        if self.paused and when != self.clock:
            raise IllegalActionError(f"{text}: the timer is paused at "
                                     f"{format_time(self.clock)} until a card is played",
                                     legal=[f"{format_time(self.clock)} "
                                            f"{self.action_text(action)}"])

    def time_runs_out(self) -> Action:
        """The action of letting the timer run out."""
        return TIME_RUNS_OUT

    def public_action_text(self, action: Action) -> str:
        """The team plays with its cards on the table (D12): the same as `action_text`."""
        return self.action_text(action)

    def legal_set(self) -> frozenset[Action]:
        """The legal actions as a set."""
        return frozenset(self.legal_actions())

    def legal_texts(self) -> list[str]:
        """The legal actions as a record writes them."""
        return [self.action_text(a) for a in self.legal_actions()]

    def action_text(self, action: Action) -> str:
        """The action as a record writes it: the time (if it has one), the actor, the rest."""
        seat, detail, at = action.arg
        who = "team" if seat is None else f"seat {seat + 1}"
        words = _describe(self, action.kind, seat, detail)
        text = f"{who} {words}" if action.kind != "timeout" else words
        return text if at is None else f"{format_time(at)} {text}"

    def parse_action(self, text: str) -> Action:
        """The legal action the text names, with its time if the text starts with one. The
        faced card ('at Gorblin') may be left out when the team faces only one card."""
        words = text.split()
        at = parse_time(words[0]) if words else None
        if at is not None:
            words = words[1:]
        if not words or not _looks_like_action(words):
            raise ActionSyntaxError(
                f"{text!r} is not a 5-Minute Dungeon action: [TIME] seat N play CARD [at "
                "CARD], [TIME] seat N use ABILITY ... discarding A, B, C, [TIME] seat N "
                "discard CARD, [TIME] team resolve ..., or [TIME] time runs out", text=text)
        wanted = " ".join(words).lower()
        for action in self.legal_actions():
            written = self.action_text(action).lower()
            if written == wanted or _without_target(self, written) == wanted:
                return action if at is None else self.at(action, at)
        _check_card_name(self.game.cards, words)
        raise IllegalActionError(f"{' '.join(words)!r} is not legal here",
                                 legal=self.legal_texts())

    def with_chance(self, outcomes: Sequence[str]) -> DungeonState:
        """This state with explicit shuffles queued (a Heal's new draw pile)."""
        state = object.__new__(DungeonState)
        state.__dict__.update(self.__dict__, forced=(*self.forced, *outcomes), legal=None)
        return state

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
            kind, seat, left = self.tasks[-1][:3]
            return f"Seat {seat + 1}: {kind} {left} more card{'s' if left > 1 else ''}"
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


def shortfall(cards: CardSet, name: str, played: Sequence[str]) -> tuple[tuple[int, ...], int]:
    """Symbols a dungeon card still needs given the cards played on it: (per symbol, before the
    Wild Cards; missing in all after them). Double-symbol cards count as both symbols and a
    Magic Bomb as one of each, so only the Wild Cards need placing, and each goes where it is
    missing (D5)."""
    need = list(cards.dungeon[name].needs)
    wild = 0
    for card in played:
        hero_card = cards.hero_cards[card]
        if hero_card.wild:
            wild += 1
        for symbol in hero_card.symbols:
            i = SYMBOLS.index(symbol)
            if need[i]:
                need[i] -= 1
    return tuple(need), max(0, sum(need) - wild)


def split_titles(text: str, known: Mapping[str, str]) -> list[str]:
    """Comma-separated card titles, where a title may hold commas itself ("Two Guys, One Bow",
    "A Terrible, No-Good, Awful Puppet Show"): pieces are joined while the text so far is not a
    title of `known` (lower-case keys) but starts one."""
    names: list[str] = []
    for piece in (" ".join(t.split()) for t in text.split(",") if t.strip()):
        joined = f"{names[-1]}, {piece}" if names else ""
        if names and names[-1].lower() not in known and any(
                key.startswith(joined.lower()) for key in known):
            names[-1] = joined
        else:
            names.append(piece)
    return names


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


def _without_target(state: DungeonState, written: str) -> str | None:
    """An action's text without ' at CARD' when there is only one card it can be at: the one
    card faced, or the event turned over."""
    only = state.event if state.event else state.faced[0] if len(state.faced) == 1 else None
    if only is not None:
        suffix = f" at {only.lower()}"
        if suffix in written:
            return written.replace(suffix, "", 1)
    return None


def _describe(state: DungeonState, kind: str, seat: int | None, detail: tuple) -> str:
    """The words of an action after its actor."""
    if kind == "timeout":
        return "time runs out"
    if kind in ("discard", "recover"):
        return f"{kind} {detail[0]}"
    if kind == "resolve":
        event, choice = detail
        if event == "Confusion":
            return "resolve Confusion passing hands to " + ", ".join(str(s + 1) for s in choice)
        if event == "Locked Door!":
            return f"resolve Locked Door! naming {choice.capitalize()}"
        if event in ("Gimme a Hand!", "Yet More Spikes!"):
            return f"resolve {event} choosing seat {choice + 1}"
        return f"resolve {event}"
    if kind == "play":
        card, target, seats = detail
        words = f"play {card}"
        if target is not None:
            words += f" at {target}"
        if seats:
            preposition = {"Steal": "from", "Donation": "to"}.get(card, "for")
            words += f" {preposition} {seats_text(seats)}"
        return words
    ability, target, seats, paid = detail
    words = f"use {ability}"
    if target is not None:
        words += f" at {target}"
    if seats:
        words += f" for {seats_text(seats)}"
    return words + " discarding " + ", ".join(paid)


# ----------------------------------------------------------------------------- options

def options_of(state) -> tuple[Action, ...]:
    """The legal actions of a state (or a table): the pending decision's, or the free ones;
    and while the timer runs, letting it run out."""
    if state.tasks:
        task = state.tasks[-1]
        found = OPTIONS[task[0]](state, task)
        return found if state.paused else (*found, TIME_RUNS_OUT)
    return free_options(state)


def _discard_options(state, task) -> tuple[Action, ...]:
    seat = task[1]
    pile = state.hands[seat] if task[0] == "discard" else state.discards[seat]
    return tuple(Action(task[0], Act(seat, (card,))) for card in sorted(set(pile)))


def _event_options(state, task) -> tuple[Action, ...]:
    """Stop the event (a seat's Cancel or Holy Hand Grenade), or let it happen (the team, with
    the event's choice)."""
    event = state.event
    found = []
    for seat, hand in enumerate(state.hands):
        for card in (CANCEL, GRENADE):
            if card in hand:
                found.append(Action("play", Act(seat, (card, event if card == GRENADE else None,
                                                       ()))))
    n = state.game.players
    if event == "Confusion":
        choices = [p for p in itertools.permutations(range(n))
                   if all(p[i] != i for i in range(n))]
    elif event == "Locked Door!":
        choices = list(SYMBOLS)
    elif event in ("Gimme a Hand!", "Yet More Spikes!"):
        choices = list(range(n))
    else:
        choices = [None]
    found += [Action("resolve", Act(TEAM, (event, c))) for c in choices]
    return tuple(found)


OPTIONS = {"discard": _discard_options, "recover": _discard_options, "event": _event_options}


def _payments(hand: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The different sets of 3 cards a hand can discard for an ability."""
    return sorted(set(itertools.combinations(hand, ABILITY_COST)))


def free_options(state) -> tuple[Action, ...]:
    """What the team may do when nothing is pending: each seat's card plays and ability uses,
    and letting the timer run out (not while it is paused)."""
    cards = state.game.cards
    n = state.game.players
    faced = [cards.dungeon[name] for name in state.faced]
    at_boss = bool(faced) and faced[0].kind == "boss"
    wanted = [_still_needed(state, i) for i in range(len(faced))]
    found: list[Action] = []
    for seat, hand in enumerate(state.hands):
        for card in sorted(set(hand)):
            found += _card_plays(cards.hero_cards[card], seat, faced, at_boss, wanted, n)
        found += _ability_uses(state, seat, hand, faced)
    if not state.paused:
        found.append(TIME_RUNS_OUT)
    return tuple(found)


def _still_needed(state, index: int) -> frozenset[str]:
    need, missing = shortfall(state.game.cards, state.faced[index], state.played[index])
    return frozenset(s for s, k in zip(SYMBOLS, need, strict=True) if k) if missing else \
        frozenset()


def _card_plays(hero_card, seat: int, faced: list[DungeonCard], at_boss: bool,
                wanted: list[frozenset[str]], n: int) -> list[Action]:
    name = hero_card.name
    if not hero_card.action or hero_card.symbols or hero_card.wild:
        # A resource: on any card with symbols; at the boss only where it matches a symbol
        # still needed (D6).
        return [Action("play", Act(seat, (name, card.name, ())))
                for i, card in enumerate(faced)
                if not at_boss or (wanted[i] if hero_card.wild else
                                   wanted[i].intersection(hero_card.symbols))]
    if name in DEFEATS:
        return [Action("play", Act(seat, (name, card.name, ()))) for card in faced
                if card.type == DEFEATS[name]]
    if name == GRENADE:
        return [Action("play", Act(seat, (name, card.name, ()))) for card in faced]
    if name in ONE_PLAYER:
        return [Action("play", Act(seat, (name, None, (t,)))) for t in range(n)]
    if name in OTHER_PLAYER:
        return [Action("play", Act(seat, (name, None, (t,)))) for t in range(n) if t != seat]
    if name in TWO_PLAYERS:
        return [Action("play", Act(seat, (name, None, pair)))
                for pair in itertools.combinations(range(n), 2)]
    if name in NO_TARGET:
        return [Action("play", Act(seat, (name, None, ())))]
    return []  # Cancel: only when an event is turned over


def _ability_uses(state, seat: int, hand: tuple[str, ...],
                  faced: list[DungeonCard]) -> list[Action]:
    """Notes on Using Abilities: 3 cards to discard; a type-defeating ability only when facing
    a card of that type; once per pause."""
    if len(hand) < ABILITY_COST or (state.paused and seat in state.used):
        return []
    ability = state.game.abilities[seat]
    effect, value = ABILITIES[ability]
    if effect == "defeat":
        targets = [(card.name, ()) for card in faced if card.type == value]
    elif effect == "another":
        targets = [(None, (t,)) for t in range(state.game.players) if t != seat]
    else:
        targets = [(None, ())]
    if not targets:
        return []
    return [Action("use", Act(seat, (ability, target, seats, paid)))
            for target, seats in targets for paid in _payments(hand)]


# ----------------------------------------------------------------------------- the table

class Table(TaskTable):
    """A mutable working copy of a state, for one action and what it sets off."""

    LISTS = ("decks", "hands", "discards", "faced", "played", "tasks")

    def freeze(self) -> DungeonState:
        """The new state (fields filled directly: the frozen dataclass's constructor is slow)."""
        state = object.__new__(DungeonState)
        state.__dict__.update(
            game=self.game, boss=self.boss, attempt=self.attempt,
            beaten_bosses=self.beaten_bosses, decks=tuple(self.decks),
            hands=tuple(self.hands), discards=tuple(self.discards), dungeon=self.dungeon,
            faced=tuple(self.faced), played=tuple(self.played), swept=self.swept,
            beaten=self.beaten, clock=self.clock, paused=self.paused, used=self.used,
            event=self.event, tasks=tuple(self.tasks), stream=self.stream,
            forced=tuple(self.forced), over=self.over, won=self.won, reason=self.reason,
            setup=self.setup, legal=() if self.over else self.found)
        return state

    # ------------------------------------------------------------------ the loop

    def run(self) -> None:
        """Run tasks until a decision with a real choice is pending, the team is free to act,
        or the game is over."""
        while not self.over:
            if self.tasks:
                task = self.tasks[-1]
                if task[0] in OPTIONS:
                    found = OPTIONS[task[0]](self, task)
                    if len(found) == 1:
                        self.choose(found[0])
                        continue
                    if found:
                        # Time may run out while a player decides (D13).
                        self.found = found if self.paused else (*found, TIME_RUNS_OUT)
                        return
                    self.tasks.pop()
                    continue
                self.tasks.pop()
                AUTOMATIC[task[0]](self, task)
                continue
            self.refill()
            if self.settle():
                continue
            if self.over:
                return
            found = free_options(self)
            if not found or (found[-1].kind == "timeout" and len(found) == 1):
                self.stuck()
                continue  # in a campaign, the retry's first card is turned over
            self.found = found
            return

    def choose(self, action: Action) -> None:
        """Apply a choice: the pending decision's, or a free action."""
        self.found = None
        if action.kind == "timeout":
            _timeout(self, action)
        elif self.tasks:
            task = self.tasks.pop()
            DECISIONS[task[0]](self, task, action)
        else:
            FREE[action.kind](self, action)

    def settle(self) -> bool:
        """With nothing pending: lose if every player is out of cards, turn over the next card
        when nothing is faced, face the boss after the last one. True if it did something."""
        if not any(self.hands) and not any(self.decks):
            self.lose("every player is out of cards")
            return True  # over, or (a campaign's retry) the new dungeon to turn over
        if self.faced or self.event:
            return False
        if self.dungeon:
            self.push(("reveal", TEAM, 1))
            return True
        boss = self.game.cards.bosses[self.boss - 1].card
        if boss.name in self.beaten:
            return False
        self.faced.append(boss.name)
        self.played.append(())
        self.say(f"The dungeon is cleared: {boss.name} awaits.")
        return True

    # ------------------------------------------------------------------ set up and ends

    def prepare(self) -> None:
        """Setting Up and Preparing the Dungeon, for the current boss."""
        game = self.game
        for seat in range(game.players):
            self.decks[seat] = self.ordered_deck(seat)
            self.hands[seat] = ()
            self.discards[seat] = ()
        self.dungeon = self.build_dungeon()
        self.faced, self.played = [], []
        self.swept, self.beaten = (), ()
        self.clock, self.paused, self.used, self.event = 0, False, frozenset(), None
        self.refill()

    def ordered_deck(self, seat: int) -> tuple[str, ...]:
        """A seat's draw pile: the cards the header puts on top, the rest shuffled (D3)."""
        cards = list(self.game.deck_of(seat))
        written = self.setup.get(f"deck {seat + 1}")
        top: list[str] = []
        if written and self.attempt == 1 and self.boss == self.game.boss:
            by_key = {c.lower(): c for c in cards}
            for text in written.split(","):
                name = by_key.get(" ".join(text.split()).lower())
                if name is None or name not in cards:
                    raise DungeoneerError(f"{text.strip()!r} is not a card left in seat "
                                          f"{seat + 1}'s deck", text=text.strip())
                cards.remove(name)
                top.append(name)
        return (*top, *self.shuffle(tuple(cards), f"seat {seat + 1}'s deck"))

    def build_dungeon(self) -> tuple[str, ...]:
        """Building the Dungeon Deck: the boss's number of door cards, 2 challenge cards per
        player (and the boss's extra), shuffled; or the header's dungeon (D4)."""
        cards = self.game.cards
        written = self.setup.get("dungeon")
        if written is not None and self.attempt == 1 and self.boss == self.game.boss:
            by_key = {k.lower(): k for k, c in cards.dungeon.items() if c.kind != "boss"}
            dungeon = []
            for name in split_titles(written, by_key):
                card = by_key.get(name.lower())
                if card is None:
                    raise UnknownNameError(f"{name!r} is not a door or challenge card",
                                           text=name)
                if card in dungeon:
                    raise DungeoneerError(f"{card} is in the dungeon twice", text=name)
                dungeon.append(card)
            return tuple(dungeon)
        boss = cards.bosses[self.boss - 1]
        doors = self.shuffle(cards.doors, "the door cards")[:boss.doors]
        count = 2 * self.game.players + boss.extra_challenges
        challenges = self.shuffle(cards.challenges, "the challenge cards")[:count]
        return self.shuffle(doors + challenges, "the dungeon")

    def shuffle(self, items: tuple[str, ...], what: str) -> tuple[str, ...]:
        """The items in a random order: a written outcome (names, comma-separated) or the
        seeded stream."""
        if self.forced:
            written, self.forced = self.forced[0], self.forced[1:]
            left = list(items)
            by_key = {i.lower(): i for i in items}
            order = []
            for name in split_titles(written, by_key):
                card = by_key.get(name.lower())
                if card is None or card not in left:
                    raise ChanceError(f"the written order for {what} must list exactly: "
                                      f"{', '.join(sorted(items))}", text=written)
                left.remove(card)
                order.append(card)
            if left:
                raise ChanceError(f"the written order for {what} leaves out "
                                  f"{', '.join(sorted(left))}", text=written)
            return tuple(order)
        if not items:
            return ()
        if self.stream is None:
            raise ChanceError(f"shuffling {what} needs a seed or a written order")
        result, self.stream = rng.shuffled(items, self.stream)
        return result

    def lose(self, why: str) -> None:
        """The dungeon gets the best of the team: retried in a campaign while tries are left."""
        boss = self.game.cards.bosses[self.boss - 1].card.name
        self.say(f"Lost: {why}.")
        if self.game.campaign and self.attempt < self.game.tries:
            self.attempt += 1
            self.say(f"Reset the timer, rebuild the dungeon and try {boss} again "
                     f"(try {self.attempt}).")
            self.tasks.clear()
            self.prepare()
            return
        self.over = True
        self.reason = f"{why} (at {boss}, {format_time(LIMIT - self.clock)} s left)" \
            if "time" not in why else f"{why} (at {boss})"
        if self.game.campaign:
            self.reason += f"; bosses beaten: {len(self.beaten_bosses)}"

    def stuck(self) -> None:
        """Losing: "if you get stuck on it and have no way to defeat it"."""
        self.lose(f"stuck: nothing can be played against {' and '.join(self.faced)}")

    def boss_beaten(self) -> None:
        """Winning; in a campaign, Preparing the Next Dungeon."""
        boss = self.game.cards.bosses[self.boss - 1].card.name
        self.beaten_bosses = (*self.beaten_bosses, self.boss)
        left = format_time(LIMIT - self.clock)
        if self.game.campaign and self.boss < len(self.game.cards.bosses):
            self.say(f"{boss} is defeated with {left} s left. On to the next dungeon.")
            self.boss += 1
            self.attempt = 1
            self.tasks.clear()
            self.prepare()
            return
        self.over = True
        self.won = True
        self.reason = f"{boss} defeated with {left} s left"
        if self.game.campaign:
            self.reason = f"the campaign is won: {self.reason}"

    # ------------------------------------------------------------------ cards

    def draw(self, seat: int, count: int) -> None:
        """Draw from the seat's own draw pile (as many as it holds)."""
        deck = self.decks[seat]
        if count and deck:
            self.hands[seat] = tuple(sorted(self.hands[seat] + deck[:count]))
            self.decks[seat] = deck[count:]

    def refill(self) -> None:
        """Refilling Your Hand: back to the starting hand size, never above it (D7)."""
        size = self.game.hand_size
        for seat, hand in enumerate(self.hands):
            if len(hand) < size and self.decks[seat]:
                self.draw(seat, size - len(hand))

    def take(self, seat: int, cards: Sequence[str]) -> None:
        """Take cards out of a seat's hand."""
        hand = list(self.hands[seat])
        for card in cards:
            hand.remove(card)
        self.hands[seat] = tuple(hand)

    def discard(self, seat: int, cards: Sequence[str]) -> None:
        """Cards from a hand to the seat's discard pile (face up)."""
        self.take(seat, cards)
        self.discards[seat] = tuple(sorted(self.discards[seat] + tuple(cards)))
        if cards and self.log is not None:
            self.say(f"Seat {seat + 1} discards {', '.join(cards)}.")

    def demand(self, kind: str, seat: int, count: int) -> None:
        """A seat must discard (or recover) `count` cards: at once if they have no more than
        that, else as their decision, one card at a time."""
        pile = self.hands[seat] if kind == "discard" else self.discards[seat]
        if len(pile) <= count:
            if kind == "discard":
                self.discard(seat, pile)
            else:
                self.recover(seat, pile)
            return
        self.push((kind, seat, count))

    def recover(self, seat: int, cards: Sequence[str]) -> None:
        """Cards from a seat's discard pile back to their hand."""
        pile = list(self.discards[seat])
        for card in cards:
            pile.remove(card)
        self.discards[seat] = tuple(pile)
        self.hands[seat] = tuple(sorted(self.hands[seat] + tuple(cards)))
        if cards and self.log is not None:
            self.say(f"Seat {seat + 1} takes back {', '.join(cards)}.")

    def end_pause(self) -> None:
        """"It remains paused until a player plays a card"."""
        if self.paused:
            self.paused = False
            self.used = frozenset()
            self.say("The timer runs again.")

    def pause(self) -> None:
        """Stop Time, Divine Shield: the timer stops."""
        self.paused = True
        self.say(f"The timer is paused at {format_time(self.clock)}.")

    def defeat(self, name: str, how: str) -> None:
        """A faced card is defeated: sweep it away with the cards played on it."""
        index = self.faced.index(name)
        self.faced.pop(index)
        self.swept = self.swept + self.played.pop(index)
        self.beaten = (*self.beaten, name)
        self.say(f"{name} is defeated ({how}).")
        if self.game.cards.dungeon[name].kind == "boss":
            self.boss_beaten()

    def check_defeated(self, name: str) -> None:
        """Resources matching every symbol defeat the card."""
        index = self.faced.index(name)
        if shortfall(self.game.cards, name, self.played[index])[1] == 0:
            self.defeat(name, "every symbol matched")


# ----------------------------------------------------------------------------- free actions

def _play(t: Table, action: Action) -> None:
    """Play a card to the center: "A card laid is a card played"."""
    seat, (card, target, seats), _ = action.arg
    t.take(seat, (card,))
    hero_card = t.game.cards.hero_cards[card]
    resource = not hero_card.action or hero_card.symbols or hero_card.wild
    t.say(f"Seat {seat + 1} plays {card}" + (f" on {target}." if resource else "."))
    t.end_pause()
    t.push(("refill", TEAM))
    if resource:
        index = t.faced.index(target)
        t.played[index] = (*t.played[index], card)
        t.check_defeated(target)
        return
    t.swept = (*t.swept, card)
    if card in DEFEATS or card == GRENADE:
        t.defeat(target, card)
    else:
        CARD_EFFECTS[card](t, seat, seats)


def _use(t: Table, action: Action) -> None:
    """Use an ability: "discard 3 cards face up ... and perform the action on your Hero Mat"."""
    seat, (ability, target, seats, paid), _ = action.arg
    t.discard(seat, paid)
    if t.paused:
        t.used = t.used | {seat}
    t.say(f"Seat {seat + 1} uses {ability}.")
    t.push(("refill", TEAM))
    effect, value = ABILITIES[ability]
    if effect == "defeat":
        t.defeat(target, ability)
    elif effect == "pause":
        t.pause()
        t.used = t.used | {seat}  # D10: the pause Stop Time starts counts as its use
    elif effect == "draw":
        t.draw(seat, value)
        t.say(f"Seat {seat + 1} draws {value} cards.")
    elif effect == "others":
        for other in range(t.game.players):
            if other != seat:
                t.draw(other, value)
        t.say(f"Every other player draws {value} cards.")
    else:
        t.draw(seats[0], value)
        t.say(f"Seat {seats[0] + 1} draws {value} cards.")


def _timeout(t: Table, action: Action) -> None:
    t.clock = LIMIT
    t.lose("time ran out")


FREE = {"play": _play, "use": _use, "timeout": _timeout}


# ----------------------------------------------------------------------------- events

def _event_decision(t: Table, task, action: Action) -> None:
    """An event is stopped by Cancel or the Holy Hand Grenade, or happens."""
    event = t.event
    t.event = None
    t.beaten = (*t.beaten, event)
    if action.kind == "play":
        seat, (card, _target, _seats), _ = action.arg
        t.take(seat, (card,))
        t.say(f"Seat {seat + 1} plays {card}: {event} is stopped.")
        t.end_pause()
        t.swept = (*t.swept, card)
        t.push(("refill", TEAM))
        return
    t.say(f"{event}: {t.game.cards.dungeon[event].text}")
    t.push(("refill", TEAM))
    EVENTS[event](t, action.arg.detail[1])


# ----------------------------------------------------------------------------- tasks

def _pick(t: Table, task, action: Action) -> None:
    """One card of a discard (or recovery) a seat must make; the rest stays pending."""
    kind, seat, left = task
    card = action.arg.detail[0]
    if kind == "discard":
        t.discard(seat, (card,))
    else:
        t.recover(seat, (card,))
    if left > 1:
        t.demand(kind, seat, left - 1)


def _reveal(t: Table, task) -> None:
    """Turn over the next dungeon card: an event happens at once, others are faced."""
    if not t.dungeon:
        return
    if task[2] > 1:
        t.push(("reveal", TEAM, task[2] - 1))
    name, t.dungeon = t.dungeon[0], t.dungeon[1:]
    card = t.game.cards.dungeon[name]
    t.say(f"Turned over: {name}.")
    if card.kind == "event":
        t.event = name
        t.push(("event", TEAM))
        return
    t.faced.append(name)
    t.played.append(())


def _refill(t: Table, task) -> None:
    t.refill()


DECISIONS = {"discard": _pick, "recover": _pick, "event": _event_decision}
AUTOMATIC = {"reveal": _reveal, "refill": _refill}


def make_five_minute_dungeon(options: Mapping[str, str],
                             base_dir: str | None = None) -> FiveMinuteDungeon:
    """The registry factory."""
    registry.check_options(INFO, options)
    heroes = _list(options.get("heroes"))
    # Chosen heroes name the team, so they fix its size when `players` is not given.
    players = registry.players_from(INFO, options, default=len(heroes) if heroes else None)
    second = _list(options.get("second-decks"))
    boss = _boss_number(options.get("boss", "1"))
    campaign = options.get("campaign", "no").strip().lower()
    if campaign not in ("yes", "no"):
        raise DungeoneerError("campaign is yes or no", text=campaign)
    written = options.get("tries", "3").strip()
    tries = whole_number(written, least=1, most=MAX_TRIES)
    if tries is None:
        raise DungeoneerError(f"tries is a whole number from 1 to {MAX_TRIES}, not "
                              f"{shown(written)!r}", text=written)
    return FiveMinuteDungeon(players, heroes, second, boss, campaign == "yes", tries)


def _list(text: str | None) -> list[str] | None:
    return None if text is None else [t.strip() for t in text.split(",") if t.strip()]


def _boss_number(text: str) -> int:
    text = text.strip()
    number = whole_number(text, most=999)  # the game checks its range
    if number is not None:
        return number
    for boss in card_set().bosses:
        if boss.card.name.lower() == text.lower():
            return boss.number
    raise UnknownNameError(f"unknown boss {text!r}; the bosses are: " + ", ".join(
        f"{b.number} {b.card.name}" for b in card_set().bosses), text=text)
