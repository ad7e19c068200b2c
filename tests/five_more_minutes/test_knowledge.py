"""What a 5 More Minutes seat knows of the cards and blue chips it cannot see (information.py):
the true position and every filling are ones its knowledge allows, every card and chip is
somewhere exactly once in a filling, what it saw happen (a card taken from its hand,
a card drawn back from the used cards, a deck made of the used cards, a chip given or taken in a
trade, a chip put under the pile) is kept, fillings are uniform over what it allows, the same
for a seed, and the history changes no game."""

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from dungeoneer.engine import registry
from dungeoneer.engine.five_more_minutes import FiveMoreMinutes
from dungeoneer.engine.five_more_minutes.bots import GreedyBot, SamplingFiveBot, fill_in
from dungeoneer.engine.five_more_minutes.effects import LucidDraw, LucidDream, SetAside, Used
from dungeoneer.engine.five_more_minutes.history import (
    ASIDE,
    BLUE,
    DECK,
    DREAM,
    EVERYONE,
    OPEN,
    PILE,
    SPECIAL,
    START,
    UNDER,
    Link,
    Moved,
    after,
    events,
    seat_bit,
    seen_by,
)
from dungeoneer.engine.five_more_minutes.information import (
    Memory,
    face,
    faces,
    from_view,
    knowledge,
    set_aside,
)
from dungeoneer.engine.rng import Stream, derived_seed
from dungeoneer.engine.session import seat_seed, start

VARIANTS = ["standard", "rookie", "expert", "nightmare", "expert,nightmare"]


def game_states(seed, games, players=None, variant=None):
    """Every state of `games` games of greedy and random choices (more greedy), with two to six
    players and any variant (or the ones given)."""
    stream = Stream(seed)
    for _ in range(games):
        game = FiveMoreMinutes(players or stream.below(5) + 2, variant or stream.choice(VARIANTS))
        state = game.new_initial_state(seed=stream.u64())
        bot = GreedyBot(stream.u64())
        while not state.over:
            yield state
            actions = state.legal_actions()
            state = state.apply(bot.choose(state) if stream.below(3) else stream.choice(actions))


def places_of(state, seat):
    """Where the things `seat` cannot see truly lie: dream cards in the other hands and the
    deck, special cards in the deck, blue chips (by face) in the other seats' chips, the pile
    and set aside (the pile as one place: the order of its bottom is checked apart)."""
    others = [p for p in range(state.game.players) if p != seat]
    kinds = state.game.kinds
    dream = {p: Counter(state.hands[p]) for p in others}
    dream[DECK] = Counter(c for c in state.deck if not kinds[c].special)
    special = {DECK: Counter(c for c in state.deck if kinds[c].special)}
    blue = {p: faces(state.blue[p]) for p in others}
    blue[PILE] = faces(state.blue_pile)
    blue[ASIDE] = faces(set_aside(state))
    return dream, special, blue


def pile_places(known):
    """The knowledge's pile places merged into one (its top and each chip under it)."""
    return lambda place: PILE if place == PILE or place <= UNDER else place


