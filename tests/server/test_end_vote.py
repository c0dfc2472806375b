"""Ending a game by agreement (1817's rule 8.5, docs/server-protocol.md "end_vote"): one
seat proposes, every person at the table must agree, a refusal drops the proposal, bots
always agree; Acquire has no such end.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from .helpers import create, hello, join, start, until

SQLITE = pytest.mark.parametrize("database", ["sqlite"], indirect=True)


def served(client: TestClient, table_id: str) -> Any:
    return client.app.state.services.master.tables[table_id]  # type: ignore[attr-defined]


def two_people(client: TestClient) -> tuple[str, str, str]:
    """A 1817NA table of Ann, Bob and a bot: its id and the two tokens."""
    made = create(client, game="1817", seats=3, ruleset="1817NA", bots={"2": "random"}, name="Ann")
    table_id = made["table"]["id"]
    bob = join(client, table_id, "Bob")["token"]
    start(client, table_id, made["token"])
    return table_id, made["token"], bob


END = {"type": "end_game", "entity": 1, "entity_type": "player"}
"""A client's ``end_game`` move (18xx.games' form): a vote for ending, like ``end_vote``."""


@SQLITE
def test_one_person_does_not_end_a_game_another_person_plays(client: TestClient) -> None:
    table_id, ann, bob = two_people(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_a,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_b,
    ):
        hello(ws_a, ann)
        hello(ws_b, bob)
        seq = until(ws_a, "state")["seq"]
        until(ws_b, "state")
        ws_a.send_json({"type": "action", "seq": seq, "action": END})
        said = until(ws_b, "chat")
        assert said["name"] == "Ann" and "proposes to end the game" in said["text"]
        assert "Bob" in said["text"]  # who must still agree
        table = served(client, table_id)
        assert table.end_votes == {0} and not table.state.is_terminal()
        assert until(ws_b, "table")["table"]["end_vote"] == [0]
        ws_b.send_json({"type": "end_vote", "agree": True})
        ended = until(ws_b, "state")
    assert ended["status"] == "finished" and ended["last"]["action"]["type"] == "end_game"
    assert table.state.game_end_reason == "manually_ended" and table.end_votes == set()
    record = client.get(f"/api/games/{table_id}/record").json()
    assert record["actions"][-1]["type"] == "end_game"
    # the table's log keeps the proposal and the votes (a page that loads gets them again)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        log: list[dict[str, Any]] = []
        hello(ws, bob)
        until(ws, "state", log)
    said = [(m["name"], m["text"]) for m in log if m["type"] == "chat"]
    assert [n for n, _ in said] == ["Ann", "Bob"]
    assert "proposes" in said[0][1] and "everyone agreed" in said[1][1], said


@SQLITE
def test_a_refusal_drops_the_proposal(client: TestClient) -> None:
    table_id, ann, bob = two_people(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_a,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws_b,
    ):
        hello(ws_a, ann)
        hello(ws_b, bob)
        until(ws_b, "state")
        ws_a.send_json({"type": "end_vote", "agree": True})
        until(ws_b, "chat")
        ws_b.send_json({"type": "end_vote", "agree": False})
        said = until(ws_a, "chat")
        while "refuses" not in said["text"]:
            said = until(ws_a, "chat")
        assert said["name"] == "Bob"
        table = served(client, table_id)
        assert table.end_votes == set() and not table.state.is_terminal()
        # Bob's agreement now is a new proposal, which waits for Ann
        ws_b.send_json({"type": "end_vote", "agree": True})
        said = until(ws_a, "chat")
        assert said["name"] == "Bob" and "proposes" in said["text"] and "Ann" in said["text"]
        assert table.end_votes == {1} and not table.state.is_terminal()
        ws_a.send_json({"type": "end_vote", "agree": False, "ref": 7})
        until(ws_b, "chat")
        ws_a.send_json({"type": "end_vote", "agree": False, "ref": 8})
        err = until(ws_a, "error")
        assert err["ref"] == 8 and "no end of the game is proposed" in err["message"]


@SQLITE
def test_bots_agree_so_a_person_alone_with_bots_ends_at_once(client: TestClient) -> None:
    made = create(
        client,
        game="1817",
        seats=3,
        ruleset="1817NA",
        bots={"1": "random", "2": "random"},
        name="Ann",
    )
    table_id, ann = made["table"]["id"], made["token"]
    start(client, table_id, ann)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, ann)
        until(ws, "state")
        ws.send_json({"type": "end_vote", "agree": True})
        state = until(ws, "state")
        while state["status"] != "finished":
            state = until(ws, "state")
    assert state["last"]["action"]["type"] == "end_game"
    assert served(client, table_id).state.game_end_reason == "manually_ended"


@SQLITE
def test_acquire_has_no_end_by_agreement(client: TestClient) -> None:
    made = create(client, seats=2, bots={"1": "random"}, name="Ann")
    table_id, ann = made["table"]["id"], made["token"]
    start(client, table_id, ann)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, ann)
        ws.send_json({"type": "end_vote", "agree": True, "ref": 1})
        err = until(ws, "error")
    assert err["code"] == "bad_request" and "acquire has no end by agreement" in err["message"]
    assert not served(client, table_id).state.is_terminal()
