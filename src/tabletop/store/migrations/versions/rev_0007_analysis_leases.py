"""Analysis leases: one review per table and analyst at a time across server processes.

Revision ID: 0007
Revises: 0006
Created: issue 16, analyses with several server processes on one database
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from tabletop.store.models import ANALYST_LENGTH, HOLDER_LENGTH

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Creates the table of analysis leases."""
    op.create_table(
        "analysis_leases",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("analyst", sa.String(length=ANALYST_LENGTH), nullable=False),
        sa.Column("analyst_version", sa.String(length=ANALYST_LENGTH), nullable=False),
        sa.Column("budget", sa.Integer(), nullable=False),
        sa.Column("holder", sa.String(length=HOLDER_LENGTH), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_analysis_leases_table_id_tables")),
        sa.PrimaryKeyConstraint(
            "table_id", "analyst", "analyst_version", "budget", name=op.f("pk_analysis_leases")
        ),
    )


def downgrade() -> None:
    """Drops it again."""
    op.drop_table("analysis_leases")
