"""The game protocol every game implements, and what is shared between games."""

from takeover.core.errors import IllegalAction, RecordError, TakeoverError
from takeover.core.protocol import Action, Event, GameState

__all__ = ["Action", "Event", "GameState", "IllegalAction", "RecordError", "TakeoverError"]
