"""Positions for the Mammalath tests, written as the text board prints them (see `board.parse_rows`).

Rows are given from the top (row 1); missing rows are filled with `FILLER`, one animal of
each kind, so the diagrams only show what a test is about.
"""

from __future__ import annotations

from tabletop.engine import Seat
from tabletop.games.mammalath import GAME, MammalathState
from tabletop.games.mammalath.board import BLACK

FILLER = ".a .b .c .d .e .f"


def position(
    *rows: str, to_move: Seat = BLACK, plies: int | None = None, swap_rule: bool = True
) -> MammalathState:
    """A hand-made position (`MammalathState.from_position`); rows from the top, the rest `FILLER`."""
    full = [*rows, *[FILLER] * (6 - len(rows))]
    return MammalathState.from_position(GAME, rows=full, to_move=to_move, plies=plies, swap_rule=swap_rule)


def start(first: Seat, *, swap_rule: bool = True) -> MammalathState:
    """A seeded start in which the coin flip of the setup gave the first action to `first`."""
    for seed in range(100):
        state = GAME.new_state(2, {"swap_rule": swap_rule}, seed)
        if state.current_players() == (first,):
            return state
    raise AssertionError(f"no seed below 100 lets seat {first} start")


def play(state: MammalathState, *action_ids: str) -> MammalathState:
    """Plays the actions in turn, each by the seat to move, and returns the state."""
    for action_id in action_ids:
        state.apply(state.current_players()[0], action_id)
    return state
