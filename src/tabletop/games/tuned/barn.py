"""Tuned's barn, animals and stacks, and the notation (section 2 of rules/tuned.md).

Cells are numbered 0…8 in reading order, cell (r, c) being 3r + c; a cell is named by
its column letter and its row number counted from the top: "a1" is (0, 0), "c1" is (0, 2)
and "b3" is (2, 1), so the rules file's rows read top to bottom as in its scenarios.

A stack is known to the rules by its *code*, one of the seven possible stacks of section
2.2 (0 = empty … 6 = Donkey, Dog, Cat). Every question the rules ask of stacks (what is on
top, what a cell accepts, what is left after lifting, what a drop makes) is a lookup in a
table built here once, so move generation does no list work.

The twelve animals keep an identity for the drawing: piece p belongs to seat p // 6, is of
kind (p % 6) // 2 and is copy p % 2 + 1 of that kind ("piece-1-dog-2" is piece 9).
"""

from __future__ import annotations

from typing import Final

Cell = int
Kind = int
Piece = int
StackCode = int

DONKEY: Final = 0
DOG: Final = 1
CAT: Final = 2
KINDS: Final = (DONKEY, DOG, CAT)
KIND_LETTERS: Final = "DGC"
"""The rules file's letters (section 2.1): D = Donkey, G = Dog, C = Cat."""
KIND_NAMES: Final = ("donkey", "dog", "cat")
KIND_TITLES: Final = ("Donkey", "Dog", "Cat")
COPIES_PER_KIND: Final = 2
PIECES_PER_SEAT: Final = len(KINDS) * COPIES_PER_KIND
PIECES: Final = tuple(range(2 * PIECES_PER_SEAT))

CELLS: Final = tuple(range(9))
COLUMN_LETTERS: Final = "abc"
CELL_NAMES: Final = tuple(f"{COLUMN_LETTERS[cell % 3]}{cell // 3 + 1}" for cell in CELLS)
CELL_OF_NAME: Final = {name: cell for cell, name in enumerate(CELL_NAMES)}

LINES: Final[tuple[tuple[Cell, Cell, Cell], ...]] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
"""The 3 rows, 3 columns and 2 diagonals of section 2.2."""
LINES_THROUGH: Final = tuple(tuple(line for line in LINES if cell in line) for cell in CELLS)

STACKS: Final[tuple[tuple[Kind, ...], ...]] = (
    (),
    (DONKEY,),
    (DOG,),
    (CAT,),
    (DONKEY, DOG),
    (DOG, CAT),
    (DONKEY, DOG, CAT),
)
"""The only possible stacks, bottom to top (section 2.2); a stack's code is its index here."""
EMPTY: Final = 0
CODE_OF_STACK: Final = {stack: code for code, stack in enumerate(STACKS)}
NO_KIND: Final = -1
TOP: Final = tuple(stack[-1] if stack else NO_KIND for stack in STACKS)
HEIGHT: Final = tuple(len(stack) for stack in STACKS)


def accepts(code: StackCode, kind: Kind) -> bool:
    """The placement rule of section 2.3: may an animal of `kind` go onto this stack?

    >>> accepts(CODE_OF_STACK[(DONKEY,)], DOG), accepts(CODE_OF_STACK[(DOG,)], DOG)
    (True, False)
    >>> accepts(CODE_OF_STACK[(DONKEY, DOG)], CAT), accepts(CODE_OF_STACK[(DONKEY,)], CAT)
    (True, False)
    """
    if code == EMPTY:
        return True
    if kind == DOG:
        return STACKS[code] == (DONKEY,)
    return kind == CAT and TOP[code] == DOG


ACCEPTS: Final = tuple(tuple(accepts(code, kind) for kind in KINDS) for code in range(len(STACKS)))
LOWEST_LIFTED: Final = tuple(tuple(stack[-k] for k in range(1, len(stack) + 1)) for stack in STACKS)
"""`LOWEST_LIFTED[code][k - 1]`: the kind of the lowest animal when the top k are lifted (R5)."""
REMAINDER: Final = tuple(
    tuple(CODE_OF_STACK[stack[:-k]] for k in range(1, len(stack) + 1)) for stack in STACKS
)
"""`REMAINDER[code][k - 1]`: the stack left behind when its top k animals are lifted (R5)."""
PORTION_SIZES: Final = tuple(
    tuple(
        tuple(k for k in range(1, HEIGHT[source] + 1) if ACCEPTS[target][LOWEST_LIFTED[source][k - 1]])
        for target in range(len(STACKS))
    )
    for source in range(len(STACKS))
)
"""`PORTION_SIZES[source][target]`: every k whose top-k portion may move onto the target (R5, 2.3)."""


def owner(piece: Piece) -> int:
    """The seat whose supply a piece starts in."""
    return piece // PIECES_PER_SEAT


def kind_of(piece: Piece) -> Kind:
    """The animal a piece is."""
    return piece % PIECES_PER_SEAT // COPIES_PER_KIND


def piece_element(piece: Piece) -> str:
    """The drawing's stable id of a piece: "piece-0-donkey-1" … "piece-1-cat-2".

    >>> piece_element(9)
    'piece-1-dog-2'
    """
    copy = piece % COPIES_PER_KIND + 1
    return f"piece-{owner(piece)}-{KIND_NAMES[kind_of(piece)]}-{copy}"


def rooster_element(seat: int) -> str:
    """The drawing's id of a seat's Rooster."""
    return f"piece-{seat}-rooster"


def cell_element(cell: Cell) -> str:
    """The drawing's id of a cell: "cell-b2"."""
    return f"cell-{CELL_NAMES[cell]}"


def line_winner(tops: list[Kind], line: tuple[Cell, Cell, Cell]) -> Kind:
    """The kind showing on top of all three cells of a line, or `NO_KIND` (R8: empty cells never count)."""
    first = tops[line[0]]
    if first != NO_KIND and tops[line[1]] == first and tops[line[2]] == first:
        return first
    return NO_KIND


def completed_lines(codes: list[StackCode], cells: tuple[Cell, ...]) -> list[tuple[Cell, Cell, Cell]]:
    """The lines through any of `cells` whose three tops are the same kind (R8).

    Only the lines through the cells an action changed can have become complete: any
    other line was already complete before, which would have ended the game.
    """
    tops = [TOP[code] for code in codes]
    found: list[tuple[Cell, Cell, Cell]] = []
    for cell in cells:
        for line in LINES_THROUGH[cell]:
            if line not in found and line_winner(tops, line) != NO_KIND:
                found.append(line)
    return found
