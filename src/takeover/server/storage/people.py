"""The store's people: accounts, sessions, e-mailed links, attempt counts, the seats an
account holds and its ratings, as plain synchronous functions of a connection (as
:mod:`.repository`; the :class:`~.store.Store` runs them on its thread).

Credentials are stored as digests only: sessions and e-mailed links by their SHA-256,
passwords as Argon2 hashes (made by :mod:`takeover.server.passwords`, never here).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from takeover.server.storage.models import (
    AccountRow,
    AccountTokenRow,
    AttemptRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    SessionRow,
    TableRow,
)


@dataclass
class AccountRecord:
    id: str
    name: str
    email: str
    password_hash: str
    seat_key: str
    created_at: float
    email_verified_at: float | None = None


@dataclass
class RatingRecord:
    pool: str
    participant: str
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    updated_at: float


class Taken(Exception):
    """An account with that e-mail address exists already (a race between two sign-ups)."""


def _account(row: Any) -> AccountRecord:
    return AccountRecord(
        row.id,
        row.name,
        row.email,
        row.password_hash,
        row.seat_key,
        row.created_at,
        row.email_verified_at,
    )


# ---------------------------------------------------------------------- accounts
def account(conn: Connection, account_id: str) -> AccountRecord | None:
    row = conn.execute(select(AccountRow).where(AccountRow.id == account_id)).first()
    return None if row is None else _account(row)


def account_by_email(conn: Connection, email: str) -> AccountRecord | None:
    row = conn.execute(select(AccountRow).where(AccountRow.email == email)).first()
    return None if row is None else _account(row)


def insert_account(conn: Connection, rec: AccountRecord) -> None:
    try:
        with conn.begin_nested():
            conn.execute(
                insert(AccountRow),
                {
                    "id": rec.id,
                    "name": rec.name,
                    "email": rec.email,
                    "email_verified_at": rec.email_verified_at,
                    "password_hash": rec.password_hash,
                    "seat_key": rec.seat_key,
                    "created_at": rec.created_at,
                },
            )
    except IntegrityError:
        raise Taken(rec.email) from None


def update_account(conn: Connection, account_id: str, **values: Any) -> None:
    """Set some of an account's columns (``name``, ``password_hash``, ``email_verified_at``)."""
    conn.execute(update(AccountRow).where(AccountRow.id == account_id).values(**values))


# ---------------------------------------------------------------------- e-mailed links
@dataclass
class LinkRecord:
    """What an e-mailed link opens (:class:`~.models.AccountTokenRow`)."""

    purpose: str
    account_id: str | None
    email: str | None
    payload: Any


def insert_token(
    conn: Connection,
    token_hash: str,
    purpose: str,
    expires_at: float,
    account_id: str | None = None,
    email: str | None = None,
    payload: Any = None,
) -> None:
    """Store a link's digest; an account's earlier link for the same purpose stops working
    (a sign-up's do not: whoever opens the mail chooses which sign-up was theirs)."""
    if account_id is not None:
        conn.execute(
            delete(AccountTokenRow).where(
                AccountTokenRow.account_id == account_id, AccountTokenRow.purpose == purpose
            )
        )
    conn.execute(
        insert(AccountTokenRow),
        {
            "token_hash": token_hash,
            "account_id": account_id,
            "email": email,
            "purpose": purpose,
            "payload": payload,
            "expires_at": expires_at,
        },
    )


def use_token(conn: Connection, token_hash: str, purpose: str, now: float) -> LinkRecord | None:
    """What a link opens, if it is unexpired and for ``purpose``; the link is deleted as it
    is read (used once: of two requests racing with it, only one deletes the row)."""
    row = conn.execute(
        select(AccountTokenRow).where(AccountTokenRow.token_hash == token_hash)
    ).first()
    if row is None or row.purpose != purpose:
        return None
    gone = conn.execute(delete(AccountTokenRow).where(AccountTokenRow.token_hash == token_hash))
    if gone.rowcount != 1 or row.expires_at <= now:
        return None
    return LinkRecord(row.purpose, row.account_id, row.email, row.payload)


