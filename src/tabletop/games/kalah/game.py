"""`KalahGame`: Kalah's declarations (players, options of section 11), its factory and heuristic."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import (
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
from tabletop.games.kalah.board import AT_TURN, END_RULES, SOUTH, rules_from_options
from tabletop.games.kalah.drawing import draw_svg
from tabletop.games.kalah.state import KalahState
from tabletop.games.kalah.text_board import draw_text

ROW_WEIGHT = 0.25
"""How much a seed still in a player's row counts, against 1 for a seed in their store.

Row seeds are only probably the owner's: End-B gives them to the owner at the end, but
the opponent can still capture them, and End-A may give them away.
"""

OPTIONS = {
    "seeds": IntOption(default=4, minimum=1, maximum=6, help="Seeds per pit at the start (K-S1)"),
    "pits": IntOption(default=6, minimum=1, maximum=6, help="Pits per side (6 for play, fewer for analysis)"),
    "pie_rule": BoolOption(default=False, help="North may swap sides after South's first turn (K-R10)"),
    "empty_capture": BoolOption(default=False, help="A last seed in an own empty pit always captures (K-R5)"),
    "end_rule": ChoiceOption(
        default=AT_TURN,
        values=END_RULES,
        help="at_turn: the game ends when the mover has no seed (BGA); sweep: as soon as a row is empty",
    ),
    "early_finish": BoolOption(default=True, help="A store holding over half the seeds wins at once (K-R9)"),
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

        >>> GAME.max_length(2, {"pits": 1, "seeds": 1})
        9
        """
        resolved = self.resolve_options(options)
        pits = int(resolved["pits"])
        total = 2 * pits * int(resolved["seeds"])
        return total + (total + 1) * pits * total + 1

    def evaluate(self, state: State) -> list[float] | None:
        """Store difference, plus a quarter weight for seeds in each row, over half the seeds.

        A finished game is worth 1 / 0 / −1. Values are per seat, clamped to [−1, 1].
        """
        if not isinstance(state, KalahState):
            return None
        outcome = state.outcome()
        if outcome is not None:
            best = min(outcome.ranks)
            tied = outcome.ranks.count(best) > 1
            return [0.0 if tied else (1.0 if rank == best else -1.0) for rank in outcome.ranks]
        stores = state.south_store - state.north_store
        rows = sum(state.south_pits) - sum(state.north_pits)
        south = max(-1.0, min(1.0, (stores + ROW_WEIGHT * rows) / (state.rules.total / 2)))
        return [south if state.side_of_seat(seat) == SOUTH else -south for seat in range(2)]

    def draw_svg(self, view: Mapping[str, Any]) -> str:
        return draw_svg(view)

    def draw_text(self, view: Mapping[str, Any]) -> str:
        return draw_text(view)


GAME = KalahGame()
