"""`CrazyFarmersGame`: Crazy Farmers' declarations, its table option and the factory of its states.

See the package docstring for the rule set and the decisions taken where the rules are silent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import (
    ActionId,
    BoolOption,
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
from tabletop.games.crazyfarmers import drawing, evaluator, rules
from tabletop.games.crazyfarmers.farm import ROUND_LIMIT, TURN_ACTIONS_AT_MOST
from tabletop.games.crazyfarmers.rules import EXPERT, FAST, REGULAR
from tabletop.games.crazyfarmers.state import CrazyFarmersState, action_space


class CrazyFarmersGame(Game):
    """Crazy Farmers for 2 to 4 players, as Board Game Arena plays it."""

    id: ClassVar[str] = "crazyfarmers"
    title: ClassVar[str] = "Crazy Farmers"
    description: ClassVar[str] = (
        "Drive your tractor round a hexagonal farm laying electric fence; get back to your field "
        "and every plot you enclosed is yours. Cut the others' fences, grab barns for bonus cards, "
        "and own the biggest field when the farm is taken."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[Mapping[str, Option]] = {
        "mode": ChoiceOption(
            default=REGULAR,
            values=(FAST, REGULAR, EXPERT),
            label="Game length",
            help="Plots to reach: two players together 23 / 27 / 31, three each 9 / 11 / 13, "
            "four each 8 / 9 / 11",
            names={FAST: "Fast", REGULAR: "Regular", EXPERT: "Expert"},
        ),
        "game_over_card": BoolOption(
            default=False,
            label="Game Over card",
            help="A Game Over card hides near the bottom of the bonus deck: whoever draws it ends the game",
        ),
    }
    capabilities: ClassVar[Capabilities] = Capabilities(chance=True, hidden_information=True)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        state = CrazyFarmersState(self, players, options, Rng(seed))
        state.set_up()
        return state

    def state_from_json(self, data: JsonDict) -> State:
        state = CrazyFarmersState(self, int(data["players"]), self.resolve_options(data["options"]), Rng(0))
        state.load_json(data)
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        """At most `ROUND_LIMIT` rounds of `players` turns, each within `TURN_ACTIONS_AT_MOST` actions."""
        return ROUND_LIMIT * players * TURN_ACTIONS_AT_MOST

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, CrazyFarmersState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return action_space(players)

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return rules.observation_shape(players)
