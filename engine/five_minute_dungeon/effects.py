"""What the 5-Minute Dungeon team does while free to act: play hero cards and use abilities, each
card and ability one small class beside its text (the card data's words,
seeds/five_minute_dungeon/cards.toml), holding where it may be played, what it does and how a
record writes it (docs/rules/five-minute-dungeon.md, D5, D6, D8, D10, D15).

Quick Start: "Players don't take turns. Any player can play a card at any time." Rules for
Playing Resource and Action Cards: "Play cards to the middle of the table ... A card laid is a
card played." Defeating Dungeon Cards: "To use your ability, discard 3 cards face up to the
Discard Pile space on your Hero Mat, announce your ability to the team, and perform the action on
your Hero Mat."
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from dungeoneer.engine.five_minute_dungeon.cards import DungeonCard, HeroCard, card_set
from dungeoneer.engine.five_minute_dungeon.clock import end_pause, pause
from dungeoneer.engine.five_minute_dungeon.dungeon import check_defeated, defeat, still_needed
from dungeoneer.engine.five_minute_dungeon.ends import TIME_RUNS_OUT
from dungeoneer.engine.five_minute_dungeon.hands import (
    Refill,
    ToRecover,
    demand,
    discard,
    draw,
    take,
)
from dungeoneer.engine.five_minute_dungeon.notation import Move, actor, seats_text
from dungeoneer.engine.five_minute_dungeon.setup import shuffle
from dungeoneer.engine.protocol import ANY_PLAYER, Action
from dungeoneer.engine.tasks import Decision

if TYPE_CHECKING:
    from dungeoneer.engine.five_minute_dungeon.board import Board
    from dungeoneer.engine.five_minute_dungeon.state import DungeonState

ABILITY_COST = 3
"""To use your ability, discard 3 cards."""


# ----------------------------------------------------------------------------- the records

@dataclass(frozen=True, slots=True)
class Play(Move):
    """`seat N play CARD [at CARD] [for|from|to seat N [and seat N]]`: a hero card played on a
    faced card (or an event, to stop it), or for the players it names."""

    KIND: ClassVar[str] = "play"
    seat: int
    card: str
    target: str | None = None
    seats: tuple[int, ...] = ()

    def text(self) -> str:
        words = f"{actor(self.seat)} play {self.card}"
        if self.target is not None:
            words += f" at {self.target}"
        if self.seats:
            words += f" {CARD_RULES[self.card].PREPOSITION} {seats_text(self.seats)}"
        return words

    @classmethod
    def reading(cls, written: str) -> str:
        """The card's own notation reads what follows its name (Enrage's players in any
        order)."""
        head, sep, rest = written.partition(" play ")
        name = next((n for n in _names_longest_first() if rest == n or
                     rest.startswith(n + " ")), None)
        if not sep or name is None:
            return written
        rule = CARD_RULES.get(_name_of(name))
        after = rest[len(name):]
        return f"{head} play {name}{rule.reading(after) if rule else after}"


@dataclass(frozen=True, slots=True)
class Use(Move):
    """`seat N use ABILITY [at CARD] [for seat N] discarding A, B, C`: a hero ability, paid with
    three cards from the hand (written in any order)."""

    KIND: ClassVar[str] = "use"
    seat: int
    ability: str
    target: str | None = None
    seats: tuple[int, ...] = ()
    paid: tuple[str, ...] = ()

    def text(self) -> str:
        words = f"{actor(self.seat)} use {self.ability}"
        if self.target is not None:
            words += f" at {self.target}"
        if self.seats:
            words += f" for {seats_text(self.seats)}"
        return words + " discarding " + ", ".join(self.paid)

    @classmethod
    def reading(cls, written: str) -> str:
        """The cards paid in one order: which is discarded first means nothing."""
        head, sep, paid = written.rpartition(" discarding ")
        if not sep:
            return written
        return f"{head} discarding " + ", ".join(sorted(paid.split(", ")))


@functools.cache
def _names_longest_first() -> tuple[str, ...]:
    """Every hero card's name in lower case, longest first (a name may start another:
    'Sword' and 'Sword+Arrow')."""
    return tuple(sorted((n.lower() for n in card_set().hero_cards), key=len, reverse=True))


@functools.cache
def _name_of(lower: str) -> str:
    return next(n for n in card_set().hero_cards if n.lower() == lower)


# ----------------------------------------------------------------------------- hero cards

class CardRule:
    """How a hero card is played: where it may be played now (`plays`), what it does once
    played (`act`), how a record writes the players it names, and what playing it for `seats`
    (not on a faced card) is worth to the heuristic team (`worth`, bots.py)."""

    ON_CARD: ClassVar[bool] = False
    """It stays on the faced card it is played on, as a resource toward its symbols."""
    PREPOSITION: ClassVar[str] = "for"
    """The word before the players the card names ('play Steal from seat 2')."""

    def plays(self, t: Board, seat: int, card: HeroCard, faced: Sequence[DungeonCard],
              at_boss: bool, wanted: Sequence[frozenset[str]]) -> list[Action]:
        """The legal plays of the card from `seat`'s hand while the team is free to act
        (`faced`: the faced cards; `wanted`: the symbols each still lacks)."""
        return []

    def act(self, t: Board, play: Play) -> None:
        """What the card does once played."""

    def reading(self, rest: str) -> str:
        """What follows the card's name in a written play, in the form `Play.text` gives it."""
        return rest

    def worth(self, state: DungeonState, seats: tuple[int, ...]) -> float:
        """What playing the card for `seats` is worth to the heuristic team now, roughly in
        cards: nothing it counts on, by default."""
        return -1.0


