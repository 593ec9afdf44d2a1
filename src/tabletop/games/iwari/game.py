"""`IwariGame`: Iwari's declarations, table options and the factory of its states.

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
    State,
)
from tabletop.games.iwari import board, drawing, evaluator, rules
from tabletop.games.iwari.board import CARD_COPIES, MAPS
from tabletop.games.iwari.state import IwariState, map_for

FEAT_ACTIONS = 6
"""At most one action per feat token placed by choice (R70)."""
ACTIONS_PER_TURN = 5
"""A regular move or exchange, the neutral move, and up to three draws."""


class IwariGame(Game):
    """Iwari by Michael Schacht for 2–5 players on Tabletop's own maps, docs/rules/iwari.md."""

    id: ClassVar[str] = "iwari"
    title: ClassVar[str] = "Iwari"
    description: ClassVar[str] = (
        "Lead a tribe across a new land: play biome cards to raise tents and totems, one territory "
        "a turn. Hold the most tents where it counts, the totem majority on both sides of a "
        "connection, and long settlements along the roads."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    options: ClassVar[Mapping[str, Option]] = {
        "map": ChoiceOption(
            default="auto",
            values=("auto", *MAPS),
            label="Map",
            help="Valley suits 2–3 players and Archipelago 4–5 (both are Tabletop's own maps)",
            names={
                "auto": "Chosen by the number of players",
                "valley": "Valley",
                "archipelago": "Archipelago",
            },
        ),
        "feats": BoolOption(
            default=False,
            label="Feats",
            help="The first tribes to build a settlement, fill a territory or lead both ends of a "
            "connection in totems double what that place scores",
        ),
    }
    capabilities: ClassVar[Capabilities] = Capabilities(chance=True, hidden_information=True)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> IwariState:
        return IwariState.new(self, players, options, seed)

    def state_from_json(self, data: JsonDict) -> IwariState:
        return IwariState.from_json(self, data)

    def max_length(self, players: int, options: Options | None = None) -> int:
        """Every turn until the second exhaustion takes at least one card from the deck (R14),
        and at most one more round follows it (R21): 2 × 57 + P + 1 turns of at most 5 actions,
        plus the feats."""
        turns = 2 * sum(CARD_COPIES) + players + 1
        return turns * ACTIONS_PER_TURN + FEAT_ACTIONS

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, IwariState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space(board.load_map(map_for(options, players)))

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return rules.observation_shape(board.load_map(map_for(options, players)), players)
