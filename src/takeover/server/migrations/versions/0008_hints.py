"""Hints: a table made with hints on lets every seat ask for one.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN with a constant default: SQLite's batch mode would copy ``tables``
    # and drop the old one, and that drop cascades to every seat (see 0006).
    op.add_column("tables", sa.Column("hints", sa.Boolean, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
