"""`MammalathGame`: Mammalath's declarations, its table option, the factory of its states, its heuristic."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import (
    ActionId,
    BoolOption,
    Capabilities,
    Game,
    JsonDict,
    Option,
    Options,
    OptionValue,
    Rng,
    State,
)
from tabletop.games.mammalath import board, drawing, evaluator
from tabletop.games.mammalath.board import ANIMALS_PER_KIND, CELL_COUNT, KINDS, TOKENS_PER_PLAYER
from tabletop.games.mammalath.state import MammalathState

MOST_RELEASES = len(KINDS) + CELL_COUNT // 3
"""At most 6 kind releases (one per kind, R3) and 12 line releases (3 animals each, R4)."""
MOST_PLACES = TOKENS_PER_PLAYER + (TOKENS_PER_PLAYER - 1) + 1
"""The 18th token of either player ends the game (R10), and the swap returns one token to supply (R7)."""


class MammalathGame(Game):
    """Mammalath for two: seat 0 plays black, seat 1 white; the seed draws who starts."""

    id: ClassVar[str] = "mammalath"
    title: ClassVar[str] = "Mammalath"
    description: ClassVar[str] = (
        "Place tokens on a 6×6 field of animals, or release animals: a whole kind, or three in a row. "
        "Three of your tokens in a line where no animal remains win; with an animal still there, they lose."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[Mapping[str, Option]] = {
        "swap_rule": BoolOption(
            default=True,
            label="Swap rule",
            help="The second player may take over the first token as their first action",
        )
    }
    capabilities: ClassVar[Capabilities] = Capabilities()
    """No chance after the setup, which the seed fixes; nothing hidden; one player acts at a time."""

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> MammalathState:
        """The setup: the 36 animals shuffled onto the cells (Q1), then a coin flip for who starts."""
        rng = Rng(seed)
        animals = [kind for kind in range(len(KINDS)) for _ in range(ANIMALS_PER_KIND)]
        rng.shuffle(animals)
        kinds = [0] * len(KINDS)
        for cell, kind in enumerate(animals):
            kinds[kind] |= 1 << cell
        return MammalathState(self, kinds, rng.below(2), bool(options["swap_rule"]))

    def state_from_json(self, data: JsonDict) -> MammalathState:
        return MammalathState.from_json(self, data)

    def max_length(self, players: int, options: Options | None = None) -> int:
        """Releases plus places plus the swap: 18 + 36 + 1.

        >>> MammalathGame().max_length(2)
        55
        """
        return MOST_RELEASES + MOST_PLACES + 1

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, MammalathState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space(bool(options["swap_rule"]))

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return board.OBSERVATION_SHAPE
