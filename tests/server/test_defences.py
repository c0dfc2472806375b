"""The web's own defences, against a real ``takeover serve`` on loopback: JSON only and
this site only for requests that change something, the security headers on every
response, read deadlines on half-sent requests, the chat limit per seat, names held to
the lobby's rules everywhere (imports too), and refusals that say what was wrong."""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from .serving import free_port, recv, serve, stop

GAME = Path(__file__).resolve().parents[1] / "data" / "1817" / "fixtures"
GAME = GAME / "1817WO__1817WO_game_end_bankrupt.json"

LIMITS = {
    "request_head_seconds": 0.5,
    "request_body_seconds": 0.5,
    "chat_rate_per_second": 0.001,  # five lines, then (as good as) none
    "open_tables_per_address": 1000,
    "imports_per_minute": 6000,
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``takeover serve`` (``http://127.0.0.1:PORT``) with short read deadlines."""
    root = tmp_path_factory.mktemp("defences")
    port = free_port()
    options = [f"--limit={name}={value}" for name, value in LIMITS.items()]
    proc = serve(port, f"sqlite:///{root / 'takeover.db'}", root, *options, "--http-rate=1000")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)


def post(server: str, path: str, body: Any, **headers: str) -> httpx2.Response:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return httpx2.post(server + path, content=data, headers=headers, timeout=10)


def tables(server: str) -> int:
    return int(httpx2.get(f"{server}/api/tables", timeout=10).json()["total"])


# ---------------------------------------------------------------------- JSON from this site
@pytest.mark.parametrize(
    "kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None]
)
def test_a_request_that_changes_something_must_be_json(server: str, kind: str | None) -> None:
    before = tables(server)
    headers = {"content-type": kind} if kind else {}
    r = post(server, "/api/tables", {"seats": 2}, **headers)
    assert r.status_code == 415, r.text
    assert "application/json" in r.json()["error"]["message"]
    r = post(server, "/api/imports", GAME.read_bytes(), **headers)
    assert r.status_code == 415, r.text
    assert tables(server) == before
    r = post(
        server, "/api/tables", {"seats": 2}, **{"content-type": "application/json; charset=utf-8"}
    )
    assert r.status_code == 201, r.text


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"},
        {"origin": "null"},
        {"origin": "http://127.0.0.1:1"},  # another port is another site
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
    ],
)
def test_a_request_from_another_site_is_refused(server: str, headers: dict[str, str]) -> None:
    before = tables(server)
    r = post(server, "/api/tables", {"seats": 2}, **{"content-type": "application/json", **headers})
    assert r.status_code == 403 and r.json()["error"]["code"] == "cross_site", r.text
    assert tables(server) == before


def test_a_websocket_from_another_site_is_refused(server: str) -> None:
    table = post(server, "/api/tables", {"seats": 2}, **{"content-type": "application/json"})
    url = server.replace("http", "ws") + f"/ws/tables/{table.json()['table']['id']}"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin=Origin("https://evil.example"))
    assert refused.value.response.status_code == 403
    with connect(url, origin=Origin(server)) as ws:  # this site's own page
        ws.send(json.dumps({"type": "hello", "spectate": True}))
        assert recv(ws, "welcome")["seat"] is None


def test_a_request_from_this_site_is_taken(server: str) -> None:
    own = {"origin": server, "sec-fetch-site": "same-origin", "content-type": "application/json"}
    assert post(server, "/api/tables", {"seats": 2}, **own).status_code == 201


# ---------------------------------------------------------------------- headers
HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
}


def test_every_response_carries_the_security_headers(server: str) -> None:
    responses = [
        httpx2.get(f"{server}/", timeout=10),
        httpx2.get(f"{server}/app.js", timeout=10),
        httpx2.get(f"{server}/api/options", timeout=10),
        httpx2.get(f"{server}/api/tables/missing", timeout=10),
        httpx2.get(f"{server}/nothing/here", timeout=10),
        post(server, "/api/tables", {"seats": 99}, **{"content-type": "application/json"}),
        post(server, "/api/tables", {"seats": 2}, **{"content-type": "text/plain"}),
    ]
    assert [r.status_code for r in responses] == [200, 200, 200, 404, 404, 400, 415]
    for r in responses:
        for name, value in HEADERS.items():
            assert r.headers.get(name) == value, (r.url, name)
        policy = r.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy


