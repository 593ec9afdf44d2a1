"""Tables begun from another table's position ("play from here"): their origin and first position.

Revision ID: 0006
Revises: 0005
Created: issue 16, play from any position of a replay
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Adds the origin table and move, and the snapshot the new table's log starts from."""
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("origin_table_id", sa.String(length=16), nullable=True))
        tables.add_column(sa.Column("origin_move", sa.Integer(), nullable=True))
        tables.add_column(sa.Column("start", sa.JSON(), nullable=True))
        tables.create_index(op.f("ix_tables_origin_table_id"), ["origin_table_id"], unique=False)


def downgrade() -> None:
    """Drops them again."""
    with op.batch_alter_table("tables") as tables:
        tables.drop_index(op.f("ix_tables_origin_table_id"))
        tables.drop_column("start")
        tables.drop_column("origin_move")
        tables.drop_column("origin_table_id")
