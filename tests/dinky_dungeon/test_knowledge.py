"""What a Dinky Dungeon seat knows of the cards it cannot see (information.py): the true
position is always one its knowledge allows, and so is every filling; what it saw happen (an
adventurer taken from the row, the card it put back at set-up, a Berserker's revealed monsters, a
reward given by a Lord, the deck its Swordsman searched, the hands a Clown revealed, the discard
that made a new deck) is kept; and nothing it did not see changes what it knows or does."""

from collections import Counter
from dataclasses import replace

import pytest
from ortools.sat.python import cp_model

from dungeoneer.engine import history
from dungeoneer.engine.dinky_dungeon import DinkyDungeon
from dungeoneer.engine.dinky_dungeon.bots import GreedyBot, SamplingBot, fill_in
from dungeoneer.engine.dinky_dungeon.effects import Copy, Keep, Ones
from dungeoneer.engine.dinky_dungeon.history import (
    DECK,
    EVERYONE,
    OPEN,
    Moved,
    Shown,
    seat_bit,
    seen_by,
)
from dungeoneer.engine.dinky_dungeon.information import Memory, from_view, knowledge
from dungeoneer.engine.rng import Stream
from tests.conftest import slow_after
from tests.dinky_dungeon.helpers import conserved, play


def history_of(state):
    """The state's history as a list, in the order it happened."""
    return history.events(state.events)


def game_states(seed, games, players=None):
    """Every state of `games` games of greedy and random choices (more greedy), with two to four
    players (or `players`)."""
    stream = Stream(seed)
    for _ in range(games):
        state = DinkyDungeon(players or stream.below(3) + 2).new_initial_state(seed=stream.u64())
        bot = GreedyBot(stream.u64())
        while not state.over:
            yield state
            actions = state.legal_actions()
            state = state.apply(bot.choose(state) if stream.below(3) else stream.choice(actions))


def places_of(state, seat):
    """Where the cards `seat` cannot see truly lie: adventurers in the other hands (with the two
    a seat is still to choose from at set-up) and the deck; dungeon cards in the other seats'
    rewards and the deck."""
    others = [p for p in range(state.game.players) if p != seat]
    hands = {p: Counter(state.hands[p]) for p in others}
    for task in state.tasks:
        if isinstance(task, Keep) and task.seat != seat:
            hands[task.seat] += Counter(task.dealt)
    rewards = {p: Counter(state.rewards[p]) for p in others}
    return hands | {DECK: Counter(state.adventurers)}, rewards | {DECK: Counter(state.dungeon)}


def admits(pools, places):
    """Whether the cards at `places` (place: bag) are a deal of `pools`: each pool's cards at
    its places in its numbers (a small integer program)."""
    if any(pools.hidden(p) != bag.total() for p, bag in places.items()):
        return False
    model = cp_model.CpModel()
    x = {}
    for i, pool in enumerate(pools.pools):
        for place, count in pool.counts.items():
            for card, n in pool.cards.items():
                x[i, place, card] = model.NewIntVar(0, min(count, n), "")
            model.Add(sum(x[i, place, card] for card in pool.cards) == count)
        for card, n in pool.cards.items():
            model.Add(sum(x[i, place, card] for place in pool.counts) == n)
    for place, bag in places.items():
        for card in set(bag) | {k[2] for k in x if k[1] == place}:
            model.Add(sum(v for k, v in x.items() if k[1:] == (place, card)) == bag[card])
    return cp_model.CpSolver().Solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


@pytest.mark.slow
def test_the_true_position_and_every_filling_are_ones_the_seat_knows_of():
    stream = Stream(2)
    checked = 0
    for state in game_states(20, 30):
        if stream.below(10):
            continue
        seat = stream.below(state.game.players)
        known = knowledge(state, seat)
        for position in (state, fill_in(state, seat, stream.u64())):
            hands, rewards = places_of(position, seat)
            assert admits(known.adventurers, hands) and admits(known.dungeon, rewards)
            checked += 1
    assert checked > 300


def test_the_check_finds_a_position_the_seat_knows_is_wrong():
    # (the check above can fail: an adventurer moved from the hand the seat knows it is in)
    for state in game_states(21, 10, players=3):
        known = knowledge(state, 0)
        hands, _ = places_of(state, 0)
        for place in (1, 2):
            sure = known.adventurers.certain(place)
            for card in sorted(sure):
                top = state.adventurers[0] if state.adventurers else None
                if top is None or top == card or hands[place][card] > sure[card]:
                    continue  # (a copy the seat does not know of could stay)
                assert admits(known.adventurers, hands)
                hands[place][card] -= 1
                hands[DECK][card] += 1
                hands[DECK][top] -= 1
                hands[place][top] += 1
                assert not admits(known.adventurers, hands)
                return
    pytest.fail("no adventurer known to be in another hand")


