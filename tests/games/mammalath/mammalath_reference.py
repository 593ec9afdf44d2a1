"""An independent, slow reading of docs/rules/mammalath.md, to check the engine's move generation against.

Written from the rules file alone and differently from the engine: the board is a dict from
(r, c) to a pair (animal letter or None, token "B"/"W" or None); triples are found by walking
from every cell in the four directions of the board and keeping the walks that stay on the
board; the end test of R8 collects every triple of the placer's tokens and looks at the
animals on them. Action ids follow the package's notation (column letter A–F, row 1–6 from
the top), so the sets of ids can be compared, not only their sizes.

`board_of_view` reads an engine view back into this representation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

KIND_NAMES = {"a": "armadillo", "b": "badger", "c": "cougar", "d": "deer", "e": "elephant", "f": "fox"}
STEPS = [(0, 1), (1, 0), (1, 1), (1, -1)]
OTHER = {"B": "W", "W": "B"}
TOKENS_EACH = 18
Square = tuple[str | None, str | None]
"""(animal letter or None, token letter or None)."""


def name(r: int, c: int) -> str:
    return "ABCDEF"[c] + str(r + 1)


def all_triples() -> list[list[tuple[int, int]]]:
    """Every p, p+d, p+2d inside the 6×6 board."""
    found = []
    for r in range(6):
        for c in range(6):
            for dr, dc in STEPS:
                walk = [(r + k * dr, c + k * dc) for k in range(3)]
                if all(0 <= rr < 6 and 0 <= cc < 6 for rr, cc in walk):
                    found.append(walk)
    return found


TRIPLES = all_triples()


@dataclass
class Position:
    """The whole game situation as the rules file describes it."""

    board: dict[tuple[int, int], Square]
    to_move: str
    phase: str = "normal"
    """ "first" (R6: place only), "swap" (R7 offered), or "normal"."""
    swap_rule: bool = True
    over: bool = False

    def copy(self) -> Position:
        return Position(dict(self.board), self.to_move, self.phase, self.swap_rule, self.over)


def moves(position: Position) -> list[str]:
    """Every legal action id (R2 – R7)."""
    if position.over:
        return []
    board = position.board
    found = [name(r, c) for (r, c), (_, token) in sorted(board.items()) if token is None]
    if position.phase == "first":
        return found
    if position.phase == "swap":
        found.append("swap")
    letters = sorted({animal for animal, _ in board.values() if animal})
    found += [KIND_NAMES[letter] for letter in letters]
    for walk in TRIPLES:
        if all(board[cell][0] for cell in walk):
            found.append(name(*walk[0]) + "-" + name(*walk[2]))
    return found


def play(position: Position, action: str) -> Position:
    """The position after `action` (assumed legal)."""
    after = position.copy()
    board = after.board
    mover = after.to_move
    if action == "swap":
        (cell,) = [cell for cell, (_, token) in board.items() if token == OTHER[mover]]
        board[cell] = (board[cell][0], mover)
        _judge(after, mover)
    elif action in KIND_NAMES.values():
        letter = action[0]
        for cell, (animal, token) in board.items():
            if animal == letter:
                board[cell] = (None, token)
    elif "-" in action:
        start, end = action.split("-")
        for walk in TRIPLES:
            if name(*walk[0]) == start and name(*walk[2]) == end:
                for cell in walk:
                    board[cell] = (None, board[cell][1])
    else:
        cell = ("123456".index(action[1]), "ABCDEF".index(action[0]))
        board[cell] = (board[cell][0], mover)
        _judge(after, mover)
    after.phase = "swap" if position.phase == "first" and after.swap_rule else "normal"
    after.to_move = OTHER[mover]
    return after


def _judge(position: Position, mover: str) -> None:
    """R8 and R10 for the player who just placed (or swapped)."""
    mine = [walk for walk in TRIPLES if all(position.board[cell][1] == mover for cell in walk)]
    count = sum(token == mover for _, token in position.board.values())
    if mine or count == TOKENS_EACH:
        position.over = True


def perft(position: Position, depth: int) -> int:
    """Action sequences of exactly `depth` plies."""
    if depth == 0:
        return 1
    options = moves(position)
    if depth == 1:
        return len(options)
    return sum(perft(play(position, action), depth - 1) for action in options)


def board_of_view(view: Mapping[str, Any], *, swap_rule: bool = True) -> Position:
    """The reference position of an engine view (nothing is hidden in Mammalath)."""
    tokens = {cell: colour[0].upper() for colour, cells in view["placed"].items() for cell in cells}
    board = {}
    for r in range(6):
        for c in range(6):
            kind = view["animals"][r][c]
            board[(r, c)] = (kind[0] if kind else None, tokens.get(name(r, c)))
    if not tokens and view["last_move"] is None:
        phase = "first"
    else:
        phase = "swap" if view["swap_available"] else "normal"
    return Position(board, view["to_move"][0].upper(), phase, swap_rule)
