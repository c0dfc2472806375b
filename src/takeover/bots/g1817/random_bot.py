"""1817's ``random`` bot: uniform over the legal actions, with the one bias a game needs
to get anywhere: when routes are run it runs the best listed run (the auto-router's set
rather than none: a uniform pick would throw half the revenue away and drive every
corporation into the acquisition zone).

No pass loops in 1817 as the engine lists it: a stock round ends when everyone passes
in a row, an auction when every player has passed, an operating step moves on, so a
uniform pass never repeats forever (the no-stall test checks it).
"""

from __future__ import annotations

import random

from takeover.bots.base import Observation
from takeover.bots.g1817.mapplay import run_revenue
from takeover.core.protocol import Action
from takeover.g1817.actions import Action as Action1817


class Random1817:
    name = "random"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        runs = [a for a in legal if isinstance(a, Action1817) and a.type == "run_routes"]
        if runs:
            return max(runs, key=run_revenue)
        return legal[rng.randrange(len(legal))]
