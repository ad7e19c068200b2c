"""Playing an adventurer, and each adventurer's effect with the tasks and choices it brings, all
beside the printed text they implement (shared/rulebooks/dinky-dungeon.txt, Card List).

An effect does not decide anything itself: it pushes tasks onto the table (`engine.dinky_dungeon
.game.Board`). A task is a typed record (engine.tasks): a `Step` runs by itself; a decision
(`DinkyDecision`) lists its options, applies the one its seat chooses, and reads and writes its
notation. Tasks run last pushed, first run, so an effect pushes its steps in reverse order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, TypeAlias

from dungeoneer.engine.dinky_dungeon.history import (
    ADVENTURER,
    DECK,
    DUNGEON,
    EVERYONE,
    OPEN,
    Moved,
    Shown,
    seat_bit,
)
from dungeoneer.engine.numbers import whole_number
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.tasks import Decision, Step

if TYPE_CHECKING:
    from dungeoneer.engine.dinky_dungeon.board import Board
    from dungeoneer.engine.dinky_dungeon.bots import Seen
    from dungeoneer.engine.dinky_dungeon.state import DinkyState

    Where: TypeAlias = Board | DinkyState
    """Where a decision's options are read: the working table, or a frozen state (both have the
    fields)."""

# ----------------------------------------------------------------------------- decisions

@dataclass(frozen=True)
class DinkyDecision(Decision):
    """A choice that `seat` makes, written as its kind and at most one argument, an adventurer's
    name or a number (`take Bard`, `gain 2`, `stop`). Each action names a single card or number,
    so no notation has parts whose order could vary."""

    seat: int

    KINDS: ClassVar[tuple[str, ...]] = ()
    """The first words of its actions, as records write them."""
    QUESTION: ClassVar[str] = ""
    """What it asks, in words."""

    def parse(self, where: Where, words: list[str]) -> Action | None:
        """The action the words write, in any case and spacing (an adventurer's name too, and a
        number with leading zeros); None if they are not one of this decision's kinds. Whether it
        is legal is the caller's check."""
        kind = words[0].lower()
        if kind not in self.KINDS or len(words) > 2:
            return None
        return Action(kind) if len(words) == 1 else Action(kind, argument(where, words[1]))

    def public_text(self, action: Action) -> str:
        """The action as the other seats see it (the record still writes `text`)."""
        return self.text(action)

    def prompt(self) -> str:
        """The question, for the seat that answers it."""
        return f"Seat {self.seat + 1}: {self.QUESTION}"


def argument(where: Where, token: str) -> int | str:
    """A written argument: a number, else an adventurer's name as the card list spells it (an
    unknown word stays as written, and matches no legal action)."""
    number = whole_number(token, most=99)
    if number is not None:
        return number
    try:
        return where.game.cards.named(token).name
    except KeyError:
        return token


def name_options(kind: str, names: Iterable[str]) -> tuple[Action, ...]:
    """One action per distinct adventurer, in name order."""
    return tuple(Action(kind, n) for n in sorted(set(names)))


# ----------------------------------------------------------------------------- playing

@dataclass(frozen=True)
class Play(DinkyDecision):
    """Turn Overview, step 2: "Play one adventurer from your hand, performing their effect." (The
    Bard's "Play 1 of the remaining 2 cards" too.) Playing an Adventurer: "The played adventurer
    card is placed face up in the adventurer discard area after the effect is performed." """

    KINDS = ("play",)
    QUESTION = "play an adventurer from your hand"
    always_ask = True  # the turn's own steps are always written, even when one card fits

    def options(self, where: Where) -> tuple[Action, ...]:
        return name_options("play", where.hands[self.seat])

    def choose(self, t: Board, action: Action) -> None:
        seat, hand = self.seat, list(t.hands[self.seat])
        hand.remove(action.arg)
        t.hands[seat] = tuple(hand)
        t.note(Moved(action.arg, seat, OPEN, EVERYONE))
        t.say(f"Seat {seat + 1} plays the {action.arg}.")
        t.push(DiscardPlayed(seat, action.arg))
        t.push(Perform(seat, action.arg))


