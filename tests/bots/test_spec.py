"""Bot spec strings: one parser for the arena, the command line and the server."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from takeover.bots import BotSpec, BotSpecError, levels, make_bot, parse_spec
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


def test_a_spec_is_read_once_into_a_frozen_value() -> None:
    spec = BotSpec.parse(" MCTS: width=4, iterations=200,time=1 ")
    assert (spec.level, spec.game) == ("mcts", "acquire")
    assert spec.settings == (("time", 1.0), ("iterations", 200), ("width", 4))
    assert str(spec) == "mcts:time=1,iterations=200,width=4"
    assert BotSpec.parse(str(spec)) == spec
    assert BotSpec.parse(spec) is spec
    assert str(BotSpec.parse("heuristic:trade=no")) == "heuristic:trade=0"
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.level = "random"  # type: ignore[misc]


def test_values_fall_back_to_the_levels_defaults() -> None:
    assert BotSpec.parse("mcts").value("time") == 0.5
    assert BotSpec.parse("mcts:iterations=10").value("time") is None  # no budget then
    assert BotSpec.parse("mcts:c=2").value("depth") == 8
    with pytest.raises(BotSpecError, match="unknown setting 'speed'"):
        BotSpec.parse("mcts").value("speed")


@pytest.mark.parametrize(
    ("spec", "bounds", "message"),
    [
        ("mcts:time=2", {"time": (None, 1.0)}, "time may be at most 1 here, got 2"),
        ("mcts", {"time": (None, 0.25)}, "time may be at most 0.25 here, got 0.5"),
        ("mcts:iterations=500", {"iterations": (None, 100)}, "iterations may be at most 100"),
        ("mcts:depth=1", {"depth": (2, None)}, "depth must be at least 2 here, got 1"),
    ],
)
def test_bounds_given_by_a_server_are_enforced(spec: str, bounds: Any, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        BotSpec.parse(spec).check(bounds)


def test_specs_within_bounds_pass_and_unbounded_settings_are_left_alone() -> None:
    spec = BotSpec.parse("mcts:time=1,iterations=50")
    assert spec.check({"time": (0.5, 1.0), "iterations": (1, 100), "speed": (0, 1)}) is spec
    assert BotSpec.parse("mcts:iterations=50").check({"time": (None, 0.1)}) is not None
    assert BotSpec.parse("random").check({"time": (None, 0.1)}).level == "random"


def test_levels_belong_to_games() -> None:
    assert [level.level for level in levels("acquire")] == ["random", "heuristic", "mcts", "pimc"]
    assert [level.level for level in levels("1817")] == ["random", "heuristic", "mcts"]
    assert isinstance(make_bot("random", "acquire"), RandomBot)
    assert not isinstance(make_bot("random", "1817"), RandomBot)
    assert make_bot("mcts:iterations=5", "1817").name == "mcts:iterations=5"
    with pytest.raises(BotSpecError, match=r"unknown bot level 'expert' \(levels: random, heu"):
        make_bot("expert", "1817")
    with pytest.raises(BotSpecError, match="is for acquire, not 1817"):
        BotSpec.parse(BotSpec.parse("random"), "1817")
