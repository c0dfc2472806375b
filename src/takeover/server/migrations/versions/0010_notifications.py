"""Messages when it is your turn: each person's preferences, the outbox that sends them
(with retries), and the server's shared secrets (the key of unsubscribe links).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notice_prefs",
        sa.Column("recipient", sa.String(64), primary_key=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_on", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("webhook", sa.String(2048), nullable=True),
        sa.Column("digest", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("recipient", sa.String(64), nullable=False),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("turn", sa.String(64), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("due_at", sa.Float, nullable=False),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_until", sa.Float, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.UniqueConstraint("recipient", "channel", "turn", name="uq_outbox_turn"),
    )
    op.create_index("ix_outbox_due", "outbox", ["status", "due_at"])
    op.create_table(
        "secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("secrets")
    op.drop_index("ix_outbox_due", "outbox")
    op.drop_table("outbox")
    op.drop_table("notice_prefs")
