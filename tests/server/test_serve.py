"""``takeover serve`` as a real process: killed with SIGKILL mid-game, restarted, resumed."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import httpx2
from websockets.sync.client import connect

from .helpers import pick
from .serving import free_port as _free_port
from .serving import serve


def _recv(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == kind:
            return message


@contextlib.contextmanager
def _hello(port: int, table_id: str, token: str) -> Iterator[tuple[Any, dict[str, Any]]]:
    """A seat's connection (closed on leaving the block) and its first state."""
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        yield ws, _recv(ws, "state")


def test_sigkill_mid_game_loses_no_acknowledged_action(database: str, tmp_path: Any) -> None:
    rng = random.Random(3)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve(port, database, tmp_path)
    stack = contextlib.ExitStack()  # the first server's connections, closed after the kill
    try:
        made = httpx2.post(f"{base}/api/tables", json={"seats": 2, "name": "Ann", "seat": 0}).json()
        table_id = made["table"]["id"]
        bob = httpx2.post(f"{base}/api/tables/{table_id}/join", json={"name": "Bob"}).json()
        tokens = {0: made["token"], 1: bob["token"]}
        httpx2.post(f"{base}/api/tables/{table_id}/start", json={"token": tokens[0]})
        conns, latest = {}, {}
        for seat, token in tokens.items():
            conns[seat], latest[seat] = stack.enter_context(_hello(port, table_id, token))
        for _ in range(30):  # thirty acknowledged actions
            mover = latest[0]["view"]["decision"]["player"]
            state = latest[mover]
            conns[mover].send(
                json.dumps({"type": "action", "seq": state["seq"], "action": pick(state, rng)})
            )
            latest = {seat: _recv(ws, "state") for seat, ws in conns.items()}
        acked = latest
        mover = acked[0]["view"]["decision"]["player"]
        one_more = pick(acked[mover], rng)
        conns[mover].send(
            json.dumps({"type": "action", "seq": acked[0]["seq"], "action": one_more})
        )
        os.kill(proc.pid, signal.SIGKILL)  # at once: the last action may or may not have landed
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        stack.close()

    proc = serve(port, database, tmp_path)
    try:
        for seat, token in tokens.items():
            with _hello(port, table_id, token) as (ws, resumed):
                assert resumed["seq"] in (acked[seat]["seq"], acked[seat]["seq"] + 1)
                if resumed["seq"] == acked[seat]["seq"]:
                    assert resumed["view"] == acked[seat]["view"]
                    assert resumed["legal"] == acked[seat]["legal"]
        # The resumed game goes on.
        with _hello(port, table_id, tokens[state_mover(resumed)]) as (ws, state):
            ws.send(json.dumps({"type": "action", "seq": state["seq"], "action": pick(state, rng)}))
            assert _recv(ws, "state")["seq"] == state["seq"] + 1
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def state_mover(state: dict[str, Any]) -> int:
    return state["view"]["decision"]["player"]


def test_a_second_server_on_a_busy_port_says_so_before_any_address(tmp_path: Any) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [sys.executable, "-m", "takeover.cli", "serve", "--port", str(port)]
        command += ["--database", f"sqlite:///{tmp_path / 'takeover.db'}"]
        done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    said = done.stdout + done.stderr
    assert done.returncode == 3, said
    assert f"port {port} on 127.0.0.1 is taken" in said
    assert "open http" not in said
    assert "Traceback" not in said


def test_a_bad_limit_is_refused_by_name(tmp_path: Any) -> None:
    command = [sys.executable, "-m", "takeover.cli", "serve", "--limit", "chat_bust=3"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "unknown limit 'chat_bust'" in done.stdout
