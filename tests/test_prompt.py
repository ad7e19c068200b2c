"""The ticking prompt of a real-time game (`cli.prompt`), without a terminal or real time: the
line editing as a function of the keys, the countdown line, and the prompt's loop driven by fake
keys and a fake clock that moves only when the prompt waits for keys."""

import io

import pytest
from rich.console import Console

from dungeoneer.cli.choosing import TimeIsUp
from dungeoneer.cli.prompt import (
    PAUSED_STYLE,
    Edit,
    TickingPrompt,
    TimeLeft,
    clock_text,
    edit_line,
    prompt_line,
)
from dungeoneer.cli.timer import time_style

# ----------------------------------------------------------------------------- line editing


def test_printable_keys_add_and_enter_submits():
    assert edit_line("", "1ar") == Edit("1ar")
    assert edit_line("1ar", "\r") == Edit("1ar", "enter")
    assert edit_line("", "1ar\n") == Edit("1ar", "enter")


def test_backspace_ctrl_u_and_ctrl_w_edit():
    assert edit_line("1arx", "\x7f") == Edit("1ar")
    assert edit_line("1arx", "\x08\x08") == Edit("1a")
    assert edit_line("", "\x7f") == Edit("")  # nothing to take back
    assert edit_line("2 stop jump", "\x15") == Edit("")
    assert edit_line("2 stop jump", "\x17") == Edit("2 stop ")
    assert edit_line("2 stop ", "\x17") == Edit("2 ")


def test_ctrl_c_and_ctrl_d_stop():
    assert edit_line("1a", "\x03").done == "stop"
    assert edit_line("1a", "r\x04x").done == "stop"


def test_keys_after_enter_are_the_next_answer():
    assert edit_line("", "1ar\r2sh") == Edit("1ar", "enter", "2sh")
    # A terminal that sends Enter as CR LF: the LF is part of that Enter, not an empty answer.
    assert edit_line("", "1ar\r\n2sh") == Edit("1ar", "enter", "2sh")


def test_arrow_keys_tab_and_other_controls_add_nothing():
    assert edit_line("1", "\x1b[Dar\x1bOP\t\x07") == Edit("1ar")


# ----------------------------------------------------------------------------- the line


def test_the_time_left_is_coloured_as_the_timer_colours_it():
    assert clock_text(TimeLeft(2873, False)).plain == " 287.3 s left "
    assert clock_text(TimeLeft(2873, False)).style == time_style(287.3)
    assert clock_text(TimeLeft(599, False)).style == time_style(59.9) != time_style(287.3)
    assert clock_text(TimeLeft(299, False)).style == time_style(29.9) != time_style(59.9)
    paused = clock_text(TimeLeft(2873, True))
    assert paused.plain == " PAUSED 287.3 s left " and paused.style == PAUSED_STYLE
    assert clock_text(TimeLeft(-3, False)).plain == " 0.0 s left "  # never below zero


def test_the_line_never_wraps_and_keeps_the_end_of_a_long_answer():
    line = prompt_line(TimeLeft(2873, False), "move", "1ar", 80)
    assert line.plain == " 287.3 s left  move> 1ar"
    assert [span.style for span in line.spans] == [time_style(287.3)]  # the time alone
    typed = "seat 2 use Stop Time discarding Jump, Scroll+Scroll, Shield"
    long = prompt_line(TimeLeft(2873, False), "move", typed, 40)
    assert long.cell_len == 39 and long.plain.endswith("Shield") and "…" in long.plain


# ----------------------------------------------------------------------------- the loop


class FakeTime:
    """Tenths of a second on a fake clock that moves only while the prompt waits for keys."""

    def __init__(self, left=3000, paused=False):
        self.left = left
        self.paused = paused

    def __call__(self):
        return TimeLeft(self.left, self.paused)


class FakeKeys:
    """Keys in chunks, one chunk per wait ('' : none typed within it); each wait moves the
    fake time on by the wait (unless paused), as the real clock would while nobody types."""

    def __init__(self, time, *chunks):
        self.time = time
        self.chunks = list(chunks)
        self.waits = 0

    def __call__(self, timeout):
        self.waits += 1
        if not self.time.paused:
            self.time.left -= round(timeout * 10)
        if not self.chunks:
            return ""
        chunk = self.chunks.pop(0)
        if isinstance(chunk, BaseException):
            raise chunk
        return chunk


def screen():
    out = io.StringIO()
    return out, Console(file=out, force_terminal=True, width=80, color_system=None)


def drawn(text):
    """The states of the prompt's line, in order (each drawing starts with a carriage return)."""
    return [part.replace("\x1b[0K", "").rstrip("\n") for part in text.split("\r") if part]


def test_the_time_left_ticks_while_nobody_types():
    time = FakeTime(3000)
    keys = FakeKeys(time, "", "", "1a", "", "r\r")
    out, console = screen()
    answer = TickingPrompt(console, keys).read("move", "", time)
    assert answer == "1ar"
    lines = drawn(out.getvalue())
    assert lines[:3] == [" 300.0 s left  move> ", " 299.9 s left  move> ",
                         " 299.8 s left  move> "]
    assert " 299.7 s left  move> 1a" in lines  # typed text shows, and the time goes on


def test_when_the_time_runs_out_the_prompt_stops_without_a_key():
    time = FakeTime(2)
    keys = FakeKeys(time)  # nobody types anything, ever
    out, console = screen()
    with pytest.raises(TimeIsUp):
        TickingPrompt(console, keys).read("move", "1a", time)
    assert keys.waits == 3  # 0.2 s left: two waits to 0.0, one past it
    assert "Time is up!" in out.getvalue()
    assert drawn(out.getvalue())[-1].startswith(" 0.0 s left  move> 1a")


def test_a_paused_timer_shows_paused_and_does_not_count():
    time = FakeTime(2, paused=True)
    keys = FakeKeys(time, "", "", "", "", "1sh\r")
    out, console = screen()
    assert TickingPrompt(console, keys).read("move", "", time) == "1sh"
    lines = drawn(out.getvalue())
    assert set(lines[:-1]) <= {" PAUSED 0.2 s left  move> ", " PAUSED 0.2 s left  move> 1sh"}
    assert time.left == 2 and keys.waits == 5


@pytest.mark.parametrize("stop", ["\x03", "\x04", None, KeyboardInterrupt()])
def test_ctrl_c_ctrl_d_and_closed_input_stop(stop):
    time = FakeTime()
    out, console = screen()
    assert TickingPrompt(console, FakeKeys(time, "1a", stop)).read("move", "", time) is None
    assert out.getvalue().endswith("\n")  # the next output starts on a line of its own


def test_keys_typed_ahead_answer_the_next_question():
    time = FakeTime()
    keys = FakeKeys(time, "1ar\r2s", "h\r")
    _, console = screen()
    prompt = TickingPrompt(console, keys)
    assert prompt.read("move", "", time) == "1ar"
    assert prompt.read("move", "", time) == "2sh"
    assert keys.waits == 2


def test_an_answer_to_correct_starts_the_line():
    time = FakeTime()
    out, console = screen()
    keys = FakeKeys(time, "\x7fw\r")
    assert TickingPrompt(console, keys).read("move", "1x", time) == "1w"
    assert drawn(out.getvalue())[0] == " 300.0 s left  move> 1x"
