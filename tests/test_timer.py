"""The 5-Minute Dungeon countdown: the clock arithmetic, keys, drawing and the command.

No test sleeps: the countdown is driven by fake clocks, and the command's clock is
monkeypatched (`cli.timer.CLOCK`).
"""

import pytest
from click.testing import CliRunner
from rich.console import Console

from dungeoneer.cli import timer as timer_module
from dungeoneer.cli.timer import (
    Action,
    Countdown,
    Phase,
    action_for_key,
    action_for_word,
    format_time,
    handle_keys,
    key_help,
    perform,
    render,
    status_line,
    time_style,
    timer,
)
from dungeoneer.engine.numbers import shown
from tests.conftest import failed_cleanly, run


class FakeClock:
    """A clock that only moves when the test says so."""

    def __init__(self, now=1000.0):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


class ScriptedClock:
    """Returns the given readings in order and fails loudly if read once too often."""

    def __init__(self, *readings):
        self.readings = list(readings)

    def __call__(self):
        assert self.readings, "the clock was read more often than the test expected"
        return self.readings.pop(0)


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def countdown(clock):
    return Countdown(300, clock=clock)


# ----------------------------------------------------------------------------- Countdown


def test_a_new_countdown_is_ready_and_does_not_count(countdown, clock):
    clock.advance(50)
    assert countdown.phase is Phase.READY
    assert not (countdown.running or countdown.paused or countdown.finished)
    assert countdown.remaining() == 300 and countdown.elapsed() == 0


def test_start_counts_down_with_the_clock(countdown, clock):
    countdown.start()
    clock.advance(12.5)
    assert countdown.running and countdown.phase is Phase.RUNNING
    assert countdown.elapsed() == 12.5
    assert countdown.remaining() == 287.5


def test_pause_holds_the_time(countdown, clock):
    countdown.start()
    clock.advance(10)
    countdown.pause()
    clock.advance(100)
    assert countdown.paused and not countdown.running
    assert countdown.remaining() == 290


def test_resume_continues_from_where_the_pause_left_it(countdown, clock):
    countdown.start()
    clock.advance(10)
    countdown.pause()
    clock.advance(100)
    countdown.resume()
    clock.advance(5)
    assert countdown.running
    assert countdown.remaining() == 285


def test_several_pauses_add_up(countdown, clock):
    countdown.start()
    for _ in range(3):
        clock.advance(20)
        countdown.pause()
        clock.advance(999)
        countdown.resume()
    assert countdown.remaining() == 240


def test_pausing_at_once_is_paused_not_ready(countdown):
    countdown.start()
    countdown.pause()
    assert countdown.phase is Phase.PAUSED
    assert countdown.remaining() == 300


def test_reset_goes_back_to_the_full_time_stopped(countdown, clock):
    countdown.start()
    clock.advance(100)
    countdown.reset()
    clock.advance(100)
    assert countdown.phase is Phase.READY
    assert countdown.remaining() == 300
    countdown.start()
    clock.advance(1)
    assert countdown.remaining() == 299


def test_finished_at_zero_and_never_below(countdown, clock):
    countdown.start()
    clock.advance(299.9)
    assert not countdown.finished
    clock.advance(0.1)
    assert countdown.finished and countdown.phase is Phase.FINISHED
    assert not countdown.running and not countdown.paused
    clock.advance(1000)
    assert countdown.remaining() == 0
    assert countdown.elapsed() == 300


def test_a_clock_stepping_back_does_not_add_time(countdown, clock):
    countdown.start()
    clock.advance(-50)
    assert countdown.remaining() == 300


def test_calls_out_of_turn_do_nothing(countdown, clock):
    countdown.pause()
    countdown.resume()
    assert countdown.phase is Phase.READY
    countdown.start()
    clock.advance(10)
    countdown.start()  # a second start must not restart the count
    countdown.resume()
    assert countdown.remaining() == 290
    countdown.pause()
    clock.advance(10)
    countdown.pause()
    countdown.start()
    assert countdown.phase is Phase.PAUSED and countdown.remaining() == 290


def test_pause_after_time_is_up_stays_finished(countdown, clock):
    countdown.start()
    clock.advance(400)
    countdown.pause()
    countdown.resume()
    assert countdown.finished and countdown.remaining() == 0


def test_toggle_starts_pauses_and_resumes(countdown, clock):
    countdown.toggle()
    assert countdown.running
    clock.advance(30)
    countdown.toggle()
    assert countdown.paused
    clock.advance(30)
    countdown.toggle()
    assert countdown.running
    clock.advance(30)
    assert countdown.remaining() == 240


