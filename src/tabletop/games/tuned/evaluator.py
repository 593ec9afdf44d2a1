"""A heuristic value of a Tuned position for the search bots (`Game.evaluate`).

Tuned is won by whoever completes a line of three tops (R8), and every animal on the
board is anybody's to move (R6), so what a position is worth is a matter of who can
complete a line first. The evaluator looks one turn ahead for each player:

- the player to move who can complete a line now is all but sure to win;
- otherwise the danger is the opponent's next turn: each distinct winning action the
  opponent would have if it were their turn now (their own supply and Rooster, R2, R3)
  is a threat the player to move must answer with one action, so two or more threats
  are usually fatal;
- a player whose Rooster is on MOVE with animals in supply is forced to add (R2), and
  a forced Add that cannot be placed loses (R9), so running out of room to add counts
  against them.

Values are per seat, in [-1, 1], from the point of view of each seat.
"""

from __future__ import annotations

from typing import Final

from tabletop.games.tuned.barn import ACCEPTS, CELLS, kind_of
from tabletop.games.tuned.rules import winning_moves
from tabletop.games.tuned.state import TunedState

WIN_NOW: Final = 0.9
"""The player to move can complete a line (R8) this turn."""
THREAT: Final = 0.3
"""Per winning action the opponent would have next turn, up to `MAX_THREATS`."""
MAX_THREATS: Final = 3
CRAMPED: Final = 0.15
"""A forced Add (R2) with at most one cell left that takes any supply animal (R9 looms)."""


def evaluate(state: TunedState) -> list[float] | None:
    """Values for seats 0 and 1; None once the game is over (the outcome says it all)."""
    mover = state.to_move
    if state.is_over():
        return None
    codes = list(state.codes)
    if winning_moves(codes, state.moves_for(mover)):
        value = WIN_NOW
    else:
        threats = winning_moves(codes, state.moves_for(1 - mover, as_if_to_move=True))
        value = -THREAT * min(len(threats), MAX_THREATS)
        value += CRAMPED * (_is_cramped(state, 1 - mover) - _is_cramped(state, mover))
    return [value, -value] if mover == 0 else [-value, value]


def _is_cramped(state: TunedState, seat: int) -> bool:
    """R2 and R9: the seat must add next turn and at most one cell takes any of its animals."""
    if not state.must_add(seat):
        return False
    kinds = {kind_of(piece) for piece in state.supply(seat)}
    codes = state.codes
    room = sum(1 for cell in CELLS if any(ACCEPTS[codes[cell]][kind] for kind in kinds))
    return room <= 1
