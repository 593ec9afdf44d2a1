"""`tabletop bench writes`: what one move costs the database, through the server's own writer.

`tables` tables play at once, each appending its next move as soon as the last one is
committed, through `MoveWriter` (the group commit the server uses) into a fresh store: an
SQLite file (WAL, `synchronous=FULL`) in a temporary directory, or a scratch schema of the
PostgreSQL database given. The engine's events count every statement sent, the rows they
carry and every commit; the batches' wall time gives the time per commit. Bytes written
are what reaches the disk's write path: for SQLite the bytes this process hands to
`write()` (its WAL frames and checkpoints, from /proc/self/io), for PostgreSQL the WAL the
server generated (`pg_current_wal_insert_lsn`). PostgreSQL's WAL is the whole cluster's: a
`foreign commits` figure above zero says other sessions wrote during the run, so the bytes
are an upper bound then. No HTTP, no game: only the write path of `TableService.play`.
"""

from __future__ import annotations

import asyncio
import resource
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event, text

from tabletop.server.move_writer import MoveWriter
from tabletop.store import MoveConflict, MoveRecord, NewMove, NewTable, SeatSpec, Store
from tabletop.store.database import scratch_schema

ACTION_IDS = ("1", "2", "3", "4", "5", "6")
"""Kalah-sized action ids: the store never reads them, but their length is what it writes."""


@dataclass
class WriteCounts:
    """What the engine saw: statements by kind, the rows they carried, commits, commit time."""

    statements: Counter[str] = field(default_factory=Counter)
    rows: Counter[str] = field(default_factory=Counter)
    commits: int = 0
    commit_seconds: list[float] = field(default_factory=list)

    def listen(self, engine: Engine) -> None:
        """Counts from now on every statement `engine` sends and every commit it makes."""
        event.listen(engine, "before_cursor_execute", self._statement)
        event.listen(engine, "commit", self._commit)

    def _statement(
        self, _connection: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, many: bool
    ) -> None:
        verb = statement.split(None, 1)[0].upper()
        self.statements[verb] += 1
        self.rows[verb] += len(parameters) if many else 1

    def _commit(self, _connection: Any) -> None:
        self.commits += 1


@dataclass(frozen=True)
class WritesResult:
    """What `tabletop bench writes` prints for one database and one number of tables."""

    database: str
    tables: int
    moves: int
    seconds: float
    cpu_seconds: float
    counts: WriteCounts
    bytes_written: int
    foreign_commits: int

    @property
    def moves_per_commit(self) -> float:
        return self.moves / self.counts.commits

    def per_move(self, total: float) -> float:
        return total / self.moves

    @property
    def commit_ms(self) -> float:
        """The median wall time of one batch's `append_moves` (open, write, commit)."""
        times = sorted(self.counts.commit_seconds)
        return times[len(times) // 2] * 1000


async def _play(writer: MoveWriter, table_id: str, moves: int) -> None:
    """One table: its moves in order, each sent once the one before is committed (as `play` does)."""
    for seq in range(1, moves + 1):
        await writer.append(NewMove(table_id, seq, seq % 2, ACTION_IDS[seq % len(ACTION_IDS)]))


async def _play_all(store: Store, table_ids: Sequence[str], moves_per_table: int) -> None:
    writer = MoveWriter(store)
    try:
        await asyncio.gather(*(_play(writer, table_id, moves_per_table) for table_id in table_ids))
    finally:
        writer.close()


def _timed(store: Store, counts: WriteCounts) -> None:
    """Wraps the store's batch append so each batch's duration is recorded."""
    append_moves = store.append_moves

    def timed(moves: Sequence[NewMove]) -> list[MoveRecord | MoveConflict]:
        started = time.perf_counter()
        try:
            return append_moves(moves)
        finally:
            counts.commit_seconds.append(time.perf_counter() - started)

    store.append_moves = timed  # type: ignore[method-assign]


def measure(store: Store, database: str, tables: int, moves: int) -> WritesResult:
    """Appends about `moves` moves spread over `tables` tables and counts what it cost."""
    bots = (SeatSpec(bot="random", bot_level=1), SeatSpec(bot="random", bot_level=1))
    table_ids = [store.create_table(NewTable("kalah", {}, 1, bots)).id for _ in range(tables)]
    per_table = max(1, moves // tables)
    counts = WriteCounts()
    counts.listen(store.engine)
    _timed(store, counts)
    written, commits = _bytes_written(store), _all_commits(store)
    cpu, started = _cpu_seconds(), time.perf_counter()
    asyncio.run(_play_all(store, table_ids, per_table))
    seconds, cpu = time.perf_counter() - started, _cpu_seconds() - cpu
    event.remove(store.engine, "before_cursor_execute", counts._statement)
    event.remove(store.engine, "commit", counts._commit)
    return WritesResult(
        database,
        tables,
        per_table * tables,
        seconds,
        cpu,
        counts,
        _bytes_written(store) - written,
        max(0, _all_commits(store) - commits - counts.commits),
    )


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _is_postgres(store: Store) -> bool:
    return store.engine.dialect.name == "postgresql"


def _bytes_written(store: Store) -> int:
    """SQLite: bytes this process passed to write(); PostgreSQL: the cluster's WAL position."""
    if not _is_postgres(store):
        with open("/proc/self/io") as io:
            return next(int(line.split()[1]) for line in io if line.startswith("wchar:"))
    with store.engine.connect() as connection:
        lsn = connection.scalar(text("SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')"))
    return int(lsn)


def _all_commits(store: Store) -> int:
    """PostgreSQL's commit count over every database (0 for SQLite, which has no other writer)."""
    if not _is_postgres(store):
        return 0
    with store.engine.connect() as connection:
        total = connection.scalar(text("SELECT sum(xact_commit) FROM pg_stat_database"))
    return int(total or 0)  # reads end in a rollback, so they do not count here


@contextmanager
def fresh_store(postgres_url: str | None) -> Iterator[Store]:
    """A migrated store on a scratch SQLite file or PostgreSQL schema, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="tabletop-writes-") as scratch:
        if postgres_url is None:
            store = Store.open(f"sqlite:///{Path(scratch) / 'writes.sqlite3'}")
            yield store
            store.close()
            return
        with scratch_schema(postgres_url, "writes") as url:
            store = Store.open(url)
            try:
                yield store
            finally:
                store.close()


def describe(result: WritesResult) -> str:
    """One line of figures per run, per move where it makes sense."""
    statements = " ".join(
        f"{verb} {result.per_move(count):.2f}" for verb, count in sorted(result.counts.statements.items())
    )
    rows = result.per_move(sum(result.counts.rows.values()))
    foreign = f"  ({result.foreign_commits} foreign commits)" if result.foreign_commits else ""
    return (
        f"{result.database:10} {result.tables:4} tables  {result.moves / result.seconds:8.0f} moves/s  "
        f"{result.moves_per_commit:6.1f} moves/commit  commit {result.commit_ms:6.2f} ms (median)  "
        f"per move: {statements}  rows {rows:.2f}  {result.per_move(result.bytes_written):7.0f} B written  "
        f"{result.per_move(result.counts.commits):.3f} commits  "
        f"{result.per_move(result.cpu_seconds) * 1e6:6.0f} us CPU{foreign}"
    )
