"""How fast a game runs through the public contract: random playouts, and MCTS iterations.

The playout loop is the one any outside program would write (`current_players`,
`legal_action_ids`, a random choice, `apply`), so the figures are what bots and
researchers actually get.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from time import perf_counter
from typing import Any

from tabletop.bots import MctsBot
from tabletop.engine import Game, Options, OptionValue, Rng, State

OPENSPIEL_TWINS: dict[str, tuple[str, dict[str, OptionValue]]] = {
    "kalah": ("mancala", {"end_rule": "sweep", "early_finish": False}),
}
"""Our games that OpenSpiel also has: its name, and our options that give its rules.

OpenSpiel's mancala is Kalah(6,4) with End-B and no early finish (the rules page's perft
tables are the same for both).
"""


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


@dataclass(frozen=True)
class Comparison:
    """The same random playouts through our engine and OpenSpiel's, timed in turns in one run."""

    ours: PlayoutSpeed
    openspiel: PlayoutSpeed

    @property
    def ratio(self) -> float:
        """Our games per second over OpenSpiel's (1.0 = as fast)."""
        return self.ours.games_per_second / self.openspiel.games_per_second


def compare_openspiel(game: Game, *, seconds: float = 2.0, rounds: int = 4, seed: int = 0) -> Comparison:
    """Random playouts of `game` and of its OpenSpiel twin, `rounds` turns each of `seconds / rounds`.

    Both loops draw from the same generator (`Rng.choice` over the legal actions), so the
    random numbers cost both the same; turns alternate so that a change in the machine's
    load falls on both. Needs OpenSpiel (`pip install -e '.[bench]'`).
    """
    if game.id not in OPENSPIEL_TWINS:
        raise ValueError(f"OpenSpiel has no twin of {game.id!r}; it has {', '.join(sorted(OPENSPIEL_TWINS))}")
    name, options = OPENSPIEL_TWINS[game.id]
    twin = _load_openspiel(name)
    ours: list[PlayoutSpeed] = []
    theirs: list[PlayoutSpeed] = []
    for turn in range(rounds):
        ours.append(random_playouts(game, options=options, seconds=seconds / rounds, seed=seed + turn))
        theirs.append(_openspiel_playouts(twin, name, seconds / rounds, seed + turn))
    return Comparison(_total(ours), _total(theirs))


def _load_openspiel(name: str) -> Any:
    """OpenSpiel's game `name`, or a clear error when the optional `bench` extra is missing."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError as error:
        raise ValueError(
            "OpenSpiel is not installed: pip install -c constraints.txt -e '.[bench]'"
        ) from error
    return pyspiel.load_game(name)


def _openspiel_playouts(twin: Any, name: str, seconds: float, seed: int) -> PlayoutSpeed:
    """OpenSpiel's own loop: `legal_actions`, a random choice, `apply_action`, until terminal."""
    rng = Rng(seed)
    games = actions = 0
    started = perf_counter()
    deadline = started + seconds
    while games == 0 or perf_counter() < deadline:
        state = twin.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    return PlayoutSpeed(f"openspiel:{name}", games, actions, perf_counter() - started)


def _total(parts: list[PlayoutSpeed]) -> PlayoutSpeed:
    return PlayoutSpeed(
        parts[0].game_id,
        sum(part.games for part in parts),
        sum(part.actions for part in parts),
        sum(part.seconds for part in parts),
    )


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
