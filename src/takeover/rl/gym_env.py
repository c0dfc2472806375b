"""A Gymnasium single-agent Acquire: one learning seat against takeover bots.

The opponents are bot spec strings (``random``, ``heuristic``, ``mcts:time=0.1``,
... as :func:`takeover.bots.make_bot` reads them); they play between the learner's
decisions, each seeing only its own seat's information. Observations and actions
are the research encodings (:mod:`takeover.rl.observation`, :mod:`takeover.rl.actions`)
as a ``{"observation", "action_mask"}`` dict; :meth:`AcquireGymEnv.action_masks`
serves maskable learners. The reward, from the learner's seat, comes at the end.

>>> env = AcquireGymEnv(opponents=["random", "random"])
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape == env.observation_space["observation"].shape
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from takeover.acquire.state import AcquireState
from takeover.bots import make_bot
from takeover.bots.base import Observation
from takeover.rl.pettingzoo_env import render_text
from takeover.rl.rewards import reward_scheme
from takeover.rl.table import RulesetSpec, Table


class AcquireGymEnv(gymnasium.Env):
    """Acquire for one learner; see the module docstring.

    ``seat`` is the learner's seat, or ``None`` for a random seat each episode.
    ``illegal`` says what an action outside the mask does: ``"raise"`` (a
    ``ValueError`` naming it and the legal ones) or ``"lose"`` (the episode ends
    with the scheme's worst reward and ``info["illegal_action"]``, for learners
    that cannot mask).
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        opponents: Sequence[str] = ("random", "random", "random"),
        seat: int | None = 0,
        ruleset: RulesetSpec = None,
        hidden_holdings: bool | None = None,
        reward: str = "rank",
        render_mode: str | None = None,
        illegal: str = "raise",
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f'illegal must be "raise" or "lose", got {illegal!r}')
        self.illegal = illegal
        if isinstance(opponents, str) or not opponents:
            raise ValueError("opponents must be a non-empty list of bot spec strings")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        self.opponent_specs = list(opponents)
        self.bots = [make_bot(spec, "acquire") for spec in self.opponent_specs]
        self.table = table = Table(len(opponents) + 1, ruleset, hidden_holdings)
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < table.num_players):
            raise ValueError(f"seat must be None or 0..{table.num_players - 1}, got {seat!r}")
        self.fixed_seat = seat
        self.seat = seat or 0
        self._returns = reward_scheme(reward)
        self._worst = min(self._returns([1] + [0] * (len(opponents))))
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": table.encoder.space(),
                "action_mask": spaces.Box(0, 1, (len(table.space),), np.int8),
            }
        )
        self.action_space = spaces.Discrete(len(table.space))
        self.state: AcquireState | None = None
        self._seeder: random.Random | None = None
        self._legal: list[int] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeder = random.Random(int(seed))
            game_seed = int(seed)
        else:
            if self._seeder is None:
                self._seeder = random.Random()
            game_seed = self._seeder.randrange(2**63)
        self.game_seed = game_seed
        self._bot_rng = random.Random(game_seed + 1)
        n = self.table.num_players
        self.seat = self._bot_rng.randrange(n) if self.fixed_seat is None else self.fixed_seat
        seats = [s for s in range(n) if s != self.seat]
        self._seat_bot = dict(zip(seats, self.bots, strict=True))
        self.state = self.table.new_game(game_seed)
        self._forfeit = False
        self._play_opponents()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None or state.decider is None or self._forfeit:
            raise RuntimeError("the episode is over: call reset()")
        try:
            index = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action must be an integer index, got {action!r}") from None
        space = self.table.space
        if index not in self._legal and self.illegal == "lose":
            self._forfeit = True
            info = {**self._info(), "illegal_action": index}
            return self._observe(), self._worst, True, False, info
        if index not in self._legal:
            shown = "outside the action space"
            if 0 <= index < len(space):
                shown = state.text(space.actions[index])
            raise ValueError(
                f"action {index} ({shown}) is not legal now; legal: {self._legal[:12]}"
            )
        state.play(space.actions[index])
        self._play_opponents()
        reward = 0.0
        terminated = state.decider is None
        if terminated:
            scores = state.scores()
            assert scores is not None
            reward = self._returns(scores)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, False, self._info()

    def _play_opponents(self) -> None:
        state = self.state
        assert state is not None
        rng = self._bot_rng
        while (decision := state.pending()) is not None and self.seat not in decision.seats:
            seat = decision.seats[0]
            action = self._seat_bot[seat].choose(Observation(state, seat), rng)
            state.apply(action, seat)
        self._legal = [] if state.decider is None else self.table.space.legal(state)

    def _observe(self) -> dict[str, np.ndarray]:
        state = self.state
        assert state is not None
        return {
            "observation": self.table.encoder.encode(state, self.seat),
            "action_mask": self.table.space.mask(self._legal),
        }

    def _info(self) -> dict[str, Any]:
        state = self.state
        assert state is not None
        info: dict[str, Any] = {"seat": self.seat}
        if state.decider is None:
            info["scores"] = state.scores()
            info["ranks"] = state.ranks()
        return info

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as booleans (what maskable learners ask for)."""
        return self.table.space.mask(self._legal).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        text = render_text(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text
