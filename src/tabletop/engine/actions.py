"""The small value types every game shares: seats, actions and outcomes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Seat = int
ActionId = str


@dataclass(frozen=True, slots=True)
class Action:
    """One complete decision a seat can take.

    `id` is stable and written in the game's notation (it is what the move log stores);
    `label` is short text for a button or the log; `path` names, in order, the elements of
    the game's drawing a player clicks to choose it (empty for a button-only choice).

    `selection` makes a multi-select decision one action: the drawing's elements the player
    toggles in any order, in the browser alone, before the path's confirming click (Yatzy's
    kept dice, then Roll). Actions that share a path differ by their selection, and the
    browser sends the one whose selection is exactly the set toggled when the path is
    complete. Empty for an ordinary action.
    """

    id: ActionId
    label: str
    path: tuple[str, ...] = ()
    selection: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: per-seat scores, ranks (1 = best, ties share) and why."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    reason: str

    @classmethod
    def from_scores(cls, scores: Sequence[float], reason: str) -> Outcome:
        """Ranks by score, highest first; equal scores share the better rank.

        >>> Outcome.from_scores([10, 30, 10], "final count").ranks
        (2, 1, 2)
        """
        ranks = tuple(1 + sum(other > score for other in scores) for score in scores)
        return cls(tuple(scores), ranks, reason)

    def winners(self) -> tuple[Seat, ...]:
        """The seats ranked first (several on a shared first place)."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)