def admits(pools, places, merge=lambda place: place):
    """Whether the things at `places` (place: bag) are a deal of `pools` (their places merged by
    `merge`): each pool's things at its places in its numbers (a small integer program)."""
    model = cp_model.CpModel()
    x = {}
    for i, pool in enumerate(pools.pools):
        for place, count in pool.counts.items():
            for card, n in pool.cards.items():
                x[i, place, card] = model.NewIntVar(0, min(count, n), "")
            model.Add(sum(x[i, place, card] for card in pool.cards) == count)
        for card, n in pool.cards.items():
            model.Add(sum(x[i, place, card] for place in pool.counts) == n)
    hidden = Counter()
    for pool in pools.pools:
        for place, count in pool.counts.items():
            hidden[merge(place)] += count
    if any(hidden[p] != places.get(p, Counter()).total() for p in set(hidden) | set(places)):
        return False
    for place, bag in places.items():
        for card in set(bag) | {k[2] for k in x if merge(k[1]) == place}:
            model.Add(sum(v for k, v in x.items() if (merge(k[1]), k[2]) == (place, card))
                      == bag[card])
    return cp_model.CpSolver().Solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def allowed(state, seat, known):
    """Whether `state` is a position `known` (the seat's knowledge) allows: every kind's things
    a deal of its pools, and the chips under the pile at its bottom, in their order."""
    dream, special, blue = places_of(state, seat)
    if not (admits(known.dream, dream) and admits(known.special, special)):
        return False
    if known.blue is None:
        return True
    if not admits(known.blue, blue, pile_places(known)):
        return False
    bottom = state.blue_pile[len(state.blue_pile) - len(known.under):]
    return all(face(chip) in known.blue.possible(place)
               for chip, place in zip(bottom, known.under, strict=True))


def conserved(state):
    """Every card and every blue chip somewhere exactly once."""
    game = state.game
    cards = [*state.deck, *state.discard, *(t.card for t in state.tasks if isinstance(t, Used)),
             *(c for h in state.hands for c in h)]
    chips = [*state.blue_pile, *set_aside(state), *(c for b in state.blue for c in b)]
    return sorted(cards) == sorted(game.deck_cards()) and sorted(chips) == sorted(
        game.blue_chips)


def filled_consistently(state, filled, seat, known):
    """Whether `filled` keeps what `seat` sees and knows: its view, every count, every card and
    chip once, no special card in a hand, the cards drawn for a Lucid Dream in their drawer's
    hand, and a deal its knowledge allows."""
    kinds = state.game.kinds
    return (filled.view(seat) == state.view(seat) and conserved(filled)
            and [len(h) for h in filled.hands] == [len(h) for h in state.hands]
            and [len(b) for b in filled.blue] == [len(b) for b in state.blue]
            and len(filled.blue_pile) == len(state.blue_pile)
            and not any(kinds[c].special for h in filled.hands for c in h)
            and all(not Counter(t.drawn) - Counter(filled.hands[t.seat]) for t in filled.tasks
                    if isinstance(t, LucidDraw | LucidDream))
            and allowed(filled, seat, known))


# ----------------------------------------------------------------------------- consistency

plays = st.tuples(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 2**32),
                  st.sampled_from(VARIANTS))


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(plays)
def test_the_true_position_and_every_filling_are_ones_the_seat_knows_of(play):
    """Random legal play, every seat at a few states of each game: the true position is one
    its knowledge allows, and so is a filling, which keeps every count and every card and chip
    exactly once."""
    players, seed, choices, variant = play
    stream = Stream(choices)
    state = FiveMoreMinutes(players, variant).new_initial_state(seed=seed)
    checked = 0
    while not state.over:
        if stream.below(8) == 0:
            for seat in range(players):
                known = knowledge(state, seat)
                assert allowed(state, seat, known)
                filled = fill_in(state, seat, stream.u64(), known)
                assert filled_consistently(state, filled, seat, known)
                checked += 1
        state = state.apply(stream.choice(state.legal_actions()))
    assert checked or state.turns < 12


@pytest.mark.slow
def test_every_filling_of_greedy_games_is_consistent_for_every_seat():
    checked = 0
    stream = Stream(3)
    for state in game_states(3, 12):
        if stream.below(12):
            continue
        for seat in range(state.game.players):
            known = knowledge(state, seat)
            filled = fill_in(state, seat, stream.u64(), known)
            assert filled_consistently(state, filled, seat, known)
            checked += 1
    assert checked > 150


