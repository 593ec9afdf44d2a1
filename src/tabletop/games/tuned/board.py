"""Tuned's barn, animals and stacks, and the notation (section 2 of docs/rules/tuned.md).

Cells are numbered 0…8 in reading order, cell (r, c) being 3r + c; a cell is named by
its column letter and its row number counted from the top: "a1" is (0, 0), "c1" is (0, 2)
and "b3" is (2, 1), so the rules page's rows read top to bottom as in its scenarios.

A stack is known to the rules by its *code*, one of the seven possible stacks of section
2.2 (0 = empty … 6 = Donkey, Dog, Cat). Every question the rules ask of stacks (what is on
top, what a cell accepts, what is left after lifting, what a drop makes) is a lookup in a
table built here once, so move generation does no list work.

The twelve animals keep an identity for the drawing: piece p belongs to seat p // 6, is of
kind (p % 6) // 2 and is copy p % 2 + 1 of that kind ("piece-1-dog-2" is piece 9).

Notation (decided by the project; the rules give coordinates only): an Add is the animal's
letter and the cell, "Gb2" (a Dog onto b2); a Move is the letter of the lowest animal
lifted, then the cell it leaves and the cell it goes to, "Ga1b2" (the Dog of a1, with
whatever sits on it, onto b2). A stack holds at most one animal of each kind, so the
letter says exactly where the moved portion starts, and the portion is that animal and
everything above it (R5). Paths are the clicks that choose the action: an Add clicks the
supply piece, then the cell; a Move clicks the piece where the lifted portion starts, then
the cell. Hand-made barns are written as in section 6: three rows top to bottom separated
by "/", each three stacks bottom to top ("DG", "." for an empty cell).
"""

from __future__ import annotations

from typing import Final

from tabletop.engine import Action, ActionId

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
SUPPLY: Final = -1
"""Where an added animal comes from: the `source` of an Add is the mover's supply."""

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
LINE_NAMES: Final = {
    (0, 1, 2): "row 1",
    (3, 4, 5): "row 2",
    (6, 7, 8): "row 3",
    (0, 3, 6): "column a",
    (1, 4, 7): "column b",
    (2, 5, 8): "column c",
    (0, 4, 8): "the diagonal a1–c3",
    (2, 4, 6): "the diagonal c1–a3",
}

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


# -- the notation ---------------------------------------------------------------------------


def add_id(kind: Kind, target: Cell) -> ActionId:
    """ "Gb2": a Dog added onto b2.

    >>> add_id(2, 4)
    'Cb2'
    """
    return KIND_LETTERS[kind] + CELL_NAMES[target]


def move_id(kind: Kind, source: Cell, target: Cell) -> ActionId:
    """ "Ga1b2": the portion starting at the Dog of a1 moved onto b2.

    >>> move_id(0, 0, 8)
    'Da1c3'
    """
    return KIND_LETTERS[kind] + CELL_NAMES[source] + CELL_NAMES[target]


def parse(action_id: object) -> tuple[Kind, Cell, Cell] | None:
    """(kind, source, target) of a well-formed id, source `SUPPLY` for an Add; None if malformed.

    >>> parse("Gb2"), parse("Ca1c3"), parse("Xa1"), parse(7)
    ((1, -1, 4), (2, 0, 8), None, None)
    """
    if not isinstance(action_id, str) or len(action_id) not in (3, 5):
        return None
    kind = KIND_LETTERS.find(action_id[0])
    target = CELL_OF_NAME.get(action_id[-2:])
    source = SUPPLY if len(action_id) == 3 else CELL_OF_NAME.get(action_id[1:3])
    if kind < 0 or target is None or source is None:
        return None
    return kind, source, target


def portion_words(kind: Kind, k: int) -> str:
    """ "Dog", "Dog and Cat", "Donkey, Dog and Cat": the k animals lifted from `kind` upwards."""
    titles = KIND_TITLES[kind : kind + k]
    if len(titles) == 1:
        return titles[0]
    return ", ".join(titles[:-1]) + " and " + titles[-1]


def _add_action(piece: Piece, target: Cell) -> Action:
    kind = kind_of(piece)
    label = f"Add a {KIND_TITLES[kind]} on {CELL_NAMES[target]}"
    return Action(add_id(kind, target), label, (piece_element(piece), cell_element(target)))


