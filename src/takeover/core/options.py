"""A game's setup choices as data: presets (Acquire's rulesets, 1817's titles) and options.

The lobby draws its form from a :class:`RulesetSchema` (``to_json``), and every game
reads the same record form of a ruleset through :meth:`RulesetSchema.read`: a preset
name, or ``{"preset": name, "options": {option: value}}``. A bad name or value is a
:class:`~takeover.core.errors.RecordError` naming it. Checks that tie options together
(Acquire: ``min_players <= max_players``) stay with the game, which applies them when it
builds the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from takeover.core.errors import RecordError

OptionKind = Literal["bool", "int", "choice"]
OptionValue = bool | int | str | None


@dataclass(frozen=True, eq=False)
class Option:
    """One setting a table may change: its type, allowed values and default."""

    name: str
    kind: OptionKind
    default: OptionValue
    description: str = ""
    choices: tuple[str, ...] = ()
    """``choice`` options: the allowed words."""
    minimum: int | None = None
    maximum: int | None = None
    """``int`` options: the bounds, inclusive (``None``: unbounded)."""
    step: int | None = None
    """``int`` options: values are multiples of this (Acquire's cash: of $100)."""
    nullable: bool = False
    """Whether ``None`` is allowed: the game then picks (Acquire's ``safe_size``)."""

    def problem(self, value: object) -> str | None:
        """Why ``value`` is not allowed, or ``None``."""
        if value is None:
            return None if self.nullable else f"option {self.name!r} needs a value"
        if self.kind == "bool":
            if not isinstance(value, bool):
                return f"option {self.name!r} must be true or false, got {value!r}"
        elif self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                return f"option {self.name!r} must be an integer, got {value!r}"
            if self.minimum is not None and value < self.minimum:
                return f"option {self.name!r} must be at least {self.minimum}, got {value}"
            if self.maximum is not None and value > self.maximum:
                return f"option {self.name!r} must be at most {self.maximum}, got {value}"
            if self.step is not None and value % self.step:
                return f"option {self.name!r} must be a multiple of {self.step}, got {value}"
        elif value not in self.choices:
            allowed = ", ".join(map(repr, self.choices))
            return f"option {self.name!r} must be one of {allowed}, got {value!r}"
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.kind, "default": self.default}
        if self.description:
            out["description"] = self.description
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.step is not None:
            out["step"] = self.step
        if self.nullable:
            out["nullable"] = True
        return out


@dataclass(frozen=True, eq=False)
class Preset:
    """A named starting point (a ruleset, a title): its player range, the option values
    it changes and the options a table may change from it."""

    name: str
    min_players: int
    max_players: int
    defaults: Mapping[str, OptionValue] = field(default_factory=dict)
    """Option values that differ from the options' own defaults."""
    offers: tuple[str, ...] | None = None
    """The options this preset lets a table change (``None``: all of them)."""
    description: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "players": {"min": self.min_players, "max": self.max_players},
            "defaults": dict(self.defaults),
        }
        if self.offers is not None:
            out["options"] = list(self.offers)
        if self.description:
            out["description"] = self.description
        return out


@dataclass(frozen=True, eq=False)
class RulesetSchema:
    """Every preset (the first is the default) and every option of one game."""

    presets: tuple[Preset, ...]
    options: tuple[Option, ...] = ()

    def __post_init__(self) -> None:
        names = {o.name for o in self.options}
        for preset in self.presets:
            unknown = (set(preset.defaults) | set(preset.offers or ())) - names
            if unknown:
                raise ValueError(f"preset {preset.name!r} names unknown options {sorted(unknown)}")
            for name, value in preset.defaults.items():
                problem = self.option(name).problem(value)
                if problem:
                    raise ValueError(f"preset {preset.name!r}: {problem}")

    @property
    def min_players(self) -> int:
        return min(p.min_players for p in self.presets)

    @property
    def max_players(self) -> int:
        return max(p.max_players for p in self.presets)

    def preset(self, name: object = None) -> Preset:
        """The preset called ``name`` (``None``: the default); ``RecordError`` if unknown."""
        if name is None:
            return self.presets[0]
        for preset in self.presets:
            if preset.name == name:
                return preset
        known = ", ".join(p.name for p in self.presets)
        raise RecordError(f"unknown ruleset preset {name!r} (known: {known})")

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise RecordError(f"unknown ruleset option {name!r} (options: {known})")

    def defaults(self, preset: Preset) -> dict[str, OptionValue]:
        """Every option's value in ``preset`` before a table changes any."""
        values = {o.name: o.default for o in self.options}
        values.update(preset.defaults)
        return values

    def read(self, ruleset: object) -> tuple[Preset, dict[str, OptionValue]]:
        """The preset and every option's value of a ruleset in record form.

        >>> schema = RulesetSchema((Preset("basic", 2, 4),), (Option("fast", "bool", False),))
        >>> preset, values = schema.read({"preset": "basic", "options": {"fast": True}})
        >>> preset.name, values
        ('basic', {'fast': True})
        >>> schema.read({"options": {"fast": 1}})
        Traceback (most recent call last):
        ...
        takeover.core.errors.RecordError: option 'fast' must be true or false, got 1
        """
        if ruleset is None or isinstance(ruleset, str):
            return self.preset(ruleset), self.defaults(self.preset(ruleset))
        if not isinstance(ruleset, Mapping):
            raise RecordError(
                'a ruleset is a preset name or {"preset": name, "options": {option: value}}, '
                f"got {ruleset!r}"
            )
        unknown = set(ruleset) - {"preset", "options"}
        if unknown:
            raise RecordError(f"unknown ruleset field(s) {sorted(unknown)}: use preset and options")
        preset = self.preset(ruleset.get("preset"))
        changes = ruleset.get("options", {})
        if changes is None:
            changes = {}
        if not isinstance(changes, Mapping):
            raise RecordError(f'"options" must be an object, got {changes!r}')
        values = self.defaults(preset)
        for name, value in changes.items():
            option = self.option(name) if isinstance(name, str) else self.option(repr(name))
            if preset.offers is not None and name not in preset.offers:
                raise RecordError(f"option {name!r} is not offered by {preset.name}")
            problem = option.problem(value)
            if problem:
                raise RecordError(problem)
            values[name] = value
        return preset, values

    def record_form(self, ruleset: object) -> str | dict[str, Any]:
        """``ruleset`` in its shortest record form: the preset's name when no option
        differs from the preset, else ``{"preset", "options"}`` with the options that do.

        >>> schema = RulesetSchema((Preset("basic", 2, 4),), (Option("fast", "bool", False),))
        >>> schema.record_form({"options": {"fast": False}}), schema.record_form(
        ...     {"preset": "basic", "options": {"fast": True}})
        ('basic', {'preset': 'basic', 'options': {'fast': True}})
        """
        preset, values = self.read(ruleset)
        base = self.defaults(preset)
        changed = {k: v for k, v in values.items() if base[k] != v}
        return {"preset": preset.name, "options": changed} if changed else preset.name

    def to_json(self) -> dict[str, Any]:
        """What a lobby needs to draw its form."""
        return {
            "presets": [p.to_json() for p in self.presets],
            "options": [o.to_json() for o in self.options],
            "players": {"min": self.min_players, "max": self.max_players},
        }
