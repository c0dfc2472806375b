"""1817 actions in the 18xx.games record form.

An :class:`Action` is frozen and hashable: the type, the acting entity and the remaining
fields as a sorted tuple, so the record form round-trips exactly (``to_dict``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from takeover.core.errors import IllegalAction, UnknownField

IGNORED_KEYS = frozenset({"id", "user", "created_at", "original_id", "skip", "auto_actions"})
"""Bookkeeping keys that do not change what an action does."""

ENTITY_TYPES = ("player", "corporation", "company")
"""Who may act: every record action names one of these as its ``entity_type``."""

NO_EFFECT = frozenset(
    {
        "message",
        "program_share_pass",
        "program_merger_pass",
        "program_buy_shares",
        "program_disable",
    }
)
"""Actions that change nothing in the position: chat and the interface's auto-pass
programming (any player may record them at any time; the passes they program are
recorded as actions of their own)."""


FIELDS: dict[str, frozenset[str]] = {
    kind: frozenset(names)
    for kind, names in {
        "assign": ("target", "target_type"),
        "bankrupt": (),
        "bid": ("company", "corporation", "price"),
        "buy_shares": ("percent", "shares"),
        "buy_train": ("max_price", "price", "train", "variant"),
        "choose": ("choice",),
        "convert": (),
        "discard_train": ("train",),
        "dividend": ("kind",),
        "end_game": (),
        "lay_tile": ("hex", "rotation", "tile"),
        "merge": ("corporation",),
        "message": ("message",),
        "pass": (),
        "redo": (),
        "undo": ("action_id",),
        "payoff_loan": ("loan",),
        "place_token": ("city", "slot", "tokener"),
        "remove_token": ("city", "slot"),
        "run_routes": ("extra_revenue", "routes", "subsidy"),
        "sell_shares": ("percent", "shares"),
        "short": ("corporation",),
        "take_loan": ("loan",),
    }.items()
}
"""The fields each kind of decision may carry in the record form (18xx.games' names),
beyond ``type``, ``entity``, ``entity_type`` and the bookkeeping keys. A move a client
sends is held to it (:func:`checked_fields`); a record being replayed is not, since
18xx.games adds fields of its interface (auto-pass programming, undo) to its records."""


def checked_fields(data: Mapping[str, Any]) -> None:
    """Refuse a client's move of an unknown kind or with a field its kind does not have,
    naming them (a field nothing reads would otherwise be stored silently)."""
    kind = data.get("type")
    allowed = FIELDS.get(kind) if isinstance(kind, str) else None
    if allowed is None:
        raise IllegalAction(f"no move is called {kind!r}: one of {', '.join(sorted(FIELDS))}")
    extra = sorted(
        str(k)
        for k in data
        if k not in allowed and k not in IGNORED_KEYS and k not in ("type", "entity", "entity_type")
    )
    if extra:
        raise UnknownField(f"{kind} has no field {', '.join(map(repr, extra))}")


class _FrozenMap(tuple):  # type: ignore[type-arg]
    """A mapping frozen as its sorted (key, value) pairs; the type keeps it apart from a
    list of pairs (a route's connections are lists of two hexes)."""

    __slots__ = ()


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return _FrozenMap(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, _FrozenMap):
        return {k: _thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


LISTING_ONLY = frozenset({"max_price"})
"""Fields a listed action carries to say a range (another corporation's train: any price
from ``price`` to ``max_price``); they decide nothing, and the record leaves them out."""

KEY_FIELDS: dict[str, tuple[str, ...]] = {
    "bid": ("company", "corporation", "price"),
    "choose": ("choice",),
    "assign": ("target",),
    "lay_tile": ("hex", "tile", "rotation"),
    "place_token": ("city",),
    "remove_token": ("city", "slot"),
    "buy_shares": ("shares",),
    "sell_shares": ("shares",),
    "short": ("corporation",),
    "merge": ("corporation",),
    "buy_train": ("train", "price"),
    "discard_train": ("train",),
    "dividend": ("kind",),
}
"""The fields that make a decision; others (a loan's id, a share percentage, the
interface's ``variant``) follow from the position and are not compared."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``type`` (``bid``, ``pass``...), ``entity`` and its other fields."""

    type: str
    entity: int | str
    entity_type: str
    fields: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """Read the record form; ``IllegalAction`` names a missing or mistyped field."""
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action must be an object, got {data!r}")
        kind, entity = data.get("type"), data.get("entity")
        if not isinstance(kind, str) or not kind:
            raise IllegalAction(f'an action needs "type": a word such as "bid", got {kind!r}')
        if isinstance(entity, bool) or not isinstance(entity, int | str):
            raise IllegalAction(
                f'{kind} needs "entity": a player id or a corporation or company symbol, '
                f"got {entity!r}"
            )
        if data.get("entity_type") not in ENTITY_TYPES:
            raise IllegalAction(
                f'{kind} needs "entity_type": one of {", ".join(ENTITY_TYPES)}, '
                f"got {data.get('entity_type')!r}"
            )
        rest = {
            k: v
            for k, v in data.items()
            if k not in IGNORED_KEYS and k not in ("type", "entity", "entity_type")
        }
        entity_type = data["entity_type"]
        if (entity_type == "player") != isinstance(entity, int):
            want = "a player id (an integer)" if entity_type == "player" else "a symbol"
            raise IllegalAction(f'the "entity" of a {entity_type} must be {want}, got {entity!r}')
        return cls(kind, entity, entity_type, _freeze(rest))

    @classmethod
    def make(cls, type_: str, entity: int | str, **fields: Any) -> Action:
        """An action of a player (``entity`` an int id) or a corporation (a symbol)."""
        entity_type = "player" if isinstance(entity, int) else "corporation"
        return cls(type_, entity, entity_type, _freeze(fields))

    def key(self) -> tuple[Any, ...]:
        """What identifies the decision: type, entity (a symbol names a corporation or a
        private: 1817's ME is both) and its deciding fields, so a recorded action matches
        the listed one it took."""
        fields = tuple(
            (name, _freeze(value))
            for name in KEY_FIELDS.get(self.type, ())
            if (value := self.get(name)) is not None
        )
        return (self.type, self.entity_type, str(self.entity), fields)

    def with_field(self, name: str, value: Any) -> Action:
        """The same action with field ``name`` set to ``value``."""
        fields = {k: v for k, v in self.fields if k != name}
        fields[name] = _freeze(value)
        return Action(self.type, self.entity, self.entity_type, _FrozenMap(sorted(fields.items())))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.fields:
            if k == key:
                return _thaw(v)
        return default

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.type,
            "entity": self.entity,
            "entity_type": self.entity_type,
        }
        out.update(_thaw(self.fields) if self.fields else {})
        return out

    def __str__(self) -> str:
        extra = {k: _thaw(v) for k, v in self.fields if k not in ("routes",)}
        return f"{self.entity} {self.type} {json.dumps(extra, sort_keys=True)}"
