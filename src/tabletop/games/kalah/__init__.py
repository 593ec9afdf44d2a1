"""Kalah (Kalah(m, n), the sowing game of the mancala family), per rules/kalah.md.

Rule set: Board Game Arena's Kalah with all four of its table options (seeds per pit,
pie rule, empty capture, early finish), both end-of-game conventions of section 5 (End-A
"at_turn", BGA's and the default; End-B "sweep", the textbooks' and OpenSpiel's) and
smaller boards (1–6 pits, 1–6 seeds) for the solved values of section 8. Options and
notation follow section 11: seat 0 is South and moves first; action ids are the mover's
pits "1"…"m" counted from the mover's left, and "swap" for the pie rule.

Decisions where the rules are silent or open (section 7):
- Q1: End-A by default, End-B with `end_rule="sweep"`.
- Q2: early finish needs strictly more than half of all seeds (31 of 60 with five seeds).
- Q3: after an early finish the scores are the stores as they stand; nothing is swept.
- Q4: the swap is offered after South's whole first turn, extra moves included.
- Q5: a swap moves the people, not the seats: the state records which seat owns South,
  and ids, labels and paths stay relative to the side the mover plays.
- When one sowing both passes the early-finish threshold and empties a row, the early
  finish is reported (the winner is the same either way).
- For a position set up by hand (`KalahState.from_position`) "all seeds" in K-R9 is the
  seed total of that position.

Modules: `board` (geometry and rule tables), `state` (the position and its transitions),
`report` (view, prompt and outcome in words), `game` (options, factory, heuristic),
`drawing` (SVG) and `text_board` (plain text).
"""

from tabletop.games.kalah.board import NORTH, SOUTH, SWAP
from tabletop.games.kalah.game import GAME, KalahGame
from tabletop.games.kalah.state import KalahState

__all__ = ["GAME", "NORTH", "SOUTH", "SWAP", "KalahGame", "KalahState"]