@functools.lru_cache(maxsize=1 << 16)
def _play(seat: int, card: str, target: str | None = None,
          seats: tuple[int, ...] = ()) -> Action:
    # Actions are immutable values, and the same plays are listed state after state: one
    # object each saves building a frozen record every time (the bots' games list thousands).
    return Action(Play.KIND, Play(seat, card, target, seats))


class Resource(CardRule):
    """A Resource Card (and a Magic Bomb: "counts as one of each symbol; not all need be used";
    a Wild Card: "counts as any one symbol"). "You can play Resource Cards that don't match the
    symbols on a Dungeon Card ... Once you get to the Dungeon Boss, you are no longer allowed to
    play Resource Cards that don't match the Boss' symbols" (a match gives a symbol the boss
    still lacks: D6)."""

    ON_CARD = True

    def plays(self, t: Board, seat: int, card: HeroCard, faced: Sequence[DungeonCard],
              at_boss: bool, wanted: Sequence[frozenset[str]]) -> list[Action]:
        return [_play(seat, card.name, face.name) for i, face in enumerate(faced)
                if not at_boss or (wanted[i] if card.wild else
                                   wanted[i].intersection(card.symbols))]

    def act(self, t: Board, play: Play) -> None:
        assert play.target is not None
        index = t.faced.index(play.target)
        t.played[index] = (*t.played[index], play.card)
        check_defeated(t, play.target)


@dataclass(frozen=True)
class DefeatsType(CardRule):
    """Fireball, Smite: "defeat a Monster"; Snipe, Backstab: "defeat a Person"; Sprint, Mighty
    Leap: "defeat an Obstacle". Only while a card of the type is faced ("You also can't play
    Action cards that defeat Monsters, People or Obstacles" at the boss; D15)."""

    type: str

    def plays(self, t: Board, seat: int, card: HeroCard, faced: Sequence[DungeonCard],
              at_boss: bool, wanted: Sequence[frozenset[str]]) -> list[Action]:
        return [_play(seat, card.name, face.name) for face in faced if face.type == self.type]

    def act(self, t: Board, play: Play) -> None:
        assert play.target is not None
        defeat(t, play.target, play.card)