def after(test, games=40, players=4):
    """States of games right after an event `test` picks out, with that event."""
    found = []
    for state in game_states(30, games, players):
        events = history_of(state)
        if events and test(events[-1]) and not (found and history_of(found[-1][0]) == events):
            found.append((state, events[-1]))
    assert found
    return found


def fillings(state, seat, count=10):
    return [fill_in(state, seat, s) for s in range(count)]


@pytest.mark.slow
def test_an_adventurer_taken_from_the_row_stays_in_the_takers_hand_for_everyone():
    for state, (card, _, taker, _) in after(lambda e: isinstance(e, Moved) and e.source == OPEN
                                            and isinstance(e.card, str) and e.to >= 0):
        for seat in range(state.game.players):
            if seat != taker:
                assert card in knowledge(state, seat).adventurers.certain(taker)
                assert all(card in f.hands[taker] for f in fillings(state, seat, 4))


def test_the_card_a_seat_put_back_at_set_up_is_in_no_other_hand():
    for state, (card, seat, _, _) in after(lambda e: isinstance(e, Moved) and e.to == DECK
                                           and e.source >= 0):
        for filled in fillings(state, seat):
            others = [p for p in range(4) if p != seat]
            copies = state.game.cards.named(card).count
            held = sum(filled.hands[p].count(card) for p in others) + sum(
                t.dealt.count(card) for t in filled.tasks if isinstance(t, Keep) and t.seat != seat)
            assert held <= copies - 1  # (only another copy, if there is one)
            assert card in filled.adventurers


@pytest.mark.slow
def test_monsters_gained_in_the_open_stay_in_the_gainers_rewards_for_everyone():
    """(a Berserker's revealed Lv. 1 or 2, a Swordsman's Lv. 1s from the deck)"""
    for state, (level, _, gainer, _) in after(lambda e: isinstance(e, Moved) and e.source == DECK
                                              and e.seen == EVERYONE and e.to >= 0, games=80):
        for seat in range(4):
            if seat != gainer:
                assert level in knowledge(state, seat).dungeon.certain(gainer)
                assert all(level in f.rewards[gainer] for f in fillings(state, seat, 4))


@pytest.mark.slow
def test_a_reward_a_lord_gave_or_took_stays_with_its_receiver_for_the_other():
    """(the other players see only that a reward moved)"""
    given = after(lambda e: isinstance(e, Moved) and isinstance(e.card, int) and e.source >= 0
                  and e.to >= 0 and e.seen != EVERYONE, games=150)
    for state, (level, giver, receiver, _) in given:
        for filled in fillings(state, giver):
            assert level in filled.rewards[receiver]
        outsider = next(s for s in range(4) if s not in (giver, receiver))
        assert seen_by(state.events.last, outsider).card is None


@pytest.mark.slow
def test_the_dungeon_deck_a_swordsman_searched_keeps_its_cards_for_its_seat_only():
    searches = after(lambda e: isinstance(e, Shown) and e.place == DECK, games=80)
    checked = others_differ = 0
    for state, event in searches:
        searcher = event.seen.bit_length() - 1
        later = state
        while later.tasks and any(isinstance(t, Ones) for t in later.tasks):
            later = later.apply(later.legal_actions()[-1])  # (takes the most Lv. 1s)
        if later.over:
            continue
        bag = Counter(later.dungeon)
        assert all(Counter(f.dungeon) == bag for f in fillings(later, searcher))
        others = [s for s in range(4) if s != searcher]
        others_differ += any(Counter(f.dungeon) != bag for s in others
                             for f in fillings(later, s))
        checked += 1
    assert checked and others_differ > checked / 2


def unseen_into(events, place, seat):
    """Whether an adventurer `seat` did not see went into `place` among `events`."""
    return any(isinstance(e, Moved) and isinstance(e.card, str) and e.to == place
               and seen_by(e, seat).card is None for e in events)


