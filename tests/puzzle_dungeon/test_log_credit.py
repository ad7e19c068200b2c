"""The move log credits each ability's effects to it: 'Rogue's Collect resolves.' comes before
what the Collect did, so a draw after `resolve Haunted-Armor:Loot` is not read as the Loot's; and
the short telling of a winning line (`solve`) names the ability before its effects."""

from __future__ import annotations

from dungeoneer.engine import registry


def test_each_effect_follows_the_ability_that_caused_it():
    state = registry.get_game("puzzle-dungeon").new_initial_state(seed=42)
    for move in ("deal", "attack 2", "pay 3C 7C 0H 4M"):
        state = state.apply(state.parse_action(move))
    log: list[str] = []
    state.apply(state.parse_action("resolve Haunted-Armor:Loot"), log)
    assert log == ["Haunted Armor's Loot resolves.", "Rogue's Collect resolves.", "You draw 6T."]


def test_the_short_telling_names_the_ability_before_its_effects():
    from dungeoneer.solver.lines import brief, written_steps

    start = registry.get_game("puzzle-dungeon").new_initial_state(seed=42)
    told = written_steps(start, ["deal", "attack 2", "pay 3C 7C 0H 4M",
                                 "resolve Haunted-Armor:Loot"])
    assert brief(told)[-1].gloss == "Haunted Armor's Loot; Rogue's Collect: draw 6T"
