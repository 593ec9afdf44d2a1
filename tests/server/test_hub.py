"""The hub: in memory always; through Redis (marked `redis`: they fail when Redis is down)."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tabletop.server.hub import Hub, MemoryHub, RedisHub, table_channel

pytestmark = pytest.mark.asyncio

REDIS_URL = "redis://127.0.0.1:6379/0"


async def test_memory_subscribers_get_their_channels_events_in_order() -> None:
    hub = MemoryHub()
    async with hub.subscribe(table_channel("a")) as first, hub.subscribe(table_channel("b")) as other:
        for seq in (1, 2, 3):
            await hub.publish(table_channel("a"), {"seq": seq})
        assert [(await first.get())["seq"] for _ in range(3)] == [1, 2, 3]
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(other.get(), 0.05)


async def test_memory_publishing_after_unsubscribing_reaches_nobody() -> None:
    hub = MemoryHub()
    async with hub.subscribe(table_channel("a")) as subscription:
        pass
    await hub.publish(table_channel("a"), {"seq": 1})
    assert subscription.queue.empty()  # type: ignore[attr-defined]


@pytest_asyncio.fixture
async def redis_hubs() -> AsyncIterator[tuple[Hub, Hub]]:
    """Two hubs on one Redis, as two server processes would have."""
    first, second = RedisHub(REDIS_URL), RedisHub(REDIS_URL)
    yield first, second
    await first.close()
    await second.close()


@pytest.mark.redis
async def test_redis_carries_events_between_processes(redis_hubs: tuple[Hub, Hub]) -> None:
    first, second = redis_hubs
    channel = table_channel(uuid.uuid4().hex)
    async with first.subscribe(channel) as here, second.subscribe(channel) as there:
        await first.publish(channel, {"seq": 1})
        await second.publish(channel, {"seq": 2})
        assert [(await asyncio.wait_for(here.get(), 5))["seq"] for _ in range(2)] == [1, 2]
        assert [(await asyncio.wait_for(there.get(), 5))["seq"] for _ in range(2)] == [1, 2]


@pytest.mark.redis
async def test_redis_keeps_channels_apart_and_stops_after_unsubscribe(redis_hubs: tuple[Hub, Hub]) -> None:
    first, second = redis_hubs
    watched, other = table_channel(uuid.uuid4().hex), table_channel(uuid.uuid4().hex)
    async with first.subscribe(watched) as subscription:
        await second.publish(other, {"seq": 1})
        await second.publish(watched, {"seq": 2})
        assert (await asyncio.wait_for(subscription.get(), 5))["seq"] == 2
    async with first.subscribe(other) as later:
        await second.publish(watched, {"seq": 3})
        await second.publish(other, {"seq": 4})
        assert (await asyncio.wait_for(later.get(), 5))["seq"] == 4


@pytest.mark.redis
async def test_redis_channels_subscribed_at_once_on_a_fresh_hub_all_hear_their_events(
    redis_hubs: tuple[Hub, Hub],
) -> None:
    """A process just started follows several tables at once: each first subscription used to
    open its own Redis connection while only the last one was read, so the other tables never
    heard another process's move (the two-process bench's hang)."""
    first, second = redis_hubs
    channels = [table_channel(uuid.uuid4().hex) for _ in range(4)]
    async with contextlib.AsyncExitStack() as stack:
        entering = (stack.enter_async_context(first.subscribe(channel)) for channel in channels)
        subscriptions = await asyncio.gather(*entering)
        for seq, channel in enumerate(channels):
            await second.publish(channel, {"seq": seq})
        heard = [(await asyncio.wait_for(subscription.get(), 5))["seq"] for subscription in subscriptions]
    assert heard == [0, 1, 2, 3]
