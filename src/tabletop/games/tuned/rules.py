"""Tuned's rules as pure functions of a position: which actions a player has (R2 … R7), why
not, the lines that win (R8), and the position key of decision D1.

Move generation works on bare stack codes: the state (`state.py`) feeds it its stack codes,
the kinds left in the mover's supply, whether the mover's Rooster is on MOVE and the
reversal R7 forbids; `legal_table` then pairs each move with the piece that starts it and
its prebuilt action. These functions are the one source of legality: the state's legal
actions, its error messages and the bots' evaluator all come from here.

A move is a tuple `(kind, source, target, k)`: the kind of the lowest animal that goes,
the cell it leaves (`SUPPLY` for an Add), the cell it goes to and how many animals go (1
for an Add).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import numpy as np

from tabletop.engine import Action, ActionId, Seat, Tensor
from tabletop.games.tuned.board import (
    ACCEPTS,
    ADD_ACTIONS,
    CELL_NAMES,
    CELL_OF_NAME,
    CELLS,
    CODE_OF_STACK,
    EMPTY,
    KIND_NAMES,
    KIND_TITLES,
    LINES_THROUGH,
    LOWEST_LIFTED,
    MOVE_ACTIONS,
    NO_KIND,
    PORTION_SIZES,
    REMAINDER,
    STACKS,
    SUPPLY,
    TOP,
    Cell,
    Kind,
    Piece,
    StackCode,
    kind_of,
    parse,
    piece_owner,
)

Move = tuple[Kind, Cell, Cell, int]
Reversal = tuple[Cell, Cell, int]
"""(source, target, k) of the one move R7 forbids now."""
Entry = tuple[Action, Piece, Move]
"""A legal action, the piece where it starts and the rules' move."""
LastMove = tuple[Seat, Piece, Cell, Cell, int]
"""(seat, piece where the moved portion starts, source or `SUPPLY`, target, k)."""

NO_REVERSAL: Final[Reversal] = (SUPPLY, SUPPLY, 0)

MOVE_SPACE: Final = 0
ADD_1_SPACE: Final = 1
ADD_2_SPACE: Final = 2
SPACE_NAMES: Final = ("move", "add-1", "add-2")
"""The Rooster's three spaces (section 2.1), by index; it starts on MOVE (section 2.4)."""

NOBODY: Final = -1
ACTION_LIMIT: Final = 200
"""Decision D2 (package docstring): a game that reaches 200 actions without a line is a draw."""
REPETITIONS_FOR_DRAW: Final = 3
"""Decision D1: the third occurrence of a position is a draw."""

WIN_BY_LINE: Final = "line"
LOSS_NO_ADD: Final = "no_add"
LOSS_NO_ACTION: Final = "no_action"
DRAW_BY_REPETITION: Final = "repetition"
DRAW_BY_LIMIT: Final = "limit"


def may_move(kinds_in_supply: tuple[Kind, ...], rooster_on_move: bool) -> bool:
    """R2, R3: a Rooster on MOVE forbids a second Move in a row, unless the supply is empty."""
    return not kinds_in_supply or not rooster_on_move


def legal_moves(
    codes: list[StackCode], kinds_in_supply: tuple[Kind, ...], rooster_on_move: bool, reversal: Reversal
) -> list[Move]:
    """Every action of the player to move: Adds by kind and cell, then Moves by source and target.

    >>> from tabletop.games.tuned.board import DONKEY, DOG, CAT
    >>> len(legal_moves([EMPTY] * 9, (DONKEY, DOG, CAT), True, NO_REVERSAL))  # 3 kinds on 9 empty cells
    27
    """
    moves: list[Move] = []
    if kinds_in_supply:
        moves = [
            (kind, SUPPLY, cell, 1)
            for kind in kinds_in_supply
            for cell in CELLS
            if ACCEPTS[codes[cell]][kind]
        ]
    if may_move(kinds_in_supply, rooster_on_move):
        moves += board_moves(codes, reversal)
    return moves


def board_moves(codes: list[StackCode], reversal: Reversal) -> list[Move]:
    """R5, R6, R7: every top portion of every stack onto every other cell that accepts its lowest animal."""
    moves: list[Move] = []
    for source in CELLS:
        code = codes[source]
        if code == EMPTY:
            continue
        sizes_to = PORTION_SIZES[code]
        lowest = LOWEST_LIFTED[code]
        for target in CELLS:
            if target != source:
                for k in sizes_to[codes[target]]:
                    if (source, target, k) != reversal:
                        moves.append((lowest[k - 1], source, target, k))
    return moves


