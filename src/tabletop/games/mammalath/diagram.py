"""Positions written as six rows of two-character cells, for tests, examples and analysis.

A cell is its token ("B" black, "W" white, "." none) then its animal (a armadillo, b badger,
c cougar, d deer, e elephant, f fox, "." none), as the text board prints them:

>>> parse_rows(["Bf .c W. .. .a .d"] + [".. .. .. .. .. .."] * 5)[1:]
([0], [2])
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.mammalath.board import ANIMALS_PER_KIND, KINDS, SIZE

TOKEN_LETTERS = ("B", "W")


def parse_rows(rows: Sequence[str]) -> tuple[str, list[int], list[int]]:
    """The animal letters of the 36 cells (as `MammalathState.animal_letters`), black's and white's cells."""
    if len(rows) != SIZE:
        raise ValueError(f"a position has {SIZE} rows; got {len(rows)}")
    letters: list[str] = []
    tokens: tuple[list[int], list[int]] = ([], [])
    for row_number, row in enumerate(rows, start=1):
        squares = row.split()
        if len(squares) != SIZE or any(len(square) != 2 for square in squares):
            raise ValueError(f"row {row_number} needs {SIZE} cells of two characters; got {row!r}")
        for square in squares:
            token, animal = square[0], square[1]
            if token in TOKEN_LETTERS:
                tokens[TOKEN_LETTERS.index(token)].append(len(letters))
            elif token != ".":
                raise ValueError(f"{token!r} in row {row_number} is not a token (B, W or '.')")
            letters.append(animal)
    for kind in KINDS:
        if letters.count(kind[0]) > ANIMALS_PER_KIND:
            raise ValueError(f"there are only {ANIMALS_PER_KIND} animals of each kind; got more {kind}s")
    return "".join(letters), tokens[0], tokens[1]
