"""Concrete Lucky Numbers positions for the tests, and an independent move generator.

`position` builds a state the way the rules file writes boards (row by row, ``.`` = empty)
through the public contract: it edits the JSON of a fresh state and loads it with
`GAME.state_from_json`, which checks that every tile is there exactly once. Numbers are
given; the tiles (colours) that carry them are picked in a fixed order.

`reference_ids` lists the legal action ids from a view alone, written from the rules file
and differently from the engine: it places the number, then checks every pair of filled
cells of the row and the column (INV), where the engine compares with precomputed bounds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tabletop.engine import State
from tabletop.games.luckynumbers import GAME

COLOURS = ("yellow", "red", "purple", "green")


class _TileBox:
    """Hands out tile names for numbers, each tile once, colours in set order."""

    def __init__(self, players: int) -> None:
        self.free = {
            number: [f"{colour}-{number}" for colour in COLOURS[:players]] for number in range(1, 21)
        }

    def take(self, number: int) -> str:
        if not self.free[number]:
            raise ValueError(f"no copy of {number} left")
        return self.free[number].pop(0)

    def rest(self) -> list[str]:
        return [name for number in range(1, 21) for name in self.free[number]]


def parse_garden(text: str) -> list[int | None]:
    """A garden written as 4 rows of 4 numbers or dots, rows split by '/' or new lines."""
    rows = [row.split() for row in text.replace("/", "\n").strip().splitlines() if row.strip()]
    assert len(rows) == 4 and all(len(row) == 4 for row in rows), text
    return [None if cell == "." else int(cell) for row in rows for cell in row]


def _tile_or_none(box: _TileBox, number: int | None) -> str | None:
    return None if number is None else box.take(number)


def position(
    gardens: Sequence[str],
    *,
    table: Sequence[int] = (),
    hand: int | None = None,
    pile_top: Sequence[int] = (),
    current: int = 0,
    options: dict[str, Any] | None = None,
    stall: int = 0,
) -> State:
    """A position in play: these gardens, face-up `table` (laid in that order), `hand` held by
    `current`, and the pile whose next draws are `pile_top` (the other tiles below them)."""
    players = len(gardens)
    box = _TileBox(players)
    data = GAME.new_state(players, options or {}, 0).to_json()
    data["gardens"] = [
        [None if number is None else box.take(number) for number in parse_garden(garden)]
        for garden in gardens
    ]
    data["table"] = [box.take(number) for number in table]
    data["held"] = None if hand is None else box.take(number=hand)
    top = [box.take(number) for number in pile_top]
    data["pile"] = box.rest() + top[::-1]
    data.update(phase="play", current=current, stall=stall, last_move=None)
    return GAME.state_from_json(json.loads(json.dumps(data)))


def numbers(garden_view: Sequence[Any]) -> list[int | None]:
    """The numbers of a garden as a view shows it."""
    return [None if tile is None else tile["number"] for tile in garden_view]


def garden_text(state: State, seat: int) -> str:
    """A seat's garden as the rules file writes it, rows split by '/'."""
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
