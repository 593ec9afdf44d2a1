"""Analyses as background jobs: who may ask, one job per table and analyst, a fair share of the
pool, every move stored as it is valued, and only the viewer's view ever valued.

Nim on heaps 1 and 2 is small enough that MCTS's values are exact (tests/analysis): the first
player wins by taking one stone from the second heap and throws the game away by taking both.
"""

from __future__ import annotations

import asyncio

import pytest
import server_games

from tabletop.analysis import MctsAnalyst, Valuation, review
from tabletop.analysis.stored import analyst_key, save_moves, stored_moves
from tabletop.server import errors
from tabletop.server.analysis_jobs import AnalysisJobs, Progress, check_may_analyse, may_see, record_of
from tabletop.server.analysis_worker import ValuationRequest, in_threads, value_with
from tabletop.server.bot_worker import TablePosition
from tabletop.server.service import TableRequest, TableService
from tabletop.store import SeatSpec, Store

pytestmark = pytest.mark.asyncio

ITERATIONS = 200
THROWN_AWAY = ((0, "2:2"), (1, "1:1"))


async def _nim(
    service: TableService, store: Store, moves: tuple[tuple[int, str], ...]
) -> tuple[str, int, int]:
    """A Nim table (heaps 1 and 2) of Ann and Bob after `moves`; returns (table, Ann, Bob)."""
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    live = await service.create_table(TableRequest("nim", seats, {"heaps": "1-2"}, seed=1))
    for seq, (seat, action) in enumerate(moves):
        await service.play(live.id, seat, action, seq)
    return live.id, ann.id, bob.id


class _Gate:
    """A position runner that records each request and waits until it is let through."""

    def __init__(self) -> None:
        self.asked: list[ValuationRequest] = []
        self.open = asyncio.Event()
        self._real = in_threads(server_games.load)

    async def __call__(self, request: ValuationRequest) -> Valuation:
        self.asked.append(request)
        await self.open.wait()
        return await self._real(request)


async def test_a_finished_table_is_reviewed_and_every_move_stored(
    service: TableService, store: Store
) -> None:
    table_id, ann, _ = await _nim(service, store, THROWN_AWAY)
    jobs = AnalysisJobs(store, in_threads(server_games.load), iterations=ITERATIONS)
    live = await service.table(table_id)
    job = await jobs.request(live, ann)
    assert job is not None and job.task is not None
    await job.task
    assert (job.done, job.total, job.error) == (2, 2, None)
    stored = stored_moves(store, table_id, record_of(live), MctsAnalyst(2, ITERATIONS))
    assert [(move.played, move.best, move.verdict.value) for move in stored] == [
        ("2:2", "2:1", "blunder"),
        ("1:1", "1:1", "best"),
    ]


async def test_a_second_request_joins_the_job_under_way(service: TableService, store: Store) -> None:
    table_id, ann, bob = await _nim(service, store, THROWN_AWAY)
    gate = _Gate()
    jobs = AnalysisJobs(store, gate, iterations=ITERATIONS)
    live = await service.table(table_id)
    first = await jobs.request(live, ann)
    second = await jobs.request(live, bob)
    assert first is not None and second is first and first.running
    gate.open.set()
    assert first.task is not None
    await first.task
    assert not first.running and first.done == 2


async def test_each_requester_has_one_analysis_running_at_a_time(service: TableService, store: Store) -> None:
    one, ann, _ = await _nim(service, store, THROWN_AWAY)
    other, _, _ = await _nim(service, store, THROWN_AWAY)
    gate = _Gate()
    jobs = AnalysisJobs(store, gate, capacity=2, iterations=ITERATIONS)
    first = await jobs.request(await service.table(one), ann)
    second = await jobs.request(await service.table(other), ann)
    assert first is not None and second is not None
    await asyncio.sleep(0.05)
    assert len(gate.asked) == 1 and second.done == 0  # the second waits for Ann's first
    gate.open.set()
    assert first.task is not None and second.task is not None
    await asyncio.gather(first.task, second.task)
    assert (first.done, second.done) == (2, 2)


