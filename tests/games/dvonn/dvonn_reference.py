"""An independent, slow reading of phase 2 of docs/rules/dvonn.md, to check the engine against.

Written from the rules page alone and differently from the engine: the board is a dict from
(x, y) to a list of colour letters ("W", "B", "R", bottom first) holding only occupied
spaces, so "occupied" is membership and "off the board" needs no table; a stack is blocked
when all six neighbouring coordinates are keys of the dict (DV-R2), a move lands on
(x + h·dx, y + h·dy) when that is a key (DV-R3), and contact is a flood fill over keys from
the stacks holding an "R" (DV-R4).

It also builds engine states for tests from the rules page's notation (`position`, through
`DvonnState.from_position`), and reads an engine view back into its own board
(`board_of_view`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.games.dvonn import GAME
from tabletop.games.dvonn.state import DvonnState

RefBoard = dict[tuple[int, int], list[str]]

ROWS = {0: (0, 8), 1: (0, 9), 2: (0, 10), 3: (1, 10), 4: (2, 10)}  # section 2.1: row y -> first, last x
STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)]  # section 2.2
OTHER = {"W": "B", "B": "W"}


def coordinates(name: str) -> tuple[int, int]:
    """ "C3" -> (2, 2), checked against the table of section 2.1."""
    x, y = "ABCDEFGHIJK".index(name[0]), int(name[1:]) - 1
    first, last = ROWS[y]
    assert first <= x <= last, name
    return x, y


def name(x: int, y: int) -> str:
    return f"{'ABCDEFGHIJK'[x]}{y + 1}"


def parse(text: str) -> RefBoard:
    """ "A3:R, B3:1B, C3:2W*" (section 7's notation) -> a reference board.

    A stack "hC*" is written bottom to top as a DVONN piece (if *), pieces of the other
    colour, and C on top; only the height, the top and the DVONN piece matter to the rules.
    """
    board: RefBoard = {}
    for entry in text.replace(" ", "").split(","):
        cell, stack = entry.split(":")
        if stack == "R":
            board[coordinates(cell)] = ["R"]
            continue
        core, dvonn = stack.rstrip("*"), stack.endswith("*")
        height, top = int(core[:-1]), core[-1]
        board[coordinates(cell)] = ["R"] * dvonn + [OTHER[top]] * (height - 1 - dvonn) + [top]
    return board


def position(text: str, to_move: int = 0) -> DvonnState:
    """An engine state in phase 2 holding the stacks of `text`, `to_move` to act."""
    pools = {"R": [1, 2, 3], "W": list(range(4, 27)), "B": list(range(27, 50))}
    stacks = {name(*xy): tuple(pools[colour].pop(0) for colour in stack) for xy, stack in parse(text).items()}
    return DvonnState.from_position(GAME, stacks=stacks, to_move=to_move)


def board_of_view(view: Mapping[str, Any]) -> RefBoard:
    """The reference board of an engine view (what a spectator sees)."""
    letters = {"white": "W", "black": "B", "red": "R"}
    return {coordinates(stack["cell"]): [letters[c] for c in stack["colours"]] for stack in view["stacks"]}


def moves(board: RefBoard, colour: str) -> list[str]:
    """Every move of `colour` in "C3E3" notation (DV-R1 to DV-R3)."""
    found = []
    for (x, y), stack in board.items():
        if stack[-1] != colour:
            continue
        if all((x + dx, y + dy) in board for dx, dy in STEPS):
            continue
        height = len(stack)
        for dx, dy in STEPS:
            target = (x + height * dx, y + height * dy)
            if target in board:
                found.append(name(x, y) + name(*target))
    return found


def play(board: RefBoard, move: str) -> RefBoard:
    """The board after a move, with every stack out of contact removed (DV-R3, DV-R4)."""
    after = {xy: list(stack) for xy, stack in board.items()}
    origin, target = coordinates(move[:2]), coordinates(move[2:])
    after[target] = after[target] + after.pop(origin)
    reached = {xy for xy, stack in after.items() if "R" in stack}
    todo = list(reached)
    while todo:
        x, y = todo.pop()
        for dx, dy in STEPS:
            neighbour = (x + dx, y + dy)
            if neighbour in after and neighbour not in reached:
                reached.add(neighbour)
                todo.append(neighbour)
    return {xy: stack for xy, stack in after.items() if xy in reached}


def score(board: RefBoard) -> tuple[int, int]:
    """Heights of the stacks each colour has on top (DV-R7)."""
    return (
        sum(len(s) for s in board.values() if s[-1] == "W"),
        sum(len(s) for s in board.values() if s[-1] == "B"),
    )


def perft(board: RefBoard, colour: str, depth: int) -> int:
    """Leaves `depth` plies ahead, a forced pass counting as a ply and a finished game as none (DV-R5, R6)."""
    if depth == 0:
        return 1
    mine = moves(board, colour)
    if not mine:
        if not moves(board, OTHER[colour]):
            return 0
        return perft(board, OTHER[colour], depth - 1)
    if depth == 1:
        return len(mine)
    return sum(perft(play(board, move), OTHER[colour], depth - 1) for move in mine)
