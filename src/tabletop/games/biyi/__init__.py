"""Biyi (Jérôme Mariaud de Serre and Raphaël-James Lebel, BiyiGames 2019) for two players.

Rule set: docs/rules/biyi.md, which follows the BGA community rules as gathered in the
project's rules specification: one movement a turn — a slide of every token above the
target's height, whose bottom token decides the direction (R2, R3), a single token's
descent (R4) or climb (R5) — then compulsory jumps from a column holding four or more of the
mover's tokens (R10–R12), the river chain (R20), dragons (R25–R27), no direct reversal
(R28), a draw on a repeated position (R29), and the win on the opponent's bird (R30).

The real board is not public, so the engine is board-agnostic: size, river rows, bird
squares, position cards and the turn limit are data in `data/<board>.json`, checked on
load (`board.BoardFileError` names the bad field). Tabletop ships its own layout,
`tabletop` (7 × 9, river on row 5, ten tokens a side; not the real game's), and the rules
file's 5 × 7 test board as `quick`, chosen by the table option `board`.

Decisions where the rules are silent (section 4 of docs/rules/biyi.md), as taken there:
jump threshold four of the mover's tokens anywhere in the column (4.2, 4.3); a jump chain
never lands on a square already in it, the movement's target included (R11); a movement
whose jumps cannot all be made is illegal (4.4); sideways slides are always allowed (4.5);
dragons lose when present at the start and the end of the same turn (4.6); the river chain
is colour-blind (4.7); only the exact undo of one's own previous movement is forbidden
(4.8); a draw on the second occurrence of a position with the same player to move (4.9);
entering the bird in dragon trouble is illegal (4.10); the bird is a fixed marker (4.11);
a single token may descend onto either colour (4.12); a random first player (4.13); and our
own:
- position cards: the table option `cards` — `shared` (one card drawn at random, mirrored
  for Dark) or `separate` (each player draws their own card, Dark's mirrored);
- a movement that ends on the opponent's bird wins at once, whatever the height of the
  group (no jump follows);
- a jump only ever starts from the square just landed on: a column still holding four or
  more of the mover's tokens after its top token jumped away stays as it is (R11);
- R33: the game is drawn after the board's `turn_limit` turns (150 on `tabletop`, 120 on
  `quick`), so `max_length` is a true bound;
- after a turn, the checks come in this order: bird (R30), dragons (R26), repetition
  (R29), turn limit (R33), no legal turn for the next player (R31).

Notation: squares are a column letter from Light's left and a row number from Light's back
row ("b2"). An action is one whole turn: origin and target ("b2b3", the group above b3's
height, or the one token that climbs); "/1" when the top token alone descends ("b2b3/1");
then each jump's landing square ("b2b3-b4-c4"). It is clicked as the origin square (or its
"1" handle for the top token alone), the target, then each landing square.

Modules: `board` (boards from data, squares, steps, notation), `rules` (movements, jumps,
river, dragons), `state` (the position and its transitions), `game` (declarations and
options), `drawing` (SVG and text), `evaluator` (the heuristic the search bots use).
"""

from tabletop.games.biyi.game import BiyiGame
from tabletop.games.biyi.state import BiyiState

GAME = BiyiGame()

__all__ = ["GAME", "BiyiGame", "BiyiState"]
