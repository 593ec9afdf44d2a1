"""Clocks, timeouts, resigning, leaving, rematches and expiry (issue 12).

Time is the store's clock, which these tests replace by one they move forward: they
never sleep. The Fischer arithmetic is checked on its own, then the table service applies
both timeout policies, resignations at two and at four, simultaneous steps, and a race of
two processes on one timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio
import server_games
from running_site import postgres_schema

from tabletop import games
from tabletop.server import errors
from tabletop.server.bot_runner import ThreadBotRunner
from tabletop.server.clocks import ClockSpec, SeatClocks
from tabletop.server.hub import MemoryHub, RedisHub
from tabletop.server.service import TableRequest, TableService
from tabletop.store import SeatSpec, Store

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
REDIS_URL = "redis://127.0.0.1:6379/0"


class FakeTime:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


async def _until(condition: Callable[[], bool], seconds: float = 20) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), seconds)


def _at(seconds: float) -> datetime:
    return START + timedelta(seconds=seconds)


# Arithmetic


def test_a_fischer_clock_spends_thinking_time_and_adds_the_increment() -> None:
    clocks = SeatClocks.start(ClockSpec("live", 180, 5), 2, (0,), START)
    clocks.follow(0, _at(20), (0,), (1,))  # seat 0 thought 20 s
    assert clocks.remaining == {0: 165.0, 1: 180.0}
    assert clocks.deadline(0) is None and clocks.deadline(1) == _at(200)
    clocks.follow(1, _at(50), (1,), (0,))  # seat 1 thought 30 s
    assert clocks.remaining == {0: 165.0, 1: 155.0} and clocks.deadline(0) == _at(215)
    assert clocks.time_left(0, _at(60)) == 155.0 and clocks.time_left(1, _at(60)) == 155.0
    assert clocks.snapshot()["seats"] == [
        {"seat": 0, "remaining_s": 165.0, "running_since": _at(50).isoformat()},
        {"seat": 1, "remaining_s": 155.0, "running_since": None},
    ]


def test_a_seat_that_moves_again_keeps_its_clock_running_from_its_last_move() -> None:
    clocks = SeatClocks.start(ClockSpec("live", 60, 2), 2, (0,), START)
    clocks.follow(0, _at(10), (0,), (0,))  # a YINSH ring move, then a row to remove
    assert clocks.remaining[0] == 52.0 and clocks.deadline(0) == _at(62)


def test_a_turn_based_deadline_restarts_when_a_seat_gets_the_move() -> None:
    clocks = SeatClocks.start(ClockSpec("turn_based", per_move_s=86400), 2, (0,), START)
    assert clocks.deadline(0) == _at(86400)
    clocks.follow(0, _at(80000), (0,), (1,))
    assert clocks.deadline(1) == _at(166400) and clocks.out_of_time(_at(166399)) == []
    assert clocks.out_of_time(_at(166400)) == [1]


def test_in_a_simultaneous_step_every_acting_clock_runs() -> None:
    clocks = SeatClocks.start(ClockSpec("live", 100, 0), 3, (0, 1, 2), START)
    clocks.follow(1, _at(30), (0, 1, 2), (0, 2))  # seat 1 is done; 0 and 2 still think
    assert clocks.remaining[1] == 70.0
    assert clocks.deadline(0) == clocks.deadline(2) == _at(100) and clocks.deadline(1) is None
    clocks.follow(0, _at(40), (0, 2), (2,))
    clocks.follow(2, _at(90), (2,), (0, 1, 2))  # the step resolves: all start again at 90
    assert clocks.remaining == {0: 60.0, 1: 70.0, 2: 10.0}
    assert clocks.deadline(2) == _at(100) and clocks.deadline(1) == _at(160)


@pytest.mark.parametrize(
    ("asked", "problem"),
    [
        ({"mode": "live", "initial_s": 0, "increment_s": 5}, "initial_s"),
        ({"mode": "live", "initial_s": "180", "increment_s": 5}, "initial_s"),
        ({"mode": "turn_based", "per_move_s": 10**9}, "per_move_s"),
        ({"mode": "blitz"}, "clock mode"),
        ("fast", "clock must be an object"),
    ],
)
def test_a_bad_clock_is_refused_with_its_reason(asked: object, problem: str) -> None:
    with pytest.raises(errors.BadRequest, match=problem):
        ClockSpec.from_json(asked)


# The table service


@pytest.fixture
def time(store: Store) -> FakeTime:
    fake = FakeTime()
    store.clock = fake
    return fake


@pytest_asyncio.fixture
async def clocked(store: Store, time: FakeTime) -> AsyncIterator[TableService]:
    service = TableService(store, MemoryHub(), games.load, watch_clocks=False)
    yield service
    await service.stop()


async def _kalah(service: TableService, store: Store, clock: ClockSpec) -> tuple[str, int, int]:
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec())
    live = await service.create_table(
        TableRequest("kalah", seats, {}, seed=5, clock=clock, created_by=ann.id)
    )
    await service.join(live.id, bob.id)
    return live.id, ann.id, bob.id


@pytest.mark.asyncio
async def test_out_of_time_loses_a_game_of_two(clocked: TableService, store: Store, time: FakeTime) -> None:
    table_id, ann, _bob = await _kalah(clocked, store, ClockSpec("live", 60, 2, on_timeout="lose"))
    await clocked.play_as(table_id, ann, "1", 0)  # South sows pit 1 after no time at all
    live = await clocked.table(table_id)
    time.advance(59)
    await clocked.enforce_clock(live)
    assert live.record.status == "playing"
    time.advance(2)  # North's 60 s are over
    await clocked.enforce_clock(live)
    record = store.table(table_id)
    assert record is not None and record.status == "finished" and record.result is not None
    assert record.result.ranks == (1, 2) and record.result.reason == "Ann wins: Bob ran out of time"
    assert [forfeit.reason for forfeit in record.forfeits] == ["ran out of time"]
    await clocked.enforce_clock(live)  # nothing more happens
    assert len(store.table(table_id).forfeits) == 1  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_out_of_time_hands_the_seat_to_a_bot(store: Store, time: FakeTime) -> None:
    service = TableService(store, MemoryHub(), games.load, ThreadBotRunner(games.load), watch_clocks=False)
    table_id, ann, _bob = await _kalah(
        service, store, ClockSpec("turn_based", per_move_s=3600, on_timeout="bot")
    )
    live = await service.table(table_id)
    time.advance(3601)  # Ann never moves
    with pytest.raises(errors.GameOver, match="a bot plays your seat now"):
        await service.play_as(table_id, ann, "1", 0)
    seat = live.record.seats[0]
    assert seat.player_name == "Ann" and seat.playing_bot == ("mcts", 2) and live.record.forfeits == ()
    await _until(lambda: live.seq >= 1)  # the stand-in moves for her
    assert store.moves(table_id)[0].seat == 0
    await service.stop()


@pytest.mark.asyncio
async def test_a_move_made_in_time_stands(clocked: TableService, store: Store, time: FakeTime) -> None:
    table_id, ann, _bob = await _kalah(clocked, store, ClockSpec("live", 60, 0))
    time.advance(59.9)
    await clocked.play_as(table_id, ann, "2", 0)
    live = await clocked.table(table_id)
    assert live.clocks is not None and live.clocks.remaining[0] == pytest.approx(0.1)


@pytest.mark.asyncio
async def test_resigning_a_game_of_two(clocked: TableService, store: Store) -> None:
    table_id, ann, bob = await _kalah(clocked, store, ClockSpec("live", 60, 0))
    await clocked.resign(table_id, bob)
    record = store.table(table_id)
    assert record is not None and record.status == "finished"
    assert record.result is not None and record.result.reason == "Ann wins: Bob resigned"
    with pytest.raises(errors.GameOver):
        await clocked.resign(table_id, ann)


@pytest.mark.asyncio
async def test_resigning_a_game_of_four_leaves_a_bot_and_ranks_last(store: Store, time: FakeTime) -> None:
    service = TableService(store, MemoryHub(), games.load, ThreadBotRunner(games.load), watch_clocks=False)
    people = [store.create_guest(name) for name in ("Ann", "Bob", "Cid", "Dee")]
    seats = tuple(SeatSpec(player_id=person.id) for person in people)
    live = await service.create_table(TableRequest("luckynumbers", seats, {}, seed=9))
    await service.resign(live.id, people[2].id)
    record = live.record
    assert record.status == "playing" and record.seats[2].playing_bot is not None
    assert [(forfeit.seat, forfeit.reason) for forfeit in record.forfeits] == [(2, "resigned")]
    await service.stop()


@pytest.mark.asyncio
async def test_a_timeout_in_a_simultaneous_step_stops_only_the_late_seat(
    store: Store, time: FakeTime
) -> None:
    service = TableService(store, MemoryHub(), server_games.load, watch_clocks=False)
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    request = TableRequest("goofspiel", seats, {}, seed=3, clock=ClockSpec("live", 30, 0, on_timeout="bot"))
    live = await service.create_table(request)
    time.advance(10)
    await service.play_as(live.id, ann.id, "2", 0)  # Ann bids; Bob keeps thinking
    time.advance(25)  # Bob's 30 s are over, Ann's clock stopped at 20 s left
    await service.enforce_clock(live)
    assert live.record.seats[1].stand_in is not None and live.record.seats[0].stand_in is None
    await service.stop()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=[pytest.mark.postgres, pytest.mark.redis])]
)
async def test_two_processes_racing_on_one_timeout_apply_it_once(tmp_path: Path, backend: str) -> None:
    with contextlib.ExitStack() as stack:
        if backend == "sqlite":
            url, hubs = f"sqlite:///{tmp_path / 'shared.sqlite3'}", [MemoryHub()] * 2
        else:
            url = stack.enter_context(postgres_schema("clocks"))
            hubs = [RedisHub(REDIS_URL), RedisHub(REDIS_URL)]
        fake = FakeTime()
        stores = (Store.open(url), Store.open(url))
        for store in stores:
            store.clock = fake
        here, there = (
            TableService(store, hub, games.load, watch_clocks=False)
            for store, hub in zip(stores, hubs, strict=True)
        )
        table_id, ann, _bob = await _kalah(here, stores[0], ClockSpec("live", 60, 0))
        await here.play_as(table_id, ann, "1", 0)
        followed = await there.table(table_id)
        await _until(lambda: followed.seq == 1)
        fake.advance(61)
        await asyncio.gather(here.enforce_clock(await here.table(table_id)), there.enforce_clock(followed))
        record = stores[0].table(table_id)
        assert record is not None and record.status == "finished" and len(record.forfeits) == 1
        await here.stop()
        await there.stop()
        for hub in {id(hub): hub for hub in hubs}.values():
            await hub.close()
        for store in stores:
            store.close()


@pytest.mark.asyncio
async def test_leaving_a_table_that_has_not_started(clocked: TableService, store: Store) -> None:
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(), SeatSpec())
    live = await clocked.create_table(TableRequest("luckynumbers", seats, {}, created_by=ann.id))
    await clocked.join(live.id, bob.id)
    await clocked.leave(live.id, bob.id)
    assert live.record.status == "waiting" and live.record.seats[1].is_open
    await clocked.leave(live.id, ann.id)
    assert live.record.status == "abandoned"


@pytest.mark.asyncio
async def test_a_table_waiting_too_long_is_abandoned(
    clocked: TableService, store: Store, time: FakeTime
) -> None:
    ann = store.create_guest("Ann")
    live = await clocked.create_table(TableRequest("kalah", (SeatSpec(player_id=ann.id), SeatSpec()), {}))
    time.advance(23 * 3600)
    assert await clocked.abandon_stale_tables() == []
    time.advance(2 * 3600)
    assert await clocked.abandon_stale_tables() == [live.id]
    assert live.record.status == "abandoned"


@pytest.mark.asyncio
async def test_a_rematch_keeps_the_game_options_clock_and_bots(clocked: TableService, store: Store) -> None:
    ann = store.create_guest("Ann")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(bot="random", bot_level=1))
    clock = ClockSpec("live", 300, 5)
    live = await clocked.create_table(
        TableRequest("kalah", seats, {"seeds": 3}, clock=clock, created_by=ann.id)
    )
    with pytest.raises(errors.BadRequest, match="finished"):
        await clocked.rematch(live.id, ann.id)
    await clocked.resign(live.id, ann.id)
    rematch = await clocked.rematch(live.id, ann.id)
    record = rematch.record
    assert record.rematch_of == live.id and record.options == {**live.record.options}
    assert record.clock == clock.to_json() and record.status == "playing"
    assert (record.seats[0].player_id, record.seats[1].bot) == (ann.id, "random")
    assert (await clocked.rematch(live.id, ann.id)).id == rematch.id  # asking twice finds it


@pytest.mark.asyncio
async def test_the_server_sweeps_waiting_tables_while_it_runs(store: Store, time: FakeTime) -> None:
    service = TableService(store, MemoryHub(), games.load, waiting_expiry=timedelta(seconds=0.1))
    ann = store.create_guest("Ann")
    live = await service.create_table(TableRequest("kalah", (SeatSpec(player_id=ann.id), SeatSpec()), {}))
    await service.start()
    time.advance(3600)
    assert await service.abandon_stale_tables() == [live.id]  # what the hourly sweep calls
    assert service._janitor is not None and not service._janitor.done()
    await service.stop()
    assert service._janitor.cancelled()
