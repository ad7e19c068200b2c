""""Unwinnable" is never wrong, for any card file the loader accepts.

Three probes (a card folder, a deal file and a record that replays to a win) broke the
reductions with card files the built-in cards do not exercise: an ability that shuffles the hand
into the deck (which takes hand cards in card-id order) with a value read in the middle of a
suit, and 'the first dealt' card looked for after set up. Then random small card sets and
positions, each searched with every reduction (`solve`) and with none (a depth-first search of
every legal action, each position keyed with all its fields)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dungeoneer.engine.puzzle_dungeon import (
    EagerOptions,
    PuzzleDungeon,
    PuzzleState,
    one_order_each,
)
from dungeoneer.engine.puzzle_dungeon.rules import bits, mask_of
from dungeoneer.engine.records import load_record, replay
from dungeoneer.engine.rng import Stream
from dungeoneer.generator.deals import load_deal
from dungeoneer.solver import UNKNOWN, UNWINNABLE, WON, solve
from dungeoneer.solver.canonical import Canonicalizer, card_classes, coverage, exact_key
from tests.conftest import slow_after
from tests.solver.random_cards import random_cards, random_position

PROBES = Path(__file__).parent / "probes"


@pytest.mark.parametrize("name", ["hs-2", "ds-2", "fd-1"])
def test_a_probe_deal_is_won_and_its_record_replays_to_a_win(name):
    state, _record = load_deal(PROBES / f"{name}.deal")
    answer = solve(state, seconds=30, workers=1)
    assert answer.status == WON, answer.reason
    ending, _steps = replay(load_record(PROBES / f"{name}-win.rec"))
    assert isinstance(ending, PuzzleState) and ending.won()


def test_a_value_read_in_the_middle_of_a_suit_splits_the_suit_into_runs():
    """The handshuffle cards (values 2, 5 and 8) read the 5s ('Your 5s match any suit'): each
    suit is three classes, the 2, the 5 and the 8, so a sorted hand's classes follow from its
    counts of each class. (Taken as the suit and the named values only, the 2 and the 8 were
    one class, and hands of 2T 5T and 5T 8T had one key.)"""
    state, _record = load_deal(PROBES / "hs-2.deal")
    classes = card_classes(state.rules)
    by_code = {c.code: c.id for c in state.rules.cards.arsenal}
    assert len({classes[by_code[code]] for code in ("2T", "5T", "8T")}) == 3
    assert list(classes) == sorted(classes)  # numbered in card-id order


def test_first_dealt_read_after_set_up_keeps_every_card_by_identity():
    state, _record = load_deal(PROBES / "fd-1.deal")
    assert not coverage(state.rules).card_classes
    canonical = Canonicalizer(state.rules)
    assert canonical.card_class == tuple(range(len(state.rules.cards.arsenal)))
    assert state.setup_deals in canonical.key(state)


def test_the_built_in_cards_keep_every_reduction():
    for hero in ("Rogue", "Bodyguard", "Skull Warrior", "Skull Alchemist"):
        game = PuzzleDungeon(hero=hero)
        assert coverage(game).card_classes
        assert len(set(card_classes(game))) < len(game.cards.arsenal)


def unreduced(root: PuzzleState, limit: int) -> str:
    """Won or unwinnable by a depth-first search of every legal action, positions keyed by all
    their fields; unknown after `limit` positions."""
    seen = {exact_key(root)}
    stack = [root]
    while stack:
        state = stack.pop()
        if state.won():
            return WON
        for action in state.legal_actions():
            child = state.apply(action)
            key = exact_key(child)
            if key not in seen:
                if len(seen) >= limit:
                    return UNKNOWN
                seen.add(key)
                stack.append(child)
    return UNWINNABLE


HEROES = ("Rogue", "Bodyguard", "Warrior", "Alchemist",
          "Skull Rogue", "Skull Bodyguard", "Skull Warrior", "Skull Alchemist")


def lost_eager_game(hero: str, first_seed: int) -> list[PuzzleState]:
    """The quiet positions of the first game from `first_seed` on that the eager player (random
    choices among its options) loses, its end last."""
    for seed in range(first_seed, first_seed + 50):
        state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
        stream, eager = Stream(seed), EagerOptions()
        quiet = [state]
        while not state.is_terminal():
            options = (one_order_each(state.legal_actions()) if state.options
                       else eager(state) or state.legal_actions())
            state = state.apply(options[stream.below(len(options))])
            if not state.options:
                quiet.append(state)
        if not state.won():
            return quiet
    raise AssertionError(f"the eager player won 50 {hero} games in a row")


LATE_GAMES = slow_after(len(HEROES), [(hero, first) for first in (0, 100, 200, 300)
                                       for hero in HEROES])
"""(hero, first seed): the first lost game of each face in the default run, three more with
the slow checks."""


@pytest.mark.parametrize("hero, first_seed", LATE_GAMES)
def test_late_positions_of_lost_games_are_proven_lost_only_when_lost(hero, first_seed):
    """With the built-in cards, full rules: the quiet positions a few actions before the end of
    a lost game. Each one the solver calls unwinnable (a complete search with every reduction)
    is unwinnable by the unreduced search too (a won one is a line the engine replayed), and
    the last action's position is proven lost (the full rules have no bound: only complete
    searches prove)."""
    quiet = lost_eager_game(hero, first_seed)
    verdicts = []
    for k in (1, 2, 4):
        position = quiet[-1 - k]
        verdict = solve(position, seconds=None, states=20_000).status
        if verdict == UNWINNABLE:
            assert unreduced(position, 200_000) == UNWINNABLE, (hero, first_seed, k)
        verdicts.append(verdict)
    assert verdicts[0] == UNWINNABLE


RANDOM_CARD_SETS = slow_after(2, range(100))
"""Card sets drawn for the randomized tests: 2 in the default run, the rest with the slow
checks (a swap that the card classes got wrong was caught in about one card set in seven)."""


@pytest.mark.parametrize("seed", RANDOM_CARD_SETS)
def test_the_solver_agrees_with_an_unreduced_search_on_random_cards(seed, tmp_path):
    """A won verdict from `solve` is a replayed line (so it is never wrong); an unwinnable one
    must be the unreduced search's too, and a won deal must not be called unwinnable."""
    cards = random_cards(seed, tmp_path / "cards")
    for place in range(3):
        try:
            state = random_position(cards, seed * 10 + place)
            expected = unreduced(state, 20_000)
        except RuntimeError:  # abilities that trigger each other for ever: not a game
            continue
        if expected == UNKNOWN:
            continue
        answer = solve(state, seconds=None, states=50_000, workers=1)
        assert answer.status in (expected, UNKNOWN), (seed, place, answer.reason)


