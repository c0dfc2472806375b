"""A scripted table behind the page's WebSocket (Playwright's WebSocket routing).

The page believes it talks to ``takeover serve``; the test decides what the "server" says
(a ``welcome`` and a ``state`` built from an engine position, later states, history answers)
and can take the connection away, to see what the page does while the server is gone.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

from . import positions

TABLE = "T3st"


def table_entry(
    names: list[str], bots: dict[int, str] | None = None, **extra: Any
) -> dict[str, Any]:
    """The lobby's table summary for seats named ``names`` (``bots``: seat -> bot spec)."""
    bots = bots or {}
    return {
        "id": TABLE,
        "status": "playing",
        "created_at": "2026-11-25T22:00:00Z",
        "ruleset": "standard",
        "seq": 7,
        "seats": [
            {
                "seat": i,
                "kind": "bot" if i in bots else "human",
                "name": n,
                "bot": bots.get(i),
                "connected": True,
            }
            for i, n in enumerate(names)
        ],
        **extra,
    }


class FakeTable:
    """Answers the page's ``hello`` with ``welcome`` and ``snapshot``; records what it sends."""

    def __init__(
        self,
        page: Any,
        snapshot: dict[str, Any],
        seat: int | None,
        table: dict[str, Any] | None = None,
        history: Callable[[int, int], list[dict[str, Any]]] | None = None,
    ) -> None:
        self.page = page
        self.snapshot = snapshot
        self.seat = seat
        if table is None:
            names = [p["name"] for p in snapshot["view"]["players"]]
            table = table_entry(names)
        self.table = table
        self.history = history
        self.sent: list[dict[str, Any]] = []
        self.socket: Any = None
        self.accepting = True
        self.hellos = 0
        page.route_web_socket(re.compile(r".*/ws/tables/.*"), self._on_socket)

    def _on_socket(self, ws: Any) -> None:
        if not self.accepting:
            ws.close(code=1011, reason="the server is away")
            return
        self.socket = ws

        def on_message(raw: str | bytes) -> None:
            data = json.loads(raw)
            self.sent.append(data)
            if data["type"] == "hello":
                self.hellos += 1
                welcome = {"type": "welcome", "table": self.table, "seat": self.seat, "name": "x"}
                ws.send(json.dumps(welcome))
                ws.send(json.dumps(self.snapshot))
            elif data["type"] == "history" and self.history is not None:
                actions = self.history(data["before"], data.get("limit", 100))
                ws.send(json.dumps({"type": "history", "ref": data.get("ref"), "actions": actions}))

        ws.on_message(on_message)

    def open(self, url: str) -> None:
        """Open the table page on the server at ``url`` and wait for its first prompt."""
        self.page.goto(f"{url}#/table/{TABLE}")
        self.page.wait_for_selector(".prompt[data-mode]")

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def drop(self) -> None:
        """The server goes away: the connection closes and new ones are refused."""
        self.accepting = False
        self.socket.close(code=1011, reason="the server is away")

    def come_back(self) -> None:
        self.accepting = True

    def actions(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m["type"] == "action"]


def open_table(page: Any, server: Any, state: Any, seat: int, **kw: Any) -> FakeTable:
    """Show engine ``state`` as seat ``seat`` sees it, behind a scripted WebSocket."""
    fake = FakeTable(page, positions.state_message(state, seat), seat, **kw)
    fake.open(server.url)
    return fake


def action_sent(page: Any, fake: FakeTable) -> dict[str, Any]:
    """The one action the page sent (waiting for it)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        actions = fake.actions()
        if actions:
            assert len(actions) == 1, actions
            assert actions[0]["seq"] == 7
            return dict(actions[0]["action"])
        page.wait_for_timeout(50)
    raise AssertionError("the client sent no action")
