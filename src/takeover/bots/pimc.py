"""The ``pimc`` bot: determinised Monte Carlo with the compiled kernel's playouts.

Perfect-information Monte Carlo over the seat's information set: each iteration
draws a world from the observation (hidden tiles re-dealt, :meth:`Observation.sample`,
so the bot reads nothing its seat may not see), and in that world plays every root
option ``rollouts`` times for ``depth`` decisions in the compiled kernel
(:mod:`takeover.kernel`), scoring the end with the same position values as ``mcts``
(:func:`takeover.bots.evaluate.rewards`, compiled). The option with the best mean
reward over all worlds is played. The playouts follow a light policy: the end is
declared by a player who leads, a merger's shares are traded as far as the bank
allows and the rest sold, everything else is uniform.

The kernel plays a playout about 15 times faster than the reference engine, so at
the same time per decision this bot sees far more futures than ``mcts``; it prunes
wide decisions (purchases, disposals) to the heuristic's ``width`` best, as ``mcts``
does. Trade answers and proposals are the heuristic's (the kernel plays no trades).

Needs ``takeover[fast]`` (numba); the level is listed only where it is installed.
Settings (spec ``pimc:time=0.5,clock=cpu,depth=24,rollouts=8,width=6``): ``time``,
``clock`` and ``iterations`` (worlds) as ``mcts``; ``depth`` decisions per playout,
``rollouts`` playouts per option per world, ``width`` options searched at wide
decisions. After each search, :attr:`PimcBot.last_values` holds each searched
option's mean reward (the analysis board reads it).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from takeover.acquire import ANSWER, BUY, DISPOSE, PLACE
from takeover.acquire.actions import BuyShares, DeclareEnd, PlaceTile
from takeover.acquire.state import AcquireState
from takeover.bots.base import Observation
from takeover.bots.budget import SearchBudget
from takeover.bots.heuristic import acquire_world, buy_scores, decide, dispose_scores
from takeover.core.protocol import Action
from takeover.kernel import bridge
from takeover.kernel import compiled as k


class PimcBot:
    def __init__(
        self,
        time: float | None = None,
        iterations: int | None = None,
        clock: str = "wall",
        depth: int = 24,
        rollouts: int = 8,
        width: int = 6,
    ) -> None:
        self.budget = SearchBudget.of(time, iterations, clock)
        self.depth = depth
        self.rollouts = rollouts
        self.width = width
        self.name = self.budget.label("pimc")
        self.last_values: dict[Any, float] = {}
        self.last_worlds = 0

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        started = self.budget.now()
        legal = list(obs.legal)
        state = acquire_world(obs, rng)
        if state.phase == PLACE and state.trading_open() and state.trades_offered == 0:
            from takeover.bots.trading import propose_trade

            offer = propose_trade(state, obs.seat, rng)
            if offer is not None:
                return offer
        if len(legal) == 1:
            return legal[0]
        if state.phase == ANSWER:
            answer: Action = decide(state, obs.seat, rng, legal)
            return answer
        options = searched_options(state, legal, self.width)
        if len(options) == 1:
            only: Action = options[0]
            return only
        best: Action = self.search(obs, rng, options, bridge.tables(state.ctx.ruleset), started)
        return best

    def search(
        self,
        obs: Observation,
        rng: random.Random,
        options: list[Any],
        tables: bridge.Tables,
        started: float | None = None,
    ) -> Any:
        """The option with the best mean reward once the budget is spent."""
        codes = np.array([bridge.encode(a) for a in options], np.int64)
        sums = np.zeros(len(options), np.float64)

        def iterate() -> None:
            world = obs.sample(rng)
            assert isinstance(world, AcquireState)
            k.evaluate_actions(
                bridge.from_state(world),
                tables.cfg,
                tables.nb,
                tables.prices,
                codes,
                self.rollouts,
                self.depth,
                obs.seat,
                rng.getrandbits(62),
                sums,
            )

        self.last_worlds = worlds = self.budget.spend(iterate, started)
        means = sums / (worlds * self.rollouts)
        self.last_values = {a: float(v) for a, v in zip(options, means, strict=True)}
        return options[int(np.argmax(means))]


def searched_options(state: AcquireState, legal: list[Any], width: int) -> list[Any]:
    """The options worth searching: all, or at a wide purchase or disposal the
    heuristic's ``width`` best (each purchase with its end twin where there is one)."""
    phase, seat = state.phase, state.decider
    assert seat is not None
    if phase == DISPOSE and len(legal) > width:
        scored = dispose_scores(state, seat, legal)
        scored.sort(key=lambda x: -x[0])
        return [a for _, a in scored[:width]]
    if phase in (BUY, PLACE) and not any(isinstance(a, PlaceTile) for a in legal):
        ends = [a for a in legal if isinstance(a, DeclareEnd)]
        buys = [a for a in legal if isinstance(a, BuyShares)]
        if len(buys) > width:
            plain = [a for a in buys if not a.end_game]
            scored = buy_scores(state, seat, plain)
            scored.sort(key=lambda x: -x[0])
            best = [a for _, a in scored[:width]]
            if any(a.end_game for a in buys):
                best += [BuyShares(a.shares, True) for a in best]
            buys = best
        return ends + buys
    return legal
