"""Lucky Numbers' components and notation: the clover tiles, the 4×4 garden, the action ids.

Sections 2.1 and 2.2 of docs/rules/luckynumbers.md.

**Tiles.** One set of 20 numbered tiles per player. A tile is an int,
`colour index * 20 + number - 1`, fixed for the whole game so that the drawing can give
every tile a stable element id (``tile-red-7``) as it travels from the pile to the table and
into the gardens. The colour has no effect on play (2.1); it only tells copies apart.

**Gardens.** A garden is a list of 16 tiles indexed by cell `4 * row + column` (row 0 on
top, column 0 on the left), `NO_TILE` for an empty cell.

**Notation.** One action is one complete decision:

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

from array import array
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from tabletop.engine import Action, JsonDict, Seat, Tensor, mention

# -- tiles ----------------------------------------------------------------------------------

Tile = int

NUMBERS = 20
"""Each set holds the numbers 1..20."""
COLOURS = ("yellow", "red", "purple", "green")
"""One set colour per player, in the order the sets are added (2.1)."""
NO_TILE: Tile = -1
"""An empty garden cell, or no drawn tile in hand."""

NUMBER_OF: tuple[int, ...] = tuple(tile % NUMBERS + 1 for tile in range(NUMBERS * len(COLOURS)))
"""The number printed on each tile (a lookup table: the hot paths ask it millions of times)."""

_NUMBER_BYTES = bytes(NUMBER_OF[byte] if byte < len(NUMBER_OF) else 0 for byte in range(256))
"""`bytes.translate` table from a tile, as a signed byte, to its number; `NO_TILE` (byte 255) to 0."""


def numbers_of(tiles: Sequence[Tile]) -> bytes:
    """The numbers of `tiles` in order, 0 for `NO_TILE`, as bytes.

    Why bytes: converted at C speed, they are searched (`rfind`, `set`) at C speed too, and
    their slices (a row, or a column with a step of 4) are the hashable keys of the fit
    memos (`fitting`).

    >>> list(numbers_of([26, NO_TILE, 0]))
    [7, 0, 1]
    """
    return array("b", tiles).tobytes().translate(_NUMBER_BYTES)


def face_up_numbers(tiles: Sequence[Tile]) -> bytes:
    """`numbers_of` for tiles that are all real tiles (the face-up table): a step quicker,
    since bytes take them as they are.

    >>> list(face_up_numbers([26, 0, 45]))
    [7, 1, 6]
    """
    return bytes(tiles).translate(_NUMBER_BYTES)


_NAMES: tuple[str, ...] = tuple(
    f"{COLOURS[tile // NUMBERS]}-{NUMBER_OF[tile]}" for tile in range(NUMBERS * len(COLOURS))
)
_TILE_BY_NAME = {name: tile for tile, name in enumerate(_NAMES)}


def all_tiles(players: int) -> list[Tile]:
    """The 20 tiles of each of the `players` sets in play (2.4.1).

    >>> len(all_tiles(3)), sorted({NUMBER_OF[tile] for tile in all_tiles(3)}) == list(range(1, 21))
    (60, True)
    """
    return list(range(NUMBERS * players))


def tile_name(tile: Tile) -> str:
    """The tile's colour and number, as stored in JSON.

    >>> tile_name(26)
    'red-7'
    """
    return _NAMES[tile]


def tile_from_name(name: object) -> Tile:
    """The tile a name written by `tile_name` stands for; raises ValueError for anything else.

    >>> tile_from_name("red-7")
    26
    """
    if not isinstance(name, str) or name not in _TILE_BY_NAME:
        raise ValueError(f"not a tile name (colour-number, e.g. 'red-7'): {name!r}")
    return _TILE_BY_NAME[name]


def element_id(tile: Tile) -> str:
    """The id the drawing gives this tile wherever it lies.

    >>> element_id(0)
    'tile-yellow-1'
    """
    return "tile-" + _NAMES[tile]


# -- the garden -----------------------------------------------------------------------------

Cell = int
Garden = list[Tile]

SIDE = 4
CELLS = SIDE * SIDE
DIAGONAL: tuple[Cell, ...] = tuple(SIDE * index + index for index in range(SIDE))
"""The start cells (0,0), (1,1), (2,2), (3,3) of 2.2."""
LOWEST_BOUND = 0
HIGHEST_BOUND = NUMBERS + 1


def cell_of(row: int, column: int) -> Cell:
    """The index of the cell (row, column)."""
    return SIDE * row + column


def cell_name(cell: Cell) -> str:
    """Row then column as two digits, the notation's way of naming a cell (2.2).

    >>> cell_name(cell_of(1, 2))
    '12'
    """
    return f"{cell // SIDE}{cell % SIDE}"


def cell_label(cell: Cell) -> str:
    """The cell as people read it in the rules page: "(row,column)".

    >>> cell_label(6)
    '(1,2)'
    """
    return f"({cell // SIDE},{cell % SIDE})"


def _neighbourhoods() -> tuple[tuple[tuple[Cell, ...], ...], tuple[tuple[Cell, ...], ...]]:
    """For every cell, the cells that must hold smaller numbers and those that must hold larger."""
    smaller, larger = [], []
    for cell in range(CELLS):
        row, column = divmod(cell, SIDE)
        smaller.append(
            tuple(cell_of(row, c) for c in range(column)) + tuple(cell_of(r, column) for r in range(row))
        )
        larger.append(
            tuple(cell_of(row, c) for c in range(column + 1, SIDE))
            + tuple(cell_of(r, column) for r in range(row + 1, SIDE))
        )
    return tuple(smaller), tuple(larger)


SMALLER_CELLS, LARGER_CELLS = _neighbourhoods()
"""Cells left of or above each cell (their numbers must be lower), and right of or below it."""


def empty_garden() -> Garden:
    """A garden with no tile on it."""
    return [NO_TILE] * CELLS


# -- the notation ---------------------------------------------------------------------------

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


LastPlayed = tuple[Seat, str, Tile, Cell, Tile]
"""The fields of a `PlayedMove` as a plain tuple: what the state keeps, since a tuple display
costs a fraction of a named tuple's constructor, paid on every move of every playout."""


