"""`tabletop bench writes`: the counts it prints are the statements and commits really made."""

from __future__ import annotations

from tabletop.bench import move_writes
from tabletop.store import Store


def test_one_table_commits_each_move_alone_with_one_insert_and_one_update(store: Store) -> None:
    result = move_writes.measure(store, "test", tables=1, moves=6)
    assert result.moves == 6
    assert result.counts.commits == 6
    assert result.counts.statements["INSERT"] == result.counts.statements["UPDATE"] == 6
    assert result.bytes_written > 0


def test_tables_moving_at_once_share_commits_and_each_batch_is_two_statements(store: Store) -> None:
    result = move_writes.measure(store, "test", tables=10, moves=50)
    assert result.moves == 50
    assert result.counts.commits < 50
    assert result.counts.statements["INSERT"] == result.counts.statements["UPDATE"] == result.counts.commits
    assert result.counts.rows["INSERT"] == result.counts.rows["UPDATE"] == 50
    assert len(result.counts.commit_seconds) == result.counts.commits


def test_every_appended_move_is_in_the_log_in_order(store: Store) -> None:
    move_writes.measure(store, "test", tables=3, moves=12)
    table_ids = [record.id for record in store.tables(("playing",), None)]
    assert len(table_ids) == 3
    for table_id in table_ids:
        assert [move.seq for move in store.moves(table_id)] == [1, 2, 3, 4]


def test_the_line_printed_gives_the_cost_per_move() -> None:
    counts = move_writes.WriteCounts()
    counts.statements.update({"INSERT": 10, "UPDATE": 10})
    counts.rows.update({"INSERT": 100, "UPDATE": 100})
    counts.commits = 10
    counts.commit_seconds = [0.002] * 10
    result = move_writes.WritesResult("SQLite", 10, 100, 0.5, 0.01, counts, 50_000, 0)
    line = move_writes.describe(result)
    assert "200 moves/s" in line
    assert "10.0 moves/commit" in line
    assert "commit   2.00 ms" in line
    assert "INSERT 0.10 UPDATE 0.10  rows 2.00" in line
    assert "500 B written" in line
    assert "0.100 commits" in line
    assert "100 us CPU" in line
