"""Schema migrations (Alembic), shipped with the package and run by the server at start.

``upgrade(url)`` brings a database to the newest revision under an advisory lock
(PostgreSQL), so that several instances starting at once migrate it only once.
A database made before migrations existed (tables, no version stamp) is stamped
with the first revision and upgraded from there. On SQLite, migrations run with foreign
keys off (:func:`foreign_keys_off`): a batch operation rebuilds a table by copying it and
dropping the old one, and with them on, that drop would cascade to every row that refers
to it (dropping ``tables`` would delete every seat, action and chat line).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy import Connection, Engine, inspect, text

HERE = Path(__file__).resolve().parent
INITIAL = "0001"
LOCK_KEY = 7_130_000_001
"""PostgreSQL advisory lock held while migrating."""


def _config(conn: Connection):  # type: ignore[no-untyped-def]
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = conn
    return cfg


def upgrade(target: str | Engine, revision: str = "head") -> str | None:
    """Migrate ``target`` (a URL or an engine) to ``revision``; the revision it is at after."""
    from alembic import command

    engine, owned = _engine(target)
    try:
        with engine.connect() as outer, foreign_keys_off(outer) as conn, conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": LOCK_KEY})
            cfg = _config(conn)
            names = set(inspect(conn).get_table_names())
            if "alembic_version" in names and "tables" not in names:
                # A version stamp without tables: the tables were dropped by hand.
                command.stamp(cfg, "base", purge=True)
            elif "alembic_version" not in names and "tables" in names:
                command.stamp(cfg, INITIAL)  # made by create_all before migrations existed
            command.upgrade(cfg, revision)
            return _current(conn)
    finally:
        if owned:
            engine.dispose()


@contextlib.contextmanager
def foreign_keys_off(conn: Connection) -> Iterator[Connection]:
    """``conn`` with SQLite's foreign keys off until the block ends (other databases: as
    it is). The pragma only works outside a transaction, so it is set before one begins."""
    if conn.dialect.name != "sqlite":
        yield conn
        return
    conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
    conn.commit()
    try:
        yield conn
    finally:
        conn.rollback()
        conn.exec_driver_sql("PRAGMA foreign_keys=ON")
        conn.commit()


def current(target: str | Engine) -> str | None:
    """The revision ``target`` is at (``None``: never migrated)."""
    engine, owned = _engine(target)
    try:
        with engine.connect() as conn:
            return _current(conn)
    finally:
        if owned:
            engine.dispose()


def head() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    found = ScriptDirectory.from_config(cfg).get_current_head()
    assert found is not None
    return found


def _current(conn: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


def _engine(target: str | Engine) -> tuple[Engine, bool]:
    if isinstance(target, str):
        from takeover.server.storage.repository import make_engine

        return make_engine(target), True
    return target, False
