"""A heuristic value of a Tuned position for the search bots (`Game.evaluate`).

Tuned is won by whoever completes a line of three tops (R8), and every animal on the
board is anybody's to move (R6), so what a position is worth is a matter of who can
complete a line first. The evaluator looks one turn ahead for each player:

- the player to move who can complete a line now wins if they see it;
- otherwise the danger is the opponent's next turn: each distinct winning action the
  opponent would have if it were their turn now (their own supply and Rooster, R2, R3)
  is a threat the player to move must answer with one action, so two or more threats
  are usually fatal.

Values are per seat, in [-1, 1], from the point of view of each seat.
"""

from __future__ import annotations

from typing import Final

from tabletop.games.tuned.rules import winning_moves
from tabletop.games.tuned.state import TunedState

WIN_NOW: Final = 0.6
"""The player to move can complete a line (R8) this turn.

Not nearer 1 on purpose: MCTS asks after a few random actions, and random actions leave
a line open for the player to move so often that a saturated value drowns the
difference between good and bad moves higher up the tree. On 40 positions where all but
a few moves lose within 3 plies (found by exhaustive search), MCTS with 500 iterations
found a saving move about 71% of the time with 0.6 and 0.2, 61% with 0.9 and 0.3, and
56% without an evaluator (a random move: 22%).
"""
THREAT: Final = 0.2
"""Per winning action the opponent would have next turn, up to `MAX_THREATS`."""
MAX_THREATS: Final = 3


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
    return [value, -value] if mover == 0 else [-value, value]
