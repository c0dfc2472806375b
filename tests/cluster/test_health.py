"""``/healthz`` and ``/readyz`` on a single instance and on a cluster instance."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from starlette.testclient import TestClient

from takeover.server import Settings, create_app
from takeover.server.logs import JsonFormatter


def test_single_instance_is_live_and_ready(tmp_path: Path) -> None:
    settings = Settings(database=f"sqlite:///{tmp_path / 'h.db'}", instance="solo")
    with TestClient(create_app(settings)) as client:
        assert client.get("/healthz").json() == {"status": "ok", "instance": "solo"}
        ready = client.get("/readyz")
        assert ready.status_code == 200
        assert ready.json()["checks"] == {"database": "ok"}


def test_cluster_instance_is_not_ready_without_its_broker(tmp_path: Path) -> None:
    settings = Settings(
        database=f"sqlite:///{tmp_path / 'h.db'}", broker="redis://127.0.0.1:1/0", instance="x"
    )
    with TestClient(create_app(settings)) as client:
        assert client.get("/healthz").status_code == 200
        ready = client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["checks"] == {"database": "ok", "broker": "failing"}


def test_cluster_instance_is_ready_with_its_broker(tmp_path: Path, redis_url: str) -> None:
    settings = Settings(database=f"sqlite:///{tmp_path / 'h.db'}", broker=redis_url)
    with TestClient(create_app(settings)) as client:
        for _ in range(100):  # the subscription is made in the background
            ready = client.get("/readyz")
            if ready.status_code == 200:
                break
        assert ready.json()["checks"] == {"database": "ok", "broker": "ok"}


def test_log_lines_are_json_with_the_instance() -> None:
    formatter = JsonFormatter("i7")
    try:
        raise ValueError("boom")
    except ValueError:
        import sys

        record = logging.LogRecord("takeover.x", logging.ERROR, "f.py", 1, "a %s", ("b",), None)
        record.exc_info = sys.exc_info()
        record.table = "t1"
    line = json.loads(formatter.format(record))
    assert line["instance"] == "i7" and line["msg"] == "a b" and line["level"] == "error"
    assert line["table"] == "t1" and "ValueError: boom" in line["exc"]
