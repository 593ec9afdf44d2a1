"""Number Drop (F. Sirieix and B. Turpin, Débâcle Jeux 2021), 1–6 players, as in docs/rules/numberdrop.md.

Rule set: Board Game Arena's, with its dice faces (§2.1), its five free tetrominoes and
five BLOCK pentomino/tromino tiles, and the solo mode of §3.9 with its own scoring (the
sheet's score, no opponent). Every decision is simultaneous: the seats that have something
to do in a step are all current players, each plays on a private copy of its sheet, and
the step resolves when the last one confirms.

Notation (columns a–g, rows 1–14 from the bottom; a cell is "c4"):
- "start:c1": write one's number in c1 (the start step, §2.5);
- "slide:B": slide solo tile B one step down (R40, R41);
- "X:L5@c", "X:B2.1@d": drop the BLOCK (or solo tile) in that orientation with its left
  edge in column c, as X marks (R10, R42);
- "shape:T": the shape for a starred shape die (R17);
- "N2=9": the digit for starred number die N2 (R18); stars are chosen N1 first;
- "L5@c:1347": drop L in orientation 5 with its left edge in column c, the digits written
  into its cells in reading order (top row first, left to right) (R16–R19);
- "same:a1-b1-c1" (cells in ascending order, row 1 first) and "run:c3-c4-d4" (lowest digit
  first): score a combination (R20–R28);
- "undo": back to the start of one's part of the step (R3); "confirm": done.
Orientations are numbered per shape: I 0–1, O 0, T 0–3, L 0–7, S 0–3 (19, §2.2); the
BLOCKs' as "B2.1". In the drawing one clicks an orientation in the palette, then a column
header, then picks the digits' order among buttons; a combination is its cells, clicked in
the id's order, then its box.

Decisions where the rules are silent (besides Q1–Q16 of the rules page):
- A step's decisions are made one at a time, in a fixed order (shape star, number stars by
  die, drop, combination; in solo the slides and X drops first), so each action is one
  decision and an action list stays small (at most 24 × 44 drops).
- `confirm` is required (the combination is optional, so the drop cannot end the turn);
  `undo` goes back to the start of the step, at most 3 times per seat per step.
- A player who circled the BLOCK of a BLOCK turn has nothing to do and is not asked.
- In solo, a tile's X shape that fits nowhere is not dropped (its letter is crossed), as
  Q14 does for the normal drop; the game then ends at the end of the turn anyway.
- Ties share the win (R38); the solo result is the score.

Modules: `board` (dice, shapes, grid, the score sheet and its score, notation),
`rules` (gravity, drops, combinations), `turn` (a seat's part of a step), `state`,
`game`, `drawing`, `evaluator`.
"""

from tabletop.games.numberdrop.game import NumberDropGame

GAME = NumberDropGame()

__all__ = ["GAME", "NumberDropGame"]
