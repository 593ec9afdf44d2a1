"""Who values the positions of a review: the game's strongest analyst at a fixed budget.

An analyst answers one question, `value(state, viewer)`: every seat's value of the
position as `viewer` can know it, the move `viewer` should make when it is to act and,
for an exact analyst, the value of each of its moves. `analyst_for` picks the strongest
one a table has:

- an exact solver, where one declares that it values the table (`bots.exact_values`:
  Yatzy's expected final score on every card with a table, Kalah's perfect-play margin on
  the boards its solver takes). A move's loss is then exact: the best action's value minus
  the played one's, before any dice fall;
- else MCTS at a fixed number of iterations, for every game through the contract,
  searching determinizations of the viewer's view only, so a review of a seat never uses
  what that seat could not see.

Each analyst has a `name`, a `version` and a `budget`: stored analyses are reused only for
the same three (`tabletop.store` keeps them per table and move).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from tabletop import bots
from tabletop.bots import ExactValues
from tabletop.bots.mcts import MctsBot, rank_rewards
from tabletop.engine import ActionId, OptionValue, Seat, State

DEFAULT_ITERATIONS = 400
"""MCTS iterations per position: a few seconds per game of Kalah, reproducible with the seed."""

ANALYSIS_SEED = 2027

MCTS_VERSION = "1"
"""Bump when MCTS or its valuation changes what a review says: stored reviews are then redone."""

UNITS = {"win": "chance of winning", "score": "expected score", "margin": "final margin, perfect play"}
"""The kinds of value (see `verdicts`), and how a page or a table heading names each."""


def shown_value(value: float, kind: str) -> str:
    """A value as people read it.

    >>> shown_value(0.634, "win"), shown_value(231.44, "score"), shown_value(4.0, "margin")
    ('63%', '231.4', '+4')
    """
    if kind == "win":
        return f"{value:.0%}"
    return f"{value:+.0f}" if kind == "margin" else f"{value:.1f}"


@dataclass(frozen=True)
class Valuation:
    """Every seat's value of one position (see `Analyst.kind`) and the viewer's preferred move.

    A value the analyst cannot give (an exact solver values the mover's side only) is NaN.
    `actions`, from an exact analyst, is the viewer's value after each of its legal actions.
    """

    values: tuple[float, ...]
    best: ActionId | None
    actions: Mapping[ActionId, float] | None = field(default=None)


class Analyst(Protocol):
    """Values positions for reviews; `kind` is one of `UNITS`."""

    name: str
    version: str
    budget: int
    kind: str

    def value(self, state: State, viewer: Seat) -> Valuation:
        """The position as `viewer` may know it; `best` is None when `viewer` is not to act."""
        ...


class MctsAnalyst:
    """MCTS at a fixed number of iterations, the same seed at every position (so reviews repeat)."""

    def __init__(self, players: int, iterations: int = DEFAULT_ITERATIONS, seed: int = ANALYSIS_SEED) -> None:
        self.name = f"mcts#{iterations}"
        self.version = MCTS_VERSION
        self.budget = iterations
        self.kind = "score" if players == 1 else "win"
        self.iterations = iterations
        self.seed = seed

    def value(self, state: State, viewer: Seat) -> Valuation:
        if state.is_over():
            return Valuation(final_values(state, self.kind), None)
        assessment = MctsBot(iterations=self.iterations, seed=self.seed).assess(state, viewer)
        return Valuation(assessment.seat_values, assessment.best)


class ExactAnalyst:
    """A solver's exact values: the viewer's best action value before, each action's value after.

    The best move is the first legal action of the highest value (the solver's bot plays it).
    """

    budget = 0
    """Exact values need no search budget: one stored review serves every budget asked for."""

    def __init__(self, solver: ExactValues) -> None:
        self.solver = solver
        self.name = solver.name
        self.version = solver.version
        self.kind = solver.kind

    def value(self, state: State, viewer: Seat) -> Valuation:
        if state.is_over():
            return Valuation(final_values(state, self.kind), None)
        values = [math.nan] * state.players
        if viewer not in state.current_players():
            return Valuation(tuple(values), None)
        actions = self.solver.action_values(state, viewer)
        best = max(actions, key=lambda action_id: actions[action_id])
        values[viewer] = actions[best]
        return Valuation(tuple(values), best, actions)


def final_values(state: State, kind: str) -> tuple[float, ...]:
    """Every seat's exact value of a finished game in a value of `kind`.

    >>> from tabletop import games
    >>> kalah = games.load("kalah")
    >>> over = kalah.replay(2, {"pits": 1, "seeds": 1, "early_finish": False}, 0, [(0, "1")])
    >>> final_values(over, "margin"), final_values(over, "win")
    ((0.0, 0.0), (0.5, 0.5))
    """
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("the game is not over")
    scores = [float(score) for score in outcome.scores]
    if kind == "score":
        return tuple(scores)
    if kind == "margin":
        return tuple(
            score - max(other for seat, other in enumerate(scores) if seat != mover)
            for mover, score in enumerate(scores)
        )
    return rank_rewards(outcome.ranks)


def analyst_for(
    game_id: str, players: int, options: Mapping[str, OptionValue], iterations: int = DEFAULT_ITERATIONS
) -> Analyst:
    """The strongest analyst of a table (resolved options): an exact solver where one values it, else MCTS."""
    solver = bots.exact_values(game_id, options)
    return MctsAnalyst(players, iterations) if solver is None else ExactAnalyst(solver)
