"""5-Minute Dungeon: the rules (shared/rulebooks/five-minute-dungeon.txt) with the five-minute
timer as part of them; this module holds the game's facts and options, a configured game and its
set-up, and the registry's factory.

The rules are split along the lines the rulebook draws, each beside the text it implements:
setup.py (Setting Up, Preparing the Dungeon), clock.py (the timer and its pauses), hands.py
(starting hands, Refilling Your Hand, discarding and recovering), dungeon.py (turning cards over,
defeating and sweeping them, the boss), effects.py (playing hero cards and using abilities, every
action card and ability), events.py (the ten events), ends.py (Winning and Losing, the campaign).
state.py is the frozen position and its notation, board.py the working copy for one action and
the loop that runs the task stack (engine.tasks). Decisions where the rulebook is silent are in
docs/rules/five-minute-dungeon.md (D1, D2, ...).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dungeoneer.engine import registry, rng
from dungeoneer.engine.errors import DungeoneerError, UnknownNameError
from dungeoneer.engine.five_minute_dungeon.board import Board
from dungeoneer.engine.five_minute_dungeon.cards import CardSet, card_set
from dungeoneer.engine.five_minute_dungeon.clock import LIMIT
from dungeoneer.engine.five_minute_dungeon.hands import HAND_SIZE
from dungeoneer.engine.five_minute_dungeon.setup import (
    DEFAULT_HEROES,
    chosen_heroes,
    chosen_second_decks,
    prepare,
)
from dungeoneer.engine.five_minute_dungeon.state import DungeonState
from dungeoneer.engine.numbers import shown, whole_number
from dungeoneer.engine.protocol import GameInfo

MAX_TRIES = 99
"""A campaign's tries per dungeon at most: every game must end, and a bot finishing a record
(`replay --then`) plays every try (docs/rules/five-minute-dungeon.md, D18)."""

ACTIONS_PER_TRY = 10_000
"""The most actions one try at a dungeon takes before it is taken to have gone wrong (every try
ends far sooner: the five minutes run out)."""

INFO = GameInfo(
    name="five-minute-dungeon", title="5-Minute Dungeon", min_players=2, max_players=5,
    hidden_information=True, real_time=True, time_limit=LIMIT,
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
        self.heroes = chosen_heroes(self.cards, heroes or DEFAULT_HEROES[:players], players)
        self.colours = tuple(self.cards.heroes[h].colour for h in self.heroes)
        self.second = chosen_second_decks(self.cards, second_decks, self.colours) \
            if players == 2 else ()
        if players != 2 and second_decks:
            raise DungeoneerError("only a two-player team adds a second deck", text="second",
                                  header="second-decks")
        if not 1 <= boss <= len(self.cards.bosses):
            raise DungeoneerError(f"the bosses are numbered 1 to {len(self.cards.bosses)}",
                                  text=str(boss), header="boss")
        self.boss = boss
        self.campaign = campaign
        if tries < 1:
            raise DungeoneerError("a campaign needs at least 1 try per dungeon", text=str(tries),
                                  header="tries")
        self.tries = tries
        self.hand_size = HAND_SIZE[players]
        self.abilities = tuple(self.cards.heroes[h].ability for h in self.heroes)

    @property
    def max_actions(self) -> int:
        """The most actions a game takes before it is taken to have gone wrong (the session's
        guard): a campaign plays the dungeon once per try."""
        return ACTIONS_PER_TRY * (self.tries if self.campaign else 1)

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
                                   text=unknown[0], header=unknown[0])
        for key in setup:
            if key.startswith("deck ") and int(key.split()[1]) > self.players:
                raise DungeoneerError(f"there is no seat {key.split()[1]}", text=setup[key],
                                      header=key)
        n = self.players
        table = Board(game=self, boss=self.boss, attempt=1, beaten_bosses=(), decks=[()] * n,
                      hands=[()] * n, discards=[()] * n, dungeon=(), faced=[], played=[],
                      swept=(), beaten=(), clock=0, paused=False, used=frozenset(), event=None,
                      tasks=[], stream=None if seed is None else rng.verify_seed(seed),
                      forced=(), over=False, won=False, reason="", setup=setup)
        prepare(table)
        table.run()
        return table.freeze()


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
        raise DungeoneerError("campaign is yes or no", text=campaign, header="campaign")
    written = options.get("tries", "3").strip()
    tries = whole_number(written, least=1, most=MAX_TRIES)
    if tries is None:
        raise DungeoneerError(f"tries is a whole number from 1 to {MAX_TRIES}, not "
                              f"{shown(written)!r}", text=written, header="tries")
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
        f"{b.number} {b.card.name}" for b in card_set().bosses), text=text, header="boss")
