"""People: accounts, sessions, e-mailed links, attempt counts, ratings; seats held by
accounts and unrated tables. Existing tables and seats are kept: their seats are guests'
(no account) and their games rated.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("email", sa.String(254), nullable=False, unique=True),
        sa.Column("email_verified_at", sa.Float, nullable=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("seat_key", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(16),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_index("ix_sessions_expires_at", "sessions", ["expires_at"])
    op.create_table(
        "account_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(16),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("purpose", sa.String(8), nullable=False),
        sa.Column("payload", sa.JSON, nullable=True),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_account_tokens_account_id", "account_tokens", ["account_id"])
    op.create_index("ix_account_tokens_expires_at", "account_tokens", ["expires_at"])
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_attempts_at", "attempts", ["at"])
    op.create_index("ix_attempts_key_at", "attempts", ["key", "at"])
    op.create_table(
        "ratings",
        sa.Column("pool", sa.String(32), primary_key=True),
        sa.Column("participant", sa.String(96), primary_key=True),
        sa.Column("name", sa.String(96), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_pool_ordinal", "ratings", ["pool", "ordinal"])
    op.create_table(
        "rating_history",
        sa.Column("table_id", sa.String(16), primary_key=True),
        sa.Column("participant", sa.String(96), primary_key=True),
        sa.Column("pool", sa.String(32), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_history_participant", "rating_history", ["participant", "at"])
    # Plain ALTER TABLE ... ADD COLUMN with a constant default: given an expression
    # (``sa.true()``), SQLite's batch mode copies ``tables`` and drops the old one, and that
    # drop cascades to every seat.
    op.add_column("seats", sa.Column("account_id", sa.String(16), nullable=True))
    op.create_index("ix_seats_account_id", "seats", ["account_id"])
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
    op.drop_index("ix_seats_account_id", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_id")
    for name in ("rating_history", "ratings", "attempts", "account_tokens", "sessions"):
        op.drop_table(name)
    op.drop_table("accounts")
