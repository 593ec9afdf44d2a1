"""DVONN (Kris Burm, GIPF project, 2001) for two players, as docs/rules/dvonn.md states it.

Rule set: the official rules as Board Game Arena plays them — a placement phase (DV-S1)
followed by stack moves (DV-R1 to DV-R8) — with BGA's optional random setup (DV-S3) as the
table option `setup`.

Decisions where the rules are silent (section 6 of the rules page):
- Q1: equal scores are a draw.
- Q2: every piece of a controlled stack counts, DVONN pieces included.
- Q3: the random setup puts the three DVONN pieces on inner cells, no two of them
  neighbours (uniformly among such boards), and shuffles the other pieces onto the rest;
  White then moves first, as after a placement phase (DV-S2).
- DV-R5: a player without a move has exactly one action, "PASS", so passes show in the log
  and count as plies (as in the perft figures of section 7).
- Removed pieces stay out of play beside the board; they are shown, never counted.

Notation (Q5, section 8): CodeCup's. A placement is the cell ("C3"), a move is from and to
("C3E3", clicked as C3 then E3), and a forced pass is "PASS"; ids are case-sensitive.

Modules: `board` (the 49-space board, the pieces and the notation), `rules` (the placement
order, move generation, contact and scores, as functions of a board), `state` (the
position, its transitions and its views), `game` (declarations and options), `drawing`
(SVG and text), `evaluator` (the heuristic the search bots use).
"""

from tabletop.games.dvonn.game import DvonnGame

GAME = DvonnGame()

__all__ = ["GAME", "DvonnGame"]
