"""Mammalath's action notation and the drawing element ids that the actions' paths name.

Action ids (one complete decision each, R1):
- a place (R2) is the cell: "C3", clicked as the cell;
- a release of a kind (R3) is the kind: "fox", clicked as that kind's button in the legend;
- a release of a line (R4) is its two ends, starting cell first in the directions of
  section 2.2 (left end of a row, top end of a column or diagonal): "A1-C3", clicked as the
  "Release a line" button, then the two ends;
- the swap (R7) is "swap", clicked as the cell of the first player's token.
No path is a prefix of another, so every click sequence names one action.

All `Action` objects are built once here; legal actions are picked from these tables.
"""

from __future__ import annotations

from tabletop.engine import Action
from tabletop.games.mammalath.board import CELL_COUNT, CELL_NAMES, KINDS, TRIPLES, line_name

PLACE = 0
RELEASE_KIND = 1
RELEASE_LINE = 2
SWAP = 3
SWAP_ID = "swap"

RELEASE_LINE_ELEMENT = "release-line"
"""The legend's button that starts a line release."""


def cell_element(cell: int) -> str:
    """The drawing id of a cell's clickable square: "cell-c3"."""
    return f"cell-{CELL_NAMES[cell].lower()}"


def kind_element(kind: int) -> str:
    """The drawing id of a kind's button in the legend: "kind-fox"."""
    return f"kind-{KINDS[kind]}"


def animal_element(cell: int) -> str:
    """The drawing id of the animal standing on a cell: "animal-c3" (animals never move)."""
    return f"animal-{CELL_NAMES[cell].lower()}"


def token_element(colour: str, number: int) -> str:
    """The drawing id of a colour's `number`-th token (1…18): "black-3".

    Token k of a colour is the k-th of its tokens on the board, counted in the order they
    were placed, and the tokens still in supply carry the numbers after those; so a token
    keeps its id from the supply to its cell for the rest of the game.
    """
    return f"{colour}-{number}"


PLACE_ACTIONS: tuple[Action, ...] = tuple(
    Action(CELL_NAMES[cell], f"Place on {CELL_NAMES[cell]}", (cell_element(cell),))
    for cell in range(CELL_COUNT)
)
SWAP_ACTIONS: tuple[Action, ...] = tuple(
    Action(SWAP_ID, f"Swap: take over {CELL_NAMES[cell]}", (cell_element(cell),))
    for cell in range(CELL_COUNT)
)
"""Indexed by the cell of the first player's token, which is what the swap takes over."""
KIND_ACTIONS: tuple[Action, ...] = tuple(
    Action(kind_name, f"Release every {kind_name}", (kind_element(kind),))
    for kind, kind_name in enumerate(KINDS)
)
LINE_ACTIONS: tuple[Action, ...] = tuple(
    Action(
        line_name(triple),
        f"Release the line {line_name(triple).replace('-', '–')}",
        (RELEASE_LINE_ELEMENT, cell_element(start), cell_element(end)),
    )
    for triple, (start, _, end) in enumerate(TRIPLES)
)

ACTION_OF_ID: dict[str, tuple[int, int]] = {
    **{action.id: (PLACE, cell) for cell, action in enumerate(PLACE_ACTIONS)},
    **{action.id: (RELEASE_KIND, kind) for kind, action in enumerate(KIND_ACTIONS)},
    **{action.id: (RELEASE_LINE, triple) for triple, action in enumerate(LINE_ACTIONS)},
    SWAP_ID: (SWAP, 0),
}
"""Every well-formed action id: what kind of decision it is and on which cell, kind or triple."""
