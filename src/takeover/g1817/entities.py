"""The mutable pieces of a 1817 position: players, corporations, certificates, trains.

Plain slotted classes, so the rules read like the rulebook ("the corporation's cash",
"the player's shares"). Each copies itself for :meth:`Game1817.clone` field by field
(``__deepcopy__``), which is many times faster than the generic deep copy of a slotted
object; references between them (a corporation's trains are the depot's trains) stay
shared in the copy through the ``memo``.
"""

from __future__ import annotations

import itertools
from copy import deepcopy
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

POOL = "__market__"
"""Holder key of the open market (shares sold, shorted or bankrupt players' shares)."""

Holder = int | str
"""A certificate's owner: a player id, a corporation symbol (its treasury) or :data:`POOL`."""


_ARRIVALS = itertools.count()

_T = TypeVar("_T")
_ATOMIC = frozenset({int, str, float, bool, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}


def copy_value(value: Any, memo: dict[int, Any]) -> Any:
    """``deepcopy(value, memo)``, with the common cases made cheap: plain values are
    shared, and lists, sets and dicts of plain values are copied in one go (still through
    ``memo``, so an object reached twice is copied once)."""
    kind = type(value)
    if kind in _ATOMIC:
        return value
    if id(value) in memo:
        return memo[id(value)]
    if kind is list or kind is set:
        plain = all(type(v) in _ATOMIC for v in value)
    elif kind is dict:
        plain = all(type(k) in _ATOMIC and type(v) in _ATOMIC for k, v in value.items())
    else:
        plain = False
    if not plain:
        return deepcopy(value, memo)
    twin = kind(value)
    memo[id(value)] = twin
    return twin


def _copy_fields(obj: _T, memo: dict[int, Any]) -> _T:
    """A deep copy of a slotted dataclass, field by field (no generic reduce protocol)."""
    kind = type(obj)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in fields(obj))  # type: ignore[arg-type]
    twin = object.__new__(kind)
    memo[id(obj)] = twin
    for name in names:
        setattr(twin, name, copy_value(getattr(obj, name), memo))
    return twin


class Share:
    """One certificate; ``percent`` is negative for a short.

    ``seq`` orders certificates by when their holder received them: the reference takes
    "the first share" of a holder in that order (closing shorts, redeeming), so ids match
    only if we do too.
    """

    __slots__ = ("_owner", "corp", "index", "percent", "president", "seq")

    def __init__(
        self, corp: str, index: int, percent: int, owner: Holder, president: bool = False
    ) -> None:
        self.corp = corp
        self.index = index
        self.percent = percent
        self.president = president
        self._owner = owner
        self.seq = next(_ARRIVALS)

    @property
    def owner(self) -> Holder:
        return self._owner

    @owner.setter
    def owner(self, holder: Holder) -> None:
        if holder != self._owner:
            self._owner = holder
            self.seq = next(_ARRIVALS)

    @property
    def id(self) -> str:
        return f"{self.corp}_{self.index}"

    def __deepcopy__(self, memo: dict[int, Any]) -> Share:
        twin = Share.__new__(Share)
        twin.corp, twin.index, twin.percent = self.corp, self.index, self.percent
        twin.president, twin._owner, twin.seq = self.president, self._owner, self.seq
        memo[id(self)] = twin
        return twin

    def __repr__(self) -> str:
        return f"Share({self.id}, {self.percent}%, {self._owner!r})"


@dataclass(slots=True)
class Train:
    name: str
    index: int
    owner: Holder | None = None
    """``None`` while in the depot (upcoming or discarded)."""
    obsolete: bool = False

    @property
    def id(self) -> str:
        return f"{self.name}-{self.index}"

    def __deepcopy__(self, memo: dict[int, Any]) -> Train:
        twin = Train(self.name, self.index, self.owner, self.obsolete)
        memo[id(self)] = twin
        return twin


@dataclass(slots=True)
class Player:
    id: int
    name: str
    cash: int = 0
    companies: list[str] = field(default_factory=list)
    bankrupt: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Player:
        return _copy_fields(self, memo)


@dataclass(slots=True)
class Corporation:
    """A corporation; ``price_index`` is its space on the one-row market (``None``: unstarted)."""

    sym: str
    cash: int = 0
    price_index: int | None = None
    owner: Holder | None = None
    total_shares: int = 2
    loans: list[int] = field(default_factory=list)
    trains: list[Train] = field(default_factory=list)
    tokens: int = 1
    """Station tokens owned, the home token included."""
    tokens_placed: int = 0
    token_hexes: list[str] = field(default_factory=list)
    companies: list[str] = field(default_factory=list)
    shares: list[Share] = field(default_factory=list)
    ipoed: bool = False
    floated: bool = False
    operated: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Corporation:
        return _copy_fields(self, memo)

    @property
    def share_percent(self) -> int:
        return 100 // self.total_shares

    def percent_of(self, holder: Holder) -> int:
        return sum(s.percent for s in self.shares if s.owner == holder)

    def shares_of(self, holder: Holder) -> list[Share]:
        """The holder's certificates in the order they were received."""
        return sorted((s for s in self.shares if s.owner == holder), key=lambda s: s.seq)