def cell_element(seat: Seat, cell: Cell) -> str:
    """The drawing's id of a garden cell, e.g. ``garden-0-12`` for seat 0's cell (1,2)."""
    return f"garden-{seat}-{cell_name(cell)}"


PLACE_IDS: tuple[str, ...] = tuple(f"{PLACE}:{cell_name(cell)}" for cell in range(CELLS))
TAKE_IDS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{TAKE}:{number}:{cell_name(cell)}" for cell in range(CELLS)) for number in range(NUMBERS + 1)
)
"""`TAKE_IDS[number][cell]`; index 0 is unused."""

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


def discard_words(tile: Tile) -> str:
    """What the table sees of a discard: the tile ends face up, so its number is public (R2 A2).

    >>> discard_words(26)
    'Put 7 face up on the table'
    """
    return f"Put {NUMBER_OF[tile]} face up on the table"


DRAW_WORDS = "Drew a tile"
"""What the table sees of a draw: that a tile was drawn, never which (R2)."""


def move_text(move: PlayedMove) -> str:
    """A played move in a sentence; a draw names no tile, since what was drawn stays in hand.

    >>> move_text(PlayedMove(1, TAKE, 26, 6, NO_TILE))
    '⟦1⟧ placed 7 from the table at (1,2)'
    """
    name = mention(move.seat)
    if move.kind == DRAW:
        return f"{name} drew a tile"
    if move.kind == DISCARD:
        return f"{name} put {NUMBER_OF[move.tile]} face up on the table"
    source = " from the table" if move.kind == TAKE else ""
    text = f"{name} placed {NUMBER_OF[move.tile]}{source} at {cell_label(move.cell)}"
    return text if move.replaced == NO_TILE else f"{text}, exchanging {NUMBER_OF[move.replaced]}"


# -- tiles and moves in views and JSON --------------------------------------------------------


