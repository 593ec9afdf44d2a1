"""The group commit: moves waiting at once share one commit, made on the writer's own thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import pytest

from tabletop.server.move_writer import MoveWriter
from tabletop.store import MoveConflict, MoveRecord, NewMove, SeatSpec, Store
from tabletop.store.records import NewTable

pytestmark = pytest.mark.asyncio


class _RecordingStore(Store):
    """A store in memory that notes each batch it is given and the thread that commits it."""

    def __init__(self) -> None:
        memory = Store.memory()
        super().__init__(memory.engine, serialise=True)
        self.batches: list[tuple[list[int], str]] = []

    def append_moves(self, moves: Sequence[NewMove]) -> list[MoveRecord | MoveConflict]:
        self.batches.append(([move.seq for move in moves], threading.current_thread().name))
        return super().append_moves(moves)


def _tables(store: Store, count: int) -> list[str]:
    people = [store.create_guest(name) for name in ("Ann", "Bob")]
    seats = tuple(SeatSpec(player.id) for player in people)
    return [store.create_table(NewTable("kalah", {}, 1, seats)).id for _ in range(count)]


async def test_moves_waiting_together_share_a_commit_off_the_event_loop() -> None:
    store = _RecordingStore()
    first, second, third = _tables(store, 3)
    writer = MoveWriter(store)
    try:
        alone = await writer.append(NewMove(first, 1, 0, "3"))
        together = await asyncio.gather(
            writer.append(NewMove(first, 2, 1, "4")),
            writer.append(NewMove(second, 1, 0, "1")),
            writer.append(NewMove(third, 1, 0, "6")),
        )
    finally:
        writer.close()
    assert (alone.seq, [move.seq for move in together]) == (1, [2, 1, 1])
    assert [seqs for seqs, _thread in store.batches] == [[1], [2, 1, 1]]
    assert {thread for _seqs, thread in store.batches} != {threading.current_thread().name}
    assert all(thread.startswith("move-writer") for _seqs, thread in store.batches)


async def test_a_conflict_is_raised_to_its_mover_and_a_closed_writer_starts_again() -> None:
    store = _RecordingStore()
    (table_id,) = _tables(store, 1)
    writer = MoveWriter(store)
    await writer.append(NewMove(table_id, 1, 0, "3"))
    writer.close()
    with pytest.raises(MoveConflict, match="already has a move 1"):
        await writer.append(NewMove(table_id, 1, 1, "4"))
    assert (await writer.append(NewMove(table_id, 2, 1, "4"))).seq == 2
    writer.close()
    assert [move.action_id for move in store.moves(table_id)] == ["3", "4"]
