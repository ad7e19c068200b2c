"""Dinky Dungeon card data, loaded from `seeds/dinky_dungeon/cards.toml` and checked."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from dungeoneer.engine.errors import CardDataError

SOURCE_KINDS = ("rulebook", "reference", "reconstructed")


@dataclass(frozen=True)
class Adventurer:
    """One adventurer card (copies share the name)."""

    name: str
    scapegoat_icon: bool
    text: str
    effect: str
    count: int


@dataclass(frozen=True)
class DinkyCards:
    """The whole card set."""

    version: str
    dungeon: tuple[int, ...]
    """Every dungeon card's level (= reward value), one entry per card."""
    adventurers: tuple[Adventurer, ...]
    """One entry per name."""

    def named(self, name: str) -> Adventurer:
        """The adventurer with this name (case does not matter)."""
        found = self._by_name.get(name) or self._by_name.get(name.lower())
        if found is None:
            raise KeyError(name)
        return found

    @functools.cached_property
    def _by_name(self) -> dict[str, Adventurer]:
        table = {a.name: a for a in self.adventurers}
        table.update({a.name.lower(): a for a in self.adventurers})
        return table

    def adventurer_deck(self) -> tuple[str, ...]:
        """Every adventurer card, copies included, in the file's order."""
        return tuple(a.name for a in self.adventurers for _ in range(a.count))


def load_cards(path: str | Path | None = None) -> DinkyCards:
    """Read and check the card file (the built-in one by default, read once)."""
    if path is None:
        return _builtin()
    return _load(path)


@functools.lru_cache(maxsize=1)
def _builtin() -> DinkyCards:
    return _load(None)


def _load(path: str | Path | None) -> DinkyCards:
    if path is None:
        file = resources.files("dungeoneer.seeds.dinky_dungeon").joinpath("cards.toml")
        where, text = "seeds/dinky_dungeon/cards.toml", file.read_text(encoding="utf-8")
    else:
        where, text = str(path), Path(path).read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"not valid TOML: {exc}", file=where) from None
    from dungeoneer.engine.dinky_dungeon.effects import EFFECTS

    dungeon: list[int] = []
    for entry in data.get("dungeon", ()):
        _check_source(entry.get("source"), where, f"dungeon level {entry.get('level')}")
        if not isinstance(entry.get("level"), int) or not isinstance(entry.get("count"), int):
            raise CardDataError("a dungeon entry has a whole-number level and count",
                                file=where, text=str(entry))
        dungeon.extend([entry["level"]] * entry["count"])
    adventurers = []
    for entry in data.get("adventurer", ()):
        name = entry.get("name", "?")
        for key in ("name", "text", "effect", "count", "scapegoat_icon", "source"):
            if key not in entry:
                raise CardDataError(f"adventurer {name}: missing {key!r}", file=where, text=name)
        if entry["effect"] not in EFFECTS:
            raise CardDataError(f"adventurer {name}: unknown effect {entry['effect']!r}; known: "
                                f"{', '.join(sorted(EFFECTS))}", file=where, text=name)
        sources = entry["source"]
        for value in (sources.values() if isinstance(sources, dict) else [sources]):
            _check_source(value, where, f"adventurer {name}")
        adventurers.append(Adventurer(name, bool(entry["scapegoat_icon"]), entry["text"],
                                      entry["effect"], int(entry["count"])))
    return DinkyCards(str(data.get("version", "?")), tuple(sorted(dungeon)), tuple(adventurers))


def _check_source(value: object, where: str, what: str) -> None:
    if not isinstance(value, str) or value.split(":")[0].strip() not in SOURCE_KINDS:
        raise CardDataError(f"{what}: every value says where it comes from (one of "
                            f"{', '.join(SOURCE_KINDS)}), got {value!r}", file=where, text=what)
