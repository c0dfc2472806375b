"""Slow legal listings off the event loop (issue #19 item 2), on a real server on loopback.

A listing is made slow by the test hook ``listing_burn_seconds`` (every 1817 listing first
spends that much CPU time, in a listing worker), not by timing a real route search."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from websockets.sync.client import ClientConnection, connect

from .serving import bot_workers, free_port, recv, serve, stop


@contextlib.contextmanager
def server(tmp_path: Any, *limits: str) -> Iterator[str]:
    """A ``takeover serve`` with ``limits``; its base URL."""
    port = free_port()
    options = ["--http-rate", "1000"]
    for limit in ("open_tables_per_address=100", "connections_per_address=100", *limits):
        options += ["--limit", limit]
    proc = serve(port, f"sqlite:///{tmp_path / 'takeover.db'}", tmp_path, *options)
    SERVERS.append(proc.pid)
    try:
        with OPEN:
            yield f"127.0.0.1:{port}"
    finally:
        stop(proc)


def niceness(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[16])


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    reply = httpx2.post(f"http://{base}{path}", json=body, timeout=30)
    assert reply.status_code < 300, reply.text
    return dict(reply.json())


def seated(base: str, game: str, seats: int, ruleset: str | None = None) -> tuple[str, list[str]]:
    """A table of ``game`` with every seat taken by a person; its id and the tokens."""
    body: dict[str, Any] = {"game": game, "seats": seats, "name": "P0", "seat": 0}
    if ruleset is not None:
        body["ruleset"] = ruleset
    made = post(base, "/api/tables", body)
    table_id, tokens = made["table"]["id"], [made["token"]]
    for n in range(1, seats):
        tokens.append(post(base, f"/api/tables/{table_id}/join", {"name": f"P{n}"})["token"])
    return table_id, tokens


SERVERS: list[int] = []
"""The process ids of the servers the tests started, the latest last."""

OPEN = contextlib.ExitStack()
"""The connections a test opens, closed before its server stops (:func:`server`)."""


def say_hello(base: str, table_id: str, token: str, pending: bool = True) -> ClientConnection:
    """A seat's connection; ``pending``: it takes ``legal_pending`` states."""
    ws = OPEN.enter_context(connect(f"ws://{base}/ws/tables/{table_id}"))
    ws.send(json.dumps({"type": "hello", "token": token, "legal_pending": pending}))
    recv(ws, "welcome")
    return ws


def open_1817(base: str) -> tuple[str, list[str], list[ClientConnection], dict[str, Any]]:
    """A started 3-seat 1817 table, every seat connected; the deciding seat's first state."""
    table_id, tokens = seated(base, "1817", 3, "1817WO")
    sockets = [say_hello(base, table_id, t) for t in tokens]
    post(base, f"/api/tables/{table_id}/start", {"token": tokens[0]})
    states = [recv(ws, "state") for ws in sockets]
    decider = states[0]["decision"]["seats"][0]
    return table_id, tokens, sockets, {**states[decider], "seat": decider}


def test_a_slow_listing_does_not_delay_another_tables_reply(tmp_path: Any) -> None:
    with server(tmp_path, "listing_burn_seconds=4", "listing_seconds=60") as base:
        _, _, sockets, first = open_1817(base)
        # the decider is told its legal actions are on their way, not given an empty list
        assert first["legal_pending"] is True and first["legal"] == []
        ws = sockets[first["seat"]]
        # meanwhile another table (Acquire: never slow) plays, and is answered at once
        table_id, tokens = seated(base, "acquire", 2)
        pair = [say_hello(base, table_id, t) for t in tokens]
        post(base, f"/api/tables/{table_id}/start", {"token": tokens[0]})
        states = [recv(w, "state") for w in pair]
        mover = states[0]["decision"]["seats"][0]
        action = states[mover]["legal"][0]
        pair[mover].send(json.dumps({"type": "action", "seq": 0, "action": action}))
        assert recv(pair[mover], "state")["seq"] == 1
        answered = time.monotonic()
        # ... before the slow listing is ready: it comes later, for the same position
        ready = recv(ws, "legal", 60)
        assert time.monotonic() > answered
        # the listing worker gives way to the server for the CPU
        server_nice = niceness(SERVERS[-1])
        assert server_nice + 10 in {niceness(pid) for pid in bot_workers(SERVERS[-1])}
        assert ready["seq"] == first["seq"] and ready["legal"] and ready["legal_text"]
        assert len(ready["legal"]) == len(ready["legal_text"])


