"""The SVG picture of a position: well-formed, the same bytes for the same position,
golden files for two positions, drawable by a real renderer, and never the solution."""

from __future__ import annotations

import io
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import cairosvg
import pytest
from PIL import Image

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState
from dungeoneer.engine.puzzle_dungeon.svg import describe, picture, text_width
from dungeoneer.engine.records import load_record, replay
from dungeoneer.engine.registry import Caption
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
    assert root.find(f"{SVG}title").text == f"Puzzle Dungeon · {state.rules.hero.name}"
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
    assert dealt.read_text(encoding="utf-8") == picture(deal_42(), Caption(code="pd1-4.rogue.42"))
    assert run("replay", str(ROGUE_WIN), "--svg", str(replayed), "--at", "10").exit_code == 0
    tenth = load_record(ROGUE_WIN).moves[9].text
    assert replayed.read_text(encoding="utf-8") == picture(rogue_win_at(10), Caption(
        title="Record rogue-win.rec", moves=10, last_move=tenth))
    assert run("replay", str(ROGUE_WIN), "--svg", str(start), "--at", "0").exit_code == 0
    assert start.read_text(encoding="utf-8") == picture(
        PuzzleDungeon(hero="Rogue").new_initial_state(seed=75),
        Caption(title="Record rogue-win.rec"))


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


# ----------------------------------------------------------------------------- a crowded table

def crowded() -> PuzzleState:
    """A late table with everything a picture must hold: 25 arsenal cards, 15 collected monsters
    (some exhausted, some Kings), Kings in the columns, Traps and a Treasure."""
    game = PuzzleDungeon(hero="Rogue", traps=("Owner's Manual", "Rope Snare", "Bear Trap"),
                         treasures=("Blood Chalice",))
    monsters = [m.name for m in game.cards.monsters[:20]]
    codes = [c.code for c in game.cards.arsenal]
    collected = monsters[:15]
    return game.from_layout(
        [[monsters[15], monsters[16]], [monsters[17]], [monsters[18]], [monsters[19]]],
        codes[:25], codes[25:31], codes[31:], collected=collected,
        kings=[collected[0], collected[4], monsters[16], monsters[19]],
        exhausted=[collected[1], collected[2], collected[9]], seed=7)


PAD = 120


def ink_outside(drawn: str) -> tuple[int, int, int, int] | None:
    """Where the picture draws outside its own width and height (None: nowhere): it is rendered
    by a real renderer on a canvas PAD larger on every side, its own area blanked out, and the
    box of whatever ink is left is returned."""
    root = ET.fromstring(drawn)
    width, height = int(root.get("width")), int(root.get("height"))
    wider = drawn.replace(
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}"',
        f'width="{width + 2 * PAD}" height="{height + 2 * PAD}" '
        f'viewBox="{-PAD} {-PAD} {width + 2 * PAD} {height + 2 * PAD}"', 1)
    assert wider != drawn
    image = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=wider.encode("utf-8"))))
    alpha = image.convert("RGBA").getchannel("A")
    alpha.paste(0, (PAD, PAD, PAD + width, PAD + height))
    return alpha.getbbox()


CAPTIONED = Caption(title="Daily No. 5 of 2026-01-05, level 1 (gentle)",
                    code="pd1-w.bodyguard.10726284161957276873", moves=41, last_move="attack 2")


@pytest.mark.parametrize("caption", [Caption(), CAPTIONED])
def test_every_element_of_a_crowded_table_lies_inside_the_picture(caption):
    assert ink_outside(picture(crowded(), caption)) is None


def test_ink_outside_the_picture_is_found():
    drawn = picture(deal_42()).replace("</svg>", '<rect x="-50" y="10" width="30" height="30" '
                                       'fill="#000"/></svg>')
    assert ink_outside(drawn) is not None


