"""Bot specs: ``level`` or ``level:key=value,key=value``, read once into a :class:`BotSpec`.

One reader serves the arena, the command line and the server, e.g. ``random``,
``heuristic``, ``heuristic:trade=0``, ``mcts:time=0.5,rollout=heuristic``. Which levels
exist for a game, and the type and bounds of each setting, are in
:mod:`takeover.bots.registry`; a spec that breaks them raises :class:`BotSpecError`
naming the level, the setting and the rule.

>>> parse_spec("mcts:time=0.5,rollout=heuristic")
('mcts', {'time': '0.5', 'rollout': 'heuristic'})
>>> spec = BotSpec.parse("MCTS: iterations=200, time=1")
>>> str(spec), spec.value("time"), spec.value("depth")
('mcts:time=1,iterations=200', 1.0, 8)
>>> spec.check({"time": (0.0, 0.5)})
Traceback (most recent call last):
...
takeover.bots.spec.BotSpecError: mcts: time may be at most 0.5 here, got 1
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

SettingValue = int | float | bool | str


class BotSpecError(ValueError):
    """A bot spec that names an unknown level or setting, or a bad value."""


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split a spec into its level and raw settings (values still strings)."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotSpecError(f"a bot spec must be a non-empty string, got {spec!r}")
    level, _, rest = spec.strip().partition(":")
    level = level.strip().lower()
    settings: dict[str, str] = {}
    if rest.strip():
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            key = key.strip().lower()
            if not eq or not key or not value.strip():
                raise BotSpecError(f"bad setting {item.strip()!r} in bot spec {spec!r} (use k=v)")
            if key in settings:
                raise BotSpecError(f"setting {key!r} given twice in bot spec {spec!r}")
            settings[key] = value.strip()
    return level, settings


@dataclass(frozen=True)
class Setting:
    """One setting of a bot level: its type, bounds (inclusive) and default."""

    name: str
    kind: Literal["int", "float", "bool", "choice"]
    default: SettingValue | None
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    unless: str | None = None
    """The default holds only while this other setting is not given (mcts: no time
    budget once ``iterations`` is)."""
    doc: str = ""

    def read(self, level: str, raw: str) -> SettingValue:
        """The value of ``raw``, checked; :class:`BotSpecError` names the rule broken."""
        if self.kind == "bool":
            v = raw.lower()
            if v in ("1", "true", "yes", "on"):
                return True
            if v in ("0", "false", "no", "off"):
                return False
            raise BotSpecError(f"{level}: {self.name} must be 0 or 1, got {raw!r}")
        if self.kind == "choice":
            v = raw.lower()
            if v not in self.choices:
                allowed = ", ".join(self.choices)
                raise BotSpecError(f"{level}: {self.name} must be one of {allowed}, got {raw!r}")
            return v
        number: float
        try:
            number = int(raw) if self.kind == "int" else float(raw)
        except ValueError:
            what = "an integer" if self.kind == "int" else "a number"
            raise BotSpecError(f"{level}: {self.name} must be {what}, got {raw!r}") from None
        low = -math.inf if self.low is None else self.low
        high = math.inf if self.high is None else self.high
        if not math.isfinite(number) or not low <= number <= high:
            raise BotSpecError(
                f"{level}: {self.name} must be between {low:g} and {high:g}, got {raw}"
            )
        return number


@dataclass(frozen=True)
class BotSpec:
    """A bot level with its settings, read and checked once (frozen, picklable).

    ``settings`` holds the settings the spec gave, typed, in the level's order;
    :meth:`value` adds the level's defaults. ``str(spec)`` is the canonical spec.
    """

    level: str
    settings: tuple[tuple[str, SettingValue], ...] = ()
    game: str = "acquire"

    @classmethod
    def parse(cls, spec: str | BotSpec, game: str = "acquire") -> BotSpec:
        """Read ``spec`` for ``game``; :class:`BotSpecError` names what was wrong."""
        if isinstance(spec, BotSpec):
            if spec.game != game:
                raise BotSpecError(f"bot spec {spec} is for {spec.game}, not {game}")
            return spec
        from takeover.bots.registry import level_of

        name, raw = parse_spec(spec)
        level = level_of(game, name)
        known = {s.name: s for s in level.settings}
        for key in raw:
            if key not in known:
                listed = ", ".join(known) or "none"
                raise BotSpecError(f"{name}: unknown setting {key!r} (settings: {listed})")
        values = tuple((s.name, s.read(name, raw[s.name])) for s in level.settings if s.name in raw)
        return cls(name, values, game)

    def given(self) -> dict[str, SettingValue]:
        return dict(self.settings)

    def value(self, name: str) -> SettingValue | None:
        """The setting's value: as given, else the level's default (``None``: unset)."""
        given = self.given()
        if name in given:
            return given[name]
        from takeover.bots.registry import level_of

        for setting in level_of(self.game, self.level).settings:
            if setting.name == name:
                return None if setting.unless in given else setting.default
        raise BotSpecError(f"{self.level}: unknown setting {name!r}")

    def check(self, bounds: Mapping[str, tuple[float | None, float | None]]) -> BotSpec:
        """``self`` if every bounded setting the level has is within its bounds here
        (defaults included); else :class:`BotSpecError`. A server passes its limits,
        e.g. ``{"time": (None, 1.0), "iterations": (None, 20000)}``."""
        from takeover.bots.registry import level_of

        names = {s.name for s in level_of(self.game, self.level).settings}
        for name, (low, high) in bounds.items():
            if name not in names:
                continue
            value = self.value(name)
            if not isinstance(value, int | float) or isinstance(value, bool):
                continue
            if low is not None and value < low:
                raise BotSpecError(
                    f"{self.level}: {name} must be at least {low:g} here, got {value:g}"
                )
            if high is not None and value > high:
                raise BotSpecError(
                    f"{self.level}: {name} may be at most {high:g} here, got {value:g}"
                )
        return self

    def __str__(self) -> str:
        if not self.settings:
            return self.level
        return self.level + ":" + ",".join(f"{k}={_show(v)}" for k, v in self.settings)


def _show(value: SettingValue) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
