"""The full-rules kernel against the engine, on card sets of the abilities it plays
(tests/solver/kernel_cards.py): the same moves, the same successors (pending abilities
included), the same searches."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState
from dungeoneer.engine.puzzle_dungeon.board import Batch, Ctx, Frame, Trigger
from dungeoneer.engine.rng import Stream
from dungeoneer.solver.branches import branches
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.kernel import KernelDepthFirst
from dungeoneer.solver.lines import verify_line
from dungeoneer.solver.ordering import guided_order
from dungeoneer.solver.rules_kernel import (
    BATCH,
    CHOOSE_MODE,
    PAY,
    PICK_UP_TO,
    QUIET,
    RulesKernel,
    Spot,
    card_set_refusal,
    unsupported,
)
from dungeoneer.solver.search import (
    UNKNOWN,
    UNWINNABLE,
    WON,
    DepthFirst,
    plain_order,
)
from tests.conftest import slow_after
from tests.solver.kernel_cards import (
    card_game,
    write_cards,
    write_draw_cards,
    write_played_cards,
)
from tests.solver.random_cards import random_cards, random_position
from tests.solver.test_kernel import HEROES, armed, searched

CARD_SETS = ("draw", "played")


@pytest.fixture(scope="module")
def card_folders(tmp_path_factory: pytest.TempPathFactory):
    return {"draw": write_draw_cards(tmp_path_factory.mktemp("draw-cards")),
            "played": write_played_cards(tmp_path_factory.mktemp("played-cards"))}


def _ctx(source: int, column: int, subject: int) -> Ctx:
    return Ctx(source=source, column=column, subject=subject)


def engine_stack(spot: Spot) -> tuple[object, ...]:
    """The engine's pending abilities for the kernel's position."""
    stack: list[object] = []
    for program, pc, source, column, subject, waiting, flags, picks in spot.stack:
        triggers = tuple(Trigger(a, _ctx(s, c, x)) for a, s, c, x in waiting)
        if program == BATCH:
            stack.append(Batch(triggers))
        else:
            ctx = Ctx(source=source, column=column, subject=subject, picks=picks,
                      count=flags >> 1)
            stack.append(Frame(program, pc, ctx, triggers, bool(flags & 1)))
    return tuple(stack)


def same_position(kernel: RulesKernel, spot: Spot, state: PuzzleState) -> None:
    """The kernel's position is the engine's, field by field, pending abilities included."""
    assert (spot.columns, spot.arsenal, spot.hand, spot.deck, spot.discard, spot.kings,
            spot.exhausted, spot.collected) == (
        state.columns, state.arsenal, state.hand, state.deck, state.discard, state.kings,
        state.exhausted, state.collected)
    assert spot.dungeon == sum(1 << m for column in state.columns for m in column)
    assert kernel.position(spot).attached == state.attached
    assert engine_stack(spot) == state.stack
    assert (spot.decision == QUIET) == (not state.options)
    assert kernel.won(spot) == state.won()


def engine_branches(state: PuzzleState, canonical: Canonicalizer) -> list:
    """What the engine's search tries, a payment kept only when no earlier one spends as many
    arsenal cards, hand cards of the same classes (in the same order, where it counts) and the
    same weapons, whatever suits they match (what the kernel lists: such payments lead to the
    same position)."""
    expected = list(branches(state, canonical))
    if not state.options or state.options[0].kind != "pay":
        return expected
    signature = canonical.payment_signatures(state)
    seen, kept = set(), []
    for action in expected:
        payment = action.arg
        _arsenal, hand, _weapons = signature(payment)
        used = frozenset(monster for monster, _suits in payment.weapons)
        key = (len(payment.arsenal), tuple(kind for kind, _suit in hand), used)
        if key not in seen:
            seen.add(key)
            kept.append(action)
    return kept


def walk_both(state: PuzzleState, choices: list[int], path: list[Spot] | None = None,
              guided: bool = False) -> set[str]:
    """Play a game on the engine and the kernel side by side, taking the i-th move of each
    position's list from `choices`; every position's moves (in the guided order, if
    `guided`) and every successor compared, and keys equal exactly where the engine's are.
    Returns the kinds of decision met (and adds the positions of the game to `path`)."""
    kernel = RulesKernel(state, guided=guided)
    canonical = Canonicalizer(state.rules)
    spot = kernel.start()
    kinds = set()
    for choice in choices:
        if path is not None:
            path.append(spot)
        same_position(kernel, spot, state)
        moves = kernel.moves(spot)
        actions = [kernel.action(spot, m, state) for m in moves]
        expected = engine_branches(state, canonical)
        if guided and expected:
            expected = guided_order(state, tuple(expected))
        assert actions == expected
        if not moves:
            break
        kinds.add(actions[0].kind)
        keys = {}
        for move, action in zip(moves, actions, strict=True):
            child, after = kernel.child(spot, move), state.apply(action)
            assert isinstance(child, Spot)
            same_position(kernel, child, after)
            keys.setdefault(kernel.key(child), set()).add(canonical.key(after))
        assert all(len(engine_keys) == 1 for engine_keys in keys.values())
        assert len({k for engine_keys in keys.values() for k in engine_keys}) == len(keys)
        move = moves[choice % len(moves)]
        child = kernel.child(spot, move)
        assert isinstance(child, Spot)
        spot, state = child, state.apply(kernel.action(spot, move, state))
    return kinds


@given(cards=st.sampled_from(CARD_SETS), hero=st.sampled_from(HEROES),
       seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 50), min_size=40,
                                                      max_size=120))
@settings(max_examples=40, deadline=None)
def test_random_games_give_the_same_moves_and_successors(card_folders, cards, hero, seed,
                                                          choices):
    walk_both(card_game(card_folders[cards], hero).new_initial_state(seed=seed), choices)


@given(hero=st.sampled_from(HEROES), seed=st.integers(0, 2**32), armed_start=st.booleans(),
       choices=st.lists(st.integers(0, 50), min_size=30, max_size=90))
@settings(max_examples=25, deadline=None)
def test_the_guided_order_is_the_engines(hero, seed, armed_start, choices):
    """With `guided`, the moves come in the order the solver's depth-first search tries the
    engine's actions (`ordering.guided_order`): prey first, shallow columns first, payments
    spending the arsenal's front first."""
    state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
    walk_both(armed(state, seed) if armed_start else state, choices, guided=True)