@dataclass(frozen=True)
class Perform(Step):
    """Perform an adventurer's effect (played, or copied by the Necromancer or the Clown)."""

    seat: int
    name: str

    def run(self, t: Board) -> None:
        t.say(f"Seat {self.seat + 1} performs the {self.name}.")
        EFFECTS[t.effect_of(self.name)].perform(t, self.seat)


@dataclass(frozen=True)
class DiscardPlayed(Step):
    """The played card goes to the adventurer discard, after its effect."""

    seat: int
    name: str

    def run(self, t: Board) -> None:
        t.adventurer_discard = tuple(sorted((*t.adventurer_discard, self.name)))


@dataclass(frozen=True)
class ChooseDiscard(DinkyDecision):
    """Playing an Adventurer: "If a card's effect causes you to draw more dungeon cards than
    remain in the dungeon deck, any missing additional cards are chosen from the dungeon discard
    deck." One card at a time, `left` still to choose (R8); the Summoner's choice too."""

    left: int

    KINDS = ("gain",)
    QUESTION = "gain a card from the dungeon discard"

    def options(self, where: Where) -> tuple[Action, ...]:
        if self.left <= 0:
            return ()
        return tuple(Action("gain", v) for v in sorted(set(where.dungeon_discard)))

    def choose(self, t: Board, action: Action) -> None:
        rest = list(t.dungeon_discard)
        rest.remove(action.arg)
        t.dungeon_discard = tuple(rest)
        t.note(Moved(action.arg, OPEN, self.seat, EVERYONE))
        t.gain(self.seat, (action.arg,))
        t.push(ChooseDiscard(self.seat, self.left - 1))


# ----------------------------------------------------------------------------- the cards

COPIERS = ("necromancer", "clown")
"""Effects that perform another card's effect; a copied effect can't be one of them
(docs/rules/dinky-dungeon.md, R3), so copying always ends."""
COPIER_CARDS = ("Necromancer", "Clown")
"""The cards with those effects."""


class Effect:
    """An adventurer's effect, beside the card's printed text: `perform` does what the card
    says, pushing the tasks it needs; `worth` is what playing the card would bring its seat now,
    to the greedy bot (bots.py), in reward points, roughly (harm to the others counts half)."""

    CARD: ClassVar[str]
    """The adventurer the effect is printed on."""

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        """Do the effect for `seat`, who played (or copied) the card."""
        raise NotImplementedError

    @staticmethod
    def worth(seen: Seen) -> float:
        """What playing the card now would bring the seat that sees `seen`."""
        raise NotImplementedError


class Necromancer(Effect):
    """Necromancer: "Select 1 card from the adventurer discard deck and perform its effect." """

    CARD = "Necromancer"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        names = sorted({n for n in t.adventurer_discard if t.effect_of(n) not in COPIERS})
        t.push(Copy(seat, "Necromancer", tuple(names)))

    @staticmethod
    def worth(seen: Seen) -> float:
        """The best effect in the adventurer discard it could copy."""
        return max((seen.value(name) for name in set(seen.view["adventurer_discard"])
                    if name not in COPIER_CARDS), default=0.0)


class Clown(Effect):
    """Clown: "All players, including yourself, reveal their hand. Choose one adventurer card and
    perform its effect." (No cards are discarded.)"""

    CARD = "Clown"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        for other, hand in enumerate(t.hands):
            t.note(Shown(ADVENTURER, other, hand, EVERYONE))
            t.say(f"Seat {other + 1} reveals: {', '.join(hand) or 'no cards'}.")
        names = sorted({n for hand in t.hands for n in hand if t.effect_of(n) not in COPIERS})
        t.push(Copy(seat, "Clown", tuple(names)))

    @staticmethod
    def worth(seen: Seen) -> float:
        """The best effect in its own hand it could copy (the others' hands it does not
        know)."""
        return max((seen.value(name) for name in set(seen.view["hand"])
                    if name not in COPIER_CARDS), default=0.0)


