"""DVONN (Kris Burm, GIPF project, 2001) for two players, as written in rules/dvonn.md.

Rule set: the official rules as Board Game Arena plays them — a placement phase (DV-S1)
followed by stack moves (DV-R1 to DV-R8) — with BGA's optional random setup (DV-S3) as the
table option `setup`. Notation is CodeCup's (Q5): a placement is the cell ("C3"), a move is
from and to ("C3E3", clicked as C3 then E3), and a forced pass is "PASS".

Decisions where the rules are silent (section 6 of the rules file):
- Q1: equal scores are a draw.
- Q2: every piece of a controlled stack counts, DVONN pieces included.
- Q3: the random setup puts the three DVONN pieces on inner cells, no two of them
  neighbours (uniformly among such boards), and shuffles the other pieces onto the rest;
  White then moves first, as after a placement phase (DV-S2).
- DV-R5: a player without a move has exactly one action, "PASS", so passes show in the log
  and count as plies (as in the perft figures of section 7).
- Removed pieces stay out of play beside the board; they are shown, never counted.

Modules: `geometry` (the 49-space board), `rules` (pieces, stacks, move generation,
contact and scores), `state` (the position and its transitions), `game` (declarations and
options), `drawing` (SVG and text), `evaluator` (the heuristic the search bots use).
"""

from tabletop.games.dvonn.game import DvonnGame

GAME = DvonnGame()

__all__ = ["GAME", "DvonnGame"]