def test_toggle_after_time_is_up_needs_a_reset(countdown, clock):
    countdown.toggle()
    clock.advance(300)
    countdown.toggle()
    assert countdown.finished
    countdown.reset()
    countdown.toggle()
    assert countdown.running and countdown.remaining() == 300


@pytest.mark.parametrize("seconds", [0, -1, float("inf"), float("nan")])
def test_a_countdown_needs_a_positive_finite_time(seconds):
    with pytest.raises(ValueError, match="above 0"):
        Countdown(seconds)


# ----------------------------------------------------------------------------- keys


@pytest.mark.parametrize(("key", "action"), [
    (" ", Action.TOGGLE), ("p", Action.TOGGLE), ("P", Action.TOGGLE),
    ("r", Action.RESET), ("R", Action.RESET),
    ("q", Action.QUIT), ("Q", Action.QUIT), ("\x03", Action.QUIT),
])
def test_keys_map_to_actions(key, action):
    assert action_for_key(key) is action


@pytest.mark.parametrize("key", ["x", "\n", "\t", "\x1b", "", "pause", "5"])
def test_unknown_keys_are_ignored(key):
    assert action_for_key(key) is None


@pytest.mark.parametrize(("line", "action"), [
    ("\n", Action.TOGGLE), ("", Action.TOGGLE), ("space\n", Action.TOGGLE),
    ("p", Action.TOGGLE), ("  Start ", Action.START), ("pause", Action.PAUSE),
    ("resume", Action.RESUME), ("r", Action.RESET), ("reset", Action.RESET),
    ("q", Action.QUIT), ("QUIT\n", Action.QUIT),
])
def test_plain_words_map_to_actions(line, action):
    assert action_for_word(line) is action


def test_unknown_words_are_ignored():
    assert action_for_word("jump") is None
    assert action_for_word("x") is None


def test_perform_applies_actions_but_not_quit(countdown, clock):
    perform(countdown, Action.START)
    clock.advance(1)
    perform(countdown, Action.PAUSE)
    assert countdown.paused
    perform(countdown, Action.RESET)
    assert countdown.phase is Phase.READY
    with pytest.raises(ValueError, match="quit"):
        perform(countdown, Action.QUIT)


def test_handle_keys_applies_each_key_and_stops_at_quit(countdown, clock):
    assert handle_keys(countdown, "xp") is True
    assert countdown.running
    clock.advance(5)
    assert handle_keys(countdown, "pq r") is False
    assert countdown.paused and countdown.remaining() == 295  # the r after q is not applied


# ----------------------------------------------------------------------------- display


@pytest.mark.parametrize(("seconds", "text"), [
    (300, "5:00.0"), (299.9, "4:59.9"), (299.95, "5:00.0"), (59.04, "0:59.1"),
    (0.01, "0:00.1"), (0, "0:00.0"), (-3, "0:00.0"), (3600, "60:00.0"),
])
def test_format_time(seconds, text):
    assert format_time(seconds) == text


def test_time_turns_yellow_then_red():
    assert "green" in time_style(60)
    assert "yellow" in time_style(59.9)
    assert "yellow" in time_style(30)
    assert "red" in time_style(29.9)


def test_key_help_names_what_space_does_next():
    assert key_help(Phase.READY).startswith("space/p start")
    assert key_help(Phase.RUNNING).startswith("space/p pause")
    assert key_help(Phase.PAUSED).startswith("space/p resume")
    assert key_help(Phase.FINISHED) == "r reset   q quit"


def drawn(countdown):
    console = Console(width=60, color_system=None, record=True)
    console.print(render(countdown))
    return console.export_text()


def test_render_ready(countdown):
    text = drawn(countdown)
    assert "5:00.0" in text and "ready" in text
    assert "space/p start" in text and "q quit" in text
    assert "5-Minute Dungeon" in text


def test_render_paused(countdown, clock):
    countdown.start()
    clock.advance(45.5)
    countdown.pause()
    text = drawn(countdown)
    assert "4:14.5" in text and "PAUSED" in text and "space/p resume" in text


def test_render_running_and_time_up(countdown, clock):
    countdown.start()
    clock.advance(0.1)
    assert "4:59.9" in drawn(countdown) and "running" in drawn(countdown)
    clock.advance(400)
    text = drawn(countdown)
    assert "0:00.0" in text and "TIME'S UP" in text and "space/p" not in text


