"""Server test fixtures: every store-backed test runs on SQLite and on PostgreSQL.

PostgreSQL is the local server (``TAKEOVER_TEST_POSTGRES``, default
``postgresql://postgres@127.0.0.1:5432/test``): each test run creates a fresh
database there and drops it afterwards. ``.ci/run`` makes sure the server runs.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from starlette.testclient import TestClient

from takeover.server import Settings, create_app
from takeover.server.storage.repository import make_engine

PG_URL = os.environ.get("TAKEOVER_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")

FAST = {
    "analysis_games": 0,  # finished games are not analysed (tests/server/test_analyses.py does)
    "listing_workers": 0,  # 1817 route decisions listed in process (test_listings.py: workers)
    "rate_per_second": 1000.0,
    "rate_burst": 1000,
    "bot_think_seconds": 5.0,
    "chat_rate_per_second": 1000.0,
    "chat_burst": 1000,
    "spectator_chat": True,
    "open_tables_per_address": 1000,
    "bot_tables_per_address": 1000,
    "connections_per_address": 1000,
    "bot_tables": 1000,
    "imports_per_minute": 60_000.0,
    "replay_rate_per_second": 1000.0,
}
"""Scripted clients answer at once, from one address: lift the limits on rates, chat,
tables and connections, and allow tables of bots only, except where a test is about them
(tests/server/test_limits.py)."""


def _admin_connect() -> Any:
    import psycopg

    url = make_url(PG_URL)
    errors = []
    for user in (url.username, "postgres", "root"):
        if not user:
            continue
        try:
            return psycopg.connect(
                host=url.host or "127.0.0.1",
                port=url.port or 5432,
                user=user,
                dbname=url.database or "postgres",
                autocommit=True,
                connect_timeout=5,
            ), user
        except Exception as exc:  # try the next user
            errors.append(f"{user}: {exc}")
    raise RuntimeError(
        f"PostgreSQL at {PG_URL} is not reachable ({'; '.join(errors)}); "
        "start it (see .ci/run) or set TAKEOVER_TEST_POSTGRES"
    )


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this test run."""
    conn, user = _admin_connect()
    name = f"takeover_test_{uuid.uuid4().hex[:12]}"
    conn.execute(f'CREATE DATABASE "{name}"')
    url = make_url(PG_URL).set(username=user, database=name)
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A store URL with an empty schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'takeover.db'}"
    url = request.getfixturevalue("postgres_url")
    engine = make_engine(url)
    with engine.begin() as conn:  # everything, bookkeeping tables (migrations) included
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    return url


@pytest.fixture
def sqlite_database(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'takeover.db'}"


@pytest.fixture
def make_client(database: str) -> Iterator[Callable[..., TestClient]]:
    """``make_client(**settings)``: a started app on ``database`` (closed at the end)."""
    clients: list[TestClient] = []

    def make(**overrides: Any) -> TestClient:
        settings = Settings(database=database, **{**FAST, **overrides})
        client = TestClient(create_app(settings))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()