def next_quiet(state: PuzzleState, canonical: Canonicalizer, limit: int = 400) -> dict | None:
    """The quiet positions one action away, every decision of the abilities it triggers taken
    every way, by key; None when there are more than `limit` positions on the way."""
    found: dict = {}
    stack = [state.apply(action) for action in state.legal_actions()]
    seen = 0
    while stack:
        child = stack.pop()
        seen += 1
        if seen > limit:
            return None
        if child.stack:
            stack.extend(child.apply(action) for action in child.legal_actions())
        else:
            found.setdefault(canonical.key(child), child)
    return found


def class_swap(canonical: Canonicalizer, state: PuzzleState, stream: Stream) -> dict[int, int]:
    """A random renaming of the cards that maps each card to one of its own class: a hand card
    and a card of its class outside the hand change places when there is such a pair (the hand
    is where card order comes from identity), else the cards of every class are shuffled."""
    classes = canonical.card_class
    by_class: dict[int, list[int]] = {}
    for card, kind in enumerate(classes):
        by_class.setdefault(kind, []).append(card)
    hand = bits(state.hand)
    pairs = [(card, other) for card in hand for other in by_class[classes[card]]
             if other not in hand]
    if pairs:
        card, other = pairs[stream.below(len(pairs))]
        return {card: other, other: card}
    swap: dict[int, int] = {}
    for members in by_class.values():
        swap.update(zip(members, stream.shuffled(members), strict=True))
    return swap


def renamed(state: PuzzleState, swap: dict[int, int]) -> PuzzleState:
    """The position with its arsenal cards renamed by `swap`, in every zone."""
    def cards(zone: bytes) -> bytes:
        return bytes(swap.get(card, card) for card in zone)

    return state.set(arsenal=cards(state.arsenal),
                     hand=mask_of(swap.get(card, card) for card in bits(state.hand)),
                     deck=cards(state.deck), discard=cards(state.discard),
                     setup_deals=cards(state.setup_deals),
                     attached=tuple(a._replace(card=swap.get(a.card, a.card))
                                    for a in state.attached))


def variants(state: PuzzleState, stream: Stream) -> list[PuzzleState]:
    """The position with what a key may leave out changed: the discard pile in another order,
    other set-up deals. Where the key does leave it out, the futures must not depend on it."""
    found = []
    if len(state.discard) > 1:
        found.append(state.set(discard=bytes(stream.shuffled(state.discard))))
    if state.setup_deals:
        every = stream.shuffled(range(len(state.rules.cards.arsenal)))
        found.append(state.set(setup_deals=bytes(every[:len(state.setup_deals)])))
    return found


@pytest.mark.parametrize("seed", RANDOM_CARD_SETS)
def test_positions_that_differ_by_a_swap_within_a_class_play_alike(seed, tmp_path):
    """The argument behind the keys, checked directly: at quiet positions met in random play,
    the position and its image under a swap of cards within their classes have one key, and so
    do the positions each reaches next, every decision taken every way; so do the position and
    any variant of it (`variants`) that the key does not tell apart."""
    cards = random_cards(seed, tmp_path / "cards")
    stream = Stream(seed)
    checked = 0
    for place in range(3):
        try:
            state = random_position(cards, seed * 10 + place)
            canonical = Canonicalizer(state.rules)
            for _move in range(40):
                if state.is_terminal():
                    break
                if not state.stack:
                    image = renamed(state, class_swap(canonical, state, stream))
                    assert canonical.key(image) == canonical.key(state)
                    for other in (image, *variants(state, stream)):
                        if canonical.key(other) != canonical.key(state):
                            continue
                        ahead, beside = next_quiet(state, canonical), next_quiet(other, canonical)
                        if ahead is not None and beside is not None:
                            assert set(ahead) == set(beside), (seed, place, _move)
                            checked += 1
                actions = state.legal_actions()
                state = state.apply(actions[stream.below(len(actions))])
        except RuntimeError:  # abilities that trigger each other for ever: not a game
            continue
