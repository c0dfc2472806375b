"""No bot ever stalls: games of every level, both presets, 2 to 6 players, all end.

Random games are cheap, so a thousand of them run; heuristic and mcts games
(mcts with a tiny iteration budget) are mixed in by hypothesis.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.acquire import new_game
from takeover.arena.match import MAX_ACTIONS, play_game
from takeover.bots import Observation, make_bot

LEVELS = ["random", "heuristic", "mcts:iterations=3,depth=2"]
HIDDEN = {"preset": "standard", "options": {"hidden_holdings": True}}


def test_a_thousand_random_games_end() -> None:
    bot = make_bot("random")
    for seed in range(1000):
        players = 2 + seed % 5
        ruleset = "standard" if seed % 2 else "tlstyer"
        state = new_game(players, ruleset, seed=seed)
        rng = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            seat = state.current_player()
            state.apply(bot.choose(Observation(state, seat), rng), seat)
        assert state.is_terminal(), f"seed {seed} stalled"


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**31),
    levels=st.lists(st.sampled_from(LEVELS), min_size=2, max_size=6),
    ruleset=st.sampled_from(["standard", "tlstyer", HIDDEN]),
)
def test_mixed_games_end(seed: int, levels: list[str], ruleset: object) -> None:
    if levels.count(LEVELS[2]) > 1:  # keep the test fast: one searcher per game
        levels = [lv if lv != LEVELS[2] else "heuristic" for lv in levels]
        levels[0] = LEVELS[2]
    result = play_game(levels, list(range(len(levels))), seed, ruleset)
    assert len(result.scores) == len(levels)
    assert sum(result.illegal) == 0
    assert result.end_reason in ("declared", "all_tiles_played", "no_tile_placed_for_a_round")
