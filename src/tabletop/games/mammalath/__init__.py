"""Mammalath (Grant Fikes, nestorgames 2019) for two players, as written in docs/rules/mammalath.md.

Rule set: the nestorgames rulebook with Board Game Arena's random animal layout: players
place tokens on a 6×6 field of animals or release animals (a whole kind, or three in a
line); three of one's tokens in a line win if no animal is left on it and lose otherwise.
The swap (pie) rule of R7 is the table option `swap_rule` (on by default, as in the rulebook).

Notation (see `board.py`): cells are named by column A–F and row 1–6, row 1 at the TOP,
so the rules' (r, c) is column c, row r + 1 ("A1" is (0, 0), "D3" is (2, 3)). A place is
the cell ("C3"), a release of a kind is the kind ("fox"), a release of a line is its two
ends ("A1-C3", left or top end first) and the swap is "swap".

Decisions where the rules are silent or leave a choice:
- Q1: the 36 animals are shuffled uniformly from the table's seed, and a coin flip from the
  same seed picks who starts. Seat 0 always plays black and seat 1 white: the colours do
  not say who starts. Nothing random happens after the setup, so the game declares no
  chance.
- Q2: a kind with no animal left cannot be released. Q3: a line needs three animals (R4).
- Q4: supplies count the tokens on the board; the swapped token returns to its owner.
- Q5: the game is drawn as soon as either player's 18th token is placed without a result.
- Q6: a loss beats a win. Q7: R8 runs after the swap too, without effect.
- Q8: Mammalath Plus (the 8×8 expansion) is not played.
- Results are scored 1 for the winner and 0 for the loser, ½ each for a draw.
- Every turn is one action, so there is nothing to undo.

Modules: `board` (cells, triples, kinds, the notation and hand-written diagrams), `rules`
(releasable lines and the end test of R8), `state` (the position, its transitions and its
view), `game` (declarations and options), `drawing` (SVG and text) with `animals` (the six
animal pictures), `evaluator` (the search heuristic).
"""

from tabletop.games.mammalath.game import MammalathGame
from tabletop.games.mammalath.state import MammalathState

GAME = MammalathGame()

__all__ = ["GAME", "MammalathGame", "MammalathState"]
