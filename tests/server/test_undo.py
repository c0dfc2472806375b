"""Taking actions back at a table (server/undo.py, docs/server-protocol.md "Undo"): one's
own last action at once while no one else acted since; beyond that with every person's
agreement (bots accept); the record keeps the undo and the table replays it; the tile
the undoing player drew stays theirs and hidden."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from takeover.server.table import Table

from .helpers import create, hello, join, start, until

SQLITE = pytest.mark.parametrize("database", ["sqlite"], indirect=True)


def served(client: TestClient, table_id: str) -> Any:
    return client.app.state.services.master.tables[table_id]  # type: ignore[attr-defined]


def two_people(client: TestClient) -> tuple[str, dict[int, str]]:
    """An Acquire table of Ann and Bob (no trading): its id and each seat's token."""
    made = create(client, seats=2, name="Ann", ruleset="tlstyer")
    table_id = made["table"]["id"]
    bob = join(client, table_id, "Bob")["token"]
    start(client, table_id, made["token"])
    return table_id, {0: made["token"], 1: bob}


def act(ws: Any, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    legal = [a for a in state["legal"] if a["type"] != "declare_end" and not a.get("end_game")]
    ws.send_json({"type": "action", "seq": state["seq"], "action": rng.choice(legal)})
    return until(ws, "state")


@SQLITE
def test_own_undo_at_once_then_an_agreed_one(client: TestClient) -> None:
    table_id, tokens = two_people(client)
    rng = random.Random(3)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws0,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws1,
    ):
        hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        states = {0: until(ws0, "state"), 1: until(ws1, "state")}
        ws = {0: ws0, 1: ws1}
        first = states[0]["decision"]["seats"][0]
        other = 1 - first
        # the first player places a tile, and takes it back at once
        placed = act(ws[first], states[first], rng)
        ws[first].send_json({"type": "undo"})
        back = until(ws[first], "state")
        assert back["last"]["action"]["type"] == "undo" and back["seq"] == placed["seq"] + 1
        assert back["view"]["hand"] == states[first]["view"]["hand"]  # as before placing
        # the turn played to its end (the player draws), then the other player acts
        state = back
        while state["decision"]["seats"] == [first]:
            state = act(ws[first], state, rng)
        drawn = {t["tile"] for t in state["view"]["hand"]} - {
            t["tile"] for t in back["view"]["hand"]
        }
        seen = until(ws[other], "state")
        while seen["seq"] != state["seq"]:
            seen = until(ws[other], "state")
        act(ws[other], seen, rng)
        # now the undo needs the other person
        ws[first].send_json({"type": "undo"})
        asked = until(ws[other], "table")["table"]["undo"]
        assert asked["seat"] == first and asked["agreed"] == [first]
        table: Table = served(client, table_id)
        assert table.seq == asked["seq"]  # nothing applied yet
        ws[other].send_json({"type": "undo_vote", "agree": True})
        after = until(ws[first], "state")
        while after["last"]["action"]["type"] != "undo":
            after = until(ws[first], "state")
        hand_now = {t["tile"] for t in after["view"]["hand"]}
        assert not drawn & hand_now  # the drawn tile went back, set aside for its drawer
        names = table.state.ctx.board.names
        assert drawn <= {names[t] for t in table.state.returned[first]}
        seen = until(ws[other], "state")
        while seen["seq"] != after["seq"]:
            seen = until(ws[other], "state")
        assert not any(tile in str(seen) for tile in drawn)
    # the store keeps both undos, and the table rebuilt from it is the same game
    master = client.app.state.services.master  # type: ignore[attr-defined]
    stored = master.store.run_sync(lambda c: master.repo.table(c, table_id, actions=True))
    assert [a["type"] for _, a in stored.actions].count("undo") == 2
    again = Table.from_record(stored)
    assert again.state.view(first) == table.state.view(first)
    assert again.state.returned == table.state.returned


@SQLITE
def test_refusals_and_a_refused_request(client: TestClient) -> None:
    table_id, tokens = two_people(client)
    rng = random.Random(4)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws0,
        client.websocket_connect(f"/ws/tables/{table_id}") as ws1,
        client.websocket_connect(f"/ws/tables/{table_id}") as spy,
    ):
        hello(ws0, tokens[0])
        hello(ws1, tokens[1])
        hello(spy)
        states = {0: until(ws0, "state"), 1: until(ws1, "state")}
        ws = {0: ws0, 1: ws1}
        first = states[0]["decision"]["seats"][0]
        other = 1 - first
        ws[other].send_json({"type": "undo", "ref": 1})
        assert "no action to take back" in until(ws[other], "error")["message"]
        spy.send_json({"type": "undo", "ref": 2})
        assert until(spy, "error")["code"] == "spectator"
        ws[first].send_json({"type": "undo_vote", "agree": True, "ref": 3})
        assert "no undo is asked" in until(ws[first], "error")["message"]
        state = states[first]
        while state["decision"]["seats"] == [first]:
            state = act(ws[first], state, rng)
        seen = until(ws[other], "state")
        while seen["seq"] != state["seq"]:
            seen = until(ws[other], "state")
        act(ws[other], seen, rng)
        seq = served(client, table_id).seq
        # an undo sent as an action is the same request: it never takes back more
        ws[first].send_json(
            {"type": "action", "seq": seq, "action": {"type": "undo", "action_id": 0}}
        )
        until(ws[other], "table")
        ws[other].send_json({"type": "undo_vote", "agree": False})
        said = until(ws[first], "chat")
        while "refuses" not in said["text"]:
            said = until(ws[first], "chat")
        table = served(client, table_id)
        assert table.seq == seq and table.undo_request is None
        ws[first].send_json({"type": "action", "seq": seq, "action": {"type": "redo"}, "ref": 9})
        assert "redo is not offered" in until(ws[first], "error")["message"]


@SQLITE
def test_bots_accept_and_decide_again(client: TestClient) -> None:
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
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, ann)
        state = until(ws, "state")
        while 0 not in state["decision"]["seats"]:
            state = until(ws, "state")
        assert state["undo"] is None  # nothing to take back yet
        ws.send_json({"type": "action", "seq": state["seq"], "action": rng.choice(state["legal"])})
        state = until(ws, "state")
        while state["last"]["player"] == 0:  # until a bot acted after Ann
            if 0 in state["decision"]["seats"]:
                ws.send_json(
                    {"type": "action", "seq": state["seq"], "action": rng.choice(state["legal"])}
                )
            state = until(ws, "state")
        assert state["undo"]["agreement"] is False  # others acted since, but only bots
        ws.send_json({"type": "undo"})
        state = until(ws, "state")
        while state["last"]["action"]["type"] != "undo":
            state = until(ws, "state")
        undone = state["seq"]
        assert state["last"]["player"] == 0
        assert 0 in state["decision"]["seats"]  # Ann's decision again, the bots' moves gone
    table = served(client, table_id)
    undos = [a for a in table.state.to_record()["actions"] if a["type"] == "undo"]
    assert len(undos) == 1 and undos[0]["entity"] == table.state.original_order[0]
    assert undos[0]["id"] == undone
