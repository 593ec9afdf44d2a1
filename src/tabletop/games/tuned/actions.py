"""Tuned's action notation and the prebuilt `Action` of every possible Add and Move.

Notation (decided here; the rules file gives coordinates only): an Add is the animal's
letter and the cell, "Gb2" (a Dog onto b2); a Move is the letter of the lowest animal
lifted, then the cell it leaves and the cell it goes to, "Ga1b2" (the Dog of a1, with
whatever sits on it, onto b2). A stack holds at most one animal of each kind, so the
letter says exactly where the moved portion starts, and the portion is that animal and
everything above it (R5).

Paths are the clicks that choose the action: an Add clicks the supply piece, then the
cell; a Move clicks the piece where the lifted portion starts, then the cell.
"""

from __future__ import annotations

from typing import Final

from tabletop.engine import Action, ActionId
from tabletop.games.tuned.barn import (
    CELL_NAMES,
    CELL_OF_NAME,
    CELLS,
    KIND_LETTERS,
    KIND_TITLES,
    KINDS,
    PIECES,
    Cell,
    Kind,
    Piece,
    cell_element,
    kind_of,
    piece_element,
)
from tabletop.games.tuned.rules import SUPPLY


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
"""`ADD_ACTIONS[piece][target]`."""
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