def legal_table(
    moves: list[Move], stacks: list[tuple[Piece, ...]], supply: tuple[Piece, ...]
) -> dict[ActionId, Entry]:
    """The actions of `moves` by id, each with the piece that starts it (an Add takes the first copy)."""
    table: dict[ActionId, Entry] = {}
    for move in moves:
        kind, source, target, k = move
        if source == SUPPLY:
            piece = next(piece for piece in supply if kind_of(piece) == kind)
            action = ADD_ACTIONS[piece][target]
        else:
            piece = stacks[source][-k]
            action = MOVE_ACTIONS[piece][source][target][k - 1]
        table[action.id] = (action, piece, move)
    return table


def position_key(
    codes: list[StackCode], reversal: Reversal, must_add: tuple[bool, bool], to_move: Seat
) -> int:
    """A position as one integer for decision D1: stacks, whose turn, who must add, R7's forbidden move.

    The supplies are left out because the count of positions restarts at every Add (D1).
    """
    key = 0
    for code in codes:
        key = key * 8 + code
    source, target, k = reversal
    key = key * 4 + must_add[0] * 2 + must_add[1]
    return (key * 2 + to_move) * 400 + ((source + 1) * 10 + target + 1) * 4 + k


def winning_moves(codes: list[StackCode], moves: list[Move]) -> list[Move]:
    """R8: the moves that leave three same tops on a line through a cell they change.

    A Move puts the source's top animal on top of the target and uncovers, at the
    source, whatever was under the lifted portion; an Add puts its animal on top.

    >>> from tabletop.games.tuned.board import CAT
    >>> codes = [3, 3, EMPTY] + [EMPTY] * 6  # row 1: Cat, Cat, empty
    >>> winning_moves(codes, [(CAT, SUPPLY, 2, 1), (CAT, SUPPLY, 5, 1)])
    [(2, -1, 2, 1)]
    """
    tops = [TOP[code] for code in codes]
    found = []
    for move in moves:
        kind, source, target, k = move
        changed = list(tops)
        if source == SUPPLY:
            changed[target] = kind
        else:
            changed[target] = tops[source]
            changed[source] = TOP[REMAINDER[codes[source]][k - 1]]
            if any(line_winner(changed, line) != NO_KIND for line in LINES_THROUGH[source]):
                found.append(move)
                continue
        if any(line_winner(changed, line) != NO_KIND for line in LINES_THROUGH[target]):
            found.append(move)
    return found


def line_winner(tops: list[Kind], line: tuple[Cell, Cell, Cell]) -> Kind:
    """The kind showing on top of all three cells of a line, or `NO_KIND` (R8: empty cells never count)."""
    first = tops[line[0]]
    if first != NO_KIND and tops[line[1]] == first and tops[line[2]] == first:
        return first
    return NO_KIND


def completed_lines(codes: list[StackCode], cells: tuple[Cell, ...]) -> list[tuple[Cell, Cell, Cell]]:
    """The lines through any of `cells` whose three tops are the same kind (R8).

    Only the lines through the cells an action changed can have become complete: any
    other line was already complete before, which would have ended the game.
    """
    tops = [TOP[code] for code in codes]
    found: list[tuple[Cell, Cell, Cell]] = []
    for cell in cells:
        for line in LINES_THROUGH[cell]:
            if line not in found and line_winner(tops, line) != NO_KIND:
                found.append(line)
    return found


def was_over_before(kinds: list[tuple[Kind, ...]], source: Cell, target: Cell, k: int) -> bool:
    """Was the barn before a Move of k animals from `source` to `target` impossible, or already won (R8)?

    A hand-made position names the opponent's last Move; this says whether it could have been played.
    """
    before = list(kinds)
    before[source] += before[target][-k:]
    before[target] = before[target][:-k]
    if before[source] not in CODE_OF_STACK:
        return True
    return bool(completed_lines([CODE_OF_STACK[stack] for stack in before], (source, target)))


