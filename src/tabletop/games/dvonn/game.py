"""`DvonnGame`: DVONN's declarations, its table options and the factory of its states.

See the package docstring for the rule set and the decisions taken where the rules are silent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import (
    ActionId,
    Capabilities,
    ChoiceOption,
    Game,
    JsonDict,
    Option,
    Options,
    OptionValue,
    Rng,
    State,
)
from tabletop.games.dvonn import board, drawing, evaluator
from tabletop.games.dvonn.board import CELL_COUNT
from tabletop.games.dvonn.state import DvonnState

PLACEMENT_SETUP = "placement"
RANDOM_SETUP = "random"
MOVES_AT_MOST = CELL_COUNT - 1
"""Every move merges two stacks, so 49 stacks allow at most 48 moves."""


class DvonnGame(Game):
    """DVONN for two players, with the placement phase or BGA's random setup."""

    id: ClassVar[str] = "dvonn"
    title: ClassVar[str] = "DVONN"
    description: ClassVar[str] = (
        "Place the pieces around three red DVONN pieces, then jump stacks onto stacks: a stack moves "
        "exactly as far as it is tall, and whatever loses touch with the DVONN pieces leaves the board."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[Mapping[str, Option]] = {
        "setup": ChoiceOption(
            default=PLACEMENT_SETUP,
            values=(PLACEMENT_SETUP, RANDOM_SETUP),
            label="Start",
            help="The players place all 49 pieces (standard), or the board is filled at random "
            "and play starts with the moves",
            names={PLACEMENT_SETUP: "Players place the pieces", RANDOM_SETUP: "Random board (experimental)"},
        )
    }
    capabilities: ClassVar[Capabilities] = Capabilities()

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        state = DvonnState(self, options, Rng(seed))
        if options["setup"] == RANDOM_SETUP:
            state.set_up_randomly()
        return state

    def state_from_json(self, data: JsonDict) -> State:
        state = DvonnState(self, self.resolve_options(data["options"]), Rng(0))
        state.load_json(data)
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        """Placements, plus at most 48 moves, plus a forced pass before each move and at the very start.

        A pass is only forced when the other player can move, so two passes never follow
        each other.
        """
        placements = 0 if self.resolve_options(options)["setup"] == RANDOM_SETUP else CELL_COUNT
        return placements + 2 * MOVES_AT_MOST + 1

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, DvonnState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space()

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return board.OBSERVATION_SHAPE
