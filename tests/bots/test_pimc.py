"""The pimc bot: legal, blind to hidden tiles, deterministic under a world budget."""

from __future__ import annotations

import random

import pytest

from takeover.acquire import BuyShares, new_game
from takeover.arena.match import play_game
from takeover.bots import Observation, make_bot
from takeover.bots.pimc import PimcBot

from .positions import chain, game, row, seat

SMALL = "pimc:iterations=2,rollouts=2,depth=8"


def test_world_budget_is_deterministic_and_counted() -> None:
    state = new_game(4, seed=4)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    p = state.current_player()
    bot = PimcBot(iterations=5, rollouts=3)
    a = bot.choose(Observation(state, p), random.Random(3))
    b = make_bot("pimc:iterations=5,rollouts=3").choose(Observation(state, p), random.Random(3))
    assert a == b
    assert a in state.legal_actions()
    assert bot.last_worlds == 5
    assert a in bot.last_values
    assert all(0.0 <= v <= 1.0 for v in bot.last_values.values())


def test_never_reads_hidden_tiles() -> None:
    """Two games that differ only in what the seat cannot see get the same decisions."""
    state = new_game(4, seed=11)
    bot = make_bot(SMALL)
    for _ in range(25):
        player = state.current_player()
        other = state.determinize(player, random.Random(5))
        a = bot.choose(Observation(state, player), random.Random(1))
        b = bot.choose(Observation(other, player), random.Random(1))
        assert a == b
        state.apply(a, player)


@pytest.mark.parametrize(("ruleset", "players"), [("standard", 3), ("tlstyer", 2)])
def test_plays_whole_games(ruleset: str, players: int) -> None:
    specs = [SMALL] + ["heuristic"] * (players - 1)
    result = play_game(specs, list(range(players)), seed=7, ruleset=ruleset)
    assert len(result.scores) == players
    assert result.illegal == [0] * players
    assert result.end_reason


def test_contests_a_majority_within_reach() -> None:
    """The search (over the heuristic's best purchases) buys into the contested chain."""
    board = chain("Luxor", row("A", 1, 3))
    players = [
        seat("A", shares={"Luxor": 2}, hand=["12I"]),
        seat("B", shares={"Luxor": 3}, hand=["12H"]),
    ]
    state = game(board, players)
    state.apply(state.action_from_dict({"type": "place_tile", "tile": "12I"}))
    action = make_bot("pimc:iterations=30").choose(Observation(state, 0), random.Random(1))
    assert isinstance(action, BuyShares)
    assert state.ctx.notation.chain("Luxor") in action.shares