@dataclass(frozen=True)
class Copy(DinkyDecision):
    """The Necromancer's and the Clown's choice of the effect to perform, among `names`; the card
    chosen stays where it is (R12)."""

    copier: str
    names: tuple[str, ...]

    KINDS = ("copy",)

    def options(self, where: Where) -> tuple[Action, ...]:
        return tuple(Action("copy", n) for n in self.names)

    def choose(self, t: Board, action: Action) -> None:
        t.push(Perform(self.seat, action.arg))

    def prompt(self) -> str:
        return f"Seat {self.seat + 1}: choose an effect for the {self.copier}"


class Magician(Effect):
    """Magician: "All other players individually choose up to 3 of their rewards to keep,
    discarding the others." (Scapegoat icon.)"""

    CARD = "Magician"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        for target in reversed(t.targets(seat)):
            t.push(KeepRewards(target, 3, ()))

    @staticmethod
    def worth(seen: Seen) -> float:
        """Half of what the others would lose: their rewards past three."""
        counts: list[int] = seen.view["reward_counts"]
        lost = sum(max(0, counts[i] - 3) for i in seen.others)
        return 0.5 * lost * seen.mean


@dataclass(frozen=True)
class KeepRewards(DinkyDecision):
    """The Magician's target keeps up to `most` rewards, one pick at a time (`kept` so far);
    'done' discards the rest; with no more rewards than it may keep, it keeps them all (R9)."""

    most: int
    kept: tuple[int, ...]

    KINDS = ("keep-reward", "done")
    QUESTION = "keep a reward (or done)"

    def options(self, where: Where) -> tuple[Action, ...]:
        held = where.rewards[self.seat]
        if len(held) <= self.most - len(self.kept) or len(self.kept) >= self.most:
            return ()
        mine = Counter(held) - Counter(self.kept)
        return (*(Action("keep-reward", v) for v in sorted(mine)), Action("done"))

    def choose(self, t: Board, action: Action) -> None:
        seat, kept = self.seat, self.kept
        if action.kind == "keep-reward":
            kept = (*kept, action.arg)
            if len(kept) < self.most and len(t.rewards[seat]) > len(kept):
                t.push(KeepRewards(seat, self.most, kept))
                return
        lost = list((Counter(t.rewards[seat]) - Counter(kept)).elements())
        t.discard_rewards(seat, lost)
        t.say(f"Seat {seat + 1} keeps {len(kept)} rewards and discards {len(lost)}.")

    def public_text(self, action: Action) -> str:
        return "keeps a reward" if action.kind == "keep-reward" else self.text(action)


class Summoner(Effect):
    """Summoner: "Select any 3 cards from the dungeon discard deck and gain them." """

    CARD = "Summoner"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        t.push(ChooseDiscard(seat, min(3, len(t.dungeon_discard))))

    @staticmethod
    def worth(seen: Seen) -> float:
        """The three best cards of the dungeon discard."""
        discard: list[int] = seen.view["dungeon_discard"]
        return sum(sorted(discard, reverse=True)[:3])


class Shaman(Effect):
    """Shaman: "Select up to 8 "Lv. 1" monsters from the dungeon discard deck and gain them." """

    CARD = "Shaman"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        available = sum(1 for v in t.dungeon_discard if v == 1)
        t.push(Ones(seat, "discard", min(8, available)))

    @staticmethod
    def worth(seen: Seen) -> float:
        """The Lv. 1 monsters in the dungeon discard, eight at most."""
        discard: list[int] = seen.view["dungeon_discard"]
        return min(8, discard.count(1))


class Swordsman(Effect):
    """Swordsman: "Select up to 4 "Lv. 1" monsters from the dungeon deck and gain them. Then,
    shuffle the dungeon deck." """

    CARD = "Swordsman"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        t.push(ShuffleDungeon(seat))
        t.note(Shown(DUNGEON, DECK, tuple(sorted(t.dungeon)), seat_bit(seat)))  # (it searches)
        available = sum(1 for v in t.dungeon if v == 1)
        t.push(Ones(seat, "deck", min(4, available)))

    @staticmethod
    def worth(seen: Seen) -> float:
        """The Lv. 1 monsters it has not seen, four at most."""
        return min(4, seen.unseen[1])


