"""Appraising a decision: the action taken gets its share of the search."""

from __future__ import annotations

import random

from takeover.acquire import new_game
from takeover.bots import Observation, make_bot
from takeover.bots.appraisal import SHARE, Appraiser, due, most_visited


class Child:
    def __init__(self, visits: int) -> None:
        self.visits, self.reward, self.seats = visits, 0.0, None


def test_the_action_taken_is_due_until_it_has_its_share() -> None:
    assert due({}, "x")
    assert not due({"x": Child(1), "y": Child(SHARE - 1)}, "x")
    assert due({"x": Child(1), "y": Child(SHARE)}, "x")


def test_the_choice_does_not_count_the_visits_forced_on_the_action_taken() -> None:
    children = {"x": Child(5), "y": Child(3)}
    assert most_visited(children, ["x", "y"], "x", forced=0) == "x"
    assert most_visited(children, ["x", "y"], "x", forced=3) == "y"


def test_the_worst_placement_is_searched_and_measured() -> None:
    state = new_game(3, seed=1)
    for _ in range(12):
        p = state.current_player()
        state.apply(state.legal_actions(p)[0], p)
    p = state.current_player()
    legal = state.legal_actions(p)
    bot = make_bot("mcts:iterations=40,width=2")
    assert isinstance(bot, Appraiser)
    taken = legal[-1]
    found = bot.appraise(Observation(state, p, legal), taken, random.Random(0))
    assert found.iterations == 40
    assert found.taken_visits >= 40 // SHARE
    assert len(found.seats) == 3 and all(0.0 <= v <= 1.0 for v in found.seats)
    assert found.best in legal
