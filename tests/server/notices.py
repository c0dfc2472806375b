"""Helpers for the tests of turn messages: a server whose seats are known people (as the
accounts will make them), their preferences, the outbox's rows, and moves."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient

from takeover.server.config import MailSettings
from takeover.server.storage import notices
from takeover.server.storage.notices import Prefs

from .helpers import create, hello, join, pick, start, until


def people_server(make_client: Any, smtp_port: int, **settings: Any) -> TestClient:
    """A server sending e-mail to ``smtp_port``, whose seat ``n`` is the person ``pN``."""
    mail = MailSettings(host="127.0.0.1", port=smtp_port, tls="none", sender="game@example.org")
    client: TestClient = make_client(
        mail=mail, public_url="https://play.example.org", mail_timeout_seconds=5, **settings
    )
    services(client).notifier.holders = lambda conn, table_id: {0: "p0", 1: "p1"}
    return client


def services(client: TestClient) -> Any:
    return client.app.state.services  # type: ignore[attr-defined]


def call(client: TestClient, fn: Any, *args: Any) -> Any:
    """``fn(*args)`` in the server's event loop (a coroutine function is awaited)."""
    return client.portal.call(fn, *args)  # type: ignore[union-attr]


def set_prefs(client: TestClient, *chosen: Prefs) -> None:
    store = services(client).store
    for p in chosen:
        call(client, store.run, lambda c, p=p: notices.set_prefs(c, p, 0.0))


def rows(client: TestClient) -> list[dict[str, Any]]:
    """The outbox, once the messages being queued are in it."""
    found = services(client)
    call(client, found.notifier.drain)
    return list(call(client, found.store.run, notices.outbox))


def two_people(client: TestClient, **body: Any) -> tuple[str, dict[int, str]]:
    """A started table of two people (seats 0 and 1) and their tokens."""
    made = create(client, seats=2, name="Ann", seat=0, **body)
    table_id = made["table"]["id"]
    bob = join(client, table_id, "Bob", 1)
    start(client, table_id, made["token"])
    return table_id, {0: made["token"], 1: bob["token"]}


def play_until_turn_passes(
    client: TestClient, table_id: str, tokens: dict[int, str], rng: random.Random
) -> tuple[int, int]:
    """Play from the seat whose decision it is until the decision passes to the other seat;
    ``(who played, whose turn it is now)``."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        state = until(watcher, "state")
        mover = state["view"]["decision"]["player"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, tokens[mover])
            mine = until(ws, "state")
            while True:
                ws.send_json({"type": "action", "seq": mine["seq"], "action": pick(mine, rng)})
                mine = until(ws, "state")
                now = mine["view"]["decision"]["player"]
                if now != mover:
                    return mover, now
