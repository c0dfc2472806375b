"""Records: every game replays exactly from its record, at any point of the game.

The record of a position replays to the same position (record, every seat's view,
decision, result), and replaying that record's record changes nothing. 1817 is also
checked on the real games of ``tests/data/1817``.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.core import registry
from takeover.core.errors import RecordError
from takeover.core.protocol import GameState

from .audit import playout, snapshot
from .games import CASES, COMPLETE, GameCase, real_1817_games, real_1817_record
from .test_playouts import SEEDS, label, setups


def check_round_trip(state: GameState) -> None:
    definition = registry.get(state.game)
    record = json.loads(json.dumps(state.to_record()))
    again = definition.replay(record)
    assert snapshot(again) == snapshot(state)
    assert registry.replay_record(record).to_record() == record
    start = definition.from_record(record)
    assert start.pending() is not None and start.game == state.game
    summary = definition.summary(again)
    for key in ("game", "finished", "scores", "ranks", "end_reason"):
        assert key in summary
    assert summary["finished"] == again.is_terminal() and summary["ranks"] == again.ranks()


@pytest.mark.parametrize("setup", setups(list(COMPLETE)), ids=label)
@settings(max_examples=2)
@given(seed=SEEDS)
def test_a_finished_game_replays_from_its_record(setup: tuple[GameCase, int], seed: int) -> None:
    case, i = setup
    played = playout(case, case.new_game(i, seed), random.Random(seed), audit=0)
    assert played.state.is_terminal()
    check_round_trip(played.state)


@pytest.mark.parametrize("setup", setups(list(CASES)), ids=label)
@settings(max_examples=2)
@given(seed=SEEDS, length=st.integers(min_value=0, max_value=80))
def test_a_game_in_progress_replays_from_its_record(
    setup: tuple[GameCase, int], seed: int, length: int
) -> None:
    case, i = setup
    played = playout(case, case.new_game(i, seed), random.Random(seed), limit=length, audit=0)
    check_round_trip(played.state)


@pytest.mark.parametrize("name", real_1817_games())
def test_real_1817_games_replay_to_the_same_end(name: str) -> None:
    definition = registry.get("1817")
    state = definition.replay(real_1817_record(name))
    assert state.is_terminal()
    check_round_trip(state)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_bad_record_is_refused(case: GameCase) -> None:
    state = case.new_game(0, 1)
    record = state.to_record()
    with pytest.raises(RecordError):
        case.definition.replay({**record, "actions": [{"type": "no_such_action"}]})
    with pytest.raises(RecordError):
        case.definition.replay({**record, "actions": 5})