@dataclass(frozen=True)
class Ones(DinkyDecision):
    """The Shaman's and the Swordsman's "up to" count: how many Lv. 1 monsters to gain from the
    `pile` ('discard' or 'deck'), from none to `most` (R14)."""

    pile: str
    most: int

    KINDS = ("ones",)
    QUESTION = "how many Lv. 1 monsters to gain"

    def options(self, where: Where) -> tuple[Action, ...]:
        return tuple(Action("ones", n) for n in range(self.most + 1))

    def choose(self, t: Board, action: Action) -> None:
        count = action.arg
        rest = list(t.dungeon_discard if self.pile == "discard" else t.dungeon)
        for _ in range(count):
            rest.remove(1)
        if self.pile == "discard":
            t.dungeon_discard = tuple(rest)
        else:
            t.dungeon = tuple(rest)
        t.moved((1,) * count, OPEN if self.pile == "discard" else DECK, self.seat, EVERYONE)
        t.gain(self.seat, (1,) * count)


@dataclass(frozen=True)
class ShuffleDungeon(Step):
    """The Swordsman's "Then, shuffle the dungeon deck." """

    seat: int

    def run(self, t: Board) -> None:
        t.dungeon = t.shuffled(t.dungeon, "the dungeon deck")
        t.say("The dungeon deck is shuffled.")


class Bard(Effect):
    """Bard: "Draw 3 cards from the adventurer deck, add them to your hand, and then discard 2
    cards from your hand. Play 1 of the remaining 2 cards." """

    CARD = "Bard"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        for _ in range(3):
            card = t.draw_adventurer(seat, seat_bit(seat))
            if card is not None:
                t.hands[seat] = tuple(sorted((*t.hands[seat], card)))
                t.say(f"Seat {seat + 1} draws an adventurer.")
        t.push(Play(seat))
        t.push(DiscardAdventurer(seat, min(2, len(t.hands[seat]))))

    @staticmethod
    def worth(seen: Seen) -> float:
        """About two cards' worth."""
        return 2 * seen.mean


@dataclass(frozen=True)
class DiscardAdventurer(DinkyDecision):
    """The Bard's "discard 2 cards from your hand", one at a time, `count` still to discard (all
    the hand holds, if fewer: R10)."""

    count: int

    KINDS = ("discard",)
    QUESTION = "discard an adventurer"

    def options(self, where: Where) -> tuple[Action, ...]:
        if self.count <= 0:
            return ()
        return name_options("discard", where.hands[self.seat])

    def choose(self, t: Board, action: Action) -> None:
        seat, hand = self.seat, list(t.hands[self.seat])
        hand.remove(action.arg)
        t.hands[seat] = tuple(hand)
        t.note(Moved(action.arg, seat, OPEN, EVERYONE))
        t.adventurer_discard = tuple(sorted((*t.adventurer_discard, action.arg)))
        t.say(f"Seat {seat + 1} discards the {action.arg}.")
        t.push(DiscardAdventurer(seat, self.count - 1))


class Berserker(Effect):
    """Berserker: "Reveal 1 card from the dungeon deck and gain it. You can repeat this as long as
    you like; however, if you reveal a monster of "Lv. 3" or higher, discard all rewards gained
    this turn." """

    CARD = "Berserker"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        t.push(BerserkReveal(seat))

    @staticmethod
    def worth(seen: Seen) -> float:
        """About two cards' worth."""
        return 2 * seen.mean


@dataclass(frozen=True)
class BerserkReveal(Step):
    """One reveal: gain a Lv. 1 or 2 and offer another; a Lv. 3 or higher goes to the dungeon
    discard with every reward gained this turn and still held (R6), and ends the Berserker's
    effect (R15). An empty dungeon deck ends it too (R6)."""

    seat: int

    def run(self, t: Board) -> None:
        seat = self.seat
        if not t.dungeon:
            t.say("The dungeon deck is empty: nothing to reveal (R6).")
            return
        value, t.dungeon = t.dungeon[0], t.dungeon[1:]
        t.say(f"Seat {seat + 1} reveals a Lv. {value} monster.")
        if value >= 3:
            t.note(Moved(value, DECK, OPEN, EVERYONE))
            # Rewards gained this turn and still held (a Lord may have given one away).
            lost = tuple((Counter(t.gained) & Counter(t.rewards[seat])).elements())
            t.dungeon_discard = tuple(sorted((*t.dungeon_discard, value)))
            t.discard_rewards(seat, lost)
            t.gained = ()
            t.say(f"Lv. 3 or higher: every reward gained this turn ({len(lost)}) is discarded.")
            return  # R15: the bust ends the repeating; no Berserk decision follows
        t.note(Moved(value, DECK, seat, EVERYONE))
        t.gain(seat, (value,))
        t.push(Berserk(seat))


