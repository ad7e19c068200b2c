"""The SVG picture of a position: well-formed, the same bytes for the same position,
golden files for two positions, drawable by a real renderer, and never the solution."""

from __future__ import annotations

import io
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import cairosvg
import pytest

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState
from dungeoneer.engine.puzzle_dungeon.svg import describe, picture
from dungeoneer.engine.records import load_record, replay
from tests.conftest import run
from tests.helpers import installed_seeds

GOLDEN = Path(__file__).parents[1] / "golden"
SVG = "{http://www.w3.org/2000/svg}"
ROGUE_WIN = installed_seeds("puzzle_dungeon") / "examples" / "rogue-win.rec"


def deal_42() -> PuzzleState:
    return PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)


def rogue_win_at(moves: int) -> PuzzleState:
    record = load_record(ROGUE_WIN)
    _state, steps = replay(record.with_moves(record.moves[:moves]))
    state = steps[-1].state
    assert isinstance(state, PuzzleState)
    return state


POSITIONS = {"deal-42-rogue.svg": deal_42, "rogue-win-after-10.svg": lambda: rogue_win_at(10)}


@pytest.mark.parametrize("name", POSITIONS)
def test_the_picture_matches_its_golden_file(name):
    """Set DUNGEONEER_GOLDEN=write to write the files anew (then look at them)."""
    drawn = picture(POSITIONS[name]())
    if os.environ.get("DUNGEONEER_GOLDEN") == "write":
        (GOLDEN / name).write_text(drawn, encoding="utf-8")
    assert drawn == (GOLDEN / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", POSITIONS)
def test_the_picture_is_svg_with_a_title_and_a_description(name):
    state = POSITIONS[name]()
    root = ET.fromstring(picture(state))
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.find(f"{SVG}title").text == f"Puzzle Dungeon: {state.rules.hero.name}"
    assert root.find(f"{SVG}desc").text == describe(state)
    # Suits are drawn as paths with a name each, never as font glyphs.
    assert {p.find(f"{SVG}title").text for p in root.iter(f"{SVG}path")} == \
        {"Torch", "Claw", "Hand", "Mitt"}


def test_the_same_position_gives_the_same_bytes():
    assert picture(deal_42()) == picture(deal_42())


@pytest.mark.parametrize("name", POSITIONS)
def test_a_real_renderer_draws_it(name):
    png = cairosvg.svg2png(bytestring=picture(POSITIONS[name]()).encode("utf-8"))
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000


def test_the_picture_never_shows_the_deck_order_or_a_line():
    state = deal_42()
    drawn = picture(state)
    codes = state.rules.cards.arsenal
    deck = [codes[c].code for c in state.deck]
    assert " ".join(deck[:3]) not in drawn and "Deck 20 cards" in drawn
    assert "attack" not in drawn and "pay " not in drawn


def test_the_front_of_each_column_is_marked_and_the_arsenal_front_too():
    root = ET.fromstring(picture(deal_42()))
    fronts = [t for t in root.iter(f"{SVG}text") if t.text == "front"]
    assert len(fronts) == 4
    outlined = [r for r in root.iter(f"{SVG}rect") if r.get("stroke") == "#d4a017"]
    assert len(outlined) == 5  # four column fronts and the arsenal's front card


def test_deal_and_replay_write_the_picture(tmp_path):
    dealt, replayed, start = tmp_path / "d.svg", tmp_path / "r.svg", tmp_path / "s.svg"
    assert run("deal", "42", "--svg", str(dealt)).exit_code == 0
    assert dealt.read_text(encoding="utf-8") == picture(deal_42())
    assert run("replay", str(ROGUE_WIN), "--svg", str(replayed), "--at", "10").exit_code == 0
    assert replayed.read_text(encoding="utf-8") == picture(rogue_win_at(10))
    assert run("replay", str(ROGUE_WIN), "--svg", str(start), "--at", "0").exit_code == 0
    assert start.read_text(encoding="utf-8") == picture(
        PuzzleDungeon(hero="Rogue").new_initial_state(seed=75))


@pytest.mark.slow
def test_daily_writes_the_picture(tmp_path):
    archive, drawn = tmp_path / "a.sqlite3", tmp_path / "day.svg"
    result = run("daily", "2026-01-05", "--archive", str(archive), "--svg", str(drawn))
    assert result.exit_code == 0, result.output
    ET.parse(io.StringIO(drawn.read_text(encoding="utf-8")))


@pytest.mark.parametrize(("args", "says"), [
    (["--at", "3"], "--at goes with --svg"),
    (["--svg", "X", "--at", "999"], "--at 999: the record has 34 moves"),
])
def test_replay_pictures_refuse_what_cannot_be_drawn(tmp_path, args, says):
    result = run("replay", str(ROGUE_WIN), *[str(tmp_path / a) if a == "X" else a for a in args])
    assert result.exit_code == 2 and says in result.output, result.output


def test_only_puzzle_dungeon_positions_are_drawn(tmp_path):
    record = installed_seeds("dinky_dungeon") / "examples" / "game-3p-seed-1.rec"
    result = run("replay", str(record), "--svg", str(tmp_path / "x.svg"))
    assert result.exit_code == 2
    assert "--svg: there is no picture of a Dinky Dungeon position" in result.output
    assert not (tmp_path / "x.svg").exists()
