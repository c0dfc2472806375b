"""Bot leases: one instance drives a table's bots, until its lease runs out.

A lease is a row ``(table_id, instance, expires_at)``. Taking one is a single
upsert that succeeds only if the row is missing, expired, or already ours, so two
instances can never both hold it; the holder renews it regularly, and when it
dies another instance takes the table over once the lease has expired.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Connection, Float, String, and_, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, mapped_column

from takeover.server.storage.models import Base, SeatRow, TableRow


class LeaseRow(Base):
    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    instance: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[float] = mapped_column(Float, index=True)


def acquire(conn: Connection, table_id: str, instance: str, now: float, ttl: float) -> bool:
    """Take or renew the lease of ``table_id`` for ``instance``; whether it is ours now."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    stmt = dialect.insert(LeaseRow).values(
        table_id=table_id, instance=instance, expires_at=now + ttl
    )
    stmt = stmt.on_conflict_do_update(
        index_elements=[LeaseRow.table_id],
        set_={"instance": instance, "expires_at": now + ttl},
        where=or_(LeaseRow.instance == instance, LeaseRow.expires_at < now),
    ).returning(LeaseRow.instance)
    return conn.execute(stmt).first() is not None


def renew(
    conn: Connection, table_ids: Iterable[str], instance: str, now: float, ttl: float
) -> set[str]:
    """Extend the leases ``instance`` still holds among ``table_ids``; the ones it holds."""
    ids = list(table_ids)
    if not ids:
        return set()
    conn.execute(
        update(LeaseRow)
        .where(LeaseRow.table_id.in_(ids), LeaseRow.instance == instance)
        .values(expires_at=now + ttl)
    )
    rows = conn.execute(
        select(LeaseRow.table_id).where(LeaseRow.table_id.in_(ids), LeaseRow.instance == instance)
    )
    return {row.table_id for row in rows}


def release(conn: Connection, table_ids: Iterable[str], instance: str) -> None:
    ids = list(table_ids)
    if ids:
        conn.execute(
            delete(LeaseRow).where(LeaseRow.table_id.in_(ids), LeaseRow.instance == instance)
        )


def orphans(conn: Connection, now: float, limit: int = 50) -> list[str]:
    """Playing tables with a bot seat whose lease is missing or expired: bots nobody drives."""
    bot_tables = select(SeatRow.table_id).where(SeatRow.kind == "bot").distinct()
    rows = conn.execute(
        select(TableRow.id)
        .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
        .where(
            TableRow.status == "playing",
            TableRow.id.in_(bot_tables),
            or_(LeaseRow.table_id.is_(None), and_(LeaseRow.expires_at < now)),
        )
        .limit(limit)
    )
    return [row.id for row in rows]