# ---------------------------------------------------------------------- sessions
def insert_session(
    conn: Connection, id_hash: str, account_id: str, csrf: str, now: float, expires_at: float
) -> None:
    conn.execute(
        insert(SessionRow),
        {
            "id_hash": id_hash,
            "account_id": account_id,
            "csrf": csrf,
            "created_at": now,
            "expires_at": expires_at,
        },
    )


def session(conn: Connection, id_hash: str, now: float) -> tuple[AccountRecord, str] | None:
    """The account of an unexpired session, and the session's anti-forgery token."""
    row = conn.execute(
        select(AccountRow, SessionRow.csrf)
        .join(SessionRow, SessionRow.account_id == AccountRow.id)
        .where(SessionRow.id_hash == id_hash, SessionRow.expires_at > now)
    ).first()
    return None if row is None else (_account(row), str(row.csrf))


def delete_session(conn: Connection, id_hash: str) -> None:
    conn.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))


def delete_sessions(conn: Connection, account_id: str, keep: str | None = None) -> None:
    """End every session of an account (but ``keep``, a session's digest)."""
    query = delete(SessionRow).where(SessionRow.account_id == account_id)
    if keep is not None:
        query = query.where(SessionRow.id_hash != keep)
    conn.execute(query)


def delete_expired(conn: Connection, now: float, attempts_before: float) -> None:
    """Housekeeping: expired sessions and links, attempts older than any limit's window."""
    conn.execute(delete(SessionRow).where(SessionRow.expires_at <= now))
    conn.execute(delete(AccountTokenRow).where(AccountTokenRow.expires_at <= now))
    conn.execute(delete(AttemptRow).where(AttemptRow.at < attempts_before))


# ---------------------------------------------------------------------- attempts
def attempts(conn: Connection, key: str, since: float) -> int:
    return int(
        conn.execute(
            select(func.count())
            .select_from(AttemptRow)
            .where(AttemptRow.key == key, AttemptRow.at >= since)
        ).scalar_one()
    )


def take_attempts(
    conn: Connection, limits: dict[str, int], since: float, now: float
) -> list[int] | None:
    """Count one attempt under each key of ``limits`` (key -> most since ``since``), unless
    one of them has its most already (``None``): in one transaction, so that requests
    arriving together cannot all pass the count; the new attempts' ids."""
    if any(attempts(conn, k, since) >= most for k, most in limits.items()):
        return None
    ids = []
    for k in limits:
        made = conn.execute(insert(AttemptRow), {"key": k, "at": now}).inserted_primary_key
        assert made is not None
        ids.append(int(made[0]))
    return ids


def forget_attempts(conn: Connection, ids: list[int], key: str | None = None) -> None:
    """Take back attempts (``ids``: they succeeded), and every attempt under ``key``."""
    if ids:
        conn.execute(delete(AttemptRow).where(AttemptRow.id.in_(ids)))
    if key is not None:
        conn.execute(delete(AttemptRow).where(AttemptRow.key == key))


# ---------------------------------------------------------------------- seats
def attach_seat(
    conn: Connection, table_id: str, seat: int, account_id: str, token_hash: str
) -> None:
    """Give a seat to an account, with the token the account derives for it."""
    conn.execute(
        update(SeatRow)
        .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
        .values(account_id=account_id, token_hash=token_hash)
    )


def seat_holders(conn: Connection, table_id: str) -> dict[int, str]:
    """The seats of a table that accounts hold: seat -> account id."""
    rows = conn.execute(
        select(SeatRow.seat, SeatRow.account_id).where(
            SeatRow.table_id == table_id, SeatRow.account_id.is_not(None)
        )
    )
    return {r.seat: str(r.account_id) for r in rows}


def games_of(
    conn: Connection, account_id: str, limit: int, offset: int, finished: bool | None = None
) -> tuple[list[tuple[str, int]], int]:
    """``(table id, seat)`` of the account's games, the latest active first, and how many
    there are; ``finished``: only finished ones (``True``) or only the others (``False``)."""
    query = (
        select(SeatRow.table_id, SeatRow.seat)
        .join(TableRow, TableRow.id == SeatRow.table_id)
        .where(SeatRow.account_id == account_id)
    )
    if finished is not None:
        query = query.where(
            TableRow.status == "finished" if finished else TableRow.status != "finished"
        )
    total = conn.execute(select(func.count()).select_from(query.subquery())).scalar_one()
    rows = conn.execute(
        query.order_by(TableRow.updated_at.desc(), TableRow.id).limit(limit).offset(offset)
    )
    return [(r.table_id, r.seat) for r in rows], int(total)


