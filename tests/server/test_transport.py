"""Live play over WebSockets: whole games, seat isolation, hidden information, bad input."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from takeover.acquire import from_record, replay

from .helpers import create, hello, join, pick, start, until


def _states(ws: Any, log: list[dict[str, Any]]) -> dict[str, Any]:
    return until(ws, "state", log)


def _play_out(
    conns: dict[int, Any], logs: dict[int, list[dict[str, Any]]], rng: random.Random
) -> dict[int, dict[str, Any]]:
    """Drive every human seat until the game ends; every connection sees every update."""
    latest = {seat: _states(ws, logs[seat]) for seat, ws in conns.items()}
    while True:
        seqs = {m["seq"] for m in latest.values()}
        assert len(seqs) == 1, f"connections disagree on the sequence: {seqs}"
        if next(iter(latest.values()))["status"] == "finished":
            return latest
        for seat, message in latest.items():
            if message["legal"]:
                conns[seat].send_json(
                    {"type": "action", "seq": message["seq"], "action": pick(message, rng)}
                )
        latest = {seat: _states(ws, logs[seat]) for seat, ws in conns.items()}


def _strings(value: Any) -> set[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        out: set[str] = set()
        for k, v in value.items():
            out |= {k} | _strings(v)
        return out
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _hidden_by_seq(record: dict[str, Any], seat: int) -> dict[int, set[str]]:
    """For each sequence number, the tiles ``seat`` may not know (others' hands and the bag)."""
    state = from_record({**record, "actions": []})
    every = set(record["tile_bag"])

    def hidden() -> set[str]:
        view = state.view(seat)
        known = set(view["board"]) | set(view["dead"]) | {t["tile"] for t in view.get("hand", [])}
        return every - known

    out = {0: hidden()}
    for n, action in enumerate(record["actions"], 1):
        data = dict(action)
        player = data.pop("player")
        state.apply(state.action_from_dict(data), player)
        out[n] = hidden()
    return out


def test_full_game_by_websocket_clients_leaks_no_tiles(client: TestClient) -> None:
    rng = random.Random(4)
    made = create(client, seats=4, bots={"1": "random", "3": "random"}, name="Ann", seat=0)
    table_id = made["table"]["id"]
    bob = join(client, table_id, "Bob")
    assert bob["seat"] == 2
    tokens = {0: made["token"], 2: bob["token"]}
    logs: dict[int, list[dict[str, Any]]] = {0: [], 2: [], -1: []}
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ann,
        client.websocket_connect(f"/ws/tables/{table_id}") as bob_ws,
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
    ):
        assert hello(ann, tokens[0], logs[0])["seat"] == 0
        assert hello(bob_ws, tokens[2], logs[2])["seat"] == 2
        assert hello(watcher, None, logs[-1])["seat"] is None
        start(client, table_id, tokens[0])
        final = _play_out({0: ann, 2: bob_ws, -1: watcher}, logs, rng)

    scores = final[0]["view"]["scores"]
    assert final[0]["status"] == "finished" and len(scores) == 4
    games = client.get("/api/games").json()
    assert [g["id"] for g in games["games"]] == [table_id]
    assert games["games"][0]["scores"] == scores
    record = client.get(f"/api/games/{table_id}/record").json()
    assert replay(record).scores() == scores
    assert len(record["actions"]) == final[0]["seq"]

    # Nothing sent to a seat (or a spectator) names a tile it may not know at that point.
    for seat, log in logs.items():
        hidden = _hidden_by_seq(record, None if seat < 0 else seat)  # type: ignore[arg-type]
        states = [m for m in log if m["type"] == "state"]
        assert states, "no state messages"
        for message in states:
            leaked = _strings(message) & hidden[message["seq"]]
            assert not leaked, f"seat {seat} saw {leaked} at seq {message['seq']}"
        # Each seat saw every update exactly once, in order.
        seqs = [m["seq"] for m in states]
        assert seqs == list(range(seqs[0], seqs[-1] + 1))


def _two_humans(client: TestClient, **body: Any) -> tuple[str, dict[int, str]]:
    made = create(client, seats=2, name="Ann", seat=0, **body)
    table_id = made["table"]["id"]
    other = join(client, table_id, "Bob", 1)
    start(client, table_id, made["token"])
    return table_id, {0: made["token"], 1: other["token"]}


def _first_state(ws: Any, token: str | None) -> dict[str, Any]:
    hello(ws, token)
    return until(ws, "state")


