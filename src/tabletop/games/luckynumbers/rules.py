"""Lucky Numbers' rules as pure functions: the order of a garden, legality, setup and scoring.

Rule numbers are those of docs/rules/luckynumbers.md.

**INV and R4.** Every row of a garden increases strictly to the right and every column
strictly downwards, over filled cells only: gaps are allowed (INV). So a number fits a cell
exactly when it is above every filled cell to its left or above it and below every filled
cell to its right or below it; the cell's own tile does not count, which makes the same
test serve placements on empty cells and exchanges (R4a, R4b).

One exception, decided where the rules are silent: a tile is never exchanged for one of the
same number. Such an exchange leaves the garden as it was (a pass in disguise), and with it
every number would always fit somewhere, so the unplaceable tiles of R3 and of scenarios 7
and 8 could not exist. (Walk from (0,0), stepping to a filled cell right of or below the
current one whose number is at most n while there is one. Where the walk stops, everything
left and above is below n and everything right and below is above it, so n fits there, if
only by replacing an n.)

**Rounds.** A game is one round, or with the tournament option one round per player, each
started by the next player clockwise (R11). The functions here know nothing of turns: the
state calls them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine import Seat, mention, winners_phrase
from tabletop.games.luckynumbers.board import (
    CELLS,
    DIAGONAL,
    DISCARD,
    DRAW,
    HIGHEST_BOUND,
    LARGER_CELLS,
    LOWEST_BOUND,
    NO_TILE,
    NUMBER_OF,
    PLACE,
    PLACE_IDS,
    SMALLER_CELLS,
    TAKE,
    TAKE_IDS,
    Cell,
    Garden,
    Move,
    Tile,
    cell_label,
    empty_garden,
    face_up_numbers,
)
from tabletop.games.luckynumbers.fitting import FIELD_WIDTH

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

The rules are silent here, but without a limit two players could exchange tiles with the
table forever; after this many turns the round is scored as if the pile had run out (R9).
"""

# -- the order of a garden (INV, R4) ------------------------------------------------------------


def bounds(garden: Sequence[Tile], cell: Cell) -> tuple[int, int]:
    """(low, high): a number fits `cell` when low < number < high (INV, R4).

    >>> garden = empty_garden()
    >>> garden[0], garden[3] = 1, 10  # tiles yellow-2 and yellow-11 on row 0
    >>> bounds(garden, 1), bounds(garden, 3)
    ((2, 11), (2, 21))
    """
    low = LOWEST_BOUND
    for other in SMALLER_CELLS[cell]:
        tile = garden[other]
        if tile != NO_TILE and NUMBER_OF[tile] > low:
            low = NUMBER_OF[tile]
    high = HIGHEST_BOUND
    for other in LARGER_CELLS[cell]:
        tile = garden[other]
        if tile != NO_TILE and NUMBER_OF[tile] < high:
            high = NUMBER_OF[tile]
    return low, high


def fits(garden: Sequence[Tile], number: int, cell: Cell) -> bool:
    """Whether `number` may go on `cell`, empty or occupied (R4: the replaced tile no longer counts).

    >>> garden = empty_garden()
    >>> garden[5] = 8  # yellow-9 on (1,1)
    >>> fits(garden, 12, 5), fits(garden, 9, 5), fits(garden, 9, 6)
    (True, False, False)
    """
    low, high = bounds(garden, cell)
    return low < number < high and (garden[cell] == NO_TILE or NUMBER_OF[garden[cell]] != number)


def filled_count(garden: Sequence[Tile]) -> int:
    """How many cells hold a tile (R8, R9, R10 count them)."""
    return CELLS - garden.count(NO_TILE)


def is_ordered(garden: Sequence[Tile]) -> bool:
    """Whether the whole garden satisfies INV (used to check hand-made and stored positions)."""
    for cell in range(CELLS):
        low, high = bounds(garden, cell)
        if garden[cell] != NO_TILE and not low < NUMBER_OF[garden[cell]] < high:
            return False
    return True


# -- legality ---------------------------------------------------------------------------------


