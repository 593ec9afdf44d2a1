"""Lucky Numbers' clover tiles: one set of 20 numbered tiles per player (2.1 in rules/luckynumbers.md).

A tile is an int, `colour index * 20 + number - 1`, fixed for the whole game so that the
drawing can give every tile a stable element id (``tile-red-7``) as it travels from the
pile to the table and into the gardens. The colour has no effect on play (2.1); it only
tells the copies of a number apart.
"""

from __future__ import annotations

Tile = int

NUMBERS = 20
"""Each set holds the numbers 1..20."""
COLOURS = ("yellow", "red", "purple", "green")
"""One set colour per player, in the order the sets are added (2.1)."""
NO_TILE: Tile = -1
"""An empty garden cell, or no drawn tile in hand."""

NUMBER_OF: tuple[int, ...] = tuple(tile % NUMBERS + 1 for tile in range(NUMBERS * len(COLOURS)))
"""The number printed on each tile (a lookup table: the hot paths ask it millions of times)."""

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
