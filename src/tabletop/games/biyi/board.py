"""Biyi's boards as data: size, river, birds and position cards, read from `data/<name>.json`.

The real Biyi board is not public (section 4.1 of docs/rules/biyi.md), so the engine knows
no board: everything about one comes from its file, checked when it is loaded. A square is
an index `y * width + x`; its name is the column letter and the row number counted from 1
at Light's back row ("b2" is x = 1, y = 1), as in the notation.

Light (seat 0, player A of the rules) moves up the rows, Dark (seat 1, player B) down. A
position card lists squares of Light's camp; Dark's tokens stand on its mirror image
across the river (x, height − 1 − y).

>>> board = BOARDS["quick"]
>>> board.width, board.height, board.name_of(board.birds[1]), [board.name_of(s) for s in board.river]
(5, 7, 'c7', ['a4', 'b4', 'c4', 'd4', 'e4'])
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from operator import itemgetter
from typing import Any

import numpy as np

from tabletop.engine import Tensor

Square = int
Step = tuple[Square, int]
"""A neighbouring square and the kind of step to it for one seat: FORWARD, SIDEWAYS or BACKWARD."""

FORWARD, SIDEWAYS, BACKWARD = 0, 1, 2
LIGHT, DARK = 0, 1
BOARD_NAMES = ("tabletop", "quick")
"""The board files shipped in `data/`, the first being the default (table option `board`)."""

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
FIELDS = ("title", "about", "width", "height", "river_rows", "birds", "turn_limit", "cards")
SQUARE_NAME = re.compile(r"([a-z])([1-9][0-9]?)")
MIN_SIDE, MAX_WIDTH, MAX_HEIGHT = 3, 26, 99
MAX_TURN_LIMIT = 10_000


class BoardFileError(ValueError):
    """A board file that cannot describe a Biyi board; the message names the file and the field."""


@dataclass(frozen=True)
class Board:
    """One board: its declared data and the neighbour tables computed from it once.

    `steps[seat][square]` lists every on-board neighbour with the kind of step it is for
    that seat, and `advances[seat][square]` only the forward and sideways ones (climbs,
    descents and jumps, R4, R5 and R10), so move generation only reads tables.
    """

    name: str
    title: str
    about: str
    width: int
    height: int
    river_rows: tuple[int, ...]
    birds: tuple[Square, Square]
    turn_limit: int
    cards: dict[str, tuple[Square, ...]]
    size: int = field(init=False)
    """How many squares the board has."""
    names: tuple[str, ...] = field(init=False)
    steps: tuple[tuple[tuple[Step, ...], ...], ...] = field(init=False)
    advances: tuple[tuple[tuple[Square, ...], ...], ...] = field(init=False)
    neighbours: tuple[tuple[Square, ...], ...] = field(init=False)
    river: tuple[Square, ...] = field(init=False)
    in_river: tuple[bool, ...] = field(init=False)
    river_neighbours: tuple[tuple[Square, ...], ...] = field(init=False)
    """The river squares beside each square: only emptying a square beside an occupied one can break R20."""
    region_bits: tuple[int, ...] = field(init=False)
    """Each square's bit in the river region (0 outside it): the bank row below the river, the
    river rows, then the bank row above, row by row from bit 0. The river spans the board's
    width, so whether R20 holds depends only on which squares of the region are occupied."""
    region_masks: tuple[int, int, int] = field(init=False)
    """The region's bank row below, its river rows and its bank row above, as masks of `region_bits`."""
    region_span: int = field(init=False)
    """How many bits the region takes."""
    river_memo: dict[int, bool] = field(init=False, repr=False, compare=False)
    """R20's answer by the occupied river squares and those linked to the bank (`rules.river_holds`)."""
    pair_ids: tuple[dict[Square, str], ...] = field(init=False)
    """pair_ids[origin][target]: "b2b3", prebuilt for every pair of neighbours (move generation)."""
    alone_ids: tuple[dict[Square, str], ...] = field(init=False)
    """alone_ids[origin][target]: "b2b3/1", the top token alone (R4), prebuilt like `pair_ids`."""
    around: tuple[tuple[Square, ...], ...] = field(init=False)
    """Each square followed by its neighbours: what the movements from it depend on."""
    neighbourhood: tuple[Callable[[Sequence[int]], tuple[int, ...]], ...] = field(
        init=False, repr=False, compare=False
    )
    """For each square, what picks out of a list by square the entries of `around` it (an itemgetter)."""
    memo: tuple[dict[tuple[int, ...], Any], ...] = field(init=False, repr=False, compare=False)
    """Move generation's memory for this board, one dict per square (`rules.movements_from`),
    filled as games are played."""

    bare_moves: dict[str, tuple[Square, Square, bool]] = field(init=False)
    """Every id of a movement without jumps, "b2b3" or "b2b3/1": its origin, target and whether
    the top token goes alone. Applying a plain turn reads its squares here instead of parsing."""

    def __post_init__(self) -> None:
        size = self.width * self.height
        names = tuple(f"{COLUMN_LETTERS[s % self.width]}{s // self.width + 1}" for s in range(size))
        steps = tuple(tuple(self._steps_of(square, seat) for square in range(size)) for seat in (LIGHT, DARK))
        advances = tuple(
            tuple(tuple(to for to, kind in square_steps if kind != BACKWARD) for square_steps in seat_steps)
            for seat_steps in steps
        )
        set_ = object.__setattr__
        set_(self, "size", size)
        set_(self, "names", names)
        set_(self, "steps", steps)
        set_(self, "advances", advances)
        set_(self, "neighbours", tuple(tuple(to for to, _ in square_steps) for square_steps in steps[LIGHT]))
        set_(self, "river", tuple(s for s in range(size) if s // self.width in self.river_rows))
        in_river = tuple(s // self.width in self.river_rows for s in range(size))
        set_(self, "in_river", in_river)
        beside = tuple(tuple(n for n in self.neighbours[s] if in_river[n]) for s in range(size))
        set_(self, "river_neighbours", beside)
        first, last = self.river_rows[0] - 1, self.river_rows[-1] + 1
        region = range(first * self.width, (last + 1) * self.width)
        set_(self, "region_bits", tuple(1 << (s - region.start) if s in region else 0 for s in range(size)))
        row = (1 << self.width) - 1
        rivers = (1 << (self.width * len(self.river_rows))) - 1
        set_(self, "region_masks", (row, rivers << self.width, row << (len(region) - self.width)))
        set_(self, "region_span", len(region))
        set_(self, "river_memo", {})
        pair_ids = tuple({n: names[s] + names[n] for n in self.neighbours[s]} for s in range(size))
        alone_ids = tuple({n: text + "/1" for n, text in pairs.items()} for pairs in pair_ids)
        set_(self, "pair_ids", pair_ids)
        set_(self, "alone_ids", alone_ids)
        bare_moves = {text: (s, n, False) for s in range(size) for n, text in pair_ids[s].items()}
        bare_moves.update((text, (s, n, True)) for s in range(size) for n, text in alone_ids[s].items())
        set_(self, "bare_moves", bare_moves)
        set_(self, "around", tuple((s, *self.neighbours[s]) for s in range(size)))
        set_(self, "neighbourhood", tuple(itemgetter(*hood) for hood in self.around))
        set_(self, "memo", tuple({} for _ in range(size)))

    def _steps_of(self, square: Square, seat: int) -> tuple[Step, ...]:
        x, y = square % self.width, square // self.width
        ahead = 1 if seat == LIGHT else -1
        found: list[Step] = []
        for dx, dy, kind in ((0, ahead, FORWARD), (-1, 0, SIDEWAYS), (1, 0, SIDEWAYS), (0, -ahead, BACKWARD)):
            if 0 <= x + dx < self.width and 0 <= y + dy < self.height:
                found.append(((y + dy) * self.width + x + dx, kind))
        return tuple(found)

    def name_of(self, square: Square) -> str:
        """The square's name in the notation ("b2")."""
        return self.names[square]

    def square_of(self, name: str) -> Square | None:
        """The square named `name` on this board, or None."""
        match = SQUARE_NAME.fullmatch(name)
        if match is None:
            return None
        x, y = COLUMN_LETTERS.index(match.group(1)), int(match.group(2)) - 1
        return y * self.width + x if x < self.width and y < self.height else None

    def mirror(self, square: Square) -> Square:
        """The square across the river: where Dark's token stands for a card's square (section 2.3).

        >>> BOARDS["quick"].name_of(BOARDS["quick"].mirror(BOARDS["quick"].square_of("b2")))
        'b6'
        """
        x, y = square % self.width, square // self.width
        return (self.height - 1 - y) * self.width + x

    def camp_of(self, square: Square) -> int | None:
        """LIGHT below the river, DARK above it, None in the river."""
        row = square // self.width
        if row < self.river_rows[0]:
            return LIGHT
        return DARK if row > self.river_rows[-1] else None


def load_board(name: str) -> Board:
    """The board in `data/<name>.json`, checked field by field; raises `BoardFileError` if bad."""
    text = resources.files(__package__ or "tabletop.games.biyi").joinpath("data", f"{name}.json").read_text()
    return parse_board(name, text)


def parse_board(name: str, text: str) -> Board:
    """A board from the text of its JSON file, or `BoardFileError` naming the first bad field.

    >>> parse_board("bad", '{"title": "Bad", "about": "A test.", "width": 1}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tabletop.games.biyi.board.BoardFileError: board file bad.json: field 'width': must be ... got 1
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BoardFileError(f"board file {name}.json is not JSON: {error}") from None
    checker = _Checker(name)
    if not isinstance(data, dict):
        checker.fail("(top level)", "must be an object", data)
    for key in data:
        if key not in FIELDS:
            checker.fail(key, f"is not a board field (the fields are {', '.join(FIELDS)})", data[key])
    return checker.board(data)


class _Checker:
    """Reads one board file's fields in order, failing on the first bad one with its name."""

    def __init__(self, name: str) -> None:
        self.name = name

    def fail(self, field_name: str, problem: str, got: object) -> None:
        raise BoardFileError(f"board file {self.name}.json: field {field_name!r}: {problem}; got {got!r}")

    def board(self, data: dict[str, Any]) -> Board:
        title, about = self.text(data, "title"), self.text(data, "about")
        width = self.whole(data, "width", MIN_SIDE, MAX_WIDTH)
        height = self.whole(data, "height", MIN_SIDE, MAX_HEIGHT)
        river = self.river(data, height)
        squares = Board("", "", "", width, height, river, (0, 0), 1, {})
        birds = self.birds(data, squares)
        turn_limit = self.whole(data, "turn_limit", 2, MAX_TURN_LIMIT)
        cards = self.cards(data, squares, birds)
        return Board(self.name, title, about, width, height, river, birds, turn_limit, cards)

    def value(self, data: dict[str, Any], key: str) -> Any:
        if key not in data:
            self.fail(key, "is missing", None)
        return data[key]

    def text(self, data: dict[str, Any], key: str) -> str:
        value = self.value(data, key)
        if not isinstance(value, str) or not value.strip():
            self.fail(key, "must be a non-empty string", value)
        return str(value)

    def whole(self, data: dict[str, Any], key: str, low: int, high: int) -> int:
        value = self.value(data, key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(key, f"must be a whole number from {low} to {high}", value)
        return int(value)

    def river(self, data: dict[str, Any], height: int) -> tuple[int, ...]:
        """Row numbers (from 1), consecutive, not touching either back row, symmetric about the middle."""
        rows = self.value(data, "river_rows")
        if not isinstance(rows, list) or not rows or not all(type(r) is int for r in rows):
            self.fail("river_rows", "must be a non-empty list of row numbers", rows)
        ordered = sorted(rows)
        if ordered != list(range(ordered[0], ordered[0] + len(ordered))):
            self.fail("river_rows", "must be consecutive rows", rows)
        if ordered[0] < 2 or ordered[-1] > height - 1:
            self.fail("river_rows", f"must lie between the back rows 1 and {height}", rows)
        if ordered[0] - 1 != height - ordered[-1]:
            self.fail("river_rows", "must leave camps of equal depth on both sides", rows)
        return tuple(row - 1 for row in ordered)

    def square(self, key: str, name: object, board: Board) -> Square:
        square = board.square_of(name) if isinstance(name, str) else None
        if square is None:
            self.fail(key, f"must name a square of the {board.width} × {board.height} board", name)
        assert square is not None
        return square

    def birds(self, data: dict[str, Any], board: Board) -> tuple[Square, Square]:
        """Light's bird in Light's camp, Dark's in Dark's."""
        names = self.value(data, "birds")
        if not isinstance(names, list) or len(names) != 2:
            self.fail("birds", "must list two squares, Light's bird then Dark's", names)
        light, dark = (self.square(f"birds[{i}]", name, board) for i, name in enumerate(names))
        for index, (square, camp) in enumerate(((light, LIGHT), (dark, DARK))):
            if board.camp_of(square) != camp:
                self.fail(f"birds[{index}]", f"must be in {('Light', 'Dark')[camp]}'s camp", names[index])
        return light, dark

    def cards(
        self, data: dict[str, Any], board: Board, birds: tuple[Square, Square]
    ) -> dict[str, tuple[Square, ...]]:
        """Every card: distinct squares of Light's camp, off both birds (mirror included), same count."""
        cards = self.value(data, "cards")
        if not isinstance(cards, dict) or not cards:
            self.fail("cards", "must map card names to lists of squares", cards)
        found: dict[str, tuple[Square, ...]] = {}
        for card, names in cards.items():
            key = f"cards.{card}"
            if not isinstance(names, list) or not names:
                self.fail(key, "must be a non-empty list of squares", names)
            squares = tuple(self.square(key, name, board) for name in names)
            if len(set(squares)) != len(squares):
                self.fail(key, "must not name a square twice", names)
            for square in squares:
                if board.camp_of(square) != LIGHT or square == birds[LIGHT] or board.mirror(square) in birds:
                    self.fail(key, "must name squares of Light's camp off the birds", board.name_of(square))
            found[card] = squares
        counts = {len(squares) for squares in found.values()}
        if len(counts) > 1:
            self.fail("cards", "must all hold the same number of tokens", sorted(counts))
        return found


def move_id(board: Board, origin: Square, target: Square, alone: bool, landings: tuple[Square, ...]) -> str:
    """A turn in the notation: origin and target, "/1" for the top token alone, "-" and each jump.

    >>> quick = BOARDS["quick"]
    >>> move_id(quick, 6, 11, False, ()), move_id(quick, 6, 11, True, (16, 17))
    ('b2b3', 'b2b3/1-b4-c4')
    """
    names = board.names
    text = names[origin] + names[target] + ("/1" if alone else "")
    return text + "".join("-" + names[square] for square in landings)


MOVE_ID = re.compile(r"([a-z][1-9][0-9]?)([a-z][1-9][0-9]?)(/1)?((?:-[a-z][1-9][0-9]?)*)")
"""The shape of every action id (`move_id`); anything else is not a Biyi action at all."""


BOARDS: dict[str, Board] = {name: load_board(name) for name in BOARD_NAMES}
"""Every shipped board by name, loaded and checked once at import."""


# -- research: the action space and the observation tensor ----------------------------------


def action_space(board: Board) -> tuple[str, ...]:
    """Every id ever legal on `board`: each movement of either player, bare and with its jumps.

    For Light and then Dark: each origin off the birds (a token never stands on one), each
    neighbour off the mover's own bird (R7) — bare ("b2b3"), then the top token alone
    where the step is forward or sideways ("b2b3/1", R4) — each followed by every chain of
    jumps (R10, R11): forward or sideways steps to squares the chain has not visited, off
    the mover's bird, ending on the opponent's bird if it gets there (R30), and at most
    `longest_chain` long. Ids both players share come once, at their first place.

    >>> space = action_space(BOARDS["quick"])
    >>> len(space), space[:3]
    (888, ('a1a2', 'a1a2-a3', 'a1a2-b2'))
    """
    found: dict[str, None] = {}
    for seat in (LIGHT, DARK):
        for origin in range(board.size):
            if origin in board.birds:
                continue
            for target in board.neighbours[origin]:
                if target == board.birds[seat]:
                    continue
                for alone in (False, True) if target in board.advances[seat][origin] else (False,):
                    for landings in _chains(board, seat, (target,)):
                        found[move_id(board, origin, target, alone, landings[1:])] = None
    return tuple(found)


def longest_chain(board: Board) -> int:
    """The most jumps one turn can hold: k jumps need 3k + 1 of the mover's tokens (R10, R11).

    The movement's target holds four of them; each later take-off square held three before
    the jumper landed, and a chain visits each square once, so 3k + 1 ≤ the tokens a side.
    """
    tokens = len(next(iter(board.cards.values())))
    return (tokens - 1) // 3


def _chains(board: Board, seat: int, visited: tuple[Square, ...]) -> list[tuple[Square, ...]]:
    """`visited` and every way to extend it by jumps (depth first, in `advances` order)."""
    found = [visited]
    if len(visited) > longest_chain(board) or visited[-1] == board.birds[1 - seat]:
        return found
    for landing in board.advances[seat][visited[-1]]:
        if landing not in visited and landing != board.birds[seat]:
            found += _chains(board, seat, (*visited, landing))
    return found


def observation_shape(board: Board) -> tuple[int, ...]:
    """Two planes per level of the tallest column, two for the birds, one for the river, and five numbers."""
    return ((2 * tallest(board) + 3) * board.size + 5,)


def tallest(board: Board) -> int:
    """The tallest a column can be: every token of both players."""
    return 2 * len(next(iter(board.cards.values())))


def observation(view: Mapping[str, Any], viewer: int | None) -> Tensor:
    """A view as a vector, seen from the viewer (Light for a spectator).

    Planes over the squares in index order (a1, b1, …): for each level from the bottom up
    to `tallest`, one plane for the viewer's tokens and one for the other player's; the
    viewer's bird, the other's bird, the river. Then: 1.0 where the viewer is to move, the
    viewer and the other player in dragon trouble (R25), the turns played and the limit.
    """
    board = BOARDS[view["board"]["name"]]
    me = LIGHT if viewer is None else viewer
    colour = ("light", "dark")[me]
    levels = tallest(board)
    planes = np.zeros((2 * levels + 3, board.size), np.float32)
    for stack in view["stacks"]:
        square = board.square_of(stack["square"])
        for level, owner in enumerate(stack["owners"]):
            planes[2 * level + (owner != colour), square] = 1
    planes[2 * levels, board.birds[me]] = 1
    planes[2 * levels + 1, board.birds[1 - me]] = 1
    planes[2 * levels + 2, list(board.river)] = 1
    trouble = view["dragon_trouble"]
    numbers = [view["to_move"] == me, trouble[me], trouble[1 - me], view["turn"], view["turn_limit"]]
    return np.concatenate([planes.ravel(), np.array(numbers, np.float32)])
