"""The random bot: a uniformly random legal action. The baseline every other bot must beat."""

from __future__ import annotations

from tabletop.engine import ActionId, Rng, Seat, State


class RandomBot:
    """Picks uniformly among the legal actions of its seat, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def choose(self, state: State, seat: Seat) -> ActionId:
        """Any legal action of `seat`, uniformly."""
        actions = state.legal_action_ids(seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action to choose from")
        return self._rng.choice(actions)
