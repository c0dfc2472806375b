"""Random positions for the research-adapter tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from takeover.acquire import new_game
from takeover.acquire.state import AcquireState
from takeover.rl.table import rl_ruleset


def random_positions(
    games: int, players: int = 4, ruleset: object = "standard", seed: int = 0
) -> Iterator[AcquireState]:
    """Every position of ``games`` uniformly random games (trading off), the end included."""
    rules = rl_ruleset(ruleset)  # type: ignore[arg-type]
    for g in range(games):
        state = new_game(players, rules, seed=seed + g)
        rng = random.Random(seed + g)
        while state.decider is not None:
            yield state
            state = state.clone()
            legal = state.legal_actions()
            state.play(legal[rng.randrange(len(legal))])
        yield state
