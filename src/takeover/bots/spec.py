"""Bot spec strings: ``level`` or ``level:key=value,key=value``.

One parser serves the arena, the command line and the server, e.g. ``random``,
``heuristic``, ``heuristic:trade=0``, ``mcts:time=0.5,rollout=heuristic``.

>>> parse_spec("mcts:time=0.5,rollout=heuristic")
('mcts', {'time': '0.5', 'rollout': 'heuristic'})
"""

from __future__ import annotations


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


def as_float(level: str, key: str, value: str, low: float, high: float) -> float:
    try:
        x = float(value)
    except ValueError:
        raise BotSpecError(f"{level}: {key} must be a number, got {value!r}") from None
    if not low <= x <= high:
        raise BotSpecError(f"{level}: {key} must be between {low:g} and {high:g}, got {value}")
    return x


def as_int(level: str, key: str, value: str, low: int, high: int) -> int:
    try:
        x = int(value)
    except ValueError:
        raise BotSpecError(f"{level}: {key} must be an integer, got {value!r}") from None
    if not low <= x <= high:
        raise BotSpecError(f"{level}: {key} must be between {low} and {high}, got {value}")
    return x


def as_bool(level: str, key: str, value: str) -> bool:
    v = value.lower()
    if v in ("1", "true", "yes", "on"):
        return True
    if v in ("0", "false", "no", "off"):
        return False
    raise BotSpecError(f"{level}: {key} must be 0 or 1, got {value!r}")


def as_choice(level: str, key: str, value: str, choices: tuple[str, ...]) -> str:
    v = value.lower()
    if v not in choices:
        raise BotSpecError(f"{level}: {key} must be one of {', '.join(choices)}, got {value!r}")
    return v
