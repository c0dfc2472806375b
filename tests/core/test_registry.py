"""The game registry: records find their game by name."""

from __future__ import annotations

import pytest

from takeover.core import registry
from takeover.core.errors import RecordError


def test_acquire_is_registered_lazily() -> None:
    assert "acquire" in registry.names()
    definition = registry.get("acquire")
    assert definition.name == "acquire"
    assert (definition.min_players, definition.max_players) == (1, 6)
    assert set(definition.rulesets) >= {"standard", "tlstyer"}


def test_unknown_game() -> None:
    with pytest.raises(KeyError, match="unknown game 'go'"):
        registry.get("go")


def test_protocol_round_trip_through_the_definition() -> None:
    definition = registry.get("acquire")
    state = definition.new_game(["A", "B", "C"], "standard", 4)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    again = registry.replay_record(state.to_record())
    assert definition.summary(again) == definition.summary(state)
    first = definition.from_record(state.to_record())
    assert first.current_player() is not None and not first.is_terminal()
    action = definition.action_from_dict({"type": "place_tile", "tile": "6d"})
    assert first.action_to_dict(action) == {"type": "place_tile", "tile": "6D"}


@pytest.mark.parametrize(
    ("record", "why"),
    [
        ("acquire", "JSON object"),
        ({"players": ["A", "B"]}, '"game" field'),
        ({"game": 5}, '"game" field'),
        ({"game": "go"}, "unknown game 'go'"),
    ],
)
def test_replay_record_refuses_what_it_cannot_dispatch(record, why: str) -> None:
    with pytest.raises(RecordError, match=why):
        registry.replay_record(record)
