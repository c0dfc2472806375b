"""Alembic's entry point: migrations run on the connection the caller passes in.

``takeover db upgrade`` and the server call :func:`takeover.server.migrations.upgrade`,
which opens the connection (and takes the migration lock) itself.
"""

from __future__ import annotations

from alembic import context

from takeover.server.storage.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through takeover.server.migrations.upgrade (takeover db)")
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
