"""Every documented limit, on both sides: the five-minute timer (300.0 s), the hand sizes and hand
limit, the end-of-game targets and thresholds. A rule written `>` where it should read `>=` (or
a limit off by one) fails here, at the limit itself, where a test from further away would pass.
"""

from __future__ import annotations

import pytest

from dungeoneer.engine import session
from dungeoneer.engine.dinky_dungeon import DinkyDungeon
from dungeoneer.engine.errors import IllegalActionError
from dungeoneer.engine.five_minute_dungeon.clock import LIMIT, format_time
from dungeoneer.engine.five_more_minutes.effects import HAND_LIMIT
from dungeoneer.engine.protocol import TERMINAL, Action, State
from tests.dinky_dungeon.helpers import play as dinky_play
from tests.dinky_dungeon.helpers import table
from tests.five_minute_dungeon.helpers import legal as dungeon_legal
from tests.five_minute_dungeon.helpers import play as dungeon_play
from tests.five_minute_dungeon.helpers import start as dungeon
from tests.five_more_minutes.helpers import legal as fmm_legal
from tests.five_more_minutes.helpers import play as fmm_play
from tests.five_more_minutes.helpers import position

# ----------------------------------------------------------------------------- 300.0 s


def a_person_acting_at(reading: int) -> tuple[tuple[str, ...], str]:
    """The moves and the note of a person who plays the first card at timer `reading` (tenths
    of a second) in a fresh 5-Minute Dungeon run."""
    state = dungeon(dungeon=["Gorblin", "Steve"])
    card = next(a for a in state.legal_actions() if a.kind == "play")
    asked: list[State] = []

    def ask(now: State, seat: int) -> Action | None:
        asked.append(now)
        return card if len(asked) == 1 else None

    running = session.Session(state, [None], ask=ask,
                              clock=session.FixedPace(reading / 10))
    notes: list[str] = []
    ending = running.run(on_turn=lambda turn: notes.append(turn.note))
    return ending.moves, notes[0]


def test_a_persons_action_at_exactly_300_0_happens():
    moves, note = a_person_acting_at(LIMIT)
    assert note == "" and moves[0].startswith("300.0 seat 1 play ")


def test_a_persons_action_a_tenth_past_300_0_is_too_late():
    moves, note = a_person_acting_at(LIMIT + 1)
    assert note == "Too late: the timer reads 300.1." and moves == ("300.0 time runs out",)


def test_a_recorded_action_at_300_0_is_legal_and_at_300_1_it_is_not():
    start = dungeon(dungeon=["Gorblin", "Steve"])
    card = next(text for text in dungeon_legal(start) if " play " in text)
    at_limit = dungeon_play(start, f"{format_time(LIMIT)} {card}")
    assert at_limit.clock == LIMIT
    with pytest.raises(IllegalActionError, match=r"time ran out at 300\.0"):
        dungeon_play(start, f"{format_time(LIMIT + 1)} {card}")


def test_the_time_runs_out_at_300_0_and_at_no_other_reading():
    start = dungeon(dungeon=["Gorblin", "Steve"])
    ended = dungeon_play(start, "300.0 time runs out")
    assert ended.is_terminal()
    for early_or_late in ("299.9", "300.1"):
        with pytest.raises(IllegalActionError, match=r"time runs out at 300\.0"):
            dungeon_play(start, f"{early_or_late} time runs out")


# ----------------------------------------------------------------------------- hand sizes


@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 4), (4, 3), (5, 3)])
def test_each_hand_is_dealt_to_the_starting_size_and_no_further(players, size):
    """5-Minute Dungeon, Setting Up: "2 players 5 cards; 3 players 4 cards; 4, 5 or 6 players 3
    cards" (five is the most the box seats)."""
    state = dungeon(players=players)
    assert [len(hand) for hand in state.hands] == [size] * players
    assert all(len(deck) > 0 for deck in state.decks)  # the size is a choice, not a shortage


@pytest.mark.parametrize(("held", "discards"), [(HAND_LIMIT, False), (HAND_LIMIT + 1, True)])
def test_the_hand_limit_asks_for_a_discard_only_above_three(held, discards):
    """5 More Minutes, B - Play Dream Cards: "At the end of this phase, if you have more than 3
    cards in your hand, you must discard until you have 3." """
    hand = ["Coffee", "Snoring", "Lucid Dream", "Dream Eater"][:held]
    # Without yellow chips no card can be paid for: phase B ends at once, at the hand limit.
    state = position(hands=[hand], stages=[3, 1], step="play", yellow=[0, 0])
    asked = state.current_player() == 0 and fmm_legal(state)[0].startswith("discard ")
    assert asked == discards
    if discards:
        after = fmm_play(state, "discard Coffee")
        assert len(after.hands[0]) == HAND_LIMIT and after.current_player() == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_dinky_row_holds_four_adventurers(players):
    """Dinky Dungeon, Setup: "Draw four cards from the adventurer deck and place them face up in
    a row"; step 3 of a turn refills it "back up to four"."""
    state = DinkyDungeon(players).new_initial_state(seed=players)
    while state.legal_actions()[0].kind == "keep":
        state = state.apply(state.legal_actions()[0])
    assert len(state.row) == 4
    taken = state.apply(state.legal_actions()[0])
    assert len(taken.row) == 3
    while taken.active == 0:
        taken = taken.apply(taken.legal_actions()[0])
    assert len(taken.row) == 4


# ----------------------------------------------------------------------------- targets


@pytest.mark.parametrize(("players", "target"), [(2, 20), (3, 18), (4, 16)])
@pytest.mark.parametrize("short", [0, 1])
def test_a_dinky_game_ends_at_the_target_and_not_a_point_before(players, target, short):
    """Dinky Dungeon, Game End A: "A player's total reward value reaches the specified number of
    points" (2 players: 20, 3: 18, 4: 16), checked at the end of a turn. The Scapegoat draws the
    two Lv. 1 cards on top of the dungeon deck; the rewards before it are two short of the
    target (or three)."""
    before = target - 2 - short
    rewards = [4] * (before // 4) + ([before % 4] if before % 4 else [])
    state = table(players=players, hands=[["Scapegoat"]], rewards=[rewards],
                  row=["Fighter", "Bard", "Monk", "Lord"], dungeon=[1, 1, 1, 2, 2, 3])
    state = dinky_play(state, "take Fighter", "play Scapegoat")
    assert sum(state.rewards[0]) == target - short
    assert state.is_terminal() == (short == 0)
    assert (state.current_player() == TERMINAL) == (short == 0)


@pytest.mark.parametrize(("players", "threshold"), [(2, 4), (3, 4), (4, 3), (6, 3)])
@pytest.mark.parametrize("short", [0, 1])
def test_the_end_check_rolls_from_the_threshold_of_blue_chips(players, threshold, short):
    """5 More Minutes, D - Check Game End: "If you have 3 or more blue pieces you must roll the
    die. [...] In 2 or 3 player games, roll the final die with 4 or more blue chips." The roll
    here is a 6: the game ends when the check rolls at all."""
    chips = [2, 2, 3, 3][:threshold - short]
    # Nothing to play, and stage 3 advances without a roll: the end check comes at once.
    state = position(players=players, hands=[[]], stages=[3] + [1] * (players - 1),
                     blue=[chips], step="play", yellow=[0] * players, rolls=[6])
    assert state.is_terminal() == (short == 0)
