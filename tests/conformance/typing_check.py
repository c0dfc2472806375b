"""Both games' states are game protocol states: ``mypy --strict`` checks this module.

Nothing here runs a game; the assignments are the test. ``test_typing.py`` runs the
type checker over this file (and over a state that is not a ``GameState``, to show the
check can fail).
"""

from __future__ import annotations

from takeover.acquire import DEFINITION as ACQUIRE
from takeover.acquire import AcquireState
from takeover.acquire import new_game as new_acquire_game
from takeover.core.extensions import TRADE_OFFERS, WORLD_SAMPLER, TradeOffers, WorldSampler
from takeover.core.protocol import GameDefinition, GameState
from takeover.g1817 import DEFINITION as G1817
from takeover.g1817 import Game1817


def acquire_state() -> GameState:
    state: AcquireState = new_acquire_game(["Ann", "Bob", "Cy"], "standard", seed=1)
    as_protocol: GameState = state
    return as_protocol


def g1817_state() -> GameState:
    state: Game1817 = Game1817("1817", [(1, "Ann"), (2, "Bob"), (3, "Cy")], seed=1)
    as_protocol: GameState = state
    return as_protocol


def capabilities(state: GameState) -> tuple[TradeOffers | None, WorldSampler | None]:
    return state.extension(TRADE_OFFERS), state.extension(WORLD_SAMPLER)


DEFINITIONS: tuple[GameDefinition, ...] = (ACQUIRE, G1817)