async def test_a_review_resumes_after_the_moves_already_stored(service: TableService, store: Store) -> None:
    table_id, ann, _ = await _nim(service, store, THROWN_AWAY)
    live = await service.table(table_id)
    analyst = MctsAnalyst(2, ITERATIONS)
    first_move = review(server_games.load("nim"), record_of(live), analyst).moves[:1]
    save_moves(store, table_id, analyst, first_move)
    gate = _Gate()
    gate.open.set()
    jobs = AnalysisJobs(store, gate, iterations=ITERATIONS)
    job = await jobs.request(live, ann)
    assert job is not None and job.task is not None
    await job.task
    assert job.done == 2 and min(len(request.position.moves) for request in gate.asked) == 1
    assert len(store.move_analyses(table_id, analyst_key(analyst))) == 2


async def test_only_the_player_of_a_solo_table_may_analyse_it_before_the_end(
    service: TableService, store: Store
) -> None:
    ann, carol = store.create_guest("Ann"), store.create_guest("Carol")
    solo = await service.create_table(TableRequest("pick", (SeatSpec(player_id=ann.id),), {}))
    await service.play(solo.id, 0, "take:0", 0)
    live = await service.table(solo.id)
    check_may_analyse(live, ann.id)
    assert may_see(live, ann.id) and not may_see(live, carol.id)
    with pytest.raises(errors.Forbidden, match="only its own player"):
        check_may_analyse(live, carol.id)


async def test_a_game_of_several_under_way_is_refused_even_to_its_players(
    service: TableService, store: Store
) -> None:
    table_id, ann, _ = await _nim(service, store, ((0, "1:1"),))
    live = await service.table(table_id)
    with pytest.raises(errors.Forbidden, match="other players' positions"):
        check_may_analyse(live, ann)
    assert not may_see(live, ann)


async def test_a_table_without_moves_has_nothing_to_analyse(service: TableService, store: Store) -> None:
    ann = store.create_guest("Ann")
    waiting = await service.create_table(TableRequest("nim", (SeatSpec(player_id=ann.id), SeatSpec()), {}))
    with pytest.raises(errors.BadRequest, match="no moves to analyse"):
        check_may_analyse(await service.table(waiting.id), ann.id)


async def test_a_position_is_valued_from_the_viewers_view_only() -> None:
    # Goofspiel: seat 1 has bid 1 or 4, still secret; seat 0's valuation cannot depend on it.
    def valued(secret_bid: str) -> Valuation:
        request = ValuationRequest(TablePosition("goofspiel", 2, {"cards": 4}, 5, ((1, secret_bid),)), 0, 300)
        return value_with(server_games.load, request)

    assert valued("1") == valued("4")


async def test_a_failed_analysis_says_where_it_stopped_until_a_new_request_completes_it(
    service: TableService, store: Store
) -> None:
    table_id, ann, _ = await _nim(service, store, THROWN_AWAY)
    live = await service.table(table_id)

    async def broken(request: ValuationRequest) -> Valuation:
        raise RuntimeError("the worker died")

    failing = AnalysisJobs(store, broken, iterations=ITERATIONS)
    job = await failing.request(live, ann)
    assert job is not None and job.task is not None
    await job.task
    assert job.error == "the analysis stopped at move 1: the worker died"
    analyst = MctsAnalyst(2, ITERATIONS)
    assert await failing.progress(live, analyst, 0) == Progress("failed", 0, 2, job.error)
    working = AnalysisJobs(store, in_threads(server_games.load), iterations=ITERATIONS)
    done = await working.request(live, ann)
    assert done is not None and done.task is not None
    await done.task
    assert done.error is None and await failing.progress(live, analyst, 2) == Progress("complete", 2, 2)


async def test_a_table_begun_from_a_position_is_valued_from_its_snapshot() -> None:
    position = server_games.load("nim").new_state(2, {"heaps": "1-2"}, 0)
    position.apply(0, "2:2")  # heaps 1-0, seat 1 to move and certain to win
    start = position.start_here(seed=1).to_json()
    request = ValuationRequest(TablePosition("nim", 2, {"heaps": "1-2"}, 0, (), start), 1, 60)
    assert value_with(server_games.load, request).values[1] == pytest.approx(1.0)
