"""Ratings: OpenSkill's Plackett–Luce model, applied when a rated table finishes.

Why this model, the shown number and what is rated: docs/ratings.md. In short, every
participant of a game (a person, or a bot at a level such as "mcts:3") has a skill belief
N(mu, sigma²) per game; a finished rated table updates the people's beliefs from the
table's ranks (ties share a rank) in one Plackett–Luce step, whatever the number of
players. Bots are fixed anchors: their calibrated rating takes part in the update of the
people they play but is never changed by it.

`record_result` runs inside the transaction that marks the table finished, so a table's
end and its rating change commit together or not at all. The primary key of
`rating_changes` (table, seat) makes a second rating of the same table fail, whatever two
server processes or a restart attempt; `rebuild` replays every rated table in the order it
was rated and must land on the stored numbers exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from tabletop.engine import Outcome
from tabletop.store.database import insert_unless_present
from tabletop.store.models import GameTable, Rating, RatingChange, SoloRecord, TableSeat

MODEL = PlackettLuce()
"""OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (docs/ratings.md)."""

SHOWN_BASE = 1000
SHOWN_SCALE = 30
"""Shown rating = SHOWN_BASE + SHOWN_SCALE × ordinal (mu − 3 sigma): a newcomer shows 1000."""

MIN_LEADERBOARD_GAMES = 5
"""Rated games a person must finish at a game before its leaderboard lists them."""


@dataclass(frozen=True)
class Skill:
    """A skill belief: mean `mu` and uncertainty `sigma`, on OpenSkill's scale."""

    mu: float
    sigma: float

    @classmethod
    def new(cls) -> Skill:
        """The belief about someone who has not played yet."""
        return cls(MODEL.mu, MODEL.sigma)

    @property
    def ordinal(self) -> float:
        """mu − 3 sigma: a skill the player very probably (99.7%) has at least."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The number people see: 1000 for a newcomer, rising as the model grows sure of them.

        >>> Skill.new().shown
        1000
        >>> Skill(30.0, 2.0).shown
        1720
        """
        return max(0, round(SHOWN_BASE + SHOWN_SCALE * self.ordinal))


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Everyone's belief after one game of free-for-all ranked `ranks` (1 = best, ties share)."""
    teams = [[MODEL.create_rating([skill.mu, skill.sigma])] for skill in skills]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


@dataclass(frozen=True)
class Participant:
    """Who a seat counts as in a rating: a person's id, or a bot at a level ("mcts:3")."""

    seat: int
    player_id: int | None
    bot: str | None


def bot_participant(bot: str, level: int | None) -> str:
    """The participant name of a bot at a level.

    >>> bot_participant("mcts", 3), bot_participant("random", None)
    ('mcts:3', 'random:1')
    """
    return f"{bot}:{level or 1}"


def participants(seats: Sequence[TableSeat]) -> list[Participant]:
    """Each seat as a participant: its person (even when a bot stood in for them), else its bot."""
    return [
        Participant(seat.seat, seat.player_id, None)
        if seat.player_id is not None
        else Participant(seat.seat, None, bot_participant(seat.bot or "", seat.bot_level))
        for seat in seats
    ]


def record_result(session: Session, row: GameTable, result: Outcome, finished: datetime) -> None:
    """Updates the solo record or the ratings for a table that has just finished with `result`.

    A friendly table of several has neither, and its seats are not read (the end of every
    such game came through here).
    """
    if row.players > 1 and not row.rated:
        return
    seats = list(
        session.scalars(select(TableSeat).where(TableSeat.table_id == row.id).order_by(TableSeat.seat))
    )
    if row.players == 1:
        _record_solo(session, row, seats, result)
    elif row.rated:
        _rate_table(session, row, participants(seats), result, finished)


def _record_solo(session: Session, row: GameTable, seats: Sequence[TableSeat], result: Outcome) -> None:
    """A solo game keeps a personal best and an average (higher scores are better)."""
    player_id = seats[0].player_id
    if player_id is None:
        return
    score = float(result.scores[0])
    record = session.get(SoloRecord, (player_id, row.game_id), with_for_update=True)
    if record is None:
        session.add(
            SoloRecord(
                player_id=player_id,
                game_id=row.game_id,
                games=1,
                best=score,
                total=score,
                best_table_id=row.id,
            )
        )
        return
    record.games += 1
    record.total += score
    if score > record.best:
        record.best, record.best_table_id = score, row.id


