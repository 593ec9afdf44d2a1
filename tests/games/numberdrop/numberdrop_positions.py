"""Helpers shared by the Number Drop tests: positions in the game's words and what a sheet shows."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop import games
from tabletop.games.numberdrop.board import CELL_INDEX, HEIGHT, WIDTH, digit_text
from tabletop.games.numberdrop.state import NumberDropState

GAME = games.load("numberdrop")


def position(**parts: object) -> NumberDropState:
    """`NumberDropState.from_position` for this game (see its docstring for the keywords)."""
    return NumberDropState.from_position(GAME, **parts)  # type: ignore[arg-type]


def grid(state: NumberDropState, seat: int, *, working: bool = True) -> list[str]:
    """The seat's grid as rows, top first, from the lowest empty row up trimmed away."""
    sheet = state.turns[seat].sheet if working else state.sheets[seat]
    rows = ["".join(digit_text(sheet.cells[y * WIDTH + x]) for x in range(WIDTH)) for y in range(HEIGHT)]
    while rows and set(rows[-1]) == {"."}:
        rows.pop()
    return rows[::-1]


def cell(state: NumberDropState, seat: int, name: str) -> str:
    """What one cell of the seat's working sheet holds: a digit, "X" or "."."""
    return digit_text(state.turns[seat].sheet.cells[CELL_INDEX[name]])


def play(state: NumberDropState, seat: int, actions: Sequence[str]) -> None:
    """Applies the seat's actions in order."""
    for action in actions:
        state.apply(seat, action)
