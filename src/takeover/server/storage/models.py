"""SQLAlchemy models: tables (with their game's setup), seats, actions, chat and bot leases.

A game is its setup (the record header, tile bag included) plus its actions in
sequence order; ``(table_id, seq)`` is the primary key of an action, so that two
writers racing for the same decision cannot both commit.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), default="acquire")
    status: Mapped[str] = mapped_column(String(12))
    """``open`` (not started), ``playing`` or ``finished``."""
    num_seats: Mapped[int] = mapped_column(Integer)
    ruleset: Mapped[Any] = mapped_column(JSON)
    setup: Mapped[Any | None] = mapped_column(JSON, nullable=True)
    """The record without its actions, fixed when the game starts."""
    seq: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[Any | None] = mapped_column(JSON, nullable=True)
    """``{"players", "scores", "ranks"}`` once finished."""
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The address that created the table (its open tables are limited)."""
    bot_only: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A table of bots only (how many may play at once is limited)."""
    timer: Mapped[str] = mapped_column(String(16), default="off", server_default="off")
    """The turn timer: ``off``, ``relaxed``, ``normal``, ``fast`` or ``correspondence``."""
    move_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    """A correspondence table's time a decision (``None``: a live table)."""
    on_timeout: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The bot spec that plays for a seat whose time ran out (``None``: wait for it)."""
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the people who must decide now run out of time (``None``: no one is timed)."""
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """Whether the finished game updates its players' ratings (:mod:`takeover.server.ratings`)."""
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Made with hints on: every seat may ask for a hint, however many people sit (with
    one person and bots, that person always may)."""

    __table_args__ = (
        Index("ix_tables_status_updated", "status", "updated_at"),
        Index("ix_tables_finished", "finished_at"),
        Index("ix_tables_creator", "creator", "status"),
    )


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``human`` or ``bot`` (an empty seat has no row)."""
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    absent: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The person's time ran out and they have not come back (the table's ``on_timeout``
    bot plays for them meanwhile, if it has one)."""
    account_id: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    """The account that holds the seat (``None``: a guest's, or a bot's)."""


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    """1 for the first action: the table's ``seq`` after it was applied."""
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[Any] = mapped_column(JSON)
    """The action's record form (without the seat)."""
    created_at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


class LeaseRow(Base):
    """Which instance drives a table's bots, until when (docs/cluster.md, "Bots run once")."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    instance: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class ImportRow(Base):
    """A game record uploaded to be watched in the replay viewer (an 18xx.games export of
    a 1817 game): kept as it came, since the game's importer steps through it."""

    __tablename__ = "imports"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    title: Mapped[str] = mapped_column(String(64))
    """What the record names itself (1817: its title, ``1817NA``)."""
    players: Mapped[Any] = mapped_column(JSON)
    """The players' names in seat order."""
    actions: Mapped[int] = mapped_column(Integer)
    """How many actions stand in the record (the replay's steps)."""
    record: Mapped[Any] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float, index=True)
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True)


class NoticePrefsRow(Base):
    """How one person wants to hear that it is their turn (:mod:`takeover.server.notify`).

    Keyed by an opaque recipient id (an account's), so that this knows nothing of accounts.
    """

    __tablename__ = "notice_prefs"

    recipient: Mapped[str] = mapped_column(String(64), primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    """Where e-mail goes (``None``: no e-mail)."""
    email_on: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """Off after a one-click unsubscribe, until the person turns it on again."""
    webhook: Mapped[str | None] = mapped_column(String(2048), nullable=True)
    """A chat service's webhook URL (checked when set and again at each delivery)."""
    digest: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """One e-mail a day listing the turns, instead of one a turn."""
    updated_at: Mapped[float] = mapped_column(Float)


class OutboxRow(Base):
    """A message waiting to go out, being retried, sent or given up (the outbox).

    ``(recipient, channel, turn)`` is unique: one message per game per turn, however many
    instances heard of the turn.
    """

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    recipient: Mapped[str] = mapped_column(String(64))
    channel: Mapped[str] = mapped_column(String(8))
    """``email``, ``webhook`` or ``digest`` (an e-mail gathered with the day's others)."""
    turn: Mapped[str] = mapped_column(String(64))
    """What the message is about, for the uniqueness: ``table:seq:seat``."""
    payload: Mapped[Any] = mapped_column(JSON)
    """``{"subject", "text", "url", "table"}``: the words, composed when it was queued."""
    status: Mapped[str] = mapped_column(String(8), default="pending")
    """``pending``, ``sent`` or ``failed`` (given up)."""
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    due_at: Mapped[float] = mapped_column(Float)
    """When to try (again)."""
    claimed_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    """The instance sending it now, until when (another may try after)."""
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    """Why the last attempt failed."""
    created_at: Mapped[float] = mapped_column(Float)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)

    __table_args__ = (
        UniqueConstraint("recipient", "channel", "turn", name="uq_outbox_turn"),
        Index("ix_outbox_due", "status", "due_at"),
    )


