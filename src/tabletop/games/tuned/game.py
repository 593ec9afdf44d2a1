"""`TunedGame`: Tuned's declarations and the factory of its states.

See the package docstring for the rule set and the decisions taken where the rules are silent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import ActionId, Capabilities, Game, JsonDict, Option, Options, OptionValue, Rng, State
from tabletop.games.tuned import board, drawing, evaluator, rules
from tabletop.games.tuned.rules import ACTION_LIMIT
from tabletop.games.tuned.state import TunedState


class TunedGame(Game):
    """Tuned for two players: three of a kind on top in a line wins."""

    id: ClassVar[str] = "tuned"
    title: ClassVar[str] = "Tuned"
    description: ClassVar[str] = (
        "Add and move Donkeys, Dogs and Cats in a 3×3 barn — a Dog may stand on a Donkey and a Cat "
        "on a Dog — and be the one who shows three of a kind on top in a line. Your Rooster stops "
        "you from moving twice in a row while you still have animals to add."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[Mapping[str, Option]] = {}
    capabilities: ClassVar[Capabilities] = Capabilities()

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        """The empty barn of section 2.4, with the first player drawn from the seed (as on BGA)."""
        return TunedState(self, first_player=Rng(seed).below(2))

    def state_from_json(self, data: JsonDict) -> State:
        return TunedState.from_json(self, data)

    def max_length(self, players: int, options: Options | None = None) -> int:
        """Decision D2: the game is drawn once `ACTION_LIMIT` actions have been played."""
        return ACTION_LIMIT

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, TunedState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space()

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return rules.OBSERVATION_SHAPE
