"""Turn timers across instances: the holder of a table's lease runs its clock, the others
hear who ran out of time, and another instance takes the clock over when it dies."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from websockets.sync.client import connect

from .instances import Instance


def _next_event(ws: Any, kind: str, seconds: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == "clock" and (message.get("event") or {}).get("type") == kind:
            return dict(message["event"])


def test_the_lease_holder_runs_the_clock_and_another_takes_it_over(
    spawn: Callable[..., list[Instance]],
) -> None:
    a, b = spawn(2, limits={"timer_fast_seconds": 1.5})
    made = a.post("/api/tables", seats=2, name="Ann", seat=0, timer="fast", on_timeout="random")
    table_id, ann = made["table"]["id"], made["token"]
    bob = b.post(f"/api/tables/{table_id}/join", name="Bob")["token"]
    a.post(f"/api/tables/{table_id}/start", token=ann)  # a holds the lease (and the clock)
    tokens = {0: ann, 1: bob}
    with connect(f"{b.ws}/ws/tables/{table_id}") as watcher:
        watcher.send(json.dumps({"type": "hello", "spectate": True}))
        first = _state(watcher)
        late = first["view"]["decision"]["player"]
        # The clock runs at a; b's spectator hears whose time ran out.
        assert _next_event(watcher, "timed_out") == {
            "type": "timed_out",
            "seat": late,
            "bot": "random",
        }
        assert "ran out of time" in a.log.read_text()
        assert "ran out of time" not in b.log.read_text()
        a.kill()  # b takes the lease over, and with it the clock: the other seat times out
        other = 1 - late
        assert _next_event(watcher, "timed_out", 30.0)["seat"] == other
        assert "took over the bots of table" in b.log.read_text()
        with connect(f"{b.ws}/ws/tables/{table_id}") as person:  # someone comes back at b
            person.send(json.dumps({"type": "hello", "token": tokens[late]}))
            assert _next_event(watcher, "back") == {"type": "back", "seat": late}
    summary = b.get(f"/api/tables/{table_id}")
    assert summary["seats"][other]["absent"] or summary["status"] == "finished"


def _state(ws: Any) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=20))
        if message["type"] == "state":
            return dict(message)
