"""Circle of Life (Nick Bentley, 2015): critters of 1 to 4 stones eat each other round a food chain.

Rules: rules/circleoflife.md (the designer's rulebook as Board Game Arena plays it). Modules:
`geometry` (the 61-cell hexagon, critters and the 12 species), `rules` (the food chain and the
state), `drawing` (SVG and text boards), `evaluator` (the bots' heuristic), `game` (`GAME`).

Decisions where the rules file leaves a choice (all from its §4 or BGA):
- Seat 0 plays Black and seat 1 White; the first player is drawn from the table's seed
  (§2.5: random first player, no swap rule), so either colour may start.
- The target of R9 is the table option `target` (default 20, 10 to 30; §4 Q7).
- Eating is automatic and only the critter holding the new stone feeds (R5, §4 Q5, Q8).
- A player with no legal placement at the start of their turn wins at once (R10, §4 Q6);
  this is checked right after the previous move, so such a state has no player to act.
- The outcome scores the winner 1 and the loser 0, whatever the eaten counts.
- Notation: an action is the cell's name, row letter and column ("E4"), as in §2.1.
"""

from tabletop.games.circleoflife.game import CircleOfLife

GAME = CircleOfLife()

__all__ = ["GAME", "CircleOfLife"]
