"""The ten real games: stored results, and every applied action against its trace."""

from __future__ import annotations

import json

import pytest

from takeover.core.errors import RecordError
from takeover.g1817 import is_fixture, replay_fixture
from takeover.g1817.fixture import replay_game

from .games import GAMES, MORE_GAMES, fixture_path, maptrace_path, trace_path


@pytest.mark.parametrize("game", (*GAMES, *MORE_GAMES))
def test_game_matches_trace_and_result(game: str) -> None:
    data = json.loads(fixture_path(game).read_text())
    assert is_fixture(data)
    summary = replay_fixture(data, str(trace_path(game)))
    assert summary["result"] == {str(k): v for k, v in data["result"].items()}
    assert summary["game_end_reason"] == data["game_end_reason"]
    assert summary["finished"] is True
    assert summary["trace"]["matched"] == summary["actions_applied"]


def test_games_folder_is_complete() -> None:
    """The data travels with the repository: a missing file is a failure, never a skip."""
    missing = [
        path
        for g in (*GAMES, *MORE_GAMES)
        for path in (fixture_path(g), trace_path(g))
        if not path.exists()
    ]
    missing += [maptrace_path(g) for g in GAMES if not maptrace_path(g).exists()]
    assert not missing, f"missing 1817 test data: {missing}"


@pytest.mark.parametrize("game", (*GAMES, *MORE_GAMES))
def test_original_file_replays_with_computed_revenue(game: str) -> None:
    """The game as played (routes as connections, most without revenue): every route's
    revenue is computed from the map, and the game matches its trace to the end."""
    original = fixture_path(game).with_name(f"{game}.json")
    data = json.loads(original.read_text())
    summary = replay_fixture(data, str(trace_path(game)))
    assert summary["result"] == {str(k): v for k, v in data["result"].items()}
    assert summary["game_end_reason"] == data["game_end_reason"]
    assert summary["trace"]["matched"] == summary["actions_applied"]


def test_wrong_recorded_revenue_is_refused_with_its_action_id() -> None:
    data = json.loads(fixture_path("1817__20758").read_text())
    first = next(a for a in data["actions"] if a["type"] == "run_routes" and a["routes"])
    first["routes"][0]["revenue"] += 10
    with pytest.raises(RecordError) as info:
        replay_fixture(data)
    assert info.value.index == first["id"]
    assert "earns" in info.value.reason


def test_illegal_action_reports_id_and_reason() -> None:
    data = json.loads(fixture_path("1817WO__1817WO_game_end_bankrupt").read_text())
    for action in data["actions"]:
        if action["id"] == 42:
            action["price"] = 201  # below the standing bid of 200 + 5
    with pytest.raises(RecordError) as info:
        replay_fixture(data)
    assert info.value.index == 42
    assert "below the minimum" in info.value.reason


def test_divergence_names_action_and_field() -> None:
    game = "1817WO__1817WO_game_end_bankrupt"
    data = json.loads(fixture_path(game).read_text())
    for action in data["actions"]:
        if action["id"] == 113:
            action["kind"] = "payout"  # A&S withheld in the real game
    with pytest.raises(RecordError) as info:
        replay_fixture(data, str(trace_path(game)))
    assert info.value.index == 113
    assert "trace divergence" in info.value.reason


@pytest.mark.parametrize("game", ["1817WO__1817WO_game_end_bankrupt", "1817__20758"])
def test_record_of_a_replayed_game_rebuilds_it(game: str) -> None:
    data = json.loads(fixture_path(game).read_text())
    state, _applied, _matched = replay_game(data)
    record = json.loads(json.dumps(state.to_record()))
    rebuilt, _applied, _matched = replay_game(record)
    assert rebuilt.view(None) == state.view(None)
    assert rebuilt.scores() == state.scores()


def test_malformed_action_is_a_record_error() -> None:
    data = json.loads(fixture_path("1817WO__1817WO_game_end_bankrupt").read_text())
    for action in data["actions"]:
        if action["id"] == 1:
            del action["price"]
    with pytest.raises(RecordError) as info:
        replay_fixture(data)
    assert info.value.index == 1
