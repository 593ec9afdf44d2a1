"""`tabletop bench messages`: the server's CPU per move without the network, in two parts.

`tabletop bench server` prints the whole server process's CPU per move, the figure issue 15
sets a target for; it moves with the machine's load and mixes in the WebSocket stack. This
plays the same kind of load through `TableService` on an in-memory store, several tables
taking turns as the load client's pairs do (so the caches of `board_changes` see moves of
other tables in between), and after each move renders what each seat's connection sends
(`views.update_message`, or the whole view when an update cannot say it all). It prints the
CPU time (`time.process_time`) of the move itself (checks, store, state) and of the
messages, per move: a change to the message path shows here first and plainly.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass

from tabletop import games
from tabletop.server.hub import MemoryHub
from tabletop.server.live import LiveTable
from tabletop.server.service import TableRequest, TableService
from tabletop.server.views import can_update, live_message, update_message
from tabletop.store import SeatSpec, Store


@dataclass
class MoveCost:
    """CPU seconds spent on moves and on the messages they caused, and the moves counted."""

    play_seconds: float = 0.0
    message_seconds: float = 0.0
    moves: int = 0

    @property
    def play_ms(self) -> float:
        """CPU milliseconds per move of `TableService.play`."""
        return self.play_seconds / self.moves * 1000

    @property
    def messages_ms(self) -> float:
        """CPU milliseconds per move of rendering every seat's message."""
        return self.message_seconds / self.moves * 1000


async def _tables(service: TableService, game_id: str, count: int) -> list[LiveTable]:
    tables = []
    for _ in range(count):
        people = (service.store.create_guest("Ann"), service.store.create_guest("Bob"))
        seats = tuple(SeatSpec(player.id) for player in people)
        live = await service.create_table(TableRequest(game_id, seats, {}))
        for seat in range(len(seats)):
            live_message(live, seat)  # each connection opens with the whole view
        tables.append(live)
    return tables


async def _move(service: TableService, live: LiveTable, rng: random.Random, cost: MoveCost) -> None:
    """One random move at `live`, then each seat's message, timed apart."""
    seat = live.state.current_players()[0]
    started = time.process_time()
    await service.play(live.id, seat, rng.choice(live.state.legal_action_ids(seat)), live.seq)
    played = time.process_time()
    for viewer in range(live.record.players):
        if can_update(live):
            update_message(live, viewer)
        else:
            live_message(live, viewer)
    cost.play_seconds += played - started
    cost.message_seconds += time.process_time() - played
    cost.moves += 1


async def _measure(game_id: str, tables: int, games_each: int, seed: int) -> MoveCost:
    service = TableService(Store.memory(), MemoryHub(), games.load, watch_clocks=False)
    rng, cost = random.Random(seed), MoveCost()
    try:
        for _round in range(games_each):
            playing = await _tables(service, game_id, tables)
            while playing:
                for live in playing:
                    await _move(service, live, rng, cost)
                playing = [live for live in playing if not live.is_over]
    finally:
        await service.stop()
    return cost


def move_cost(game_id: str = "kalah", tables: int = 50, games_each: int = 2, seed: int = 1) -> MoveCost:
    """The CPU per move of `tables` two-player tables playing random games side by side,
    `games_each` games at each."""
    return asyncio.run(_measure(game_id, tables, games_each, seed))
