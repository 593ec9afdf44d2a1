"""Running bots off the event loop: a process pool with a time budget per move.

A bot's search is CPU-bound; in the event loop it would stall every connection. The
`ProcessBotRunner` sends a `BotRequest` to a worker process and waits at most the budget;
the table service then plays the answer through the same `play` path as a person.
`ThreadBotRunner` runs the same worker function in a thread (tests and tiny games).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol, TypeVar

import anyio.to_thread

from tabletop.engine import ActionId, Game
from tabletop.server.bot_worker import DEFAULT_LOADER, BotRequest, choose_action, choose_with

DEFAULT_TIME_BUDGET = 10.0
R = TypeVar("R")

_LOG = logging.getLogger(__name__)


class BotTimeout(Exception):
    """The bot did not answer within its time budget."""


class BotRunner(Protocol):
    """Chooses bot moves somewhere other than the event loop."""

    async def choose(self, request: BotRequest) -> ActionId:
        """The bot's action id; raises `BotTimeout` past the budget."""
        ...

    def close(self) -> None:
        """Stops the workers."""
        ...


class ProcessBotRunner:
    """Bots in a pool of worker processes (forkserver: no threads are copied into them).

    A worker that dies (killed, out of memory) breaks the whole pool; the runner then
    starts a new pool and asks again once, so one lost process does not leave every later
    bot move to chance.
    """

    def __init__(
        self, workers: int = 1, time_budget: float = DEFAULT_TIME_BUDGET, loader: str = DEFAULT_LOADER
    ) -> None:
        self._workers = workers
        self._pool = self._new_pool()
        self._time_budget = time_budget
        self._loader = loader

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        return ProcessPoolExecutor(max_workers=self._workers, mp_context=context)

    async def choose(self, request: BotRequest) -> ActionId:
        try:
            return await self._ask(request)
        except BrokenProcessPool:
            _LOG.warning("a bot worker died; starting a new pool of %d", self._workers)
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            return await self._ask(request)

    async def _ask(self, request: BotRequest) -> ActionId:
        future = asyncio.get_running_loop().run_in_executor(self._pool, choose_action, self._loader, request)
        try:
            return await asyncio.wait_for(future, self._time_budget)
        except TimeoutError as error:
            raise BotTimeout(f"{request.bot} took longer than {self._time_budget} s") from error

    async def run(self, function: Callable[..., R], *arguments: object) -> R:
        """Other CPU-bound work in the bots' pool, with no time budget: an analysis's positions,
        one at a time, so bot moves and analyses take turns at the same workers."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, function, *arguments)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class ThreadBotRunner:
    """Bots in a worker thread of this process, with the same budget (tests, small games)."""

    def __init__(self, load_game: Callable[[str], Game], time_budget: float = DEFAULT_TIME_BUDGET) -> None:
        self._time_budget = time_budget
        self._load_game = load_game

    async def choose(self, request: BotRequest) -> ActionId:
        try:
            with anyio.fail_after(self._time_budget):
                return await anyio.to_thread.run_sync(
                    choose_with, self._load_game, request, abandon_on_cancel=True
                )
        except TimeoutError as error:
            raise BotTimeout(f"{request.bot} took longer than {self._time_budget} s") from error

    def close(self) -> None:
        return None
