"""Mammalath (Grant Fikes, nestorgames 2019) for two players, as written in rules/mammalath.md.

Rule set: the nestorgames rulebook with Board Game Arena's random animal layout: players
place tokens on a 6×6 field of animals or release animals (a whole kind, or three in a
line); three of one's tokens in a line win if no animal is left on it and lose otherwise.
The swap (pie) rule of R7 is the table option `swap_rule` (on by default, as in the rulebook).

Notation (see `notation.py`): cells are named by column A–F and row 1–6, row 1 at the TOP,
so the rules file's (r, c) is column c, row r + 1 ("A1" is (0, 0), "D3" is (2, 3)). A place
is the cell ("C3"), a release of a kind is the kind ("fox"), a release of a line is its two
ends ("A1-C3", left or top end first) and the swap is "swap".

Decisions where the rules are silent or leave a choice (section 4 of the rules file):
- Q1: the 36 animals are shuffled uniformly from the table's seed, and a coin flip from the
  same seed picks who starts (section 2.3). Seat 0 always plays black and seat 1 white: the
  colours do not say who starts. Nothing random happens after the setup, so the game
  declares no chance.
- Q2: a kind with no animal left cannot be released. Q3: a line needs three animals (R4).
- Q4: supplies count the tokens on the board; the swapped token returns to its owner.
- Q5: the game is drawn as soon as either player's 18th token is placed without a result.
- Q6: a loss beats a win. Q7: R8 runs after the swap too, without effect.
- Results are scored 1 for the winner and 0 for the loser, ½ each for a draw.
- Every turn is one action, so there is nothing to undo.

Modules: `board` (cells, names, triples, kinds), `rules` (the R8 test), `notation`
(action ids, paths and element ids), `state` (the position and its transitions), `report`
(view and texts), `diagram` (positions written by hand), `game` (declarations and options),
`evaluator` (the search heuristic), `drawing` and `glyphs` (SVG), `text_board` (plain text).
"""

from tabletop.games.mammalath.game import GAME, MammalathGame
from tabletop.games.mammalath.state import MammalathState

__all__ = ["GAME", "MammalathGame", "MammalathState"]
