"""Clocks, forfeits, rematches and stand-in bots: the life of a table from start to end.

Revision ID: 0003
Revises: 0002
Created: issue 12, time and the end of every table
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Adds the clock, forfeits, rematch and last-move columns and the seats' stand-in bots."""
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        tables.add_column(sa.Column("forfeits", sa.JSON(), nullable=True))
        tables.add_column(sa.Column("rematch_of", sa.String(length=16), nullable=True))
        tables.add_column(sa.Column("last_move_at", sa.DateTime(timezone=True), nullable=True))
        tables.create_index(op.f("ix_tables_rematch_of"), ["rematch_of"], unique=False)
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("stand_in", sa.String(length=40), nullable=True))
        seats.add_column(sa.Column("stand_in_level", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Drops them again."""
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("stand_in_level")
        seats.drop_column("stand_in")
    with op.batch_alter_table("tables") as tables:
        tables.drop_index(op.f("ix_tables_rematch_of"))
        tables.drop_column("last_move_at")
        tables.drop_column("rematch_of")
        tables.drop_column("forfeits")
        tables.drop_column("clock")
