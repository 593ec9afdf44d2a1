"""`YinshGame`: the declarations of YINSH (players, options) and the factory of its states."""

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
from tabletop.games.yinsh import board, drawing, evaluator, turn
from tabletop.games.yinsh.board import MARKER_POOL, RINGS_PER_PLAYER
from tabletop.games.yinsh.rules import RINGS_TO_WIN
from tabletop.games.yinsh.state import YinshState
from tabletop.games.yinsh.turn import UNDO_LIMIT


class YinshGame(Game):
    """YINSH for two: standard (three rings to win) or Blitz (one ring)."""

    id: ClassVar[str] = "yinsh"
    title: ClassVar[str] = "YINSH"
    description: ClassVar[str] = (
        "Place markers in your rings and slide them across the board, flipping the markers they jump; "
        "five of your colour in a row take one of your rings off. Three rings off wins (one in Blitz)."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[Mapping[str, Option]] = {
        "variant": ChoiceOption(
            default="standard",
            values=tuple(RINGS_TO_WIN),
            label="Game",
            help="How many rings a player must remove to win",
            names={"standard": "Standard (3 rings)", "blitz": "Blitz (1 ring)"},
        ),
    }
    capabilities: ClassVar[Capabilities] = Capabilities()

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        return YinshState(self, str(options["variant"]))

    def state_from_json(self, data: JsonDict) -> State:
        state = YinshState(self, str(data["variant"]))
        state.load_json(data)
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        """A true bound on the actions of a game, undos included.

        Every ring move takes a marker from the pool of 51 and each removed row returns 5,
        and at most 2·(rings to win − 1) + 1 rows are removed before someone wins, so
        ring moves are at most 51 + 5·rows; every pass is followed by a move of the other
        seat. Each turn can be undone UNDO_LIMIT times, and an undo erases at most a move,
        a pass and every row and ring removal of the game.
        """
        rings_to_win = RINGS_TO_WIN[str(self.resolve_options(options)["variant"])]
        rows = 2 * (rings_to_win - 1) + 1
        moves = MARKER_POOL + 5 * rows
        decisions = 2 * RINGS_PER_PLAYER + 2 * moves + 2 * rows
        erased_by_an_undo = 2 + 2 * rows
        return decisions * (1 + UNDO_LIMIT * (1 + erased_by_an_undo))

    def evaluate(self, state: State) -> Sequence[float] | None:
        return evaluator.evaluate(state) if isinstance(state, YinshState) else None

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_svg(view)

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return drawing.draw_text(view)

    def _action_space(self, players: int, options: dict[str, OptionValue]) -> tuple[ActionId, ...]:
        return board.action_space()

    def _observation_shape(self, players: int, options: dict[str, OptionValue]) -> tuple[int, ...]:
        return turn.OBSERVATION_SHAPE
