"""The fair share of bot computation (issue 11, item 8): one owner's many tables cannot
starve the others, and the server never computes more than its capacity at once."""

from __future__ import annotations

import asyncio

import pytest

from tabletop.server.fair_share import FairShare

pytestmark = pytest.mark.asyncio


async def _run(share: FairShare, owner: str, order: list[str], release: asyncio.Event) -> None:
    async with share.slot(owner):
        order.append(owner)
        await release.wait()


async def test_a_greedy_owner_waits_behind_the_others() -> None:
    share = FairShare(capacity=1)
    order: list[str] = []
    release = asyncio.Event()
    tasks = [asyncio.create_task(_run(share, "greedy", order, release)) for _ in range(5)]
    await asyncio.sleep(0)
    tasks += [asyncio.create_task(_run(share, name, order, release)) for name in ("ann", "bob")]
    await asyncio.sleep(0)
    assert order == ["greedy"] and share.queued("greedy") == 4
    release.set()
    await asyncio.gather(*tasks)
    assert order == ["greedy", "ann", "bob", "greedy", "greedy", "greedy", "greedy"]


async def test_capacity_and_one_slot_per_owner() -> None:
    share = FairShare(capacity=2)
    order: list[str] = []
    release = asyncio.Event()
    names = ["a", "a", "b", "c"]
    tasks = [asyncio.create_task(_run(share, name, order, release)) for name in names]
    await asyncio.sleep(0)
    assert order == ["a", "b"] and share.in_use == 2
    release.set()
    await asyncio.gather(*tasks)
    assert sorted(order) == sorted(names) and share.in_use == 0


async def test_a_cancelled_wait_gives_its_place_away() -> None:
    share = FairShare(capacity=1)
    order: list[str] = []
    release = asyncio.Event()
    first = asyncio.create_task(_run(share, "a", order, release))
    await asyncio.sleep(0)
    waiting = asyncio.create_task(_run(share, "b", order, release))
    third = asyncio.create_task(_run(share, "c", order, release))
    await asyncio.sleep(0)
    waiting.cancel()
    release.set()
    await asyncio.gather(first, third)
    assert order == ["a", "c"] and share.in_use == 0 and share.queued("b") == 0
