"""Two server processes on one database and one hub: each follows the other's moves, and
the database's (table, seq) key turns a race between them into a clean `StaleSeq`."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
import server_games

from tabletop.server import errors
from tabletop.server.bot_runner import ThreadBotRunner
from tabletop.server.bot_worker import BotRequest
from tabletop.server.hub import Hub, MemoryHub, RedisHub, table_channel
from tabletop.server.service import TableRequest, TableService
from tabletop.store import SeatSpec, Store

pytestmark = pytest.mark.asyncio

REDIS_URL = "redis://127.0.0.1:6379/0"


class _ProcessesHub(MemoryHub):
    """One in-memory hub that two services publish on, standing for the Redis of two processes."""

    shared_by_processes = True


async def test_a_second_process_catches_up_from_the_event(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    hub = _ProcessesHub()
    here = TableService(Store.open(url), hub, server_games.load)
    there = TableService(Store.open(url), hub, server_games.load)
    ann, bob = here.store.create_guest("Ann"), here.store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    live = await here.create_table(TableRequest("nim", seats, {"heaps": "3-4-5"}))
    assert (await there.table(live.id)).seq == 0

    async with hub.subscribe(table_channel(live.id)) as subscription:
        await here.play_as(live.id, ann.id, "3:2", 0)
        await there.sync(await asyncio.wait_for(subscription.get(), 1))
    followed = await there.table(live.id)
    assert followed.seq == 1 and followed.state.to_json() == live.state.to_json()
    assert followed.log[0].label == "take 2 from heap 3"


async def test_a_race_between_processes_is_a_stale_seq(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    here = TableService(Store.open(url), MemoryHub(), server_games.load)
    there = TableService(Store.open(url), MemoryHub(), server_games.load)  # hears nothing
    ann, bob = here.store.create_guest("Ann"), here.store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    live = await here.create_table(TableRequest("nim", seats, {"heaps": "3-4-5"}))
    await there.table(live.id)

    await here.play_as(live.id, ann.id, "3:2", 0)
    with pytest.raises(errors.StaleSeq, match="the table is at seq 1"):
        await there.play_as(live.id, ann.id, "1:1", 0)
    assert [move.action_id for move in here.store.moves(live.id)] == ["3:2"]
    assert (await there.table(live.id)).seq == 1
    await there.play_as(live.id, bob.id, "1:1", 1)
    assert len(here.store.moves(live.id)) == 2


async def test_a_move_chosen_on_a_newer_position_makes_the_process_look_first(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    here = TableService(Store.open(url), MemoryHub(), server_games.load)
    there = TableService(Store.open(url), MemoryHub(), server_games.load)  # hears nothing
    ann, bob = here.store.create_guest("Ann"), here.store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    live = await here.create_table(TableRequest("nim", seats, {"heaps": "3-4-5"}))
    await there.table(live.id)
    await here.play_as(live.id, ann.id, "3:2", 0)
    entry = await there.play_as(live.id, bob.id, "1:1", 1)  # Bob saw seq 1 served by `here`
    assert entry.seq == 2 and [move.action_id for move in here.store.moves(live.id)] == ["3:2", "1:1"]


@pytest.mark.redis
async def test_two_processes_follow_each_other_through_redis(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    hubs = (RedisHub(REDIS_URL), RedisHub(REDIS_URL))
    here = TableService(Store.open(url), hubs[0], server_games.load)
    there = TableService(Store.open(url), hubs[1], server_games.load)
    try:
        ann, bob = here.store.create_guest("Ann"), here.store.create_guest("Bob")
        seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
        live = await here.create_table(TableRequest("nim", seats, {"heaps": "3-4-5"}))
        await there.table(live.id)
        async with hubs[1].subscribe(table_channel(live.id)) as subscription:
            await here.play_as(live.id, ann.id, "2:4", 0)
            await there.sync(await asyncio.wait_for(subscription.get(), 5))
            assert (await there.table(live.id)).state.view(None)["heaps"] == [3, 0, 5]
            await there.play_as(live.id, bob.id, "1:3", 1)
        assert [move.action_id for move in here.store.moves(live.id)] == ["2:4", "1:3"]
    finally:
        await here.stop()
        await there.stop()
        for hub in hubs:
            await hub.close()


async def _until(condition: Callable[[], bool], seconds: float = 5) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), seconds)


@pytest.mark.parametrize("hub_kind", ["memory", pytest.param("redis", marks=pytest.mark.redis)])
async def test_a_process_follows_its_cached_tables_without_any_websocket(
    tmp_path: Path, hub_kind: str
) -> None:
    """Issue 11, item 1: created on A, joined and played through B, A knows it at once."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    shared = _ProcessesHub()
    hubs: tuple[Hub, Hub] = (
        (shared, shared) if hub_kind == "memory" else (RedisHub(REDIS_URL), RedisHub(REDIS_URL))
    )
    here = TableService(Store.open(url), hubs[0], server_games.load)
    there = TableService(Store.open(url), hubs[1], server_games.load)
    try:
        ann, bob = here.store.create_guest("Ann"), here.store.create_guest("Bob")
        live = await here.create_table(TableRequest("nim", (SeatSpec(player_id=ann.id), SeatSpec()), {}))
        await there.join(live.id, bob.id)
        await _until(lambda: live.record.status == "playing")
        await here.play_as(live.id, ann.id, "2:4", 0)  # no "not started" on the process that created it
        await _until(lambda: there._tables[live.id].seq == 1)
        await there.play_as(live.id, bob.id, "1:3", 1)
        await _until(lambda: live.seq == 2)
        assert live.state.to_json() == there._tables[live.id].state.to_json()
    finally:
        await here.stop()
        await there.stop()
        for hub in {id(hub): hub for hub in hubs}.values():
            await hub.close()


