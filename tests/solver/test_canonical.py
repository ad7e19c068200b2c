"""The transposition table's keys and the payment reduction with a card file the built-in cards
do not cover: a value read in the middle of a suit.

The card file here makes the Ratman's Loot read "any 5", so each suit splits into three classes
(below the 5, the 5, above it) and positions whose hands differ only within a class share a key.
A payment discards its hand cards in the order the player chooses wherever that order can matter
(D18), so such positions offer the same futures, and a dropped payment is always reproduced by a
kept one."""

from __future__ import annotations

import pytest

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, card_set
from dungeoneer.engine.rng import Stream
from dungeoneer.solver import UNKNOWN, UNWINNABLE
from dungeoneer.solver.branches import branches
from dungeoneer.solver.canonical import Canonicalizer, exact_key
from dungeoneer.solver.search import Budget, DepthFirst, plain_order, portfolio
from tests.helpers import installed_seeds

RATMAN_LOOT = 'effect = [{ op = "draw_from_discard", card = "any", value = 0 }]'


@pytest.fixture(scope="module")
def any_five_cards(tmp_path_factory):
    folder = tmp_path_factory.mktemp("any-five")
    for source in installed_seeds("puzzle_dungeon").glob("*.toml"):
        text = source.read_text(encoding="utf-8")
        if source.name == "monsters.toml":
            assert RATMAN_LOOT in text
            text = text.replace('text = "Loot: Draw any 0 in the discard pile."',
                                'text = "Loot: Draw any 5 in the discard pile."')
            text = text.replace(RATMAN_LOOT, RATMAN_LOOT.replace("value = 0", "value = 5"))
        (folder / source.name).write_text(text, encoding="utf-8")
    return card_set(folder)


@pytest.fixture(scope="module")
def any_five_game(any_five_cards) -> PuzzleDungeon:
    return PuzzleDungeon(any_five_cards, "Rogue")


def payment_decisions(game: PuzzleDungeon, deals: range, moves: int = 120):
    """Positions waiting for a payment with a choice, met in random play of some deals."""
    for seed in deals:
        state, stream = game.new_initial_state(seed=seed), Stream(seed)
        for _ in range(moves):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            if len(actions) > 1 and actions[0].kind == "pay":
                yield state
            state = state.apply(actions[stream.below(len(actions))])


def test_the_five_is_a_class_of_its_own(any_five_game):
    """A value read in the middle of a suit splits the suit into runs of card ids: below the 5,
    the 5, above it (the 0s are read too, by the Goblin King)."""
    canonical = Canonicalizer(any_five_game)
    by_code = {c.code: c.id for c in any_five_game.cards.arsenal}
    classes = canonical.card_class
    assert classes[by_code["2H"]] == classes[by_code["4H"]] != classes[by_code["5H"]]
    assert classes[by_code["5H"]] != classes[by_code["6H"]] == classes[by_code["8H"]]
    assert classes[by_code["4H"]] != classes[by_code["6H"]]


def test_every_dropped_payment_is_reproduced_by_a_kept_one(any_five_game):
    """For each payment the search leaves out, a payment it keeps leads to a position with the
    same key (compared where both positions are quiet; pending ones are keyed exactly)."""
    canonical = Canonicalizer(any_five_game)
    checked = 0
    for state in payment_decisions(any_five_game, range(60)):
        kept_keys = set()
        for action in branches(state, canonical):
            child = state.apply(action)
            if not child.stack:
                kept_keys.add(canonical.key(child))
        for action in state.legal_actions():
            child = state.apply(action)
            if child.stack:
                continue
            assert canonical.key(child) in kept_keys, state.action_text(action)
            checked += 1
    assert checked > 50


