"""`FairShare`: bot computation shared fairly between the people who asked for it.

The bot workers are few (a core or two) and a bot move takes up to its whole budget. If
moves were served first come, first served, one guest with ten bot-against-bot tables
would fill the queue and every other table's bots would wait behind them. Here each
owner (the player who created the table) has at most one bot move computing at a time,
the server at most `capacity`, and owners who wait are served in turn.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class FairShare:
    """At most `capacity` holders at once and one per owner; waiting owners take turns."""

    def __init__(self, capacity: int) -> None:
        self.capacity = max(1, capacity)
        self._busy: set[Hashable] = set()
        self._waiting: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()

    @property
    def in_use(self) -> int:
        """How many slots are held now."""
        return len(self._busy)

    def queued(self, owner: Hashable) -> int:
        """How many requests of `owner` wait for a slot."""
        return len(self._waiting.get(owner, ()))

    @asynccontextmanager
    async def slot(self, owner: Hashable) -> AsyncIterator[None]:
        """Holds one slot for `owner` for the duration of the `async with` block."""
        await self._acquire(owner)
        try:
            yield
        finally:
            self._release(owner)

    def _release(self, owner: Hashable) -> None:
        """Frees the owner's slot; its next request waits behind everyone else's."""
        self._busy.discard(owner)
        if owner in self._waiting:
            self._waiting.move_to_end(owner)
        self._serve_next()

    async def _acquire(self, owner: Hashable) -> None:
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(owner, deque()).append(ticket)
        self._serve_next()
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():  # served just as it was cancelled
                self._release(owner)
            else:
                self._forget(owner, ticket)
            raise

    def _serve_next(self) -> None:
        """Hands free slots to the first waiting owners that hold none, in turn."""
        for owner in list(self._waiting):
            if len(self._busy) >= self.capacity:
                return
            if owner in self._busy:
                continue
            tickets = self._waiting[owner]
            ticket = tickets.popleft()
            if tickets:
                self._waiting.move_to_end(owner)  # its next request waits behind the others
            else:
                del self._waiting[owner]
            self._busy.add(owner)
            ticket.set_result(None)

    def _forget(self, owner: Hashable, ticket: asyncio.Future[None]) -> None:
        tickets = self._waiting.get(owner)
        if tickets is None:
            return
        if ticket in tickets:
            tickets.remove(ticket)
        if not tickets:
            del self._waiting[owner]
