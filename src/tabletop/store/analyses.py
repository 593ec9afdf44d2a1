"""Stored analyses: each analysed move of a table, keyed by the analyst's name, version and budget.

A background job saves every move as soon as it is valued, so a review that stopped
(a restart) keeps what it did and the next job starts where it stopped; a second save of
the same move (two processes) changes nothing.

Leases make it one job per table and analyst whichever server process is asked: the job
holds the lease, renews it while it works, and gives it up when it ends (keeping the error
when it failed, for every process's page to show). A lease its holder stopped renewing
expires, so a crashed process's review can be taken up again.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, delete, or_, select, update
from sqlalchemy.orm import Session

from tabletop.store.database import insert_unless_present
from tabletop.store.models import AnalysisLease, MoveAnalysis
from tabletop.store.records import AnalysisLeaseRecord, AnalystKey, MoveAnalysisRecord


def save(
    session: Session,
    table_id: str,
    analyst: AnalystKey,
    moves: Sequence[MoveAnalysisRecord],
    moment: datetime,
) -> None:
    """Stores analysed moves; a move already stored for this analyst is left as it is."""
    for move in moves:
        values = {
            "table_id": table_id,
            "analyst": analyst.name,
            "analyst_version": analyst.version,
            "budget": analyst.budget,
            "created_at": moment,
            **vars(move),
        }
        insert_unless_present(session, MoveAnalysis, values)


def load(session: Session, table_id: str, analyst: AnalystKey) -> list[MoveAnalysisRecord]:
    """The moves of a table this analyst valued, in the order they were played."""
    rows = session.scalars(
        select(MoveAnalysis)
        .where(
            MoveAnalysis.table_id == table_id,
            MoveAnalysis.analyst == analyst.name,
            MoveAnalysis.analyst_version == analyst.version,
            MoveAnalysis.budget == analyst.budget,
        )
        .order_by(MoveAnalysis.move_index)
    )
    return [
        MoveAnalysisRecord(
            move_index=row.move_index,
            kind=row.kind,
            seat=row.seat,
            played=row.played,
            label=row.label,
            best=row.best,
            best_label=row.best_label,
            value_before=row.value_before,
            value_after=row.value_after,
            verdict=row.verdict,
        )
        for row in rows
    ]


def take_lease(
    session: Session,
    table_id: str,
    analyst: AnalystKey,
    *,
    holder: str,
    total: int,
    moment: datetime,
    lifetime: timedelta,
) -> bool:
    """Gives `holder` the table's review by this analyst (of `total` moves) unless another
    holds it still: one that failed, expired or is `holder`'s own is taken over.

    One conditional UPDATE takes a lease that may be taken, so no other process takes it
    between a read and a write (SQLite's driver runs a SELECT outside the write
    transaction); with no lease yet, the first INSERT wins and the other's fails on the key.
    """
    expires = moment + lifetime
    taken = session.execute(
        update(AnalysisLease)
        .where(
            _lease_of(table_id, analyst),
            or_(
                AnalysisLease.holder == holder,
                AnalysisLease.error.is_not(None),
                AnalysisLease.expires_at <= moment,
            ),
        )
        .values(holder=holder, total=total, expires_at=expires, error=None)
    )
    if taken.rowcount:  # type: ignore[attr-defined]
        return True
    if session.get(AnalysisLease, (table_id, *_key_values(analyst))) is not None:
        return False
    session.add(
        AnalysisLease(
            table_id=table_id,
            analyst=analyst.name,
            analyst_version=analyst.version,
            budget=analyst.budget,
            holder=holder,
            total=total,
            expires_at=expires,
        )
    )
    return True


def renew_lease(
    session: Session,
    table_id: str,
    analyst: AnalystKey,
    *,
    holder: str,
    moment: datetime,
    lifetime: timedelta,
) -> bool:
    """Extends `holder`'s lease; False when it is no longer theirs (it expired and was taken)."""
    renewed = session.execute(
        update(AnalysisLease)
        .where(_lease_of(table_id, analyst), AnalysisLease.holder == holder, AnalysisLease.error.is_(None))
        .values(expires_at=moment + lifetime)
    )
    return bool(renewed.rowcount)  # type: ignore[attr-defined]


def end_lease(
    session: Session, table_id: str, analyst: AnalystKey, *, holder: str, moment: datetime, error: str | None
) -> None:
    """Gives up `holder`'s lease: gone when the review ended well, kept with `error` (and
    free to take) when it failed. A lease someone else holds now is left alone."""
    mine = (_lease_of(table_id, analyst), AnalysisLease.holder == holder)
    if error is None:
        session.execute(delete(AnalysisLease).where(*mine))
    else:
        session.execute(update(AnalysisLease).where(*mine).values(error=error, expires_at=moment))


def lease(
    session: Session, table_id: str, analyst: AnalystKey, moment: datetime
) -> AnalysisLeaseRecord | None:
    """The table's lease for this analyst, if any, with whether it is held still at `moment`."""
    row = session.execute(
        select(AnalysisLease, AnalysisLease.expires_at > moment).where(_lease_of(table_id, analyst))
    ).one_or_none()
    if row is None:
        return None
    found, unexpired = row
    running = bool(unexpired) and found.error is None
    return AnalysisLeaseRecord(found.holder, found.total, running, found.error)


def _lease_of(table_id: str, analyst: AnalystKey) -> ColumnElement[bool]:
    return (
        (AnalysisLease.table_id == table_id)
        & (AnalysisLease.analyst == analyst.name)
        & (AnalysisLease.analyst_version == analyst.version)
        & (AnalysisLease.budget == analyst.budget)
    )


def _key_values(analyst: AnalystKey) -> tuple[str, str, int]:
    return analyst.name, analyst.version, analyst.budget
