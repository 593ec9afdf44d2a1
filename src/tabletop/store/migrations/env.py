"""Alembic's environment: runs the migrations on the connection `tabletop.store.migrate` passes.

Run through `tabletop.store.database.migrate` (the server does it on start), never with a
separate alembic.ini, so an installed package migrates its own database.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from tabletop.store.models import Base


def run_migrations(connection: Connection) -> None:
    """Runs every pending migration in the caller's transaction."""
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run_migrations(context.config.attributes["connection"])