def test_a_seat_cannot_act_for_another(client: TestClient) -> None:
    table_id, tokens = _two_humans(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}") as b,
    ):
        states = {0: _first_state(a, tokens[0]), 1: _first_state(b, tokens[1])}
        mover = states[0]["view"]["decision"]["player"]
        idle = 1 - mover
        conns = {0: a, 1: b}
        assert states[idle]["legal"] == [] and states[mover]["legal"]
        # The idle seat sends the mover's own legal action: refused, nothing changes.
        action = states[mover]["legal"][0]
        conns[idle].send_json({"type": "action", "seq": 0, "action": action})
        err = until(conns[idle], "error")
        assert err["code"] == "not_your_turn"
        # Naming another seat in the message is not even well-formed.
        conns[idle].send_json({"type": "action", "seq": 0, "action": action, "seat": mover})
        assert until(conns[idle], "error")["code"] == "bad_request"
        conns[idle].send_json({"type": "action", "seq": 0, "action": {**action, "player": mover}})
        assert until(conns[idle], "error")["code"] == "not_your_turn"
        # A token from another table opens nothing here.
        other = create(client, seats=2, name="Eve")
        with client.websocket_connect(f"/ws/tables/{table_id}") as eve:
            eve.send_json({"type": "hello", "token": other["token"]})
            assert until(eve, "error")["code"] == "unauthorized"
            with pytest.raises(WebSocketDisconnect):
                eve.receive_json()
        conns[mover].send_json({"type": "action", "seq": 0, "action": action})
        assert until(conns[mover], "state")["seq"] == 1
        assert until(conns[idle], "state")["seq"] == 1
    assert client.get(f"/api/tables/{table_id}").json()["seq"] == 1


BAD_MESSAGES = [
    ("not json", "bad_request"),
    ("[1, 2]", "bad_request"),
    ('{"type": "fly"}', "bad_request"),
    ('{"seq": 0}', "bad_request"),
    ('{"type": "action", "seq": "0", "action": {"type": "declare_end"}}', "bad_request"),
    ('{"type": "action", "seq": 0}', "bad_request"),
    ('{"type": "action", "seq": 0, "action": {"type": "place_tile", "tile": "99Z"}}', "illegal"),
    ('{"type": "action", "seq": 0, "action": {"type": "teleport"}}', "illegal"),
    (
        '{"type": "action", "seq": 0, "action": {"type": "found_chain", "chain": "Tower"}}',
        "illegal",
    ),
    ('{"type": "action", "seq": 7, "action": {"type": "declare_end"}}', "stale"),
    ('{"type": "chat", "text": 5}', "bad_request"),
    ('{"type": "hello", "spectate": true}', "bad_request"),
]


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_malformed_and_oversized_messages_are_refused_and_change_nothing(
    client: TestClient,
) -> None:
    table_id, tokens = _two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as w:
        mover = _first_state(w, None)["view"]["decision"]["player"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as a:
        first = _first_state(a, tokens[mover])
        for text, code in BAD_MESSAGES:
            a.send_text(text)
            err = until(a, "error")
            assert err["code"] == code, (text, err)
            assert err["message"] and "Traceback" not in err["message"]
        a.send_text(json.dumps({"type": "chat", "text": "x" * 9000}))
        assert until(a, "error")["code"] == "too_large"
        a.send_bytes(b'{"type": "ping"}')
        assert until(a, "error")["code"] == "bad_request"
        # The connection still works and the game has not moved.
        a.send_json({"type": "ping", "ref": 3})
        assert until(a, "pong") == {"type": "pong", "ref": 3}
        a.send_json({"type": "hello", "spectate": True})
        a.send_json({"type": "action", "seq": 0, "action": first["legal"][0]})
        assert until(a, "state")["seq"] == 1


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_rate_limit_refuses_floods_then_disconnects(make_client: Any) -> None:
    client = make_client(rate_per_second=1.0, rate_burst=4, rate_strikes=5)
    table_id, _ = _two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)
        for _ in range(12):
            ws.send_json({"type": "ping"})
        seen = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                seen.append(ws.receive_json())
        assert closed.value.code == 1008
    codes = [m.get("code") for m in seen if m["type"] == "error"]
    assert codes.count("rate_limited") >= 5
    assert sum(1 for m in seen if m["type"] == "pong") == 3