@dataclass(frozen=True)
class Berserk(DinkyDecision):
    """"You can repeat this as long as you like": reveal again, or stop (while the dungeon deck
    has a card to reveal)."""

    KINDS = ("again", "stop")
    QUESTION = "reveal again or stop"

    def options(self, where: Where) -> tuple[Action, ...]:
        return (Action("again"), Action("stop")) if where.dungeon else ()

    def choose(self, t: Board, action: Action) -> None:
        if action.kind == "again":
            t.push(BerserkReveal(self.seat))


class Assassin(Effect):
    """Assassin: "All other players discard 3 random reward cards." (Scapegoat icon.)"""

    CARD = "Assassin"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        for target in t.targets(seat):
            lost = t.random_rewards(target, 3)
            t.discard_rewards(target, lost)
            t.say(f"Seat {target + 1} discards {len(lost)} random reward cards: "
                  f"{' '.join(map(str, lost)) or 'none'}.")

    @staticmethod
    def worth(seen: Seen) -> float:
        """Half of what the others would lose: three rewards each, at most."""
        counts: list[int] = seen.view["reward_counts"]
        lost = sum(min(3, counts[i]) for i in seen.others)
        return 0.5 * lost * seen.mean


class Fighter(Effect):
    """Fighter: "If any player has more reward cards than you, draw 3 cards from the dungeon deck
    and gain them." """

    CARD = "Fighter"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        mine = len(t.rewards[seat])
        if any(len(r) > mine for r in t.rewards):
            t.draw_dungeon(seat, 3)
        else:
            t.say("No player has more reward cards: the Fighter draws nothing.")

    @staticmethod
    def worth(seen: Seen) -> float:
        """Three cards, if another seat has more rewards; else nothing."""
        counts = seen.view["reward_counts"]
        behind = any(counts[i] > counts[seen.seat] for i in seen.others)
        return 3 * seen.mean if behind else 0.0


class Ninja(Effect):
    """Ninja: "Discard up to 1 reward card. Draw cards from the dungeon deck equal to the value of
    the discarded card + 1 and gain them. If you don't discard, draw 1 dungeon card and gain it."
    """

    CARD = "Ninja"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        t.push(NinjaDiscard(seat))

    @staticmethod
    def worth(seen: Seen) -> float:
        """Its best reward traded for one card more than its value, or one card."""
        best = max(seen.view["rewards"], default=0)
        return max(seen.mean, (best + 1) * seen.mean - best)


@dataclass(frozen=True)
class NinjaDiscard(DinkyDecision):
    """The Ninja's "Discard up to 1 reward card": one of the seat's rewards, or none."""

    KINDS = ("discard-reward", "no-discard")
    QUESTION = "discard a reward, or not"

    def options(self, where: Where) -> tuple[Action, ...]:
        return (*(Action("discard-reward", v) for v in sorted(set(where.rewards[self.seat]))),
                Action("no-discard"))

    def choose(self, t: Board, action: Action) -> None:
        seat = self.seat
        if action.kind == "no-discard":
            t.draw_dungeon(seat, 1)
            return
        t.discard_rewards(seat, (action.arg,))
        t.say(f"Seat {seat + 1} discards a Lv. {action.arg} reward.")
        t.draw_dungeon(seat, action.arg + 1)


class Scapegoat(Effect):
    """Scapegoat: "When played: draw two cards from the top of the dungeon deck." """

    CARD = "Scapegoat"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        t.draw_dungeon(seat, 2)

    @staticmethod
    def worth(seen: Seen) -> float:
        """Two cards, and it guards the hand while kept."""
        return 2 * seen.mean + 1.0


