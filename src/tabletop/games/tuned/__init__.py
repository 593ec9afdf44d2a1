"""Tuned (Alessandro Cuneo, ThunderGryph Games / Ghenos Games, 2023) for two players.

Rule set: docs/rules/tuned.md (the rule set Board Game Arena plays): Donkeys, Dogs and Cats are
added from each player's supply into a shared 3×3 barn and moved by either player, a Dog
standing on a lone Donkey and a Cat on a Dog; whoever makes three of a kind show on top
in a line wins; each player's Rooster forbids two Moves in a row while they still have
animals to add. The rules name no table options, so there are none.

Notation: cells are "a1" … "c3", column letter then row counted from the top, so the
rules page's (r, c) is "abc"[c] + str(r + 1). An Add is the animal's letter and the cell
("Gb2"); a Move is the letter of the lowest animal lifted, the cell it leaves and the cell
it goes to ("Ga1b2": the Dog of a1 and whatever is on it). In the browser an Add is two
clicks, the supply animal then the cell; a Move is the animal where the lifted portion
starts, then the cell.

Decisions where the rules are silent or leave a choice (section 4 and beyond):
- Section 2.4: the first player is drawn from the table's seed (BGA's random first player).
- Q1: R7 forbids only the exact reversal of the opponent's last Move (same animals, from
  its destination back to its origin); Q2: a player's own previous Move binds nothing.
- Q3, R10: a player without any legal action loses, checked right after the previous
  action (so such a state has nobody to act); the tests show it can never happen, since
  every barn leaves at least two Moves. R9 is checked the same way.
- Q4: with the Rooster on MOVE an Add goes through ADD-1; otherwise through the free Add
  space. The drawing shows the Rooster on the space it occupies; once a player's supply is
  empty it stays where it is, no longer used (R3), and is drawn faded.
- Q5: the player who acts when a line appears wins, whoever added those animals.
- D1: the third time the same position comes up (the barn's stacks, whose turn, who must
  add and the Move R7 forbids) the game is a draw. An Add can never be undone, so the
  record of positions starts again after each Add.
- D2: a game that reaches 200 actions without a line is a draw (the true bound the engine
  needs; real games last a few dozen actions).
- Scores: 1 for the winner, 0 for the loser, ½ each for a draw.
- Every turn is a single decision, so there is nothing to undo.

Modules: `board` (cells, lines, animals, stacks and their lookup tables, and the notation),
`rules` (move generation, look-ahead, lines and rule explanations on bare stack codes),
`state` (the position, its transitions, its view and `TunedState.from_position`), `game`
(declarations), `drawing` (SVG and text) with `figures` (the animals and the Rooster
pictured), `evaluator` (the heuristic the search bots use).
"""

from tabletop.games.tuned.game import TunedGame

GAME = TunedGame()

__all__ = ["GAME", "TunedGame"]
