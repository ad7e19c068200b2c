"""What the games with hidden cards share of a game's history and of a seat's memory of it.

- `Chain`: a history as a persistent linked list, its last event and the history before it. A
  new state adds one small record and shares the rest with the state before (a tuple copied on
  every event made long games slower the longer they ran). A game may keep a chain of its own
  with the event's fields in the link itself (half the objects, for a game of many small
  moves), and read it with `after` given how a link holds its event.
- `Memory`: a seat's knowledge for a bot that decides at many states of one game, read on from
  the events that are new since its last decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, NamedTuple, Protocol, TypeVar


class Chain(NamedTuple):
    """A history: its last event and the history before it (`START`, the history before
    anything happened, has neither)."""

    last: Any
    previous: Chain | None

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as the list of its events: a nested tuple as deep as the game is long would
        # meet the recursion limit.
        return (chain_of, (after(self, None),))


START = Chain(None, None)
"""The history of a game before anything has happened."""


def chain_of(events: list[Any]) -> Chain:
    """The history of these events, in the order they happened."""
    history = START
    for event in events:
        history = Chain(event, history)
    return history


class Linked(Protocol):
    """A link of a history: anything with the history before it (None for the start)."""

    @property
    def previous(self) -> Linked | None: ...


def _last(link: Chain) -> Any:
    return link.last


def events(history: Chain) -> list[Any]:
    """The events of `history`, in the order they happened."""
    found = after(history, None)
    assert found is not None
    return found


def after(history: Linked, earlier: Linked | None,
          event: Callable[[Any], Any] = _last) -> list[Any] | None:
    """The events of `history` after `earlier`, in order, if `history` goes on from `earlier`
    (None: it does not; `earlier` None: every event). One walk back, as long as the events that
    are new. `event` reads a link's event (a chain's `last` by default: a game whose links hold
    the event's fields builds it from them)."""
    found: list[Any] = []
    link: Linked | None = history
    while link is not earlier:
        if link is None:
            return None
        if link.previous is not None:  # (not the start)
            found.append(event(link))
        link = link.previous
    found.reverse()
    return found


class Observer(Protocol):
    """A seat's knowledge, as `Memory` needs it: whose it is, and one event more."""

    seat: int

    def observe(self, event: Any) -> None: ...


class Recorded(Protocol):
    """A game's state, as `Memory` needs it: its game and its history (None: none kept)."""

    @property
    def game(self) -> Any: ...

    @property
    def events(self) -> Any: ...


S = TypeVar("S", bound=Recorded)
"""A game's state."""
K = TypeVar("K", bound=Observer)
"""A game's knowledge of one seat."""


class Memory(Generic[S, K]):
    """A game's `knowledge(state, seat)` for a bot that decides at many states of one game:
    each read on from the last one's when the state's history goes on from that one's (a
    cache: the same knowledge, in less time; the knowledge it returns changes with the next
    call). `at_start(game, seat)` is what a seat knows before anything happens, `from_view`
    what it knows of a state without a history, and `after` the game's `after` of its chain."""

    def __init__(self, at_start: Callable[[Any, int], K], from_view: Callable[[S, int], K],
                 after: Callable[[Any, Any], list[Any] | None]) -> None:
        self._at_start, self._from_view, self._after = at_start, from_view, after
        self._game: object = None
        self._history: object = None
        self._known: K | None = None

    def of(self, state: S, seat: int) -> K:
        """What `seat` knows in `state` (as the game's `knowledge`)."""
        history, game, known = state.events, state.game, self._known
        if history is None:
            return self._from_view(state, seat)
        new = None
        if known is not None and known.seat == seat and game == self._game:
            new = self._after(history, self._history)
        if known is None or new is None:
            known, new = self._at_start(game, seat), self._after(history, None)
            assert new is not None
        for event in new:
            known.observe(event)
        self._game, self._history, self._known = game, history, known
        return known