def test_two_tabs_racing_for_one_decision_one_wins_one_is_stale(client: TestClient) -> None:
    table_id, tokens = _two_humans(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as a0,
        client.websocket_connect(f"/ws/tables/{table_id}") as b0,
    ):
        first = _first_state(a0, tokens[0])
        mover = first["view"]["decision"]["player"]
        token = tokens[mover]
        with (
            client.websocket_connect(f"/ws/tables/{table_id}") as tab1,
            client.websocket_connect(f"/ws/tables/{table_id}") as tab2,
        ):
            s1, s2 = _first_state(tab1, token), _first_state(tab2, token)
            assert s1["legal"] == s2["legal"] != []
            tab1.send_json({"type": "action", "seq": 0, "action": s1["legal"][0], "ref": "t1"})
            tab2.send_json({"type": "action", "seq": 0, "action": s2["legal"][-1], "ref": "t2"})
            won = until(tab1, "state")
            seen: dict[str, dict[str, Any]] = {}
            while len(seen) < 2:  # the state and the refusal, in either order
                message = tab2.receive_json()
                seen.setdefault(message["type"], message)
            err = seen["error"]
            assert err["code"] == "stale" and err["ref"] == "t2"
            assert "stale" in err["message"]
            assert seen["state"]["seq"] == won["seq"] == 1
            assert won["last"]["action"] == s1["legal"][0]
        del b0
    assert client.get(f"/api/tables/{table_id}").json()["seq"] == 1


