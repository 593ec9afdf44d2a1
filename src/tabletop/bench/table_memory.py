"""`tabletop bench memory`: what one table costs the server's memory while it is cached.

Every open table a process serves or follows stays in memory (`LiveTable`: record, state,
labelled log, lock, follower task), so this figure times the open tables a process holds
is its resident size. The tables are created and played through `TableService` on an
in-memory store, and `tracemalloc` counts the Python memory they added (the store's own
rows included, views not rendered: rendered views are cached per viewer on top of this).
"""

from __future__ import annotations

import asyncio
import gc
import random
import tracemalloc

from tabletop import games
from tabletop.server.hub import MemoryHub
from tabletop.server.service import TableRequest, TableService
from tabletop.store import SeatSpec, Store

WARM_UP_TABLES = 3


async def _play_tables(service: TableService, game_id: str, tables: int, moves: int) -> None:
    store, rng = service.store, random.Random(1)
    for _ in range(tables):
        people = (store.create_guest("Ann"), store.create_guest("Bob"))
        live = await service.create_table(
            TableRequest(game_id, tuple(SeatSpec(player.id) for player in people), {})
        )
        for seq in range(moves):
            if live.is_over:
                break
            seat = live.state.current_players()[0]
            await service.play(live.id, seat, rng.choice(live.state.legal_action_ids(seat)), seq)


async def _measure(game_id: str, tables: int, moves: int) -> int:
    service = TableService(Store.memory(), MemoryHub(), games.load, watch_clocks=False)
    await _play_tables(service, game_id, WARM_UP_TABLES, moves)  # first-use costs are not a table's
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    await _play_tables(service, game_id, tables, moves)
    gc.collect()
    added = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    await service.stop()
    return added


def bytes_per_table(game_id: str, tables: int = 200, moves: int = 30) -> float:
    """Python memory per cached table after up to `moves` moves each (two players)."""
    return asyncio.run(_measure(game_id, tables, moves)) / tables
