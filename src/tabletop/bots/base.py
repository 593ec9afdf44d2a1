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


class ExactValues(Protocol):
    """A solver's exact value of each legal action, for post-game analysis (`bots.exact_values`).

    `kind` says what a value is: "score" (the mover's expected final score) or "margin"
    (the mover's final lead under perfect play). `version` changes whenever a value could
    (a new solver or rule), so stored analyses of an older one are not reused.
    """

    name: str
    version: str
    kind: str

    def action_values(self, state: State, seat: Seat) -> dict[ActionId, float]:
        """Per legal action of `seat`, which is to act: its value for `seat` once that action is taken.

        It reads the position through `state.view(seat)` or what is public, never more.
        """
        ...
