"""The ``random`` bot: uniform over legal actions, but it declares the end when it may."""

from __future__ import annotations

import random

from takeover.bots.base import Observation
from takeover.core.protocol import Action


class RandomBot:
    name = "random"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        for action in legal:
            if action.type == "declare_end" or getattr(action, "end_game", False):
                return action
        return legal[rng.randrange(len(legal))]
