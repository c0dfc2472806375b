"""Correspondence tables: a table's own time a decision (hours to days), and a timer name
long enough for ``correspondence``. Existing tables are live (no ``move_seconds``).

Revision ID: 0006_correspondence
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_correspondence"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("move_seconds", sa.Float, nullable=True))
        batch.alter_column(
            "timer",
            existing_type=sa.String(12),
            type_=sa.String(16),
            existing_nullable=False,
            existing_server_default="off",
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.alter_column(
            "timer",
            existing_type=sa.String(16),
            type_=sa.String(12),
            existing_nullable=False,
            existing_server_default="off",
        )
        batch.drop_column("move_seconds")
