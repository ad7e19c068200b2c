"""5 More Minutes' table for people: whole screens at 80 columns for a few positions,
each decision spelt out, hidden information kept hidden, and a 6-player table that fits a
24-line terminal with its actions."""

from __future__ import annotations

import io
import statistics
from dataclasses import replace

import pytest
from rich.console import Console

from dungeoneer.cli import render
from dungeoneer.engine import session
from dungeoneer.engine.five_more_minutes import FiveMoreMinutes, FiveState
from dungeoneer.engine.five_more_minutes.effects import (
    LucidDraw,
    LucidDream,
    Roll,
    SetAside,
    Target,
)
from dungeoneer.engine.five_more_minutes.screen import draw
from tests.five_more_minutes.helpers import legal, play, position


def shown(state: FiveState, seat: int | None = None, *, reveal: bool = False) -> str:
    """The screen's text at 80 columns, as a terminal shows it (trailing blanks dropped)."""
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(draw(state, seat, reveal=reveal))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def test_a_bonus_choice_spells_out_both_bonuses():
    state = position(players=3, hands=[["Coffee"], ["Snoring", "Dream Eater"]], pink=[0, 2, 1],
                     yellow=[1, 0, 3], blue=[[2, 3], [4]])
    assert shown(state, 0) == """\
5 More Minutes, 3 players: turn 1, seat 1's turn
Seat     Stage             Pink  Yellow  Blue     Cards
▸ 1 you  1 Falling asleep     0       1  2+3 = 5  1 card
  2      1 Falling asleep     2       0  1 chip   2 cards
  3      1 Falling asleep     1       3  -        -
Your hand: Coffee
Deck 29 cards; center: 6 pink, 17 yellow, 30 blue; end check at 4 blue chips.
Used cards: -
Seat 1 (you), A - Receive Bonus at stage 1 (Falling asleep): choose one
  bonus A: receive 1 card and 1 pink chip
  bonus B: receive 1 card and 1 yellow chip"""
    assert legal(state) == ["bonus A", "bonus B"]  # (the notation is unchanged)


@pytest.mark.parametrize(("stage", "a", "b"), [
    (2, "receive 2 cards", "receive 1 yellow chip"),
    (4, "receive 2 yellow chips", "receive 1 card"),
    (5, "receive 1 blue chip and 1 card", "receive 1 blue chip and 1 pink chip"),
])
def test_each_stage_names_its_bonuses(stage, a, b):
    """A - Receive Bonus: "Stage 2: Light dream - Bonus A: Receive 2 dream cards - Bonus B:
    Receive 1 yellow chip", and so on."""
    lines = shown(position(stages=[stage, 1]), 0).splitlines()
    assert lines[-2:] == [f"  bonus A: {a}", f"  bonus B: {b}"]


def test_a_roll_says_what_it_is_for_and_where_each_choice_leads():
    state = position(pink=[2], step="play", rolls=[3])
    assert shown(state, 0) == """\
5 More Minutes, 2 players: turn 1, seat 1's turn
Seat     Stage             Pink  Yellow  Blue  Cards
▸ 1 you  1 Falling asleep     2       0  -     -
  2      1 Falling asleep     0       0  -     -
Your hand: -
Deck 32 cards; center: 7 pink, 21 yellow, 33 blue; end check at 4 blue chips.
Used cards: -
Seat 1 (you) rolled 3. C - Advance Stage from stage 1: 4 or less go to stage 2,
5 or more to stage 4. Discard X pink chips (2 held) to add or subtract X:
  stage 2: keep (3), pink +1 (4), pink -1 (2), pink -2 (1)
  stage 4: pink +2 (5)"""


def test_the_second_stages_roll_can_be_turned_either_way():
    text = shown(position(stages=[2, 1], pink=[1], step="play", rolls=[2]), 0)
    assert ("rolled 2. C - Advance Stage from stage 2: 1 proceeds to stage 3, 2 or more advance "
            "to stage 4.") in " ".join(text.split())
    assert text.splitlines()[-2:] == ["  stage 4: keep (2), pink +1 (3)",
                                      "  stage 3: pink -1 (1)"]


