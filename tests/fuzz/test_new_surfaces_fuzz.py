"""Option numbers, names, repeated options, bot settings, timer readings and records with no
moves: each bad value is one message and exit status 2, each valid one works."""

from __future__ import annotations

import json

import pytest

from dungeoneer.engine import registry
from dungeoneer.engine.errors import DungeoneerError
from tests.conftest import failed_cleanly, run, succeeded
from tests.fuzz.common import example_records

REFUSED_AT_THE_OPTION = [
    ("odds", "42", "--within", "nan"),
    ("odds", "42", "--within", "inf"),
    ("odds", "42", "--within", "-1"),
    ("odds", "42", "--within", "1e999"),
    ("odds", "42", "--within", "٣"),
    ("deal", "42", "--hero", ""),
    ("deal", "42", "--hero", "  "),
    ("generate", "--count", "1", "--hero", ""),
    ("survey", "--deals", "1", "--hero", ""),
    ("generate", "--count", "1", "--level", "٣"),
    ("generate", "--count", "1", "--level", "6"),
    ("generate", "--count", "1", "--level", "9" * 5000),
    ("simulate", "dinky-dungeon", "--players", "٣"),
    ("simulate", "dinky-dungeon", "--players", "9" * 5000),
]


@pytest.mark.parametrize("args", REFUSED_AT_THE_OPTION, ids=lambda args: " ".join(args)[:40])
def test_a_bad_option_value_is_refused_at_the_option(args):
    result = failed_cleanly(run(*args))
    assert "Error: Invalid value for" in result.output


SPACED = [
    (("generate", "--count", "1", "--level", " 3"),
     "Invalid value for '--level' / '--rating': a whole number of levels, from 1 to 5, "
     "not ' 3'"),
    (("generate", "--count", "3 "), "Invalid value for '--count': a whole number of puzzles"),
    (("simulate", "dinky-dungeon", "--players", "3\t"), "Invalid value for '--players'"),
    (("play", "dinky-dungeon", "--players", " 2"),
     "Invalid value for '--players': a whole number, not ' 2'"),
    (("deal", " 42"), "Invalid value for 'SEED|CODE': a deal is a seed"),
    (("play", "puzzle-dungeon", "--seed", "42 "), "Invalid value for '--seed'"),
    (("simulate", "dinky-dungeon", "--seed", " 1"), "Invalid value for '--seed': a seed"),
    (("odds", "42", "--within", " 5"), "Invalid value for '--within'"),
    (("solve", "42", "--time-limit", "1 "), "Invalid value for '--time-limit'"),
    (("survey", "--deals", "1", "--first-seed", " 7"), "Invalid value for '--first-seed'"),
]


@pytest.mark.parametrize(("args", "says"), SPACED,
                         ids=[" ".join(args).strip()[:40] for args, _ in SPACED])
def test_a_number_on_the_command_line_is_refused_with_spaces_around_it(args, says):
    result = failed_cleanly(run(*args))
    assert result.output.count("Error: ") == 1 and f"Error: {says}" in result.output


@pytest.mark.parametrize(("args", "option"), [
    (("simulate", "dinky-dungeon", "--players", "2", "--players", "3"), "--players"),
    (("deal", "42", "--hero", "Rogue", "--hero", "Warrior"), "--hero"),
    (("generate", "--count", "1", "--count", "2"), "--count"),
    (("odds", "42", "--plays", "1", "--plays", "2"), "--plays"),
])
def test_an_option_given_twice_is_refused(args, option):
    result = failed_cleanly(run(*args))
    assert result.output.endswith(f"Error: {option} is given more than once; give it once\n")


def test_flags_and_options_that_add_up_may_be_repeated():
    succeeded(run("deal", "42", "--json", "--json"))


@pytest.mark.parametrize("setting", ["lead=０.５", "lead=٠.5", "lead=nan", "lead=" + "1" * 5000])
def test_a_bot_setting_number_is_ascii_and_finite(setting):
    with pytest.raises(DungeoneerError):
        registry.make_bot("five-more-minutes", f"sampling:{setting}", 3)


def _five_minute_record() -> str:
    path = next(p for p in example_records() if p.name == "time-runs-out.rec")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("reading", ["١.٠", "３.0", "9" * 5000, "1:99.0", "nan"])
