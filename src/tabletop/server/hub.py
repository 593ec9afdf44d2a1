"""The pub/sub hub: tells every connection watching a table that the table changed.

Channels are per table. `MemoryHub` serves one server process (and the tests); `RedisHub`
carries the same events through Redis pub/sub so several processes or hosts can serve the
same tables. Events are small JSON dicts (see `Event`); a connection that receives one
renders its own view from the table's state, so no view ever crosses the hub.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from typing import Any, Protocol

from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

REDIS_URL_VARIABLE = "TABLETOP_REDIS_URL"
CHANNEL_PREFIX = "tabletop:table:"
RECONNECT_SECONDS = 1.0

Event = dict[str, Any]

_LOG = logging.getLogger(__name__)


class Subscription(Protocol):
    """The events of one channel, in the order they were published."""

    async def get(self) -> Event:
        """The next event (waits for one)."""
        ...


class Hub(Protocol):
    """Publishes table events and hands out subscriptions to them."""

    async def publish(self, channel: str, event: Event) -> None:
        """Sends `event` to every subscriber of `channel` (in every process for Redis)."""
        ...

    def subscribe(self, channel: str) -> contextlib.AbstractAsyncContextManager[Subscription]:
        """Subscribes for the duration of an `async with` block."""
        ...

    async def close(self) -> None:
        """Releases connections and background tasks."""
        ...


def table_channel(table_id: str) -> str:
    """The channel of one table.

    >>> table_channel("abc")
    'tabletop:table:abc'
    """
    return CHANNEL_PREFIX + table_id


class QueueSubscription:
    """A subscription fed by putting events on its queue (the hubs' and the spectator feeds')."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[Event] = asyncio.Queue()

    async def get(self) -> Event:
        return await self.queue.get()


class _LocalFanOut:
    """The subscribers of this process, by channel; both hubs deliver through it."""

    def __init__(self) -> None:
        self._subscribers: dict[str, set[QueueSubscription]] = {}

    def deliver(self, channel: str, event: Event) -> None:
        for subscription in self._subscribers.get(channel, ()):
            subscription.queue.put_nowait(event)

    def add(self, channel: str) -> tuple[QueueSubscription, bool]:
        """The new subscription, and whether it is the channel's first in this process."""
        subscribers = self._subscribers.setdefault(channel, set())
        subscription = QueueSubscription()
        subscribers.add(subscription)
        return subscription, len(subscribers) == 1

    def remove(self, channel: str, subscription: QueueSubscription) -> bool:
        """Removes it; True when the channel has no subscriber left here."""
        subscribers = self._subscribers.get(channel, set())
        subscribers.discard(subscription)
        if subscribers:
            return False
        self._subscribers.pop(channel, None)
        return True


class MemoryHub:
    """An in-process hub: publishing delivers straight to this process's subscribers."""

    def __init__(self) -> None:
        self._local = _LocalFanOut()

    async def publish(self, channel: str, event: Event) -> None:
        self._local.deliver(channel, event)

    @contextlib.asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        subscription, _first = self._local.add(channel)
        try:
            yield subscription
        finally:
            self._local.remove(channel, subscription)

    async def close(self) -> None:
        return None


class RedisHub:
    """Redis pub/sub: one Redis subscription per channel per process, fanned out locally.

    Every event, this process's own included, arrives through Redis, so all processes see
    the events of a table in the same order.
    """

    def __init__(self, url: str) -> None:
        self._redis = Redis.from_url(url)
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        self._local = _LocalFanOut()
        self._reader: asyncio.Task[None] | None = None

    async def publish(self, channel: str, event: Event) -> None:
        await self._redis.publish(channel, json.dumps(event))

    @contextlib.asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        subscription, first = self._local.add(channel)
        try:
            if first:
                await self._pubsub.subscribe(channel)
                self._start_reader()
            yield subscription
        finally:
            if self._local.remove(channel, subscription):
                await self._pubsub.unsubscribe(channel)

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        await self._redis.aclose()

    def _start_reader(self) -> None:
        if self._reader is None or self._reader.done():
            self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except RedisConnectionError:
                _LOG.warning("lost the connection to Redis; retrying (subscriptions are renewed)")
                await asyncio.sleep(RECONNECT_SECONDS)
                continue
            if message is None:
                if not self._pubsub.subscribed:
                    await asyncio.sleep(0.05)
                continue
            channel = message["channel"].decode()
            try:
                self._local.deliver(channel, json.loads(message["data"]))
            except (ValueError, TypeError):
                _LOG.warning("ignored a malformed hub event on %s", channel)


def make_hub(redis_url: str | None) -> Hub:
    """A Redis hub when a URL is given (from `TABLETOP_REDIS_URL`), else an in-memory one."""
    return RedisHub(redis_url) if redis_url else MemoryHub()