@pytest.mark.slow
def test_hands_a_clown_revealed_are_remembered_after_it():
    """At the start of the next turn, a hand the Clown revealed that nothing went into unseen
    since is dealt as it was shown (less what left it in the open)."""
    checked = 0
    for state, _ in after(lambda e: isinstance(e, Shown) and e.place >= 0, games=120):
        revealed, since = [Counter(h) for h in state.hands], len(history_of(state))
        active = state.active
        while not state.over and state.active == active:  # (to the next seat's turn)
            state = state.apply(state.legal_actions()[0])
        if state.over:
            continue
        for seat in range(4):
            for p in range(4):
                if p != seat and not unseen_into(history_of(state)[since:], p, seat):
                    assert not Counter(state.hands[p]) - revealed[p]
                    assert all(f.hands[p] == state.hands[p] for f in fillings(state, seat, 3))
                    checked += 1
    assert checked > 20


@pytest.mark.slow
def test_a_deck_made_of_the_adventurer_discard_holds_only_those_cards():
    """Right after the discard becomes the adventurer deck, every seat's fillings deal the deck
    from those cards only (a filling from the view alone often does not)."""
    checked = wrong_from_view = 0
    previous = None
    for state in game_states(31, 80, players=4):
        new = (previous and history.after(state.events, previous.events)) or ()
        previous = state
        made = Counter(e.card for e in new if isinstance(e, Moved) and e.source == OPEN
                       and e.to == DECK)
        if not made:
            continue
        for seat in range(4):
            for filled in fillings(state, seat, 3):
                assert not Counter(filled.adventurers) - made
            plain = fill_in(replace(state, events=None), seat, 0)
            wrong_from_view += bool(Counter(plain.adventurers) - made)
        checked += 1
    assert checked > 5 and wrong_from_view


def redealt(order, indices, stream):
    """`order` with two different cards at `indices` swapped (as it was, if all are alike)."""
    order = list(order)
    pairs = [(i, j) for i in indices for j in indices if i < j and order[i] != order[j]]
    if pairs:
        i, j = stream.choice(pairs)
        order[i], order[j] = order[j], order[i]
    return order


def alike(a, b, seat):
    """Whether `seat` sees the same in both positions: its view, its options, and the dungeon
    deck while its Swordsman searches it."""
    if a.view(seat) != b.view(seat):
        return False
    if a.current_player() == seat and a.legal_actions() != b.legal_actions():
        return False
    searching = any(isinstance(t, Ones) and t.pile == "deck" and t.seat == seat
                    for t in a.tasks)
    return not searching or sorted(a.dungeon) == sorted(b.dungeon)


