"""Concrete Lucky Numbers positions for the tests, and an independent move generator.

`position` builds a state the way the rules page writes boards (row by row, ``.`` = empty)
through `LuckyNumbersState.from_position`, which checks that every tile is there exactly once.

`reference_ids` lists the legal action ids from a view alone, written from the rules page
and differently from the engine: it places the number, then checks every pair of filled
cells of the row and the column (INV), where the engine compares with precomputed bounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine import State
from tabletop.games.luckynumbers import GAME
from tabletop.games.luckynumbers.state import LuckyNumbersState


def parse_garden(text: str) -> list[int | None]:
    """A garden written as 4 rows of 4 numbers or dots, rows split by '/' or new lines."""
    rows = [row.split() for row in text.replace("/", "\n").strip().splitlines() if row.strip()]
    assert len(rows) == 4 and all(len(row) == 4 for row in rows), text
    return [None if cell == "." else int(cell) for row in rows for cell in row]


def position(
    gardens: Sequence[str],
    *,
    table: Sequence[int] = (),
    hand: int | None = None,
    pile_top: Sequence[int] = (),
    current: int = 0,
    options: dict[str, Any] | None = None,
    stall: int = 0,
    face_down: int | None = None,
) -> LuckyNumbersState:
    """A position in play: these gardens, face-up `table` (laid in that order), `hand` held by
    `current`, and the pile whose next draws are `pile_top`. With `face_down`, only that many
    tiles stay face down (`pile_top` and the highest others): the rest lie face up on the table
    after `table`."""
    parsed = [parse_garden(garden) for garden in gardens]
    if face_down is not None:
        unused = _unused(parsed, table, hand, pile_top)
        table = [*table, *unused[: len(unused) - (face_down - len(pile_top))]]
    return LuckyNumbersState.from_position(
        GAME,
        gardens=parsed,
        table=table,
        hand=hand,
        pile_top=pile_top,
        current=current,
        stall=stall,
        options=options,
    )


def _unused(
    gardens: Sequence[Sequence[int | None]], table: Sequence[int], hand: int | None, pile_top: Sequence[int]
) -> list[int]:
    """The numbers of the tiles not named by a position, ascending (one per copy)."""
    copies = {number: len(gardens) for number in range(1, 21)}
    named = [number for garden in gardens for number in garden if number is not None]
    for number in [*named, *table, *pile_top, *([hand] if hand is not None else [])]:
        copies[number] -= 1
    return [number for number, count in copies.items() for _ in range(count)]


def numbers(garden_view: Sequence[Any]) -> list[int | None]:
    """The numbers of a garden as a view shows it."""
    return [None if tile is None else tile["number"] for tile in garden_view]


def garden_text(state: State, seat: int) -> str:
    """A seat's garden as the rules page writes it, rows split by '/'."""
    values = numbers(state.view(None)["gardens"][seat])
    cells = ["." if value is None else str(value) for value in values]
    return " / ".join(" ".join(cells[row * 4 : row * 4 + 4]) for row in range(4))


def is_ordered(values: Sequence[int | None]) -> bool:
    """INV checked pair by pair over every row and column."""
    lines = [[row * 4 + column for column in range(4)] for row in range(4)]
    lines += [[row * 4 + column for row in range(4)] for column in range(4)]
    for line in lines:
        for first in range(4):
            for second in range(first + 1, 4):
                a, b = values[line[first]], values[line[second]]
                if a is not None and b is not None and not a < b:
                    return False
    return True


def _fits(values: Sequence[int | None], number: int, cell: int) -> bool:
    if values[cell] == number:
        return False  # an exchange for the same number is no move (the package's decision)
    changed = list(values)
    changed[cell] = number
    return is_ordered(changed)


def _cell(cell: int) -> str:
    return f"{cell // 4}{cell % 4}"


def reference_ids(view: dict[str, Any]) -> list[str]:
    """The legal action ids of the viewer, who must be the player to move (see the module docstring)."""
    seat = view["viewer"]
    values = numbers(view["gardens"][seat])
    if view["phase"] == "setup":
        return [f"place:{_cell(cell)}" for cell in (0, 5, 10, 15) if values[cell] is None]
    if view["drawn"] is not None:
        number = view["drawn"]["number"]
        return [f"place:{_cell(cell)}" for cell in range(16) if _fits(values, number, cell)] + ["discard"]
    ids = ["draw"]
    for number in sorted({tile["number"] for tile in view["table"]}):
        ids += [f"take:{number}:{_cell(cell)}" for cell in range(16) if _fits(values, number, cell)]
    return ids


def perft(state: State, depth: int, *, reference: bool = False) -> int:
    """Leaf count at `depth` through the public contract; with `reference`, the moves tried at
    every node are `reference_ids` instead of the engine's own list (an illegal one raises)."""
    if depth == 0 or state.is_over():
        return 1 if depth == 0 else 0
    seat = state.current_players()[0]
    ids = reference_ids(state.view(seat)) if reference else state.legal_action_ids(seat)
    if depth == 1:
        return len(ids)
    total = 0
    for action_id in ids:
        child = state.clone()
        child.apply(seat, action_id)
        total += perft(child, depth - 1, reference=reference)
    return total
