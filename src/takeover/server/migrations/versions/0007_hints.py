"""Hints: a table made with hints on lets every seat ask for one.

Revision ID: 0007_hints
Revises: 0006_analyses
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_hints"
down_revision = "0006_analyses"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
