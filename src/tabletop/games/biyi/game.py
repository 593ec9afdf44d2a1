"""`BiyiGame`: Biyi's declarations, its table options and the factory of its states.

See the package docstring for the rule set, the notation and the decisions taken where
the rules are silent.
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
from tabletop.games.biyi import board, drawing, evaluator
from tabletop.games.biyi.board import BOARD_NAMES, BOARDS
from tabletop.games.biyi.state import SEPARATE, SHARED, BiyiState


class BiyiGame(Game):
    """Biyi for two players on a board read from data (Tabletop's own layout by default)."""

    id: ClassVar[str] = "biyi"
    title: ClassVar[str] = "Biyi"
    description: ClassVar[str] = (
        "Cross the river and put a token on the other player's bird: tokens pile into stacks, "
        "a stack you top carries the enemy tokens under it, and tall stacks must jump."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[Mapping[str, Option]] = {
        "board": ChoiceOption(
            default=BOARD_NAMES[0],
            values=BOARD_NAMES,
            label="Board",
            help="The full board, or a small one for a quick game",
            names={
                "tabletop": "Full board (7 × 9, 10 tokens each)",
                "quick": "Quick board (5 × 7, 6 tokens each)",
            },
        ),
        "cards": ChoiceOption(
            default=SHARED,
            values=(SHARED, SEPARATE),
            label="Position cards",
            help="Where the tokens start: one card for both players (mirrored), or a card each",
            names={SHARED: "One card, mirrored for both", SEPARATE: "A card for each player"},
        ),
    }
    capabilities: ClassVar[Capabilities] = Capabilities()

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        state = BiyiState(self, options, Rng(seed))
        state.set_up()
        return state

    def state_from_json(self, data: JsonDict) -> State:
        state = BiyiState(self, self.resolve_options(data["options"]), Rng(0))
        state.load_json(data)
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        """One action a turn, and the board's turn limit ends the game at the latest (R33)."""
        return BOARDS[str(self.resolve_options(options)["board"])].turn_limit

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, BiyiState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space(board.BOARDS[str(options["board"])])

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return board.observation_shape(board.BOARDS[str(options["board"])])
