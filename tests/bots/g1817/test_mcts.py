"""1817's mcts: the search overrules the heuristic's choice only by a clear margin."""

from __future__ import annotations

from takeover.bots.g1817.mcts import Mcts1817, _Node
from takeover.bots.registry import make_bot
from takeover.g1817.actions import Action


def root_with(stats: dict[Action, tuple[int, float]]) -> _Node:
    """A searched root: options in the heuristic's order, each with (visits, mean reward)."""
    root = _Node()
    root.options = list(stats)
    for action, (visits, mean) in stats.items():
        child = root.children[action] = _Node()
        child.visits, child.reward = visits, visits * mean
    return root


def test_the_heuristics_choice_stands_unless_the_search_beats_it_by_the_margin() -> None:
    bot = Mcts1817(iterations=1, margin=0.1)
    first, other = Action.make("pass", 1), Action.make("short", 1, corporation="A&S")
    assert bot._pick(root_with({first: (10, 0.5), other: (20, 0.58)})) == first
    assert bot._pick(root_with({first: (10, 0.5), other: (20, 0.65)})) == other
    assert bot._pick(root_with({first: (20, 0.5), other: (10, 0.9)})) == first  # less visited
    assert (
        Mcts1817(iterations=1, margin=0.0)._pick(root_with({first: (9, 0.5), other: (10, 0.51)}))
        == other
    )


def test_margin_is_a_setting_of_the_1817_mcts() -> None:
    bot = make_bot("mcts:iterations=5,margin=0.2", "1817")
    assert isinstance(bot, Mcts1817) and bot.margin == 0.2