def test_the_check_finds_a_filling_the_seat_knows_is_wrong():
    # (the checks above can fail: a card the seat knows is in another hand, swapped into the
    # deck for one it does not know of)
    for state in game_states(4, 30, players=3, variant="standard"):
        known = knowledge(state, 0)
        for p in (1, 2):
            for card in sorted(known.dream.certain(p)):
                other = next((c for c in state.deck if c != card
                              and not state.game.kinds[c].special), None)
                if other is None or Counter(state.hands[p])[card] > known.dream.certain(p)[card]:
                    continue
                hand = list(state.hands[p])
                hand.remove(card)
                deck = list(state.deck)
                deck.remove(other)
                wrong = replace(state, hands=(*state.hands[:p], tuple(sorted([*hand, other])),
                                              *state.hands[p + 1:]), deck=(*deck, card))
                assert allowed(state, 0, known) and not allowed(wrong, 0, known)
                return
    pytest.fail("no card known to be in another hand")


# ----------------------------------------------------------------------------- scenarios

def after_event(test, games=60, players=4, variant="standard", seed=30):
    """States of games right after an event `test` picks out (the last of their history), with
    that event."""
    found = []
    for state in game_states(seed, games, players, variant):
        event = state.events.event
        if event is not None and test(event) and not (found and found[-1][0].events
                                                      is state.events):
            found.append((state, event))
    assert found
    return found


def fillings(state, seat, count=8):
    return [fill_in(state, seat, s) for s in range(count)]


@pytest.mark.slow
def test_a_card_taken_from_the_seats_hand_is_in_the_takers_hand():
    """F7, Dream Eater: "Pick a card from another player's hand." The victim sees which card
    it lost; the taker holds it until it plays or discards it, in every filling of the victim's;
    a third player sees only that a card moved."""
    taken = after_event(lambda e: e.kind == DREAM and e.source >= 0 and e.to >= 0)
    for state, (_, card, victim, taker, _) in taken:
        assert card in knowledge(state, victim).dream.certain(taker)
        assert all(card in f.hands[taker] for f in fillings(state, victim))
        outsider = next(s for s in range(4) if s not in (victim, taker))
        assert seen_by(state.events.event, outsider).thing is None


@pytest.mark.slow
def test_a_card_drawn_back_from_the_used_cards_is_in_the_drawers_hand():
    """Recurring Dream: "Draw a discarded card at your choice." Everyone sees which: it is in
    the drawer's hand in every other seat's fillings."""
    drawn = after_event(lambda e: e.kind == DREAM and e.source == OPEN and e.to >= 0, games=80)
    for state, (_, card, _, drawer, _) in drawn:
        for seat in range(4):
            if seat != drawer:
                assert all(card in f.hands[drawer] for f in fillings(state, seat, 4))


@pytest.mark.slow
def test_a_deck_made_of_the_used_cards_holds_only_those_cards():
    """A, note *: "If there are no cards left in the dream card deck, shuffle the used cards and
    place them facing down again." Right after, every seat's fillings deal the deck and the
    other hands from those cards and the ones held before; a filling from the view alone often
    puts a card from another hand into the deck instead."""
    checked = wrong_from_view = 0
    for state in game_states(31, 40, players=4, variant="standard"):
        made = [e for e in after(state.events, None)[-30:]
                if e.source == OPEN and e.to == DECK]
        if not made or (state.events.event not in made and not _refilled_just_now(state)):
            continue
        bag = Counter(e.thing for e in made)
        for seat in range(4):
            for filled in fillings(state, seat, 3):
                assert not Counter(filled.deck) - bag
            plain = fill_in(replace(state, events=None), seat, 0)
            wrong_from_view += bool(Counter(plain.deck) - bag)
        checked += 1
    assert checked > 3 and wrong_from_view


def _refilled_just_now(state):
    """Whether the last events of the history are the used cards made into the deck, and at
    most the card drawn from it."""
    last = state.events
    if last.event is not None and last.event.source == DECK:
        last = last.previous
    return last.event is not None and last.event.source == OPEN and last.event.to == DECK


