"""Bot spec strings: one parser for the arena, the command line and the server."""

from __future__ import annotations

import pytest

from takeover.bots import BotSpecError, make_bot, parse_spec
from takeover.bots.heuristic import HeuristicBot
from takeover.bots.mcts import MctsBot
from takeover.bots.random_bot import RandomBot


def test_levels() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot(" Heuristic "), HeuristicBot)
    assert isinstance(make_bot("mcts"), MctsBot)


def test_settings_are_read() -> None:
    bot = make_bot("mcts:time=0.25,iterations=40,rollout=random,depth=3,c=1.5,width=4")
    assert isinstance(bot, MctsBot)
    assert (bot.time, bot.iterations, bot.rollout, bot.depth, bot.c, bot.width) == (
        0.25,
        40,
        "random",
        3,
        1.5,
        4,
    )
    assert make_bot("mcts:iterations=9").time is None  # type: ignore[attr-defined]
    assert make_bot("mcts").time == 0.5  # type: ignore[attr-defined]
    assert make_bot("heuristic:trade=0").trade is False  # type: ignore[attr-defined]


def test_parse_spec() -> None:
    assert parse_spec("mcts:time=0.5,rollout=heuristic") == (
        "mcts",
        {"time": "0.5", "rollout": "heuristic"},
    )
    assert parse_spec("random") == ("random", {})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "non-empty"),
        ("expert", "unknown bot level 'expert'"),
        ("random:depth=3", "unknown setting 'depth'"),
        ("mcts:time=fast", "time must be a number"),
        ("mcts:time=-1", "time must be between"),
        ("mcts:iterations=2.5", "iterations must be an integer"),
        ("mcts:rollout=smart", "rollout must be one of heuristic, random"),
        ("mcts:time", "bad setting 'time'"),
        ("mcts:time=1,time=2", "given twice"),
        ("heuristic:trade=maybe", "trade must be 0 or 1"),
    ],
)
def test_bad_specs_are_named(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)
