"""Ratings, their history, solo records, rated tables and unique display names.

Revision ID: 0004
Revises: 0003
Created: issue 13, ratings, profiles, game history and leaderboards

Display names become unique (case- and look-alike-insensitive, see `tabletop.store.names`). Guests
could share a name before ("Guest 2756" twice): the oldest player keeps it and each later
one is renamed "Guest 2756 (2)", "(3)"... in the order of their ids, so the renaming is the
same on every copy of a database.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from tabletop.store.models import NAME_LENGTH
from tabletop.store.names import name_key, next_free_name

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Adds the name keys (renaming duplicates first), the rated flag and the rating tables."""
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("name_key", sa.String(length=NAME_LENGTH), nullable=True))
    _fill_name_keys()
    with op.batch_alter_table("players") as players:
        players.alter_column("name_key", existing_type=sa.String(length=NAME_LENGTH), nullable=False)
        players.create_unique_constraint(op.f("uq_players_name_key"), ["name_key"])
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("rated", sa.Boolean(), server_default=sa.false(), nullable=False))
    _create_rating_tables()


def _fill_name_keys() -> None:
    """Gives every player a unique name and its key; duplicates get a number, oldest first."""
    connection = op.get_bind()
    players = sa.table(
        "players", sa.column("id", sa.Integer), sa.column("name", sa.String), sa.column("name_key", sa.String)
    )
    rows = connection.execute(sa.select(players.c.id, players.c.name).order_by(players.c.id)).all()
    taken = {name_key(name) for _, name in rows}
    seen: set[str] = set()
    for player_id, name in rows:
        unique = name
        if name_key(name) in seen:
            unique = next_free_name(name, taken)
            taken.add(name_key(unique))
        seen.add(name_key(unique))
        connection.execute(
            sa.update(players).where(players.c.id == player_id).values(name=unique, name_key=name_key(unique))
        )


def _create_rating_tables() -> None:
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(length=60), nullable=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("(player_id IS NULL) <> (bot IS NULL)", name=op.f("ck_ratings_player_xor_bot")),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_ratings_player_id_players")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ratings")),
        sa.UniqueConstraint("game_id", "bot", name="uq_ratings_game_id_bot"),
        sa.UniqueConstraint("game_id", "player_id", name="uq_ratings_game_id_player_id"),
    )
    op.create_index(op.f("ix_ratings_game_id"), "ratings", ["game_id"], unique=False)
    op.create_index(op.f("ix_ratings_player_id"), "ratings", ["player_id"], unique=False)
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("rating_seq", sa.BigInteger(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(length=60), nullable=True),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_rating_changes_player_id_players")
        ),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_rating_changes_table_id_tables")),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_rating_changes")),
    )
    op.create_index(op.f("ix_rating_changes_player_id"), "rating_changes", ["player_id"], unique=False)
    op.create_index(op.f("ix_rating_changes_rating_seq"), "rating_changes", ["rating_seq"], unique=False)
    op.create_table(
        "solo_records",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("best", sa.Float(), nullable=False),
        sa.Column("total", sa.Float(), nullable=False),
        sa.Column("best_table_id", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(
            ["best_table_id"], ["tables.id"], name=op.f("fk_solo_records_best_table_id_tables")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_solo_records_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", "game_id", name=op.f("pk_solo_records")),
    )


def downgrade() -> None:
    """Drops them again (renamed duplicates keep their new names)."""
    op.drop_table("solo_records")
    op.drop_index(op.f("ix_rating_changes_rating_seq"), table_name="rating_changes")
    op.drop_index(op.f("ix_rating_changes_player_id"), table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_index(op.f("ix_ratings_player_id"), table_name="ratings")
    op.drop_index(op.f("ix_ratings_game_id"), table_name="ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("rated")
    with op.batch_alter_table("players") as players:
        players.drop_constraint(op.f("uq_players_name_key"), type_="unique")
        players.drop_column("name_key")
