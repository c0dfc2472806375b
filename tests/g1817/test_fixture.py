"""Undo/redo filtering and fixture recognition."""

from __future__ import annotations

import json

from takeover.g1817.fixture import applied_actions, is_fixture, replay_game

from .games import record


def _ids(actions: list[dict]) -> list[int]:
    return [a["id"] for a in applied_actions(actions)]


def act(i: int, kind: str = "pass", **extra: object) -> dict:
    return {"id": i, "type": kind, "entity": 1, "entity_type": "player", **extra}


def test_undo_takes_back_the_last_action_but_not_messages() -> None:
    actions = [act(1), act(2), act(3, "message"), act(4, "undo")]
    assert _ids(actions) == [1, 3]


def test_undo_to_an_action_id_and_redo_restores_the_batch() -> None:
    actions = [act(1), act(2), act(3), act(4, "undo", action_id=1), act(5, "redo")]
    assert _ids(actions) == [1, 2, 3]


def test_a_new_action_forgets_the_redo_stack() -> None:
    actions = [act(1), act(2), act(3, "undo"), act(4), act(5, "redo")]
    assert _ids(actions) == [1, 4]


def test_repeated_undo_and_redo() -> None:
    actions = [act(1), act(2), act(3, "undo"), act(4, "undo"), act(5, "redo"), act(6, "redo")]
    assert _ids(actions) == [1, 2]


def test_is_fixture() -> None:
    assert is_fixture({"title": "1817WO", "actions": [act(1)]})
    assert not is_fixture({"title": "Acquire", "actions": [act(1)]})
    assert not is_fixture({"title": "1817", "actions": [{"type": "pass"}]})


def test_a_record_is_an_18xx_games_file_with_its_end() -> None:
    """What the reference engine needs of a file: id, players, settings, actions with
    ids, and the result (string player ids) with the end reason and status."""
    data = record("1817WO__1817WO_game_end_bankrupt")
    state, _applied, _matched = replay_game(data)
    out = json.loads(json.dumps(state.to_record()))
    assert out["result"] == data["result"]
    assert (out["game_end_reason"], out["status"]) == ("bankrupt", "finished")
    assert out["id"] == out["settings"]["seed"] == data["settings"]["seed"]
    assert out["players"] == [{"id": p["id"], "name": p["name"]} for p in data["players"]]
    assert [a["id"] for a in out["actions"]] == list(range(1, len(out["actions"]) + 1))
    fresh = replay_game({**data, "actions": []})[0].to_record()
    assert fresh["status"] == "active" and fresh["game_end_reason"] is None
    assert set(fresh["result"]) == {str(p["id"]) for p in data["players"]}