def test_spectators_get_the_public_view_and_cannot_act(client: TestClient) -> None:
    table_id, tokens = _two_humans(
        client, ruleset={"preset": "standard", "options": {"hidden_holdings": True}}
    )
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
        client.websocket_connect(f"/ws/tables/{table_id}") as a,
    ):
        public = _first_state(watcher, None)
        mine = _first_state(a, tokens[0])
        assert "hand" not in public["view"] and public["legal"] == []
        assert len(mine["view"]["hand"]) == 6
        # hidden_holdings: nobody's cash for the spectator, only one's own for a seat.
        assert all("cash" not in p for p in public["view"]["players"])
        assert [("cash" in p) for p in mine["view"]["players"]] == [True, False]
        watcher.send_json({"type": "action", "seq": 0, "action": {"type": "declare_end"}})
        assert until(watcher, "error")["code"] == "spectator"


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def _answer(ws: Any) -> dict[str, Any]:
    """The next message that answers ours: an error or a state (lobby news skipped)."""
    while (message := ws.receive_json())["type"] == "table":
        pass
    return message


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_unknown_fields_in_an_action_and_deep_nesting_are_bad_requests(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    table_id, tokens = _two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as w:
        mover = _first_state(w, None)["view"]["decision"]["player"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as a:
        first = _first_state(a, tokens[mover])
        legal = first["legal"][0]
        assert legal["type"] == "place_tile"
        # a field the game does not read, top-level or nested: refused, naming it
        for action, field in [
            ({**legal, "evil": 1}, '"action.evil"'),
            ({"type": "propose_trade", "to": 1 - mover, "give": {"cash": 0, "x": 1}}, "give.x"),
        ]:
            a.send_json({"type": "action", "seq": 0, "action": action, "ref": "r"})
            err = _answer(a)  # (nobody else acts here: a state would be this action's)
            assert (err["type"], err["code"], err["ref"]) == ("error", "bad_request", "r"), err
            assert field in err["message"]
        # JSON nested deeper than anything reads it, within the size limit
        for depth in (3000, 900):
            text = f'{{"type": "action", "seq": 0, "action": {{"type": {_deep(depth)}}}}}'
            assert len(text) < 8192
            a.send_text(text)
            err = _answer(a)
            assert (err["type"], err["code"]) == ("error", "bad_request"), err
            assert "nest" in err["message"]
        # nothing moved, nothing failed on our side
        a.send_json({"type": "action", "seq": 0, "action": legal})
        assert until(a, "state")["seq"] == 1
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


def test_chat_is_plain_text_limited_and_replayed_on_hello(client: TestClient) -> None:
    table_id, tokens = _two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as a:
        hello(a, tokens[0])
        a.send_json({"type": "chat", "text": "  hi <b>all</b>\u0007 "})
        line = until(a, "chat")
        assert line["text"] == "hi <b>all</b>" and line["name"] == "Ann" and line["seat"] == 0
        a.send_json({"type": "chat", "text": "y" * 301})
        assert "at most 300" in until(a, "error")["message"]
        a.send_json({"type": "chat", "text": " \n "})
        assert until(a, "error")["code"] == "bad_request"
    with client.websocket_connect(f"/ws/tables/{table_id}") as b:
        log: list[dict[str, Any]] = []
        hello(b, tokens[1])
        line = until(b, "chat", log)
        assert line["text"] == "hi <b>all</b>"


def test_unknown_table_and_missing_credentials_close_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nope") as ws:
        ws.send_json({"type": "hello", "spectate": True})
        assert until(ws, "error")["code"] == "not_found"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    made = create(client, seats=2, name="Ann")
    with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
        ws.send_json({"type": "action", "seq": 0, "action": {}})
        assert "hello" in until(ws, "error")["message"]
        ws.send_json({"type": "hello"})
        assert until(ws, "error")["code"] == "unauthorized"


def test_a_reload_resumes_the_seat_with_the_current_state(client: TestClient) -> None:
    table_id, tokens = _two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as a:
        first = _first_state(a, tokens[0])
    mover = first["view"]["decision"]["player"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as m:
        state = _first_state(m, tokens[mover])
        m.send_json({"type": "action", "seq": 0, "action": state["legal"][0]})
        after = until(m, "state")
    with client.websocket_connect(f"/ws/tables/{table_id}") as again:
        welcome = hello(again, tokens[mover])
        assert welcome["seat"] == mover and welcome["name"] == ["Ann", "Bob"][mover]
        resumed = until(again, "state")
        assert resumed["seq"] == 1 and resumed["view"] == after["view"]
        assert resumed["legal"] == after["legal"]


def _as_recent(message: dict[str, Any]) -> dict[str, Any]:
    """What a live ``state`` message says about its action, in the form of ``recent``."""
    return {"seq": message["seq"], **message["last"], "events": message["events"]}


def test_a_reload_gets_the_last_fifty_actions_as_that_seat_saw_them(client: TestClient) -> None:
    table_id, tokens = _two_humans(client)
    rng = random.Random(4)
    logs: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}") as b,
    ):
        conns = {0: a, 1: b}
        for seat, ws in conns.items():
            hello(ws, tokens[seat])
        latest = {seat: _states(ws, logs[seat]) for seat, ws in conns.items()}
        assert "recent" not in latest[0]  # a game that has not moved has nothing to tell
        while latest[0]["seq"] < 60 and latest[0]["status"] != "finished":
            for seat, message in latest.items():
                if message["legal"]:
                    action = pick(message, rng)
                    conns[seat].send_json(
                        {"type": "action", "seq": message["seq"], "action": action}
                    )
            latest = {seat: _states(ws, logs[seat]) for seat, ws in conns.items()}
    seq = latest[0]["seq"]
    assert seq > 50
    for seat in (0, 1):
        live = {m["seq"]: _as_recent(m) for m in logs[seat] if m["type"] == "state" and m["last"]}
        with client.websocket_connect(f"/ws/tables/{table_id}") as again:
            hello(again, tokens[seat])
            resumed = until(again, "state")
        assert [r["seq"] for r in resumed["recent"]] == list(range(seq - 49, seq + 1))
        assert resumed["recent"] == [live[n] for n in range(seq - 49, seq + 1)]
        drawn = [e for r in resumed["recent"] for e in r["events"] if e["type"] == "tiles_drawn"]
        assert any("tiles" in e for e in drawn) and any("count" in e for e in drawn)
        assert all(("tiles" in e) == (e["player"] == seat) for e in drawn)
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        public = until(watcher, "state")
    assert len(public["recent"]) == 50
    secret = ("tiles_drawn", "dead_tiles_replaced")  # (a hand revealed by rule is public)
    hidden = [e for r in public["recent"] for e in r["events"] if e["type"] in secret]
    assert hidden and not any("tiles" in e for e in hidden)


def test_trade_terms_stay_with_the_two_parties_under_hidden_holdings(
    client: TestClient,
) -> None:
    made = create(
        client,
        seats=3,
        name="Ann",
        seat=0,
        ruleset={"preset": "standard", "options": {"hidden_holdings": True}},
    )
    table_id = made["table"]["id"]
    tokens = {0: made["token"]}
    for seat, name in ((1, "Bob"), (2, "Cy")):
        tokens[seat] = join(client, table_id, name, seat)["token"]
    start(client, table_id, made["token"])
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}") as b,
        client.websocket_connect(f"/ws/tables/{table_id}") as c,
    ):
        conns = {0: a, 1: b, 2: c}
        states = {seat: _first_state(ws, tokens[seat]) for seat, ws in conns.items()}
        active = states[0]["view"]["decision"]["player"]
        partner, third = [s for s in (0, 1, 2) if s != active]
        offer = {
            "type": "propose_trade",
            "to": partner,
            "give": {"cash": 500, "shares": {}},
            "get": {"cash": 300, "shares": {}},
        }
        conns[active].send_json({"type": "action", "seq": 0, "action": offer})
        seen = {seat: until(ws, "state") for seat, ws in conns.items()}
    for seat in (active, partner):
        assert seen[seat]["last"]["action"] == offer
        assert seen[seat]["view"]["decision"]["trade"]["give"] == {"cash": 500, "shares": {}}
    outsider = seen[third]
    assert outsider["last"]["action"] == {"type": "propose_trade", "to": partner}
    assert "$" not in outsider["last"]["text"]
    assert "trade" not in outsider["view"]["decision"]
    assert not {"give", "get"} & _strings(outsider), "the terms reached a third seat"
    assert {"give", "get"} <= _strings(seen[partner]["events"])
