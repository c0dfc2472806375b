"""Instances as processes, and WebSocket clients that play at them."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Instance:
    """One ``takeover serve --broker`` process; its log goes to a file (read on failure)."""

    def __init__(
        self,
        database: str,
        broker: str,
        log: Path,
        bot_delay: float = 0.0,
        lease_seconds: float = 1.5,
        limits: dict[str, object] | None = None,
        options: list[str] | None = None,
    ) -> None:
        self.port = free_port()
        self.database = database
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.name = f"test-{self.port}"
        self.log = log
        cmd = [sys.executable, "-m", "takeover.cli", "serve", "--port", str(self.port)]
        cmd += ["--database", database, "--broker", broker, "--instance", self.name]
        cmd += ["--bot-delay", str(bot_delay), "--lease-seconds", str(lease_seconds)]
        cmd += ["--http-rate", "1000", "--log-level", "info"]
        # tables of bots only, and many tables and connections from this one address
        limits = {
            "bot_tables": 10,
            "open_tables_per_address": 1000,
            "bot_tables_per_address": 1000,
            "connections_per_address": 1000,
            **(limits or {}),
        }
        cmd += [f"--limit={name}={value}" for name, value in limits.items()]
        cmd += options or []
        self._out = open(log, "wb")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(
            cmd, stdout=self._out, stderr=subprocess.STDOUT, env={**os.environ}
        )

    def wait_ready(self, seconds: float = 30.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if httpx2.get(f"{self.base}/readyz", timeout=1).status_code == 200:
                    return
            except httpx2.HTTPError:
                pass
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        self.stop()
        raise AssertionError(f"instance {self.name} is not ready:\n{self.log.read_text()}")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._out.close()

    def post(self, path: str, **body: Any) -> dict[str, Any]:
        r = httpx2.post(f"{self.base}{path}", json=body, timeout=10)
        assert r.status_code in (200, 201), r.text
        return r.json()

    def get(self, path: str) -> Any:
        r = httpx2.get(f"{self.base}{path}", timeout=10)
        assert r.status_code == 200, r.text
        return r.json()


def choose(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action from a state message (declaring the end as soon as it may)."""
    legal = message["legal"]
    for action in legal:
        if action["type"] == "declare_end" or action.get("end_game"):
            return action
    return legal[rng.randrange(len(legal))]


class Player:
    """A WebSocket client for one seat (or a spectator) that keeps every message it gets."""

    def __init__(self, name: str, token: str | None, seed: int = 0) -> None:
        self.name = name
        self.token = token
        self.rng = random.Random(seed)
        self.states: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.sent: list[tuple[int, dict[str, Any]]] = []
        self.ws: Any = None

    async def connect(self, instance: Instance, table_id: str) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(f"{instance.ws}/ws/tables/{table_id}", max_size=2**22)
        hello = {"type": "hello", **({"token": self.token} if self.token else {"spectate": True})}
        await self.ws.send(json.dumps(hello))

    async def play(self, until_seq: int | None = None, act: bool = True) -> str:
        """Read (and answer when it is our decision) until the game ends or the link breaks.

        Returns ``"finished"``, ``"closed"`` (the instance went away) or ``"reached"``.
        """
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in self.ws:
                message = json.loads(raw)
                if message["type"] == "error":
                    self.errors.append(message)
                    continue
                if message["type"] != "state":
                    continue
                self.states.append(message)
                if message["status"] == "finished":
                    return "finished"
                if act and message["legal"]:
                    action = choose(message, self.rng)
                    self.sent.append((message["seq"], action))
                    await self.ws.send(
                        json.dumps({"type": "action", "seq": message["seq"], "action": action})
                    )
                if until_seq is not None and message["seq"] >= until_seq:
                    return "reached"  # (having answered it: the game never waits on us)
        except ConnectionClosed:
            pass
        return "closed"

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def check_in_order(player: Player) -> None:
    """After its first state, a client saw every update once, in sequence order."""
    seqs = [m["seq"] for m in player.states]
    first = seqs[0]
    assert seqs == list(range(first, first + len(seqs))), f"{player.name} saw {seqs}"


def check_record(record: dict[str, Any], *players: Player) -> None:
    """Every update any client was told of (acknowledged actions included) is in the record."""
    actions = record["actions"]
    for player in players:
        for message in player.states:
            if message["last"] is None:
                continue
            stored = actions[message["seq"] - 1]
            told = {"player": message["last"]["player"], **message["last"]["action"]}
            assert stored == told, (player.name, message["seq"], stored, told)


async def wait_for(predicate: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.02)


def _query(database: str, sql: str, **params: Any) -> list[Any]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    engine = create_engine(make_url(database).set(drivername="postgresql+psycopg"))
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(sql), params))
    finally:
        engine.dispose()


def lease_holder(database: str, table_id: str) -> str | None:
    """The instance holding the bot lease of ``table_id`` (read straight from the store)."""
    rows = _query(database, "SELECT instance FROM leases WHERE table_id = :t", t=table_id)
    return rows[0][0] if rows else None


def actions(database: str, table_id: str) -> list[tuple[int, int]]:
    """``(seq, seat)`` of every stored action of ``table_id``."""
    rows = _query(
        database, "SELECT seq, seat FROM actions WHERE table_id = :t ORDER BY seq", t=table_id
    )
    return [(r[0], r[1]) for r in rows]
