"""The events of a table for the connections without a seat, with its moves paced.

A move costs one send per connection that watches it: through the ASGI stack, the
WebSocket framing and a write to its socket, about 100 us each. With 500 spectators and
100 moves a second that is 50,000 sends a second, more than one process can do (and more
than a browser showing the table needs). People who watch need each move soon, not at
once: so this process subscribes to a table's hub channel once for all of its spectators
and passes every event straight on, except that a move coming less than
`SPECTATOR_PACE_SECONDS` after the spectators were sent the last one waits for the end of
that interval, and only the latest move waiting is passed on then. The connection answers it
with one update from the seq it holds (several moves, `views.update_message`), which all
the spectators share. A move waiting is passed on before any other event, so the order of
events stays the hub's. Players subscribe to the hub themselves and get every move at
once (docs/protocol.md, "update").
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from tabletop.server.hub import Event, Hub, QueueSubscription, Subscription, table_channel

SPECTATOR_PACE_SECONDS = 0.04
"""The shortest time between two moves passed on to a table's spectators.

It bounds the sends per spectator to 25 a second however fast the table plays, and adds
at most this much to when a spectator sees a move (the update then takes about as long to
reach the last of 500 spectators)."""


class _Feed:
    """One table's spectators in this process and the one hub subscription they share."""

    def __init__(self, pace: float) -> None:
        self.subscribers: set[QueueSubscription] = set()
        self._pace = pace
        self._opening = asyncio.Lock()
        self._subscription = contextlib.AsyncExitStack()
        self._forwarding: asyncio.Task[None] | None = None
        self._waiting: Event | None = None
        self._pacing: asyncio.Task[None] | None = None

    async def open(self, hub: Hub, channel: str) -> None:
        """Subscribes to the table's channel, once for all spectators (the first one waits)."""
        async with self._opening:
            if self._forwarding is None:
                subscription = await self._subscription.enter_async_context(hub.subscribe(channel))
                self._forwarding = asyncio.create_task(self._forward(subscription))

    async def close(self) -> None:
        """Stops forwarding and leaves the channel (the last spectator has gone)."""
        tasks = [task for task in (self._forwarding, self._pacing) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._subscription.aclose()

    async def _forward(self, subscription: Subscription) -> None:
        while True:
            self.take(await subscription.get())

    def take(self, event: Event) -> None:
        """Passes `event` on, or keeps it for later when it is a move coming too soon."""
        if event.get("kind") != "move":
            self._pass_waiting_move()
            self._deliver(event)
            return
        self._waiting = event
        if self._pacing is None:
            self._pacing = asyncio.create_task(self._pace_moves())

    async def _pace_moves(self) -> None:
        """Passes on the move waiting, then keeps the next one waiting for `pace` seconds
        from when the spectators have sent this one (their tasks run before this one resumes),
        so that the table's players get the process between two rounds of sends."""
        try:
            while self._pass_waiting_move():
                await asyncio.sleep(0)
                await asyncio.sleep(self._pace)
        finally:
            self._pacing = None

    def _pass_waiting_move(self) -> bool:
        """Passes on the move waiting, if any (True then)."""
        event, self._waiting = self._waiting, None
        if event is not None:
            self._deliver(event)
        return event is not None

    def _deliver(self, event: Event) -> None:
        for subscriber in self.subscribers:
            subscriber.queue.put_nowait(event)


class SpectatorFeeds:
    """The paced feeds of this process's tables, opened with the first spectator of each."""

    def __init__(self, hub: Hub, pace: float = SPECTATOR_PACE_SECONDS) -> None:
        self._hub = hub
        self._pace = pace
        self._feeds: dict[str, _Feed] = {}

    @contextlib.asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[Subscription]:
        """The table's events for one spectator, for the duration of an `async with` block."""
        feed = self._feeds.get(table_id)
        if feed is None:
            feed = self._feeds[table_id] = _Feed(self._pace)
        subscription = QueueSubscription()
        feed.subscribers.add(subscription)
        try:
            await feed.open(self._hub, table_channel(table_id))
            yield subscription
        finally:
            feed.subscribers.discard(subscription)
            if not feed.subscribers:
                if self._feeds.get(table_id) is feed:
                    del self._feeds[table_id]
                await feed.close()
