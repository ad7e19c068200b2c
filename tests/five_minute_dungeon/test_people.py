"""People at the terminal: the short codes of the legal actions (`screen.shortcuts`; `1 arrow`,
any unique prefix such as `1ar`), the questions a shared code asks, and the ticking prompt's
time running out inside a session. No terminal and no real time: answers come from a script, the
clock is fake."""

import io

from rich.console import Console

from dungeoneer.cli import render
from dungeoneer.cli.choosing import Found, TimeIsUp, choose, find
from dungeoneer.cli.play import person_at_terminal
from dungeoneer.cli.prompt import TickingPrompt
from dungeoneer.engine import registry, session
from dungeoneer.engine.five_minute_dungeon.screen import draw, shortcuts
from dungeoneer.engine.protocol import Termination
from tests.five_minute_dungeon.helpers import legal, play, start

PLAIN = ["Sword", "Jump", "Arrow", "Shield", "Scroll"]
MORE = ["Shield", "Shield", "Scroll", "Scroll", "Sword"]


def seed_3():
    """The deal of `dungeoneer play five-minute-dungeon --seed 3`: seat 1 Barbarian holds
    Arrow, Arrow, Jump, Jump, Scroll; seat 2 Wizard Jump, Scroll+Scroll, Shield, Sword, Sword;
    they face A Warrior Princess."""
    return registry.get_game("five-minute-dungeon", {}).new_initial_state(seed=3)


def codes(state):
    """Each legal action's text -> its code."""
    return {state.action_text(s.action): s.code for s in shortcuts(state)}


def chosen(state, *answers, numbered=False):
    """The action text `choose` makes of scripted answers, and what it said on the way."""
    said, script = [], list(answers)

    def read(label, typed):
        if not script:
            raise AssertionError(f"asked {label!r} once more; said {said}")
        answer = script.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    action = choose(state, read, said.append, label="move", shortcuts=shortcuts(state),
                    numbered=numbered)
    assert not script, f"answers left over: {script}"
    return (None if action is None else state.action_text(action)), said


def found(state, typed):
    return sorted(state.action_text(s.action) for s in find(typed, shortcuts(state)).options)


# ----------------------------------------------------------------------------- the codes


def test_a_code_is_the_seat_and_the_card_or_ability():
    state = seed_3()
    assert codes(state) == {
        "seat 1 play Arrow at A Warrior Princess": "1 arrow",
        "seat 1 play Jump at A Warrior Princess": "1 jump",
        "seat 1 play Scroll at A Warrior Princess": "1 scroll",
        "seat 2 play Jump at A Warrior Princess": "2 jump",
        "seat 2 play Scroll+Scroll at A Warrior Princess": "2 scroll+scroll",
        "seat 2 play Shield at A Warrior Princess": "2 shield",
        "seat 2 play Sword at A Warrior Princess": "2 sword",
        **{text: "2 stop-time" for text in legal(state) if "Stop Time" in text}}
    assert "time runs out" in legal(state)  # it loses the run: typed in full, never a code


def test_a_code_stays_the_same_after_another_seats_move():
    """Why codes: a numbered list shifts after a move (a card drawn goes in above), so people
    in a hurry play the wrong card; the codes of the cards still there do not change."""
    before = seed_3()
    after = play(before, "seat 1 play Arrow at A Warrior Princess")  # seat 1 draws Divine Shield
    shield = "seat 2 play Shield at A Warrior Princess"
    assert legal(before).index(shield) != legal(after).index(shield)  # its number moved
    kept = set(codes(before)) & set(codes(after))
    assert shield in kept and len(kept) == len(codes(before))
    assert all(codes(before)[text] == codes(after)[text] for text in kept)
    assert codes(after)["seat 1 play Divine Shield"] == "1 divine-shield"


def test_the_list_shows_each_code_once_by_seat():
    listed = render.shortcut_list(shortcuts(seed_3()), 80).plain.splitlines()
    assert listed == [
        "Seat 1 Barbarian  1 arrow  1 jump  1 scroll",
        "Seat 2 Wizard     2 jump  2 scroll+scroll  2 shield  2 sword  2 stop-time (7)"]
    narrow = render.shortcut_list(shortcuts(seed_3()), 40).plain.splitlines()
    assert all(len(line) <= 40 for line in narrow)
    assert "                  2 stop-time (7)" in narrow  # a code is never split


def test_any_unique_prefix_in_any_case_and_spacing():
    state = seed_3()
    for typed in ("1ar", "1 AR", "1arrow", " 1  Arrow "):
        assert found(state, typed) == ["seat 1 play Arrow at A Warrior Princess"], typed
    assert found(state, "2scroll+") == ["seat 2 play Scroll+Scroll at A Warrior Princess"]
    assert find("2s", shortcuts(state)).message == \
        "'2s' could be 2 scroll+scroll, 2 shield, 2 sword or 2 stop-time"
    assert find("1x", shortcuts(state)).message.startswith("seat 1 has no code starting 'x'")
    assert find("3ar", shortcuts(state)).message == "seat 3 has no code now"


