"""Rulesets: named presets of every parameter and switch of
``docs/rules/acquire.md`` (section 10).

A ruleset is data. ``standard`` is the default; ``tlstyer`` reproduces the
conventions of acquire.tlstyer.com (section 12 of the rules).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from takeover.acquire.data import EDITIONS, Edition
from takeover.core.errors import RecordError

TurnOrder = Literal["clockwise", "drawn"]
FirstTile = Literal["row", "column"]
DeadReplacement = Literal["once", "repeat"]
DeclareTiming = Literal["turn_start", "with_purchase"]
_CHOICES = {
    "closest_tile": FirstTile,
    "turn_order": TurnOrder,
    "dead_replacement": DeadReplacement,
    "declare_end": DeclareTiming,
}


@dataclass(frozen=True)
class Ruleset:
    """Every switch and parameter a table can set."""

    preset: str = "standard"
    player_trading: bool = True
    hidden_holdings: bool = False
    edition: str = "classic"
    starting_cash: int = 6000
    hand_size: int = 6
    shares_per_chain: int = 25
    max_purchase: int = 3
    safe_size: int | None = None
    """``None``: the edition's (11, or 10 in the 2016 edition)."""
    end_size: int = 41
    min_players: int = 2
    max_players: int = 6
    closest_tile: FirstTile = "row"
    """Which drawn tile is closest to 1A: lowest row first, or lowest column first."""
    turn_order: TurnOrder = "clockwise"
    """Clockwise from the first player, or the order of the drawn tiles."""
    dead_replacement: DeadReplacement = "once"
    declare_end: DeclareTiming = "turn_start"
    bonuses_first: bool = False
    """Pay every defunct chain's bonuses before any disposal (tlstyer)."""
    grow_survivor_first: bool = False
    """A merger's survivor takes over the other tiles as soon as it is known, not once the
    merger is complete (tlstyer, rule 6.8)."""
    max_trade_offers: int = 5

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ValueError(
                f"unknown edition {self.edition!r} (known: {', '.join(sorted(EDITIONS))})"
            )
        for name in ("starting_cash", "hand_size", "shares_per_chain", "end_size"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be positive, got {getattr(self, name)}")
        if self.starting_cash % 100:
            raise ValueError("starting_cash must be a multiple of $100")
        if self.max_purchase < 0:
            raise ValueError("max_purchase must not be negative")
        if self.safe_size is not None and self.safe_size < 2:
            raise ValueError("safe_size must be at least 2")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError("players: need 1 <= min_players <= max_players")
        if self.max_trade_offers < 0:
            raise ValueError("max_trade_offers must not be negative")
        for name, kind in _CHOICES.items():
            allowed = typing.get_args(kind)
            if getattr(self, name) not in allowed:
                raise ValueError(
                    f"{name} must be one of {', '.join(map(repr, allowed))}, "
                    f"got {getattr(self, name)!r}"
                )

    @property
    def edition_data(self) -> Edition:
        return EDITIONS[self.edition]

    @property
    def safe(self) -> int:
        return self.safe_size if self.safe_size is not None else self.edition_data.safe_size

    def options(self) -> dict[str, Any]:
        """The fields that differ from this ruleset's preset."""
        base = PRESETS[self.preset] if self.preset in PRESETS else Ruleset()
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.name != "preset" and getattr(self, f.name) != getattr(base, f.name)
        }

    def to_json(self) -> str | dict[str, Any]:
        """The record form: a preset name, or ``{"preset", "options"}``."""
        options = self.options()
        return {"preset": self.preset, "options": options} if options else self.preset


PRESETS: dict[str, Ruleset] = {
    "standard": Ruleset(),
    "tlstyer": Ruleset(
        preset="tlstyer",
        player_trading=False,
        min_players=1,
        closest_tile="column",
        turn_order="drawn",
        dead_replacement="repeat",
        declare_end="with_purchase",
        bonuses_first=True,
        grow_survivor_first=True,
    ),
}

_FIELDS = {f.name: f for f in dataclasses.fields(Ruleset)}


def option_choices() -> dict[str, list[str]]:
    """The values each word-valued option may take (what a create form offers)."""
    choices = {"edition": sorted(EDITIONS)}
    choices.update({name: list(typing.get_args(kind)) for name, kind in _CHOICES.items()})
    return choices


def ruleset_from_json(spec: str | Mapping[str, Any] | Ruleset | None) -> Ruleset:
    """Read a ruleset from its record form; unknown names and options are errors."""
    if spec is None:
        return PRESETS["standard"]
    if isinstance(spec, Ruleset):
        return spec
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, Mapping):
        raise RecordError('"ruleset" must be a preset name or {"preset": ..., "options": {...}}')
    name = spec.get("preset", "standard")
    if name not in PRESETS:
        raise RecordError(f"unknown ruleset preset {name!r} (known: {', '.join(PRESETS)})")
    options = spec.get("options")
    if not options and options is not None and not isinstance(options, Mapping):
        raise RecordError('"options" must be an object')
    if not options:
        return PRESETS[name]
    if not isinstance(options, Mapping):
        raise RecordError('"options" must be an object')
    changes: dict[str, Any] = {}
    for key, value in options.items():
        f = _FIELDS.get(key)
        if f is None or key == "preset":
            raise RecordError(f"unknown ruleset option {key!r}")
        expected = type(getattr(PRESETS[name], key)) if key != "safe_size" else int
        if expected is bool and not isinstance(value, bool):
            raise RecordError(f"option {key!r} must be true or false, got {value!r}")
        if expected is int and (not isinstance(value, int) or isinstance(value, bool)):
            raise RecordError(f"option {key!r} must be an integer, got {value!r}")
        if expected is str and not isinstance(value, str):
            raise RecordError(f"option {key!r} must be a string, got {value!r}")
        changes[key] = value
    try:
        return dataclasses.replace(PRESETS[name], **changes)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"bad ruleset: {exc}") from None