def test_a_kept_listing_costs_a_reconnect_nothing(tmp_path: Any) -> None:
    with server(tmp_path, "listing_burn_seconds=1", "listing_seconds=60") as base:
        table_id, tokens, sockets, first = open_1817(base)
        ready = recv(sockets[first["seat"]], "legal", 60)
        # the seat opens again (a reload): its state carries the kept listing at once
        again = say_hello(base, table_id, tokens[first["seat"]])
        state = recv(again, "state")
        assert state["seq"] == first["seq"] and state["legal_pending"] is False
        assert state["legal"] == ready["legal"]
        # and the listed action is taken: the game goes on to a new (slow) position
        again.send(json.dumps({"type": "action", "seq": state["seq"], "action": state["legal"][0]}))
        after = recv(again, "state")
        assert after["seq"] == state["seq"] + 1


def test_a_client_that_does_not_take_pending_states_gets_its_state_with_the_listing(
    tmp_path: Any,
) -> None:
    with server(tmp_path, "listing_burn_seconds=1", "listing_seconds=60") as base:
        table_id, tokens, sockets, first = open_1817(base)
        ready = recv(sockets[first["seat"]], "legal", 60)
        # the same seat, as a client of before (no ``legal_pending`` in its hello)
        old = say_hello(base, table_id, tokens[first["seat"]], pending=False)
        state = recv(old, "state")  # kept: at once
        assert state["legal"] == ready["legal"] and state["legal_pending"] is False
        old.send(json.dumps({"type": "action", "seq": state["seq"], "action": state["legal"][0]}))
        # the next position is slow again: its state comes once listed, never empty
        after = recv(old, "state", 60)
        assert after["seq"] == state["seq"] + 1
        assert after["legal_pending"] is False
        decider = after["decision"]["seats"]
        assert bool(after["legal"]) == (first["seat"] in decider)


def test_a_listing_past_its_deadline_offers_the_quick_ones_and_says_why(tmp_path: Any) -> None:
    with server(tmp_path, "listing_burn_seconds=30", "listing_seconds=0.5") as base:
        _, _, sockets, first = open_1817(base)
        ws = sockets[first["seat"]]
        failed = recv(ws, "legal_error", 30)
        assert failed["code"] == "timeout" and failed["seq"] == first["seq"]
        assert "could not be listed within 0.5 s" in failed["message"]
        # outside a route decision the quick listing is the whole one: play goes on
        assert failed["legal"] and len(failed["legal"]) == len(failed["legal_text"])
        ws.send(json.dumps({"type": "action", "seq": first["seq"], "action": failed["legal"][0]}))
        assert recv(ws, "state")["seq"] == first["seq"] + 1


@pytest.mark.parametrize("workers", ["0", "2"])
def test_a_bot_decides_through_the_same_listing(tmp_path: Any, workers: str) -> None:
    """Bots at a slow position wait for the listing (in the workers, or on the loop)."""
    with server(tmp_path, "listing_burn_seconds=0.05", f"listing_workers={workers}") as base:
        body = {"game": "1817", "seats": 3, "ruleset": "1817WO", "name": "Ann", "seat": 0}
        made = post(base, "/api/tables", {**body, "bots": {"1": "random", "2": "random"}})
        table_id = made["table"]["id"]
        ws = say_hello(base, table_id, made["token"])
        post(base, f"/api/tables/{table_id}/start", {"token": made["token"]})
        moved = 0
        while moved < 6:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "state" and message["decision"]:
                moved = message["seq"]
                if 0 in message["decision"]["seats"] and message["legal"]:
                    act = {"type": "action", "seq": message["seq"], "action": message["legal"][0]}
                    ws.send(json.dumps(act))
            elif message["type"] == "legal":
                act = {"type": "action", "seq": message["seq"], "action": message["legal"][0]}
                ws.send(json.dumps(act))
