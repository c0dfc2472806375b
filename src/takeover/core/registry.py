"""The registry of games, so generic code finds a game by the name in its record."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from takeover.core.errors import RecordError
from takeover.core.protocol import GameDefinition, GameState

_GAMES: dict[str, GameDefinition] = {}
_MODULES = {"acquire": "takeover.acquire", "1817": "takeover.g1817"}
"""Games registered lazily: importing the module registers the definition."""


def register(definition: GameDefinition) -> None:
    _GAMES[definition.name] = definition


def get(name: str) -> GameDefinition:
    if name not in _GAMES and name in _MODULES:
        importlib.import_module(_MODULES[name])
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(set(_GAMES) | set(_MODULES)))
        raise KeyError(f"unknown game {name!r} (known: {known})") from None


def names() -> list[str]:
    return sorted(set(_GAMES) | set(_MODULES))


def replay_record(record: Mapping[str, Any]) -> GameState:
    """Replay any registered game's record to its final state."""
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError('a record needs a "game" field naming the game, e.g. "acquire"')
    try:
        definition = get(name)
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from None
    return definition.replay(record)


def importing(data: Mapping[str, Any]) -> GameDefinition | None:
    """The game whose foreign record format ``data`` is in (``imports``), if any."""
    for name in names():
        definition = get(name)
        if definition.imports is not None and definition.imports.accepts(data):
            return definition
    return None
