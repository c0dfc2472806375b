"""Cluster test fixtures: real ``takeover serve`` processes on the local PostgreSQL and Redis.

PostgreSQL: ``TAKEOVER_TEST_POSTGRES`` (default ``postgresql://postgres@127.0.0.1:5432/test``),
a fresh database per test, dropped afterwards. Redis: ``TAKEOVER_TEST_REDIS`` (default
``redis://127.0.0.1:6379/0``). ``.ci/run`` makes sure both run.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from .instances import Instance

PG_URL = os.environ.get("TAKEOVER_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TAKEOVER_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture
def cluster_database() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test."""
    import psycopg

    url = make_url(PG_URL)
    try:
        admin = psycopg.connect(
            host=url.host or "127.0.0.1",
            port=url.port or 5432,
            user=url.username or "postgres",
            dbname=url.database or "postgres",
            autocommit=True,
            connect_timeout=5,
        )
    except Exception as exc:
        raise RuntimeError(
            f"PostgreSQL at {PG_URL} is not reachable ({exc}); start it (see .ci/run)"
        ) from exc
    name = f"takeover_cluster_{uuid.uuid4().hex[:12]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


@pytest.fixture
def redis_url() -> str:
    import redis

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
    try:
        client.ping()
    except Exception as exc:
        raise RuntimeError(f"Redis at {REDIS_URL} is not reachable ({exc}); see .ci/run") from exc
    finally:
        client.close()
    return REDIS_URL


@pytest.fixture
def spawn(
    cluster_database: str, redis_url: str, tmp_path: Path
) -> Iterator[Callable[..., list[Instance]]]:
    """``spawn(n, **options)``: start ``n`` instances on the test's database and Redis."""
    started: list[Instance] = []

    def start(n: int, **options: object) -> list[Instance]:
        new = [
            Instance(cluster_database, redis_url, tmp_path / f"i{len(started) + k}.log", **options)
            for k in range(n)
        ]
        for instance in new:
            instance.wait_ready()
        started.extend(new)
        return new

    yield start
    for instance in started:
        instance.stop()
