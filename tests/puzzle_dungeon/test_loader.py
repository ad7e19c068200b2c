"""The card loader checks every file, card and field, and names them in its errors."""

from importlib import resources

import pytest

from dungeoneer.engine.errors import CardDataError
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, load_card_set
from tests.conftest import run


def builtin(name: str) -> str:
    return resources.files("dungeoneer.seeds.puzzle_dungeon").joinpath(name).read_text("utf-8")


def folder_with(tmp_path, name: str, text: str):
    (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("old", "new", "expected"), [
    ('weapon = ["Claw"]\ndefense = ["Claw", "Claw", "Hand", "Mitt"]',
     'weapon = ["Claw"]\ndefense = ["Claw", "Claw", "Hand"]',
     "card 'Haunted Armor', field 'defense': expected 4 suits, got 3"),
    ('weapon = ["Claw"]\ndefense = ["Claw", "Claw", "Hand", "Mitt"]',
     'weapon = ["Club"]\ndefense = ["Claw", "Claw", "Hand", "Mitt"]',
     "card 'Haunted Armor', field 'weapon': unknown suit 'Club'"),
    ('text = "Loot: Ready a collected monster."\ntrigger = "loot"',
     'text = "Loot: Ready a collected monster."\ntrigger = "trophy"',
     "field 'text': a trophy ability's text starts with 'Trophy:'"),
    ('effect = [{ op = "ready", target = "collected" }]',
     'effect = [{ op = "teleport" }]',
     "card 'Haunted Armor', field 'effect': unknown op 'teleport'"),
    ('effect = [{ op = "ready", target = "collected" }]',
     'effect = [{ op = "ready", target = "everyone" }]',
     "op 'ready': target must be one of"),
    ('source = { name = "rulebook: The Monster Deck", type = "reconstructed", weapon = '
     '"reconstructed", defense = "reconstructed", king_weapon = "reconstructed" }\n\n'
     '[[monster.ability]]\nface = "front"\ntext = "Loot: Ready',
     'source = { name = "rulebook: The Monster Deck", type = "reconstructed", weapon = '
     '"reconstructed", defense = "reconstructed" }\n\n'
     '[[monster.ability]]\nface = "front"\ntext = "Loot: Ready',
     "field 'source.king_weapon': missing: every field says where it comes from"),
    ('type = "chest"\nweapon = ["Claw"]', 'type = "chest"\ncolour = "red"\nweapon = ["Claw"]',
     "field 'colour': not a field of a monster"),
    ('chest = "rulebook', 'chest = "somewhere', "a source starts with 'rulebook'"),
    # 'it' must be what the trigger speaks of: a Loot's 'it' is the monster, not a card.
    ('effect = [{ op = "ready", target = "collected" }]', 'effect = [{ op = "draw_it" }]',
     "card 'Haunted Armor', field 'effect': 'it' in a loot ability is not a card"),
    ('effect = [{ op = "draw_it" }]',
     'effect = [{ op = "ready", target = "it" }]',
     "card 'Goblin', field 'effect': 'it' in a deal ability is not a monster"),
])
def test_errors_name_the_file_the_card_and_the_field(tmp_path, old, new, expected):
    text = builtin("monsters.toml")
    assert old in text
    folder = folder_with(tmp_path, "monsters.toml", text.replace(old, new, 1))
    with pytest.raises(CardDataError) as caught:
        load_card_set(folder)
    assert str(caught.value).startswith(str(tmp_path / "monsters.toml") + ": ")
    assert expected in str(caught.value)


def test_invalid_toml_gives_the_line(tmp_path):
    folder = folder_with(tmp_path, "heroes.toml", builtin("heroes.toml") + "\nthis is = = bad\n")
    with pytest.raises(CardDataError) as caught:
        load_card_set(folder)
    assert caught.value.line == builtin("heroes.toml").count("\n") + 2
    assert "not valid TOML" in str(caught.value)


def test_a_folder_replaces_only_the_files_it_has(tmp_path):
    hero = '''
[[hero]]
name = "Tester"
card = "Tester"
challenge = false
prey = { chest = 1 }
source = { name = "reconstructed", card = "reconstructed", challenge = "reconstructed", \
prey = "reconstructed" }

[[hero.ability]]
text = "Trophy: Draw a card."
trigger = "trophy"
effect = [{ op = "draw" }]
source = "reconstructed"
'''
    folder = folder_with(tmp_path, "heroes.toml", builtin("heroes.toml") + hero)
    game = PuzzleDungeon(hero="Tester", card_folder=str(folder))
    assert game.hero.name == "Tester" and len(game.cards.monsters) == 23
    state = game.new_initial_state(seed=1)
    state.verify()


def test_the_cli_reports_a_broken_card_file(tmp_path):
    folder = folder_with(tmp_path, "arsenal.toml", 'version = "1"\nsuits = ["Torch"]\n')
    result = run("deal", "1", "--cards", str(folder))
    assert result.exit_code == 2
    assert "arsenal.toml" in result.output and "field 'suits'" in result.output


def test_a_trap_or_treasure_can_not_name_this_monster(tmp_path):
    text = builtin("traps_treasures.toml")
    old = '{ op = "discard_deck", count = 2 }'
    assert old in text
    broken = text.replace(old, '{ op = "exhaust", target = "adjacent_to_this" }', 1)
    folder = folder_with(tmp_path, "traps_treasures.toml", broken)
    with pytest.raises(CardDataError) as caught:
        load_card_set(folder)
    message = str(caught.value)
    assert "Owner's Manual" in message and "field 'effect'" in message
    assert "a Trap or Treasure is not a monster" in message
