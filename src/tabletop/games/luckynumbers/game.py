"""`LuckyNumbersGame`: Lucky Numbers' declarations, table options and the factory of its states.

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
from tabletop.games.luckynumbers import board, drawing, evaluator
from tabletop.games.luckynumbers.board import CELLS, DIAGONAL, NUMBERS
from tabletop.games.luckynumbers.rules import STALL_TURNS_PER_PLAYER
from tabletop.games.luckynumbers.state import MICHAEL_SETUP, SORTED_SETUP, LuckyNumbersState


class LuckyNumbersGame(Game):
    """Lucky Numbers for 2–4 players, with the sorted or Michael's setup and optional tournament scoring."""

    id: ClassVar[str] = "luckynumbers"
    title: ClassVar[str] = "Lucky Numbers"
    description: ClassVar[str] = (
        "Fill your 4×4 garden of clover tiles first: every row must climb from left to right and "
        "every column from top to bottom. Draw a tile or take one from the table, place it or "
        "exchange it, and mind what you leave for the others."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[Mapping[str, Option]] = {
        "setup": ChoiceOption(
            default=SORTED_SETUP,
            values=(SORTED_SETUP, MICHAEL_SETUP),
            label="Start tiles",
            help="How the four start tiles reach each garden's diagonal",
            names={
                SORTED_SETUP: "Sorted onto the diagonal (as on Board Game Arena)",
                MICHAEL_SETUP: "Each player places theirs in turn",
            },
        ),
        "tournament": BoolOption(
            default=False,
            label="Tournament",
            help="One round per player, each starting once; a round's winner scores +2, every other "
            "player -1 per empty cell, and the highest total wins",
        ),
    }
    capabilities: ClassVar[Capabilities] = Capabilities(chance=True, hidden_information=True)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> LuckyNumbersState:
        state = LuckyNumbersState(self, players, options, Rng(seed))
        state.start()
        return state

    def state_from_json(self, data: JsonDict) -> LuckyNumbersState:
        return LuckyNumbersState.from_json(self, data)

    def max_length(self, players: int, options: Options | None = None) -> int:
        """A bound from the tiles: draws, newly filled cells, and stalls between them.

        A round's turns that draw (at most the pile, each followed by a place or discard) or
        fill an empty cell (at most the cells off the diagonal) are its progress; between
        two of them come fewer than the no-progress limit of turns.
        """
        resolved = self.resolve_options(options)
        rounds = players if resolved["tournament"] else 1
        setup = len(DIAGONAL) * players if resolved["setup"] == MICHAEL_SETUP else 0
        draws = (NUMBERS - len(DIAGONAL)) * players
        progress = draws + (CELLS - len(DIAGONAL)) * players
        stalls = (progress + 1) * STALL_TURNS_PER_PLAYER * players
        return rounds * (setup + progress + stalls + draws)

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, LuckyNumbersState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space()

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return board.observation_shape(players)
