"""The spectators' feed of a table: its events in the hub's order, its moves paced, one hub
subscription per table for all of its spectators in the process."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest

from tabletop.server.hub import Event, MemoryHub, Subscription, table_channel
from tabletop.server.spectator_feed import SpectatorFeeds

pytestmark = pytest.mark.asyncio

CHANNEL = table_channel("t")


class CountingHub(MemoryHub):
    """A memory hub that counts the subscriptions open on it."""

    def __init__(self) -> None:
        super().__init__()
        self.open = 0

    @contextlib.asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[Subscription]:
        self.open += 1
        try:
            async with super().subscribe(channel) as subscription:
                yield subscription
        finally:
            self.open -= 1


async def _next(subscription: Subscription) -> Event:
    return await asyncio.wait_for(subscription.get(), 5)


def _move(seq: int) -> Event:
    return {"kind": "move", "table": "t", "seq": seq}


async def test_a_burst_of_moves_reaches_a_spectator_as_the_latest_of_them() -> None:
    hub = MemoryHub()
    async with SpectatorFeeds(hub, pace=0.2).subscribe("t") as spectator:
        for seq in (1, 2, 3):
            await hub.publish(CHANNEL, _move(seq))
        first = await _next(spectator)
        for seq in (4, 5):  # while the feed waits out the pace after passing on move 3
            await hub.publish(CHANNEL, _move(seq))
        second = await _next(spectator)
    assert (first["seq"], second["seq"]) == (3, 5)


async def test_a_move_waiting_is_passed_on_before_the_next_other_event() -> None:
    hub = MemoryHub()
    async with SpectatorFeeds(hub, pace=0.2).subscribe("t") as spectator:
        for event in (_move(1), _move(2), {"kind": "chat", "table": "t"}):
            await hub.publish(CHANNEL, event)
        heard = [await _next(spectator), await _next(spectator)]
    assert [(event["kind"], event.get("seq")) for event in heard] == [("move", 2), ("chat", None)]


async def test_the_spectators_of_a_table_share_one_subscription_until_the_last_leaves() -> None:
    hub = CountingHub()
    feeds = SpectatorFeeds(hub)
    async with feeds.subscribe("t") as first:
        async with feeds.subscribe("t") as second:
            await hub.publish(CHANNEL, {"kind": "seats", "table": "t"})
            heard = [await _next(first), await _next(second)]
            assert hub.open == 1
        assert hub.open == 1
    assert hub.open == 0
    assert [event["kind"] for event in heard] == ["seats", "seats"]