def test_render_colours_the_time_as_it_runs_low(countdown, clock):
    countdown.start()
    clock.advance(275)
    time_line = render(countdown).renderable.renderables[0]
    assert "red" in str(time_line.style)


def test_status_line(countdown, clock):
    assert status_line(countdown) == "ready 5:00.0 left"
    countdown.start()
    clock.advance(0.1)
    assert status_line(countdown) == "running 4:59.9 left"
    clock.advance(500)
    assert status_line(countdown) == "time's up 0:00.0 left"


# ----------------------------------------------------------------------------- the command


def invoke(*args, input=None):
    return CliRunner().invoke(timer, list(args), input=input)


@pytest.fixture
def set_clock(monkeypatch):
    """Install a scripted clock: plain mode reads it once per line, then once at the end."""

    clocks = []

    def install(*readings):
        clocks.append(ScriptedClock(*readings))
        monkeypatch.setattr(timer_module, "CLOCK", clocks[-1])

    yield install
    assert all(not clock.readings for clock in clocks), "some clock readings were not used"


def test_plain_mode_prints_the_state_after_each_command(set_clock):
    set_clock(0, 0.1, 10, 20, 25, 30, 31)
    result = invoke("--plain", input="start\n\npause\n\nresume\nreset\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "running 5:00.0 left",
        "paused 4:59.9 left",  # an empty line toggles: paused 0.1 s in
        "paused 4:59.9 left",  # "pause" when paused leaves it paused
        "running 4:59.9 left",  # the empty line resumes
        "running 4:54.9 left",  # "resume" when running changes nothing
        "ready 5:00.0 left",
        "final: ready 5:00.0 left",
    ]


def test_plain_mode_final_line_reads_the_clock_again(set_clock):
    set_clock(0, 200)
    result = invoke("--seconds", "180", "--plain", input="p\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["running 3:00.0 left", "final: time's up 0:00.0 left"]


def test_plain_mode_toggle_after_time_is_up_changes_nothing(set_clock):
    set_clock(0, 200, 400)
    result = invoke("--seconds", "180", "--plain", input="p\np\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "running 3:00.0 left",
        "time's up 0:00.0 left",
        "final: time's up 0:00.0 left",
    ]


def test_plain_mode_stops_at_quit(set_clock):
    set_clock(0, 60, 60)
    result = invoke("--seconds", "90", input="space\nq\nreset\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["running 1:30.0 left", "final: running 0:30.0 left"]


def test_without_a_terminal_the_command_is_plain_by_itself(set_clock):
    set_clock(5, 5)
    result = invoke(input="r\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["ready 5:00.0 left", "final: ready 5:00.0 left"]


def test_plain_mode_ignores_unknown_commands_with_a_note(set_clock):
    set_clock(0, 1, 2, 3)
    result = invoke("--plain", input="start\ndance\npause\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "running 5:00.0 left", "paused 4:58.0 left", "final: paused 4:58.0 left"]
    assert "ignored 'dance'" in result.stderr


def test_plain_mode_with_no_input_prints_the_final_line(set_clock):
    set_clock(0)
    result = invoke("--plain", input="")
    assert result.exit_code == 0
    assert result.stdout == "final: ready 5:00.0 left\n"


@pytest.mark.parametrize("value", ["0", "-5", "abc", "inf", "nan"])
def test_bad_seconds_exit_2_with_one_message(value, set_clock):
    set_clock()  # the clock must not even be read
    result = invoke("--seconds", value, "--plain", input="start\n")
    assert result.exit_code == 2
    assert "Invalid value for '--seconds'" in result.output
    assert "above 0" in result.output
    failed_cleanly(result)
    assert "left" not in result.output


@pytest.mark.parametrize("value", ["١٨٠", "０.５", "３", " 180", "180 ", "9" * 5000])
def test_seconds_are_ascii_digits_alone(value, set_clock):
    set_clock()  # the clock must not even be read
    result = failed_cleanly(run("timer", "--seconds", value, "--plain", input="start\n"))
    assert result.output.endswith(f"Error: Invalid value for '--seconds': the time is a number "
                                  f"of seconds above 0, not {shown(value)!r}\n")
    assert "left" not in result.output


def test_help_shows_the_default_and_an_example():
    result = invoke("--help")
    assert result.exit_code == 0
    assert "[default: 300]" in result.output
    assert "dungeoneer timer --seconds 180" in result.output
    assert "--plain" in result.output