def _rate_table(
    session: Session, row: GameTable, seated: Sequence[Participant], result: Outcome, finished: datetime
) -> None:
    """One Plackett–Luce step for the table's people, against the bots' fixed ratings."""
    ratings = _lock_ratings(session, row.game_id, seated, finished)
    rated = [participant for participant in seated if _key(participant) in ratings]
    if len(rated) < 2 or all(participant.player_id is None for participant in rated):
        return
    before = [_skill(ratings[_key(participant)]) for participant in rated]
    after = rate(before, [result.ranks[participant.seat] for participant in rated])
    order = int(session.scalar(select(func.coalesce(func.max(RatingChange.rating_seq), 0))) or 0) + 1
    for participant, old, new in zip(rated, before, after, strict=True):
        is_person = participant.player_id is not None
        change = _change_row(row, participant, result.ranks[participant.seat], old, new if is_person else old)
        change.rating_seq, change.created_at = order, finished
        session.add(change)
        if is_person:
            rating = ratings[_key(participant)]
            rating.mu, rating.sigma, rating.games = new.mu, new.sigma, rating.games + 1
            rating.updated_at = finished
    session.flush()


def _change_row(
    row: GameTable, participant: Participant, rank: int, before: Skill, after: Skill
) -> RatingChange:
    """The history row of one seat (its order and time are set by the caller)."""
    return RatingChange(
        table_id=row.id,
        seat=participant.seat,
        game_id=row.game_id,
        player_id=participant.player_id,
        bot=participant.bot,
        rank=rank,
        mu_before=before.mu,
        sigma_before=before.sigma,
        mu_after=after.mu,
        sigma_after=after.sigma,
    )


def _key(participant: Participant) -> tuple[int | None, str | None]:
    return participant.player_id, participant.bot


def _skill(rating: Rating) -> Skill:
    return Skill(rating.mu, rating.sigma)


def _lock_ratings(
    session: Session, game_id: str, seated: Sequence[Participant], moment: datetime
) -> dict[tuple[int | None, str | None], Rating]:
    """The ratings of the seated people (created fresh where missing) locked, and the bots' ones.

    Rows are locked in the order of the players' ids, so two tables finishing at once with
    the same people wait for each other instead of deadlocking; a row created by both at
    once is inserted by one and found by the other (`ON CONFLICT DO NOTHING`).
    """
    people = sorted({p.player_id for p in seated if p.player_id is not None})
    for player_id in people:
        _insert_missing(session, game_id, player_id, moment)
    found: dict[tuple[int | None, str | None], Rating] = {}
    for rating in session.scalars(
        select(Rating)
        .where(Rating.game_id == game_id, Rating.player_id.in_(people))
        .order_by(Rating.player_id)
        .with_for_update()
    ):
        found[rating.player_id, None] = rating
    bots = sorted({p.bot for p in seated if p.bot is not None})
    for rating in session.scalars(select(Rating).where(Rating.game_id == game_id, Rating.bot.in_(bots))):
        found[None, rating.bot] = rating
    return found


def _insert_missing(session: Session, game_id: str, player_id: int, moment: datetime) -> None:
    fresh = Skill.new()
    values = {
        "game_id": game_id,
        "player_id": player_id,
        "mu": fresh.mu,
        "sigma": fresh.sigma,
        "games": 0,
        "updated_at": moment,
    }
    insert_unless_present(session, Rating, values)


def set_bot_rating(session: Session, game_id: str, bot: str, skill: Skill, moment: datetime) -> None:
    """Stores a bot's calibrated rating at a game (an anchor: games never change it)."""
    rating = session.scalar(select(Rating).where(Rating.game_id == game_id, Rating.bot == bot))
    if rating is None:
        session.add(
            Rating(game_id=game_id, bot=bot, mu=skill.mu, sigma=skill.sigma, games=0, updated_at=moment)
        )
    elif (rating.mu, rating.sigma) != (skill.mu, skill.sigma):
        rating.mu, rating.sigma, rating.updated_at = skill.mu, skill.sigma, moment


