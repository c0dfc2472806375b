"""Bot leases: which server instance drives a table's bots, until when.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(16), primary_key=True),
        sa.Column("instance", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_leases_expires_at", "leases", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_leases_expires_at", "leases")
    op.drop_table("leases")
