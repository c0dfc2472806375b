"""The analysis board: each finished game's analysis and its appraised decisions.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("table_id", sa.String(16), primary_key=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("instance", sa.String(64), nullable=False),
        sa.Column("header", sa.JSON, nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "analysis_steps",
        sa.Column(
            "table_id",
            sa.String(16),
            sa.ForeignKey("analyses.table_id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("entry", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("analysis_steps")
    op.drop_table("analyses")
