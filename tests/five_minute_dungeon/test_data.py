"""5-Minute Dungeon card data: the transcription from
shared/reference/five-minute-dungeon.md checked against the totals that page gives."""

import tomllib
from importlib import resources

SYMBOLS = {"sword", "arrow", "jump", "scroll", "shield"}


def data() -> dict:
    folder = resources.files("dungeoneer.seeds.five_minute_dungeon")
    text = (folder / "cards.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_55_doors_with_30_of_each_symbol():
    """Door cards: 55 (40 with three symbols, 15 with two); the majority values add up to
    exactly 30 of each symbol."""
    doors = data()["door"]
    assert len(doors) == 55
    sizes = [sum(d["symbols"].values()) for d in doors]
    assert sizes.count(3) == 40 and sizes.count(2) == 15
    for symbol in SYMBOLS:
        assert sum(d["symbols"].get(symbol, 0) for d in doors) == 30
    assert {d["type"] for d in doors} == {"monster", "obstacle", "person"}


def test_hero_decks_have_40_cards_and_every_hero_an_ability():
    cards = data()
    for deck in cards["hero_deck"]:
        total = (sum(deck["single"].values()) + sum(d["count"] for d in deck["double"])
                 + sum(a["count"] for a in deck["action"]))
        assert total == 40, deck["colour"]
    heroes = {h for deck in cards["hero_deck"] for h in deck["heroes"]}
    assert heroes == {h["name"] for h in cards["hero"]} and len(heroes) == 10
    actions = {a["name"] for deck in cards["hero_deck"] for a in deck["action"]}
    assert actions == {a["name"] for a in cards["action_card"]}


def test_bosses_challenges_and_sources():
    cards = data()
    assert [b["number"] for b in cards["boss"]] == list(range(1, 8))
    assert cards["boss"][0]["name"] == "Baby Barbarian" and cards["boss"][0]["doors"] == 20
    assert len(cards["mini_boss"]) == 10 and len(cards["event"]) == 10
    for section in ("hero_deck", "hero", "action_card", "boss", "mini_boss", "event", "door"):
        for entry in cards[section]:
            assert entry["source"].split(":")[0] in ("rulebook", "reference"), entry
            assert set(entry.get("symbols", {})) <= SYMBOLS
