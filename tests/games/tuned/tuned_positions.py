"""Positions and small helpers shared by Tuned's tests.

Positions are written as in section 6 of docs/rules/tuned.md: three rows top to bottom,
separated by "/", each three stacks bottom to top ("DG", "." for empty). Cells are named
by column letter and row number from the top: (r, c) of the rules file is
"abc"[c] + str(r + 1), so (0, 0) is a1 and (1, 1) is b2.
"""

from __future__ import annotations

from tabletop.engine import ActionId
from tabletop.games.tuned import GAME
from tabletop.games.tuned.state import TunedState


def position(
    rows: str,
    supplies: tuple[str, str],
    to_move: int = 0,
    roosters: tuple[str, str] = ("add-1", "add-1"),
    last_move: ActionId | None = None,
) -> TunedState:
    """A hand-made position, through `TunedState.from_position`."""
    return TunedState.from_position(
        GAME, barn=rows, supplies=supplies, to_move=to_move, roosters=roosters, last_move=last_move
    )


def start(first_player: int = 0) -> TunedState:
    """The start of section 2.4 with a chosen first player (the seed decides it, so search one)."""
    for seed in range(100):
        state = GAME.new_state(2, None, seed)
        if state.current_players() == (first_player,):
            assert isinstance(state, TunedState)
            return state
    raise AssertionError("no seed gave that first player")


def play(state: TunedState, *action_ids: ActionId) -> TunedState:
    """Plays the actions in turn, each by the seat to move; returns the state for chaining."""
    for action_id in action_ids:
        state.apply(state.current_players()[0], action_id)
    return state


def rows_of(state: TunedState) -> str:
    """The barn written back in the notation of `position`."""
    letters = {"donkey": "D", "dog": "G", "cat": "C"}
    cells = [
        "".join(letters[piece["kind"]] for piece in cell["pieces"]) or "."
        for cell in state.view(None)["cells"]
    ]
    return " / ".join(" ".join(cells[row * 3 : row * 3 + 3]) for row in range(3))


def winner(state: TunedState) -> int | None:
    """The winning seat once the game is over; None for a draw or a game still going."""
    outcome = state.outcome()
    if outcome is None or len(outcome.winners()) != 1:
        return None
    return outcome.winners()[0]