def test_the_play_step_lists_the_hand_with_each_cards_text():
    state = position(players=4, stages=[2, 4, 5, 1], yellow=[2], step="play",
                     hands=[["Sleep Paralysis", "5 More Minutes", "Pleasant Sleep"], [],
                            ["5 More Minutes"]], blue=[[3], [2], [4, 4]])
    assert shown(state, 0) == """\
5 More Minutes, 4 players: turn 1, seat 1's turn
Seat     Stage             Pink  Yellow  Blue     Cards
▸ 1 you  2 Light dream        0       2  3        3 cards
  2      4 Deep dream         0       0  1 chip   -
  3      5 REM dream          0       0  2 chips  1 card
  4      1 Falling asleep     0       0  -        -
Deck 28 cards; center: 9 pink, 19 yellow, 29 blue; end check at 3 blue chips.
Used cards: -
Seat 1 (you), B - Play Dream Cards (cost: yellow chips) or end:
  Sleep Paralysis (2): Force another player to return to stage 1.
  also held: 5 More Minutes (anytime), Pleasant Sleep (3)"""
    assert legal(state) == ["play Sleep Paralysis", "end"]

    target = play(state, "play Sleep Paralysis")
    assert shown(target, 0).splitlines()[-3:] == [
        "Used cards: -",
        "Seat 1 (you), Sleep Paralysis: force another player to return to stage 1:",
        "  target 2 (stage 4), target 3 (stage 5), target 4 (stage 1)"]

    answer = play(target, "target 3")  # seat 3 holds a 5 More Minutes: its choice
    assert shown(answer, 2).splitlines()[-4:] == [
        "Seat 3 (you) is to return to stage 1 from stage 5:",
        "  avoid: play your 5 More Minutes (Anytime: Avoid returning to stage 1) and stay",
        "  at stage 5",
        "  accept: return to stage 1"]
    # Seat 1 sees that seat 3 must answer, not seat 3's hand or blue values.
    assert shown(answer, 0).splitlines()[-1] == "Seat 3 is to return to stage 1 from stage 5"
    assert "4+4" not in shown(answer, 0) and "4+4 = 8" in shown(answer, 2)


def test_the_end_check_and_the_table_at_the_end():
    state = position(players=4, stages=[3, 2, 1, 5], blue=[[2, 3, 4], [2]],
                     hands=[[], ["Coffee"]], pink=[1, 0, 0, 1], step="play", rolls=[6])
    assert shown(state, 0).splitlines()[-4:] == [
        "Seat 1 (you) rolled 6. D - Check Game End: if the result is 6 the game ends.",
        "Discard X pink chips (1 held) to add or subtract X:",
        "  the game ends: keep (6)",
        "  the game goes on: pink +1 (7), pink -1 (5)"]
    over = play(state, "keep")
    # The end (and a replay): every hand and every blue value, no decision.
    assert shown(over) == """\
5 More Minutes, 4 players: turn 1, the game is over
Seat  Stage             Pink  Yellow  Blue       Cards
  1   4 Deep dream         1       0  2+3+4 = 9  -
  2   2 Light dream        0       0  2          1 card
  3   1 Falling asleep     0       0  -          -
  4   5 REM dream          1       0  -          -
Hands by seat: 1 -; 2 Coffee; 3 -; 4 -
Deck 31 cards; center: 7 pink, 21 yellow, 29 blue; end check at 3 blue chips.
Used cards: -"""


def test_reveal_adds_the_deck_order_and_the_registry_draws_the_table():
    state = position(deck=["Coffee", "Snoring", "Lucid Dream"])
    assert shown(state, reveal=True).splitlines()[-4] == \
        "Deck, top first: Coffee, Snoring, Lucid Dream"
    assert "Deck, top first" not in shown(state)
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(render.state_view(state, seat=0))
    assert console.export_text().startswith("5 More Minutes, 2 players: turn 1")