def settled_children(state) -> frozenset:
    """The keys of the positions one action away, once the abilities it triggers are resolved
    (here they offer no real choice: an empty arsenal to draw from, a wizard not there)."""
    canonical = Canonicalizer(state.rules)
    keys = set()
    for action in state.legal_actions():
        child = state.apply(action)
        while child.stack:
            child = child.apply(child.legal_actions()[0])
        keys.add(canonical.key(child))
    return frozenset(keys)


def test_positions_with_one_key_have_the_same_payments(any_five_cards):
    """One position holds 3H 5H, the other 4H 5H (the 3H and the 4H are one class, the 5H
    another, and the 4H or the 3H waits in the deck). Their keys are equal, so the table merges
    them; they must offer the same futures: every order of the four classes on the discard
    pile."""
    game = PuzzleDungeon(any_five_cards, "Bodyguard")

    def laid_out(hand: str, deck: str):
        return game.from_layout(
            [[*(m.name for m in game.cards.base_monsters()
                if m.name not in ("Automaton", "Skeleton")), "Skeleton"], ["Automaton"], [], []],
            hand=hand.split(), deck=deck.split(),
            discard=[c.code for c in game.cards.arsenal
                     if c.code not in (*hand.split(), *deck.split())], seed=1)

    first, second = laid_out("2T 2C 3H 5H", "4H"), laid_out("2T 2C 4H 5H", "3H")
    canonical = Canonicalizer(game)
    assert first != second and canonical.key(first) == canonical.key(second)
    first, second = (s.apply(s.parse_action("attack 2")) for s in (first, second))
    assert first.rules.discard_order.live(first)  # the Skeleton is in the dungeon
    futures = settled_children(first)
    assert len(futures) == 24 and futures == settled_children(second)  # 4! class orders


def unreduced(root):
    """Depth-first over every legal action, each position keyed exactly: no card classes, no
    merged payments or abilities, the discard pile always in order. (Built, not subclassed: a
    compiled `DepthFirst` takes no Python subclasses.)"""
    searching = DepthFirst(root, order=plain_order,
                           branch=lambda state, _canonical: state.legal_actions())
    searching.key = exact_key
    return searching


def late_positions(game: PuzzleDungeon, deals: range, moves: int):
    """Quiet positions some way into random games (few monsters left, so searches finish)."""
    for seed in deals:
        state, stream = game.new_initial_state(seed=seed), Stream(seed + 1)
        for _ in range(moves):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            attacks = [a for a in actions if a.kind == "attack"]
            pool = attacks if attacks and not state.options else actions
            state = state.apply(pool[stream.below(len(pool))])
        while state.stack and not state.is_terminal():
            state = state.apply(state.legal_actions()[0])
        if not state.is_terminal():
            yield state


@pytest.mark.parametrize(("hero", "deals"), [
    # Two deals whose late positions both searches decide, one won and one unwinnable.
    pytest.param("Rogue", range(1, 3), id="Rogue-2-deals"),
    pytest.param("Rogue", range(30), id="Rogue-30-deals", marks=pytest.mark.slow),
    pytest.param("Skull Alchemist", range(30), id="Skull Alchemist-30-deals",
                 marks=pytest.mark.slow)])
def test_the_reduced_search_agrees_with_the_unreduced_one(any_five_cards, hero, deals):
    """Card classes, the discard pile keyed by its size once nothing reads its order, merged
    payments and abilities: the verdicts are those of a search with none of them, on late
    positions of the 'any 5' card file where both searches finish."""
    game = PuzzleDungeon(any_five_cards, hero)
    verdicts = []
    for moves in (40, 60):
        for state in late_positions(game, deals, moves=moves):
            reduced = portfolio(state, [DepthFirst(state, order=plain_order)],
                                budget=Budget(states=2000))
            full = portfolio(state, [unreduced(state)], budget=Budget(states=6000))
            if UNKNOWN in (reduced.status, full.status):
                continue
            assert reduced.status == full.status
            verdicts.append(full.status)
    assert len(verdicts) >= len(deals) // 3 and UNWINNABLE in verdicts
