"""Imported game records (an 18xx.games export of a 1817 game), for the replay viewer.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "imports",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("title", sa.String(64), nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("actions", sa.Integer, nullable=False),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("creator", sa.String(64), nullable=True),
    )
    op.create_index("ix_imports_created_at", "imports", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_imports_created_at", "imports")
    op.drop_table("imports")
