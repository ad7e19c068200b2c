"""The session runner: seat seeds from one formula, bots and people in the seats, what people see
of a bot's hidden choices, the clock of a real-time game, stopping, and games that never end."""

from __future__ import annotations

import pytest

from dungeoneer.engine import registry, session
from dungeoneer.engine.protocol import ANY_PLAYER, Action, State
from dungeoneer.engine.rng import MAX_SEED
from tests.five_minute_dungeon.helpers import start as dungeon


def test_seat_seeds_are_pinned_and_stay_within_64_bits():
    assert [session.seat_seed(9, seat) for seat in range(4)] == [72, 73, 74, 75]
    assert session.seat_seed(MAX_SEED, 3) == (MAX_SEED * 8 + 3) % 2**64
    bots = session.seat_bots("dinky-dungeon", ["greedy", None, "human"], 9)
    assert bots[1] is None and bots[2] is None
    assert bots[0].stream.state == 72  # the bot in seat 1 is seeded with seat_seed(9, 0)


def test_a_bot_game_runs_to_its_end_and_lists_its_moves():
    game = registry.get_game("dinky-dungeon", {"players": "2"})
    seats = session.seat_bots("dinky-dungeon", ["greedy", "random"], 4)
    turns: list[session.Turn] = []
    heard: list[tuple[int, Action]] = []
    ending = session.start(game, 4, seats).run(on_turn=turns.append,
                                               on_action=lambda *pair: heard.append(pair))
    assert ending.state.is_terminal() and not ending.stopped
    assert ending.actions == len(turns) == len(ending.moves)
    assert heard == [(t.seat, t.action) for t in turns]
    assert [t.text() for t in turns] == list(ending.moves)
    assert all(t.before.current_player() == t.seat for t in turns)
    again = session.start(game, 4, session.seat_bots("dinky-dungeon", ["greedy", "random"], 4))
    assert again.run().moves == ending.moves  # the same seed, the same game


def test_a_person_is_asked_and_may_stop():
    game = registry.get_game("puzzle-dungeon")
    asked: list[int] = []

    def ask(state: State, seat: int) -> Action | None:
        asked.append(seat)
        return state.legal_actions()[0] if len(asked) < 3 else None

    ending = session.start(game, 42, [None], ask=ask).run()
    assert ending.stopped and ending.actions == 2 and asked == [0, 0, 0]
    assert ending.moves[0] == "deal"


def test_a_person_takes_moves_back_and_the_session_goes_on_from_there():
    game = registry.get_game("puzzle-dungeon")
    start = game.new_initial_state(seed=42)
    answers: list[Action | session.TakeBack | None] = [
        Action("deal"), Action("deal"), session.TakeBack(1), session.TakeBack(5),
        session.TakeBack(1), Action("deal"), None]
    seen: list[State] = []
    taken: list[int] = []

    def ask(state: State, seat: int) -> Action | session.TakeBack | None:
        seen.append(state)
        return answers.pop(0)

    running = session.start(game, 42, [None], ask=ask)
    ending = running.run(on_take_back=taken.append)
    assert taken == [1, 1, 0]  # as many as were played, then none left
    assert seen[3] == seen[1] and seen[4] == start and seen[5] is seen[4]
    assert ending.moves == ("deal",) and ending.state == start.apply(Action("deal"))
    assert running.before == [start]


def test_moves_of_a_real_time_game_are_not_taken_back():
    running = session.Session(dungeon(), [None], ask=lambda s, seat: None)
    with pytest.raises(ValueError, match="real-time"):
        running.take_back(1)


def test_people_see_a_bots_public_text_and_their_own_in_full():
    game = registry.get_game("dinky-dungeon", {"players": "2"})
    seats = session.seat_bots("dinky-dungeon", [None, "greedy"], 4)
    running = session.start(game, 4, seats, ask=lambda s, seat: s.legal_actions()[0])
    shown = []
    running.run(on_turn=lambda turn: shown.append((turn.by_person, running.shown(turn),
                                                   turn.text())))
    assert any(not person and public != full for person, public, full in shown)
    assert all(public == full for person, public, full in shown if person)


def test_a_persons_action_in_real_time_happens_at_the_clocks_reading():
    state = dungeon(dungeon=["Gorblin", "Steve"])
    choices = iter([next(a for a in state.legal_actions() if a.kind == "play"), None])
    running = session.Session(state, [None], ask=lambda s, seat: next(choices),
                              clock=session.FixedPace(2.5))
    turns: list[session.Turn] = []
    ending = running.run(on_turn=turns.append)
    assert ending.stopped and turns[0].seat == ANY_PLAYER
    assert turns[0].after.clock == 25 and ending.moves[0].startswith("2.5 seat ")


def test_past_the_time_limit_the_time_runs_out_instead():
    state = dungeon(dungeon=["Gorblin", "Steve"])
    play = next(a for a in state.legal_actions() if a.kind == "play")
    running = session.Session(state, [None], ask=lambda s, seat: play,
                              clock=session.FixedPace(301))
    turns: list[session.Turn] = []
    ending = running.run(on_turn=turns.append)
    assert turns[0].note == "Too late: the timer reads 301.0."
    assert ending.moves == ("300.0 time runs out",) and ending.state.is_terminal()


def test_a_game_that_does_not_end_is_an_error():
    game = registry.get_game("dinky-dungeon", {"players": "2"})
    seats = session.seat_bots("dinky-dungeon", ["random", "random"], 1)
    with pytest.raises(RuntimeError, match="did not end within 5 actions"):
        session.start(game, 1, seats).run(max_actions=5)


def test_the_seats_must_fit_the_game():
    game = registry.get_game("dinky-dungeon", {"players": "3"})
    with pytest.raises(ValueError, match="takes 3 seat holder"):
        session.start(game, 1, session.seat_bots("dinky-dungeon", ["greedy"], 1))
    with pytest.raises(ValueError, match="needs `ask`"):
        session.start(game, 1, [None, None, None])
