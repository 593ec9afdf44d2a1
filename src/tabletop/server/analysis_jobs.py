"""Analyses as background jobs: a table's review, one position at a time in the bots' pool.

"Analyse" on a replay asks `AnalysisJobs.request`: a second request for the same table
and analyst (same version and budget) joins the job under way rather than starting
another, whichever server process it reaches: the job holds the table's analysis lease in
the store (`Store.take_analysis_lease`), renewed every third of `lease` while it waits or
works, so another process asked for the same review leaves it to the holder. Jobs share
`FairShare` slots like bot moves: at most `capacity` run at once in a process and each
requester has one running, the others waiting their turn. Every valued move is saved at
once (`analysis.stored`), so the progress any process shows (`progress`) is the moves
stored; a lease whose process died expires, and the next request resumes after the moves
stored; a table whose every move is stored is not searched again.

Who may ask (`check_may_analyse`): anyone, once a table is finished (its log is then
public); before that only the player of a solo table, whose review uses their own view
only (`analysis_worker`). A game of several under way is refused: its review would weigh
the others' positions, which that player may not see.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Hashable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from tabletop.analysis import (
    Analyst,
    GameRecord,
    PositionKey,
    ReviewPlan,
    Valuation,
    analyst_for,
    move_review,
    positions,
)
from tabletop.analysis.analysts import DEFAULT_ITERATIONS
from tabletop.analysis.review import MoveReview
from tabletop.analysis.stored import analyst_key, save_moves, stored_moves
from tabletop.server import errors
from tabletop.server.analysis_worker import PositionRunner, ValuationRequest
from tabletop.server.bot_worker import TablePosition
from tabletop.server.fair_share import FairShare
from tabletop.server.live import LiveTable, first_position
from tabletop.server.service import in_worker_thread
from tabletop.store import AnalystKey, Store

_LOG = logging.getLogger(__name__)

LEASE_SECONDS = 30.0
"""How long a review's lease lasts unless renewed: how soon a dead process's review can be resumed."""


@dataclass(frozen=True)
class Progress:
    """Where a table's analysis stands, as every process tells it: "running" (`done` of
    `total` moves stored so far), "failed" (with `error`), "complete" or "to do"."""

    state: str
    done: int
    total: int
    error: str | None = None


@dataclass
class AnalysisJob:
    """One table's review under way (or just ended) in this process: how far it got."""

    table_id: str
    analyst: AnalystKey
    total: int
    done: int = 0
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    @property
    def running(self) -> bool:
        """True until the review is complete, failed or cancelled."""
        return self.task is not None and not self.task.done()


def record_of(live: LiveTable) -> GameRecord:
    """The table's game as analysis reads it: its set-up and its moves so far."""
    record = live.record
    return GameRecord(
        record.game_id,
        record.players,
        dict(record.options),
        record.seed,
        live.moves(),
        first_position(record),
    )


def is_finished(live: LiveTable) -> bool:
    """Over on the board or ended otherwise (resigned, out of time): its log is public."""
    return live.record.status == "finished" or live.is_over


def may_see(live: LiveTable, player_id: int | None) -> bool:
    """Anyone sees a finished table's analysis; an unfinished solo table's only its player."""
    if is_finished(live):
        return True
    return live.record.players == 1 and live.record.seat_of(player_id) is not None


def check_may_analyse(live: LiveTable, player_id: int | None) -> None:
    """Refuses, saying why, an analysis this visitor may not ask for (see the module docstring)."""
    if is_finished(live):
        return
    if live.record.status != "playing" or not live.log:
        raise errors.BadRequest("this table has no moves to analyse yet")
    if live.record.seat_of(player_id) is None:
        raise errors.Forbidden(
            "this game is still being played: only its own player may analyse it before the end"
        )
    if live.record.players > 1:
        raise errors.Forbidden(
            "a game of several players is analysed once it is over: under way, its analysis "
            "would look at the other players' positions, which you may not see"
        )


