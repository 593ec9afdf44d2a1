"""Stored analyses: each analysed move of a table, per analyst name, version and budget.

Revision ID: 0005
Revises: 0004
Created: issue 16, post-game analysis on the site
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from tabletop.store.models import ACTION_ID_LENGTH, ANALYST_LENGTH, VERDICT_LENGTH

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Creates the table of analysed moves."""
    op.create_table(
        "move_analyses",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("analyst", sa.String(length=ANALYST_LENGTH), nullable=False),
        sa.Column("analyst_version", sa.String(length=ANALYST_LENGTH), nullable=False),
        sa.Column("budget", sa.Integer(), nullable=False),
        sa.Column("move_index", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=VERDICT_LENGTH), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("played", sa.String(length=ACTION_ID_LENGTH), nullable=False),
        sa.Column("label", sa.String(length=ACTION_ID_LENGTH), nullable=False),
        sa.Column("best", sa.String(length=ACTION_ID_LENGTH), nullable=True),
        sa.Column("best_label", sa.String(length=ACTION_ID_LENGTH), nullable=False),
        sa.Column("value_before", sa.Float(), nullable=False),
        sa.Column("value_after", sa.Float(), nullable=False),
        sa.Column("verdict", sa.String(length=VERDICT_LENGTH), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_move_analyses_table_id_tables")),
        sa.PrimaryKeyConstraint(
            "table_id", "analyst", "analyst_version", "budget", "move_index", name=op.f("pk_move_analyses")
        ),
    )


def downgrade() -> None:
    """Drops it again."""
    op.drop_table("move_analyses")
