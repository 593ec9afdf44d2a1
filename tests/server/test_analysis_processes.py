"""Analyses with two server processes on one database (an SQLite file, or PostgreSQL): one
review per table and analyst whichever process is asked, the progress of the moves stored
shown by both, and a dead process's review taken up again once its lease expires.

Nim on heaps 1 and 2, its first player throwing the game away, as in test_analysis_jobs.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import server_games
from running_site import postgres_schema

from tabletop.analysis import MctsAnalyst, Valuation, review
from tabletop.analysis.stored import analyst_key, save_moves
from tabletop.server.analysis_jobs import AnalysisJobs, Progress, record_of
from tabletop.server.analysis_worker import ValuationRequest, in_threads
from tabletop.server.hub import MemoryHub
from tabletop.server.live import LiveTable
from tabletop.server.service import TableRequest, TableService
from tabletop.store import SeatSpec, Store
from tabletop.store.store import now

pytestmark = pytest.mark.asyncio

ITERATIONS = 200
THROWN_AWAY = ((0, "2:2"), (1, "1:1"))
ANALYST = MctsAnalyst(2, ITERATIONS)
WAIT_STEPS = 500
"""How many 10 ms naps a test waits for a job's next step before it fails."""


class _Gate:
    """A position runner that lets through as many positions as it is told to (`allow`)."""

    def __init__(self) -> None:
        self.asked: list[ValuationRequest] = []
        self._passes = asyncio.Semaphore(0)
        self._real = in_threads(server_games.load)

    def allow(self, positions: int) -> None:
        for _ in range(positions):
            self._passes.release()

    async def __call__(self, request: ValuationRequest) -> Valuation:
        self.asked.append(request)
        await self._passes.acquire()
        return await self._real(request)


@dataclass
class _Process:
    """One server process's view of the shared database: its store, tables and analyses."""

    store: Store
    service: TableService
    gate: _Gate
    analyses: AnalysisJobs

    async def table(self, table_id: str) -> LiveTable:
        return await self.service.table(table_id)

    async def progress(self, table_id: str) -> Progress:
        live = await self.table(table_id)
        stored = await self.analyses.stored(live, ANALYST)
        return await self.analyses.progress(live, ANALYST, len(stored))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def shared_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with ExitStack() as stack:
        if request.param == "sqlite":
            yield f"sqlite:///{tmp_path / 'shared.sqlite3'}"
        else:
            yield stack.enter_context(postgres_schema("analysis"))


@pytest_asyncio.fixture
async def processes(shared_url: str) -> AsyncIterator[tuple[_Process, _Process]]:
    made = []
    for _ in range(2):
        store = Store.open(shared_url)
        gate = _Gate()
        jobs = AnalysisJobs(store, gate, iterations=ITERATIONS)
        made.append(_Process(store, TableService(store, MemoryHub(), server_games.load), gate, jobs))
    yield made[0], made[1]
    for process in made:
        process.gate.allow(10)
        await process.analyses.stop()
        await process.service.stop()
        process.store.close()


async def _thrown_away_nim(process: _Process) -> tuple[str, int]:
    """A finished Nim table of Ann and Bob; returns the table and Ann."""
    ann, bob = process.store.create_guest("Ann"), process.store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    live = await process.service.create_table(TableRequest("nim", seats, {"heaps": "1-2"}, seed=1))
    for seq, (seat, action) in enumerate(THROWN_AWAY):
        await process.service.play(live.id, seat, action, seq)
    return live.id, ann.id


async def _until_stored(store: Store, table_id: str, moves: int) -> None:
    for _ in range(WAIT_STEPS):
        if len(store.move_analyses(table_id, analyst_key(ANALYST))) >= moves:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{moves} analysed moves were never stored")


async def test_the_other_process_joins_the_review_under_way_and_shows_its_progress(
    processes: tuple[_Process, _Process],
) -> None:
    here, there = processes
    table_id, ann = await _thrown_away_nim(here)
    job = await here.analyses.request(await here.table(table_id), ann)
    assert job is not None
    assert await there.analyses.request(await there.table(table_id), ann) is None  # no second job
    assert await there.progress(table_id) == Progress("running", 0, 2)

    here.gate.allow(2)  # the positions before and after the first move
    await _until_stored(there.store, table_id, 1)
    assert await there.progress(table_id) == Progress("running", 1, 2)

    here.gate.allow(10)
    assert job.task is not None
    await job.task
    assert await there.progress(table_id) == Progress("complete", 2, 2)
    assert await here.progress(table_id) == Progress("complete", 2, 2)
    assert not there.gate.asked  # every position was valued once, by the process asked first