def test_a_bare_seat_number_never_plays():
    state = seed_3()
    only = shortcuts(state)[:1]  # even where the seat has one code
    assert find("1", only) == Found(message="seat 1: which? 1 arrow")
    assert find("", shortcuts(state)).options == ()


def test_a_message_names_a_few_choices_at_most():
    message = find("2st xyz", shortcuts(seed_3())).message
    assert message.startswith("2 stop-time: nothing matches 'xyz' (discarding Jump, ")
    assert message.endswith("; and 1 more)")


def test_a_whole_key_wins_over_longer_ones():
    state = start(dungeon=["Gorblin"], decks={1: ["Sword", "Sword+Arrow", *PLAIN[1:4], *MORE]})
    assert found(state, "1 sword") == ["seat 1 play Sword at Gorblin"]
    assert found(state, "1 sword+") == ["seat 1 play Sword+Arrow at Gorblin"]


def test_an_ability_named_like_a_card_has_a_code_of_its_own():
    """The Paladin's Smite is an ability and a card."""
    state = start(heroes="Paladin, Wizard", dungeon=["Gorblin"],
                  decks={1: ["Smite", *PLAIN[:4], *MORE]})
    assert codes(state)["seat 1 play Smite at Gorblin"] == "1 smite"
    uses = {code for text, code in codes(state).items() if text.startswith("seat 1 use")}
    assert uses == {"1 smite-ability"}
    assert found(state, "1smite") == ["seat 1 play Smite at Gorblin"]


def test_the_table_says_the_time_at_the_last_action_and_paused():
    """The live time is the prompt's; the table's header has the reading of the last action,
    and PAUSED while the timer stands still."""
    state = seed_3()
    header = draw(state).plain.splitlines()[0]
    assert header == "5-Minute Dungeon, 2 players, boss 1 Baby Barbarian; timer 0.0 (300.0 s left)"
    paused = play(state, "4.0 seat 2 use Stop Time discarding Jump, Shield, Sword")
    assert draw(paused).plain.splitlines()[0].endswith("timer 4.0 (296.0 s left, PAUSED)")


# ----------------------------------------------------------------------------- choosing


def test_a_code_plays_its_card_and_the_record_keeps_the_notation():
    state = seed_3()
    text, said = chosen(state, "1ar")
    assert text == "seat 1 play Arrow at A Warrior Princess" and not said
    action = state.parse_action(text)
    assert state.action_text(action) == text  # the notation, not the code


def test_the_notation_still_works_and_numbers_where_the_list_is_numbered():
    state = seed_3()
    assert chosen(state, "seat 2 play Sword")[0] == "seat 2 play Sword at A Warrior Princess"
    assert chosen(state, "12.5 seat 2 play Sword")[0] == \
        "12.5 seat 2 play Sword at A Warrior Princess"  # a time first is no seat number
    assert chosen(state, "7", numbered=True)[0] == legal(state)[6]
    # Where codes replace the numbers, a bare number is a seat: it asks, it plays nothing.
    text, said = chosen(state, "1", "1sc")
    assert text == "seat 1 play Scroll at A Warrior Princess"
    assert said == ["[red]seat 1: which? 1 arrow, 1 jump or 1 scroll[/red]"]


def test_a_prefix_that_could_be_several_codes_asks_again():
    text, said = chosen(seed_3(), "2s", "2sh")
    assert text == "seat 2 play Shield at A Warrior Princess"
    assert "could be 2 scroll+scroll, 2 shield, 2 sword or 2 stop-time" in said[0]


def test_a_shared_code_asks_which_by_letter_or_word():
    state = start(dungeon=["Ambush!", "The Rat King", "Gorblin"],
                  decks={1: [*PLAIN, *MORE], 2: [*PLAIN, *MORE]})
    assert state.faced == ("The Rat King", "Gorblin")
    text, said = chosen(state, "1sw", "b")
    assert text == "seat 1 play Sword at Gorblin"
    assert said == ["[bold]1 sword[/bold] at which? (a letter or words of it; empty: back)",
                    "  a) The Rat King", "  b) Gorblin"]
    assert chosen(state, "1sw", "rat")[0] == "seat 1 play Sword at The Rat King"
    # The choice may follow the code at once: no question then.
    assert chosen(state, "1sw gor") == ("seat 1 play Sword at Gorblin", [])
    assert chosen(state, "1 sword the")[0] == "seat 1 play Sword at The Rat King"


