"""The project's errors. Each one carries a message a person can act on; the CLI prints it and
exits with status 2, never a traceback."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dungeoneer.engine.numbers import shown

TEXT_SHOWN = 100
"""The most characters of the offending text (or of a file's path) an error message repeats."""


class DungeoneerError(Exception):
    """Base class: bad input of any kind (a file, a name, an action)."""

    def __init__(self, reason: str, *, file: str | None = None, line: int | None = None,
                 text: str | None = None, header: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.file = file
        self.line = line
        self.text = text
        self.header = header
        """The record header (an option or a set-up key) the bad input is in, when the game
        knows it: replay blames that line, not the first one that holds `text`."""

    def located(self, *, file: str | None = None, line: int | None = None,
                text: str | None = None) -> DungeoneerError:
        """Fill in where the error happened, keeping what is already known; returns self."""
        self.file = self.file if self.file is not None else file
        self.line = self.line if self.line is not None else line
        self.text = self.text if self.text is not None else text
        return self

    def where(self) -> str:
        """'file:line: ' or the parts that are known."""
        file = self.file
        if file is not None and len(file) > TEXT_SHOWN:
            file = "..." + file[-(TEXT_SHOWN - 3):]  # the end of a path names the file
        parts = [p for p in (file, None if self.line is None else str(self.line)) if p]
        return ":".join(parts) + ": " if parts else ""

    def __str__(self) -> str:
        # The offending text is quoted where a file or line locates it; otherwise the reason
        # already names it.
        located = self.file is not None or self.line is not None
        # A 5,000-character line is not repeated whole.
        quoted = f"{shown(self.text, TEXT_SHOWN)!r}: " if self.text is not None and located \
            else ""
        return f"{self.where()}{quoted}{self.reason}"


class SavedBesideError(DungeoneerError):
    """A file appeared at `target` while the command worked and was left alone: the result was
    saved beside it, at `beside` (NAME-1.EXT), which this error names."""

    def __init__(self, target: str, beside: str) -> None:
        super().__init__(f"{target} already exists and was left alone; the result is saved in "
                         f"{beside} instead", file=target)
        self.target = target
        self.beside = beside


class CardDataError(DungeoneerError):
    """A card file is malformed: names the file, the card and the field."""


class CardFolderError(CardDataError):
    """The folder of card files named by an option or a record's header does not exist."""


class RecordError(DungeoneerError):
    """A game record is malformed."""


class UnknownNameError(DungeoneerError):
    """A game, hero, card or option name that does not exist."""


class ActionSyntaxError(DungeoneerError):
    """Text that is not an action in the game's notation."""


class IllegalActionError(DungeoneerError):
    """A well-formed action that the rules do not allow in this state."""

    def __init__(self, reason: str, legal: Sequence[str] = (), **where: Any) -> None:
        self.legal = tuple(legal)
        super().__init__(reason, **where)

    def __str__(self) -> str:
        text = super().__str__()
        if not self.legal:
            return text + " (no action is legal here)"
        shown = ", ".join(self.legal[:30])
        more = f", and {len(self.legal) - 30} more" if len(self.legal) > 30 else ""
        return f"{text}; legal here: {shown}{more}"


class ChanceError(DungeoneerError):
    """An explicit chance outcome (a written shuffle or roll) that does not fit what happened."""
