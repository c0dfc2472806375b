"""Extension points: what is special to one game, offered under a typed, named key.

The game protocol (:mod:`takeover.core.protocol`) is what every game has. A game may
offer more: Acquire lets players propose trades that no list of legal actions can hold,
and has hidden tiles a search bot must re-deal; 1817 will offer its auto-router and map
queries. Generic code (bots, server, tests) asks a state for such a *capability* by its
key and gets an object of the key's type, or ``None`` when the game has none::

    offers = state.extension(TRADE_OFFERS)
    if offers is not None and offers.can_propose(seat):
        ...

Keys are values, not classes, so ``extension()`` is typed (``TRADE_OFFERS`` is an
``Extension[TradeOffers]`` and the call returns ``TradeOffers | None``) and never a
``hasattr`` probe or a read of a game's private fields. A game declares what it offers
in one :class:`Extensions` table. A new capability is a protocol plus a key, added here
when generic code needs it (or in the game's own package when only its own code does).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from takeover.core.protocol import Action, Event, GameState

E = TypeVar("E")
S = TypeVar("S")


@dataclass(frozen=True, eq=False)
class Extension(Generic[E]):
    """The key of one capability; ``E`` is the type of what a state offers under it.

    Keys compare by identity: two keys with the same name are different capabilities.
    """

    name: str
    doc: str = ""

    def __repr__(self) -> str:
        return f"<extension {self.name}>"


class Extensions(Generic[S]):
    """A game's table of capabilities: each key with the factory that builds its object
    for a state (usually a small adapter holding the state).

    >>> table: Extensions[str] = Extensions()
    >>> NAME: Extension[int] = Extension("name length")
    >>> table.provide(NAME, len)
    >>> table.get(NAME, "acquire"), table.get(TRADE_OFFERS, "acquire")
    (7, None)
    """

    def __init__(self) -> None:
        self._factories: dict[Extension[Any], Callable[[S], Any]] = {}

    def provide(self, key: Extension[E], factory: Callable[[S], E]) -> None:
        self._factories[key] = factory

    def get(self, key: Extension[E], state: S) -> E | None:
        factory = self._factories.get(key)
        # The cast is safe: ``provide`` only stores a factory of the key's own type.
        return None if factory is None else cast("E", factory(state))

    def keys(self) -> list[Extension[Any]]:
        return list(self._factories)


# -- the capabilities generic code asks for ------------------------------------------------


class TradeOffers(Protocol):
    """Open-ended offers between players (Acquire's trades, section 7 of docs/rules/acquire.md).

    An offer is an action of its own (Acquire: ``propose_trade``), made from the record
    form and checked by ``apply`` like any other; it is never in ``legal_actions``, since
    the terms are open (any cash, any shares). Answers to an offer are listed as usual.
    """

    def can_propose(self, seat: int) -> bool:
        """Whether ``seat`` may propose an offer now."""
        ...


class VoluntaryEnd(Protocol):
    """Actions by which a player ends the game by choice (Acquire's declaration of the
    end, or a purchase that declares it). A random player takes them when it may; a
    stand-in for an absent player (the server's fallback) never does."""

    def ends_game(self, action: Action) -> bool: ...


class WorldSampler(Protocol):
    """Worlds consistent with what one seat knows, for search bots.

    ``sample(seat, rng)`` is a full state in which everything hidden from ``seat`` has
    been re-dealt at random, so nothing secret can be read from it; a game without
    hidden information returns a plain copy (and says so by offering this).
    """

    def sample(self, seat: int, rng: random.Random) -> GameState: ...


class Hands(Protocol):
    """Each seat's hidden hand, in the game's own words (Acquire's tiles, ``["6D", ...]``),
    for those who may see everything: the replay viewer of a finished game. A game with
    nothing hidden in hands offers none."""

    def hand(self, seat: int) -> list[str]: ...


class SharedView(Protocol):
    """A game that hides nothing from anyone: every seat and every spectator is shown the
    same view, so a server builds it once per position for all of them (1817)."""

    def view(self) -> dict[str, Any]:
        """The one view (``state.view(seat)`` for any seat, and for ``None``)."""
        ...


class OpenView(Protocol):
    """The position with nothing hidden but hands (those are ``HANDS``'), for those who may
    see everything: the replay of a finished game shows every seat's money and holdings
    at every step, not only at the end. A game whose views hide nothing else offers none."""

    def view(self) -> dict[str, Any]: ...

    def event_view(self, event: Event) -> dict[str, Any] | None: ...


class Undoing(Protocol):
    """Taking actions back. Both games record an ``undo`` naming, by ``action_id``, the
    last action that stays (``0``: none; 1817 as 18xx.games does, Acquire in its record
    format, docs/record-format.md); the engine accepts one from any seat and replays it
    exactly, and the server decides who may ask (docs/server-protocol.md, "Undo")."""

    def last_own(self, seat: int) -> tuple[int, bool] | None:
        """For taking back ``seat``'s last action still standing and everything after
        it: the ``action_id`` the undo names and whether another seat acted after that
        action; ``None`` when ``seat`` has no action to take back."""
        ...

    def undo(self, seat: int, action_id: int) -> Action:
        """``seat``'s undo of every standing action after ``action_id``, for ``apply``."""
        ...


class SlowListing(Protocol):
    """A game whose listing of the legal actions can take long at some positions (1817's
    route decisions: the router's best routes). A server lists such positions away from
    the work every table shares (worker processes, with a deadline) and offers ``quick``
    when the deadline passes; everywhere else ``legal_actions`` is fast enough to call
    at once."""

    def slow(self) -> bool:
        """Whether listing this position may take long."""
        ...

    def quick(self, seat: int) -> Sequence[Action]:
        """Some of ``seat``'s legal actions, found at once (at least one where the seat
        decides): what a seat may still do when the full listing ran out of time (1817's
        route decision: running no routes)."""
        ...


TRADE_OFFERS: Extension[TradeOffers] = Extension("trade_offers", TradeOffers.__doc__ or "")
VOLUNTARY_END: Extension[VoluntaryEnd] = Extension("voluntary_end", VoluntaryEnd.__doc__ or "")
WORLD_SAMPLER: Extension[WorldSampler] = Extension("world_sampler", WorldSampler.__doc__ or "")
HANDS: Extension[Hands] = Extension("hands", Hands.__doc__ or "")
SHARED_VIEW: Extension[SharedView] = Extension("shared_view", SharedView.__doc__ or "")
OPEN_VIEW: Extension[OpenView] = Extension("open_view", OpenView.__doc__ or "")
UNDO: Extension[Undoing] = Extension("undo", Undoing.__doc__ or "")
SLOW_LISTING: Extension[SlowListing] = Extension("slow_listing", SlowListing.__doc__ or "")

STANDARD: Sequence[Extension[Any]] = (
    TRADE_OFFERS,
    VOLUNTARY_END,
    WORLD_SAMPLER,
    HANDS,
    SHARED_VIEW,
    OPEN_VIEW,
    UNDO,
    SLOW_LISTING,
)
"""The keys defined here, for documentation and the conformance suite."""
