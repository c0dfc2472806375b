"""What one client may ask of the server: connections, a hello in time, chat, open tables,
lobby pages, empty tables (the limits of docs/server-protocol.md, "Limits")."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .helpers import create, hello, join, start, until
from .serving import free_port, recv, serve, stop


@pytest.fixture
def limited(sqlite_database: str, tmp_path: Any) -> Iterator[str]:
    """A real ``takeover serve`` with small limits on silent and numerous sockets."""
    port = free_port()
    proc = serve(
        port,
        sqlite_database,
        tmp_path,
        *("--limit", "hello_timeout_seconds=0.5", "--limit", "connections_per_address=3"),
    )
    try:
        yield f"127.0.0.1:{port}"
    finally:
        stop(proc)


def _closed_with(ws: Any) -> int | None:
    """The close code of ``ws``, once the server has closed it (within 5 s)."""
    try:
        while True:
            ws.recv(timeout=5)
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd is not None else None


def test_a_socket_that_never_says_hello_is_closed(limited: str) -> None:
    table_id = httpx2.post(f"http://{limited}/api/tables", json={"seats": 2}).json()["table"]["id"]
    with connect(f"ws://{limited}/ws/tables/{table_id}") as silent:
        error = recv(silent, "error", seconds=5)
        assert error["code"] == "bad_request" and "hello" in error["message"]
        assert _closed_with(silent) == 1008
    with connect(f"ws://{limited}/ws/tables/{table_id}") as prompt:  # one that says it stays
        prompt.send(json.dumps({"type": "hello", "spectate": True}))
        recv(prompt, "welcome")
        prompt.send(json.dumps({"type": "ping"}))
        with pytest.raises(TimeoutError):
            recv(prompt, "error", seconds=1.5)


def test_one_address_holds_a_limited_number_of_sockets(limited: str) -> None:
    table_id = httpx2.post(f"http://{limited}/api/tables", json={"seats": 2}).json()["table"]["id"]
    url = f"ws://{limited}/ws/tables/{table_id}"
    with contextlib.ExitStack() as stack:
        held = [stack.enter_context(connect(url)) for _ in range(3)]
        for ws in held:
            ws.send(json.dumps({"type": "hello", "spectate": True}))
            recv(ws, "welcome")
        with connect(url) as extra:
            error = recv(extra, "error", seconds=5)
            assert error["code"] == "rate_limited" and "at most 3" in error["message"]
            assert _closed_with(extra) == 1008
        held[0].close()
        with connect(url) as again:  # a closed one makes room
            again.send(json.dumps({"type": "hello", "spectate": True}))
            assert recv(again, "welcome")["seat"] is None


def _pong_or_error(ws: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] in ("pong", "error"):
            return dict(message)


def test_chat_is_limited_per_connection(make_client: Any) -> None:
    client = make_client(chat_rate_per_second=0.01, chat_burst=3)
    made = create(client, seats=2, name="Ann", seat=0)
    table_id = made["table"]["id"]
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ann,
        client.websocket_connect(f"/ws/tables/{table_id}") as bob,
    ):
        hello(ann, made["token"])
        hello(bob, join(client, table_id, "Bob")["token"])
        for n in range(20):
            ann.send_json({"type": "chat", "text": f"line {n}", "ref": n})
        ann.send_json({"type": "ping"})
        told, refused = [], []
        while (message := ann.receive_json())["type"] != "pong":
            if message["type"] == "chat":
                told.append(message["text"])
            elif message["type"] == "error":
                refused.append(message)
        assert told == ["line 0", "line 1", "line 2"]
        assert len(refused) == 17 and {e["code"] for e in refused} == {"rate_limited"}
        assert "at most 3 at once" in refused[0]["message"]
        # Bob's connection has its own allowance.
        bob.send_json({"type": "chat", "text": "hello Ann"})
        assert until(ann, "chat")["text"] == "hello Ann"
    with client.websocket_connect(f"/ws/tables/{table_id}") as later:  # only those were kept
        welcome_log: list[dict[str, Any]] = []
        hello(later, None, welcome_log)
        later.send_json({"type": "ping"})
        lines = []
        while (message := later.receive_json())["type"] != "pong":
            if message["type"] == "chat":
                lines.append(message["text"])
        assert lines == ["line 0", "line 1", "line 2", "hello Ann"]


def test_spectators_cannot_chat_unless_the_server_lets_them(make_client: Any) -> None:
    quiet = make_client(spectator_chat=False)
    table_id = create(quiet, seats=2, name="Ann")["table"]["id"]
    with quiet.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        watcher.send_json({"type": "chat", "text": "buy my stuff"})
        watcher.send_json({"type": "ping"})
        error = _pong_or_error(watcher)
        assert error["type"] == "error" and error["code"] == "spectator"
        assert "take a seat" in error["message"]
    talkative = make_client(spectator_chat=True)
    table_id = create(talkative, seats=2, name="Ann")["table"]["id"]
    with talkative.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        watcher.send_json({"type": "chat", "text": "nice move"})
        line = until(watcher, "chat")
        assert line["seat"] is None and line["text"] == "nice move"


def test_an_address_has_a_limited_number_of_open_tables(make_client: Any) -> None:
    client = make_client(open_tables_per_address=2)
    first = create(client, seats=2, name="Ann")
    create(client, seats=3)
    r = client.post("/api/tables", json={"seats": 2, "name": "Ann"})
    assert r.status_code == 429
    error = r.json()["error"]
    assert error["code"] == "rate_limited" and "2 open tables" in error["message"]
    assert len(client.get("/api/tables").json()["tables"]) == 2  # nothing was made
    # Once one of them has started, another may be opened.
    start(client, first["table"]["id"], first["token"], fill="random")
    create(client, seats=2, name="Ann")


def _ids(page: dict[str, Any]) -> list[str]:
    return [t["id"] for t in page["tables"]]


def test_the_lobby_comes_in_pages_joinable_tables_first(make_client: Any) -> None:
    client: TestClient = make_client(lobby_page=4)
    playing = create(client, seats=2, name="Ann")
    start(client, playing["table"]["id"], playing["token"], fill="random")
    full = create(client, seats=2, name="Ann", bots={"1": "random"})["table"]["id"]
    joinable = [create(client, seats=2, name=f"P{n}")["table"]["id"] for n in range(5)]
    page = client.get("/api/tables").json()
    assert page["total"] == 7 and page["joinable"] == 5 and page["limit"] == 4
    assert _ids(page) == joinable[::-1][:4]  # newest first
    rest = client.get("/api/tables?offset=4&limit=4").json()
    assert _ids(rest) == [joinable[0], full, playing["table"]["id"]]
    assert client.get("/api/tables?limit=1000").json()["limit"] == 100
    r = client.get("/api/tables?limit=many")
    assert r.status_code == 400 and "integers" in r.json()["error"]["message"]


def test_empty_tables_expire_sooner_than_others(make_client: Any) -> None:
    client = make_client(empty_ttl_seconds=60, open_ttl_seconds=3600)
    empty = create(client, seats=2)["table"]["id"]
    only_bots = create(client, seats=2, bots={"0": "random"})["table"]["id"]
    someone = create(client, seats=2, name="Ann")["table"]["id"]
    master = client.app.state.services.master  # type: ignore[attr-defined]
    now = master.tables[someone].updated_at
    assert client.portal.call(master.cleanup, now + 30) == []  # type: ignore[union-attr]
    gone = client.portal.call(master.cleanup, now + 120)  # type: ignore[union-attr]
    assert sorted(gone) == sorted([empty, only_bots])
    assert _ids(client.get("/api/tables").json()) == [someone]
    assert client.get(f"/api/tables/{empty}").status_code == 404


def test_a_name_that_looks_like_a_bot_is_refused(client: TestClient) -> None:
    table_id = create(client, seats=2)["table"]["id"]
    r = client.post(f"/api/tables/{table_id}/join", json={"name": "Random bot"})
    assert r.status_code == 400 and "kept for bots" in r.json()["error"]["message"]
    r = client.post("/api/tables", json={"seats": 2, "name": "Heuristic Bot"})
    assert r.status_code == 400


@pytest.fixture
def capped(sqlite_database: str, tmp_path: Any) -> Iterator[str]:
    """A real ``takeover serve`` that lets an address have two live tables with bots (the
    proxy header ``X-Forwarded-For``, trusted from the loopback address, names others)."""
    port = free_port()
    proc = serve(
        port,
        sqlite_database,
        tmp_path,
        *("--limit", "bot_tables_per_address=2", "--limit", "open_tables_per_address=100"),
    )
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)


def test_an_address_has_a_limited_number_of_tables_with_bots(capped: str) -> None:
    def create_at(body: dict[str, Any], address: str | None = None) -> httpx2.Response:
        headers = {"X-Forwarded-For": address} if address else {}
        return httpx2.post(f"{capped}/api/tables", json=body, headers=headers)

    with_bot = create_at({"seats": 2, "name": "Ann", "bots": {"1": "random"}})
    assert with_bot.status_code == 201, with_bot.text
    httpx2.post(
        f"{capped}/api/tables/{with_bot.json()['table']['id']}/start",
        json={"token": with_bot.json()["token"]},
    ).raise_for_status()  # playing, it still counts
    # A person's seat that a bot plays when their time runs out counts too.
    stand_in = {"seats": 2, "name": "Ann", "timer": "fast", "on_timeout": "random"}
    assert create_at(stand_in).status_code == 201
    refused = create_at({"seats": 3, "name": "Ann", "bots": {"2": "heuristic"}})
    assert refused.status_code == 429, refused.text
    error = refused.json()["error"]
    assert error["code"] == "rate_limited" and "2 tables with bots" in error["message"]
    assert create_at(stand_in).status_code == 429
    # A table of people alone may still be opened, but not started with bots in its seats.
    people = create_at({"seats": 2, "name": "Ann"})
    assert people.status_code == 201
    start = httpx2.post(
        f"{capped}/api/tables/{people.json()['table']['id']}/start",
        json={"token": people.json()["token"], "fill": "random"},
    )
    assert start.status_code == 429 and "tables with bots" in start.json()["error"]["message"]
    # Another address is not affected.
    other = create_at({"seats": 2, "name": "Bo", "bots": {"1": "random"}}, "198.51.100.7")
    assert other.status_code == 201, other.text


def test_tables_with_bots_count_while_live(make_client: Any) -> None:
    """Open and playing tables with a bot seat or a timeout bot count, each address's
    own; a game whose bots wait for a person stops counting once idle; tables of people
    alone, or whose timeout bot never plays (no timer), do not count."""
    client = make_client()
    create(client, seats=2, name="Ann", bots={"1": "random"})  # open, a bot seat
    create(client, seats=2, name="Ann", timer="normal", on_timeout="random")  # open
    create(client, seats=2, name="Ann")  # people only
    create(client, seats=2, name="Ann", timer="off", on_timeout="random")  # never runs out
    playing = create(client, seats=2, name="Ann", bots={"1": "random"})
    start(client, playing["table"]["id"], playing["token"])
    stand_in = create(client, seats=2, name="Ann", timer="fast", on_timeout="random")
    start(client, stand_in["table"]["id"], stand_in["token"], fill="random")
    services = client.app.state.services  # type: ignore[attr-defined]
    store, repo = services.store, services.store.repo
    now = services.master.tables[playing["table"]["id"]].updated_at

    def count(since: float, leaving_out: str | None = None, address: str = "testclient") -> int:
        return int(
            client.portal.call(  # type: ignore[union-attr]
                store.run, lambda c: repo.bot_tables_of(c, address, since, leaving_out)
            )
        )

    assert count(now - 60) == 4
    assert count(now - 60, playing["table"]["id"]) == 3
    assert count(now + 60) == 3  # the playing one with bot seats only is idle by then
    assert count(now - 60, address="198.51.100.7") == 0


def test_one_address_holds_a_share_of_the_bot_workers(make_client: Any) -> None:
    pools = [
        make_client(bot_workers=n, bot_worker_share=share).app.state.services.bots.pool
        for n, share in ((2, 0.5), (8, 0.5), (2, 1.0))
    ]
    assert [pool._queue.per_group for pool in pools] == [1, 4, 0]  # 0: no limit


def test_a_correspondence_game_with_a_timeout_bot_counts_while_active(make_client: Any) -> None:
    """Its bot plays only after hours: like a game whose bots wait for a person, it counts
    among the address's tables with bots only while moves are being made."""
    client = make_client()
    made = create(
        client, seats=2, name="Ann", timer="correspondence", move_hours=24, on_timeout="random"
    )
    table_id = made["table"]["id"]
    join(client, table_id, "Bob")
    start(client, table_id, made["token"])
    services = client.app.state.services  # type: ignore[attr-defined]
    store, repo = services.store, services.store.repo
    now = services.master.tables[table_id].updated_at

    def count(since: float) -> int:
        return int(
            client.portal.call(  # type: ignore[union-attr]
                store.run, lambda c: repo.bot_tables_of(c, "testclient", since, None)
            )
        )

    assert (count(now - 60), count(now + 60)) == (1, 0)
