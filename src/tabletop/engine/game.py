"""`Game`: what a game is (players, options, capabilities) and how its states are made."""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop.engine.actions import ActionId, Seat
from tabletop.engine.errors import InvalidOptions
from tabletop.engine.options import Option, Options, OptionValue, resolve_options
from tabletop.engine.people import People
from tabletop.engine.state import JsonDict, State


@dataclass(frozen=True)
class Capabilities:
    """What kind of game this is, so bots and the server can refuse what they cannot handle."""

    chance: bool = False
    hidden_information: bool = False
    simultaneous: bool = False


class Game(ABC):
    """One game of the library: its declarations and a factory for its states.

    A game package defines one subclass, fills the class attributes and implements the
    abstract methods; `tabletop.games` lists it in the registry.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Mapping[str, Option]]
    capabilities: ClassVar[Capabilities]

    def new_state(self, players: int | None = None, options: Options | None = None, seed: int = 0) -> State:
        """The starting position for `players` seats (default: the minimum) with seeded chance."""
        count = self.min_players if players is None else players
        return self._new_state(self.check_players(count), self.resolve_options(options), seed)

    def check_players(self, players: int) -> int:
        """`players` if this game can be played by that many; raises `InvalidOptions` if not."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptions(f"the number of players must be a whole number; got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(f"{self.title} is played by {self.player_range()} players; got {players}")
        return players

    def resolve_options(self, options: Options | None) -> dict[str, OptionValue]:
        """Every declared option with its validated value (see `resolve_options`)."""
        return resolve_options(self.options, options)

    def player_range(self) -> str:
        """ "2" or "1–8": how many may play, for people."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"

    def replay(
        self,
        players: int,
        options: Options | None,
        seed: int,
        moves: Iterable[tuple[Seat, ActionId]],
        *,
        start: JsonDict | None = None,
    ) -> State:
        """The state reached by playing `moves` from the seeded start; raises on the first illegal one.

        A table begun from another table's position (`State.start_here`) gives that
        position's `to_json` as `start`: its moves are played from there, and `seed`
        is not used again, since the snapshot carries the generator it was given. A game
        may keep the lists of the data it is given, so it is given a copy: the stored
        snapshot must stay as it was for the next replay.
        """
        if start is None:
            state = self.new_state(players, options, seed)
        else:
            state = self.state_from_json(copy.deepcopy(start))
        for seat, action_id in moves:
            state.apply(seat, action_id)
        return state

    def evaluate(self, state: State) -> Sequence[float] | None:
        """A heuristic value per seat in [-1, 1] (1 = sure win), or None for no opinion.

        Search bots call it to judge a position without playing it out; a game overrides
        it when it knows what matters (material, mobility, score difference).
        """
        return None

    def action_space(self, players: int, options: Options | None = None) -> tuple[ActionId, ...]:
        """Every action id that can ever be legal at such a table, in a fixed order.

        An id's position is its integer for research libraries (OpenSpiel, PettingZoo), so
        the order is part of the game's documented notation and never changes silently.
        It is enumerated from the notation (the board's cells, the cards, the dice), never
        by exploring games; the conformance suite checks that every legal id of random
        games is in it. Games fill `_action_space`.
        """
        return self._action_space(self.check_players(players), self.resolve_options(options))

    def observation_shape(self, players: int, options: Options | None = None) -> tuple[int, ...]:
        """The shape of every `State.observation` tensor at such a table (fixed per table)."""
        return self._observation_shape(self.check_players(players), self.resolve_options(options))

    def score_bounds(self, players: int, options: Options | None = None) -> tuple[float, float]:
        """The lowest and highest final score a seat can reach at such a table (true bounds).

        Research adapters scale a solo game's score into [0, 1] with it; a game that can be
        played alone overrides it.
        """
        raise NotImplementedError(f"{self.title} declares no score bounds")

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        """The action space with validated arguments; every registered game overrides it."""
        raise NotImplementedError(f"{self.title} declares no action space")

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        """The observation shape with validated arguments; every registered game overrides it."""
        raise NotImplementedError(f"{self.title} declares no observation tensor")

    @abstractmethod
    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        """The starting position, with options already validated."""

    @abstractmethod
    def state_from_json(self, data: JsonDict) -> State:
        """Rebuilds exactly the state that `State.to_json` wrote."""

    @abstractmethod
    def max_length(self, players: int, options: Options | None = None) -> int:
        """An upper bound on the number of actions in one game (the conformance suite checks it)."""

    def draw_svg(self, view: Mapping[str, Any], names: Sequence[str] = (), viewer: Seat | None = None) -> str:
        """The board drawn from a view as SVG, its players named for `viewer` (see `People`).

        Seats without a name in `names` read "Player 1…N"; the viewer's own seat reads "you".
        """
        return People.of_view(view, names, viewer).resolve(self._draw_svg(view), markup=True)

    def draw_text(
        self, view: Mapping[str, Any], names: Sequence[str] = (), viewer: Seat | None = None
    ) -> str:
        """The board drawn from a view as plain text, for the terminal and debugging."""
        return People.of_view(view, names, viewer).resolve(self._draw_text(view))

    @abstractmethod
    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        """The SVG document whose element ids the actions' paths name; players as `mention`s."""

    @abstractmethod
    def _draw_text(self, view: Mapping[str, Any]) -> str:
        """The text drawing; players as `mention`s."""
