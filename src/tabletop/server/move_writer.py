"""Group commit for the move log: moves that arrive while a commit is running share the next.

Every acknowledged move must be on disk first, and a commit costs a disk flush (several
milliseconds here) whatever it holds. So one writer task commits whatever moves are waiting
(they are of different tables: a table's lock lets only one of its moves wait at a time) in
a single transaction, and each mover's `append` returns once its batch is committed.
"""

from __future__ import annotations

import asyncio

import anyio.to_thread

from tabletop.store import MoveRecord, NewMove, Store

MAX_BATCH = 500


class MoveWriter:
    """Appends moves to the store, batching those that wait for the same commit."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._waiting: list[tuple[NewMove, asyncio.Future[MoveRecord]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, move: NewMove) -> MoveRecord:
        """The committed move; raises `MoveConflict` if its (table, seq) was taken."""
        future: asyncio.Future[MoveRecord] = asyncio.get_running_loop().create_future()
        self._waiting.append((move, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        return await future

    async def _write(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[:MAX_BATCH], self._waiting[MAX_BATCH:]
            moves = [move for move, _ in batch]
            results: list[MoveRecord | Exception]
            try:
                results = list(await anyio.to_thread.run_sync(self._store.append_moves, moves))
            except Exception as error:  # the database is gone: every mover hears it
                results = [error] * len(batch)
            for (_move, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if isinstance(result, MoveRecord):
                    future.set_result(result)
                else:
                    future.set_exception(result)