class Monk(Effect):
    """Monk: "All other players declare their reward value. Draw 1 card from the dungeon deck for
    each player whose value is higher than yours, and gain them." (Reconstructed; Scapegoat
    icon.)"""

    CARD = "Monk"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        mine = sum(t.rewards[seat])
        higher = 0
        for target in t.targets(seat):
            value = sum(t.rewards[target])
            t.declared = (*t.declared, (target, value))
            t.say(f"Seat {target + 1} declares a reward value of {value}.")
            higher += value > mine
        if higher:
            t.draw_dungeon(seat, higher)

    @staticmethod
    def worth(seen: Seen) -> float:
        """Half a card for each other seat."""
        return 0.5 * len(seen.others) * seen.mean


class Lord(Effect):
    """Lord: "Give 1 of your rewards to each other player. Then take 1 reward card at random from
    each of them." (Reconstructed; Scapegoat icon.)"""

    CARD = "Lord"

    @staticmethod
    def perform(t: Board, seat: int) -> None:
        targets = t.targets(seat)
        for target in reversed(targets):
            t.push(LordTake(seat, target))
        for target in reversed(targets):
            t.push(Give(seat, target))

    @staticmethod
    def worth(seen: Seen) -> float:
        """A little: it trades rewards blind."""
        return 0.2


@dataclass(frozen=True)
class Give(DinkyDecision):
    """The Lord's "Give 1 of your rewards" to `target` (which reward stays hidden from the other
    seats)."""

    target: int

    KINDS = ("give",)
    QUESTION = "give a reward"

    def options(self, where: Where) -> tuple[Action, ...]:
        return tuple(Action("give", v) for v in sorted(set(where.rewards[self.seat])))

    def choose(self, t: Board, action: Action) -> None:
        rest = list(t.rewards[self.seat])
        rest.remove(action.arg)
        t.rewards[self.seat] = tuple(rest)
        t.note(Moved(action.arg, self.seat, self.target,
                     seat_bit(self.seat) | seat_bit(self.target)))
        t.rewards[self.target] = tuple(sorted((*t.rewards[self.target], action.arg)))
        t.say(f"Seat {self.seat + 1} gives a reward to seat {self.target + 1}.")

    def public_text(self, action: Action) -> str:
        return "gives a reward"


@dataclass(frozen=True)
class LordTake(Step):
    """The Lord's "take 1 reward card at random" from `target` (chance: R11)."""

    seat: int
    target: int

    def run(self, t: Board) -> None:
        taken = t.random_rewards(self.target, 1)
        if taken:
            rest = list(t.rewards[self.target])
            rest.remove(taken[0])
            t.rewards[self.target] = tuple(rest)
            t.note(Moved(taken[0], self.target, self.seat,
                         seat_bit(self.seat) | seat_bit(self.target)))
            t.gain(self.seat, taken)


EFFECTS: dict[str, type[Effect]] = {
    effect.CARD.lower(): effect for effect in (
        Necromancer, Magician, Summoner, Shaman, Swordsman, Bard, Berserker, Assassin, Fighter,
        Ninja, Clown, Scapegoat, Monk, Lord)}
"""Each effect by the name the card file gives it (`effect = "berserker"`)."""
BY_CARD: dict[str, type[Effect]] = {effect.CARD: effect for effect in EFFECTS.values()}
"""Each effect by the adventurer it is printed on."""


TARGETS = {2: 20, 3: 18, 4: 16}
"""Game End A: the reward value that ends the game, by number of players."""
ROW = 4
"""Setup: "Draw four cards from the adventurer deck and place them face up in a row"."""


# ----------------------------------------------------------------------------- setup