def groups(root: ET.Element) -> dict[str, ET.Element]:
    """Every titled group of the picture, by its title."""
    return {g.find(f"{SVG}title").text: g for g in root.iter(f"{SVG}g")
            if g.find(f"{SVG}title") is not None}


def test_the_arsenal_wraps_and_its_front_card_is_in_the_picture():
    state = crowded()
    root = ET.fromstring(picture(state))
    titled = groups(root)
    front = titled["8H (the front)"] if "8H (the front)" in titled else next(
        g for t, g in titled.items() if t.endswith("(the front)"))
    rect = front.find(f"{SVG}rect")
    assert rect.get("stroke") == "#d4a017"
    assert float(rect.get("x")) + float(rect.get("width")) <= int(root.get("width"))
    arsenal = [t for t in titled if " of " in t and "column" not in t and "collected" not in t]
    assert len(arsenal) == 25 + 6  # the arsenal and the hand, a text alternative each
    rows = {g.find(f"{SVG}rect").get("y") for t, g in titled.items() if t in arsenal}
    assert len(rows) == 3  # two lines of arsenal, one of hand


def test_collected_monsters_are_small_cards_exhausted_ones_turned_and_kings_marked():
    state = crowded()
    root = ET.fromstring(picture(state))
    collected = {t: g for t, g in groups(root).items() if ", collected:" in t}
    assert len(collected) == 15
    turned = [t for t, g in collected.items() if g.find(f"{SVG}g") is not None
              and "rotate(90" in g.find(f"{SVG}g").get("transform")]
    assert len(turned) == 3 and all("exhausted" in t for t in turned)
    kings = [t for t, g in collected.items() if any(x.text == "KING" for x in g.iter(f"{SVG}text"))]
    assert len(kings) == 2 and all(t.startswith("Monster King ") for t in kings)


def test_names_and_types_never_share_a_line_and_long_names_are_drawn_smaller():
    root = ET.fromstring(picture(crowded()))
    for title, group in groups(root).items():
        if ", column " not in title:
            continue
        texts = list(group.iter(f"{SVG}text"))
        name, kind = texts[0], next(t for t in texts if t.text in ("fiend", "beast", "goblin",
                                                                      "wisp", "chest"))
        assert name.get("y") != kind.get("y")
        room = float(group.find(f"{SVG}rect").get("width")) - 16
        assert text_width(name.text, float(name.get("font-size")), bold=True) <= room
    kings = [t for t in groups(root) if t.startswith("Monster King ") and ", column " in t]
    assert len(kings) == 2


def test_traps_and_treasures_are_drawn():
    drawn = picture(crowded())
    for name in ("Owner&apos;s Manual", "Rope Snare", "Bear Trap", "Blood Chalice"):
        assert f">{name}<" in drawn.replace("'", "&apos;")
    assert ">Traps<" in drawn and ">Treasures<" in drawn


def test_the_caption_names_the_daily_and_marks_the_last_move():
    root = ET.fromstring(picture(crowded(), CAPTIONED))
    texts = [t.text for t in root.iter(f"{SVG}text") if t.text != "WON"]  # its prey is complete
    assert texts[1:4] == ["Daily No. 5 of 2026-01-05, level 1 (gentle)",
                          "Code pd1-w.bodyguard.10726284161957276873", "After move 41: attack 2"]
    assert "◀ last move" in texts
    assert root.find(f"{SVG}title").text == ("Puzzle Dungeon · Rogue · Daily No. 5 of "
                                             "2026-01-05, level 1 (gentle)")
    assert "After move 41: attack 2." in root.find(f"{SVG}desc").text


def test_a_finished_game_is_marked_won_or_lost():
    record = load_record(ROGUE_WIN)
    won = replay(record)[0]
    texts = [t.text for t in ET.fromstring(picture(won)).iter(f"{SVG}text")]
    assert "WON" in texts and "LOST" not in texts
    assert "The game is won." in describe(won)
    assert "WON" not in [t.text for t in ET.fromstring(picture(deal_42())).iter(f"{SVG}text")]
