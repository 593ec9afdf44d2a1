"""Mammalath as plain text: each cell as two characters, the token then the animal.

"B" or "W" is a black or white token, a lowercase letter the animal's kind (a armadillo …
f fox), "." nothing; so "Bf" is a black token on a fox and ".." an empty cell.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_COLUMNS = "ABCDEF"
_TOKEN_LETTERS = {"black": "B", "white": "W"}
_LEGEND = "Animals: a armadillo, b badger, c cougar, d deer, e elephant, f fox"


def draw_text(view: Mapping[str, Any]) -> str:
    """The grid with coordinates, the supplies, the legend, the last move and the prompt.

    >>> from tabletop import games
    >>> state = games.load("mammalath").new_state(2, seed=3)
    >>> state.apply(state.current_players()[0], "B2")
    >>> print(str(state))
        A  B  C  D  E  F
    1  .e .a .e .d .f .a
    2  .c Bf .e .c .d .f
    3  .e .e .f .f .d .a
    4  .c .d .d .b .b .a
    5  .b .a .c .e .a .c
    6  .b .d .c .b .f .b
    Black (seat 0): 17 in supply · White (seat 1): 18 in supply
    Animals: a armadillo, b badger, c cougar, d deer, e elephant, f fox
    Last move: Black placed on B2
    White (seat 1) to move: place a token, release animals, or swap (take over B2)
    """
    tokens = {cell: _TOKEN_LETTERS[colour] for colour, cells in view["placed"].items() for cell in cells}
    lines = ["    " + "  ".join(_COLUMNS)]
    for row, animals in enumerate(view["animals"]):
        cells = [f"{_COLUMNS[column]}{row + 1}" for column in range(len(animals))]
        squares = [
            tokens.get(cell, ".") + (animal[0] if animal else ".")
            for cell, animal in zip(cells, animals, strict=True)
        ]
        lines.append(f"{row + 1}  " + " ".join(squares))
    seats, supply = view["seats"], view["supply"]
    lines.append(
        " · ".join(
            f"{colour.capitalize()} (seat {seats[colour]}): {supply[colour]} in supply" for colour in seats
        )
    )
    lines.append(_LEGEND)
    if view["last_move"]:
        lines.append(f"Last move: {view['last_move']['text']}")
    lines.append(str(view["prompt"]))
    return "\n".join(lines)
