"""What every route needs, built once per app: settings, store, hub, table service, rate limits,
analyses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

from starlette.requests import HTTPConnection

from tabletop.engine import Game
from tabletop.server.analysis_jobs import AnalysisJobs
from tabletop.server.hub import Hub
from tabletop.server.rate_limits import RateLimits
from tabletop.server.service import TableService, in_worker_thread
from tabletop.server.settings import Settings
from tabletop.server.spectator_feed import SpectatorFeeds
from tabletop.server.watchers import Watchers
from tabletop.store import Store

P = ParamSpec("P")
R = TypeVar("R")


@dataclass
class Context:
    """The server's shared objects; `context_of(request)` finds it.

    `watchers` are this process's open table connections (the spectator counts), and
    `spectator_feeds` the paced events their spectators hear.
    """

    settings: Settings
    store: Store
    hub: Hub
    service: TableService
    list_games: Callable[[], list[Game]]
    limits: RateLimits
    analyses: AnalysisJobs
    watchers: Watchers = field(default_factory=Watchers)
    spectator_feeds: SpectatorFeeds = field(init=False)

    def __post_init__(self) -> None:
        self.spectator_feeds = SpectatorFeeds(self.hub)

    async def run(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Runs a blocking store call in a worker thread."""
        return await in_worker_thread(function, *args, **kwargs)


def context_of(connection: HTTPConnection) -> Context:
    """The context of the app serving this request or WebSocket."""
    context: Context = connection.app.state.context
    return context