def _move_action(piece: Piece, source: Cell, target: Cell, k: int) -> Action:
    kind = kind_of(piece)
    label = f"Move {portion_words(kind, k)} from {CELL_NAMES[source]} to {CELL_NAMES[target]}"
    return Action(move_id(kind, source, target), label, (piece_element(piece), cell_element(target)))


ADD_ACTIONS: Final = tuple(tuple(_add_action(piece, target) for target in CELLS) for piece in PIECES)
"""`ADD_ACTIONS[piece][target]`, built once so that listing the legal actions builds none."""
MOVE_ACTIONS: Final = tuple(
    tuple(
        tuple(
            tuple(_move_action(piece, source, target, k) for k in range(1, len(KINDS) - kind_of(piece) + 1))
            for target in CELLS
        )
        for source in CELLS
    )
    for piece in PIECES
)
"""`MOVE_ACTIONS[piece][source][target][k - 1]`: k runs up to the animals a stack can hold above the piece."""


# -- hand-made positions (section 6's notation) ----------------------------------------------


def stacks_of_rows(rows: str) -> list[tuple[Kind, ...]]:
    """ "DG . C / . . . / . . ." -> nine kind stacks, checked against section 2.2.

    >>> stacks_of_rows("DG . C / . . . / . . .")[:3]
    [(0, 1), (), (2,)]
    """
    words = [word for row in rows.split("/") for word in row.split()]
    if len(words) != len(CELLS):
        raise ValueError(f"a barn has 9 cells in 3 rows; got {len(words)} stacks in {rows!r}")
    stacks = [() if word == "." else tuple(KIND_LETTERS.index(letter) for letter in word) for word in words]
    for word, stack in zip(words, stacks, strict=True):
        if stack not in CODE_OF_STACK:
            raise ValueError(f"{word!r} is not one of the stacks of section 2.2")
    return stacks


def supply_pieces(seat: int, letters: str) -> tuple[Piece, ...]:
    """A seat's supply written as letters: of each kind, the copies not yet added (copy 1 goes first)."""
    pieces: list[Piece] = []
    for kind in KINDS:
        count = letters.count(KIND_LETTERS[kind])
        if count > COPIES_PER_KIND:
            raise ValueError(f"a supply holds at most {COPIES_PER_KIND} of each animal; got {letters!r}")
        first = seat * PIECES_PER_SEAT + kind * COPIES_PER_KIND
        pieces += range(first + COPIES_PER_KIND - count, first + COPIES_PER_KIND)
    return tuple(pieces)


def barn_pieces(stacks: list[tuple[Kind, ...]], supplies: list[tuple[Piece, ...]]) -> list[tuple[Piece, ...]]:
    """Gives the barn's animals the pieces in no supply, lowest first, in reading order.

    Every kind must count four animals between the barn and the supplies.
    """
    unused = [piece for piece in PIECES if piece not in supplies[0] + supplies[1]]
    barn = []
    for stack in stacks:
        pieces: list[Piece] = []
        for kind in stack:
            piece = next((piece for piece in unused if kind_of(piece) == kind), None)
            if piece is None:
                raise ValueError(f"more than four {KIND_TITLES[kind]}s between the barn and the supplies")
            unused.remove(piece)
            pieces.append(piece)
        barn.append(tuple(pieces))
    if unused:
        missing = ", ".join(KIND_TITLES[kind_of(piece)] for piece in unused)
        raise ValueError(f"every kind counts four animals in the barn and the supplies; missing: {missing}")
    return barn


# -- research: the action space and piece owners ----------------------------------


def action_space() -> tuple[ActionId, ...]:
    """Every id ever legal: the 27 Adds (kind D, G, C × cell a1…c3), then the 216 Moves.

    Moves are ordered by kind, source cell, then target cell (never the source itself).

    >>> space = action_space()
    >>> len(space), space[:2], space[27:29]
    (243, ('Da1', 'Db1'), ('Da1b1', 'Da1c1'))
    """
    adds = tuple(add_id(kind, cell) for kind in KINDS for cell in CELLS)
    moves = tuple(
        move_id(kind, source, target)
        for kind in KINDS
        for source in CELLS
        for target in CELLS
        if target != source
    )
    return adds + moves


def piece_owner(element: str) -> int:
    """The seat of a piece from its drawing id, "piece-1-dog-2" → 1 (see `piece_element`)."""
    return int(element.split("-")[1])
