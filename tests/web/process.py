"""A ``takeover serve`` subprocess for the browser tests: a free port, a given database."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


LIMITS = {"bot_tables": 4, "open_tables_per_address": 1000, "bot_tables_per_address": 1000}
"""The browser tests create tables of bots only, and many tables (with bots) from one
address."""


class Server:
    """A ``takeover serve`` subprocess; it can stop and start again (same port, same DB)."""

    def __init__(
        self, database: Path, log: Path, options: tuple[str, ...] = (), **limits: object
    ) -> None:
        self.limits = {**LIMITS, **limits}
        self.options = options
        """More ``takeover serve`` options (``--mail-dir=...``)."""
        self.port = free_port()
        self.database = database
        self.log_path = log
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{self.port}/"

    def command(self) -> list[str]:
        database = f"sqlite:///{self.database}"
        return [
            *(sys.executable, "-m", "takeover.cli", "serve"),
            *("--port", str(self.port), "--database", database),
            *("--bot-delay", "0", "--log-level", "warning"),
            *(f"--limit={name}={value}" for name, value in self.limits.items()),
            *self.options,
        ]

    def start(self) -> None:
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(self.command(), stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"takeover serve exited: {self.log_path.read_text()[-2000:]}")
            try:
                self.get("api/options")
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("takeover serve did not answer within 30 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=5) as response:
            return json.load(response)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.load(response)

    def bot_game(self, seats: int = 4, bot: str = "random", ruleset: Any = None) -> dict[str, Any]:
        """A game played to its end by bots; returns its entry in ``/api/games``."""
        bots = {str(n): bot for n in range(seats)}
        body: dict[str, Any] = {"seats": seats, "bots": bots, "bot_only": True}
        if ruleset is not None:
            body["ruleset"] = ruleset
        table = self.post("api/tables", body)["table"]
        self.post(f"api/tables/{table['id']}/start", {})
        deadline = time.monotonic() + 60
        while self.get(f"api/tables/{table['id']}")["status"] != "finished":
            if time.monotonic() > deadline:
                raise RuntimeError(f"the bots' game {table['id']} did not end within 60 s")
            time.sleep(0.1)
        games = {g["id"]: g for g in self.get("api/games?limit=200")["games"]}
        return dict(games[table["id"]])