def test_a_chip_given_in_a_trade_is_with_its_receiver():
    """F8, Hallucinations: the chip you give in trade, of your choice, is with the receiver in
    every filling of yours; a third player sees only that a chip moved."""
    given = after_event(lambda e: e.kind == BLUE and e.source >= 0 and e.to >= 0, games=120)
    for state, (_, chip, giver, receiver, _) in given:
        assert all(face(chip) in map(face, f.blue[receiver]) for f in fillings(state, giver))
        outsider = next(s for s in range(4) if s not in (giver, receiver))
        assert seen_by(state.events.event, outsider).thing is None


@pytest.mark.slow
def test_a_chip_taken_in_a_trade_is_known_to_have_left_its_owner():
    """F8: the chip taken blind is set aside until the trade is done; its owner sees which it
    lost, and while it is set aside every filling of the owner's has it there."""
    taken = after_event(lambda e: e.kind == BLUE and e.to == ASIDE, games=120)
    checked = 0
    for state, (_, chip, owner, _, _) in taken:
        if any(isinstance(t, SetAside) for t in state.tasks):
            assert all(set_aside(f) == [chip] or face(set_aside(f)[0]) == face(chip)
                       for f in fillings(state, owner))
            checked += 1
    assert checked


@pytest.mark.slow
def test_a_chip_put_under_the_pile_is_at_its_bottom_with_its_value():
    """F9, Sleepwalker: the chip its target gives back goes under the pile for its value in
    yellow chips; when the center paid its whole value everyone knows that value, and every
    filling of every seat keeps a chip of it at the bottom of the pile."""
    under = after_event(lambda e: e.kind == BLUE and e.to == UNDER, games=200)
    checked = 0
    for state, (_, chip, victim, _, seen) in under:
        for seat in range(4):
            if seen == EVERYONE or seat == victim:
                assert all(face(f.blue_pile[-1]) == face(chip) for f in fillings(state, seat, 4))
                checked += 1
    assert checked


@pytest.mark.slow
def test_a_special_card_is_never_dealt_to_a_hand():
    """Special cards: "If you add these cards to your hand, you have to play them
    immediately." Every seat sees one drawn; the fillings keep them in the deck."""
    for state in game_states(32, 6, players=4, variant="standard"):
        for seat in range(4):
            kinds = state.game.kinds
            assert not any(kinds[c].special for f in fillings(state, seat, 1)
                           for h in f.hands for c in h)
    moves = [e for e in events(state.events) if e.kind == SPECIAL]
    assert all(e.seen == EVERYONE and OPEN in (e.source, e.to) for e in moves)


def test_a_move_shows_its_thing_only_to_the_seats_that_see_it():
    move = Moved(DREAM, "Coffee", DECK, 1, seat_bit(1) | seat_bit(2))
    assert [seen_by(move, s).thing for s in range(4)] == [None, "Coffee", "Coffee", None]
    assert {seen_by(move, s).kind for s in range(4)} == {DREAM}
    assert seen_by(Moved(BLUE, (3, 0), 0, UNDER, EVERYONE), 3).thing == (3, 0)


# ----------------------------------------------------------------------------- distribution

@pytest.mark.slow
def test_fillings_are_uniform_over_the_deals_the_seat_allows():
    """Four players, right after seat 2 took a card from seat 1's hand with a Dream Eater: every
    filling of seat 1's gives seat 2 that card, and each of seat 2's other cards is each dream
    card seat 1 has not seen as often as its share of them (within a bound that fails for a
    filling that favours any card by 3 points)."""
    for state, (_, card, victim, taker, _) in after_event(
            lambda e: e.kind == DREAM and e.source >= 0 and e.to >= 0, seed=33):
        known = knowledge(state, victim)
        if (len(state.hands[taker]) >= 2 and known.dream.certain(taker) == Counter([card])
                and len(known.dream.pools) == 2):
            break
    else:
        pytest.fail("no such position")
    unseen = next(p for p in known.dream.pools if not p.only_at(taker)).cards
    held, count = Counter(), 3000
    for s in range(count):
        rest = list(fill_in(state, victim, s, known).hands[taker])
        rest.remove(card)
        held.update(rest)
    slots = count * (len(state.hands[taker]) - 1)
    for name, copies in unseen.items():
        assert abs(held[name] / slots - copies / unseen.total()) < 0.03, name
    assert set(held) <= set(unseen)


