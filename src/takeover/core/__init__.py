"""The game protocol every game implements, and what is shared between games."""

from takeover.core.errors import IllegalAction, RecordError, TakeoverError
from takeover.core.extensions import Extension, Extensions
from takeover.core.options import Option, Preset, RulesetSchema
from takeover.core.protocol import (
    Action,
    Decision,
    Event,
    GameDefinition,
    GameState,
    NewGame,
    ranks_of,
)

__all__ = [
    "Action",
    "Decision",
    "Event",
    "Extension",
    "Extensions",
    "GameDefinition",
    "GameState",
    "IllegalAction",
    "NewGame",
    "Option",
    "Preset",
    "RecordError",
    "RulesetSchema",
    "TakeoverError",
    "ranks_of",
]
