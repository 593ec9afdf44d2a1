"""Kalah (Kalah(m, n), the sowing game of the mancala family), as written in docs/rules/kalah.md.

Rule set: Board Game Arena's Kalah with all four of its table options (seeds per pit,
pie rule, empty capture, early finish), both end-of-game conventions (End-A "at_turn",
BGA's and the default; End-B "sweep", the textbooks' and OpenSpiel's) and smaller boards
(1–6 pits, 1–6 seeds) for the solved values. Seat 0 is South and moves first.

Notation: an action id is the mover's pit "1"…"m", counted from the mover's left (S1…Sm
for South, N1…Nm for North), and "swap" for the pie rule; a pit action's path is that pit
in the drawing ("pit-s3").

Decisions where the rules are silent or open:
- Q1: End-A by default, End-B with `end_rule="sweep"`.
- Q2: early finish needs strictly more than half of all seeds (31 of 60 with five seeds).
- Q3: after an early finish the scores are the stores as they stand; nothing is swept.
- Q4: the swap is offered after South's whole first turn, extra moves included.
- Q5: a swap moves the people, not the seats: the state records which seat owns South,
  and ids, labels and paths stay relative to the side the mover plays.
- Q6: a 13-seed lap whose last seed refills the emptied origin pit opposite an empty pit
  follows K-R4 and K-R5 as written (a single-seed capture only with empty capture).
- When one sowing both passes the early-finish threshold and empties a row, the early
  finish is reported (the winner is the same either way).
- For a position set up by hand (`KalahState.from_position`) "all seeds" in K-R9 is the
  seed total of that position, and the pie rule is not offered.

Modules: `board` (the board, the notation and the per-table rule tables), `rules` (sowing,
capture and the end on a board), `state` (the position, its transitions and its view),
`game` (options and factory), `drawing` (SVG and text), `evaluator` (the search heuristic).
"""

from tabletop.games.kalah.board import NORTH, SOUTH, SWAP
from tabletop.games.kalah.game import KalahGame
from tabletop.games.kalah.state import KalahState

GAME = KalahGame()

__all__ = ["GAME", "NORTH", "SOUTH", "SWAP", "KalahGame", "KalahState"]
