"""What runs in a bot process: replay the table, hide what the seat cannot see, choose.

Only plain data crosses the process boundary (`BotRequest` in, an action id out; the
table's position is a `TablePosition`, the same as an analysis sends). The bot
is handed `state.determinize(seat, rng)`, never the true state, so whatever it does it
cannot learn more than a person in that seat (DESIGN.md, "Hidden information").
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop import bots
from tabletop.engine import ActionId, Game, JsonDict, Rng, Seat, State

DEFAULT_LOADER = "tabletop.games:load"


@dataclass(frozen=True)
class TablePosition:
    """A table after its first `len(moves)` moves, as picklable values: what every worker replays.

    Bot moves and analyses both send one, so what replays a table in a worker is written once.
    """

    game_id: str
    players: int
    options: dict[str, Any]
    seed: int
    moves: tuple[tuple[Seat, ActionId], ...]
    start: JsonDict | None = None
    """The table's first position when it began from another's (`live.first_position`)."""

    def replay(self, game: Game) -> State:
        """The position, replayed by `game` (the one `game_id` names) from the table's set-up."""
        return game.replay(self.players, self.options, self.seed, self.moves, start=self.start)


@dataclass(frozen=True)
class BotRequest:
    """Everything a bot needs to choose a move for `seat` at `position`."""

    position: TablePosition
    seat: Seat
    bot: str
    level: int
    bot_seed: int


def resolve_loader(reference: str) -> Callable[[str], Game]:
    """The game loader named "module:function" (the registry's `load` by default).

    >>> resolve_loader("tabletop.games:load").__name__
    'load'
    """
    module_name, _, attribute = reference.partition(":")
    loader: Callable[[str], Game] = getattr(importlib.import_module(module_name), attribute)
    return loader


def choose_action(loader: str, request: BotRequest) -> ActionId:
    """`choose_with` for a loader named by reference: what a worker process runs."""
    return choose_with(resolve_loader(loader), request)


def choose_with(load_game: Callable[[str], Game], request: BotRequest) -> ActionId:
    """Replays the table and lets the bot choose for its seat from a determinized copy."""
    state = request.position.replay(load_game(request.position.game_id))
    bot = bots.make(request.bot, level=request.level, seed=request.bot_seed)
    seen = state.determinize(request.seat, Rng(request.bot_seed))
    return bot.choose(seen, request.seat)
