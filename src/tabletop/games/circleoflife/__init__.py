"""Circle of Life (Nick Bentley, 2015): critters of 1 to 4 stones eat each other round a food chain.

Rule set: docs/rules/circleoflife.md, the designer's rulebook as Board Game Arena plays it —
two players place stones on a 61-cell hexagon; each critter (a group of one colour) is one
of 12 species by its shape, and the critter that grows eats the touching enemy critters of
its prey (R1-R12).

Decisions where the rules leave a choice (§4 of the rules page, or BGA):
- Seat 0 plays Black and seat 1 White; the first player is drawn from the table's seed
  (§2.5: random first player, no swap rule), so either colour may start.
- The target of R9 is the table option `target` (default 20, 10 to 30; §4 Q7).
- Eating is automatic and only the critter holding the new stone feeds (R5, §4 Q5, Q8).
- A player with no legal placement at the start of their turn wins at once (R10, §4 Q6);
  this is checked right after the previous move, so such a state has no player to act.
- The outcome scores the winner 1 and the loser 0, whatever the eaten counts.

Notation: an action is the cell's name, row letter and column ("E4", §2.1), clicked on the
board as "cell-e4".

Modules: `board` (the 61-cell hexagon as bitboards, critters, the 12 species and the
notation), `rules` (the food chain, legal placements and feeding), `state` (the position,
its transitions and its view), `game` (declarations and options), `drawing` (SVG and text
boards), `evaluator` (the heuristic the search bots use).
"""

from tabletop.games.circleoflife.game import CircleOfLifeGame

GAME = CircleOfLifeGame()

__all__ = ["GAME", "CircleOfLifeGame"]
