"""Post-game analysis for every game through the contract: the engine's opinion of every move.

`review(game, record, analyst)` replays a game and values, for each move, the position
before and after it from the mover's side; `verdicts` classes each move from the value it
lost. Nothing here names a game: the analyst is the game's strongest bot at a fixed
budget. `tabletop analyse` prints a review.
"""

from tabletop.analysis.analysts import Analyst, MctsAnalyst, Valuation, analyst_for
from tabletop.analysis.review import GameRecord, MoveReview, Review, positions, review
from tabletop.analysis.verdicts import Verdict, verdict

__all__ = [
    "Analyst",
    "GameRecord",
    "MctsAnalyst",
    "MoveReview",
    "Review",
    "Valuation",
    "Verdict",
    "analyst_for",
    "positions",
    "review",
    "verdict",
]