def last_move_on(
    kinds: list[tuple[Kind, ...]], stacks: list[tuple[Piece, ...]], seat: Seat, action_id: ActionId
) -> LastMove:
    """The record of `seat`'s last action in a hand-made position, checked against the barn it left."""
    parsed = parse(action_id)
    if parsed is None:
        raise ValueError(f"{action_id!r} is not a Tuned action")
    kind, source, target = parsed
    stack = kinds[target]
    if kind not in stack or source == target:
        raise ValueError(f"{action_id!r} does not show on the board: no {KIND_TITLES[kind]} in the target")
    k = len(stack) - stack.index(kind)
    if source == SUPPLY and k != 1:
        raise ValueError(f"{action_id!r}: an added animal is on top of its cell")
    if source != SUPPLY and was_over_before(kinds, source, target, k):
        raise ValueError(
            f"{action_id!r}: the barn before it was impossible or had a line (the game was over)"
        )
    return (seat, stacks[target][-k], source, target, k)


def reversal_of(move: Move) -> Reversal:
    """R7: after a Move of k animals from A to B, the opponent may not move the top k of B to A."""
    _, source, target, k = move
    return NO_REVERSAL if source == SUPPLY else (target, source, k)


def why_not(
    codes: list[StackCode],
    kinds_in_supply: tuple[Kind, ...],
    rooster_on_move: bool,
    reversal: Reversal,
    move: Move,
) -> str:
    """In words, the rule a well-formed but illegal move breaks (for `IllegalAction` messages)."""
    kind, source, target, k = move
    title = KIND_TITLES[kind]
    if source == SUPPLY:
        if not kinds_in_supply:
            return "the supply is empty, so every action is a Move (R3)"
        if kind not in kinds_in_supply:
            return f"there is no {title} left in the supply (R4)"
    else:
        if not may_move(kinds_in_supply, rooster_on_move):
            return "the Rooster is on MOVE, so this turn must be an Add (R2)"
        if kind not in STACKS[codes[source]]:
            return f"there is no {title} in {CELL_NAMES[source]} to lift (R5)"
        if source == target:
            return "a Move needs a different destination cell (R5)"
        if (source, target, k) == reversal:
            return "it would invert the opponent's last Move (R7)"
    return f"a {title} may not go onto {_stack_words(codes[target])} in {CELL_NAMES[target]} (section 2.3)"


def _stack_words(code: StackCode) -> str:
    if code == EMPTY:
        return "an empty cell"
    return "the stack " + "-".join(KIND_TITLES[kind] for kind in STACKS[code])


# -- research: the observation tensor --------------------------------------------------------

OBSERVATION_SHAPE: Final = (9 * 3 * 5 + 2 * 8 + 2 * 9 + 1,)
"""The barn, the two seats, the forbidden Move and whose turn (see `observation`)."""


def observation(view: Mapping[str, Any], viewer: Seat | None) -> Tensor:
    """A view as a vector, seen from the viewer (seat 0 for a spectator).

    - the barn, 135 values: for each cell a1…c3 and each level from the floor up (3), the
      animal's kind one-hot (Donkey, Dog, Cat) and its owner (viewer, other);
    - each seat, the viewer's first, 8 values: its supply of each kind, the Rooster's space
      one-hot (MOVE, ADD-1, ADD-2), whether the Rooster is in use and whether it must add;
    - the Move R7 forbids, 18 values: its source cell and its target cell one-hot;
    - 1.0 where the viewer is to move.
    """
    me = viewer or 0
    barn = np.zeros((9, 3, 5), np.float32)
    for cell, entry in enumerate(view["cells"]):
        for level, piece in enumerate(entry["pieces"]):
            barn[cell, level, KIND_NAMES.index(piece["kind"])] = 1
            barn[cell, level, 3 + (piece_owner(piece["id"]) != me)] = 1
    seats = np.zeros((2, 8), np.float32)
    for row, seat in enumerate((me, 1 - me)):
        entry = view["seats"][seat]
        for piece in entry["supply"]:
            seats[row, KIND_NAMES.index(piece["kind"])] += 1
        seats[row, 3 + SPACE_NAMES.index(entry["rooster"])] = 1
        seats[row, 6:8] = entry["rooster_in_use"], entry["must_add"]
    forbidden = np.zeros((2, 9), np.float32)
    if view["forbidden"] is not None:
        forbidden[0, CELL_OF_NAME[view["forbidden"]["from"]]] = 1
        forbidden[1, CELL_OF_NAME[view["forbidden"]["to"]]] = 1
    to_move = np.array([view["to_move"] == me], np.float32)
    return np.concatenate([barn.ravel(), seats.ravel(), forbidden.ravel(), to_move])
