"""The mcts bot: legal, deterministic under an iteration budget, bounded by time."""

from __future__ import annotations

import random
import time

from takeover.acquire import BuyShares, new_game
from takeover.bots import Observation, make_bot
from takeover.bots.mcts import MctsBot

from .positions import chain, game, row, seat


def midgame(seed: int = 4, steps: int = 30):
    state = new_game(4, seed=seed)
    bot = make_bot("heuristic")
    rng = random.Random(seed)
    for _ in range(steps):
        p = state.current_player()
        state.apply(bot.choose(Observation(state, p), rng), p)
    return state


def test_iteration_budget_is_deterministic_and_legal() -> None:
    state = midgame()
    p = state.current_player()
    a = make_bot("mcts:iterations=40").choose(Observation(state, p), random.Random(3))
    b = make_bot("mcts:iterations=40").choose(Observation(state, p), random.Random(3))
    assert a == b
    assert a in state.legal_actions() or a.type == "propose_trade"


def test_search_runs_exactly_the_iterations_asked() -> None:
    state = midgame(steps=31)
    bot = MctsBot(iterations=25)
    legal = state.legal_actions()
    bot.search(Observation(state, state.current_player()), random.Random(0), legal)
    assert bot.last_iterations == 25


def test_time_budget_stops_the_search() -> None:
    state = midgame(steps=33)
    bot = MctsBot(time=0.05, clock="cpu")
    legal = state.legal_actions()
    t0 = time.process_time()
    bot.search(Observation(state, state.current_player()), random.Random(0), legal)
    assert bot.last_iterations >= 1
    assert time.process_time() - t0 < 1.0  # loose: the budget is 0.05 s


def test_contests_a_majority_within_reach() -> None:
    """The search (over the heuristic's best purchases) buys into the contested chain."""
    board = chain("Luxor", row("A", 1, 3))
    players = [
        seat("A", shares={"Luxor": 2}, hand=["12I"]),
        seat("B", shares={"Luxor": 3}, hand=["12H"]),
    ]
    state = game(board, players)
    state.apply(state.action_from_dict({"type": "place_tile", "tile": "12I"}))
    action = make_bot("mcts:iterations=60").choose(Observation(state, 0), random.Random(1))
    assert isinstance(action, BuyShares)
    assert state.ctx.notation.chain("Luxor") in action.shares
