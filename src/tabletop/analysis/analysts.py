"""Who values the positions of a review: the game's strongest bot at a fixed budget.

An analyst answers one question, `value(state, viewer)`: every seat's value of the
position as `viewer` can know it, and the move `viewer` should make when it is to act.
MCTS answers it for every game through the contract, searching determinizations of the
viewer's view only, so a review of a seat never uses what that seat could not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from tabletop.bots.mcts import MctsBot, rank_rewards
from tabletop.engine import ActionId, Seat, State

DEFAULT_ITERATIONS = 400
"""MCTS iterations per position: a few seconds per game of Kalah, reproducible with the seed."""

ANALYSIS_SEED = 2027


@dataclass(frozen=True)
class Valuation:
    """Every seat's value of one position (see `Analyst.kind`) and the viewer's preferred move."""

    values: tuple[float, ...]
    best: ActionId | None


class Analyst(Protocol):
    """Values positions for reviews; `kind` is "win" (chance of winning) or "score" (expected score)."""

    name: str
    kind: str

    def value(self, state: State, viewer: Seat) -> Valuation:
        """The position as `viewer` may know it; `best` is None when `viewer` is not to act."""
        ...


class MctsAnalyst:
    """MCTS at a fixed number of iterations, the same seed at every position (so reviews repeat)."""

    def __init__(self, players: int, iterations: int = DEFAULT_ITERATIONS, seed: int = ANALYSIS_SEED) -> None:
        self.name = f"mcts#{iterations}"
        self.kind = "score" if players == 1 else "win"
        self.iterations = iterations
        self.seed = seed

    def value(self, state: State, viewer: Seat) -> Valuation:
        outcome = state.outcome() if state.is_over() else None
        if outcome is not None:
            values = outcome.scores if state.players == 1 else rank_rewards(outcome.ranks)
            return Valuation(tuple(values), None)
        assessment = MctsBot(iterations=self.iterations, seed=self.seed).assess(state, viewer)
        return Valuation(assessment.seat_values, assessment.best)


def analyst_for(players: int, iterations: int = DEFAULT_ITERATIONS) -> Analyst:
    """The analyst of a game at this player count."""
    return MctsAnalyst(players, iterations)
