"""The batched environment: the reference engine's games, many at once."""

from __future__ import annotations

import numpy as np
import pytest

from takeover.acquire import new_game
from takeover.rl.actions import ActionSpace
from takeover.rl.table import rl_ruleset
from takeover.rl.vector import AcquireVectorEnv


def test_each_row_plays_the_reference_game_of_its_seed() -> None:
    env = AcquireVectorEnv(3, players=3, seed=5, stride=10)
    rules = rl_ruleset(None)
    games = [new_game(3, rules, seed=5 + 10 * i) for i in range(3)]
    space = ActionSpace.for_state(games[0])
    batch = env.reset()
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        for i, game in enumerate(games):
            assert sorted(batch.listed[i, : batch.counts[i]].tolist()) == space.legal(game)
            assert np.flatnonzero(batch.masks[i]).tolist() == space.legal(game)
            assert batch.deciders[i] == game.decider
        choice = (rng.random(3) * batch.counts).astype(np.int64)
        actions = batch.listed[np.arange(3), choice]
        for i, game in enumerate(games):
            game.play(space.decode(int(actions[i])))
        batch = env.step(actions)
        for i, game in enumerate(games):
            assert bool(batch.done[i]) == game.is_terminal()
            if game.is_terminal():
                finished += 1
                assert batch.scores[i].tolist() == game.final_scores
                assert batch.returns[i].sum() == pytest.approx(0.0)
                games[i] = new_game(3, rules, seed=int(env.seeds[i]))
    assert finished >= 3


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = AcquireVectorEnv(2, seed=1)
    batch = env.reset()
    before = env.states.copy()
    bad = np.flatnonzero(~batch.masks[1])[0]
    with pytest.raises(ValueError, match="game 1: action"):
        env.step(np.array([batch.listed[0, 0], bad]))
    assert (env.states == before).all()
    with pytest.raises(ValueError, match="expected 2 actions"):
        env.step(np.array([0]))