class Stopper(CardRule):
    """A card that stops an event while it waits: "The Action Cards Cancel and Holy Hand Grenade
    can stop an event before it takes effect." (D16)"""

    def stop(self, seat: int, event: str) -> Action:
        """The play that stops `event`."""
        raise NotImplementedError


class HolyHandGrenade(Stopper):
    """Holy Hand Grenade: "defeat any card faced, including Mini-Bosses, Events and Bosses"."""

    def plays(self, t: Board, seat: int, card: HeroCard, faced: Sequence[DungeonCard],
              at_boss: bool, wanted: Sequence[frozenset[str]]) -> list[Action]:
        return [_play(seat, card.name, face.name) for face in faced]

    def act(self, t: Board, play: Play) -> None:
        assert play.target is not None
        defeat(t, play.target, play.card)

    def stop(self, seat: int, event: str) -> Action:
        return _play(seat, GRENADE, event)


class Cancel(Stopper):
    """Cancel: "stop an Event from taking effect" (only while an event waits: D15)."""

    def stop(self, seat: int, event: str) -> Action:
        return _play(seat, CANCEL)


class ForOnePlayer(CardRule):
    """A card that names one player (you may name yourself)."""

    def plays(self, t: Board, seat: int, card: HeroCard, faced: Sequence[DungeonCard],
              at_boss: bool, wanted: Sequence[frozenset[str]]) -> list[Action]:
        return [_play(seat, card.name, None, (other,)) for other in range(t.game.players)]


class Heal(ForOnePlayer):
    """Heal: "one player puts their whole discard pile back into their deck" (shuffled in,
    D8)."""

    def worth(self, state: DungeonState, seats: tuple[int, ...]) -> float:
        """More the bigger the player's discard pile, less the more they still have to draw."""
        seat = seats[0]
        return len(state.discards[seat]) / 4 - len(state.decks[seat]) / 10

    def act(self, t: Board, play: Play) -> None:
        target = play.seats[0]
        pile = t.discards[target]
        t.discards[target] = ()
        t.decks[target] = shuffle(t, t.decks[target] + pile, f"seat {target + 1}'s deck")
        t.say(f"Seat {target + 1} shuffles {len(pile)} discarded cards into their draw pile.")


class HealingHerbs(ForOnePlayer):
    """Healing Herbs: "one player recovers 4 cards from their discard pile to their hand"."""

    def worth(self, state: DungeonState, seats: tuple[int, ...]) -> float:
        return recovered(state, seats)

    def act(self, t: Board, play: Play) -> None:
        demand(t, ToRecover, play.seats[0], 4)


class ForAnotherPlayer(CardRule):
    """A card that names another player."""

    def plays(self, t: Board, seat: int, card: HeroCard, faced: Sequence[DungeonCard],
              at_boss: bool, wanted: Sequence[frozenset[str]]) -> list[Action]:
        return [_play(seat, card.name, None, (other,)) for other in range(t.game.players)
                if other != seat]


def recovered(state: DungeonState, seats: tuple[int, ...]) -> float:
    """What recovering cards is worth to the heuristic team (Healing Herbs, Health Potion): the
    discard piles of the players named (all, without one), up to three cards each."""
    piles = [state.discards[s] for s in (seats or range(state.game.players))]
    return sum(min(len(p), 3) for p in piles) / 3 - 1.0


def _move_hand(t: Board, giver: int, taker: int) -> None:
    """The giver's whole hand joins the taker's (Steal, Donation)."""
    t.hands[taker] = tuple(sorted(t.hands[taker] + t.hands[giver]))
    t.hands[giver] = ()


class Steal(ForAnotherPlayer):
    """Steal: "take another player's whole hand into yours"."""

    PREPOSITION = "from"

    def worth(self, state: DungeonState, seats: tuple[int, ...]) -> float:
        """Worth a little when the other player holds more than a hand."""
        return 0.3 if len(state.hands[seats[0]]) > state.game.hand_size else -1.0

    def act(self, t: Board, play: Play) -> None:
        seat, victim = play.seat, play.seats[0]
        t.say(f"Seat {seat + 1} takes seat {victim + 1}'s hand: "
              f"{', '.join(t.hands[victim]) or '-'}.")
        _move_hand(t, victim, seat)


