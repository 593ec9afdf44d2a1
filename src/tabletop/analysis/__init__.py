"""Post-game analysis for every game through the contract: the engine's opinion of every move.

`review(game, record, analyst)` replays a game and values, for each move, the position
before and after it from the mover's side; `verdicts` classes each move from the value it
lost. Nothing here names a game: the analyst is the game's strongest (an exact solver
where one declares it values the table, else MCTS at a fixed budget). `tabletop analyse` prints a review.
"""

from tabletop.analysis.analysts import (
    Analyst,
    ExactAnalyst,
    MctsAnalyst,
    Valuation,
    analyst_for,
    final_values,
)
from tabletop.analysis.review import (
    GameRecord,
    MoveReview,
    PositionKey,
    Review,
    ReviewPlan,
    move_review,
    positions,
    review,
)
from tabletop.analysis.verdicts import Verdict, verdict

__all__ = [
    "Analyst",
    "ExactAnalyst",
    "GameRecord",
    "MctsAnalyst",
    "MoveReview",
    "PositionKey",
    "Review",
    "ReviewPlan",
    "Valuation",
    "Verdict",
    "analyst_for",
    "final_values",
    "move_review",
    "positions",
    "review",
    "verdict",
]