def test_which_twos_are_dark_is_uniform():
    """Outside the Nightmare variant nothing tells a dark 2 from another: a filling makes as
    many of the 2s it deals dark as the seat does not hold, each 2 as likely as another to be
    one (the share of dark ones among the 2s at each place the same, within a bound)."""
    state = next(s for s in game_states(34, 1, players=4, variant="standard") if s.turns > 8)
    twos, dark = Counter(), Counter()
    for s in range(1000):
        filled = fill_in(state, 0, s)
        for place, chips in [*((p, filled.blue[p]) for p in (1, 2, 3)),
                             (PILE, filled.blue_pile)]:
            twos[place] += sum(c[0] == 2 for c in chips)
            dark[place] += sum(c[1] for c in chips)
        assert sum(c[1] for b in filled.blue for c in b) + sum(
            c[1] for c in filled.blue_pile) == 5
    unseen = [c for p in (1, 2, 3) for c in state.blue[p]] + list(state.blue_pile)
    share = sum(c[1] for c in unseen) / sum(c[0] == 2 for c in unseen)
    for place in twos:
        if twos[place] > 300:
            assert abs(dark[place] / twos[place] - share) < 0.06, place
    assert twos[PILE] > 300


# ----------------------------------------------------------------------------- determinism

@pytest.mark.slow
def test_the_same_seed_gives_the_same_filling_and_memory_reads_the_same():
    memory = Memory()
    for state in game_states(40, 3, players=4, variant="standard"):
        seat = state.current_player()
        assert memory.of(state, seat).facts() == knowledge(state, seat).facts()
        assert fill_in(state, seat, 3) == fill_in(state, seat, 3)
        assert fill_in(state, seat, 3).stream == fill_in(state, seat, 3).stream
    other = next(game_states(41, 1))  # (another game: read from its start)
    assert memory.of(other, 0).facts() == knowledge(other, 0).facts()


@pytest.mark.slow
def test_the_sampling_bot_chooses_the_same_for_the_same_seed():
    states = [s for s in game_states(42, 2, players=4, variant="standard")
              if max(map(len, s.blue)) >= 2][:30]
    assert states
    for state in states:
        assert SamplingFiveBot(5).choose(state) == SamplingFiveBot(5).choose(state)


@pytest.mark.slow
def test_a_position_without_a_history_is_known_by_its_view():
    for state in game_states(43, 2, players=3):
        seat = state.current_player()
        plain = replace(state, events=None)
        assert knowledge(plain, seat).facts() == from_view(state, seat).facts()
        assert allowed(state, seat, from_view(state, seat))


# ----------------------------------------------------------------------------- the history

def test_a_history_is_linked_and_each_state_adds_only_its_own_moves():
    """The history is a linked list: a state's history goes on from its predecessor's, sharing
    it (a move adds one record, the game stays linear in its length)."""
    previous = None
    for state in game_states(44, 2, players=4):
        if previous is not None and previous.events is not None:
            new = after(state.events, previous.events)
            if new is not None:
                assert len(new) < 12
        previous = state
    assert events(START) == [] and isinstance(state.events, Link)


def test_a_filling_keeps_no_history_and_its_playouts_record_none():
    state = next(s for s in game_states(45, 1, players=4) if len(events(s.events)) > 30)
    filled = fill_in(state, state.current_player(), 1)
    assert filled.events is None
    assert filled.apply(filled.legal_actions()[0]).events is None