@dataclass(frozen=True)
class Keep(DinkyDecision):
    """Setup: "deal two face down to each player. Each player chooses one of the two adventurer
    cards to keep." The other goes back to the adventurer deck; which one was kept stays hidden
    from the other seats."""

    dealt: tuple[str, ...]

    KINDS = ("keep",)
    QUESTION = "keep one of your two adventurers"
    always_ask = True

    def options(self, where: Where) -> tuple[Action, ...]:
        return name_options("keep", self.dealt)

    def choose(self, t: Board, action: Action) -> None:
        dealt = list(self.dealt)
        dealt.remove(action.arg)
        t.moved(dealt, self.seat, DECK, seat_bit(self.seat))
        t.hands[self.seat] = (action.arg,)
        t.adventurers = (*t.adventurers, *dealt)
        t.say(f"Seat {self.seat + 1} keeps an adventurer.")

    def public_text(self, action: Action) -> str:
        return "keeps an adventurer"


@dataclass(frozen=True)
class Start(Step):
    """Setup, after each player kept one adventurer: "The adventurer cards not chosen by the
    players are added back to the remaining adventurer cards and shuffled again. [...] Draw four
    cards from the adventurer deck and place them face up in a row on the table." The first
    seat goes first (R1)."""

    seat: int

    def run(self, t: Board) -> None:
        t.adventurers = t.shuffled(tuple(sorted(t.adventurers)), "the adventurer deck")
        row = []
        for _ in range(ROW):
            card = t.draw_adventurer(OPEN, EVERYONE)
            if card is not None:
                row.append(card)
        t.row = tuple(row)
        t.say(f"The row: {', '.join(t.row)}. Seat 1 goes first.")
        begin_turn(t, 0)


# ----------------------------------------------------------------------------- a turn

def begin_turn(t: Board, seat: int) -> None:
    """Turn Overview: "Each turn consists of three steps, performed in the following order":
    take, play, refill; then the end of the turn."""
    t.active, t.gained = seat, ()
    t.tasks.extend(TURN[seat])


@dataclass(frozen=True)
class Take(DinkyDecision):
    """Turn Overview, step 1: "Choose one of the four available adventurer cards and add it to
    your hand." """

    KINDS = ("take",)
    QUESTION = "take an adventurer from the row"
    always_ask = True  # the turn's own steps are always written, even when one card fits

    def options(self, where: Where) -> tuple[Action, ...]:
        return name_options("take", where.row)

    def choose(self, t: Board, action: Action) -> None:
        row = list(t.row)
        row.remove(action.arg)
        t.row = tuple(row)
        t.note(Moved(action.arg, OPEN, self.seat, EVERYONE))
        t.hands[self.seat] = tuple(sorted((*t.hands[self.seat], action.arg)))
        t.say(f"Seat {self.seat + 1} takes the {action.arg} from the row.")


@dataclass(frozen=True)
class Refill(Step):
    """Turn Overview, step 3: "Refill the adventurer row back up to four adventurers from the
    adventurer deck." """

    seat: int

    def run(self, t: Board) -> None:
        row = list(t.row)
        while len(row) < ROW:
            card = t.draw_adventurer(OPEN, EVERYONE)
            if card is None:
                break
            row.append(card)
        t.row = tuple(row)


@dataclass(frozen=True)
class EndTurn(Step):
    """Game End: "The game ends when either of the two conditions is satisfied at the end of a
    player's turn": a player at the target (A) or an empty dungeon deck (B); otherwise the next
    player clockwise takes a turn (R13)."""

    seat: int

    def run(self, t: Board) -> None:
        t.turns += 1
        if any(sum(r) >= t.game.target for r in t.rewards) or not t.dungeon:
            t.over = True
            t.say("The game is over.")
            return
        begin_turn(t, (self.seat + 1) % t.game.players)


TURN = tuple((EndTurn(seat), Refill(seat), Play(seat), Take(seat)) for seat in range(max(TARGETS)))
"""Each seat's turn, last step first, as `begin_turn` pushes it. Tasks are immutable values, so
one set per seat serves every turn (building them anew each turn costs about 2% of a game)."""

DECISIONS: tuple[type[DinkyDecision], ...] = (
    Keep, Take, Play, Copy, ChooseDiscard, Ones, DiscardAdventurer, Berserk, KeepRewards,
    NinjaDiscard, Give)
"""Every kind of decision, in the order the game's words are listed."""
KINDS = tuple(kind for decision in DECISIONS for kind in decision.KINDS)
"""The first words of the game's actions."""