def test_a_timer_reading_that_is_not_one_names_its_line(tmp_path, reading):
    head, _ = _five_minute_record().split("---\n")
    path = tmp_path / "bad.rec"
    path.write_text(f"{head}---\n{reading} seat 1 play Sprint at Living Vines\n",
                    encoding="utf-8")
    result = failed_cleanly(run("replay", str(path)))
    line = head.count("\n") + 2
    assert result.output.startswith(f"error: {path}:{line}: ")


@pytest.mark.parametrize("record", example_records(), ids=lambda path: path.name)
def test_a_record_with_no_moves_yet_replays_as_json(tmp_path, record):
    head = record.read_text(encoding="utf-8").split("---\n")[0]
    path = tmp_path / "start.rec"
    path.write_text(f"{head}---\n", encoding="utf-8")
    report = json.loads(succeeded(run("replay", str(path), "--json")).output)
    assert report["moves"] == 0 and report["line"] == []


def test_a_campaign_may_take_as_many_actions_as_its_tries_allow():
    from dungeoneer.engine.five_minute_dungeon.game import ACTIONS_PER_TRY, FiveMinuteDungeon
    from dungeoneer.engine.session import MAX_ACTIONS, action_bound

    assert action_bound(FiveMinuteDungeon(campaign=True, tries=99)) == 99 * ACTIONS_PER_TRY
    assert action_bound(FiveMinuteDungeon()) == ACTIONS_PER_TRY
    assert action_bound(registry.get_game("dinky-dungeon", {"players": "3"})) == MAX_ACTIONS


@pytest.mark.slow
def test_a_long_campaign_finished_by_random_bots_ends(tmp_path):
    head = _five_minute_record().split("---\n")[0]
    path = tmp_path / "campaign.rec"
    path.write_text(head + "campaign: yes\ntries: 99\n---\n", encoding="utf-8")
    result = succeeded(run("replay", str(path), "--then", "random", "--json"))
    assert json.loads(result.output)["outcome"] is not None


def test_rate_takes_a_time_limit_and_refuses_one_that_is_not():
    failed_cleanly(run("rate", "42", "--time-limit", "nan"))
    assert "--time-limit" in succeeded(run("rate", "--help")).output


@pytest.mark.parametrize("typed", ["75.0 time runs out", "time runs out"])
def test_time_runs_out_typed_with_a_reading_ends_the_game_and_keeps_it(tmp_path, typed):
    record = tmp_path / "game.rec"
    result = succeeded(run("play", "five-minute-dungeon", "--record", str(record),
                           input=f"{typed}\n"))
    assert "Game over: lost (time ran out" in result.output
    assert record.read_text(encoding="utf-8").endswith("---\n300.0 time runs out\n")


def test_a_huge_number_typed_in_play_is_answered_not_a_crash(tmp_path):
    result = succeeded(run("play", "five-minute-dungeon", input="9" * 5000 + "\nq\n"))
    assert "Stopped." in result.output


@pytest.mark.parametrize("value", [[1], {"a": 1}, [[1]], {"x": [1]}], ids=repr)
def test_an_effect_with_a_list_or_table_where_a_name_belongs_is_a_card_error(value):
    from dungeoneer.engine.puzzle_dungeon.effects import OPS, EffectSpecError, compile_effect

    steps = [{"op": value}, {"op": "for_each", "count": value, "do": [{"op": "draw"}]},
             *({"op": op, **{key: 1 for key in spec.required}, key: value}
               for op, spec in OPS.items() for key in {*spec.params, *spec.required, "count"})]
    for step in steps:
        with pytest.raises(EffectSpecError):
            compile_effect([step])


def test_a_layout_payload_longer_than_any_deals_is_refused_unread():
    from dungeoneer.generator.codes import DealCodeError, parse_code

    with pytest.raises(DealCodeError, match="131,000 characters, more than a deal's 49"):
        parse_code("pd1.rogue.L." + "z" * 131_000)
    payload = "5d0x0gtcsa1tnt25j3t61kjg93ga0w13why7ydne67be8rf24"  # deal 42's
    assert parse_code("pd1.rogue.L." + "0" * 1000 + payload).body() == f"pd1.rogue.L.{payload}"
