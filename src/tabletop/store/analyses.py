"""Stored analyses: each analysed move of a table, keyed by the analyst's name, version and budget.

A background job saves every move as soon as it is valued, so a review that stopped
(a restart) keeps what it did and the next job starts where it stopped; a second save of
the same move (two processes) changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from tabletop.store.database import insert_unless_present
from tabletop.store.models import MoveAnalysis
from tabletop.store.records import AnalystKey, MoveAnalysisRecord


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
