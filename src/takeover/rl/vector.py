"""Many Acquire games stepped at once, in the compiled kernel (``takeover[rl,fast]``).

:class:`AcquireVectorEnv` holds ``num_envs`` games as rows of one array and steps them
all in one compiled call, for research that needs millions of positions (self-play
data, policy-gradient batches). Actions are indices of the canonical action space
(:class:`~takeover.rl.actions.ActionSpace`, ``docs/research.md``); each step returns
every game's legal actions (a mask, and the same as a short ascending list with its
count, which a sampler can index without scanning the mask), who decides next, and
for each game that ended its final scores and rank returns. A game that ends starts
again at once from the next seed (auto-reset), as Gymnasium's vector environments do.

The games are the reference engine's, seed for seed (the kernel is held to it by the
differential tests); trading between players is off, as in every research adapter.
The raw rows (:attr:`AcquireVectorEnv.states`) hold everything, hidden tiles included:
a learner that must not see them reads only the masks, deciders and scores, or
rebuilds a seat's view from a record.

>>> env = AcquireVectorEnv(8, players=4, seed=1)
>>> batch = env.reset()
>>> batch.masks.shape == (8, len(env.space)), bool(batch.masks.any(axis=1).all())
(True, True)
>>> batch = env.step(batch.listed[:, 0])     # every game takes its first legal action
>>> batch.done.shape
(8,)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from takeover.kernel import bridge
from takeover.kernel import compiled as k
from takeover.rl.actions import ActionSpace
from takeover.rl.table import RulesetSpec, rl_ruleset

MAX_LISTED = 256
"""More than any decision lists (240 purchases with their end twins)."""


@dataclass
class Batch:
    """What one reset or step returns (arrays owned by the environment: copy to keep)."""

    masks: np.ndarray
    """``bool[num_envs, actions]``: the legal actions of each game."""
    listed: np.ndarray
    """``int64[num_envs, MAX_LISTED]``: the same indices (``counts[i]`` of them, in the
    kernel's order of its action codes)."""
    counts: np.ndarray
    deciders: np.ndarray
    """``int64[num_envs]``: the seat that decides next in each game."""
    done: np.ndarray
    """``bool[num_envs]``: the game ended with this step (and has started again)."""
    scores: np.ndarray
    """``int64[num_envs, players]``: final scores of the games that ended (else stale)."""
    returns: np.ndarray
    """``float32[num_envs, players]``: rank returns of the games that ended, else 0."""


class AcquireVectorEnv:
    """``num_envs`` games of ``players`` seats; game ``i`` starts from seed ``seed + i *
    stride`` and each following game of that row from the next seed."""

    def __init__(
        self,
        num_envs: int,
        players: int = 4,
        ruleset: RulesetSpec = None,
        seed: int = 0,
        stride: int = 1_000_003,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, got {num_envs}")
        rules = rl_ruleset(ruleset)
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(
                f"the {rules.preset} ruleset takes {rules.min_players} to "
                f"{rules.max_players} players, got {players}"
            )
        self.ruleset = rules
        self.players = players
        self.num_envs = num_envs
        self._tables = bridge.tables(rules)
        size = int(self._tables.cfg[k.C_BOARD])
        self.space = ActionSpace.of(size, rules.shares_per_chain, rules.max_purchase)
        self._index_of = np.full(4096, -1, np.int64)
        self._code_of = np.full(len(self.space), -1, np.int64)
        for index, action in enumerate(self.space.actions):
            try:
                code = bridge.encode(action)
            except bridge.Unsupported:
                continue  # trade answers: never legal with trading off
            self._index_of[code] = index
            self._code_of[index] = code
        self.seeds = seed + stride * np.arange(num_envs, dtype=np.int64)
        self.states = np.zeros((num_envs, k.STATE_SIZE), np.int64)
        self._batch = Batch(
            masks=np.zeros((num_envs, len(self.space)), np.bool_),
            listed=np.zeros((num_envs, MAX_LISTED), np.int64),
            counts=np.zeros(num_envs, np.int64),
            deciders=np.zeros(num_envs, np.int64),
            done=np.zeros(num_envs, np.bool_),
            scores=np.zeros((num_envs, players), np.int64),
            returns=np.zeros((num_envs, players), np.float32),
        )

    def reset(self) -> Batch:
        """Every game from its seed (the seeds given at construction, moved on by resets)."""
        t = self._tables
        k.reset_batch(self.states, t.cfg, t.nb, t.prices, self.players, self.seeds)
        b = self._batch
        b.done[:] = False
        b.returns[:] = 0.0
        k.list_batch(
            self.states,
            t.cfg,
            t.nb,
            t.prices,
            self._index_of,
            b.listed,
            b.counts,
            b.masks,
            b.deciders,
        )
        return b

    def step(self, actions: np.ndarray) -> Batch:
        """Game ``i`` takes action index ``actions[i]``; ``ValueError`` naming the first
        game whose action is not legal (then no game moves)."""
        actions = np.asarray(actions, dtype=np.int64)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} actions, got shape {actions.shape}")
        t, b = self._tables, self._batch
        bad = k.step_batch(
            self.states,
            t.cfg,
            t.nb,
            t.prices,
            self._code_of,
            self._index_of,
            b.listed,
            b.counts,
            b.masks,
            b.deciders,
            actions,
            self.seeds,
            b.scores,
            b.done,
        )
        if bad >= 0:
            legal = b.listed[bad, : b.counts[bad]].tolist()
            raise ValueError(
                f"game {bad}: action {int(actions[bad])} is not legal (legal: {legal})"
            )
        b.returns[:] = 0.0
        if b.done.any():
            n = self.players
            sc = b.scores[b.done]
            better = (sc[:, :, None] > sc[:, None, :]).sum(axis=2)
            worse = (sc[:, :, None] < sc[:, None, :]).sum(axis=2)
            b.returns[b.done] = (better - worse) / max(n - 1, 1)
        return b
