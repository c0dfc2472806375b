"""The outbox's and the notice preferences' queries (plain functions on a connection, as the
repository's): queue without duplicates, claim what is due for one instance, record each
attempt's outcome, and the server's shared secrets."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite

from takeover.server.storage.models import NoticePrefsRow, OutboxRow, SecretRow


@dataclass
class Prefs:
    """How one recipient wants to hear that it is their turn."""

    recipient: str
    email: str | None = None
    email_on: bool = True
    webhook: str | None = None
    digest: bool = False


@dataclass
class Notice:
    """One message to queue: to ``recipient`` by ``channel`` about ``turn``."""

    recipient: str
    channel: str
    turn: str
    payload: dict[str, Any]
    due_at: float


@dataclass
class Queued:
    """A queued message as claimed for sending."""

    id: int
    recipient: str
    channel: str
    turn: str
    payload: dict[str, Any]
    attempts: int


def _dialect(conn: Connection) -> Any:
    return postgresql if conn.dialect.name == "postgresql" else sqlite


def prefs(conn: Connection, recipients: Iterable[str]) -> dict[str, Prefs]:
    """The preferences of those of ``recipients`` that have any."""
    ids = list(recipients)
    if not ids:
        return {}
    rows = conn.execute(select(NoticePrefsRow).where(NoticePrefsRow.recipient.in_(ids)))
    return {
        r.recipient: Prefs(r.recipient, r.email, bool(r.email_on), r.webhook, bool(r.digest))
        for r in rows
    }


def set_prefs(conn: Connection, chosen: Prefs, now: float) -> None:
    values = {
        "email": chosen.email,
        "email_on": chosen.email_on,
        "webhook": chosen.webhook,
        "digest": chosen.digest,
        "updated_at": now,
    }
    stmt = _dialect(conn).insert(NoticePrefsRow).values(recipient=chosen.recipient, **values)
    conn.execute(stmt.on_conflict_do_update(index_elements=["recipient"], set_=values))


def unsubscribe(conn: Connection, recipient: str, now: float) -> bool:
    """Turn e-mail off for ``recipient``; whether it had been on."""
    done = conn.execute(
        update(NoticePrefsRow)
        .where(NoticePrefsRow.recipient == recipient, NoticePrefsRow.email_on.is_(True))
        .values(email_on=False, updated_at=now)
    )
    return done.rowcount > 0


def enqueue(conn: Connection, notices: Iterable[Notice], now: float) -> int:
    """Queue ``notices``, each at most once (a turn queued already is left as it is); how
    many were new."""
    added = 0
    for n in notices:
        stmt = (
            _dialect(conn)
            .insert(OutboxRow)
            .values(
                recipient=n.recipient,
                channel=n.channel,
                turn=n.turn,
                payload=n.payload,
                status="pending",
                attempts=0,
                due_at=n.due_at,
                created_at=now,
            )
            .on_conflict_do_nothing(index_elements=["recipient", "channel", "turn"])
            .returning(OutboxRow.id)
        )
        added += len(conn.execute(stmt).all())
    return added


def claim(conn: Connection, instance: str, now: float, hold: float, limit: int) -> list[Queued]:
    """Up to ``limit`` pending messages due by ``now``, claimed for ``instance`` for ``hold``
    seconds (no other instance sends them meanwhile; after, another may, if this one died)."""
    free = or_(OutboxRow.claimed_until.is_(None), OutboxRow.claimed_until < now)
    due = (
        select(OutboxRow.id)
        .where(OutboxRow.status == "pending", OutboxRow.due_at <= now, free)
        .order_by(OutboxRow.due_at)
        .limit(limit)
    )
    ids = [r.id for r in conn.execute(due)]
    if not ids:
        return []
    until = now + hold
    conn.execute(  # the condition again: a row another instance claimed meanwhile is not taken
        update(OutboxRow)
        .where(OutboxRow.id.in_(ids), OutboxRow.status == "pending", free)
        .values(claimed_by=instance, claimed_until=until)
    )
    rows = conn.execute(
        select(OutboxRow).where(
            OutboxRow.id.in_(ids),
            OutboxRow.claimed_by == instance,
            OutboxRow.claimed_until == until,
        )
    )
    return [Queued(r.id, r.recipient, r.channel, r.turn, r.payload, r.attempts) for r in rows]


def digest_due(conn: Connection, recipient: str, now: float) -> list[Queued]:
    """Every digest entry of ``recipient`` due by ``now`` (sent together, in one e-mail)."""
    rows = conn.execute(
        select(OutboxRow)
        .where(
            OutboxRow.recipient == recipient,
            OutboxRow.channel == "digest",
            OutboxRow.status == "pending",
            OutboxRow.due_at <= now,
        )
        .order_by(OutboxRow.created_at)
    )
    return [Queued(r.id, r.recipient, r.channel, r.turn, r.payload, r.attempts) for r in rows]


def finish(
    conn: Connection, ids: Iterable[int], status: str, now: float, error: str | None
) -> None:
    """Record the end of messages ``ids``: ``sent``, ``dropped`` (nowhere to send it, or
    unsubscribed) or ``failed`` (given up)."""
    conn.execute(
        update(OutboxRow)
        .where(OutboxRow.id.in_(list(ids)))
        .values(status=status, sent_at=now, error=error, claimed_by=None, claimed_until=None)
    )


def retry(conn: Connection, ids: Iterable[int], due_at: float, error: str) -> None:
    """Messages ``ids`` failed for now: another attempt at ``due_at``."""
    conn.execute(
        update(OutboxRow)
        .where(OutboxRow.id.in_(list(ids)))
        .values(
            attempts=OutboxRow.attempts + 1,
            due_at=due_at,
            error=error,
            claimed_by=None,
            claimed_until=None,
        )
    )


def purge(conn: Connection, before: float) -> None:
    """Forget messages that ended (sent, dropped, failed) before ``before``."""
    conn.execute(delete(OutboxRow).where(OutboxRow.status != "pending", OutboxRow.sent_at < before))


def outbox(conn: Connection, recipient: str | None = None) -> list[dict[str, Any]]:
    """The outbox's rows (a recipient's), oldest first: for tests and for operators."""
    query = select(OutboxRow).order_by(OutboxRow.id)
    if recipient is not None:
        query = query.where(OutboxRow.recipient == recipient)
    return [
        {
            "id": r.id,
            "recipient": r.recipient,
            "channel": r.channel,
            "turn": r.turn,
            "status": r.status,
            "attempts": r.attempts,
            "due_at": r.due_at,
            "error": r.error,
        }
        for r in conn.execute(query)
    ]


def secret(conn: Connection, name: str) -> str:
    """The server's secret ``name``, made at first use; every instance reads the same."""
    stmt = (
        _dialect(conn)
        .insert(SecretRow)
        .values(name=name, value=secrets.token_hex(32))
        .on_conflict_do_nothing(index_elements=["name"])
    )
    conn.execute(stmt)
    return str(conn.execute(select(SecretRow.value).where(SecretRow.name == name)).scalar_one())
