"""An OpenSpiel bot seated as a takeover bot (for the arena and the examples).

:class:`SpielBot` satisfies :class:`takeover.bots.base.Bot`: at each decision it
takes ``obs.sample(rng)`` (the position with everything hidden from its seat
re-dealt), turns it into an OpenSpiel state whose future draws are chance nodes
(:meth:`AcquireGame.state_from_engine`), asks the OpenSpiel bot for an action
index and returns the engine action. It never sees the true hidden state.

>>> bot = SpielBot.ismcts(simulations=4, seed=1)
>>> bot.name
'openspiel:ismcts:4'
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from takeover.acquire.actions import AcquireAction
from takeover.acquire.state import AcquireState
from takeover.bots.base import Observation
from takeover.rl.openspiel import AcquireGame

BotFactory = Callable[[AcquireGame], Any]
"""Builds an OpenSpiel bot (anything with ``step(state) -> action``) for a game."""


class SpielBot:
    """Plays with an OpenSpiel bot built by ``factory`` for each table shape."""

    def __init__(self, factory: BotFactory, name: str = "openspiel") -> None:
        self.name = name
        self._factory = factory
        self._games: dict[str, tuple[AcquireGame, Any]] = {}

    @classmethod
    def ismcts(cls, simulations: int = 50, uct_c: float = 2.0, seed: int = 0) -> SpielBot:
        """OpenSpiel's information-set MCTS with random rollouts."""
        from open_spiel.python.algorithms import ismcts, mcts

        def factory(game: AcquireGame) -> Any:
            rs = np.random.RandomState(seed)
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
            return ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=rs)

        return cls(factory, f"openspiel:ismcts:{simulations}")

    @classmethod
    def mcts(cls, simulations: int = 50, uct_c: float = 2.0, seed: int = 0) -> SpielBot:
        """OpenSpiel's MCTS, searching the sampled world as if it were the true one."""
        from open_spiel.python.algorithms import mcts

        def factory(game: AcquireGame) -> Any:
            rs = np.random.RandomState(seed)
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
            return mcts.MCTSBot(game, uct_c, simulations, evaluator, random_state=rs, solve=False)

        return cls(factory, f"openspiel:mcts:{simulations}")

    def choose(self, obs: Observation, rng: random.Random) -> AcquireAction:
        if len(obs.legal) == 1:
            return obs.legal[0]  # type: ignore[return-value]
        sample = obs.sample(rng)
        game, bot = self._for(sample)
        assert isinstance(sample, AcquireState)  # the bot is made for Acquire tables only
        state = game.state_from_engine(sample)
        index = int(bot.step(state))
        if index == pyspiel.INVALID_ACTION:
            raise RuntimeError(f"{self.name} returned no action at {sample!r}")
        action = game.table.space.decode(index)
        if action not in obs.legal:  # a bug, never a rule: the sample has the seat's options
            raise RuntimeError(f"{self.name} chose {action!r}, not legal at {sample!r}")
        return action

    def _for(self, engine: Any) -> tuple[AcquireGame, Any]:
        ruleset = engine.ctx.ruleset
        key = json.dumps([engine.num_players, ruleset.to_json()], sort_keys=True)
        hit = self._games.get(key)
        if hit is None:
            params = {
                "players": engine.num_players,
                "ruleset": ruleset.to_json(),
                "hidden_holdings": ruleset.hidden_holdings,
            }
            game = AcquireGame(params)
            hit = self._games[key] = (game, self._factory(game))
        return hit