# ---------------------------------------------------------------------- ratings
def ratings(conn: Connection, pool: str, participants: list[str]) -> dict[str, RatingRecord]:
    """The ratings of ``participants`` in ``pool``, locked until the transaction ends
    (PostgreSQL), so that two games finishing at once on two instances both count."""
    query = select(RatingRow).where(RatingRow.pool == pool, RatingRow.participant.in_(participants))
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()
    return {r.participant: _rating(r) for r in conn.execute(query)}


def rated_already(conn: Connection, table_id: str) -> bool:
    found = conn.execute(
        select(RatingHistoryRow.table_id).where(RatingHistoryRow.table_id == table_id).limit(1)
    ).first()
    return found is not None


def save_rating(conn: Connection, rec: RatingRecord, fresh: bool) -> None:
    values = {
        "name": rec.name,
        "mu": rec.mu,
        "sigma": rec.sigma,
        "ordinal": rec.ordinal,
        "games": rec.games,
        "wins": rec.wins,
        "updated_at": rec.updated_at,
    }
    if fresh:
        conn.execute(
            insert(RatingRow), {"pool": rec.pool, "participant": rec.participant, **values}
        )
    else:
        conn.execute(
            update(RatingRow)
            .where(RatingRow.pool == rec.pool, RatingRow.participant == rec.participant)
            .values(**values)
        )


def add_history(conn: Connection, table_id: str, rec: RatingRecord, rank: int) -> None:
    conn.execute(
        insert(RatingHistoryRow),
        {
            "table_id": table_id,
            "participant": rec.participant,
            "pool": rec.pool,
            "rank": rank,
            "mu": rec.mu,
            "sigma": rec.sigma,
            "ordinal": rec.ordinal,
            "at": rec.updated_at,
        },
    )


def leaderboard(
    conn: Connection, pool: str, limit: int, offset: int
) -> tuple[list[RatingRecord], int]:
    total = conn.execute(
        select(func.count()).select_from(RatingRow).where(RatingRow.pool == pool)
    ).scalar_one()
    rows = conn.execute(
        select(RatingRow)
        .where(RatingRow.pool == pool)
        .order_by(RatingRow.ordinal.desc(), RatingRow.participant)
        .limit(limit)
        .offset(offset)
    )
    return [_rating(r) for r in rows], int(total)


def ratings_of(conn: Connection, participant: str) -> list[RatingRecord]:
    """A participant's rating in every pool it played in."""
    rows = conn.execute(
        select(RatingRow).where(RatingRow.participant == participant).order_by(RatingRow.pool)
    )
    return [_rating(r) for r in rows]


def history_of(conn: Connection, participant: str, limit: int) -> list[dict[str, Any]]:
    """The participant's latest ``limit`` rated games, oldest first."""
    rows = conn.execute(
        select(RatingHistoryRow)
        .where(RatingHistoryRow.participant == participant)
        .order_by(RatingHistoryRow.at.desc())
        .limit(limit)
    ).all()
    return [
        {
            "table": r.table_id,
            "pool": r.pool,
            "rank": r.rank,
            "mu": r.mu,
            "sigma": r.sigma,
            "rating": r.ordinal,
            "at": r.at,
        }
        for r in reversed(rows)
    ]


def _rating(row: Any) -> RatingRecord:
    return RatingRecord(
        row.pool,
        row.participant,
        row.name,
        row.mu,
        row.sigma,
        row.ordinal,
        row.games,
        row.wins,
        row.updated_at,
    )


def emails(conn: Connection, account_ids: list[str]) -> dict[str, str]:
    """The e-mail addresses of accounts: where their turn messages go (account id -> address)."""
    if not account_ids:
        return {}
    rows = conn.execute(
        select(AccountRow.id, AccountRow.email).where(AccountRow.id.in_(account_ids))
    )
    return {r.id: r.email for r in rows}