@pytest.mark.parametrize("hero, seed", [(hero, 1000) for hero in HEROES])
def test_a_guided_search_visits_the_engines_positions(hero, seed):
    """The kernel's guided search is the solver's depth-first search (`DepthFirst`): the same
    verdict, positions and line."""
    state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
    found = searched(KernelDepthFirst(state, kernel=RulesKernel(state, guided=True)), 2000)
    assert found == searched(DepthFirst(state), 2000)


@given(hero=st.sampled_from(HEROES), seed=st.integers(0, 2**32),
       choices=st.lists(st.integers(0, 50), min_size=30, max_size=90))
@settings(max_examples=40, deadline=None)
def test_armed_positions_give_the_same_moves_and_successors(card_folders, hero, seed,
                                                           choices):
    """Half the monsters collected (every other one a Monster King, every other one
    exhausted): the abilities of collected Kings, and picks among many collected monsters,
    which games from the start reach only late."""
    state = armed(card_game(card_folders["played"], hero).new_initial_state(seed=seed), seed)
    exhausted = 0
    for i, monster in enumerate(m for m in range(64) if state.collected >> m & 1):
        if i % 2:
            exhausted |= 1 << monster
    walk_both(state.set(exhausted=exhausted), choices)


def test_the_walks_meet_every_kind_of_decision(card_folders):
    """(What the comparisons rely on: orders of abilities, yes or no, payments, picks of a
    monster, a card, a column and a pair of arsenal cards.)"""
    kinds: set[str] = set()
    for seed in range(48):
        folder = card_folders[CARD_SETS[seed // 8 % 2]]
        state = card_game(folder, HEROES[seed % 8]).new_initial_state(seed=seed)
        kinds |= walk_both(state, [seed * 7 + i for i in range(150)])
    assert kinds == {"deal", "attack", "pay", "resolve", "yes", "monster", "card", "column",
                     "swap"}


def test_a_collected_king_draws_when_a_king_is_revealed(card_folders):
    """The Witch's King face, collected: 'While this Monster King is collected, when a Monster
    King is revealed, draw a card.' (an ability on an event that random games seldom reach)."""
    game = card_game(card_folders["played"], "Rogue")
    witch = game.cards.monster_named("Witch").id
    assert game.king_abilities[witch]["king_revealed"]
    revealed = 0
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        columns = tuple(column.replace(bytes((witch,)), b"") for column in state.columns)
        state = state.set(columns=columns, collected=1 << witch, kings=1 << witch)
        path: list[Spot] = []
        walk_both(state, [seed * 5 + i for i in range(150)], path)
        revealed += sum(after.kings.bit_count() > before.kings.bit_count()
                        for before, after in pairwise(path))
    assert revealed >= 3


def test_a_collected_king_readies_the_monster_collected(tmp_path):
    """The Haunted Armor's King face, collected: 'While this Monster King is collected, when
    you collect a monster, ready it.' (the only ability of the card set), on monsters
    exhausted in the dungeon (every column's front), with every card in hand so that they can
    be attacked."""
    text = "While this Monster King is collected, when you collect a monster, ready it."
    folder = write_cards(tmp_path, lambda abilities: [a for a in abilities if a["text"] == text],
                         lambda abilities: [])
    game = card_game(folder, "Rogue")
    armor = game.cards.monster_named("Haunted Armor").id
    readied = 0
    for seed in range(4):
        state = game.new_initial_state(seed=seed)
        columns = tuple(column.replace(bytes((armor,)), b"") for column in state.columns)
        fronts = sum(1 << column[-1] for column in columns if column)
        every = (1 << len(game.cards.arsenal)) - 1
        state = state.set(columns=columns, collected=1 << armor, kings=1 << armor,
                          exhausted=fronts, hand=every, arsenal=b"", deck=b"", discard=b"")
        path: list[Spot] = []
        walk_both(state, [1 + seed] * 12, path)
        readied += sum((before.exhausted & ~after.exhausted).bit_count()
                       for before, after in pairwise(path))
    assert readied >= 2


def test_a_discard_of_two_cards_keeps_its_first_pick(tmp_path):
    """'Loot: Discard two cards.' (every Loot ability made that): the first card picked waits
    in the ability's picks while the second is asked for, and is keyed with it."""
    def two_discards(abilities: list[dict]) -> list[dict]:
        return [{**a, "text": "Loot: Discard two cards.",
                 "effect": [{"op": "discard", "count": 2}]}
                for a in abilities if a["trigger"] == "loot"]
    folder = write_cards(tmp_path, two_discards, lambda abilities: [])
    picked = 0
    for seed in range(6):
        state = card_game(folder, HEROES[seed % 8]).new_initial_state(seed=seed)
        path: list[Spot] = []
        walk_both(state, [seed + i for i in range(80)], path)
        picked += sum(1 for spot in path for frame in spot.stack if frame[7])
    assert picked >= 3


def test_hand_cards_are_paid_in_every_order_while_the_discard_order_counts(card_folders):
    """'Draw the top card of the discard pile' (the Banshee's Loot) reads the pile's order
    while the Banshee is in the dungeon: payments then offer their hand cards in every order
    of classes (D18), as the engine's do."""
    game = card_game(card_folders["played"], "Rogue")
    assert game.discard_order.read
    ordered = 0
    for seed in range(8):
        state = card_game(card_folders["played"], HEROES[seed]).new_initial_state(seed=seed)
        kernel = RulesKernel(state)
        path: list[Spot] = []
        walk_both(state, [seed * 3 + i for i in range(150)], path)
        ordered += sum(1 for spot in path if spot.payments and spot.decision == PAY
                       and any(code >> kernel.order_shift for code in spot.payments))
    assert ordered >= 5


def test_shuffles_draw_from_the_stream_as_the_engines_do(card_folders):
    """Shuffles (a column, the dungeon, cards into the deck) draw from the game's stream,
    which the kernel's positions carry and key; 'up to' picks offer done."""
    shuffled = up_to = 0
    for seed in range(8):
        state = card_game(card_folders["played"], HEROES[seed]).new_initial_state(seed=seed)
        path: list[Spot] = []
        walk_both(state, [seed * 3 + i for i in range(150)], path)
        shuffled += sum(before.stream != after.stream for before, after in pairwise(path))
        up_to += sum(spot.decision == PICK_UP_TO for spot in path)
    assert shuffled >= 10
    assert up_to >= 3


@pytest.mark.parametrize("hero, seed", [("Skull Alchemist", 4), ("Skull Warrior", 2)])
def test_a_search_starts_where_set_up_left_abilities_pending(card_folders, hero, seed):
    """Set up's draws and deals fire abilities ('When you draw a 0, discard a card.', 'When
    you deal an 8, discard it.'), which may still wait for the player when the game begins:
    the kernel starts from that decision, as the engine does."""
    state = card_game(card_folders["played"], hero).new_initial_state(seed=seed)
    assert state.options
    walk_both(state, [seed + i for i in range(60)])
    found = searched(KernelDepthFirst(state, kernel=RulesKernel(state)), 3000)
    assert found == searched(DepthFirst(state, order=plain_order), 3000)


@pytest.mark.parametrize("cards", CARD_SETS)
@pytest.mark.parametrize("hero, seed", slow_after(3, [(h, s) for s in (1000, 1003)
                                                     for h in HEROES]))
def test_a_search_visits_as_many_positions_as_the_engines(card_folders, cards, hero, seed):
    state = card_game(card_folders[cards], hero).new_initial_state(seed=seed)
    found = searched(KernelDepthFirst(state, kernel=RulesKernel(state)), 3000)
    assert found == searched(DepthFirst(state, order=plain_order), 3000)
    if found[1]:
        assert verify_line(state, found[1]).won()


@pytest.mark.parametrize("hero", HEROES)
def test_the_kernel_plays_every_built_in_ability_of_the_base_game(hero):
    assert card_set_refusal(PuzzleDungeon(hero=hero)) == ""


EXTRAS = ("Battlesnake", "Overseer", "Mold Demon")
"""The example monsters a game may add to the monster deck."""


@given(hero=st.sampled_from(HEROES), seed=st.integers(0, 2**32), armed_start=st.booleans(),
       choices=st.lists(st.integers(0, 50), min_size=30, max_size=100))
@settings(max_examples=15, deadline=None)
def test_games_with_the_extras_give_the_same_moves_and_successors(hero, seed, armed_start,
                                                                  choices):
    """The extras' abilities: 'reveal a Battlesnake-type Monster King' (a monster picked),
    'reveal the back Monster King of any column', the Overseer's 'shuffle this monster into any
    column with the most cards to trigger any other collected monster's Loot'."""
    state = PuzzleDungeon(hero=hero, extras=EXTRAS).new_initial_state(seed=seed)
    walk_both(armed(state, seed) if armed_start else state, choices)


def test_the_walks_with_the_extras_meet_their_steps():
    """(What the comparison above relies on: the Overseer returns to the dungeon, and a
    collected monster's Loot is triggered again.)"""
    returned = 0
    for seed in range(12):
        state = PuzzleDungeon(hero=HEROES[seed % 8], extras=EXTRAS).new_initial_state(seed=seed)
        path: list[Spot] = []
        walk_both(armed(state, seed), [seed * 3 + i for i in range(120)], path)
        returned += sum(1 for before, after in pairwise(path)
                        if before.collected & ~after.collected)
    assert returned >= 2


TRAPS_TREASURES = ("Owner's Manual", "Rope Snare", "Cursed Lantern", "Bear Trap",
                   "Blood Chalice")
"""The Traps & Treasures cards."""


def traps_treasures_game(hero: str, faces: list[int]) -> PuzzleDungeon:
    """A game with each of `TRAPS_TREASURES` set up as a Trap (0), a Treasure (1) or not at
    all (2), by `faces`."""
    faced = list(zip(TRAPS_TREASURES, faces, strict=True))
    return PuzzleDungeon(hero=hero, traps=[name for name, face in faced if face == 0],
                         treasures=[name for name, face in faced if face == 1])


@given(hero=st.sampled_from(HEROES), seed=st.integers(0, 2**32), armed_start=st.booleans(),
       faces=st.lists(st.integers(0, 2), min_size=5, max_size=5),
       choices=st.lists(st.integers(0, 50), min_size=30, max_size=100))
@settings(max_examples=30, deadline=None)
def test_games_with_traps_and_treasures_give_the_same_moves_and_successors(
        hero, seed, armed_start, faces, choices):
    """Traps set off by a defeat of their type, flipping to Treasures when the type is gone;
    Treasures set off by a defeat or used as an action, then removed from the game."""
    state = traps_treasures_game(hero, faces).new_initial_state(seed=seed)
    walk_both(armed(state, seed) if armed_start else state, choices)


def test_the_walks_with_traps_and_treasures_meet_them():
    """(What the comparison above relies on: Treasures used, Traps flipped, modes chosen and
    a 'for each' block repeated (Owner's Manual: 'For each Treasure in the dungeon, draw a
    card or shuffle any column.'), from positions with half the monsters collected.)"""
    met = [0, 0, 0, 0]
    for seed in range(12):
        game = traps_treasures_game(HEROES[seed % 8], [1, seed % 2, (seed + 1) % 2, 0, 1])
        path: list[Spot] = []
        walk_both(armed(game.new_initial_state(seed=seed), seed),
                  [seed * 3 + i for i in range(150)], path)
        met = [a + b for a, b in zip(met, traps_treasures_met(path), strict=True)]
    used, flipped, modes, repeated = met
    assert used >= 3
    assert flipped >= 3
    assert modes >= 3
    assert repeated >= 1


def traps_treasures_met(path: list[Spot]) -> tuple[int, int, int, int]:
    """Along a game's positions: the Treasures used, the Traps flipped, the modes chosen and
    the positions inside a 'for each' block with repetitions left."""
    used = sum(1 for before, after in pairwise(path) if len(after.tt[2]) > len(before.tt[2]))
    flipped = sum(1 for before, after in pairwise(path) if len(after.tt[0]) < len(before.tt[0]))
    modes = sum(1 for spot in path if spot.decision == CHOOSE_MODE)
    repeated = sum(1 for spot in path for frame in spot.stack if frame[6] >> 1 > 1)
    return used, flipped, modes, repeated


def late_attach_cards(folder: Path, status: str) -> Path:
    """The built-in cards with every Loot ability made 'Attach the first dealt Torch card to
    this hero' (as `status`): 'the first dealt' card looked for after set up, by identity."""
    def late_attach(abilities: list[dict]) -> list[dict]:
        return [{**a, "text": f"Loot: Attach the first dealt Torch card to this hero as a "
                 f"{status}.", "effect": [{"op": "attach_first_dealt", "suit": "Torch",
                                           "status": status}]}
                for a in abilities if a["trigger"] == "loot"]
    return write_cards(folder, late_attach, lambda abilities: [])


def test_the_first_dealt_card_looked_for_after_set_up(tmp_path):
    """Set up's deals never change, so the kernel reads them off the root; every card is its
    own class for such a card set (`canonical.coverage`)."""
    game = card_game(late_attach_cards(tmp_path, "wizard"), "Rogue")
    attached = 0
    for seed in range(16):  # (seeds 10 and 15 deal two Torch cards at set up)
        state = game.new_initial_state(seed=seed)
        path: list[Spot] = []
        walk_both(state, [seed + i for i in range(100)], path)
        attached += sum(1 for spot in path if spot.attached)
    assert attached >= 3


@pytest.mark.parametrize("seed", slow_after(6, list(range(40))))
def test_random_card_sets_give_the_same_moves_and_successors(seed, tmp_path):
    """The soundness tests' random card sets (every op, `may`, `one_of`, values in the middle
    of a suit, sometimes a Trap & Treasure) on their small positions, in both orders."""
    cards = random_cards(seed, tmp_path / "cards")
    walked = 0
    for place in range(3):
        try:
            state = random_position(cards, seed * 10 + place)
        except RuntimeError:  # (abilities that trigger each other for ever: not a game)
            continue
        assert unsupported(state) == ""
        stream = Stream(seed * 10 + place)
        walk_both(state, [stream.below(50) for _ in range(60)], guided=place == 1)
        walked += 1
    assert walked


def test_the_kernel_refuses_what_it_does_not_play(tmp_path):
    """An attachment of a status other than a wizard's."""
    game = card_game(late_attach_cards(tmp_path, "guard"), "Rogue")
    assert "does not play" in card_set_refusal(game)
    assert "core" in unsupported(PuzzleDungeon(hero="Rogue", core=True).new_initial_state(seed=1))


def late_position(game: PuzzleDungeon, seed: int, deck: int) -> PuzzleState:
    """The first quiet position of a random game (moves drawn from `seed`) whose deck holds at
    most `deck` cards, or the start when the game ends before."""
    state = game.new_initial_state(seed=seed)
    stream = Stream(seed)
    while not state.is_terminal():
        if not state.options and len(state.deck) <= deck:
            return state
        actions = state.legal_actions()
        state = state.apply(actions[stream.below(len(actions))])
    return game.new_initial_state(seed=seed)


LATE = [("played", 10)] + [(cards, seed) for seed in range(40) for cards in CARD_SETS
                          if (cards, seed) != ("played", 10)]
"""Late positions (card set, seed); the first's search is won."""


@pytest.mark.parametrize("cards, seed", slow_after(12, LATE))
def test_late_positions_searched_agree_with_the_engine(card_folders, cards, seed):
    """Positions late in random games, most small enough to search whole: the same verdict,
    the same number of positions (so keys that merge as the engine's), the same winning line,
    which replays."""
    state = late_position(card_game(card_folders[cards], HEROES[seed % 8]), seed, deck=6)
    found = searched(KernelDepthFirst(state, kernel=RulesKernel(state)), 15_000)
    assert found == searched(DepthFirst(state, order=plain_order), 15_000)
    if found[1]:
        assert verify_line(state, found[1]).won()


def test_most_late_positions_are_searched_whole(card_folders):
    """(What the comparison above relies on: most of its searches end, with both verdicts;
    the discard pile's order, which the played cards' 'draw the top card of the discard pile'
    makes a choice, keeps some of them from ending within its budget.)"""
    verdicts = []
    for cards, seed in LATE[:12]:
        state = late_position(card_game(card_folders[cards], HEROES[seed % 8]), seed, deck=6)
        verdicts.append(searched(KernelDepthFirst(state, kernel=RulesKernel(state)),
                                 15_000)[0])
    assert verdicts[0] == WON
    assert UNWINNABLE in verdicts
    assert len([v for v in verdicts if v != UNKNOWN]) >= 7