def test_an_ability_takes_its_three_cards_in_any_order():
    state = seed_3()
    wanted = "seat 2 use Stop Time discarding Jump, Shield, Sword"
    assert chosen(state, "2 stop jump shield sword") == (wanted, [])
    assert chosen(state, "2st sw ju sh") == (wanted, [])
    # Two cards narrow the seven ways to three; the third picks one.
    text, said = chosen(state, "2st sh sw", "ju")
    assert text == wanted and said[0].startswith("[bold]2 stop-time[/bold] discarding which?")
    assert said[1:] == ["  a) Jump, Shield, Sword", "  b) Scroll+Scroll, Shield, Sword",
                        "  c) Shield, Sword, Sword"]
    assert chosen(state, "2st", "sword sword shield")[0] == \
        "seat 2 use Stop Time discarding Shield, Sword, Sword"
    # What the question says is the code's, not the choices left: they may share a card.
    text, said = chosen(state, "2st ju", "sh", "sw")
    question = "[bold]2 stop-time[/bold] discarding which? (a letter or words of it; empty: back)"
    assert text == wanted and said == [
        question, "  a) Jump, Scroll+Scroll, Shield", "  b) Jump, Scroll+Scroll, Sword",
        "  c) Jump, Shield, Sword", "  d) Jump, Sword, Sword",
        question, "  a) Jump, Scroll+Scroll, Shield", "  b) Jump, Shield, Sword"]


def test_a_question_can_be_left_for_another_code():
    state = seed_3()
    assert chosen(state, "2st", "", "1ar")[0] == "seat 1 play Arrow at A Warrior Princess"
    assert chosen(state, "2st", "1ar")[0] == "seat 1 play Arrow at A Warrior Princess"
    text, said = chosen(state, "2st", "q")
    assert text is None and said[0].startswith("[bold]2 stop-time[/bold]")


def test_events_and_decisions_have_codes_too():
    locked = start(dungeon=["Locked Door!", "Gorblin"],
                   decks={1: [*PLAIN, *MORE], 2: ["Cancel", *PLAIN[:4], *MORE]})
    assert codes(locked)["seat 2 play Cancel"] == "2 cancel"
    assert {codes(locked)[t] for t in legal(locked) if t.startswith("team")} == {"resolve"}
    assert chosen(locked, "r sc")[0] == "team resolve Locked Door! naming Scroll"
    assert chosen(locked, "2c")[0] == "seat 2 play Cancel"
    trap = start(dungeon=["Trap Door", "Gorblin"], decks={1: [*PLAIN, *MORE]})
    assert trap.prompt() == "Seat 1: discard 3 more cards"
    assert chosen(trap, "1ju")[0] == "seat 1 discard Jump"


def test_q_or_no_answer_stops():
    assert chosen(seed_3(), "q") == (None, [])
    assert chosen(seed_3(), None) == (None, [])


def test_the_time_running_out_while_choosing_is_the_games_action():
    assert chosen(seed_3(), TimeIsUp())[0] == "time runs out"
    assert chosen(seed_3(), "2st", TimeIsUp())[0] == "time runs out"


# ----------------------------------------------------------------------------- a session


def test_the_time_runs_out_at_the_ticking_prompt_without_a_key():
    """People type, nobody presses Enter, the five minutes pass: the prompt stops waiting and
    the run is lost on time, as the rules say, recorded at 300.0."""
    now = [1000.0]
    clock = session.RealClock(now=lambda: now[0])

    def keys(timeout):
        now[0] += 60  # a minute goes by at each wait for keys
        return "1a"

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80, color_system=None)
    ask = person_at_terminal(console, False, ticking=TickingPrompt(console, keys), clock=clock)
    ending = session.Session(seed_3(), [None], ask=ask, clock=clock).run()
    assert ending.moves == ("300.0 time runs out",)
    assert ending.state.outcome().termination is Termination.LOST
    shown = out.getvalue()
    assert "Time is up!" in shown and " 0.0 s left  move> 1a1a1a1a1a" in shown
    assert " 240.0 s left " in shown and "1 arrow  1 jump  1 scroll" in shown


def test_a_code_at_the_ticking_prompt_plays_at_the_clocks_reading():
    now = [1000.0]
    clock = session.RealClock(now=lambda: now[0])
    script = ["", "1ar\r"]

    def keys(timeout):
        now[0] += 6.25
        return script.pop(0) if script else "\x04"  # then Ctrl-D: stop

    console = Console(file=io.StringIO(), force_terminal=True, width=80, color_system=None)
    ask = person_at_terminal(console, False, ticking=TickingPrompt(console, keys), clock=clock)
    ending = session.Session(seed_3(), [None], ask=ask, clock=clock).run()
    assert ending.stopped and ending.moves == ("12.5 seat 1 play Arrow at A Warrior Princess",)
    assert not ending.state.is_terminal()
