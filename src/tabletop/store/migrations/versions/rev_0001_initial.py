"""Players, tables, seats, the move log and chat.

Revision ID: 0001
Revises:
Created: the first schema
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Creates the five tables of `tabletop.store.models`."""
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("username", sa.String(length=40), nullable=True),
        sa.Column("password_hash", sa.String(length=200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("username", name=op.f("uq_players_username")),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["created_by"], ["players.id"], name=op.f("fk_tables_created_by_players")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tables")),
    )
    op.create_index(op.f("ix_tables_game_id"), "tables", ["game_id"])
    op.create_index(op.f("ix_tables_status"), "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(length=40), nullable=True),
        sa.Column("bot_level", sa.Integer(), nullable=True),
        sa.CheckConstraint("player_id IS NULL OR bot IS NULL", name=op.f("ck_seats_player_or_bot")),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_seats_player_id_players")),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_seats_table_id_tables")),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_seats")),
        sa.UniqueConstraint("table_id", "player_id", name="uq_seats_table_id_player_id"),
    )
    op.create_table(
        "moves",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action_id", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_moves_table_id_tables")),
        sa.PrimaryKeyConstraint("table_id", "seq", name=op.f("pk_moves")),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_chat_player_id_players")),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_chat_table_id_tables")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat")),
    )
    op.create_index(op.f("ix_chat_table_id"), "chat", ["table_id"])


def downgrade() -> None:
    """Drops everything `upgrade` created."""
    op.drop_index(op.f("ix_chat_table_id"), table_name="chat")
    op.drop_table("chat")
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_index(op.f("ix_tables_status"), table_name="tables")
    op.drop_index(op.f("ix_tables_game_id"), table_name="tables")
    op.drop_table("tables")
    op.drop_table("players")
