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
from collections import deque
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

    shared_by_processes: bool
    """Whether other server processes publish here too, so that a process's cached tables
    can be behind the store by changes whose events are still on their way."""

    async def publish(self, channel: str, event: Event) -> None:
        """Sends `event` to every subscriber of `channel` (in every process for Redis)."""
        ...

    def subscribe(self, channel: str) -> contextlib.AbstractAsyncContextManager[Subscription]:
        """Subscribes for the duration of an `async with` block; every event published once
        the block has begun reaches the subscription (so subscribe first, then read the store)."""
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

    shared_by_processes = False

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

    SUBSCRIBE and UNSUBSCRIBE go out one at a time (`_commands`): redis-py's `PubSub` opens
    its connection on the first command without a lock, so first subscriptions made at once
    (a process that has just started, following several tables) each opened a connection of
    their own while only the last one was ever read, and those tables never heard another
    process's events. The lock also keeps a channel's UNSUBSCRIBE and a new SUBSCRIBE of it
    in the order they were decided.

    A subscription begins once Redis has confirmed the channel's SUBSCRIBE: sending it is
    not enough, as an event published before Redis reads it is not delivered, and a caller
    reads the store right after subscribing, counting on hearing whatever follows. The
    channel's first subscriber starts `_subscribe_in_redis` as a task of its own, which every
    subscriber of the channel awaits: one of them being cancelled does not leave the others
    unsubscribed in Redis.
    """

    shared_by_processes = True

    def __init__(self, url: str) -> None:
        self._redis = Redis.from_url(url)
        self._pubsub = self._redis.pubsub()
        self._commands = asyncio.Lock()
        self._local = _LocalFanOut()
        self._subscribing: dict[str, asyncio.Task[None]] = {}
        """Per channel subscribed here: done once Redis has confirmed the subscription."""
        self._confirmations: dict[str, deque[asyncio.Future[None]]] = {}
        """Per channel, the SUBSCRIBEs sent and not yet confirmed, oldest first (Redis answers
        in order; a channel left and subscribed again at once has two)."""
        self._reader: asyncio.Task[None] | None = None

    async def publish(self, channel: str, event: Event) -> None:
        await self._redis.publish(channel, json.dumps(event))

    @contextlib.asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        subscription, first = self._local.add(channel)
        if first:
            self._subscribing[channel] = asyncio.create_task(self._subscribe_in_redis(channel))
        subscribing = self._subscribing[channel]
        try:
            await asyncio.shield(subscribing)
            yield subscription
        finally:
            if self._local.remove(channel, subscription):
                del self._subscribing[channel]
                with contextlib.suppress(Exception):  # its failure was raised to its subscribers
                    await subscribing
                async with self._commands:
                    await self._pubsub.unsubscribe(channel)

    async def _subscribe_in_redis(self, channel: str) -> None:
        confirmed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting = self._confirmations.setdefault(channel, deque())
        waiting.append(confirmed)
        try:
            async with self._commands:
                await self._pubsub.subscribe(channel)
            self._start_reader()
            await confirmed
        finally:
            if confirmed in waiting:
                waiting.remove(confirmed)
            if not waiting:
                self._confirmations.pop(channel, None)

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
            if message["type"] == "subscribe":
                self._confirm(channel)
                continue
            if message["type"] != "message":
                continue
            try:
                self._local.deliver(channel, json.loads(message["data"]))
            except (ValueError, TypeError):
                _LOG.warning("ignored a malformed hub event on %s", channel)

    def _confirm(self, channel: str) -> None:
        """Redis has confirmed the channel's oldest SUBSCRIBE not yet confirmed (or renewed
        the subscription after a reconnection, which confirms it all the same)."""
        waiting = self._confirmations.get(channel, deque())
        while waiting:
            confirmed = waiting.popleft()
            if not confirmed.done():  # not cancelled with the task waiting for it
                confirmed.set_result(None)
                return


def make_hub(redis_url: str | None) -> Hub:
    """A Redis hub when a URL is given (from `TABLETOP_REDIS_URL`), else an in-memory one."""
    return RedisHub(redis_url) if redis_url else MemoryHub()