# Rebuilding from the stored tables


@dataclass(frozen=True)
class RebuildReport:
    """What `rebuild` did: tables replayed, ratings written, and how many differed from before."""

    tables: int
    ratings: int
    changed: int


def rebuild(session: Session, on_table: Callable[[], None] | None = None) -> RebuildReport:
    """Recomputes every person's rating from the rated tables, in the order they were rated.

    Each table's people and ranks come from its seats and stored result; the bots' ratings
    from the change rows of that table (the anchor in force when it was played), and the
    order from their `rating_seq`. The ratings and change rows are then rewritten.
    """
    stored = {(r.game_id, r.player_id): (r.mu, r.sigma, r.games) for r in _people_ratings(session)}
    beliefs: dict[tuple[str, int], tuple[Skill, int]] = {}
    tables = _rated_tables(session)
    for table_id in tables:
        _replay_table(session, table_id, beliefs)
        if on_table is not None:
            on_table()
    session.execute(delete(Rating).where(Rating.player_id.is_not(None)))
    session.flush()
    for (game_id, player_id), (skill, games) in sorted(beliefs.items()):
        session.add(
            Rating(
                game_id=game_id,
                player_id=player_id,
                mu=skill.mu,
                sigma=skill.sigma,
                games=games,
                updated_at=_last_change(session, game_id, player_id),
            )
        )
    changed = sum(
        stored.get(key) != (skill.mu, skill.sigma, games) for key, (skill, games) in beliefs.items()
    )
    changed += len(stored.keys() - beliefs.keys())
    return RebuildReport(len(tables), len(beliefs), changed)


def count_rated_tables(session: Session) -> int:
    """How many tables `rebuild` replays (for a progress bar)."""
    return len(_rated_tables(session))


def _people_ratings(session: Session) -> list[Rating]:
    """People's ratings from at least one rated table (a row of 0 games rated nothing)."""
    return list(session.scalars(select(Rating).where(Rating.player_id.is_not(None), Rating.games > 0)))


def _rated_tables(session: Session) -> list[str]:
    first_change = func.min(RatingChange.rating_seq)
    return list(
        session.scalars(
            select(RatingChange.table_id)
            .group_by(RatingChange.table_id)
            .order_by(first_change, RatingChange.table_id)
        )
    )


def _replay_table(session: Session, table_id: str, beliefs: dict[tuple[str, int], tuple[Skill, int]]) -> None:
    row = session.get_one(GameTable, table_id)
    ranks = (row.result or {})["ranks"]
    changes = list(
        session.scalars(
            select(RatingChange).where(RatingChange.table_id == table_id).order_by(RatingChange.seat)
        )
    )
    seats = {
        seat.seat: seat for seat in session.scalars(select(TableSeat).where(TableSeat.table_id == table_id))
    }
    before: list[Skill] = []
    for change in changes:
        player_id = seats[change.seat].player_id
        if player_id is None:
            before.append(Skill(change.mu_before, change.sigma_before))
        else:
            before.append(beliefs.get((row.game_id, player_id), (Skill.new(), 0))[0])
    after = rate(before, [int(ranks[change.seat]) for change in changes])
    for change, old, new in zip(changes, before, after, strict=True):
        player_id = seats[change.seat].player_id
        if player_id is None:
            continue
        games = beliefs.get((row.game_id, player_id), (Skill.new(), 0))[1] + 1
        beliefs[row.game_id, player_id] = (new, games)
        change.mu_before, change.sigma_before, change.mu_after, change.sigma_after = (
            old.mu,
            old.sigma,
            new.mu,
            new.sigma,
        )
        change.rank = int(ranks[change.seat])


def _last_change(session: Session, game_id: str, player_id: int) -> datetime:
    return session.scalars(
        select(RatingChange.created_at)
        .where(RatingChange.game_id == game_id, RatingChange.player_id == player_id)
        .order_by(RatingChange.rating_seq.desc())
        .limit(1)
    ).one()