async def test_a_change_already_read_makes_no_new_version_when_its_event_comes(tmp_path: Path) -> None:
    """A new viewer's read (`table_as_stored`) holds the other process's join before its event
    reaches this one: the event then leaves the table as that viewer was shown it (no second
    view of the same seq goes out), and a move heard the same way makes a new version."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    hub = _ProcessesHub()
    here = TableService(Store.open(url), hub, server_games.load)
    there = TableService(Store.open(url), hub, server_games.load)
    try:
        ann, bob = here.store.create_guest("Ann"), here.store.create_guest("Bob")
        live = await here.create_table(TableRequest("nim", (SeatSpec(player_id=ann.id), SeatSpec()), {}))
        async with hub.subscribe(table_channel(live.id)) as subscription:
            await there.join(live.id, bob.id)
            shown = (await here.table_as_stored(live.id)).version
            await here.sync(await asyncio.wait_for(subscription.get(), 1))
            assert live.record.status == "playing" and live.version == shown
            await there.play_as(live.id, ann.id, "2:4", 0)
            await here.sync(await asyncio.wait_for(subscription.get(), 1))
            assert live.seq == 1 and live.version != shown
    finally:
        await here.stop()
        await there.stop()


class _CountingRunner:
    """Answers like the thread runner and records which (seq, seat) it was asked about."""

    def __init__(self, *, answer: bool = True) -> None:
        self.asked: list[tuple[int, int]] = []
        self.answer = answer
        self.inner = ThreadBotRunner(server_games.load)

    async def choose(self, request: BotRequest) -> str:
        self.asked.append((len(request.position.moves), request.seat))
        if not self.answer:
            await asyncio.Event().wait()  # a process that died while thinking
        return await self.inner.choose(request)

    def close(self) -> None:
        return None


async def test_exactly_one_process_computes_each_bot_move(tmp_path: Path) -> None:
    """Issue 11, item 3: both processes follow the table, one computes each move."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    hub = _ProcessesHub()
    runners = (_CountingRunner(), _CountingRunner())
    here = TableService(Store.open(url), hub, server_games.load, runners[0], bot_lease=30)
    there = TableService(Store.open(url), hub, server_games.load, runners[1], bot_lease=30)
    try:
        seats = (SeatSpec(bot="random", bot_level=1), SeatSpec(bot="random", bot_level=1))
        live = await here.create_table(TableRequest("nim", seats, {"heaps": "3-4-5"}, seed=3))
        await there.table(live.id)
        await _until(lambda: live.is_over, 60)
        asked = runners[0].asked + runners[1].asked
        assert sorted(asked) == sorted(set(asked)) and len(asked) == live.seq
    finally:
        await here.stop()
        await there.stop()


async def test_a_lost_bot_lease_is_taken_over(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    hub = _ProcessesHub()
    dead, alive = _CountingRunner(answer=False), _CountingRunner()
    here = TableService(Store.open(url), hub, server_games.load, dead, bot_lease=0.3)
    seats = (SeatSpec(bot="random", bot_level=1), SeatSpec(bot="random", bot_level=1))
    live = await here.create_table(TableRequest("nim", seats, {"heaps": "1-2"}, seed=3))
    await _until(lambda: dead.asked == [(0, 0)])  # `here` holds the lease and never answers
    there = TableService(Store.open(url), hub, server_games.load, alive, bot_lease=0.3)
    try:
        followed = await there.table(live.id)
        await _until(lambda: followed.is_over, 20)
        assert alive.asked[0] == (0, 0)
    finally:
        await here.stop()
        await there.stop()
