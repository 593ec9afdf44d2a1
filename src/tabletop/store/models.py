"""The database schema as SQLAlchemy 2 models: players, tables, seats, the move log, chat, ratings,
analyses.

The move log is the truth: a table's position is never stored, only (game, options, seed,
player count) and its moves, which `Game.replay` turns back into the state. A table begun
from another's position stores that one first position (`start`) and replays from it. The migration
in `migrations/versions/` creates exactly these tables; a test compares the two.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

NAME_LENGTH = 40
ACTION_ID_LENGTH = 200
CHAT_LENGTH = 500
BOT_PARTICIPANT_LENGTH = 60


class Base(DeclarativeBase):
    """Every model shares one metadata whose constraint names are the same on every database."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class Player(Base):
    """A person: a guest (no username) or a named account with an argon2 password hash.

    `name_key` (see `tabletop.store.names`) is unique, so no two people show the same display name.
    """

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    name_key: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True)
    username: Mapped[str | None] = mapped_column(String(NAME_LENGTH), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameTable(Base):
    """One game being set up, played or finished: everything needed to replay it but the moves."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    players: Mapped[int] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    forfeits: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)
    rematch_of: Mapped[str | None] = mapped_column(String(16), index=True)
    last_move_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    origin_table_id: Mapped[str | None] = mapped_column(String(16), index=True)
    """The table whose position this one began from ("play from here"), or None."""
    origin_move: Mapped[int | None] = mapped_column(Integer)
    """How many of the origin's moves had been played at that position."""
    start: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """The first position (`State.to_json` of `State.start_here`) when the table has an origin:
    its own moves replay from here. It holds what the players may not see: never sent out."""


class TableSeat(Base):
    """Who sits at one seat: nobody yet, a player, or a bot at a level; never both.

    `stand_in` is a bot playing for the seat's player after they ran out of time or
    resigned from a game of several (Board Game Arena's "zombie"): the seat stays theirs.
    """

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("table_id", "player_id", name="uq_seats_table_id_player_id"),
        CheckConstraint("player_id IS NULL OR bot IS NULL", name="player_or_bot"),
    )

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    bot: Mapped[str | None] = mapped_column(String(40))
    bot_level: Mapped[int | None] = mapped_column(Integer)
    stand_in: Mapped[str | None] = mapped_column(String(40))
    stand_in_level: Mapped[int | None] = mapped_column(Integer)


class Move(Base):
    """One entry of the move log; the primary key (table_id, seq) makes a second move at a seq fail."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action_id: Mapped[str] = mapped_column(String(ACTION_ID_LENGTH))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatMessage(Base):
    """A line of chat at a table."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BotLease(Base):
    """Which server process computes the move of a bot seat, and until when (see `Store.take_bot_lease`)."""

    __tablename__ = "bot_leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    holder: Mapped[str] = mapped_column(String(40))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LoginSession(Base):
    """A signed-in browser or API client: only the token's SHA-256 is stored, never the token."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Rating(Base):
    """The skill of one participant at one game: a person, or a bot at a level (`bot`, "mcts:3").

    People's ratings change with every rated table they finish; a bot's comes from its
    calibration (`tabletop ratings calibrate`) and stays fixed (see docs/ratings.md).
    """

    __tablename__ = "ratings"
    __table_args__ = (
        UniqueConstraint("game_id", "player_id", name="uq_ratings_game_id_player_id"),
        UniqueConstraint("game_id", "bot", name="uq_ratings_game_id_bot"),
        CheckConstraint("(player_id IS NULL) <> (bot IS NULL)", name="player_xor_bot"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(40), index=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(BOT_PARTICIPANT_LENGTH))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingChange(Base):
    """One seat's rating before and after one rated table: the chart, the game-over box and
    `rebuild` read these. The primary key (table_id, seat) makes a second rating of a table fail."""

    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    rating_seq: Mapped[int] = mapped_column(BigInteger, index=True)
    """The order in which tables were rated (`rebuild` replays them in it)."""
    game_id: Mapped[str] = mapped_column(String(40))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(BOT_PARTICIPANT_LENGTH))
    rank: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SoloRecord(Base):
    """A person's results at a game played alone: no rating, a personal best and an average."""

    __tablename__ = "solo_records"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    games: Mapped[int] = mapped_column(Integer)
    best: Mapped[float] = mapped_column(Float)
    total: Mapped[float] = mapped_column(Float)
    best_table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))


ANALYST_LENGTH = 60
VERDICT_LENGTH = 16
HOLDER_LENGTH = 40
"""A server process's id (a UUID's 32 hex digits) as a lease holder."""


class AnalysisLease(Base):
    """Which server process reviews a table for an analyst, until when, and why the last
    review stopped if it failed (see `Store.take_analysis_lease` and docs/analysis.md).

    Keyed like `MoveAnalysis` without the move: one review per table and analyst at a time,
    whichever process was asked. Its holder renews it while it works; a lease not renewed
    (its process died) expires, and the next request resumes after the moves stored.
    """

    __tablename__ = "analysis_leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    analyst: Mapped[str] = mapped_column(String(ANALYST_LENGTH), primary_key=True)
    analyst_version: Mapped[str] = mapped_column(String(ANALYST_LENGTH), primary_key=True)
    budget: Mapped[int] = mapped_column(Integer, primary_key=True)
    holder: Mapped[str] = mapped_column(String(HOLDER_LENGTH))
    total: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    error: Mapped[str | None] = mapped_column(Text)


class MoveAnalysis(Base):
    """One move of a table as an analyst valued it, for the mover (see docs/analysis.md).

    The key holds the analyst's name, version and budget: a review is reused only when
    asked again of the same three, and a new analyst version never reads an old one's.
    """

    __tablename__ = "move_analyses"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    analyst: Mapped[str] = mapped_column(String(ANALYST_LENGTH), primary_key=True)
    analyst_version: Mapped[str] = mapped_column(String(ANALYST_LENGTH), primary_key=True)
    budget: Mapped[int] = mapped_column(Integer, primary_key=True)
    move_index: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(VERDICT_LENGTH))
    seat: Mapped[int] = mapped_column(Integer)
    played: Mapped[str] = mapped_column(String(ACTION_ID_LENGTH))
    label: Mapped[str] = mapped_column(String(ACTION_ID_LENGTH))
    best: Mapped[str | None] = mapped_column(String(ACTION_ID_LENGTH))
    best_label: Mapped[str] = mapped_column(String(ACTION_ID_LENGTH))
    value_before: Mapped[float] = mapped_column(Float)
    value_after: Mapped[float] = mapped_column(Float)
    verdict: Mapped[str] = mapped_column(String(VERDICT_LENGTH))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
