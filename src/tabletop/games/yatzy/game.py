"""`YatzyGame`: the declarations of the Yatzy family (options, players, capabilities).

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
    State,
)
from tabletop.games.yatzy import board, drawing, evaluator, rules
from tabletop.games.yatzy.rules import FORCED, FREE, JOKER_CONVENTIONS, ROLLS_PER_TURN, VARIANTS
from tabletop.games.yatzy.state import YatzyState


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
        """A true bound: three actions per box and player, two rerolls and one score.

        A turn writes one box and rerolls at most twice, except in Maxi Yatzy, where the
        rolls a turn saves are spent by later turns: over the game a player still rerolls at
        most twice per box (Y-R5).
        """
        variant = VARIANTS[str(self.resolve_options(options)["variant"])]
        return ROLLS_PER_TURN * len(variant.boxes) * players

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, YatzyState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space(
            VARIANTS[str(options["variant"])].dice, VARIANTS[str(options["variant"])].box_ids
        )

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return rules.observation_shape(VARIANTS[str(options["variant"])], players)

    def score_bounds(self, players: int, options: Options | None = None) -> tuple[float, float]:
        """From nothing written to `rules.best_total` of the table's card."""
        variant = VARIANTS[str(self.resolve_options(options)["variant"])]
        return 0.0, float(rules.best_total(variant))
