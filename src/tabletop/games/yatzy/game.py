"""`YatzyGame`: the declarations of the Yatzy family (options, players, capabilities).

See the package docstring for the rule set and the decisions taken where the rules are silent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import (
    Capabilities,
    ChoiceOption,
    Game,
    JsonDict,
    Option,
    Options,
    OptionValue,
    State,
)
from tabletop.games.yatzy import drawing, evaluator
from tabletop.games.yatzy.rules import FORCED, FREE, JOKER_CONVENTIONS, VARIANTS
from tabletop.games.yatzy.state import YatzyState

ACTIONS_PER_BOX = 200
"""The `max_length` allowance per box and player; see `YatzyGame.max_length`."""


class YatzyGame(Game):
    """Yahtzee, Yahtzee + Rigole, Yams, Scandinavian Yatzy and Maxi Yatzy for 1 to 8 players."""

    id = "yatzy"
    title = "Yatzy"
    description = (
        "Roll five dice up to three times a turn, keep what you like, and fill your score card: "
        "Yahtzee, Yams, Scandinavian Yatzy or six-dice Maxi Yatzy."
    )
    min_players = 1
    max_players = 8
    options: ClassVar[Mapping[str, Option]] = {
        "variant": ChoiceOption(
            default="yahtzee",
            values=tuple(VARIANTS),
            label="Score card",
            help="Which score card everybody fills",
            names={key: variant.title for key, variant in VARIANTS.items()},
        ),
        "joker": ChoiceOption(
            default=FORCED,
            values=JOKER_CONVENTIONS,
            label="Extra Yahtzees",
            help="Where an extra Yahtzee may be scored as a joker (Yahtzee cards only)",
            names={FORCED: "Forced joker (Hasbro's rule)", FREE: "Free joker"},
        ),
    }
    capabilities = Capabilities(chance=True, hidden_information=False, simultaneous=False)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        variant = VARIANTS[str(options["variant"])]
        return YatzyState.new_game(self, players, variant, str(options["joker"]), seed)

    def state_from_json(self, data: JsonDict) -> State:
        return YatzyState.from_json(self, data)

    def max_length(self, players: int, options: Options | None = None) -> int:
        """200 actions per box and player: a bound random play respects, not a hard one.

        Each turn has at most 3 rolls and one score (Maxi Yatzy's saved rolls come from
        earlier turns, so 3 per turn on average), but `die:` toggles are unbounded in
        principle. A uniformly random player picks a roll or a box with probability at
        least 1/7 whenever it may toggle, so it toggles about 6 times per roll on average
        (about 21 actions per box), and exceeding 200 per box has negligible probability.
        """
        variant = VARIANTS[str(self.resolve_options(options)["variant"])]
        return ACTIONS_PER_BOX * len(variant.boxes) * players

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, YatzyState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)
