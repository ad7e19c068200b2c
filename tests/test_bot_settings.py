"""Bot settings after the bot's name (`--bot sampling:samples=8,lead=0.1`): read and checked
against the bot's `SETTINGS` by `registry.make_bot`, set on the bot, and every mistake one
message with exit status 2 at the command line."""

from __future__ import annotations

import json

import pytest

from dungeoneer.engine import registry
from dungeoneer.engine.errors import DungeoneerError, UnknownNameError
from dungeoneer.engine.session import Session, seat_seed
from tests.conftest import run


def test_settings_are_set_on_the_bot():
    bot = registry.make_bot("five-more-minutes", "sampling:samples=2, lead=0.5,near=0", 3)
    assert (bot.samples, bot.lead, bot.near) == (2, 0.5, 0)
    default = registry.make_bot("five-more-minutes", "sampling", 3)
    assert (default.samples, default.lead, default.near) == (8, 0.125, 1)
    dinky = registry.make_bot("dinky-dungeon", "sampling:width=3,horizon=4", 3)
    assert (dinky.samples, dinky.width, dinky.horizon) == (1, 3, 4)
    team = registry.make_bot("five-minute-dungeon", "sampling:samples=3", 3, pace=2.0)
    assert (team.samples, team.width, team.pace_seconds) == (3, 2, 2.0)


def test_a_setting_changes_the_bots_play():
    """Seeded alike, the sampling bot with one filling and no lead plays other moves than the
    default somewhere in a game (the setting is read where the bot decides)."""
    game = registry.get_game("five-more-minutes", {"players": "4"})

    def moves(name: str) -> list:
        seats = [registry.make_bot("five-more-minutes", name if s == 0 else "greedy",
                                   seat_seed(11, s)) for s in range(4)]
        return list(Session(game.new_initial_state(seed=11), seats).run().moves)
    assert moves("sampling:samples=1,lead=0,near=5") != moves("sampling")


@pytest.mark.parametrize(("name", "error", "message"), [
    ("sampling:width=2", UnknownNameError,
     "unknown setting 'width' of the sampling bot of five-more-minutes; its settings are "
     "samples, lead, near"),
    ("greedy:samples=2", UnknownNameError,
     "unknown setting 'samples' of the greedy bot of five-more-minutes; it takes no settings"),
    ("sampling:samples", DungeoneerError,
     "a setting of the sampling bot is NAME=VALUE, not 'samples'"),
    ("sampling:samples=0", DungeoneerError,
     "samples of the sampling bot is a whole number from 1 to 1,000, not '0'"),
    ("sampling:samples=1000000", DungeoneerError,
     "samples of the sampling bot is a whole number from 1 to 1,000, not '1000000'"),
    ("sampling:lead=-1", DungeoneerError,
     "lead of the sampling bot is a number from 0 to 1,000,000, not '-1'"),
    ("sampling:lead=nan", DungeoneerError,
     "lead of the sampling bot is a number from 0 to 1,000,000, not 'nan'"),
    ("genius:samples=2", UnknownNameError,
     "unknown bot 'genius' for five-more-minutes; the bots are: random, greedy, sampling"),
])
def test_a_wrong_setting_is_one_clear_error(name, error, message):
    with pytest.raises(error) as raised:
        registry.make_bot("five-more-minutes", name)
    assert str(raised.value) == message


def test_the_command_line_takes_settings_and_refuses_bad_ones():
    good = run("simulate", "five-more-minutes", "--games", "2", "--players", "4", "--bot",
               "sampling:samples=1", "--workers", "1", "--json")
    assert good.exit_code == 0 and good.exception is None
    assert json.loads(good.output)["games"] == 2
    bad = run("simulate", "five-more-minutes", "--games", "2", "--bot", "sampling:samples=many")
    assert bad.exit_code == 2 and isinstance(bad.exception, SystemExit)
    assert bad.output == ("error: samples of the sampling bot is a whole number from 1 to "
                          "1,000, not 'many'\n")
