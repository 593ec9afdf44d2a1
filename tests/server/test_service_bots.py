"""Bots in seats: they finish games through `play`, see only their seat, and a bot that
fails or runs out of time is replaced by a random legal move."""

from __future__ import annotations

import asyncio
import os
import signal
from typing import Any

import pytest
import server_games

from tabletop import bots
from tabletop.engine import ActionId, Seat, State
from tabletop.server import bot_worker
from tabletop.server.bot_runner import BotTimeout, ProcessBotRunner, ThreadBotRunner
from tabletop.server.bot_worker import BotRequest, TablePosition
from tabletop.server.hub import MemoryHub
from tabletop.server.live import LiveTable
from tabletop.server.service import TableRequest, TableService
from tabletop.store import SeatSpec, Store

pytestmark = pytest.mark.asyncio


async def _until_over(service: TableService, table_id: str, timeout: float = 20.0) -> LiveTable:
    async def wait() -> LiveTable:
        while True:
            live = await service.table(table_id)
            if live.record.status == "finished":
                return live
            await asyncio.sleep(0.01)

    return await asyncio.wait_for(wait(), timeout)


async def test_two_random_bots_finish_a_game(service: TableService, store: Store) -> None:
    seats = (SeatSpec(bot="random", bot_level=1), SeatSpec(bot="random", bot_level=1))
    live = await service.create_table(TableRequest("nim", seats, {"heaps": "3-4-5"}, seed=3))
    finished = await _until_over(service, live.id)
    moves = store.moves(live.id)
    assert finished.is_over and len(moves) == finished.seq >= 3
    assert [move.seq for move in moves] == list(range(1, len(moves) + 1))
    replayed = server_games.load("nim").replay(
        2, {"heaps": "3-4-5"}, 3, [(m.seat, m.action_id) for m in moves]
    )
    assert replayed.to_json() == finished.state.to_json()


async def test_a_person_plays_kalah_to_the_end_against_mcts(service: TableService, store: Store) -> None:
    ann = store.create_guest("Ann")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(bot="mcts", bot_level=1))
    live = await service.create_table(TableRequest("kalah", seats, {}, seed=5))

    async def play_first_legal_moves() -> None:
        while not live.is_over:
            if 0 in live.state.current_players():
                await service.play_as(live.id, ann.id, live.state.legal_action_ids(0)[0], live.seq)
            await asyncio.sleep(0.005)

    await asyncio.wait_for(play_first_legal_moves(), 60)
    finished = await _until_over(service, live.id)
    seats_that_moved = {move.seat for move in store.moves(live.id)}
    assert seats_that_moved == {0, 1} and finished.record.result is not None


class _RecordingBot:
    name = "recording"

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []

    def choose(self, state: State, seat: Seat) -> ActionId:
        self.seen.append(state.to_json())
        return state.legal_action_ids(seat)[0]


async def test_a_bot_is_shown_only_what_its_seat_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = _RecordingBot()
    monkeypatch.setattr(bot_worker.bots, "make", lambda name, level, seed: recorder)
    game = server_games.load("secret")
    true_cards = game.new_state(2, {}, 11).to_json()["cards"]
    request = BotRequest(TablePosition("secret", 2, {}, 11, ()), 0, "recording", 1, 99)
    assert bot_worker.choose_with(server_games.load, request) == "high"
    assert recorder.seen[0]["cards"] == [true_cards[0], 0]


class _FailingRunner:
    def __init__(self, error: Exception) -> None:
        self.error = error
        self.requests: list[BotRequest] = []

    async def choose(self, request: BotRequest) -> ActionId:
        self.requests.append(request)
        raise self.error

    def close(self) -> None:
        return None


@pytest.mark.parametrize("error", [BotTimeout("too slow"), RuntimeError("bot crashed")])
async def test_a_failing_bot_plays_a_random_legal_move(store: Store, error: Exception) -> None:
    runner = _FailingRunner(error)
    service = TableService(store, MemoryHub(), server_games.load, runner)
    seats = (SeatSpec(bot="random", bot_level=1), SeatSpec(bot="random", bot_level=1))
    live = await service.create_table(TableRequest("secret", seats, {}, seed=2))
    finished = await _until_over(service, live.id)
    assert len(store.moves(live.id)) == 4 and finished.is_over
    assert [request.seat for request in runner.requests] == [0, 1, 0, 1]
    assert [len(request.position.moves) for request in runner.requests] == [0, 1, 2, 3]


async def test_bots_restart_after_a_rebuild(store: Store) -> None:
    """A table whose bot was to move when the server stopped continues after `start`."""
    ann = store.create_guest("Ann")
    first = TableService(store, MemoryHub(), server_games.load)  # no bot runner: bots never move
    seats = (SeatSpec(player_id=ann.id), SeatSpec(bot="random", bot_level=1))
    live = await first.create_table(TableRequest("secret", seats, {}, seed=4))
    await first.play_as(live.id, ann.id, "high", 0)
    assert len(store.moves(live.id)) == 1

    second = TableService(store, MemoryHub(), server_games.load, ThreadBotRunner(server_games.load))
    await second.start()

    async def bot_moved() -> None:
        while len(store.moves(live.id)) < 2:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(bot_moved(), 10)
    assert store.moves(live.id)[1].seat == 1
    await second.stop()


async def test_the_process_pool_plays_a_whole_kalah_game(store: Store) -> None:
    runner = ProcessBotRunner(workers=1, time_budget=30)
    service = TableService(store, MemoryHub(), server_games.load, runner)
    try:
        seats = (SeatSpec(bot="random", bot_level=1), SeatSpec(bot="mcts", bot_level=1))
        live = await service.create_table(TableRequest("kalah", seats, {}, seed=8))
        finished = await _until_over(service, live.id, timeout=120)
    finally:
        await service.stop()
        runner.close()
    assert finished.state.outcome() is not None
    assert finished.record.result == finished.state.outcome()
    assert "mcts" in bots.names()


async def test_a_killed_bot_worker_is_replaced() -> None:
    """Issue 11, item 7: one SIGKILLed worker used to break every later bot move."""
    runner = ProcessBotRunner(workers=1, time_budget=30)
    request = BotRequest(TablePosition("kalah", 2, {}, 5, ()), 0, "random", 1, 7)
    try:
        first = await runner.choose(request)
        for process in list(runner._pool._processes.values()):  # type: ignore[attr-defined]
            os.kill(process.pid, signal.SIGKILL)
        await asyncio.sleep(0.5)
        assert await runner.choose(request) == first  # the same seeded answer, not a fallback
    finally:
        runner.close()
