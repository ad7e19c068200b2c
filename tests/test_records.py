"""Game records (docs/records.md): the format, replay, explicit chance, and clear errors."""

import pytest

from dungeoneer.engine.errors import ChanceError, IllegalActionError, RecordError
from dungeoneer.engine.records import dumps, load_record, parse_record, replay, save_record
from tests.helpers import codes, others

ARSENAL = ("2H 3H 4H 5H 6H 7H "  # dealt to the arsenal (no Torch: the Bodyguard gets no wizard)
           "2M 2C 3C 2T 8C 8M "  # drawn
           "0T 3T 4T 5T 6T 7T 8T 0C 4C 5C 6C 7C 0H 8H 0M 3M 4M 5M 6M 7M")
MONSTERS = others("Mutant")
MONSTERS.insert(16, "Mutant")  # the 17th card dealt is the front of column 1
MONSTER_ORDER = " ".join("-".join(n.split()) for n in MONSTERS)


def record_text(moves: str, seed: str | None = "4", **header) -> str:
    head = ["# a hand-written record", "game: puzzle-dungeon"]
    if seed is not None:
        head.append(f"seed: {seed}")
    head += ["hero: Bodyguard", f"monsters: {MONSTER_ORDER}", f"arsenal: {ARSENAL}"]
    head += [f"{k}: {v}" for k, v in header.items()]
    return "\n".join([*head, "---", moves]) + "\n"


def test_header_moves_comments_and_round_trip():
    text = record_text("deal   # a comment\n\nattack 1\n")
    record = parse_record(text, "x.rec")
    assert record.game_name == "puzzle-dungeon" and record.get("hero") == "Bodyguard"
    assert [m.text for m in record.moves] == ["deal", "attack 1"]
    assert [m.line for m in record.moves] == [8, 10]
    again = parse_record(dumps(record))
    assert again == record


def test_set_up_orders_in_the_header_lay_out_the_game():
    state, _ = replay(parse_record(record_text("")))
    assert codes(state, state.arsenal) == "2H 3H 4H 5H 6H 7H"
    assert state.rules.cards.monsters[state.columns[0][-1]].name == "Mutant"


def test_a_written_shuffle_overrides_the_seed():
    """The Mutant's Loot shuffles four arsenal cards into the deck; the '~' line under the action
    gives the order it came out in."""
    moves = "attack 1\npay 2T 2C 3C 2M\n2H\n3H\n4H\n5H\n"
    plain, _ = replay(parse_record(record_text(moves)))
    written = " ".join(reversed(codes(plain, plain.deck).split()))
    state, steps = replay(parse_record(record_text(moves + f"~ {written}\n")))
    assert codes(state, state.deck) == written
    assert steps[-1].move.chance == (written,)


def test_without_a_seed_an_unwritten_shuffle_is_an_error():
    moves = "attack 1\npay 2T 2C 3C 2M\n2H\n3H\n4H\n5H\n"
    with pytest.raises(ChanceError) as caught:
        replay(parse_record(record_text(moves, seed=None), "game.rec"))
    assert caught.value.line == 12 and "seed" in str(caught.value)


def test_a_written_shuffle_must_list_the_cards_shuffled():
    moves = "attack 1\npay 2T 2C 3C 2M\n2H\n3H\n4H\n5H\n~ 2H 3H\n"
    with pytest.raises(ChanceError) as caught:
        replay(parse_record(record_text(moves), "game.rec"))
    assert caught.value.line == 14 and caught.value.file == "game.rec"
    assert "lists 2 cards, but 24 are being shuffled" in str(caught.value)


def test_a_written_outcome_with_no_chance_event_is_an_error():
    with pytest.raises(RecordError) as caught:
        replay(parse_record(record_text("deal\n~ 2H\n"), "game.rec"))
    assert caught.value.line == 9 and "no chance event" in caught.value.reason


