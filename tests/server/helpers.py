"""Helpers for driving the server as clients do: create tables, read messages, play."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("seats", 2)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def join(client: TestClient, table_id: str, name: str, seat: int | None = None) -> dict[str, Any]:
    r = client.post(f"/api/tables/{table_id}/join", json={"name": name, "seat": seat})
    assert r.status_code == 200, r.text
    return r.json()


def start(client: TestClient, table_id: str, token: str | None, **body: Any) -> dict[str, Any]:
    r = client.post(f"/api/tables/{table_id}/start", json={"token": token, **body})
    assert r.status_code == 200, r.text
    return r.json()


def until(ws: Any, kind: str, log: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Read messages until one of type ``kind`` arrives (keeping all of them in ``log``)."""
    while True:
        message = ws.receive_json()
        if log is not None:
            log.append(message)
        if message["type"] == kind:
            return message


def hello(ws: Any, token: str | None = None, log: list[dict[str, Any]] | None = None) -> dict:
    ws.send_json(
        {"type": "hello", "token": token} if token else {"type": "hello", "spectate": True}
    )
    return until(ws, "welcome", log)


def pick(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action from a state message (declaring the end as soon as it may)."""
    legal = message["legal"]
    for action in legal:
        if action["type"] == "declare_end" or action.get("end_game"):
            return action
    return legal[rng.randrange(len(legal))]