class Donation(ForAnotherPlayer):
    """Donation: "give your whole hand to another player, then refill"."""

    PREPOSITION = "to"

    def worth(self, state: DungeonState, seats: tuple[int, ...]) -> float:
        """Worth a little to a player with an empty hand."""
        return -1.0 if state.hands[seats[0]] else 0.2

    def act(self, t: Board, play: Play) -> None:
        seat, friend = play.seat, play.seats[0]
        t.say(f"Seat {seat + 1} gives seat {friend + 1} their hand: "
              f"{', '.join(t.hands[seat]) or '-'}.")
        _move_hand(t, seat, friend)


class Enrage(CardRule):
    """Enrage: "choose two players (you may be one); each draws 3 cards". The two are written in
    any order ('for seat 3 and seat 1'), and printed in seat order."""

    def worth(self, state: DungeonState, seats: tuple[int, ...]) -> float:
        """More for each of the two who has three cards left to draw."""
        return 0.5 + sum(0.2 for s in seats if len(state.decks[s]) >= 3)

    def plays(self, t: Board, seat: int, card: HeroCard, faced: Sequence[DungeonCard],
              at_boss: bool, wanted: Sequence[frozenset[str]]) -> list[Action]:
        return [_play(seat, card.name, None, pair)
                for pair in itertools.combinations(range(t.game.players), 2)]

    def act(self, t: Board, play: Play) -> None:
        for other in play.seats:
            draw(t, other, 3)
        t.say(f"{seats_text(play.seats).capitalize()} draw 3 cards each.")

    def reading(self, rest: str) -> str:
        words = rest.split()
        if len(words) == 6 and words[0] == "for" and words[1] == words[4] == "seat" \
                and words[3] == "and" and words[2].isdigit() and words[5].isdigit():
            low, high = sorted((int(words[2]), int(words[5])))
            return f" for seat {low} and seat {high}"
        return rest


class NoTarget(CardRule):
    """A card that names nobody: played at any time (D15)."""

    def plays(self, t: Board, seat: int, card: HeroCard, faced: Sequence[DungeonCard],
              at_boss: bool, wanted: Sequence[frozenset[str]]) -> list[Action]:
        return [_play(seat, card.name)]


class HealthPotion(NoTarget):
    """Health Potion: "every player recovers 3 cards from their discard pile to their hand"
    (seat by seat from seat 1: D21)."""

    def worth(self, state: DungeonState, seats: tuple[int, ...]) -> float:
        return recovered(state, seats)

    def act(self, t: Board, play: Play) -> None:
        for other in reversed(range(t.game.players)):
            demand(t, ToRecover, other, 3)


class DivineShield(NoTarget):
    """Divine Shield: "pause the timer (until someone plays a card) and every player draws 1
    card"."""

    def worth(self, state: DungeonState, seats: tuple[int, ...]) -> float:
        return 1.0

    def act(self, t: Board, play: Play) -> None:
        pause(t)
        for other in range(t.game.players):
            draw(t, other, 1)
        t.say("Every player draws a card.")


GRENADE = "Holy Hand Grenade"
CANCEL = "Cancel"
DEFEATS = {"Fireball": "monster", "Smite": "monster", "Snipe": "person", "Backstab": "person",
           "Sprint": "obstacle", "Mighty Leap": "obstacle"}
"""The cards that 'defeat a Monster' / 'defeat a Person' / 'defeat an Obstacle'."""

