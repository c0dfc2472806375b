"""Bots on the server: bounded settings, tables of bots only, a fair share of the bot
workers, and no worker outliving its decision or its server."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import signal
import time
from typing import Any

import httpx2
import pytest
from websockets.sync.client import connect

from .helpers import create, hello, pick, start, until
from .serving import alive, bot_workers, free_port, recv, serve


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iterations=10000000", "iterations may be at most 5000 here"),
        ("mcts:depth=1000", "depth may be at most 30 here"),
        ("mcts:width=1000", "width may be at most 12 here"),
        ("mcts:time=60", "at most 5 s a move"),
    ],
)
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_every_costly_bot_setting_is_bounded(make_client: Any, spec: str, words: str) -> None:
    client = make_client()
    r = client.post("/api/tables", json={"seats": 2, "name": "Ann", "bots": {"1": spec}})
    assert r.status_code == 400 and words in r.json()["error"]["message"], r.text
    made = create(client, seats=2, name="Ann")
    r = client.post(
        f"/api/tables/{made['table']['id']}/start", json={"token": made["token"], "fill": spec}
    )
    assert r.status_code == 400 and words in r.json()["error"]["message"], r.text
    assert client.get(f"/api/tables/{made['table']['id']}").json()["status"] == "open"


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_the_bounds_are_the_servers_settings(make_client: Any) -> None:
    client = make_client(bot_max_iterations=100, bot_think_seconds=1.0)
    for spec, status in [
        ("mcts:iterations=101", 400),
        ("mcts:iterations=100", 201),
        ("mcts:time=1.5", 400),
        ("mcts:time=1", 201),
        ("mcts", 201),  # its default time (0.5 s) is within the bound
    ]:
        r = client.post("/api/tables", json={"seats": 2, "name": "Ann", "bots": {"1": spec}})
        assert r.status_code == status, (spec, r.text)


def test_tables_of_bots_only_are_asked_for_and_limited(make_client: Any) -> None:
    every_seat = {"0": "random", "1": "random"}
    none = make_client(bot_tables=0)
    r = none.post("/api/tables", json={"seats": 2, "bots": every_seat})
    assert r.status_code == 400 and '"bot_only": true' in r.json()["error"]["message"]
    r = none.post("/api/tables", json={"seats": 2, "bots": every_seat, "bot_only": True})
    assert r.status_code == 400 and "runs no tables of bots only" in r.json()["error"]["message"]
    # Bots and an empty seat, nobody sitting: nobody may start it (fill would make it bots only).
    table_id = create(none, seats=3, bots={"0": "random", "1": "random"})["table"]["id"]
    r = none.post(f"/api/tables/{table_id}/start", json={"fill": "random"})
    assert r.status_code == 403

    one = make_client(bot_tables=1, bot_delay_seconds=0.2)
    r = one.post("/api/tables", json={"seats": 2, "bots": {"0": "random"}, "bot_only": True})
    assert r.status_code == 400 and "bot in every seat" in r.json()["error"]["message"]
    first = create(one, seats=2, bots=every_seat, bot_only=True)["table"]["id"]
    second = create(one, seats=2, bots=every_seat, bot_only=True)["table"]["id"]
    assert start(one, first, None)["table"]["status"] == "playing"  # no token: nobody sits
    r = one.post(f"/api/tables/{second}/start", json={})
    assert r.status_code == 409 and "at most 1 table of bots only" in r.json()["error"]["message"]
    assert one.get(f"/api/tables/{second}").json()["status"] == "open"


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_heavy_tables_do_not_starve_a_light_one(
    make_client: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Two tables whose bots overrun every decision, and one with quick bots, share one
    worker: the quick bots still get their turn and decide for themselves."""
    caplog.set_level(logging.WARNING, logger="takeover.server")
    client = make_client(bot_workers=1, bot_think_seconds=0.5)
    heavy = {"0": "mcts:iterations=2000", "1": "mcts:iterations=2000"}
    for _ in range(2):
        start(client, create(client, seats=2, bots=heavy, bot_only=True)["table"]["id"], None)
    light = create(client, seats=2, bots={"0": "heuristic", "1": "heuristic"}, bot_only=True)
    light_id = light["table"]["id"]
    start(client, light_id, None)
    with client.websocket_connect(f"/ws/tables/{light_id}") as ws:
        hello(ws, None)
        while until(ws, "state")["seq"] < 3:
            pass
    said = [r.getMessage() for r in caplog.records]
    assert any("bot mcts:iterations=2000 took longer" in line for line in said), said
    assert not any("bot heuristic took longer" in line for line in said), said


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_stopping_server_stops_its_bot_workers(make_client: Any) -> None:
    client = make_client(bot_workers=2)
    heavy = {"0": "mcts:time=5", "1": "mcts:time=5"}
    table_id = create(client, seats=2, bots=heavy, bot_only=True)["table"]["id"]
    start(client, table_id, None)
    thinking = _thinking_workers(os.getpid())
    client.__exit__(None, None, None)
    _gone_soon(thinking, seconds=2.0)


def test_bot_workers_die_with_a_killed_server(sqlite_database: str, tmp_path: Any) -> None:
    """SIGKILL leaves no time to stop anything: the workers go by themselves at once."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # The bot may think for a minute: long enough to be caught thinking on a busy machine.
    proc = serve(port, sqlite_database, tmp_path, "--limit", "bot_think_seconds=60")
    try:
        made = httpx2.post(
            f"{base}/api/tables",
            json={"seats": 2, "name": "Ann", "seat": 0, "bots": {"1": "mcts:time=60"}},
        ).json()
        table_id, token = made["table"]["id"], made["token"]
        httpx2.post(f"{base}/api/tables/{table_id}/start", json={"token": token})
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            state = recv(ws, "state")
            if state["legal"]:  # Ann moves first: one move, then the bot thinks
                action = pick(state, __import__("random").Random(1))
                ws.send(json.dumps({"type": "action", "seq": state["seq"], "action": action}))
            thinking = _thinking_workers(proc.pid)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
    finally:
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        proc.wait(10)
    _gone_soon(thinking, seconds=3.0)


def _thinking_workers(parent: int) -> list[int]:
    """The bot workers of ``parent`` once one of them is busy thinking (beyond its start)."""
    deadline = time.monotonic() + 60
    while True:
        workers = bot_workers(parent)
        if any(cpu >= 1.5 for cpu in workers.values()):
            return list(workers)
        assert time.monotonic() < deadline, f"no bot worker is thinking: {workers}"
        time.sleep(0.1)


def _gone_soon(pids: list[int], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while left := [pid for pid in pids if alive(pid)]:
        assert time.monotonic() < deadline, f"bot workers {left} outlived their server"
        time.sleep(0.05)
