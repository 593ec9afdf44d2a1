"""`NumberDropGame`: Number Drop's declarations and the factory of its states.

See the package docstring for the rule set and the decisions taken where the rules are silent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tabletop.engine import ActionId, Capabilities, Game, JsonDict, Option, Options, OptionValue, Rng, State
from tabletop.games.numberdrop import board, drawing, evaluator, turn
from tabletop.games.numberdrop.state import NumberDropState
from tabletop.games.numberdrop.turn import UNDOS

NORMAL_TURNS = 20
"""At most 20 normal turns: each adds 4 cells to every grid, and 1 + 4 × 19 fills the 77 normal cells."""
BLOCK_TURNS = 5
"""Each BLOCK turn crosses a letter off for good (R12)."""
SOLO_TURNS = 20
"""Each solo turn slides a tile at least once, and five tiles go 4 steps each (R40, R43)."""
START_DECISIONS, NORMAL_DECISIONS, BLOCK_DECISIONS, SOLO_DECISIONS = 1, 6, 1, 10
"""The most decisions in one attempt at a step: shape, three stars, drop, combination (solo +4)."""


def _step_bound(decisions: int) -> int:
    """Actions of one seat in one step: every attempt, the undos between them, the confirm."""
    return (UNDOS + 1) * decisions + UNDOS + 1


class NumberDropGame(Game):
    """Number Drop for 1–6 players; one player plays the solo mode."""

    id: ClassVar[str] = "numberdrop"
    title: ClassVar[str] = "Number Drop"
    description: ClassVar[str] = (
        "Roll-and-write Tetris: everyone fills the same rolled tetromino with the rolled digits and "
        "drops it into their own grid, then scores groups of equal digits and runs of consecutive ones. "
        "Score both kinds of a size and a BLOCK falls on everyone else."
    )
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 6
    options: ClassVar[Mapping[str, Option]] = {}
    capabilities: ClassVar[Capabilities] = Capabilities(
        chance=True, hidden_information=True, simultaneous=True
    )

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        state = NumberDropState(self, players, options, Rng(seed))
        state.set_up()
        return state

    def state_from_json(self, data: JsonDict) -> State:
        state = NumberDropState(self, int(data["players"]), self.resolve_options(data["options"]), Rng(0))
        state.load_json(data)
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        """The start step, at most 20 normal and 5 BLOCK turns (solo: 20 turns), each seat at its most."""
        if players == 1:
            return _step_bound(START_DECISIONS) + SOLO_TURNS * _step_bound(SOLO_DECISIONS)
        per_seat = (
            _step_bound(START_DECISIONS)
            + NORMAL_TURNS * _step_bound(NORMAL_DECISIONS)
            + BLOCK_TURNS * _step_bound(BLOCK_DECISIONS)
        )
        return players * per_seat

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, NumberDropState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return turn.action_space(players == 1)

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return turn.observation_shape(players)

    def score_bounds(self, players: int, options: Options | None = None) -> tuple[float, float]:
        low, high = board.score_bounds()
        return float(low), float(high)