RESOURCE = Resource()
CARD_RULES: dict[str, CardRule] = {
    **{name: DefeatsType(kind) for name, kind in DEFEATS.items()},
    "Magic Bomb": RESOURCE, "Wild Card": RESOURCE,
    CANCEL: Cancel(), GRENADE: HolyHandGrenade(),
    "Heal": Heal(), "Healing Herbs": HealingHerbs(), "Health Potion": HealthPotion(),
    "Divine Shield": DivineShield(), "Enrage": Enrage(), "Steal": Steal(),
    "Donation": Donation()}
"""Each action card's rule, by title; resource cards are all `RESOURCE`."""

STOPPERS: tuple[tuple[str, Stopper], ...] = ((CANCEL, Cancel()), (GRENADE, HolyHandGrenade()))
"""The cards that stop an event, in the order their plays are listed."""


def rule_of(card: HeroCard) -> CardRule:
    """A hero card's rule: an action card's own, else a resource's."""
    return CARD_RULES[card.name] if card.action else RESOURCE


def play_card(t: Board, play: Play) -> None:
    """Play a card to the center: "A card laid is a card played". It ends a pause; the hand is
    refilled once what the card does has taken effect (D7)."""
    seat, card = play.seat, play.card
    rule = rule_of(t.game.cards.hero_cards[card])
    take(t, seat, (card,))
    t.say(f"Seat {seat + 1} plays {card}" + (f" on {play.target}." if rule.ON_CARD else "."))
    end_pause(t)
    t.push(Refill())
    if not rule.ON_CARD:
        t.swept = (*t.swept, card)
    rule.act(t, play)


# ----------------------------------------------------------------------------- abilities

class Ability:
    """A hero ability (on the Hero Mat): whom or what it may be used on, and what it does.
    `effect` and `value` say what it is (the card data's `effect`, for bots and checks)."""

    effect: ClassVar[str]
    value: int | str | None = None

    def targets(self, t: Board, seat: int,
                faced: Sequence[DungeonCard]) -> list[tuple[str | None, tuple[int, ...]]]:
        """(faced card, players named) for each way to use it now."""
        return [(None, ())]

    def act(self, t: Board, use: Use) -> None:
        """What it does, once paid for."""
        raise NotImplementedError


@dataclass(frozen=True)
class DefeatsTypeAbility(Ability):
    """Teleport, Vault: "defeat an Obstacle"; Smite, Slay: "defeat a Monster"; Intimidate,
    Trick Shot: "defeat a Person". Notes on Using Abilities: "you can only use your ability when
    facing a card of that type." """

    effect: ClassVar[str] = "defeat"
    value: str

    def targets(self, t: Board, seat: int,
                faced: Sequence[DungeonCard]) -> list[tuple[str | None, tuple[int, ...]]]:
        return [(face.name, ()) for face in faced if face.type == self.value]

    def act(self, t: Board, use: Use) -> None:
        assert use.target is not None
        defeat(t, use.target, use.ability)


class StopTime(Ability):
    """Stop Time: "pause the timer until a card is played". It counts as the Wizard's use for
    the pause it starts (D10)."""

    effect: ClassVar[str] = "pause"

    def act(self, t: Board, use: Use) -> None:
        pause(t)
        t.used = t.used | {use.seat}


@dataclass(frozen=True)
class Draws(Ability):
    """Pickpocket: "draw 5 cards"."""

    effect: ClassVar[str] = "draw"
    value: int

    def act(self, t: Board, use: Use) -> None:
        draw(t, use.seat, self.value)
        t.say(f"Seat {use.seat + 1} draws {self.value} cards.")


@dataclass(frozen=True)
class OthersDraw(Ability):
    """Inspire: "every other player draws 2 cards"."""

    effect: ClassVar[str] = "others"
    value: int

    def act(self, t: Board, use: Use) -> None:
        for other in range(t.game.players):
            if other != use.seat:
                draw(t, other, self.value)
        t.say(f"Every other player draws {self.value} cards.")


