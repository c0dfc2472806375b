"""The ``random`` bot: uniform over the legal actions of any game.

Its one bias comes from the game: it takes an action the game's ``VOLUNTARY_END``
extension says ends the game (Acquire: declaring the end) whenever one is listed, so
random games finish; it never makes open-ended offers.
"""

from __future__ import annotations

import random

from takeover.bots.base import Observation
from takeover.core.extensions import VOLUNTARY_END
from takeover.core.protocol import Action


class RandomBot:
    name = "random"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        ending = obs.extension(VOLUNTARY_END)
        if ending is not None:
            for action in legal:
                if ending.ends_game(action):
                    return action
        return legal[rng.randrange(len(legal))]
