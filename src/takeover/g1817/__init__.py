"""1817 (and 1817NA, 1817WO): the financial engine that replays 18xx.games records.

Stage 1: the round machine and all money rules; map actions are applied as recorded
(terrain and second-lay costs charged, route revenue read from the action).
"""

from takeover.core import registry
from takeover.g1817.definition import DEFINITION
from takeover.g1817.fixture import is_fixture, replay_fixture
from takeover.g1817.state import Game1817

registry.register(DEFINITION)

__all__ = ["DEFINITION", "Game1817", "is_fixture", "replay_fixture"]