@dataclass(frozen=True)
class AnotherDraws(Ability):
    """Animal Companion: "another player draws 4 cards" ("She cannot choose herself")."""

    effect: ClassVar[str] = "another"
    value: int

    def targets(self, t: Board, seat: int,
                faced: Sequence[DungeonCard]) -> list[tuple[str | None, tuple[int, ...]]]:
        return [(None, (other,)) for other in range(t.game.players) if other != seat]

    def act(self, t: Board, use: Use) -> None:
        draw(t, use.seats[0], self.value)
        t.say(f"Seat {use.seats[0] + 1} draws {self.value} cards.")


ABILITIES: dict[str, Ability] = {
    "Stop Time": StopTime(), "Teleport": DefeatsTypeAbility("obstacle"),
    "Vault": DefeatsTypeAbility("obstacle"), "Pickpocket": Draws(5),
    "Smite": DefeatsTypeAbility("monster"), "Inspire": OthersDraw(2),
    "Slay": DefeatsTypeAbility("monster"), "Intimidate": DefeatsTypeAbility("person"),
    "Trick Shot": DefeatsTypeAbility("person"), "Animal Companion": AnotherDraws(4)}
"""Each hero ability, by name."""


def _payments(hand: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The different sets of 3 cards a hand can discard for an ability."""
    return sorted(set(itertools.combinations(hand, ABILITY_COST)))


def ability_uses(t: Board, seat: int, faced: Sequence[DungeonCard]) -> list[Action]:
    """Notes on Using Abilities: "If you don't have 3 cards to discard, you cannot use your
    ability"; a type-defeating ability only when facing a card of that type; "each player may
    only use their ability once per pause"."""
    hand = t.hands[seat]
    if len(hand) < ABILITY_COST or (t.paused and seat in t.used):
        return []
    name = t.game.abilities[seat]
    targets = ABILITIES[name].targets(t, seat, faced)
    if not targets:
        return []
    return [_use(seat, name, target, seats, paid)
            for target, seats in targets for paid in _payments(hand)]


@functools.lru_cache(maxsize=1 << 16)
def _use(seat: int, ability: str, target: str | None, seats: tuple[int, ...],
         paid: tuple[str, ...]) -> Action:
    # One object for each ability use, as for the plays (`_play`).
    return Action(Use.KIND, Use(seat, ability, target, seats, paid))


def use_ability(t: Board, use: Use) -> None:
    """Use an ability: "discard 3 cards face up ... and perform the action on your Hero Mat".
    Used while the timer is paused, it counts for that pause (D10)."""
    discard(t, use.seat, use.paid)
    if t.paused:
        t.used = t.used | {use.seat}
    t.say(f"Seat {use.seat + 1} uses {use.ability}.")
    t.push(Refill())
    ABILITIES[use.ability].act(t, use)


# ----------------------------------------------------------------------------- free to act

@dataclass(frozen=True)
class FreeToAct(Decision):
    """Nothing is pending: any player may play a card or use their ability, and, while the
    timer runs, the team may let it run out. Not on the task stack: it is the choice when the
    stack is empty."""

    seat: int = ANY_PLAYER

    def options(self, table: Board) -> tuple[Action, ...]:
        t = table
        cards = t.game.cards
        faced = [cards.dungeon[name] for name in t.faced]
        at_boss = bool(faced) and faced[0].kind == "boss"
        wanted = [still_needed(t, i) for i in range(len(faced))]
        found: list[Action] = []
        for seat, hand in enumerate(t.hands):
            for name in sorted(set(hand)):
                card = cards.hero_cards[name]
                found += rule_of(card).plays(t, seat, card, faced, at_boss, wanted)
            found += ability_uses(t, seat, faced)
        if not t.paused:
            found.append(TIME_RUNS_OUT)
        return tuple(found)

    def choose(self, table: Board, action: Action) -> None:
        record: Move = action.arg
        if isinstance(record, Play):
            play_card(table, record)
        else:
            assert isinstance(record, Use)
            use_ability(table, record)

    def text(self, action: Action) -> str:
        record: Move = action.arg
        return record.text()


FREE = FreeToAct()
