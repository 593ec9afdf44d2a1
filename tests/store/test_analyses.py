"""Stored analyses: saved per table, move and analyst (name, version, budget), reused only for the same."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

import pytest

from at_once import winners
from tabletop.store import (
    AnalysisLeaseRecord,
    AnalystKey,
    MoveAnalysisRecord,
    NewTable,
    NotFound,
    SeatSpec,
    Store,
)

MCTS = AnalystKey("mcts#400", "1", 400)


def _table(store: Store) -> str:
    seats = (SeatSpec(bot="random", bot_level=1), SeatSpec(bot="random", bot_level=1))
    return store.create_table(NewTable("nim", {"heaps": "1-2"}, 3, seats)).id


def _move(index: int, value_after: float = 1.0) -> MoveAnalysisRecord:
    return MoveAnalysisRecord(
        move_index=index,
        kind="win",
        seat=index % 2,
        played="2:1",
        label="take 1 from heap 2",
        best="2:1",
        best_label="take 1 from heap 2",
        value_before=1.0,
        value_after=value_after,
        verdict="best",
    )


def test_analysed_moves_come_back_in_the_order_played(store: Store) -> None:
    table = _table(store)
    store.save_move_analyses(table, MCTS, [_move(2), _move(0)])
    store.save_move_analyses(table, MCTS, [_move(1)])
    assert store.move_analyses(table, MCTS) == [_move(0), _move(1), _move(2)]


def test_another_budget_or_version_reads_nothing_of_an_earlier_analysis(store: Store) -> None:
    table = _table(store)
    store.save_move_analyses(table, MCTS, [_move(0)])
    assert store.move_analyses(table, AnalystKey("mcts#400", "2", 400)) == []
    assert store.move_analyses(table, AnalystKey("mcts#400", "1", 800)) == []
    assert store.move_analyses(_table(store), MCTS) == []


def test_saving_a_move_again_keeps_the_first(store: Store) -> None:
    table = _table(store)
    store.save_move_analyses(table, MCTS, [_move(0, value_after=1.0)])
    store.save_move_analyses(table, MCTS, [_move(0, value_after=0.0), _move(1)])
    assert store.move_analyses(table, MCTS) == [_move(0, value_after=1.0), _move(1)]


def test_an_analysis_of_no_table_is_refused(store: Store) -> None:
    with pytest.raises(NotFound):
        store.save_move_analyses("zzzzzzzzzz", MCTS, [_move(0)])


def test_a_review_lease_is_one_process_s_until_it_expires_fails_or_ends(store: Store) -> None:
    table, lifetime = _table(store), timedelta(seconds=30)
    start = store.clock()
    assert store.take_analysis_lease(table, MCTS, "here", 5, lifetime)
    assert not store.take_analysis_lease(table, MCTS, "there", 5, lifetime)
    assert store.analysis_lease(table, MCTS) == AnalysisLeaseRecord("here", 5, running=True, error=None)

    store.clock = lambda: start + timedelta(seconds=31)  # "here" stalled and renewed nothing
    assert store.take_analysis_lease(table, MCTS, "there", 5, lifetime)
    assert not store.renew_analysis_lease(table, MCTS, "here", lifetime)  # it has lost the lease
    store.end_analysis_lease(table, MCTS, "here", "too late")  # and cannot end the new one
    assert store.analysis_lease(table, MCTS) == AnalysisLeaseRecord("there", 5, running=True, error=None)

    store.end_analysis_lease(table, MCTS, "there", "the worker died")
    assert store.analysis_lease(table, MCTS) == AnalysisLeaseRecord("there", 5, False, "the worker died")
    assert store.take_analysis_lease(table, MCTS, "here", 6, lifetime)  # a failed review is free
    store.end_analysis_lease(table, MCTS, "here")
    assert store.analysis_lease(table, MCTS) is None


def test_a_renewed_review_lease_outlives_its_first_life(store: Store) -> None:
    table, lifetime = _table(store), timedelta(seconds=30)
    start = store.clock()
    store.take_analysis_lease(table, MCTS, "here", 5, lifetime)
    store.clock = lambda: start + timedelta(seconds=20)
    assert store.renew_analysis_lease(table, MCTS, "here", lifetime)
    store.clock = lambda: start + timedelta(seconds=40)
    assert not store.take_analysis_lease(table, MCTS, "there", 5, lifetime)


def test_of_processes_taking_over_one_failed_review_at_once_exactly_one_gets_it(database_url: str) -> None:
    stores = [Store.open(database_url) for _ in range(4)]
    minute = timedelta(minutes=1)
    try:
        table = _table(stores[0])
        assert stores[0].take_analysis_lease(table, MCTS, "first", 5, minute)
        holder = "first"
        for attempt in range(15):
            stores[0].end_analysis_lease(table, MCTS, holder, error="failed")
            won = winners(
                [
                    partial(store.take_analysis_lease, table, MCTS, f"process-{index}", 5, minute)
                    for index, store in enumerate(stores)
                ]
            )
            assert len(won) == 1, f"attempt {attempt}: the failed review taken over by {won}"
            holder = f"process-{won[0]}"
    finally:
        for store in stores:
            store.close()