def top_index(table: Sequence[Tile], number: int) -> int:
    """Where on `table` the last-laid tile of that number lies (the one taken, R3), or -1."""
    return face_up_numbers(table).rfind(number)


def why_not(phase: str, garden: Garden, held: Tile, table: Sequence[Tile], move: Move) -> str | None:
    """Why `move` breaks a rule for the player to move, or None if it is legal.

    `phase` is SETUP or PLAY, `garden` the mover's, `held` the tile in their hand.
    """
    if phase == SETUP:
        if move.kind != PLACE or move.cell not in DIAGONAL:
            return "in Michael's setup the drawn tile goes on a start cell of the diagonal (2.4.3)"
        return None if garden[move.cell] == NO_TILE else "that start cell already holds a tile (2.4.3)"
    if held != NO_TILE:
        if move.kind == DISCARD:
            return None
        if move.kind != PLACE:
            return "a drawn tile is in hand: place it or put it face up on the table (R2)"
        return why_not_fit(garden, NUMBER_OF[held], move.cell)
    if move.kind == DRAW:
        return None
    if move.kind != TAKE:
        return "draw a tile or take a face-up one first (R1)"
    if top_index(table, move.number) < 0:
        return f"there is no face-up {move.number} on the table (R3)"
    return why_not_fit(garden, move.number, move.cell)


def why_not_fit(garden: Garden, number: int, cell: Cell) -> str | None:
    """Why `number` cannot go on `cell` (INV, R4), or None when it fits."""
    if fits(garden, number, cell):
        return None
    low, high = bounds(garden, cell)
    if low < number < high:
        return f"{cell_label(cell)} already holds a {number}; exchanging it for the same number is no move"
    return f"{number} at {cell_label(cell)} must be greater than {low} and less than {high} (INV, R4)"


class _IdsOfCells(dict[int, tuple[str, ...]]):
    """The ids of a set of cells, by the set as a fit table spreads it (bit `FIELD_WIDTH * cell`).

    Why a memo: listing a turn's places or takes is then one lookup per face-up number instead
    of a loop over the 16 cells. It is filled on first use and stays small: the order of an
    ordered garden (INV) leaves a number few sets of cells to go to (it levels off at about
    1,550 per number over 27,000 random games). Even so a thousand games meet some fifteen
    thousand new sets, so a new entry is made by visiting only the cells in the set.
    """

    def __init__(self, ids: tuple[str, ...]) -> None:
        super().__init__()
        self.ids = ids

    def __missing__(self, cells: int) -> tuple[str, ...]:
        chosen = []
        rest = cells
        while rest:
            lowest = rest & -rest
            chosen.append(self.ids[(lowest.bit_length() - 1) // FIELD_WIDTH])
            rest ^= lowest
        self[cells] = ids = tuple(chosen)
        return ids


PLACE_IDS_OF_CELLS = _IdsOfCells(PLACE_IDS)
"""`PLACE_IDS_OF_CELLS[cells]`: the place ids of those cells, in cell order."""
TAKE_IDS_OF_CELLS = tuple(_IdsOfCells(ids) for ids in TAKE_IDS)
"""`TAKE_IDS_OF_CELLS[number][cells]`: the ids taking that number to those cells, in cell order."""


# -- setting up and scoring a round (2.4, R8–R11) ----------------------------------------------


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
        """The round's end in words: what ended it (R8, R9) and who won."""
        winners = winners_phrase(self.winners)
        if self.reason == FILLED:
            return f"{winners} with a full garden"
        if self.reason == PILE_EMPTY:
            return f"The draw pile ran out: {winners} with the fewest empty cells"
        turns = STALL_TURNS_PER_PLAYER * len(self.empty)
        return f"{turns} turns without a draw or a new tile: {winners} with the fewest empty cells"

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


def tournament_summary(totals: Sequence[int], results: Sequence[RoundResult]) -> str:
    """The end of a tournament in words (R11)."""
    leaders = [seat for seat, total in enumerate(totals) if total == max(totals)]
    scores = ", ".join(f"{mention(seat)} {total:+d}" for seat, total in enumerate(totals))
    return f"After {len(results)} rounds {winners_phrase(leaders)}: {scores}"
