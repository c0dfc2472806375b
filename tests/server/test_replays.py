"""Work that grows with a record runs in the replay workers: other requests are served
meanwhile, a job past its deadline is refused (its worker replaced), too many waiting
jobs are refused, and the replay routes are rate-limited per address."""

from __future__ import annotations

import contextlib
import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from takeover.g1817.fixture import applied_actions
from takeover.server.errors import MasterError
from takeover.server.replays import Deadline, Replays
from takeover.server.services import Services
from takeover.server.storage.repository import ImportRecord

from .tasks import HELD_AT_MOST, release_file

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "1817" / "fixtures"
GAME = FIXTURES / "1817WO__1817WO_game_end_bankrupt.json"
SLOW_TASK = __name__.rpartition(".")[0] + ".tasks:slow_replay"
"""``tests/server/tasks.py`` under the name this test run imports it by."""


@pytest.fixture
def database(sqlite_database: str) -> str:
    """SQLite only: what is measured here is the workers, not the store."""
    return sqlite_database


def _services(client: TestClient) -> Services:
    found: Services = client.app.state.services  # type: ignore[attr-defined]
    return found


def _slow_workers(client: TestClient) -> Replays:
    """The client's server with replay workers that hold the steps of an import whose id
    starts with ``slow`` (:func:`tasks.slow_replay`)."""
    found = _services(client)
    found.replays.close()
    found.replays = Replays(found.settings, task=SLOW_TASK)
    return found.replays


def _store(client: TestClient, prefix: str) -> tuple[str, int]:
    """Store the real game as a new import whose id starts with ``prefix``: its id and
    step count."""
    data = json.loads(GAME.read_text())
    count = len(applied_actions(data["actions"]))
    import_id = f"{prefix}{uuid.uuid4().hex[:8]}"
    rec = ImportRecord(import_id, "1817", data["title"], ["a", "b", "c"], count, data, 0.0)
    store = _services(client).store
    store.run_sync(lambda c: store.repo.insert_import(c, rec, 1000))
    return import_id, count


@contextlib.contextmanager
def _held(client: TestClient, replays: Replays, n: int = 1) -> Iterator[list[Any]]:
    """A step of a ``slow`` import running in a worker (computing, holding it) for the
    ``with`` block; its answer in the list after the block."""
    import_id, _ = _store(client, "slow")
    answer: list[Any] = []
    heavy = threading.Thread(
        target=lambda: answer.append(client.get(f"/api/games/{import_id}/steps/{n}")),
        daemon=True,
    )
    heavy.start()
    try:
        assert replays.pool is not None
        deadline = time.monotonic() + 60
        while not replays.pool._busy:
            assert time.monotonic() < deadline, "the replay workers did not start"
            time.sleep(0.02)
        yield answer
        assert heavy.is_alive(), "the heavy replay ended before it was let go"
    finally:
        release_file(import_id).touch()
        heavy.join(HELD_AT_MOST)
        release_file(import_id).unlink(missing_ok=True)


def _warm(client: TestClient, replays: Replays, import_id: str) -> None:
    """Every worker started (a light step asked until the pool has them all)."""
    assert replays.pool is not None
    deadline = time.monotonic() + 60
    while len(replays.pool._idle) < replays.pool.size:
        assert client.get(f"/api/games/{import_id}/steps/0").status_code == 200
        assert time.monotonic() < deadline, "the replay workers did not start"
        time.sleep(0.05)


def test_other_requests_are_served_while_a_heavy_replay_runs(
    make_client: Callable[..., TestClient],
) -> None:
    """The issue's case: while a step computes for as long as the test wants (pure Python
    that ignores its deadline), the lobby, another game's steps and record, and another
    upload are each answered at once."""
    client = make_client(replay_workers=2)
    replays = _slow_workers(client)
    light, total = _store(client, "light")
    _warm(client, replays, light)
    with _held(client, replays, n=3) as answer:
        for method, path in [
            ("GET", "/api/options"),
            ("GET", "/api/tables"),
            ("GET", f"/api/games/{light}/steps/{total}"),
            ("GET", f"/api/games/{light}/record"),
            ("POST", "/api/imports"),
        ]:
            asked = time.monotonic()
            body = GAME.read_bytes() if method == "POST" else None
            headers = {"content-type": "application/json"} if body else None
            r = client.request(method, path, content=body, headers=headers)
            assert r.status_code in (200, 201), r.text
            assert time.monotonic() - asked < 10, f"{path} waited for the heavy replay"
        assert not answer  # (the heavy one is still computing)
    assert answer[0].status_code == 200 and answer[0].json()["step"] == 3


def test_a_replay_past_its_deadline_is_refused_and_its_worker_replaced(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(replay_workers=1, replay_seconds=1.0)
    replays = _slow_workers(client)
    light, _ = _store(client, "light")
    _warm(client, replays, light)
    slow, _ = _store(client, "slow")
    asked = time.monotonic()
    r = client.get(f"/api/games/{slow}/steps/1")
    assert time.monotonic() - asked < HELD_AT_MOST / 2  # (killed, not waited for)
    assert r.status_code == 503 and r.json()["error"]["code"] == "timeout", r.text
    assert "replaying this game took longer than 1 s" in r.json()["error"]["message"]
    # a new worker takes the next job
    assert client.get(f"/api/games/{light}/steps/2").status_code == 200
    assert replays.pool is not None and len(replays.pool.pids()) == 1


def test_a_job_watches_its_deadline() -> None:
    Deadline(None).check()
    Deadline(60).check()
    with pytest.raises(MasterError) as info:
        Deadline(-1).check()
    assert info.value.code == "timeout"


def test_jobs_beyond_the_queue_are_refused_as_busy(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(replay_workers=1, replay_queue=0)
    replays = _slow_workers(client)
    light, _ = _store(client, "light")
    _warm(client, replays, light)
    with _held(client, replays) as answer:
        r = client.get(f"/api/games/{light}/steps/1")
        assert r.status_code == 503 and r.json()["error"]["code"] == "busy", r.text
        assert "try again" in r.json()["error"]["message"]
    assert answer[0].status_code == 200
    assert client.get(f"/api/games/{light}/steps/1").status_code == 200


def test_replay_steps_and_records_are_rate_limited(
    make_client: Callable[..., TestClient],
) -> None:
    """Per address: a burst of three seconds' worth, then ``replay_rate_per_second``."""
    client = make_client(replay_rate_per_second=1.0, replay_workers=0)
    game, _ = _store(client, "game")
    paths = [
        f"/api/games/{game}/steps/1",
        f"/api/games/{game}/record",
        f"/api/games/{game}/steps/2",
    ]
    for path in paths:
        assert client.get(path).status_code == 200
    for path in (f"/api/games/{game}/steps/3", f"/api/games/{game}/record"):
        r = client.get(path)
        assert r.status_code == 429, r.text
        assert "too many replay requests: 1 a second" in r.json()["error"]["message"]
    assert client.get("/api/tables").status_code == 200  # the lobby is not limited by them
