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
    assert set(definition.presets) >= {"standard", "tlstyer"}


def test_unknown_game() -> None:
    with pytest.raises(KeyError, match="unknown game 'go'"):
        registry.get("go")


def test_protocol_round_trip_through_the_definition() -> None:
    definition = registry.get("acquire")
    state = definition.new_game(["A", "B", "C"], "standard", 4)
    while (decision := state.pending()) is not None:
        (seat,) = decision.seats
        state.apply(state.legal_actions(seat)[-1], seat)
    again = registry.replay_record(state.to_record())
    assert definition.summary(again) == definition.summary(state)
    first = definition.from_record(state.to_record())
    assert first.pending() is not None and not first.is_terminal()
    action = first.action_from_dict({"type": "place_tile", "tile": "6d"})
    assert first.action_to_dict(action) == {"type": "place_tile", "tile": "6D"}


def test_1817_is_registered_with_its_titles() -> None:
    definition = registry.get("1817")
    ranges = {p.name: (p.min_players, p.max_players) for p in definition.schema.presets}
    assert ranges == {"1817": (3, 12), "1817NA": (2, 6), "1817WO": (2, 5)}
    assert (definition.min_players, definition.max_players) == (2, 12)
    offered = {p.name: set(p.offers or ()) for p in definition.schema.presets}
    common = {"short_squeeze", "five_shorts", "modern_trains"}
    assert offered == {"1817": common | {"volatility"}, "1817NA": common, "1817WO": common}


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
