"""Alembic migrations: a fresh store, a store made before migrations, ``takeover db``."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import String, Text, inspect, select, text

from takeover.cli import main
from takeover.server.migrations import INITIAL, current, foreign_keys_off, head, upgrade
from takeover.server.storage.models import Base, TableRow
from takeover.server.storage.repository import make_engine


def _lengths_on_sqlite(context: Any, _inspected: Any, _column: Any, found: Any, wanted: Any) -> Any:
    """SQLite keeps any length in a VARCHAR, so a length is no difference there (a migration
    widens ``tables.timer`` on PostgreSQL only: on SQLite it would copy the table, and the
    copy's cascade would take the seats with it); otherwise Alembic's own comparison."""
    strings = [t for t in (found, wanted) if isinstance(t, String) and not isinstance(t, Text)]
    if context.dialect.name == "sqlite" and len(strings) == 2:
        return False
    return None


def _differences(url: str) -> list:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": _lengths_on_sqlite})
            return compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()


def test_upgrade_creates_the_schema_of_the_models(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'a.db'}"
    assert current(url) is None
    assert upgrade(url) == head() == current(url)
    assert _differences(url) == []
    assert upgrade(url) == head()  # again: nothing to do


def test_a_store_made_before_migrations_is_stamped_and_upgraded(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, INITIAL)  # the first schema, as create_all made it before migrations...
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE alembic_version"))  # ... without a version stamp
        conn.execute(  # a table of that time (no column added since)
            text(
                "INSERT INTO tables (id, status, num_seats, ruleset, seq, created_at, "
                "updated_at, game) VALUES ('kept', 'open', 2, '\"standard\"', 0, 1, 1, 'acquire')"
            )
        )
    engine.dispose()
    assert upgrade(url) == head()
    engine = make_engine(url)
    with engine.connect() as conn:
        assert "leases" in inspect(conn).get_table_names()
        assert conn.execute(select(TableRow.id)).scalars().all() == ["kept"]
    engine.dispose()
    assert _differences(url) == []


def test_a_stamp_without_tables_is_rebuilt(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'b.db'}"
    upgrade(url)
    engine = make_engine(url)
    Base.metadata.drop_all(engine)  # as a test fixture or a person might
    engine.dispose()
    assert upgrade(url) == head()
    assert _differences(url) == []


def test_instances_starting_together_migrate_once(cluster_database: str) -> None:
    results: list[object] = []

    def migrate() -> None:
        try:
            results.append(upgrade(cluster_database))
        except Exception as exc:  # reported below
            results.append(exc)

    threads = [threading.Thread(target=migrate) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [head()] * 3
    assert _differences(cluster_database) == []


def test_takeover_db_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["db", "current", "--database", url]) == 0
    assert "schema empty" in capsys.readouterr().out
    assert main(["db", "upgrade", "--database", url]) == 0
    assert f"schema empty -> {head()}" in capsys.readouterr().out
    assert main(["db", "current", "--database", url]) == 0
    assert f"schema {head()} (newest {head()})" in capsys.readouterr().out
    assert main(["db", "upgrade", "--database", "nosuchdb://x"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("takeover db: ") and "Traceback" not in out


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_people_arrive_and_existing_games_and_seats_stay(
    store: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """0006 (accounts, ratings): the games and seats of before are kept, as guests' seats
    at rated tables."""
    if store == "sqlite":
        url = f"sqlite:///{tmp_path / 'people.db'}"
    else:
        url = request.getfixturevalue("cluster_database")
    assert upgrade(url, "0005") == "0005"
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO tables (id, status, num_seats, ruleset, seq, created_at, "
                "updated_at, game) VALUES ('old', 'playing', 2, '\"standard\"', 3, 1, 2, 'acquire')"
            )
        )
        conn.execute(
            text(
                "INSERT INTO seats (table_id, seat, kind, name, token_hash) VALUES "
                "('old', 0, 'human', 'Ann', 'abc'), ('old', 1, 'bot', 'Random bot', NULL)"
            )
        )
    engine.dispose()
    assert upgrade(url) == head()
    engine = make_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT seat, name, token_hash, account_id FROM seats ORDER BY seat")
        ).all()
        assert [tuple(r) for r in rows] == [(0, "Ann", "abc", None), (1, "Random bot", None, None)]
        table = conn.execute(text("SELECT seq, status, rated FROM tables")).one()
        assert (table.seq, table.status, bool(table.rated)) == (3, "playing", True)
        assert {"accounts", "sessions", "ratings"} <= set(inspect(conn).get_table_names())
    engine.dispose()
    assert _differences(url) == []


def test_a_table_rebuilt_by_a_sqlite_batch_migration_keeps_the_rows_referring_to_it(
    tmp_path: Path,
) -> None:
    """Alembic's batch mode rebuilds a SQLite table by copy, drop and rename; migrations run
    with foreign keys off, so that the drop does not cascade to every seat."""

    def rebuild_tables(conn: Any) -> None:
        conn.execute(text("CREATE TABLE tables_copy AS SELECT * FROM tables"))
        conn.execute(text("DROP TABLE tables"))
        conn.execute(text("ALTER TABLE tables_copy RENAME TO tables"))

    def seats(engine: Any) -> int:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM seats")).scalar_one())

    for guarded in (False, True):
        url = f"sqlite:///{tmp_path / f'batch-{guarded}.db'}"
        upgrade(url, "0005")
        engine = make_engine(url)
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO tables (id, status, num_seats, ruleset, seq, created_at, "
                    "updated_at, game) VALUES ('t', 'open', 2, '\"standard\"', 0, 1, 1, 'acquire')"
                )
            )
            conn.execute(
                text("INSERT INTO seats (table_id, seat, kind, name) VALUES ('t', 0, 'human', 'A')")
            )
        if guarded:
            with engine.connect() as outer, foreign_keys_off(outer) as conn, conn.begin():
                rebuild_tables(conn)
        else:  # (what the guard is for: with foreign keys on, the seat goes)
            with engine.begin() as conn:
                rebuild_tables(conn)
        assert seats(engine) == (1 if guarded else 0)
        with engine.connect() as conn:  # on again afterwards
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar_one() == 1
        engine.dispose()