class SecretRow(Base):
    """Server-wide secrets made once, shared by every instance (the key that signs
    unsubscribe links)."""

    __tablename__ = "secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class AccountRow(Base):
    """A person who signed up (docs/server-protocol.md, "Accounts")."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    """Public and random: profiles are addressed by it, never by name or e-mail."""
    name: Mapped[str] = mapped_column(String(64))
    """The display name (not unique, so that it tells nobody whether a name has an account)."""
    email: Mapped[str] = mapped_column(String(254), unique=True)
    """Lower-cased; never shown to anyone but its owner."""
    email_verified_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the owner opened the link sent there (``None``: not yet, and no sign-in)."""
    password_hash: Mapped[str] = mapped_column(String(255))
    """Argon2id, in the PHC string form (parameters and salt included)."""
    seat_key: Mapped[str] = mapped_column(String(64))
    """The secret the account's seat tokens are derived from (``accounts.seat_token``)."""
    created_at: Mapped[float] = mapped_column(Float)


class SessionRow(Base):
    """A signed-in browser: the cookie's SHA-256, never the cookie itself."""

    __tablename__ = "sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    csrf: Mapped[str] = mapped_column(String(64))
    """The session's anti-forgery token (sent back in ``X-CSRF-Token``)."""
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class AccountTokenRow(Base):
    """A link sent by e-mail, by its SHA-256, used once, expiring: ``signup`` (the account
    it makes, in ``payload``, once its address is shown to be the person's) or ``reset``
    (an account's password)."""

    __tablename__ = "account_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True, index=True
    )
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    purpose: Mapped[str] = mapped_column(String(8))
    payload: Mapped[Any | None] = mapped_column(JSON, nullable=True)
    """A sign-up's name and password hash (the account is made when the link is opened)."""
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class AttemptRow(Base):
    """A counted attempt (a failed sign-in, a sign-up, a reset asked for) under a key (an
    address's, an account's), for the limits on them; old ones are deleted."""

    __tablename__ = "attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Float, index=True)

    __table_args__ = (Index("ix_attempts_key_at", "key", "at"),)


class RatingRow(Base):
    """A participant's rating in one pool (a game, or a title of it): openskill's
    Plackett-Luce ``mu`` and ``sigma``; ``ordinal`` (``mu - 3 sigma``) orders the leaderboard."""

    __tablename__ = "ratings"

    pool: Mapped[str] = mapped_column(String(32), primary_key=True)
    participant: Mapped[str] = mapped_column(String(96), primary_key=True)
    """``account:ID`` or ``bot:SPEC``."""
    name: Mapped[str] = mapped_column(String(96))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_ratings_pool_ordinal", "pool", "ordinal"),)


class RatingHistoryRow(Base):
    """One participant's rating after one finished game (a profile's history)."""

    __tablename__ = "rating_history"

    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    participant: Mapped[str] = mapped_column(String(96), primary_key=True)
    pool: Mapped[str] = mapped_column(String(32))
    rank: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_rating_history_participant", "participant", "at"),)


class AnalysisRow(Base):
    """A finished game's analysis (the analysis board, :mod:`takeover.analysis`): who runs
    it and how far it is; its decisions are :class:`AnalysisStepRow`."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    status: Mapped[str] = mapped_column(String(12))
    """``running``, ``done`` or ``failed``."""
    instance: Mapped[str] = mapped_column(String(64))
    """The server instance running it (another may take it over once it is stale)."""
    header: Mapped[Any] = mapped_column(JSON)
    """The analysis without its decisions (analyser, measure, threshold, players, total)."""
    done: Mapped[int] = mapped_column(Integer, default=0)
    """Moves gone through so far."""
    updated_at: Mapped[float] = mapped_column(Float)


class AnalysisStepRow(Base):
    """One appraised decision of an analysis."""

    __tablename__ = "analysis_steps"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("analyses.table_id", ondelete="CASCADE"), primary_key=True
    )
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry: Mapped[Any] = mapped_column(JSON)