def twins(stream):
    """Two games of the same players, seat and stream whose deals differ in two cards of the
    dungeon deck and two adventurers the seat is not dealt, and the seat."""
    players = stream.below(3) + 2
    game, seat = DinkyDungeon(players), stream.below(players)
    dungeon = list(stream.shuffled(game.cards.dungeon))
    adventurers = list(stream.shuffled(game.cards.adventurer_deck()))
    hidden = [i for i in range(len(adventurers)) if i // 2 != seat]  # (not its deal)
    deal = stream.u64()
    a = game.new_initial_state(seed=deal, setup={
        "dungeon": " ".join(map(str, dungeon)), "adventurers": " ".join(adventurers)})
    b = game.new_initial_state(seed=deal, setup={
        "dungeon": " ".join(map(str, redealt(dungeon, range(len(dungeon)), stream))),
        "adventurers": " ".join(redealt(adventurers, hidden, stream))})
    return a, b, seat


@pytest.mark.parametrize("seed", slow_after(1, range(5)))
def test_what_the_seat_did_not_see_changes_nothing_it_knows_or_does(seed):
    """Twin games: the same choices on two deals the seat cannot tell apart. While it sees the
    same in both (`alike`) and everything said at the table is the same (the log, which says
    only what everyone sees), so are its knowledge, its fillings and its choices, though the
    histories differ."""
    stream = Stream(seed)
    steps = differ = 0
    for _ in range(16):
        a, b, seat = twins(stream)
        bot = GreedyBot(stream.u64())
        while not a.over and alike(a, b, seat):
            assert knowledge(a, seat).facts() == knowledge(b, seat).facts()
            differ += history_of(a) != history_of(b)
            if a.current_player() == seat:
                assert fill_in(a, seat, steps) == fill_in(b, seat, steps)
                if steps % 10 == 0:
                    assert SamplingBot(steps).choose(a) == SamplingBot(steps).choose(b)
            steps += 1
            action = bot.choose(a)
            if action not in b.legal_actions():
                break
            said_a, said_b = [], []
            a, b = a.apply(action, said_a), b.apply(action, said_b)
            if said_a != said_b:
                break
    assert steps > 100 and differ > 50


def test_a_move_shows_its_card_only_to_the_seats_that_see_it():
    move = Moved(3, DECK, 1, seat_bit(1) | seat_bit(2))
    assert [seen_by(move, s).card for s in range(4)] == [None, 3, 3, None]
    assert {seen_by(move, s).kind for s in range(4)} == {"dungeon"}
    assert seen_by(Moved("Bard", 0, OPEN, EVERYONE), 3).card == "Bard"


def test_the_knowledge_is_the_same_for_the_same_position_and_read_on_the_same():
    memory = Memory()
    for state in game_states(40, 4):
        seat = state.current_player()
        assert memory.of(state, seat).facts() == knowledge(state, seat).facts()
        assert fill_in(state, seat, 3) == fill_in(state, seat, 3)
    other = next(game_states(41, 1))  # (another game: read from its start)
    assert memory.of(other, 0).facts() == knowledge(other, 0).facts()


@pytest.mark.slow
def test_a_position_without_a_history_is_known_by_its_view():
    for state in game_states(42, 2):
        seat = state.current_player()
        plain = replace(state, events=None)
        assert knowledge(plain, seat).facts() == from_view(state, seat).facts()
        hands, rewards = places_of(plain, seat)
        known = from_view(state, seat)
        assert admits(known.adventurers, hands) and admits(known.dungeon, rewards)


def test_a_filling_keeps_no_history_and_its_playouts_record_none():
    state = next(s for s in game_states(43, 1) if len(history_of(s)) > 30)
    filled = fill_in(state, state.current_player(), 1)
    assert filled.events is None and conserved(filled)
    assert filled.apply(filled.legal_actions()[0]).events is None
    assert history.after(state.apply(state.legal_actions()[0]).events, state.events) is not None


def test_a_taken_adventurer_is_dealt_to_its_taker_and_the_rest_in_proportion():
    """Two players, seat 2 about to play on its first turn; seat 1 put a card back at set-up
    and saw seat 2 take one from the row, and nothing else move into seat 2's hand: every
    filling gives seat 2 the card it took, and its other card each adventurer seat 1 has not
    seen as often as its share of them, never the one seat 1 put back (within a few points)."""
    for state in game_states(44, 40, players=2):
        moves = [e for e in history_of(state) if isinstance(e, Moved) and isinstance(e.card, str)]
        back = [e.card for e in moves if e.source == 0 and e.to == DECK]
        taken = [e.card for e in moves if e.source == OPEN and e.to == 1]
        into = [e for e in moves[4:] if e.to == 1 and e.source == DECK]  # (after the deal)
        if (state.turns == 1 and type(state.tasks[-1]).__name__ == "Play"
                and len(state.hands[1]) == 2
                and taken and taken[-1] in state.hands[1] and not into
                and back[0] in state.adventurers):
            break
    else:
        pytest.fail("no such position")
    unseen = Counter([*state.adventurers, *state.hands[1]])
    unseen -= Counter([taken[-1], back[0]])
    held, count = Counter(), 2000
    for s in range(count):
        rest = list(fill_in(state, 0, s).hands[1])
        rest.remove(taken[-1])
        held.update(rest)
    assert not held[back[0]] or back[0] in unseen
    for name, copies in unseen.items():
        assert abs(held[name] / count - copies / unseen.total()) < 0.03, name


@pytest.mark.slow
def test_what_a_pending_effect_shows_the_seat_stays_with_a_history():
    """As from the view alone (test_sampling.py): while the Clown's effect is chosen every
    revealed hand stays; while a Swordsman searches, its seat's dungeon deck keeps its cards."""
    clowns = searches = 0
    for state in game_states(45, 150, players=4):
        top, seat = state.tasks[-1], state.current_player()
        if isinstance(top, Copy) and top.copier == "Clown":
            assert all(f.hands == state.hands for f in fillings(state, seat, 3))
            clowns += 1
        elif isinstance(top, Ones) and top.pile == "deck":
            for filled in fillings(state, seat, 3):
                assert sorted(filled.dungeon) == sorted(state.dungeon)
                assert conserved(play(filled, f"ones {top.most}"))
            searches += 1
    assert clowns and searches
