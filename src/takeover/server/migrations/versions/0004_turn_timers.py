"""Turn timers: each table's timer and absent-player policy, the current deadline, and
which seats are absent (so that a restarted server resumes them).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("timer", sa.String(12), nullable=False, server_default="off"))
        batch.add_column(sa.Column("on_timeout", sa.String(64), nullable=True))
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("absent", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("absent")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("deadline")
        batch.drop_column("on_timeout")
        batch.drop_column("timer")
