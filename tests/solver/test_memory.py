"""Bounded memory: a capped search forgets positions and may search them again, but its verdicts
are those of the uncapped search, and it never claims unwinnable on the strength of a dropped
entry."""

import random

import pytest

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.solver import UNKNOWN, UNWINNABLE, WON, solve
from dungeoneer.solver.lines import verify_line
from dungeoneer.solver.search import DROPPED, BestFirst, Budget, DepthFirst, Runner, portfolio
from dungeoneer.solver.table import (
    BYTES_PER_FRONTIER_POSITION,
    BYTES_PER_KEY,
    GenerationalTable,
    Table,
)
from tests.helpers import others, position


def test_a_table_holds_its_capacity_and_says_when_it_is_full():
    table = Table(capacity=3)
    for key in "abc":
        assert not table.full() and not table.seen(key)
        table.add(key)
    assert table.full() and all(table.seen(k) for k in "abc") and table.evicted == 0


def test_a_generational_table_keeps_its_path_and_counts_what_it_drops():
    """Random visits, with a path that grows and shrinks like a depth-first stack: the path is
    always in the table, the table stays within its capacity (plus the path), and `evicted`
    counts exactly the keys it forgot (keys met again move up; forgotten ones may come back)."""
    chance = random.Random(3)
    path: list[int] = []
    table = GenerationalTable(capacity=20, pinned=path)
    dropped = 0
    for _ in range(5000):
        before = table.current | table.old
        key = chance.randrange(300)
        if not table.seen(key):
            table.add(key)
            if chance.random() < 0.5 and len(path) < 15:
                path.append(key)
        elif path and chance.random() < 0.4:
            path.pop()
        dropped += len(before - (table.current | table.old))
        assert all(table.seen(k) for k in path)
        assert len(table.current | table.old) <= 2 * (10 + 15)
    assert table.evicted == dropped > 1000


@pytest.mark.parametrize("kind, capacity", [(GenerationalTable, None), (GenerationalTable, 20),
                                             (Table, None)])
def test_insert_is_seen_then_add(kind, capacity):
    """`insert` (one look-up) leaves a table as `seen`, then `add` when new, does, and says
    whether the key was new: two tables fed the same random keys, one each way."""
    chance = random.Random(5)
    path: list[int] = []
    make = (lambda: GenerationalTable(capacity=capacity, pinned=path)) \
        if kind is GenerationalTable else (lambda: Table(capacity))
    one_way, other_way = make(), make()
    for _ in range(5000):
        key = chance.randrange(300)
        new = not other_way.seen(key)
        if new:
            other_way.add(key)
        assert one_way.insert(key) == new
        assert (one_way.current, one_way.evicted) == (other_way.current, other_way.evicted)
        assert getattr(one_way, "old", None) == getattr(other_way, "old", None)
        if new and chance.random() < 0.5 and len(path) < 15:
            path.append(key)
        elif path and chance.random() < 0.4:
            path.pop()


def test_a_capped_depth_first_search_agrees_with_the_uncapped_one_on_every_small_deal(
        synthetic_searches):
    """On the small core-rules deals a depth-first table of 256 entries forgets positions on
    many of them (searching some again), and every verdict is the uncapped search's; every win
    replays."""
    evicting = 0
    for seed, (state, uncapped) in synthetic_searches.items():
        capped = portfolio(state, [DepthFirst(state, memory=256 * BYTES_PER_KEY)],
                           budget=Budget(seconds=60))
        assert capped.status == uncapped.status, seed
        evicting += capped.evicted > 0
        if capped.status == WON:
            assert verify_line(state, capped.line).won(), seed
    assert evicting >= max(1, len(synthetic_searches) // 10)


def test_solve_under_a_tiny_cap_agrees_with_the_uncapped_search(synthetic_searches):
    """The whole solver (nested rollouts, and depth-first with the bound) with room for about 64
    keys in the depth-first table."""
    evicting = 0
    for seed in list(synthetic_searches)[:6]:
        state, uncapped = synthetic_searches[seed]
        answer = solve(state, seconds=None, memory=64 * BYTES_PER_KEY)
        assert answer.status == uncapped.status, seed
        evicting += answer.details.get("evicted", 0) > 0
    assert evicting >= 1


def test_best_first_drops_out_and_claims_nothing(synthetic_searches):
    """Alone, best-first with its share used up answers unknown, on a deal it would prove
    unwinnable given the room."""
    seed, (state, _) = next((seed, found) for seed, found in synthetic_searches.items()
                            if found[1].status == UNWINNABLE and found[1].states > 200)
    memory = 50 * BYTES_PER_FRONTIER_POSITION
    report = Runner(BestFirst(state, memory=memory)).turn(10_000)
    assert report.verdict is not None and report.verdict.status == DROPPED, seed
    answer = portfolio(state, [BestFirst(state, memory=memory)])
    assert answer.status == UNKNOWN and "memory" in answer.reason, seed
    assert portfolio(state, [BestFirst(state)]).status == UNWINNABLE


def test_a_full_rules_deal_is_still_proven_unwinnable_under_a_cap():
    """The built unwinnable deal of test_solver.py, with room for 16 keys in the depth-first
    table: positions are forgotten and searched again, and the search still ends, complete."""
    rest = others("Ghost", "Witch", "Goblin", "Haunted Armor", "Animated Weapons", "Automaton",
                  "Stone Golem", "Ratman", "Banshee", "Dragon")
    monsters = ["Haunted Armor", "Animated Weapons", "Automaton", "Stone Golem", "Ratman",
                "Banshee"]
    state = position(columns=(("Ghost", "Dragon"), ("Witch", "Goblin"), rest[:5], rest[5:]),
                     rest="none", collected=monsters, exhausted=monsters, hand="2T 2C 2H 2M",
                     deck="")
    answer = solve(state, seconds=60, memory=16 * BYTES_PER_KEY)
    assert answer.status == UNWINNABLE and answer.details["evicted"] > 0
    assert "searched more than once" in answer.reason


@pytest.mark.parametrize("entries", [500, 100])
def test_a_full_rules_win_found_by_depth_first_under_a_cap_replays(entries):
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=20)
    search = DepthFirst(state, memory=entries * BYTES_PER_KEY)
    answer = portfolio(state, [search], budget=Budget(states=50_000))
    assert answer.status == WON and answer.evicted > 0
    assert verify_line(state, answer.line).won()


def test_solve_refuses_a_memory_cap_of_nothing():
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=1)
    with pytest.raises(ValueError, match="memory"):
        solve(state, memory=0)
