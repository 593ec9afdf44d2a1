"""Lucky Numbers (Michael Schacht, TIKI Editions 2020) for 2–4 players, as in docs/rules/luckynumbers.md.

Rule set: the rulebook as Board Game Arena plays it: the four start tiles sorted on the
diagonal (2.4.2), turns of "draw, then place or discard" or "take a face-up tile and place
it" (R1–R7), the immediate win of a full garden (R8) and the end when the pile runs out
(R9, R10). Table options: `setup` = "sorted" or "michael" (Michael's setup, 2.4.3) and
`tournament` (one round per player with R11 scoring).

Decisions where the rules are silent:
- The drawn tile is seen by its holder only until it is placed or put on the table (our
  reading of R2's "reveal"); the pile's order is seen by nobody. The move log shows a draw
  as "Drew a tile" and every other move with its tile's number, since that tile ends face up.
- The first player is drawn at random from the state's generator (BGA); in a tournament
  each later round is started by the next player clockwise (R11).
- Copies of a number on the table are interchangeable, so taking one is one action per
  number (``take:7:12``); the copy taken is the one laid last.
- A tile is never exchanged for one of the same number: that would leave the garden as it
  was (a pass in disguise), and with it every number would always fit somewhere, so the
  unplaceable tiles that R3 and scenarios 7 and 8 of the rules page speak of could not exist.
- No-progress limit: a round also ends, scored as R9, after 10 turns per player in a row
  in which nobody drew and nobody filled an empty cell (only exchanges with the table).
  Without it two players could swap tiles with the table forever and no game would have a
  bounded length.
- Tournament (R11): every player tied for a round's win scores +2; the final ranking is by
  total, equal totals share.
- In a single round the outcome's scores are the filled cells (R10), so ranks follow R8–R10.
- There is no `undo`: a turn is one action, except a draw, which reveals a hidden tile.

Notation (as on the rules page): ``draw``; ``place:<row><column>`` (the tile in hand,
or a start tile in Michael's setup); ``discard``; ``take:<number>:<row><column>``.

Modules: `board` (tiles, the 4×4 garden, the notation), `rules` (INV, legality, setup and
scoring), `fitting` (which numbers fit which cells, all at once, for move generation),
`state` (the position, its transitions, views and JSON), `game` (declarations and options),
`drawing` (SVG and text), `evaluator` (the heuristic the search bots use).
"""

from tabletop.games.luckynumbers.game import LuckyNumbersGame

GAME = LuckyNumbersGame()

__all__ = ["GAME", "LuckyNumbersGame"]
