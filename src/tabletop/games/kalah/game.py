"""`KalahGame`: Kalah's declarations (players, the table options of docs/rules/kalah.md) and its factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import (
    ActionId,
    BoolOption,
    Capabilities,
    ChoiceOption,
    Game,
    IntOption,
    JsonDict,
    Options,
    OptionValue,
    State,
)
from tabletop.games.kalah import board, drawing, evaluator
from tabletop.games.kalah.board import AT_TURN, END_RULES, SOUTH, SWEEP, rules_from_options
from tabletop.games.kalah.state import KalahState

OPTIONS = {
    "seeds": IntOption(
        default=4, minimum=1, maximum=6, label="Seeds per pit", help="Seeds in each pit at the start"
    ),
    "pits": IntOption(
        default=6, minimum=1, maximum=6, label="Pits per side", help="6 for a real game, fewer for study"
    ),
    "pie_rule": BoolOption(
        default=False,
        label="Pie rule",
        help="North may swap sides after South's first turn, so South opens fairly",
    ),
    "empty_capture": BoolOption(
        default=False,
        label="Capture from an empty pit",
        help="A last seed in one of your empty pits captures even when the pit opposite is empty",
    ),
    "end_rule": ChoiceOption(
        default=AT_TURN,
        values=END_RULES,
        label="End of the game",
        help="When the game ends and who takes the seeds left on the board",
        names={
            AT_TURN: "When the player to move has no seed (as on Board Game Arena)",
            SWEEP: "As soon as a row is empty",
        },
    ),
    "early_finish": BoolOption(
        default=True, label="Early finish", help="A store holding more than half the seeds wins at once"
    ),
}


class KalahGame(Game):
    """Kalah for two: South (seat 0) moves first; ids are the mover's pits "1"…"6" and "swap"."""

    id = "kalah"
    title = "Kalah"
    description = (
        "The classic sowing game: lift a pit, sow its seeds counter-clockwise, "
        "land in your store to move again, land in an empty pit of yours to capture."
    )
    min_players = 2
    max_players = 2
    options = OPTIONS
    capabilities = Capabilities(chance=False, hidden_information=False, simultaneous=False)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> KalahState:
        """The start of K-S1: n seeds in every pit, empty stores, South to move (K-S2); no chance."""
        pits = int(options["pits"])
        seeds = int(options["seeds"])
        board = ([seeds] * pits + [0]) * 2
        return KalahState(self, rules_from_options(options, 2 * pits * seeds), board, SOUTH)

    def state_from_json(self, data: JsonDict) -> KalahState:
        return KalahState.from_json(self, data)

    def max_length(self, players: int, options: Options | None = None) -> int:
        """A proven bound on the number of actions.

        Every sowing either adds to a store (at most T = 2mn times: stores never shrink)
        or stays in the mover's row and lowers the sum, over all seeds in pits, of the
        distance to the owner's store, which never exceeds m·T; so at most m·T such
        sowings come between two store gains. One more action for the pie-rule swap.

        >>> KalahGame().max_length(2, {"pits": 1, "seeds": 1})
        9
        """
        resolved = self.resolve_options(options)
        pits = int(resolved["pits"])
        total = 2 * pits * int(resolved["seeds"])
        return total + (total + 1) * pits * total + 1

    def evaluate(self, state: State) -> list[float] | None:
        return evaluator.evaluate(state) if isinstance(state, KalahState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space(int(options["pits"]), bool(options["pie_rule"]))

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return board.observation_shape(int(options["pits"]))
