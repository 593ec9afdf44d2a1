"""Lucky Numbers' action notation, the clicks that choose each action, and their labels.

One action is one complete decision (DESIGN.md):

- ``draw``: take the top face-down tile (R2); clicked as the pile.
- ``place:<row><column>``: put the tile in hand on that cell of one's garden, empty or
  occupied (R2 A1, R4); clicked as the cell. Also the placement of a start tile in
  Michael's setup (2.4.3).
- ``discard``: put the tile in hand face up on the table (R2 A2); clicked as the table.
- ``take:<number>:<row><column>``: take a face-up tile of that number from the table and
  place it on that cell (R3, R4); clicked as the tile, then the cell. Copies of a number are
  interchangeable, so there is one action per number and the copy taken is the one put on
  the table last (drawn on top of its stack).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from tabletop.engine import Action, Seat
from tabletop.games.luckynumbers.fitting import FIELD_WIDTH
from tabletop.games.luckynumbers.garden import CELLS, Cell, cell_label, cell_name
from tabletop.games.luckynumbers.tiles import NUMBER_OF, NUMBERS, Tile, element_id

DRAW = "draw"
DISCARD = "discard"
PLACE = "place"
TAKE = "take"

PILE_ELEMENT = "pile"
TABLE_ELEMENT = "table"


class Move(NamedTuple):
    """A parsed action id: its kind, the number taken from the table (0 if none) and the cell (-1 if none)."""

    kind: str
    number: int
    cell: Cell


class PlayedMove(NamedTuple):
    """A move as played, for the last-move mark: who, which kind, the tile moved (`NO_TILE` for a
    draw, which stays secret), the cell (-1 if none) and the tile it replaced (`NO_TILE` if none)."""

    seat: Seat
    kind: str
    tile: Tile
    cell: Cell
    replaced: Tile


def cell_element(seat: Seat, cell: Cell) -> str:
    """The drawing's id of a garden cell, e.g. ``garden-0-12`` for seat 0's cell (1,2)."""
    return f"garden-{seat}-{cell_name(cell)}"


PLACE_IDS: tuple[str, ...] = tuple(f"{PLACE}:{cell_name(cell)}" for cell in range(CELLS))
TAKE_IDS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{TAKE}:{number}:{cell_name(cell)}" for cell in range(CELLS)) for number in range(NUMBERS + 1)
)
"""`TAKE_IDS[number][cell]`; index 0 is unused."""


class _IdsOfCells(dict[int, tuple[str, ...]]):
    """The ids of a set of cells, by the set as `fit_table` spreads it (bit `FIELD_WIDTH * cell`).

    Why a memo: listing a turn's places or takes is then one lookup per face-up number instead
    of a loop over the 16 cells. It is filled on first use and stays small: the order of an
    ordered garden (INV) leaves a number few sets of cells to go to (it levels off at about
    1,550 per number over 27,000 random games).
    """

    def __init__(self, ids: tuple[str, ...]) -> None:
        super().__init__()
        self.ids = ids

    def __missing__(self, cells: int) -> tuple[str, ...]:
        chosen = tuple(self.ids[cell] for cell in range(CELLS) if cells >> FIELD_WIDTH * cell & 1)
        self[cells] = chosen
        return chosen


PLACE_IDS_OF_CELLS = _IdsOfCells(PLACE_IDS)
"""`PLACE_IDS_OF_CELLS[cells]`: the place ids of those cells, in cell order."""
TAKE_IDS_OF_CELLS = tuple(_IdsOfCells(ids) for ids in TAKE_IDS)
"""`TAKE_IDS_OF_CELLS[number][cells]`: the ids taking that number to those cells, in cell order."""

MOVES: dict[str, Move] = {
    DRAW: Move(DRAW, 0, -1),
    DISCARD: Move(DISCARD, 0, -1),
    **{PLACE_IDS[cell]: Move(PLACE, 0, cell) for cell in range(CELLS)},
    **{TAKE_IDS[n][cell]: Move(TAKE, n, cell) for n in range(1, NUMBERS + 1) for cell in range(CELLS)},
}
"""Every well-formed action id and what it means; anything else is rejected before any rule is checked."""

DRAW_ACTION = Action(DRAW, "Draw a face-down tile", (PILE_ELEMENT,))
DISCARD_ACTION = Action(DISCARD, "Put it face up on the table", (TABLE_ELEMENT,))


def parse(action_id: object) -> Move | None:
    """The move an id names, or None when it is not in the notation at all.

    >>> parse("take:7:12")
    Move(kind='take', number=7, cell=6)
    >>> parse("take:21:12") is None, parse(["draw"]) is None
    (True, True)
    """
    return MOVES.get(action_id) if isinstance(action_id, str) else None


def _exchange_words(replaced: Tile) -> str:
    return "" if replaced < 0 else f", exchanging {NUMBER_OF[replaced]}"


@lru_cache(maxsize=1 << 14)
def place_action(seat: Seat, cell: Cell, tile: Tile, replaced: Tile) -> Action:
    """Placing the tile in hand on `cell` of `seat`'s garden (`replaced` is the tile there, or -1)."""
    label = f"Place {NUMBER_OF[tile]} at {cell_label(cell)}{_exchange_words(replaced)}"
    return Action(PLACE_IDS[cell], label, (cell_element(seat, cell),))


@lru_cache(maxsize=1 << 15)
def take_action(seat: Seat, cell: Cell, tile: Tile, replaced: Tile) -> Action:
    """Taking face-up `tile` and placing it on `cell` (`replaced` is the tile there, or -1)."""
    number = NUMBER_OF[tile]
    label = f"Take {number}, place it at {cell_label(cell)}{_exchange_words(replaced)}"
    return Action(TAKE_IDS[number][cell], label, (element_id(tile), cell_element(seat, cell)))