class AnalysisJobs:
    """The analyses of this server process; `value` values one position off the event loop."""

    def __init__(
        self,
        store: Store,
        value: PositionRunner,
        *,
        capacity: int = 1,
        iterations: int = DEFAULT_ITERATIONS,
        lease: float = LEASE_SECONDS,
    ) -> None:
        self.store = store
        self.iterations = iterations
        self.holder = uuid.uuid4().hex
        """This process, as the holder of the leases of its reviews."""
        self._value = value
        self._share = FairShare(capacity)
        self._lease = timedelta(seconds=lease)
        self._jobs: dict[tuple[str, AnalystKey], AnalysisJob] = {}

    async def analyst(self, live: LiveTable) -> Analyst:
        """The table's analyst at the site's budget (an exact solver's module may take a moment to load)."""
        record = live.record
        options = live.game.resolve_options(record.options)
        return await in_worker_thread(analyst_for, record.game_id, record.players, options, self.iterations)

    async def stored(self, live: LiveTable, analyst: Analyst) -> list[MoveReview]:
        """The table's moves already valued by this analyst, from the first on."""
        return await in_worker_thread(stored_moves, self.store, live.id, record_of(live), analyst)

    async def progress(self, live: LiveTable, analyst: Analyst, stored: int) -> Progress:
        """Where the table's analysis stands, whichever process runs it; `stored` moves are valued."""
        lease = await in_worker_thread(self.store.analysis_lease, live.id, analyst_key(analyst))
        if lease is not None and lease.running:
            return Progress("running", min(stored, lease.total), lease.total)
        if lease is not None and lease.error is not None:
            return Progress("failed", stored, live.seq, lease.error)
        return Progress("complete" if stored == live.seq and stored else "to do", stored, live.seq)

    async def request(self, live: LiveTable, requester: Hashable) -> AnalysisJob | None:
        """Starts the table's review, or joins the one under way; callers check `check_may_analyse` first.

        None when another process holds the review: it goes on there, and `progress` shows it.
        """
        analyst = await self.analyst(live)
        key = (live.id, analyst_key(analyst))
        running = self._jobs.get(key)
        if running is not None and running.running:
            return running
        record = record_of(live)
        take = self.store.take_analysis_lease
        if not await in_worker_thread(take, live.id, key[1], self.holder, len(record.moves), self._lease):
            return None
        job = AnalysisJob(live.id, key[1], total=len(record.moves))
        job.task = asyncio.create_task(self._run(job, live, record, analyst, requester))
        self._jobs[key] = job
        return job

    async def stop(self) -> None:
        """Cancels the jobs under way (what they stored stays; the next request resumes)."""
        tasks = [job.task for job in self._jobs.values() if job.task is not None and job.running]
        for task in tasks:
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(
        self, job: AnalysisJob, live: LiveTable, record: GameRecord, analyst: Analyst, requester: Hashable
    ) -> None:
        """Reviews while renewing the lease; at the end (or when cancelled) gives it up, keeping
        the error of a failure for every process's page."""
        renewing = asyncio.create_task(self._renew(job, asyncio.current_task()))
        try:
            async with self._share.slot(requester):
                await self._review(job, live, record, analyst)
        except Exception as error:  # a broken analysis must say so on the page, not vanish
            _LOG.exception("the analysis of table %s failed", job.table_id)
            job.error = f"the analysis stopped at move {job.done + 1}: {error}"
        finally:
            renewing.cancel()
            end = self.store.end_analysis_lease
            await in_worker_thread(end, job.table_id, job.analyst, self.holder, job.error)
            self._forget(job)

    async def _renew(self, job: AnalysisJob, working: asyncio.Task[Any] | None) -> None:
        """Renews the job's lease every third of its life, while it waits for a slot and works.

        A lease found lost (this process stalled past its life and another took the review
        over) cancels the job: the review must not run twice.
        """
        renew = self.store.renew_analysis_lease
        while True:
            await asyncio.sleep(self._lease.total_seconds() / 3)
            if not await in_worker_thread(renew, job.table_id, job.analyst, self.holder, self._lease):
                _LOG.warning("the analysis of table %s was taken over by another process", job.table_id)
                if working is not None:
                    working.cancel()
                return

    def _forget(self, job: AnalysisJob) -> None:
        """Drops an ended job: the store holds its work, and the error of a failed one, from now on."""
        key = (job.table_id, job.analyst)
        if self._jobs.get(key) is job:
            del self._jobs[key]

    async def _review(self, job: AnalysisJob, live: LiveTable, record: GameRecord, analyst: Analyst) -> None:
        """Values the moves not stored yet, saving each one as soon as it is reviewed."""
        job.done = len(await in_worker_thread(stored_moves, self.store, job.table_id, record, analyst))
        states = await in_worker_thread(positions, live.game, record)
        plan = ReviewPlan(record, shared=not live.game.capabilities.hidden_information)
        valuations: dict[PositionKey, Valuation] = {}
        for index in range(job.done, job.total):
            before = await self._valued(record, plan.before(index), valuations)
            after_key = plan.after(index, before)
            after = None if after_key is None else await self._valued(record, after_key, valuations)
            move = record.moves[index]
            reviewed = move_review(
                states[index], index, move=move, before=before, after=after, kind=analyst.kind
            )
            await in_worker_thread(save_moves, self.store, job.table_id, analyst, [reviewed])
            job.done = index + 1

    async def _valued(
        self, record: GameRecord, key: PositionKey, valuations: dict[PositionKey, Valuation]
    ) -> Valuation:
        if key not in valuations:
            index, viewer = key
            position = TablePosition(
                record.game_id,
                record.players,
                dict(record.options),
                record.seed,
                record.moves[:index],
                record.start,
            )
            request = ValuationRequest(position, viewer, self.iterations)
            valuations[key] = await self._value(request)
        return valuations[key]
