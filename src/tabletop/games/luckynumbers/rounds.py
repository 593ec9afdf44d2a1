"""Setting up a round and scoring it (2.4, R8–R11 in rules/luckynumbers.md).

A game is one round, or with the tournament option one round per player, each started by
the next player clockwise (R11). These functions know nothing of turns: the state calls them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine import Seat
from tabletop.games.luckynumbers.garden import CELLS, DIAGONAL, Garden, empty_garden, filled_count
from tabletop.games.luckynumbers.tiles import NUMBER_OF, Tile

SETUP = "setup"
PLAY = "play"
OVER = "over"
PHASES = (SETUP, PLAY, OVER)
"""Michael's setup (2.4.3), the turns of R1, and the end of the game."""

FILLED = "filled"
PILE_EMPTY = "pile-empty"
STALLED = "stalled"

WIN_POINTS = 2
"""R11: the winner of a round scores +2; every other player −1 per empty cell."""

STALL_TURNS_PER_PLAYER = 10
"""Turns in a row, per player, without a draw or a newly filled cell before the round ends.

The rules file is silent here, but without a limit two players could exchange tiles with the
table forever; after this many turns the round is scored as if the pile had run out (R9).
"""


def seat_name(seat: Seat) -> str:
    """How people see a seat: "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def deal_sorted(pile: list[Tile], players: int) -> list[Garden]:
    """Standard setup (2.4.2): each player draws 4 tiles and lays them ascending on the diagonal.

    Tiles come off the end of `pile` (its top); equal numbers may share the diagonal.
    """
    gardens = []
    for _ in range(players):
        garden = empty_garden()
        drawn = sorted((pile.pop() for _ in DIAGONAL), key=lambda tile: NUMBER_OF[tile])
        for cell, tile in zip(DIAGONAL, drawn, strict=True):
            garden[cell] = tile
        gardens.append(garden)
    return gardens


@dataclass(frozen=True)
class RoundResult:
    """How one round ended: why, who won, each player's empty cells and R11 points."""

    reason: str
    winners: tuple[Seat, ...]
    empty: tuple[int, ...]
    points: tuple[int, ...]

    def describe(self) -> str:
        """The round's end in words, citing the rule that ended it."""
        names = " and ".join(seat_name(seat) for seat in self.winners)
        if self.reason == FILLED:
            return f"{names} filled their garden and wins (R8)"
        verb = "wins" if len(self.winners) == 1 else "share the win"
        if self.reason == PILE_EMPTY:
            return f"The draw pile ran out: {names} {verb} with the fewest empty cells (R9)"
        turns = STALL_TURNS_PER_PLAYER * len(self.empty)
        return (
            f"{turns} turns without a draw or a new tile: {names} {verb} with the fewest empty cells (as R9)"
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe copy of every field."""
        return {
            "reason": self.reason,
            "winners": list(self.winners),
            "empty": list(self.empty),
            "points": list(self.points),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundResult:
        """The result `to_json` wrote."""
        if data["reason"] not in (FILLED, PILE_EMPTY, STALLED):
            raise ValueError(f"unknown end of round {data['reason']!r}")
        return cls(
            data["reason"], *(tuple(int(n) for n in data[key]) for key in ("winners", "empty", "points"))
        )


def score_round(gardens: Sequence[Garden], reason: str, mover: Seat) -> RoundResult:
    """The result of a round that ended for `reason` at the end of `mover`'s turn.

    R8: a full garden wins alone. R9: otherwise the fewest empty cells win, ties share.
    R11: winners score +2, the others −1 per empty cell.
    """
    empty = tuple(CELLS - filled_count(garden) for garden in gardens)
    if reason == FILLED:
        winners: tuple[Seat, ...] = (mover,)
    else:
        winners = tuple(seat for seat, count in enumerate(empty) if count == min(empty))
    points = tuple(WIN_POINTS if seat in winners else -count for seat, count in enumerate(empty))
    return RoundResult(reason, winners, empty, points)
