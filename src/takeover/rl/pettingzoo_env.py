"""Acquire as a PettingZoo AEC environment.

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). Whoever must decide is
``agent_selection``: usually the player whose turn it is, but every holder of a
defunct chain decides in turn during a merger. Observations are
``{"observation": float32 vector, "action_mask": int8 vector}``
(:mod:`takeover.rl.observation`, :mod:`takeover.rl.actions`); the mask is all
zeros for an agent that is not deciding. Rewards come once, at the end
(:mod:`takeover.rl.rewards`). ``reset(seed=s)`` deals engine game ``s``, so a
seed reproduces a game exactly; later resets without a seed continue a stream
seeded by it.

>>> env = acquire_env(players=3)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> bool(obs["action_mask"].sum() > 0), reward, terminated
(True, 0.0, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from takeover.acquire.state import AcquireState
from takeover.rl.rewards import reward_scheme
from takeover.rl.table import RulesetSpec, Table


class AcquireAECEnv(AECEnv):
    """One Acquire table (trading off); see the module docstring."""

    metadata: dict[str, Any] = {
        "name": "takeover_acquire_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        players: int | Sequence[str] = 4,
        ruleset: RulesetSpec = None,
        hidden_holdings: bool | None = None,
        reward: str = "rank",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        self.table = table = Table(players, ruleset, hidden_holdings)
        self._returns = reward_scheme(reward)
        self.reward_scheme = reward
        self.render_mode = render_mode
        n = table.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        actions = len(table.space)
        obs_space = spaces.Dict(
            {
                "observation": table.encoder.space(),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._seeder: random.Random | None = None
        self._no_mask = np.zeros(actions, dtype=np.int8)
        self.state: AcquireState | None = None
        self.agents: list[str] = []

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            game_seed = int(seed)
            self._seeder = random.Random(game_seed)
        else:
            if self._seeder is None:
                self._seeder = random.Random()
            game_seed = self._seeder.randrange(2**63)
        self.game_seed = game_seed
        self.state = self.table.new_game(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        state = self.state
        assert state is not None
        self._legal: list[int] | None = None
        self._mask: np.ndarray | None = None
        self._obs: dict[str, dict[str, np.ndarray]] = {}
        if state.decider is not None:
            self.agent_selection = self.possible_agents[state.decider]

    def legal_actions(self) -> list[int]:
        """The deciding agent's legal action indices (sorted)."""
        if self._legal is None:
            state = self.state
            assert state is not None
            self._legal = self.table.space.legal(state)
        return self._legal

    def _decider_mask(self) -> np.ndarray:
        if self._mask is None:
            self._mask = self.table.space.mask(self.legal_actions())
        return self._mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        cached = self._obs.get(agent)
        if cached is not None:
            return cached
        state = self.state
        assert state is not None
        seat = self._seat[agent]
        mask = self._decider_mask() if seat == state.decider else self._no_mask
        obs = {"observation": self.table.encoder.encode(state, seat), "action_mask": mask}
        self._obs[agent] = obs
        return obs

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        mask = self._decider_mask()
        try:
            index = int(action)
        except (TypeError, ValueError):
            raise ValueError(
                f"{agent}: an action must be an integer index, got {action!r}"
            ) from None
        if not 0 <= index < len(mask) or not mask[index]:
            raise ValueError(self._illegal(agent, index))
        self._cumulative_rewards[agent] = 0
        state.play(self.table.space.actions[index])
        self._after_move()
        if state.decider is None:
            scores = state.scores()
            assert scores is not None
            for a, value in zip(self.possible_agents, self._returns(scores), strict=True):
                self.rewards[a] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            for a in self.agents:
                self.infos[a] = {"scores": scores, "ranks": state.ranks()}
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str, index: int) -> str:
        space = self.table.space
        if not 0 <= index < len(space):
            return f"{agent}: action {index} is outside 0..{len(space) - 1}"
        state = self.state
        assert state is not None
        text = state.text(space.actions[index])
        legal = ", ".join(str(i) for i in self.legal_actions()[:12])
        return f"{agent}: action {index} ({text}) is not legal now; legal: {legal}"

    # ------------------------------------------------------------------ display
    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        text = render_text(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None


def render_text(state: AcquireState) -> str:
    """A spectator's picture of the table: the board, chains and money (no hands)."""
    ctx = state.ctx
    cols = ctx.board.columns
    marks = "LTAFWCI"
    rows = []
    for r in range(ctx.board.rows):
        cells = []
        for c in range(cols):
            label = state.board[r * cols + c]
            cells.append("." if label < 0 else ("o" if label >= len(marks) else marks[label]))
        rows.append(" ".join(cells))
    chains = ", ".join(
        f"{ctx.chain_names[c]} {state.sizes[c]}" for c in range(len(state.sizes)) if state.sizes[c]
    )
    view = state.view(None)
    money = ", ".join(
        f"{p['name']} ${p['cash']:,}" if "cash" in p else p["name"] for p in view["players"]
    )
    who = "game over" if state.decider is None else f"seat {state.decider}: {state.decision}"
    return "\n".join([*rows, f"chains: {chains or 'none'}", f"cash: {money}", who])


def acquire_env(
    players: int | Sequence[str] = 4,
    ruleset: RulesetSpec = None,
    hidden_holdings: bool | None = None,
    reward: str = "rank",
    render_mode: str | None = None,
) -> AcquireAECEnv:
    """A PettingZoo AEC Acquire environment (player-to-player trading off)."""
    return AcquireAECEnv(players, ruleset, hidden_holdings, reward, render_mode)
