"""`CircleOfLifeGame`: Circle of Life's declarations, its table option and the factory of its states.

See the package docstring for the rule set and the decisions taken where the rules are silent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import (
    ActionId,
    Capabilities,
    Game,
    IntOption,
    JsonDict,
    Option,
    Options,
    OptionValue,
    Rng,
    State,
)
from tabletop.games.circleoflife import board, drawing, evaluator
from tabletop.games.circleoflife.board import CELLS
from tabletop.games.circleoflife.rules import DEFAULT_TARGET
from tabletop.games.circleoflife.state import CircleOfLifeState


class CircleOfLifeGame(Game):
    """Circle of Life by Nick Bentley (2015) for two players, docs/rules/circleoflife.md."""

    id: ClassVar[str] = "circleoflife"
    title: ClassVar[str] = "Circle of Life"
    description: ClassVar[str] = (
        "Place stones to grow critters of up to four cells; each of the twelve shapes eats the next "
        "one in the food chain. Eat 20 enemy stones, or fill the board until you cannot place, to win."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[Mapping[str, Option]] = {
        "target": IntOption(
            default=DEFAULT_TARGET,
            label="Stones to eat",
            help="How many stones a player must eat to win (20 in the standard game)",
            minimum=10,
            maximum=30,
        ),
    }
    capabilities: ClassVar[Capabilities] = Capabilities()

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        """An empty board; the first player is drawn from the seed (§2.5)."""
        return CircleOfLifeState(self, int(options["target"]), first_player=Rng(seed).below(players))

    def state_from_json(self, data: JsonDict) -> State:
        return CircleOfLifeState.from_json(self, data)

    def max_length(self, players: int, options: Options | None = None) -> int:
        """R12: before a turn each counter is below the target and one cell is still free.

        So the stones placed so far are at most 60 on the board plus 2 * (target - 1) eaten,
        and one more turn may follow: 61 + 2 * (target - 1) turns, 99 in the standard game.
        """
        target = int(self.resolve_options(options)["target"])
        return len(CELLS) + 2 * (target - 1)

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def evaluate(self, state: State) -> Sequence[float] | None:
        """Eaten stones, the best meal each side can take next, and critters safe from predators."""
        if not isinstance(state, CircleOfLifeState):
            return None
        return evaluator.evaluate(state)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space()

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return board.OBSERVATION_SHAPE