def tile_view(tile: Tile) -> JsonDict | None:
    """A tile as the drawing needs it, or None for an empty place.

    >>> tile_view(26)
    {'id': 'tile-red-7', 'number': 7, 'colour': 'red'}
    """
    if tile == NO_TILE:
        return None
    return {"id": element_id(tile), "number": NUMBER_OF[tile], "colour": COLOURS[tile // NUMBERS]}


def move_record(move: PlayedMove) -> JsonDict:
    """The `last_move` of a view: who did what, the element ids to mark, and a sentence.

    A draw names no tile: what was drawn stays in hand, unseen by the others.
    """
    tile_id = element_id(move.tile) if move.tile != NO_TILE else None
    cell_id = cell_element(move.seat, move.cell) if move.cell >= 0 else None
    replaced_id = element_id(move.replaced) if move.replaced != NO_TILE else None
    elements = [element for element in (tile_id, cell_id, replaced_id) if element is not None]
    return {
        "seat": move.seat,
        "kind": move.kind,
        "tile": tile_id,
        "cell": cell_id,
        "replaced": replaced_id,
        "elements": [PILE_ELEMENT] if move.kind == DRAW else elements,
        "text": move_text(move),
    }


def optional_name(tile: Tile) -> str | None:
    """The JSON of a place that may be empty: the tile's name, or None."""
    return None if tile == NO_TILE else tile_name(tile)


def optional_tile(name: object) -> Tile:
    """The tile `optional_name` wrote (None: `NO_TILE`)."""
    return NO_TILE if name is None else tile_from_name(name)


def played_move_to_json(move: PlayedMove) -> JsonDict:
    """A played move as stored, tiles by name."""
    return {
        **move._asdict(),
        "tile": optional_name(move.tile),
        "replaced": optional_name(move.replaced),
    }


def played_move_from_json(data: JsonDict) -> PlayedMove:
    """The move `played_move_to_json` wrote; raises ValueError for anything else."""
    if data["kind"] not in (DRAW, DISCARD, PLACE, TAKE) or not -1 <= data["cell"] < CELLS:
        raise ValueError(f"not a played move: {data!r}")
    return PlayedMove(
        int(data["seat"]),
        data["kind"],
        optional_tile(data["tile"]),
        int(data["cell"]),
        optional_tile(data["replaced"]),
    )


# -- research: the action space and the observation tensor ----------------------------------


def action_space() -> tuple[str, ...]:
    """Every id ever legal, in `MOVES` order: "draw", "discard", the 16 places, the 320 takes.

    Places go by cell (00, 01, …, 33); takes by number 1…20, then cell.

    >>> space = action_space()
    >>> len(space), space[:3], space[18], space[-1]
    (338, ('draw', 'discard', 'place:00'), 'take:1:00', 'take:20:33')
    """
    return tuple(MOVES)


def observation_shape(players: int) -> tuple[int, ...]:
    """A garden per seat, the table, the tile in hand and eight numbers (see `observation`)."""
    return (players * (CELLS * NUMBERS + 1) + 2 * NUMBERS + 7,)


def observation(view: JsonDict, viewer: Seat | None) -> Tensor:
    """A view as a vector, seen from the viewer (seat 0 for a spectator).

    For each seat, the viewer's first and then the others in turn order: its garden, a
    number one-hot (1…20) for each of the 16 cells in reading order, and its total over
    the rounds. Then the face-up tiles on the table, counted by number; the tile in hand
    one-hot (zeros unless the viewer may see it); and 1.0 where the viewer is to play,
    whether a tile is in hand, the face-down pile, the round, the rounds, the turns since
    the last change and their limit.
    """
    players = view["players"]
    me = viewer or 0
    gardens = np.zeros((players, CELLS * NUMBERS + 1), np.float32)
    for row, seat in enumerate((me + step) % players for step in range(players)):
        for cell, tile in enumerate(view["gardens"][seat]):
            if tile is not None:
                gardens[row, cell * NUMBERS + tile["number"] - 1] = 1
        gardens[row, -1] = view["totals"][seat]
    shown = np.zeros((2, NUMBERS), np.float32)
    for tile in view["table"]:
        shown[0, tile["number"] - 1] += 1
    if view["drawn"] is not None:
        shown[1, view["drawn"]["number"] - 1] = 1
    numbers = [view["current"] == me, view["in_hand"], view["pile"], view["round"], view["rounds"]]
    numbers += [view["stall"], view["stall_limit"]]
    return np.concatenate([gardens.ravel(), shown.ravel(), np.array(numbers, np.float32)])
