"""The registry: game ids mapped to the modules that define them, imported on first use.

The list of games itself lives in `tabletop.games`, so the engine names no game.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping

from tabletop.engine.actions import ActionId, Seat
from tabletop.engine.errors import UnknownGame
from tabletop.engine.game import Game
from tabletop.engine.options import Options
from tabletop.engine.state import JsonDict, State


class Registry:
    """Game ids to the module holding each game's `GAME` object."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, Game] = {}

    def load(self, game_id: str) -> Game:
        """The game with that id; raises `UnknownGame` listing the known ids."""
        if game_id not in self._loaded:
            if game_id not in self._modules:
                known = ", ".join(sorted(self._modules))
                raise UnknownGame(f"no game {game_id!r}; known games: {known}")
            game = importlib.import_module(self._modules[game_id]).GAME
            if not isinstance(game, Game) or game.id != game_id:
                raise TypeError(f"{self._modules[game_id]}.GAME is not the game {game_id!r}")
            self._loaded[game_id] = game
        return self._loaded[game_id]

    def all(self) -> list[Game]:
        """Every registered game, ordered by title."""
        return sorted((self.load(game_id) for game_id in self._modules), key=lambda g: g.title)

    def ids(self) -> list[str]:
        """Every registered id, without importing the games."""
        return sorted(self._modules)

    def replay(
        self,
        game_id: str,
        players: int,
        options: Options | None,
        seed: int,
        moves: Iterable[tuple[Seat, ActionId]],
        *,
        start: JsonDict | None = None,
    ) -> State:
        """The state reached from the seeded start (or `start`) of `game_id` by `moves` (`Game.replay`)."""
        return self.load(game_id).replay(players, options, seed, moves, start=start)
