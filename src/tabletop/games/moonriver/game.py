"""`MoonRiverGame`: Moon River's declarations and the factory of its states.

See the package docstring for the rule set and the decisions taken where the rules are silent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import ActionId, Capabilities, Game, JsonDict, Option, Options, OptionValue, State
from tabletop.games.moonriver import board, drawing, evaluator
from tabletop.games.moonriver.board import PLOT_COUNT, SIZE
from tabletop.games.moonriver.state import MoonRiverState, observation_shape

CLAIMS = 4
"""Rancheros placed on the first column (2.5)."""
DOMINO_ACTIONS = 1 + 2 * 3 + 2 * 3 * (1 + 3)
"""A domino, up to 3 skulls and 3 circles per plot, each circle a hire and 3 Cowboy steps."""
TURN_ACTIONS = 3
"""Per turn besides dominoes: a discard or ending the expansion, a stop, the next pick."""


class MoonRiverGame(Game):
    """Moon River by Bruno Cathala and Yohan Servais for 2–4 players, docs/rules/moonriver.md."""

    id: ClassVar[str] = "moonriver"
    title: ClassVar[str] = "Moon River"
    description: ClassVar[str] = (
        "Draft plots the Kingdomino way, join two at a time into dominoes on your 5 × 5 ranch by "
        "the river, raise cows, survive droughts and hire partners from the saloon."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[Mapping[str, Option]] = {}
    capabilities: ClassVar[Capabilities] = Capabilities(chance=True, hidden_information=True)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> MoonRiverState:
        return MoonRiverState.new(self, players, options, seed)

    def state_from_json(self, data: JsonDict) -> MoonRiverState:
        return MoonRiverState.from_json(self, data)

    def max_length(self, players: int, options: Options | None = None) -> int:
        """Every turn takes one plot, at most 96 (48 with two players); each ranch holds at most
        12 dominoes (R11), each followed by its symbol steps."""
        turns = PLOT_COUNT // 2 if players == 2 else PLOT_COUNT
        dominoes = players * (SIZE * SIZE // 2)
        return CLAIMS + turns * TURN_ACTIONS + dominoes * DOMINO_ACTIONS

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, MoonRiverState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space(players)

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return observation_shape(players)
