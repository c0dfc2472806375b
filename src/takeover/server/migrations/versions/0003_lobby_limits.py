"""Lobby limits: who created a table (open tables per address) and tables of bots only.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(
            sa.Column("bot_only", sa.Boolean, nullable=False, server_default=sa.false())
        )
    op.create_index("ix_tables_creator", "tables", ["creator", "status"])


def downgrade() -> None:
    op.drop_index("ix_tables_creator", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("bot_only")
        batch.drop_column("creator")
