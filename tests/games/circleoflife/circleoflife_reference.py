"""An independent, slow reading of docs/rules/circleoflife.md, to check the engine against.

Written from the rules file alone and differently from the engine: cells are `(row, column)`
pairs in dicts and sets instead of bitboards, critters are found by breadth-first search,
species are told apart by the "fast classification" of §2.3 (internal adjacencies and the
turns along a path) instead of a table of shapes, and the symmetries of the grid are linear
maps on `(row, column)` offsets instead of cube coordinates.

It also builds engine states for tests from lists of cell names (`position`, a thin wrapper
round `CircleOfLifeState.from_position`).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from tabletop.games.circleoflife import GAME
from tabletop.games.circleoflife.state import CircleOfLifeState

Hex = tuple[int, int]
ROWS = "ABCDEFGHI"
STEPS: tuple[Hex, ...] = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))
"""The six neighbour offsets of §2.1, going round the cell (east, south-east, ... north-east)."""

FOOD_CHAIN_PAIRS = {  # the predator -> prey table of §2.4, typed in again
    "singleton": "4-line",
    "4-line": "propeller",
    "propeller": "diamond",
    "diamond": "snake",
    "snake": "arch",
    "arch": "sled",
    "sled": "key",
    "key": "triangle",
    "triangle": "3-line",
    "3-line": "3-bend",
    "3-bend": "pair",
    "pair": "singleton",
}


def on_board(cell: Hex) -> bool:
    row, column = cell
    return 0 <= row <= 8 and 0 <= column <= 8 and abs(column - row) <= 4


ALL_CELLS = [(row, column) for row in range(9) for column in range(9) if on_board((row, column))]


def name(cell: Hex) -> str:
    return f"{ROWS[cell[0]]}{cell[1]}"


def parse(cell_name: str) -> Hex:
    return ROWS.index(cell_name[0]), int(cell_name[1:])


def neighbours(cell: Hex) -> list[Hex]:
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in STEPS if on_board((cell[0] + dr, cell[1] + dc))]


def touching(a: Hex, b: Hex) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in STEPS


# Species by the fast classification of §2.3 -------------------------------------------------


def classify(cells: Iterable[Hex]) -> str:
    """The species of a connected set of 1 to 4 cells."""
    shape = list(cells)
    edges = sum(touching(a, b) for i, a in enumerate(shape) for b in shape[i + 1 :])
    if len(shape) <= 2:
        return ["singleton", "pair"][len(shape) - 1]
    if len(shape) == 3:
        return _classify_three(shape, edges)
    return _classify_four(shape, edges)


def _classify_three(shape: list[Hex], edges: int) -> str:
    if edges == 3:
        return "triangle"
    middle = next(cell for cell in shape if sum(touching(cell, other) for other in shape) == 2)
    ends = [cell for cell in shape if cell != middle]
    collinear = ends[0][0] + ends[1][0] == 2 * middle[0] and ends[0][1] + ends[1][1] == 2 * middle[1]
    return "3-line" if collinear else "3-bend"


def _classify_four(shape: list[Hex], edges: int) -> str:
    degrees = {cell: sum(touching(cell, other) for other in shape) for cell in shape}
    if edges == 5:
        return "diamond"
    if edges == 4:
        return "key"
    if max(degrees.values()) == 3:
        return "propeller"
    path = [next(cell for cell in shape if degrees[cell] == 1)]
    while len(path) < 4:
        path.append(next(cell for cell in shape if cell not in path and touching(path[-1], cell)))
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(path)]
    turns = [s[0] * t[1] - s[1] * t[0] for s, t in pairwise(steps)]
    if turns == [0, 0]:
        return "4-line"
    if 0 in turns:
        return "sled"
    return "arch" if turns[0] * turns[1] > 0 else "snake"


# Polyhexes and the symmetries of the grid -----------------------------------------------------


def normalised(shape: Iterable[Hex]) -> tuple[Hex, ...]:
    cells = list(shape)
    low_row = min(row for row, _ in cells)
    low_column = min(column for _, column in cells)
    return tuple(sorted((row - low_row, column - low_column) for row, column in cells))


def turn(cell: Hex) -> Hex:
    """60° round the origin: the linear map taking each step of STEPS to the next one."""
    row, column = cell
    return column, column - row


def reflect(cell: Hex) -> Hex:
    """Mirror image keeping the east step (0, 1) and swapping south-east with north-east."""
    row, column = cell
    return -row, column - row


def images(shape: Iterable[Hex]) -> set[tuple[Hex, ...]]:
    """The shape under all 12 symmetries, each normalised."""
    found = set()
    current = list(shape)
    for _ in range(2):
        for _ in range(6):
            found.add(normalised(current))
            current = [turn(cell) for cell in current]
        current = [reflect(cell) for cell in current]
    return found


def fixed_polyhexes(size: int) -> set[tuple[Hex, ...]]:
    """Every connected shape of `size` cells up to translation (grown one cell at a time)."""
    shapes = {((0, 0),)}
    for _ in range(size - 1):
        shapes = {
            normalised((*shape, (row + dr, column + dc)))
            for shape in shapes
            for row, column in shape
            for dr, dc in STEPS
            if (row + dr, column + dc) not in shape
        }
    return shapes


def free_polyhexes(size: int) -> set[tuple[Hex, ...]]:
    """One representative (the least image) per class of shapes equal under the 12 symmetries."""
    return {min(images(shape)) for shape in fixed_polyhexes(size)}


# The game ------------------------------------------------------------------------------------


class Reference:
    """A position of the reference implementation: the owner of every occupied cell."""

    def __init__(self, target: int = 20) -> None:
        self.owner: dict[Hex, int] = {}
        self.eaten = [0, 0]
        self.target = target
        self.winner: int | None = None

    def critter(self, cell: Hex, owner: dict[Hex, int]) -> set[Hex]:
        seat = owner[cell]
        found, queue = {cell}, [cell]
        while queue:
            for other in neighbours(queue.pop()):
                if owner.get(other) == seat and other not in found:
                    found.add(other)
                    queue.append(other)
        return found

    def legal(self, seat: int) -> list[Hex]:
        """Empty cells where the new critter would have at most 4 stones (R2, R3)."""
        result = []
        for cell in ALL_CELLS:
            if cell in self.owner:
                continue
            joined: set[Hex] = {cell}
            for other in neighbours(cell):
                if self.owner.get(other) == seat and other not in joined:
                    joined |= self.critter(other, self.owner)
            if len(joined) <= 4:
                result.append(cell)
        return result

    def play(self, seat: int, cell: Hex) -> int:
        """Places, feeds (R5-R8) and returns how many stones were eaten."""
        self.owner[cell] = seat
        evolved = self.critter(cell, self.owner)
        prey = FOOD_CHAIN_PAIRS[classify(evolved)]
        victims: set[Hex] = set()
        for stone in evolved:
            for other in neighbours(stone):
                if self.owner.get(other) == 1 - seat and classify(self.critter(other, self.owner)) == prey:
                    victims |= self.critter(other, self.owner)
        for victim in victims:
            del self.owner[victim]
        self.eaten[seat] += len(victims)
        return len(victims)

    def copy(self) -> Reference:
        twin = Reference(self.target)
        twin.owner = dict(self.owner)
        twin.eaten = list(self.eaten)
        return twin


def reference_perft(position: Reference, seat: int, depth: int) -> int:
    """Leaf count of the game tree, with R9 and R10 ending a line."""
    moves = position.legal(seat)
    if depth == 1:
        return len(moves)
    total = 0
    for cell in moves:
        child = position.copy()
        child.play(seat, cell)
        if child.eaten[seat] >= child.target or not child.legal(1 - seat):
            continue
        total += reference_perft(child, 1 - seat, depth - 1)
    return total


# Engine states for tests -----------------------------------------------------------------------


def position(
    black: Iterable[str] = (),
    white: Iterable[str] = (),
    to_move: int = 0,
    eaten: tuple[int, int] = (0, 0),
    target: int = 20,
) -> CircleOfLifeState:
    """An engine state with these stones (given as cell names), from `from_position`."""
    return CircleOfLifeState.from_position(
        GAME, black=black, white=white, to_move=to_move, eaten=eaten, target=target
    )


def engine_perft(state: CircleOfLifeState, depth: int) -> int:
    """Leaf count through the public contract: legal_actions, clone and apply."""
    seat = state.current_players()[0] if state.current_players() else -1
    actions = state.legal_actions(seat)
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply(seat, action.id)
        if not child.is_over():
            total += engine_perft(child, depth - 1)
    return total


def picture_cells(picture: str) -> tuple[list[str], list[str]]:
    """The cells of Black (`X`) and White (`o`) in a board picture of 9 rows (`.` = empty)."""
    rows = [line.split() for line in picture.strip().splitlines()]
    assert len(rows) == 9
    black: list[str] = []
    white: list[str] = []
    for row, marks in enumerate(rows):
        columns = [column for column in range(9) if on_board((row, column))]
        assert len(marks) == len(columns), f"row {ROWS[row]} needs {len(columns)} cells"
        for column, mark in zip(columns, marks, strict=True):
            if mark != ".":
                (black if mark == "X" else white).append(name((row, column)))
    return black, white


def picture_reference(picture: str) -> Reference:
    """The reference position of a board picture."""
    black, white = picture_cells(picture)
    reference = Reference()
    for seat, names in enumerate((black, white)):
        for cell_name in names:
            reference.owner[parse(cell_name)] = seat
    return reference
