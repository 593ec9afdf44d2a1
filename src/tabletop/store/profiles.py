"""What profiles, histories and leaderboards read: ratings, their history, finished tables.

Functions of an open session; `Store` wraps each in its own transaction and turns rows
into records. Only finished tables count as games played.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from tabletop.store.models import GameTable, Player, Rating, RatingChange, SoloRecord, TableSeat
from tabletop.store.names import name_key
from tabletop.store.ratings import Skill
from tabletop.store.records import (
    GameCount,
    LeaderboardEntry,
    RatingDelta,
    RatingPoint,
    RatingRecord,
    SoloBest,
)


def player_named(session: Session, name: str) -> Player | None:
    """The player showing this display name (any case or look-alike of it)."""
    return session.scalar(select(Player).where(Player.name_key == name_key(name)))


def rating_record(rating: Rating) -> RatingRecord:
    """A rating row as a record with its shown number."""
    shown = Skill(rating.mu, rating.sigma).shown
    return RatingRecord(rating.game_id, rating.mu, rating.sigma, shown, rating.games)


def ratings_of(session: Session, player_id: int) -> list[RatingRecord]:
    """A person's rating at every game they finished a rated table of, by game id."""
    query = select(Rating).where(Rating.player_id == player_id, Rating.games > 0).order_by(Rating.game_id)
    rows = session.scalars(query)
    return [rating_record(row) for row in rows]


def bot_ratings(session: Session, game_id: str | None = None) -> dict[tuple[str, str], RatingRecord]:
    """Calibrated bot ratings by (game id, bot participant such as "mcts:3")."""
    query = select(Rating).where(Rating.bot.is_not(None))
    if game_id is not None:
        query = query.where(Rating.game_id == game_id)
    return {(row.game_id, row.bot or ""): rating_record(row) for row in session.scalars(query)}


def rating_points(session: Session, player_id: int, game_id: str) -> list[RatingPoint]:
    """The person's shown rating before their first rated table of a game, then after each one."""
    rows = session.scalars(
        select(RatingChange)
        .where(RatingChange.player_id == player_id, RatingChange.game_id == game_id)
        .order_by(RatingChange.rating_seq)
    ).all()
    if not rows:
        return []
    first = rows[0]
    start = RatingPoint(first.table_id, first.created_at, Skill(first.mu_before, first.sigma_before).shown)
    return [start] + [
        RatingPoint(row.table_id, row.created_at, Skill(row.mu_after, row.sigma_after).shown) for row in rows
    ]


def game_counts(session: Session, player_id: int) -> list[GameCount]:
    """Finished tables per game for the person, and how many were rated."""
    rows = session.execute(
        select(GameTable.game_id, func.count(), func.sum(case((GameTable.rated, 1), else_=0)))
        .join(TableSeat, TableSeat.table_id == GameTable.id)
        .where(TableSeat.player_id == player_id, GameTable.status == "finished")
        .group_by(GameTable.game_id)
        .order_by(GameTable.game_id)
    ).all()
    return [GameCount(game_id, int(played), int(rated or 0)) for game_id, played, rated in rows]


def finished_tables(
    session: Session, player_id: int, game_id: str | None, offset: int, limit: int
) -> list[tuple[GameTable, int]]:
    """The person's finished tables (and their seat at each), newest first, one page of them."""
    query = (
        select(GameTable, TableSeat.seat)
        .join(TableSeat, TableSeat.table_id == GameTable.id)
        .where(TableSeat.player_id == player_id, GameTable.status == "finished")
    )
    if game_id is not None:
        query = query.where(GameTable.game_id == game_id)
    query = query.order_by(GameTable.finished_at.desc(), GameTable.id).offset(offset).limit(limit)
    return [(row, seat) for row, seat in session.execute(query).all()]


def table_deltas(session: Session, table_ids: Sequence[str]) -> dict[tuple[str, int], RatingDelta]:
    """Each rated seat's shown rating before and after, by (table id, seat)."""
    rows = session.scalars(select(RatingChange).where(RatingChange.table_id.in_(list(table_ids))))
    return {
        (row.table_id, row.seat): RatingDelta(
            row.seat, Skill(row.mu_before, row.sigma_before).shown, Skill(row.mu_after, row.sigma_after).shown
        )
        for row in rows
    }


def leaderboard(session: Session, game_id: str, min_games: int, limit: int) -> list[LeaderboardEntry]:
    """The people with at least `min_games` rated games of `game_id`, best ordinal first."""
    rows = session.execute(
        select(Rating, Player.name)
        .join(Player, Player.id == Rating.player_id)
        .where(Rating.game_id == game_id, Rating.games >= min_games)
        .order_by((Rating.mu - 3 * Rating.sigma).desc(), Player.id)
        .limit(limit)
    ).all()
    return [
        LeaderboardEntry(place, rating.player_id or 0, name, rating_record(rating).shown, rating.games)
        for place, (rating, name) in enumerate(rows, start=1)
    ]


def solo_bests(session: Session, player_id: int) -> list[SoloBest]:
    """The person's personal bests and averages at games played alone."""
    rows = session.scalars(
        select(SoloRecord).where(SoloRecord.player_id == player_id).order_by(SoloRecord.game_id)
    )
    return [
        SoloBest(row.game_id, row.games, row.best, row.best_table_id, row.total / row.games) for row in rows
    ]