async def test_a_dead_process_review_expires_and_the_other_resumes_after_its_moves(
    processes: tuple[_Process, _Process],
) -> None:
    here, there = processes
    table_id, ann = await _thrown_away_nim(here)
    live = await there.table(table_id)
    save_moves(here.store, table_id, ANALYST, review(live.game, record_of(live), ANALYST).moves[:1])
    lease = timedelta(seconds=30)
    assert here.store.take_analysis_lease(table_id, analyst_key(ANALYST), "dead process", 2, lease)

    assert await there.analyses.request(live, ann) is None
    assert await there.progress(table_id) == Progress("running", 1, 2)
    later = now() + lease + timedelta(seconds=1)
    there.store.clock = lambda: later  # the dead process renewed nothing since
    assert await there.progress(table_id) == Progress("to do", 1, 2)

    job = await there.analyses.request(live, ann)
    assert job is not None and job.task is not None
    there.gate.allow(10)
    await job.task
    assert await there.progress(table_id) == Progress("complete", 2, 2)
    assert min(len(request.position.moves) for request in there.gate.asked) == 1  # resumed at move 2


async def test_a_review_under_way_keeps_its_lease_past_its_first_life(
    processes: tuple[_Process, _Process],
) -> None:
    here, there = processes
    table_id, ann = await _thrown_away_nim(here)
    moment = now()
    here.store.clock = there.store.clock = lambda: moment  # time moves only when the test says
    renewed_at = _renewal_times(here.store)
    quick = AnalysisJobs(here.store, here.gate, iterations=ITERATIONS, lease=0.3)  # renewed every 0.1 s
    job = await quick.request(await here.table(table_id), ann)  # waits at the gate
    assert job is not None
    moment += timedelta(seconds=10)  # its first lease (0.3 s) is long over...
    await _until(lambda: moment in renewed_at)  # ...but renewed from then on while it waits
    assert await there.progress(table_id) == Progress("running", 0, 2)
    assert await there.analyses.request(await there.table(table_id), ann) is None
    await quick.stop()


async def test_a_review_whose_lease_was_taken_over_stops_rather_than_run_twice(
    processes: tuple[_Process, _Process],
) -> None:
    here, there = processes
    table_id, ann = await _thrown_away_nim(here)
    quick = AnalysisJobs(here.store, here.gate, iterations=ITERATIONS, lease=0.3)  # renewed every 0.1 s
    job = await quick.request(await here.table(table_id), ann)  # waits at the gate
    assert job is not None and job.task is not None
    much_later = now() + timedelta(hours=1)  # `here` looks stalled from there
    there.store.clock = lambda: much_later
    assert there.store.take_analysis_lease(table_id, analyst_key(ANALYST), "there", 2, timedelta(hours=1))
    with pytest.raises(asyncio.CancelledError):
        await job.task  # its next renewal finds the lease gone
    lease = here.store.analysis_lease(table_id, analyst_key(ANALYST))
    assert lease is not None and lease.holder == "there"
    assert not here.store.move_analyses(table_id, analyst_key(ANALYST))


async def test_a_failure_in_one_process_is_shown_by_the_other_which_may_try_again(
    processes: tuple[_Process, _Process],
) -> None:
    here, there = processes
    table_id, ann = await _thrown_away_nim(here)

    async def broken(request: ValuationRequest) -> Valuation:
        raise RuntimeError("the worker died")

    failing = AnalysisJobs(here.store, broken, iterations=ITERATIONS)
    job = await failing.request(await here.table(table_id), ann)
    assert job is not None and job.task is not None
    await job.task
    error = "the analysis stopped at move 1: the worker died"
    assert await there.progress(table_id) == Progress("failed", 0, 2, error)

    retried = await there.analyses.request(await there.table(table_id), ann)
    assert retried is not None and retried.task is not None
    there.gate.allow(10)
    await retried.task
    assert await here.progress(table_id) == Progress("complete", 2, 2)


def _renewal_times(store: Store) -> list[datetime]:
    """The store's clock at each lease renewal from now on."""
    times: list[datetime] = []
    renew = store.renew_analysis_lease

    def recorded(*args: Any) -> bool:
        times.append(store.clock())
        return renew(*args)

    store.renew_analysis_lease = recorded  # type: ignore[method-assign]
    return times


async def _until(condition: Callable[[], bool]) -> None:
    for _ in range(WAIT_STEPS):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the job never got there")
