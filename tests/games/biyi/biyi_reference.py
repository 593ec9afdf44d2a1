"""An independent, slow Biyi move generator written from docs/rules/biyi.md alone.

It shares nothing with the engine but the board files' data: squares are (x, y) pairs,
columns are strings of "L" and "D" (bottom to top), every candidate turn is played on a
copy of the whole board and checked against every rule afterwards (the river by a fresh
flood fill, dragons by scanning all pairs), and jump chains are explored by plain
recursion. Perft counts from it check the engine's (tests/games/biyi/test_biyi_perft.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tabletop.games.biyi.board import Board

Grid = dict[tuple[int, int], str]
Undo = tuple[tuple[int, int], tuple[int, int], str, int] | None
"""(origin, target, the moved letters, the level they left) of a player's last movement."""

COLOURS = "LD"


@dataclass
class Position:
    """A Biyi position in the reference's own terms."""

    board: Board
    grid: Grid
    to_move: int
    last: tuple[Undo, Undo] = (None, None)
    history: tuple[str, ...] = ()
    over: bool = False

    def key(self) -> str:
        cells = [self.grid.get((x, y), "") for y in range(self.board.height) for x in range(self.board.width)]
        return "/".join(cells) + str(self.to_move)


def from_view(board: Board, view: dict[str, object], to_move: int) -> Position:
    """The reference position of an engine view (columns by owner names)."""
    grid: Grid = {}
    for stack in view["stacks"]:  # type: ignore[attr-defined]
        square = board.square_of(stack["square"])
        assert square is not None
        grid[(square % board.width, square // board.width)] = "".join(
            "L" if owner == "light" else "D" for owner in stack["owners"]
        )
    position = Position(board, grid, to_move)
    position.history = (position.key(),)
    return position


def _bird(board: Board, seat: int) -> tuple[int, int]:
    square = board.birds[seat]
    return square % board.width, square // board.width


def _on_board(board: Board, x: int, y: int) -> bool:
    return 0 <= x < board.width and 0 <= y < board.height


def _kind_of_step(seat: int, dx: int, dy: int) -> str:
    if dx:
        return "side"
    return "forward" if (dy > 0) == (seat == 0) else "back"


def river_ok(board: Board, grid: Grid) -> bool:
    river_rows = set(board.river_rows)
    occupied = {xy for xy, column in grid.items() if column}
    for start in [xy for xy in occupied if xy[1] in river_rows]:
        seen, todo, linked = {start}, [start], False
        while todo:
            x, y = todo.pop()
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                near = (x + dx, y + dy)
                if near not in occupied:
                    continue
                if near[1] not in river_rows:
                    linked = True
                elif near not in seen:
                    seen.add(near)
                    todo.append(near)
        if not linked:
            return False
    return True


def _dragons(grid: Grid, colour: str) -> bool:
    uniform = [xy for xy, column in grid.items() if len(column) >= 3 and set(column) == {colour}]
    return any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a in uniform for b in uniform)


def _name(board: Board, xy: tuple[int, int]) -> str:
    return board.name_of(xy[1] * board.width + xy[0])


def turns(position: Position) -> Iterator[tuple[str, Grid, bool, Undo]]:
    """Every legal turn: (id, grid after, wins, the movement R28 remembers)."""
    board, grid, seat = position.board, position.grid, position.to_move
    me = COLOURS[seat]
    for (x, y), column in sorted(grid.items(), key=lambda item: (item[0][1], item[0][0])):
        if not column or column[-1] != me:
            continue
        for dx, dy in ((0, 1 if seat == 0 else -1), (-1, 0), (1, 0), (0, -1 if seat == 0 else 1)):
            target = (x + dx, y + dy)
            if not _on_board(board, *target) or target == _bird(board, seat):
                continue
            step = _kind_of_step(seat, dx, dy)
            hx, hy = len(column), len(grid.get(target, ""))
            choices = []
            if hy < hx:
                group = column[hy:]
                if step == "side" or (step == "forward") == (group[0] == me):
                    choices.append((group, ""))
            if step != "back" and hy <= hx - 2:
                choices.append((column[-1], "/1"))
            if step != "back" and hy == hx and grid.get(target, " ")[-1] == me:
                choices.append((column[-1], ""))
            for moved, suffix in choices:
                level = hx - len(moved)
                undo = ((x, y), target, moved, level)
                previous = position.last[seat]
                if previous is not None and (target, (x, y), moved, len(grid.get(target, ""))) == previous:
                    continue
                after = dict(grid)
                after[(x, y)] = column[:level]
                after[target] = grid.get(target, "") + moved
                text = _name(board, (x, y)) + _name(board, target) + suffix
                for chain, final, wins in _finish(board, after, seat, target, [target]):
                    # After a jump the group's top token has left the target: nothing can undo it.
                    memory = None if chain else undo
                    yield text + "".join("-" + _name(board, xy) for xy in chain), final, wins, memory


def _finish(
    board: Board, grid: Grid, seat: int, square: tuple[int, int], visited: list[tuple[int, int]]
) -> Iterator[tuple[list[tuple[int, int]], Grid, bool]]:
    """The ways to end the turn after something landed on `square`."""
    me = COLOURS[seat]
    if square == _bird(board, 1 - seat):
        if not _dragons(grid, me):
            yield [], grid, True
        return
    if grid[square].count(me) < 4:
        if river_ok(board, grid):
            yield [], grid, False
        return
    x, y = square
    for dx, dy in ((0, 1 if seat == 0 else -1), (-1, 0), (1, 0)):
        landing = (x + dx, y + dy)
        if not _on_board(board, *landing) or landing == _bird(board, seat) or landing in visited:
            continue
        after = dict(grid)
        after[square] = grid[square][:-1]
        after[landing] = grid.get(landing, "") + grid[square][-1]
        for chain, final, wins in _finish(board, after, seat, landing, [*visited, landing]):
            yield [landing, *chain], final, wins


def play(position: Position, turn: tuple[str, Grid, bool, Undo]) -> Position:
    """The position after a turn, with the end of the game decided as the rules page says."""
    _, grid, wins, undo = turn
    seat = position.to_move
    me = COLOURS[seat]
    last = (undo, position.last[1]) if seat == 0 else (position.last[0], undo)
    after = Position(position.board, grid, 1 - seat, last, position.history)
    started_in_trouble = _dragons(position.grid, me)
    if wins or (started_in_trouble and _dragons(grid, me)):
        after.over = True
        return after
    key = after.key()
    after.over = key in position.history or len(position.history) >= position.board.turn_limit
    after.history = (*position.history, key)
    if not after.over:
        after.over = not any(True for _ in turns(after))
    return after


def perft(position: Position, depth: int) -> int:
    """Leaf count `depth` turns ahead; a finished game has no leaves."""
    if depth == 0:
        return 1
    if position.over:
        return 0
    found = list(turns(position))
    if depth == 1:
        return len(found)
    return sum(perft(play(position, turn), depth - 1) for turn in found)