# ---------------------------------------------------------------------- read deadlines
def _answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (10 s at most)."""
    sock.settimeout(10)
    data = b""
    while chunk := sock.recv(4096):
        data += chunk
    return data


def test_a_half_sent_head_is_not_held_open(server: str) -> None:
    port = int(server.rpartition(":")[2])
    with socket.create_connection(("127.0.0.1", port)) as silent:
        with socket.create_connection(("127.0.0.1", port)) as slow:
            slow.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: ")
            answer = _answer(slow)
        assert answer.startswith(b"HTTP/1.1 408"), answer
        assert b"did not arrive in time" in answer and b"x-frame-options: DENY" in answer
        assert _answer(silent).startswith(b"HTTP/1.1 408")
    with socket.create_connection(("127.0.0.1", port)) as kept:  # a second request, kept alive
        kept.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        kept.settimeout(10)
        first = kept.recv(65536)
        assert first.startswith(b"HTTP/1.1 200"), first[:100]
        kept.sendall(b"GET /api/options HTTP/1.1\r\nHo")
        assert b"HTTP/1.1 408" in _answer(kept)
    assert httpx2.get(f"{server}/api/options", timeout=10).status_code == 200


def test_a_half_sent_body_is_not_held_open(server: str) -> None:
    port = int(server.rpartition(":")[2])
    before = tables(server)
    with socket.create_connection(("127.0.0.1", port)) as slow:
        head = "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        head += "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
        slow.sendall(head.encode() + b'{"seats": ')
        assert b"201 Created" not in _answer(slow)  # closed, nothing created
    assert tables(server) == before


def test_a_websocket_outlives_the_read_deadlines(server: str) -> None:
    table = post(server, "/api/tables", {"seats": 2}, **{"content-type": "application/json"})
    ws_url = server.replace("http", "ws") + f"/ws/tables/{table.json()['table']['id']}"
    with connect(ws_url) as ws:
        ws.send(json.dumps({"type": "hello", "spectate": True}))
        recv(ws, "welcome")
        with pytest.raises(TimeoutError):  # three times the deadlines go by
            recv(ws, "never", seconds=1.5)
        ws.send(json.dumps({"type": "ping"}))
        assert recv(ws, "pong")["type"] == "pong"


# ---------------------------------------------------------------------- live play
def _seated(server: str, **body: Any) -> tuple[str, list[str]]:
    """A started table of two people (Ann, Bob): its id and their tokens."""
    json_ = {"content-type": "application/json"}
    made = post(server, "/api/tables", {"seats": 2, "name": "Ann", "seat": 0, **body}, **json_)
    table_id = made.json()["table"]["id"]
    bob = post(server, f"/api/tables/{table_id}/join", {"name": "Bob"}, **json_).json()
    post(server, f"/api/tables/{table_id}/start", {"token": made.json()["token"]}, **json_)
    return table_id, [made.json()["token"], bob["token"]]


def _replies(ws: Any) -> list[dict[str, Any]]:
    """The errors and pongs a connection got up to its next ``pong`` (after a ``ping``)."""
    ws.send(json.dumps({"type": "ping"}))
    got = []
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] in ("error", "pong"):
            got.append(message)
        if message["type"] == "pong":
            return got


def test_the_chat_limit_holds_per_seat_across_connections(server: str) -> None:
    table_id, tokens = _seated(server)
    url = server.replace("http", "ws") + f"/ws/tables/{table_id}"
    with contextlib.ExitStack() as stack:
        conns = [stack.enter_context(connect(url)) for _ in range(3)]
        for ws in conns:  # one seat, three tabs
            ws.send(json.dumps({"type": "hello", "token": tokens[0]}))
            recv(ws, "welcome")
        refused = 0
        for ws in conns:
            for n in range(4):
                ws.send(json.dumps({"type": "chat", "text": f"line {n}"}))
            errors = _replies(ws)[:-1]
            assert all(e["code"] == "rate_limited" for e in errors), errors
            refused += len(errors)
        assert refused == 12 - 5  # the seat's five lines at once, over all its tabs
        other = stack.enter_context(connect(url))  # another seat has its own
        other.send(json.dumps({"type": "hello", "token": tokens[1]}))
        recv(other, "welcome")
        other.send(json.dumps({"type": "chat", "text": "hi"}))
        assert _replies(other) == [{"type": "pong"}]


def test_a_spectators_back_gets_an_error(server: str) -> None:
    table_id, _ = _seated(server)
    with connect(server.replace("http", "ws") + f"/ws/tables/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "spectate": True}))
        recv(ws, "welcome")
        ws.send(json.dumps({"type": "back", "ref": "b1"}))
        error = _replies(ws)[0]
        assert error["type"] == "error" and error["code"] == "spectator", error
        assert error["ref"] == "b1" and "no seat" in error["message"]


def test_a_1817_action_with_an_unknown_field_is_a_bad_request(server: str) -> None:
    table_id, tokens = _seated(server, game="1817", ruleset="1817NA")
    url = server.replace("http", "ws") + f"/ws/tables/{table_id}"
    with connect(url) as ann, connect(url) as bob:
        states = []
        for ws, token in ((ann, tokens[0]), (bob, tokens[1])):
            ws.send(json.dumps({"type": "hello", "token": token}))
            states.append(recv(ws, "state"))
        seat = states[0]["decision"]["seats"][0]
        acting, state = (ann, bob)[seat], states[seat]
        legal = state["legal"][0]
        wrong = {"type": "action", "seq": 0, "action": {**legal, "evil": 1}, "ref": 3}
        acting.send(json.dumps(wrong))
        error = recv(acting, "error")
        assert error["code"] == "bad_request" and error["ref"] == 3, error
        assert "has no field 'evil'" in error["message"]
        acting.send(json.dumps({"type": "action", "seq": 0, "action": legal}))
        assert recv(acting, "state")["seq"] == 1  # nothing had changed


# ---------------------------------------------------------------------- names
@pytest.mark.parametrize(
    "name",
    ["Heuristic \u0412ot", "Random \u0299\u1d0f\u1d1b", "\uff42\uff4f\uff54", "MCTS b\u00f3t"],
)
def test_look_alikes_of_bot_names_are_refused(server: str, name: str) -> None:
    json_ = {"content-type": "application/json"}
    r = post(server, "/api/tables", {"seats": 2, "name": name}, **json_)
    assert r.status_code == 400 and "looks like a bot's name" in r.json()["error"]["message"]
    table_id = post(server, "/api/tables", {"seats": 2}, **json_).json()["table"]["id"]
    r = post(server, f"/api/tables/{table_id}/join", {"name": name}, **json_)
    assert r.status_code == 400 and "looks like a bot's name" in r.json()["error"]["message"]
    seats = httpx2.get(f"{server}/api/tables/{table_id}", timeout=10).json()["seats"]
    assert all(s["kind"] == "empty" for s in seats)


def test_names_are_normalised(server: str) -> None:
    json_ = {"content-type": "application/json"}
    made = post(server, "/api/tables", {"seats": 2, "name": "\uff21nn  \ufb01sh"}, **json_)
    assert made.status_code == 201, made.text
    assert made.json()["table"]["seats"][0]["name"] == "Ann fish"


def _import(server: str, names: dict[int, str]) -> httpx2.Response:
    record = json.loads(GAME.read_text())
    for n, name in names.items():
        record["players"][n]["name"] = name
    return post(server, "/api/imports", record, **{"content-type": "application/json"})


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Random \u0299\u1d0f\u1d1b", "looks like a bot's name"),
        ("x" * 100_000, "at most 24 characters"),
        ("<b>Ann</b>", "must not contain '<'"),
    ],
)
def test_imports_hold_names_to_the_lobbys_rules(server: str, name: str, words: str) -> None:
    r = _import(server, {1: name})
    assert r.status_code == 400, r.text[:300]
    message = r.json()["error"]["message"]
    assert message.startswith("player 2's name") and words in message, message


def test_an_import_names_a_plain_bot_as_a_bot(server: str) -> None:
    r = _import(server, {0: "Random bot", 1: "\uff22en"})
    assert r.status_code == 201, r.text
    seats = r.json()["seats"]
    assert [(s["name"], s["kind"]) for s in seats] == [("Random bot", "bot"), ("Ben", "human")]
