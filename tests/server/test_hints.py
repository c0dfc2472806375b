"""Hints: the seat to move asks the analysis bot, in games against bots only (or at a table
made with hints on), rate-limited; the answer is a legal action of that seat."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from .helpers import create, hello, join, start, until


@pytest.fixture
def database(sqlite_database: str) -> str:
    return sqlite_database


def my_turn(ws: Any, seat: int) -> dict[str, Any]:
    """The first state in which ``seat`` decides."""
    while True:
        state = until(ws, "state")
        if state["decision"] and seat in state["decision"]["seats"]:
            return state


def ask(ws: Any, seq: int, ref: int) -> dict[str, Any]:
    ws.send_json({"type": "hint", "seq": seq, "ref": ref})
    while True:
        message = ws.receive_json()
        if message.get("ref") == ref:
            return message


@pytest.mark.parametrize(("game", "seats"), [("acquire", 2), ("1817", 3)])
def test_a_hint_against_bots_is_a_legal_action_of_the_seat(
    make_client: Any, game: str, seats: int
) -> None:
    client: TestClient = make_client(hint_seconds=0.05, hints_per_minute=60.0)
    bots = {str(n): "random" for n in range(1, seats)}
    made = create(client, game=game, seats=seats, bots=bots, name="Ann", seat=0)
    assert made["table"]["hints"] is True  # one person and bots
    start(client, made["table"]["id"], made["token"])
    with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
        hello(ws, made["token"])
        state = my_turn(ws, 0)
        answer = ask(ws, state["seq"], 1)
        assert answer["type"] == "hint" and answer["seq"] == state["seq"]
        assert answer["text"]
        if game == "acquire" and answer["action"]["type"] == "propose_trade":
            return  # an offer is never listed: the engine checks it when it is made
        assert answer["action"] in state["legal"]
        stale = ask(ws, state["seq"] - 1, 2)
        assert stale["type"] == "error" and stale["code"] == "stale"


def two_people(client: TestClient, **body: Any) -> tuple[str, str, str]:
    """A started table of Ann and Bob: its id, the token of the seat to move, the other's."""
    made = create(client, seats=2, name="Ann", seat=0, **body)
    table_id = made["table"]["id"]
    bob = join(client, table_id, "Bob")
    start(client, table_id, made["token"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws)
        state = until(ws, "state")
    tokens = [made["token"], bob["token"]]
    mover = state["decision"]["seats"][0]
    return table_id, tokens[mover], tokens[1 - mover]


def test_no_hint_at_a_table_of_two_people_without_hints(make_client: Any) -> None:
    client: TestClient = make_client(hint_seconds=0.05)
    table_id, mover, _other = two_people(client)
    assert client.get(f"/api/tables/{table_id}").json()["hints"] is False
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, mover)
        state = until(ws, "state")
        refused = ask(ws, state["seq"], 1)
        assert refused["type"] == "error" and refused["code"] == "bad_request"
        assert "games against bots only" in refused["message"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws)  # a spectator
        until(ws, "state")
        assert ask(ws, state["seq"], 2)["code"] == "spectator"


def test_two_people_who_made_the_table_with_hints_may_ask_within_the_rate(
    make_client: Any,
) -> None:
    client: TestClient = make_client(hint_seconds=0.05, hints_per_minute=1.0)
    table_id, mover, other = two_people(client, hints=True)
    assert client.get(f"/api/tables/{table_id}").json()["hints"] is True
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, other)
        state = until(ws, "state")
        assert ask(ws, state["seq"], 1)["code"] == "not_your_turn"
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, mover)
        state = until(ws, "state")
        answers = [ask(ws, state["seq"], ref) for ref in (1, 2, 3)]
        assert [a["type"] for a in answers[:2]] == ["hint", "hint"]
        assert answers[2]["code"] == "rate_limited"