PINNED = {  # (players, variant): winners, scores and turns of five greedy games, from main
    (4, "standard"): [((0,), (9, 8, 7, 6), 56), ((2,), (5, 2, 9, 4), 54),
                      ((0,), (10, 2, 8, 8), 76), ((2,), (7, 8, 9, 5), 46),
                      ((1,), (8, 10, 3, 5), 49)],
    (2, "standard"): [((0,), (12, 12), 31), ((1,), (9, 11), 25), ((1,), (15, 17), 41),
                      ((1,), (6, 13), 23), ((0,), (18, 5), 36)],
    (3, "expert"): [((0,), (11, 11, 8), 55), ((1,), (9, 11, 6), 37), ((1,), (4, 11, 8), 46),
                    ((0,), (12, 8, 9), 36), ((0,), (12, 6, 8), 45)],
    (5, "nightmare"): [((0,), (8, 7, 3, 2, 4), 65), ((3,), (0, 3, 2, 7, 3), 28),
                       ((0,), (9, 8, 2, 5, 5), 45), ((0,), (11, 6, 6, 6, 5), 45),
                       ((3,), (6, 2, 5, 9, 3), 48)],
    (6, "expert,nightmare"): [((4,), (3, 6, 0, 7, 9, 4), 40), ((3,), (6, 5, 4, 9, 6, 6), 105),
                              ((5,), (8, 7, 10, 9, 10, 10), 138),
                              ((4,), (8, 6, 4, 9, 11, 7), 83), ((2,), (7, 6, 11, 4, 7, 3), 74)],
    (4, "rookie"): [((3,), (4, 9, 2, 9), 45), ((2,), (3, 4, 10, 6), 38),
                    ((0,), (10, 7, 8, 5), 40), ((3,), (6, 4, 7, 8), 30),
                    ((3,), (6, 6, 5, 7), 35)],
}


@pytest.mark.parametrize(("players", "variant"), sorted(PINNED))
def test_the_history_changes_no_game(players, variant):
    """Keeping the history changes no choice: greedy games of the session runner end with the
    outcomes pinned from the engine as it was without one."""
    game = registry.get_game("five-more-minutes", {"players": str(players), "variant": variant})
    found = []
    for i in range(5):
        seed = derived_seed(2027, i)
        seats = [registry.make_bot("five-more-minutes", "greedy", seat_seed(seed, s))
                 for s in range(players)]
        end = start(game, seed, seats).run(keep_moves=False)
        outcome = end.state.outcome()
        found.append((outcome.winners, outcome.scores, end.state.turns))
    assert found == PINNED[players, variant]


def test_a_state_with_or_without_its_history_plays_the_same():
    stream = Stream(46)
    for state in game_states(46, 2, players=4):
        action = stream.choice(state.legal_actions())
        plain = replace(state, events=None)
        assert plain == state and plain.apply(action) == state.apply(action)


def masked(history, seat):
    """`history` with every card or chip `seat` did not see replaced by another of its kind."""
    moves = events(history)
    link = START
    for move in moves:
        thing = move.thing
        if not move.seen >> seat & 1:
            thing = (9, 9) if move.kind == BLUE else "Nothing"
        link = Link(move.kind, thing, move.source, move.to, move.seen, link)
    return link


def test_what_the_seat_did_not_see_changes_nothing_it_knows():
    """The knowledge reads each move as the seat saw it: a history whose unseen cards and chips
    are other ones gives the same knowledge, and the same fillings."""
    stream = Stream(47)
    checked = 0
    for state in game_states(47, 6):
        if stream.below(10):
            continue
        seat = stream.below(state.game.players)
        other = replace(state, events=masked(state.events, seat))
        assert knowledge(other, seat).facts() == knowledge(state, seat).facts()
        assert fill_in(other, seat, checked) == fill_in(state, seat, checked)
        checked += 1
    assert checked > 20