def test_an_illegal_action_names_file_line_text_and_what_was_legal():
    with pytest.raises(IllegalActionError) as caught:
        replay(parse_record(record_text("deal\nattack 3\n"), "game.rec"))
    error = caught.value
    assert (error.file, error.line, error.text) == ("game.rec", 9, "attack 3")
    assert str(error).startswith("game.rec:9: 'attack 3': this action is not legal here")
    assert "legal here: deal, attack 1" in str(error)


def test_a_line_that_is_no_action_is_a_syntax_error():
    with pytest.raises(Exception) as caught:
        replay(parse_record(record_text("fly away\n"), "game.rec"))
    assert "not an action in Puzzle Dungeon's notation" in str(caught.value)
    assert caught.value.line == 8


@pytest.mark.parametrize(("text", "line", "reason"), [
    ("game: puzzle-dungeon\nseed: 1\n", None, "no '---' line"),
    ("game: puzzle-dungeon\nthis is not a header\n---\n", 2, "expected a header line"),
    ("game: puzzle-dungeon\nseed: 1\nseed: 2\n---\n", 3, "gives 'seed' twice"),
    ("seed: 1\n---\n", 1, "needs a 'game:' line"),
    ("game: puzzle-dungeon\n---\n~ 2H\n", 3, "follows the action it belongs to"),
])
def test_malformed_records_say_line_and_why(text, line, reason):
    with pytest.raises(RecordError) as caught:
        parse_record(text, "bad.rec")
    assert caught.value.line == line and reason in caught.value.reason


@pytest.mark.parametrize(("header", "line", "reason"), [
    ("game: chess\nseed: 1\n", 1, "unknown game 'chess'"),
    ("game: puzzle-dungeon\nseed: -4\n", 2, "a seed is a whole number"),
    ("game: puzzle-dungeon\nseed: 1\nhero: Nobody\n", 3, "unknown hero 'Nobody'"),
    ("game: puzzle-dungeon\nseed: 1\ncolour: red\n", 3, "'colour' is not a header"),
    ("game: puzzle-dungeon\nseed: 1\nplayers: 3\n", 3, "for 1 to 1 players"),
    ("game: puzzle-dungeon\nseed: 1\ntraps: Bear Trap\ntreasures: Bear Trap\n", 3, "both"),
])
def test_bad_headers_name_their_line(header, line, reason):
    with pytest.raises(RecordError) as caught:
        replay(parse_record(header + "---\n", "bad.rec"))
    assert caught.value.line == line and reason in str(caught.value)


def test_moves_after_the_end_are_an_error():
    text = record_text("deal\n" * 21)
    with pytest.raises(IllegalActionError) as caught:
        replay(parse_record(text, "long.rec"))
    assert caught.value.line == 28  # the 21st deal: the deck held 20 cards


def test_saving_is_atomic_and_never_overwrites_by_accident(tmp_path):
    record = parse_record(record_text("deal\n"))
    path = tmp_path / "game.rec"
    save_record(path, record)
    assert load_record(path) == record
    with pytest.raises(Exception, match="already exists"):
        save_record(path, record.with_moves(()))
    assert load_record(path) == record  # left alone; the new record is saved beside it
    assert load_record(tmp_path / "game-1.rec").moves == ()
    save_record(path, record.with_moves(()), overwrite=True)
    assert load_record(path).moves == ()
    # No temporary file is left.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-1.rec", "game.rec"]


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "nope.rec")


def test_a_broken_card_folder_in_the_header_is_reported_at_the_card_file(tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "arsenal.toml").write_text('version = "1"\n')
    path = tmp_path / "game.rec"
    path.write_text("game: puzzle-dungeon\nseed: 1\ncards: cards\n---\n")
    with pytest.raises(Exception) as caught:
        replay(load_record(path))
    assert str(caught.value).startswith(str(tmp_path / "cards" / "arsenal.toml"))
    assert "field 'suits': missing" in str(caught.value)
