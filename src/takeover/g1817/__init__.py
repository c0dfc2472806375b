"""1817 (and 1817NA, 1817WO): the rules engine, which plays new games and replays
18xx.games records: rounds of small steps, the money rules and the map (lays, tokens and
routes checked and computed, revenue from the routes run).
"""

from takeover.core import registry
from takeover.g1817.definition import DEFINITION
from takeover.g1817.fixture import is_fixture, replay_fixture
from takeover.g1817.state import Game1817

registry.register(DEFINITION)

__all__ = ["DEFINITION", "Game1817", "is_fixture", "replay_fixture"]