# ----------------------------------------------------------------------------- hidden information

def hidden_changed(state: FiveState, seat: int) -> FiveState:
    """The state with everything `seat` may not know changed: the other hands (the same number
    of cards), the other blue values (the same number of chips), the cards another drew for a
    Lucid Dream, the chip taken in a Hallucinations trade, the deck's order and the face-down
    blue chips of the center."""
    hands = tuple(h if p == seat else ("Dream Control",) * len(h)
                  for p, h in enumerate(state.hands))
    blue = tuple(b if p == seat else ((4, 0),) * len(b) for p, b in enumerate(state.blue))
    tasks = tuple(t if t.seat == seat else
                  replace(t, drawn=("Dream Control",) * len(t.drawn))
                  if isinstance(t, LucidDream | LucidDraw) else
                  replace(t, chip=(4, 0)) if isinstance(t, SetAside) else t
                  for t in state.tasks)
    return replace(state, hands=hands, blue=blue, tasks=tasks, deck=state.deck[::-1],
                   blue_pile=((3, 0),) * len(state.blue_pile), legal=None)


def decisions_of_games(players: int, variant: str, seeds: range) -> list[FiveState]:
    """The first state of each kind of decision, for each seat that takes it, in bot games."""
    found: dict[tuple, FiveState] = {}
    for seed in seeds:
        state = FiveMoreMinutes(players, variant).new_initial_state(seed=seed)
        bots = session.seat_bots("five-more-minutes", ["greedy", "random"] * 3, seed)
        while not state.is_terminal():
            task = state.decision
            found.setdefault((task.NAME, task.PURPOSE if isinstance(task, Roll | Target)
                              else None, task.seat), state)
            state = state.apply(bots[state.current_player()].choose(state))
    return list(found.values())


@pytest.mark.slow
def test_a_seat_never_sees_another_seats_hand_or_blue_values():
    states = decisions_of_games(3, "nightmare", range(4))
    kinds = {s.decision.NAME for s in states}
    assert {"bonus", "play", "modify", "target", "lucid", "give_blue"} <= kinds, kinds
    for state in states:
        for seat in range(state.game.players):
            assert shown(hidden_changed(state, seat), seat) == shown(state, seat), (
                f"seat {seat + 1} sees hidden information at {state.tasks[-1]}")
    # And the test can tell: a replay shows it all.
    assert any(shown(hidden_changed(s, 0)) != shown(s) for s in states)


def test_the_cards_and_values_named_are_the_viewers_own():
    state = position(players=3, hands=[["Coffee"], ["Sleepwalker", "Lucid Dream"]],
                     blue=[[2], [4, 4]])
    mine, theirs = shown(state, 0), shown(state, 1)
    assert "Sleepwalker" not in mine and "Lucid Dream" not in mine and "4+4" not in mine
    assert "Your hand: Coffee" in mine and "2 chips" in mine
    assert "Your hand: Lucid Dream, Sleepwalker" in theirs and "4+4 = 8" in theirs
    assert "Coffee" not in theirs


# ----------------------------------------------------------------------------- size

@pytest.mark.slow
def test_a_six_player_table_fits_80_columns_and_mostly_24_lines_with_its_actions():
    """Every screen seat 1 sees in three 6-player bot games fits 80 columns; with the prompt and
    the numbered actions under it (one a line, as `play` lists them) almost all fit 24 lines,
    the usual one well within."""
    heights = []
    for seed in range(3):
        state = FiveMoreMinutes(6).new_initial_state(seed=seed)
        bots = session.seat_bots("five-more-minutes", ["greedy"] * 6, seed)
        while not state.is_terminal():
            if state.current_player() == 0:
                lines = shown(state, 0).splitlines()
                assert max(len(line) for line in lines) <= 80, "\n".join(lines)
                heights.append(len(lines) + len(state.legal_actions()) + 3)
            state = state.apply(bots[state.current_player()].choose(state))
    assert sum(h <= 24 for h in heights) >= 0.95 * len(heights)
    assert statistics.median(heights) <= 21
