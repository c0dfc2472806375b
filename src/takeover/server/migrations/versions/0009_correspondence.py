"""Correspondence tables: a table's own time a decision (hours to days), and a timer name
long enough for ``correspondence``. Existing tables are live (no ``move_seconds``).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("move_seconds", sa.Float, nullable=True))
    # SQLite keeps any length in a VARCHAR, and changing a column there means copying the
    # table, which would take its seats and actions with it (ON DELETE CASCADE): only
    # PostgreSQL has a length to widen.
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column(
            "tables",
            "timer",
            existing_type=sa.String(12),
            type_=sa.String(16),
            existing_nullable=False,
            existing_server_default="off",
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column(
            "tables",
            "timer",
            existing_type=sa.String(16),
            type_=sa.String(12),
            existing_nullable=False,
            existing_server_default="off",
        )
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("move_seconds")
