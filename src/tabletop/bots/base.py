"""What a bot is: something that picks an action for a seat, seeing only that seat's view."""

from __future__ import annotations

from typing import Protocol

from tabletop.engine import ActionId, Seat, State


class Bot(Protocol):
    """A player program.

    `choose` may look at `state` only through `state.determinize(seat, rng)` (or through
    public methods that reveal nothing hidden: `current_players`, `legal_actions(seat)`,
    `view(seat)`), so it never learns more than a person in that seat would.
    """

    name: str

    def choose(self, state: State, seat: Seat) -> ActionId:
        """The id of one legal action of `seat` in `state`; `state` itself is not changed."""
        ...
