from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import takeover.rl
from takeover.rl import AcquireGymEnv, rank_returns


def run_episode(env: AcquireGymEnv, seed: int) -> tuple[list[int], float, dict]:  # type: ignore[type-arg]
    rng = random.Random(seed)
    obs, info = env.reset(seed=seed)
    actions, reward, done = [], 0.0, False
    while not done:
        mask = obs["action_mask"]
        assert (env.action_masks() == mask.astype(bool)).all()
        legal = np.flatnonzero(mask)
        assert len(legal) > 0
        action = int(legal[rng.randrange(len(legal))])
        actions.append(action)
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        if not done:
            assert reward == 0.0
    return actions, reward, info


def test_gymnasium_env_checker() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(AcquireGymEnv(illegal="lose"))
    # Only the note that an environment built without gymnasium.make has no spec.
    assert all("spec" in str(w.message) for w in caught), [str(w.message) for w in caught]


def test_episode_ends_with_the_learners_rank_reward_and_replays_from_its_seed() -> None:
    env = AcquireGymEnv(opponents=["random", "random", "random"], seat=2)
    actions, reward, info = run_episode(env, seed=9)
    assert env.state is not None and env.state.is_terminal()
    assert info["seat"] == 2
    assert reward == pytest.approx(rank_returns(info["scores"])[2])
    assert run_episode(env, seed=9)[0] == actions


def test_opponents_come_from_bot_specs_and_a_random_seat_varies() -> None:
    env = AcquireGymEnv(opponents=["heuristic", "random"], seat=None, reward="win")
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1, 2}
    _, reward, info = run_episode(env, seed=1)
    assert reward == pytest.approx(
        1.0 / info["ranks"].count(1) if info["ranks"][info["seat"]] == 1 else 0.0
    )


def test_bad_settings_and_illegal_actions_are_named() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        AcquireGymEnv(opponents=["grandmaster"])
    with pytest.raises(ValueError, match=r"seat must be None or 0\.\.1"):
        AcquireGymEnv(opponents=["random"], seat=5)
    with pytest.raises(ValueError, match="non-empty list"):
        AcquireGymEnv(opponents="random")
    env = AcquireGymEnv(opponents=["random"])
    obs, _ = env.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="is not legal now"):
        env.step(bad)
    lose = AcquireGymEnv(opponents=["random"], illegal="lose")
    obs, _ = lose.reset(seed=0)
    _, reward, done, _, info = lose.step(bad)
    assert done and reward == -1.0 and info["illegal_action"] == bad
    with pytest.raises(RuntimeError, match="call reset"):
        lose.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_registered_with_gymnasium() -> None:
    env = gymnasium.make(takeover.rl.ENV_ID, opponents=["random"])
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs) and info["seat"] == 0
