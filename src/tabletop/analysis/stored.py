"""Reviews kept in the store: each analysed move saved under its analyst's name, version and budget.

A review is reused when the same analyst (same version, same budget) is asked again; the
site's job saves every move as it is valued, so a review that stopped half-way is resumed
from where it stopped, and `tabletop analyse TABLE_ID` prints a stored review without
searching again.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.analysis.analysts import Analyst
from tabletop.analysis.review import GameRecord, MoveReview, Review
from tabletop.analysis.verdicts import Verdict
from tabletop.store import AnalystKey, MoveAnalysisRecord, Store


def analyst_key(analyst: Analyst) -> AnalystKey:
    """What the store keys an analyst's work by."""
    return AnalystKey(analyst.name, analyst.version, analyst.budget)


def as_record(move: MoveReview, kind: str) -> MoveAnalysisRecord:
    """A reviewed move as the store keeps it."""
    return MoveAnalysisRecord(
        move_index=move.index,
        kind=kind,
        seat=move.seat,
        played=move.played,
        label=move.label,
        best=move.best,
        best_label=move.best_label,
        value_before=move.value_before,
        value_after=move.value_after,
        verdict=move.verdict.value,
    )


def as_move(record: MoveAnalysisRecord) -> MoveReview:
    """A stored move back as a reviewed one."""
    return MoveReview(
        index=record.move_index,
        seat=record.seat,
        played=record.played,
        label=record.label,
        best=record.best,
        best_label=record.best_label,
        value_before=record.value_before,
        value_after=record.value_after,
        verdict=Verdict(record.verdict),
    )


def stored_moves(store: Store, table_id: str, record: GameRecord, analyst: Analyst) -> list[MoveReview]:
    """The moves of the table this analyst already valued, from the first on, as long as they
    are the moves of `record` (an unfinished table's review grows as it is played)."""
    moves: list[MoveReview] = []
    for stored in store.move_analyses(table_id, analyst_key(analyst)):
        if stored.move_index != len(moves) or stored.move_index >= len(record.moves):
            break
        if record.moves[stored.move_index] != (stored.seat, stored.played):
            break
        moves.append(as_move(stored))
    return moves


def save_moves(store: Store, table_id: str, analyst: Analyst, moves: Sequence[MoveReview]) -> None:
    """Saves reviewed moves of a table (moves already stored for this analyst stay as they were)."""
    store.save_move_analyses(
        table_id, analyst_key(analyst), [as_record(move, analyst.kind) for move in moves]
    )


def stored_review(store: Store, table_id: str, record: GameRecord, analyst: Analyst) -> Review | None:
    """The whole review of the table by this analyst when every move of `record` is stored, else None."""
    moves = stored_moves(store, table_id, record, analyst)
    if len(moves) != len(record.moves):
        return None
    return Review(record, analyst.name, analyst.kind, tuple(moves))
