"""How fast a game runs through the public contract: random playouts, and MCTS iterations.

The playout loop is the one any outside program would write (`current_players`,
`legal_action_ids`, a random choice, `apply`), so the figures are what bots and
researchers actually get.
"""

from __future__ import annotations

from dataclasses import dataclass
from time import perf_counter

from tabletop.bots import MctsBot
from tabletop.engine import Game, Options, Rng, State


@dataclass(frozen=True)
class PlayoutSpeed:
    """Random games played to the end: how many, how many actions, and the time they took."""

    game_id: str
    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def mean_length(self) -> float:
        return self.actions / self.games


@dataclass(frozen=True)
class SearchSpeed:
    """One MCTS search from the first real decision of a game."""

    game_id: str
    iterations: int
    seconds: float

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds


def random_playouts(
    game: Game,
    *,
    players: int | None = None,
    options: Options | None = None,
    seconds: float = 1.0,
    count: int | None = None,
    seed: int = 0,
) -> PlayoutSpeed:
    """Random games for `seconds` (at least one), or exactly `count` games when given."""
    rng = Rng(seed)
    games = actions = 0
    started = perf_counter()
    deadline = started + seconds
    while games < count if count is not None else games == 0 or perf_counter() < deadline:
        actions += play_randomly(game.new_state(players, options, seed + games), rng)
        games += 1
    return PlayoutSpeed(game.id, games, actions, perf_counter() - started)


def play_randomly(state: State, rng: Rng) -> int:
    """Plays uniformly random legal actions to the end; returns how many were played."""
    actions = 0
    while seats := state.current_players():
        seat = seats[0]
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        actions += 1
    return actions


def search_speed(
    game: Game,
    *,
    players: int | None = None,
    options: Options | None = None,
    seconds: float = 1.0,
    seed: int = 0,
) -> SearchSpeed:
    """MCTS for `seconds` at the first position where the mover has a real choice."""
    state = game.new_state(players, options, seed)
    while (seats := state.current_players()) and len(legal := state.legal_action_ids(seats[0])) == 1:
        state.apply(seats[0], legal[0])
    if not seats:
        raise ValueError(f"{game.title} ends before anyone has a choice to make")
    result = MctsBot(seconds=seconds, seed=seed).search(state, seats[0])
    return SearchSpeed(game.id, result.iterations, result.seconds)
