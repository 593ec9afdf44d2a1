"""What runs in a bot process for an analysis: replay the table, hide what the viewer cannot see, value.

One request values one position of a table from one seat's view (`ValuationRequest`), so
an analysis shares the bots' pool a position at a time and a bot move at a live table
never waits behind a whole game's review. As for bot moves, the analyst is handed
`state.determinize(viewer, rng)`, never the true state, so whatever it does it cannot learn
more than that seat could see (an unfinished table's review never uses what its player
could not see).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import anyio.to_thread

from tabletop.analysis import Valuation, analyst_for
from tabletop.analysis.analysts import ANALYSIS_SEED
from tabletop.engine import Game, Rng, Seat
from tabletop.server.bot_worker import DEFAULT_LOADER, TablePosition, resolve_loader

PositionRunner = Callable[["ValuationRequest"], Awaitable[Valuation]]
"""Values one position somewhere other than the event loop (the bots' pool, or a thread in tests)."""


@dataclass(frozen=True)
class ValuationRequest:
    """One position of a table to value from `viewer`'s view, with the analyst's search budget."""

    position: TablePosition
    viewer: Seat
    iterations: int


def value_position(loader: str, request: ValuationRequest) -> Valuation:
    """`value_with` for a loader named by reference: what a worker process runs."""
    return value_with(resolve_loader(loader), request)


def value_with(load_game: Callable[[str], Game], request: ValuationRequest) -> Valuation:
    """Replays the position and values it with the table's analyst, from the viewer's view only."""
    position = request.position
    game = load_game(position.game_id)
    state = position.replay(game)
    analyst = analyst_for(
        position.game_id, position.players, game.resolve_options(position.options), request.iterations
    )
    seen = state if state.is_over() else state.determinize(request.viewer, Rng(ANALYSIS_SEED))
    return analyst.value(seen, request.viewer)


def in_pool(run: Callable[..., Awaitable[Valuation]], loader: str = DEFAULT_LOADER) -> PositionRunner:
    """Positions valued by `run(function, *arguments)` (the bots' process pool, `ProcessBotRunner.run`)."""

    async def valued(request: ValuationRequest) -> Valuation:
        return await run(value_position, loader, request)

    return valued


def in_threads(load_game: Callable[[str], Game]) -> PositionRunner:
    """Positions valued in a worker thread of this process (tests, and servers given their own bots)."""

    async def valued(request: ValuationRequest) -> Valuation:
        return await anyio.to_thread.run_sync(value_with, load_game, request)

    return valued
